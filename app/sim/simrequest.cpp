// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simrequest.h"

#include "sim/responsestore.h"
#include "sim/simprompt.h"

#include <QJsonArray>
#include <algorithm>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringList>
#include <cmath>
#include <utility>

namespace TokenScope {

namespace {

// TokenScope's own default max_tokens (docs/methodology.md#1-fix-everything-but-one-variable), also when a
// client omits it.
constexpr int DefaultMaxTokens = 256;

// A message's content as text: a string, or an array of parts whose text parts count, joined
// with "\n" (a whitespace, so the words are the parts' words).
QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QStringList texts;
    const QJsonArray parts = content.toArray();
    for (const QJsonValue &part : parts) {
        if (part.isString())
            texts.append(part.toString());
        else if (part.toObject().value(QLatin1String("text")).isString())
            texts.append(part.toObject().value(QLatin1String("text")).toString());
    }
    return texts.join(u'\n');
}

void appendMessages(const QJsonArray &messages, QList<SimPromptMessage> *out)
{
    for (const QJsonValue &value : messages) {
        const QJsonObject message = value.toObject();
        out->append({message.value(QLatin1String("role")).toString(QStringLiteral("user")),
                     contentText(message.value(QLatin1String("content"))),
                     {}});
    }
}

// A legacy prompt is a string, an array of strings, or token ids (which count one each): one message.
SimPromptMessage promptMessage(const QJsonValue &prompt)
{
    SimPromptMessage message {QStringLiteral("user"), {}, {}};
    if (prompt.isString()) {
        message.text = prompt.toString();
        return message;
    }
    QStringList texts;
    const QJsonArray items = prompt.toArray();
    for (const QJsonValue &item : items) {
        if (item.isString()) {
            texts.append(item.toString());
        } else if (item.isDouble()) {
            message.tokenIds.append(static_cast<qint64>(item.toDouble()));
        } else if (item.isArray()) {
            const QJsonArray ids = item.toArray();
            for (const QJsonValue &id : ids)
                message.tokenIds.append(static_cast<qint64>(id.toDouble()));
        }
    }
    message.text = texts.join(u'\n');
    return message;
}

// Anthropic's system prompt and Responses' instructions: one more message, first, when present.
void appendSystem(const QJsonValue &system, QList<SimPromptMessage> *out)
{
    if (system.isString() || system.isArray())
        out->append({QStringLiteral("system"), contentText(system), {}});
}

// The messages of a request, as the prompt rule reads them. False + message when the API's
// required field is missing.
bool promptMessagesOf(SimApi api, const QJsonObject &object, QList<SimPromptMessage> *messages, QString *error)
{
    switch (api) {
    case SimApi::Chat:
    case SimApi::AnthropicMessages: {
        const QJsonValue list = object.value(QLatin1String("messages"));
        if (!list.isArray()) {
            *error = api == SimApi::Chat ? QStringLiteral("'messages' is a required property")
                                         : QStringLiteral("messages: Field required");
            return false;
        }
        // Anthropic's system prompt is a field of its own: a string or an array of text blocks.
        if (api == SimApi::AnthropicMessages)
            appendSystem(object.value(QLatin1String("system")), messages);
        appendMessages(list.toArray(), messages);
        return true;
    }
    case SimApi::Responses: {
        const QJsonValue input = object.value(QLatin1String("input"));
        if (!input.isString() && !input.isArray()) {
            *error = QStringLiteral("Missing required parameter: 'input'.");
            return false;
        }
        appendSystem(object.value(QLatin1String("instructions")), messages);
        // input is a string (one user message) or a list of items whose content is a string or parts.
        if (input.isString())
            messages->append({QStringLiteral("user"), input.toString(), {}});
        else
            appendMessages(input.toArray(), messages);
        return true;
    }
    case SimApi::Completions:
        messages->append(promptMessage(object.value(QLatin1String("prompt"))));
        return true;
    }
    return false;
}

QString joinedText(const QList<SimPromptMessage> &messages)
{
    QStringList texts;
    texts.reserve(messages.size());
    for (const SimPromptMessage &message : messages)
        texts.append(message.text);
    return texts.join(u'\n');
}

// How OpenAI names a JSON value's type in its "Invalid type for …" errors.
QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return value.toDouble() == std::floor(value.toDouble()) ? QStringLiteral("an integer")
                                                                 : QStringLiteral("a decimal");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    default:
        return QStringLiteral("null");
    }
}

// vLLM's sampling extensions on the OpenAI routes: ignore_eos (a boolean) and min_tokens (an
// integer of at least 0). Rejected in OpenAI's words when of the wrong type or range.
bool readStopControls(const QJsonObject &object, SimRequest *request, QString *error)
{
    const QJsonValue ignoreEos = object.value(QLatin1String("ignore_eos"));
    if (!ignoreEos.isUndefined() && !ignoreEos.isNull()) {
        if (!ignoreEos.isBool()) {
            *error = QStringLiteral("Invalid type for 'ignore_eos': expected a boolean, but got %1 instead.")
                         .arg(jsonTypeName(ignoreEos));
            return false;
        }
        request->ignoreEos = ignoreEos.toBool();
    }
    const QJsonValue minTokens = object.value(QLatin1String("min_tokens"));
    if (!minTokens.isUndefined() && !minTokens.isNull()) {
        const double value = minTokens.toDouble(-1);
        if (!minTokens.isDouble() || value != std::floor(value)) {
            *error = QStringLiteral("Invalid type for 'min_tokens': expected an integer, but got %1 instead.")
                         .arg(jsonTypeName(minTokens));
            return false;
        }
        if (value < 0) {
            *error = QStringLiteral("Invalid 'min_tokens': integer below minimum value. Expected a value >= 0, but "
                                    "got %1 instead.")
                         .arg(value);
            return false;
        }
        request->minTokens = static_cast<int>(qMin(value, 1e9));
    }
    return true;
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

// Responses' server-side state: previous_response_id puts the stored conversation ahead of `input`,
// and `store` (true unless false) keeps this one for the next turn.
bool continueStoredResponse(const QJsonObject &object, const ResponseStore *stored, QList<SimPromptMessage> *messages,
    SimRequest *request, QString *error)
{
    const QJsonValue previous = object.value(QLatin1String("previous_response_id"));
    if (!previous.isUndefined() && !previous.isNull()) {
        const std::optional<QList<SimPromptMessage>> earlier
            = stored && previous.isString() ? stored->find(previous.toString()) : std::nullopt;
        if (!earlier) {
            *error = QStringLiteral("Previous response with id '%1' not found.").arg(previous.toString().left(200));
            return false;
        }
        *messages = *earlier + *messages;
    }
    request->store = object.value(QLatin1String("store")).toBool(true);
    if (request->store)
        request->conversation = *messages;
    return true;
}

} // namespace

bool parseSimRequest(SimApi api, const QByteArray &body, SimRequest *request, QString *error, bool keepPromptText,
    const ResponseStore *stored)
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

    QList<SimPromptMessage> messages;
    if (!promptMessagesOf(api, object, &messages, error))
        return false;
    if (api == SimApi::Responses && !continueStoredResponse(object, stored, &messages, request, error))
        return false;
    request->holdsAnswer = std::any_of(messages.cbegin(), messages.cend(),
        [](const SimPromptMessage &m) { return m.role == u"assistant"; });
    SimPrompt prompt = simPromptTokens(messages);
    request->promptTokens = prompt.tokens;
    request->messages = prompt.messages;
    request->blockHashes = std::move(prompt.blockHashes);
    if (keepPromptText)
        request->promptText = joinedText(messages);
    if (!readMaxTokens(api, object, request, error))
        return false;
    if ((api == SimApi::Chat || api == SimApi::Completions) && !readStopControls(object, request, error))
        return false;

    request->stream = object.value(QLatin1String("stream")).toBool(false);
    const QJsonObject streamOptions = object.value(QLatin1String("stream_options")).toObject();
    request->includeUsage = streamOptions.value(QLatin1String("include_usage")).toBool(false);
    request->continuousUsage = streamOptions.value(QLatin1String("continuous_usage_stats")).toBool(false);
    return true;
}

int simOutputTokens(const SimRequest &request, int configuredOutputTokens)
{
    if (request.ignoreEos)
        return request.maxTokens;
    const int natural = configuredOutputTokens > 0 ? configuredOutputTokens : request.maxTokens;
    return qMin(qMax(natural, request.minTokens), request.maxTokens);
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
