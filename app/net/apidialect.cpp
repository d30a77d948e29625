// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "apidialect.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

namespace TokenScope {

namespace {

// The fields OpenAI's chat and completions bodies share; `input` adds the prompt.
QByteArray openAiBody(const RunConfig &config, const std::function<void(QJsonObject &)> &input)
{
    QJsonObject obj {
        { QStringLiteral("model"), config.model },
        { QStringLiteral("stream"), true },
        { QStringLiteral("temperature"), config.temperature },
        { QStringLiteral("max_tokens"), config.maxTokens },
    };
    input(obj);
    if (config.includeUsage)
        obj.insert(QStringLiteral("stream_options"), QJsonObject { { QStringLiteral("include_usage"), true } });
    for (auto it = config.extraBody.begin(); it != config.extraBody.end(); ++it)
        obj.insert(it.key(), it.value());
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

QByteArray chatBody(const RunConfig &config, const QString &prompt)
{
    return openAiBody(config, [&prompt](QJsonObject &obj) {
        const QJsonObject message { { QStringLiteral("role"), QStringLiteral("user") },
            { QStringLiteral("content"), prompt } };
        obj.insert(QStringLiteral("messages"), QJsonArray { message });
    });
}

QByteArray completionsBody(const RunConfig &config, const QString &prompt)
{
    return openAiBody(config, [&prompt](QJsonObject &obj) { obj.insert(QStringLiteral("prompt"), prompt); });
}

QList<RequestHeader> bearer(const QString &apiKey)
{
    if (apiKey.isEmpty())
        return {};
    return { { QByteArrayLiteral("Authorization"), "Bearer " + apiKey.toUtf8(), true } };
}

const ApiDialect kChat {
    ApiKind::ChatCompletions, QStringLiteral("/chat/completions"), StreamFormat::OpenAi,
    QStringLiteral("stream_options.include_usage"), QByteArrayLiteral("[DONE]"), chatBody, bearer,
};

const ApiDialect kCompletions {
    ApiKind::Completions, QStringLiteral("/completions"), StreamFormat::OpenAi,
    QStringLiteral("stream_options.include_usage"), QByteArrayLiteral("[DONE]"), completionsBody, bearer,
};

} // namespace

const ApiDialect &apiDialect(ApiKind kind)
{
    switch (kind) {
    case ApiKind::Completions:
        return kCompletions;
    case ApiKind::ChatCompletions:
        break;
    }
    return kChat;
}

QList<const ApiDialect *> apiDialects()
{
    return { &kChat, &kCompletions };
}

} // namespace TokenScope
