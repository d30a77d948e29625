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

} // namespace

bool parseSimRequest(SimApi api, const QByteArray &body, SimRequest *request, QString *error)
{
    QJsonParseError parseError {};
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = QStringLiteral("We could not parse the JSON body of your request. (HINT: This likely means you "
                                "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload.)");
        return false;
    }
    const QJsonObject object = document.object();
    request->api = api;
    request->model = object.value(QLatin1String("model")).toString();

    if (api == SimApi::Chat) {
        const QJsonValue messages = object.value(QLatin1String("messages"));
        if (!messages.isArray()) {
            *error = QStringLiteral("'messages' is a required property");
            return false;
        }
        request->promptTokens = tokensFromChars(messagesChars(messages.toArray()));
    } else {
        request->promptTokens = tokensFromChars(promptChars(object.value(QLatin1String("prompt"))));
    }

    QJsonValue maxTokens = object.value(QLatin1String("max_tokens"));
    if (maxTokens.isUndefined() || maxTokens.isNull())
        maxTokens = object.value(QLatin1String("max_completion_tokens"));
    if (maxTokens.isUndefined() || maxTokens.isNull()) {
        request->maxTokens = DefaultMaxTokens;
    } else if (!maxTokens.isDouble() || maxTokens.toDouble() < 1 || maxTokens.toDouble() > 1e9) {
        *error = QStringLiteral("max_tokens must be an integer of at least 1");
        return false;
    } else {
        request->maxTokens = static_cast<int>(maxTokens.toDouble());
    }

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

} // namespace TokenScope
