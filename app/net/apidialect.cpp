// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "apidialect.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

namespace TokenScope {

namespace {

// The extra body goes on top: its top-level keys replace TokenScope's own.
QByteArray withExtraBody(QJsonObject obj, const RunConfig &config)
{
    for (auto it = config.extraBody.begin(); it != config.extraBody.end(); ++it)
        obj.insert(it.key(), it.value());
    return QJsonDocument(obj).toJson(QJsonDocument::Compact);
}

int maxTokensOf(const RunConfig &config, const Prompt &prompt)
{
    return prompt.maxTokens > 0 ? prompt.maxTokens : config.maxTokens;
}

// Forcing the output length (docs/methodology.md#forcing-the-output-length): vLLM's and SGLang's
// ignore_eos, vLLM's min_tokens (set to the request's max_tokens, so the answer is exactly that long).
void insertOutputForcing(QJsonObject &obj, const RunConfig &config, const Prompt &prompt)
{
    if (config.workload.ignoreEos)
        obj.insert(QStringLiteral("ignore_eos"), true);
    if (config.workload.minTokens)
        obj.insert(QStringLiteral("min_tokens"), maxTokensOf(config, prompt));
}

QJsonArray userMessage(const QString &prompt)
{
    const QJsonObject message { { QStringLiteral("role"), QStringLiteral("user") },
        { QStringLiteral("content"), prompt } };
    return QJsonArray { message };
}

// The conversation as sent: a dataset's messages as they are, else the text as one user turn.
QJsonArray messagesOf(const Prompt &prompt)
{
    return prompt.messages.isEmpty() ? userMessage(prompt.text) : prompt.messages;
}

// include_usage, and vLLM's and SGLang's usage on every chunk when asked
// (docs/metrics.md#per-token-itl-from-per-chunk-usage).
QJsonObject streamOptions(const RunConfig &config)
{
    QJsonObject options { { QStringLiteral("include_usage"), true } };
    if (config.perChunkUsage)
        options.insert(QStringLiteral("continuous_usage_stats"), true);
    return options;
}

// The fields OpenAI's chat and completions bodies share; `input` adds the prompt.
QByteArray openAiBody(const RunConfig &config, const Prompt &prompt, const std::function<void(QJsonObject &)> &input)
{
    QJsonObject obj {
        { QStringLiteral("model"), config.model },
        { QStringLiteral("stream"), true },
        { QStringLiteral("temperature"), config.temperature },
        { QStringLiteral("max_tokens"), maxTokensOf(config, prompt) },
    };
    input(obj);
    insertOutputForcing(obj, config, prompt);
    if (config.includeUsage)
        obj.insert(QStringLiteral("stream_options"), streamOptions(config));
    return withExtraBody(obj, config);
}

QByteArray chatBody(const RunConfig &config, const Prompt &prompt)
{
    return openAiBody(config, prompt,
        [&prompt](QJsonObject &obj) { obj.insert(QStringLiteral("messages"), messagesOf(prompt)); });
}

// A conversation has no place in a completions prompt: its text (a dataset's last user turn) goes.
QByteArray completionsBody(const RunConfig &config, const Prompt &prompt)
{
    return openAiBody(config, prompt, [&prompt](QJsonObject &obj) { obj.insert(QStringLiteral("prompt"), prompt.text); });
}

// Anthropic Messages. `system` is a top-level field there, not a message, and is sent only when
// there is one: a conversation's system turns go there. Usage always streams (message_start,
// message_delta): no option asks for it. `thinking` and the like come through the extra body.
QByteArray anthropicBody(const RunConfig &config, const Prompt &prompt)
{
    QStringList system;
    QJsonArray turns;
    for (const QJsonValue &message : messagesOf(prompt)) {
        if (message.toObject().value(QLatin1String("role")).toString() == u"system")
            system.append(message.toObject().value(QLatin1String("content")).toString());
        else
            turns.append(message);
    }
    QJsonObject obj {
        { QStringLiteral("model"), config.model },
        { QStringLiteral("messages"), turns },
        { QStringLiteral("max_tokens"), maxTokensOf(config, prompt) },
        { QStringLiteral("temperature"), config.temperature },
        { QStringLiteral("stream"), true },
    };
    if (!system.isEmpty())
        obj.insert(QStringLiteral("system"), system.join(QStringLiteral("\n\n")));
    insertOutputForcing(obj, config, prompt);
    return withExtraBody(obj, config);
}

// OpenAI Responses: the prompt is `input` (a string, or a conversation's messages), the output
// limit `max_output_tokens`; usage always comes with response.completed.
QByteArray responsesBody(const RunConfig &config, const Prompt &prompt)
{
    QJsonObject obj {
        { QStringLiteral("model"), config.model },
        { QStringLiteral("input"), prompt.messages.isEmpty() ? QJsonValue(prompt.text) : QJsonValue(prompt.messages) },
        { QStringLiteral("max_output_tokens"), maxTokensOf(config, prompt) },
        { QStringLiteral("temperature"), config.temperature },
        { QStringLiteral("stream"), true },
    };
    insertOutputForcing(obj, config, prompt);
    return withExtraBody(obj, config);
}

QList<RequestHeader> bearer(const QString &apiKey)
{
    if (apiKey.isEmpty())
        return {};
    return { { QByteArrayLiteral("Authorization"), "Bearer " + apiKey.toUtf8(), true } };
}

QList<RequestHeader> anthropicKey(const QString &apiKey)
{
    if (apiKey.isEmpty())
        return {};
    return { { QByteArrayLiteral("x-api-key"), apiKey.toUtf8(), true } };
}

const QString kOpenAiKeyVariable = QStringLiteral("OPENAI_API_KEY");
const QString kIncludeUsage = QStringLiteral("stream_options.include_usage");

const ApiDialect kChat {
    .kind = ApiKind::ChatCompletions,
    .pathSuffix = QStringLiteral("/chat/completions"),
    .streamFormat = StreamFormat::OpenAi,
    .usageOption = kIncludeUsage,
    .endMarker = QByteArrayLiteral("[DONE]"),
    .finishSignal = QStringLiteral("finish_reason"),
    .body = chatBody,
    .authHeaders = bearer,
    .apiHeaders = {},
    .measuredBodyKeys = { QStringLiteral("messages"), QStringLiteral("model"), QStringLiteral("stream_options") },
    .keyVariable = kOpenAiKeyVariable,
};

const ApiDialect kCompletions {
    .kind = ApiKind::Completions,
    .pathSuffix = QStringLiteral("/completions"),
    .streamFormat = StreamFormat::OpenAi,
    .usageOption = kIncludeUsage,
    .endMarker = QByteArrayLiteral("[DONE]"),
    .finishSignal = QStringLiteral("finish_reason"),
    .body = completionsBody,
    .authHeaders = bearer,
    .apiHeaders = {},
    .measuredBodyKeys = { QStringLiteral("model"), QStringLiteral("prompt"), QStringLiteral("stream_options") },
    .keyVariable = kOpenAiKeyVariable,
};

const ApiDialect kAnthropic {
    .kind = ApiKind::AnthropicMessages,
    .pathSuffix = QStringLiteral("/v1/messages"),
    .streamFormat = StreamFormat::Anthropic,
    .usageOption = {},
    .endMarker = {},
    .finishSignal = QStringLiteral("message_stop"),
    .body = anthropicBody,
    .authHeaders = anthropicKey,
    .apiHeaders = { { QByteArrayLiteral("anthropic-version"), QByteArrayLiteral("2023-06-01") } },
    .measuredBodyKeys = { QStringLiteral("messages"), QStringLiteral("model") },
    .keyVariable = QStringLiteral("ANTHROPIC_API_KEY"),
};

const ApiDialect kResponses {
    .kind = ApiKind::Responses,
    .pathSuffix = QStringLiteral("/responses"),
    .streamFormat = StreamFormat::Responses,
    .usageOption = {},
    .endMarker = {},
    .finishSignal = QStringLiteral("response.completed"),
    .body = responsesBody,
    .authHeaders = bearer,
    .apiHeaders = {},
    .measuredBodyKeys = { QStringLiteral("input"), QStringLiteral("model") },
    .keyVariable = kOpenAiKeyVariable,
};

} // namespace

const ApiDialect &apiDialect(ApiKind kind)
{
    switch (kind) {
    case ApiKind::Completions:
        return kCompletions;
    case ApiKind::AnthropicMessages:
        return kAnthropic;
    case ApiKind::Responses:
        return kResponses;
    case ApiKind::ChatCompletions:
        break;
    }
    return kChat;
}

QList<const ApiDialect *> apiDialects()
{
    return { &kChat, &kCompletions, &kAnthropic, &kResponses };
}

} // namespace TokenScope
