// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <limits>

namespace TokenScope {

namespace {

// TokenScope's own default max_tokens (docs/methodology.md#1-fix-everything-but-one-variable), also when a
// client omits it.
constexpr int DefaultMaxTokens = 256;
constexpr int CharsPerToken = 4;

// Characters of a message's content: a string, or an array of parts whose text parts count.
qsizetype contentChars(const QJsonValue &content)
{
    if (content.isString())
        return content.toString().size();
    qsizetype chars = 0;
    const QJsonArray parts = content.toArray();
    for (const QJsonValue &part : parts) {
        if (part.isString())
            chars += part.toString().size();
        else
            chars += part.toObject().value(QLatin1String("text")).toString().size();
    }
    return chars;
}

qsizetype messagesChars(const QJsonArray &messages)
{
    qsizetype chars = 0;
    for (const QJsonValue &message : messages)
        chars += contentChars(message.toObject().value(QLatin1String("content")));
    return chars;
}

// A legacy prompt is a string, an array of strings, or token ids (which count one each).
qsizetype promptChars(const QJsonValue &prompt)
{
    if (prompt.isString())
        return prompt.toString().size();
    qsizetype chars = 0;
    const QJsonArray items = prompt.toArray();
    for (const QJsonValue &item : items) {
        if (item.isString())
            chars += item.toString().size();
        else if (item.isDouble())
            chars += CharsPerToken;
        else if (item.isArray())
            chars += CharsPerToken * item.toArray().size();
    }
    return chars;
}

int tokensFromChars(qsizetype chars)
{
    return static_cast<int>(qBound(qsizetype(1), chars / CharsPerToken, qsizetype(std::numeric_limits<int>::max())));
}

// The prompt of a request: what the model reads, in characters (the messages' contents, plus a
// system prompt or instructions). False + message when the API's required field is missing.
bool promptCharsOf(SimApi api, const QJsonObject &object, qsizetype *chars, QString *error)
{
    switch (api) {
    case SimApi::Chat:
    case SimApi::AnthropicMessages: {
        const QJsonValue messages = object.value(QLatin1String("messages"));
        if (!messages.isArray()) {
            *error = api == SimApi::Chat ? QStringLiteral("'messages' is a required property")
                                         : QStringLiteral("messages: Field required");
            return false;
        }
        // Anthropic's system prompt is a field of its own: a string or an array of text blocks.
        *chars = messagesChars(messages.toArray()) + contentChars(object.value(QLatin1String("system")));
        return true;
    }
    case SimApi::Responses: {
        const QJsonValue input = object.value(QLatin1String("input"));
        if (!input.isString() && !input.isArray()) {
            *error = QStringLiteral("Missing required parameter: 'input'.");
            return false;
        }
        // input is a string or a list of messages (items) whose content is a string or parts.
        const qsizetype inputChars = input.isString() ? input.toString().size() : messagesChars(input.toArray());
        *chars = inputChars + object.value(QLatin1String("instructions")).toString().size();
        return true;
    }
    case SimApi::Completions:
        *chars = promptChars(object.value(QLatin1String("prompt")));
        return true;
    }
    return false;
}

// The output limit's field: max_tokens (chat also max_completion_tokens), Responses' max_output_tokens.
QJsonValue maxTokensOf(SimApi api, const QJsonObject &object)
{
    if (api == SimApi::Responses)
        return object.value(QLatin1String("max_output_tokens"));
    QJsonValue maxTokens = object.value(QLatin1String("max_tokens"));
    if (api != SimApi::AnthropicMessages && (maxTokens.isUndefined() || maxTokens.isNull()))
        maxTokens = object.value(QLatin1String("max_completion_tokens"));
    return maxTokens;
}

bool readMaxTokens(SimApi api, const QJsonObject &object, SimRequest *request, QString *error)
{
    const QJsonValue maxTokens = maxTokensOf(api, object);
    if (maxTokens.isUndefined() || maxTokens.isNull()) {
        if (api == SimApi::AnthropicMessages) { // required there
            *error = QStringLiteral("max_tokens: Field required");
            return false;
        }
        request->maxTokens = DefaultMaxTokens;
        request->maxTokensGiven = false;
        return true;
    }
    if (!maxTokens.isDouble() || maxTokens.toDouble() < 1 || maxTokens.toDouble() > 1e9) {
        switch (api) {
        case SimApi::AnthropicMessages:
            *error = QStringLiteral("max_tokens: Input should be greater than or equal to 1");
            break;
        case SimApi::Responses:
            *error = QStringLiteral("Invalid 'max_output_tokens': expected an integer of at least 1.");
            break;
        default:
            *error = QStringLiteral("max_tokens must be an integer of at least 1");
        }
        return false;
    }
    request->maxTokens = static_cast<int>(maxTokens.toDouble());
    request->maxTokensGiven = true;
    return true;
}

} // namespace

bool parseSimRequest(SimApi api, const QByteArray &body, SimRequest *request, QString *error)
{
    QJsonParseError parseError {};
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = api == SimApi::AnthropicMessages
            ? QStringLiteral("The request body is not valid JSON.")
            : QStringLiteral("We could not parse the JSON body of your request. (HINT: This likely means you "
                             "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)");
        return false;
    }
    const QJsonObject object = document.object();
    request->api = api;
    request->model = object.value(QLatin1String("model")).toString();

    qsizetype chars = 0;
    if (!promptCharsOf(api, object, &chars, error))
        return false;
    request->promptTokens = tokensFromChars(chars);
    if (!readMaxTokens(api, object, request, error))
        return false;

    request->stream = object.value(QLatin1String("stream")).toBool(false);
    request->includeUsage = object.value(QLatin1String("stream_options"))
                                .toObject()
                                .value(QLatin1String("include_usage"))
                                .toBool(false);
    return true;
}

QByteArray openAiErrorBody(const QString &message, const QString &type, const QJsonValue &code)
{
    const QJsonObject error {
        {QStringLiteral("message"), message},
        {QStringLiteral("type"), type},
        {QStringLiteral("param"), QJsonValue::Null},
        {QStringLiteral("code"), code},
    };
    return QJsonDocument(QJsonObject {{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

QByteArray anthropicErrorBody(const QString &type, const QString &message)
{
    const QJsonObject error {{QStringLiteral("type"), type}, {QStringLiteral("message"), message}};
    const QJsonObject body {{QStringLiteral("type"), QStringLiteral("error")}, {QStringLiteral("error"), error}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QString anthropicErrorType(int status)
{
    switch (status) {
    case 400:
        return QStringLiteral("invalid_request_error");
    case 401:
        return QStringLiteral("authentication_error");
    case 403:
        return QStringLiteral("permission_error");
    case 404:
        return QStringLiteral("not_found_error");
    case 413:
        return QStringLiteral("request_too_large");
    case 429:
        return QStringLiteral("rate_limit_error");
    case 529:
        return QStringLiteral("overloaded_error");
    default:
        return QStringLiteral("api_error");
    }
}

} // namespace TokenScope
