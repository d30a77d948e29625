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

// One text block that ends a cache prefix: Anthropic caches everything up to and including it.
QJsonArray cachedBlock(const QString &text)
{
    return { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), text },
        { QStringLiteral("cache_control"),
            QJsonObject { { QStringLiteral("type"), QStringLiteral("ephemeral") } } } } };
}

// A conversation's breakpoints as Claude Code sets them (docs/methodology.md#conversations): the
// last two user messages, so a turn reads the prefix the previous turn wrote and writes its own.
void markCachePrefix(QJsonArray *turns)
{
    int marked = 0;
    for (qsizetype i = turns->size() - 1; i >= 0 && marked < 2; --i) {
        QJsonObject message = turns->at(i).toObject();
        if (message.value(QLatin1String("role")).toString() != u"user")
            continue;
        message.insert(QStringLiteral("content"), cachedBlock(message.value(QLatin1String("content")).toString()));
        turns->replace(i, message);
        ++marked;
    }
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
    const bool cacheControl = config.conversation.isOn() && config.conversation.cacheControl;
    if (cacheControl)
        markCachePrefix(&turns);
    QJsonObject obj {
        { QStringLiteral("model"), config.model },
        { QStringLiteral("messages"), turns },
        { QStringLiteral("max_tokens"), maxTokensOf(config, prompt) },
        { QStringLiteral("temperature"), config.temperature },
        { QStringLiteral("stream"), true },
    };
    if (!system.isEmpty()) {
        const QString text = system.join(QStringLiteral("\n\n"));
        obj.insert(QStringLiteral("system"), cacheControl ? QJsonValue(cachedBlock(text)) : QJsonValue(text));
    }
    insertOutputForcing(obj, config, prompt);
    return withExtraBody(obj, config);
}

// OpenAI Responses: the prompt is `input` (a string, or a conversation's messages), the output
// limit `max_output_tokens`; usage always comes with response.completed. A conversation is either
// stateless (the history resent, `store: false`, as coding agents send it) or chained (each turn
// names the previous response, which the server must have stored).
QByteArray responsesBody(const RunConfig &config, const Prompt &prompt)
{
    QJsonObject obj {
        { QStringLiteral("model"), config.model },
        { QStringLiteral("input"), prompt.messages.isEmpty() ? QJsonValue(prompt.text) : QJsonValue(prompt.messages) },
        { QStringLiteral("max_output_tokens"), maxTokensOf(config, prompt) },
        { QStringLiteral("temperature"), config.temperature },
        { QStringLiteral("stream"), true },
    };
    if (config.conversation.isOn())
        obj.insert(QStringLiteral("store"), config.conversation.chainResponses);
    if (!prompt.previousResponseId.isEmpty())
        obj.insert(QStringLiteral("previous_response_id"), prompt.previousResponseId);
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
