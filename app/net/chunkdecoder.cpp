// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/chunkdecoder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

namespace TokenScope {

namespace {

// Length in QChars of a JSON string; 0 for null, absent or any other type.
int textLength(const QJsonValue &value)
{
    return value.isString() ? int(value.toString().size()) : 0;
}

// Visible text: its length, and the text appended to `info->content`.
int contentLength(const QJsonValue &value, ChunkInfo *info)
{
    if (!value.isString())
        return 0;
    const QString text = value.toString();
    info->content += text;
    return int(text.size());
}

// A token count, or -1 when absent, null or not an integer.
int tokenCount(const QJsonValue &value)
{
    return value.toInt(-1);
}

QString stringOf(const QJsonValue &value)
{
    return value.isString() ? value.toString() : QString();
}

// The server's words from an error value: `{"error":{"message":...}}`, `{"error":"..."}`,
// Responses' `{"type":"error","message":...}`. Falls back to the error JSON itself so that the
// user sees something rather than an empty message.
QString errorMessageOf(const QJsonObject &root)
{
    const QJsonValue error = root.value(QLatin1String("error"));
    if (error.isObject()) {
        const QJsonObject obj = error.toObject();
        QString message = stringOf(obj.value(QLatin1String("message")));
        if (message.isEmpty()) {
            // OpenRouter puts the upstream provider's words in metadata.raw.
            message = stringOf(obj.value(QLatin1String("metadata")).toObject().value(QLatin1String("raw")));
        }
        if (!message.isEmpty())
            return message;
        return QString::fromUtf8(QJsonDocument(obj).toJson(QJsonDocument::Compact));
    }
    if (error.isString() && !error.toString().isEmpty())
        return error.toString();
    const QString message = stringOf(root.value(QLatin1String("message")));
    if (!message.isEmpty())
        return message;
    return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Compact));
}

// `"error": null` (or an empty string) is not an error.
bool carriesError(const QJsonObject &root)
{
    const QJsonValue error = root.value(QLatin1String("error"));
    return error.isObject() || (error.isString() && !error.toString().isEmpty());
}

// `usage.<details>.cached_tokens` (OpenAI's prompt_tokens_details, Responses' input_tokens_details).
int cachedTokensIn(const QJsonObject &usage, const char *details)
{
    return tokenCount(usage.value(QLatin1String(details)).toObject().value(QLatin1String("cached_tokens")));
}

// OpenAI-style usage object: prompt_tokens / completion_tokens. `usage: null` means absent.
void readOpenAiUsage(const QJsonValue &usage, ChunkInfo *info)
{
    if (!usage.isObject())
        return;
    const QJsonObject obj = usage.toObject();
    info->completionTokens = tokenCount(obj.value(QLatin1String("completion_tokens")));
    info->promptTokens = tokenCount(obj.value(QLatin1String("prompt_tokens")));
    info->cachedTokens = cachedTokensIn(obj, "prompt_tokens_details");
    if (info->cachedTokens < 0) // DeepSeek's own name
        info->cachedTokens = tokenCount(obj.value(QLatin1String("prompt_cache_hit_tokens")));
}

// A choice's or candidate's finish reason: a non-empty string ("stop", "length", "tool_calls").
bool hasFinishReason(const QJsonObject &obj, const char *key)
{
    return !stringOf(obj.value(QLatin1String(key))).isEmpty();
}

// chat.completion.chunk, text_completion and what vLLM, SGLang, DeepSeek, OpenRouter, Groq, Azure
// and the HF router send under those names.
void decodeOpenAi(const QJsonObject &root, ChunkInfo *info)
{
    info->kind = ChunkInfo::Kind::Data;
    info->responseId = stringOf(root.value(QLatin1String("id")));

    const QJsonValue choicesValue = root.value(QLatin1String("choices"));
    if (choicesValue.isArray()) {
        const QJsonArray choices = choicesValue.toArray();
        info->emptyChoices = choices.isEmpty();
        for (const QJsonValue &choiceValue : choices) {
            const QJsonObject choice = choiceValue.toObject();
            info->finishes = info->finishes || hasFinishReason(choice, "finish_reason");
            // Legacy /v1/completions: the text sits on the choice itself.
            info->contentChars += contentLength(choice.value(QLatin1String("text")), info);
            const QJsonObject delta = choice.value(QLatin1String("delta")).toObject();
            if (delta.isEmpty())
                continue;
            // A refusal is visible model output, streamed token by token like content.
            info->contentChars += contentLength(delta.value(QLatin1String("content")), info)
                + contentLength(delta.value(QLatin1String("refusal")), info);
            // Some servers send the same reasoning text under both names: count it once.
            // `role`, `tool_calls` and `function_call` fragments are not text.
            const int reasoningContent = textLength(delta.value(QLatin1String("reasoning_content")));
            info->reasoningChars
                += reasoningContent > 0 ? reasoningContent : textLength(delta.value(QLatin1String("reasoning")));
        }
    }

    readOpenAiUsage(root.value(QLatin1String("usage")), info);
    if (info->completionTokens < 0 && info->promptTokens < 0) {
        // Groq reports usage inside its x_groq extension on the last chunk.
        readOpenAiUsage(root.value(QLatin1String("x_groq")).toObject().value(QLatin1String("usage")), info);
    }
}

// OpenAI Responses API: every event has `type: "response.…"`.
void decodeResponses(const QString &type, const QJsonObject &root, ChunkInfo *info)
{
    info->kind = ChunkInfo::Kind::Data;
    const QJsonObject response = root.value(QLatin1String("response")).toObject();
    info->responseId = stringOf(response.value(QLatin1String("id")));

    if (type == u"response.output_text.delta" || type == u"response.refusal.delta") {
        info->contentChars = contentLength(root.value(QLatin1String("delta")), info);
    } else if (type.startsWith(u"response.reasoning") && type.endsWith(u".delta")) {
        // response.reasoning_text.delta, response.reasoning_summary_text.delta and older names.
        info->reasoningChars = textLength(root.value(QLatin1String("delta")));
    } else if (type == u"response.completed" || type == u"response.incomplete") {
        // `incomplete` is the end of a stream cut by max_output_tokens: still a normal end.
        info->kind = ChunkInfo::Kind::Done;
        info->finishes = true;
    } else if (type == u"response.failed") {
        info->kind = ChunkInfo::Kind::StreamError;
        info->errorMessage = errorMessageOf(response);
    }

    const QJsonValue usageValue = response.value(QLatin1String("usage"));
    if (usageValue.isObject()) {
        const QJsonObject usage = usageValue.toObject();
        info->completionTokens = tokenCount(usage.value(QLatin1String("output_tokens")));
        info->promptTokens = tokenCount(usage.value(QLatin1String("input_tokens")));
        info->cachedTokens = cachedTokensIn(usage, "input_tokens_details");
    }
}

// Anthropic's usage counts prompt tokens read from its cache apart from input_tokens.
int anthropicCachedTokens(const QJsonObject &usage)
{
    return tokenCount(usage.value(QLatin1String("cache_read_input_tokens")));
}

// The whole prompt as Anthropic counts it: input_tokens leaves out what was read from the cache
// and what was written to it, so the three add up to what OpenAI's prompt_tokens would say.
int anthropicPromptTokens(const QJsonObject &usage)
{
    const int input = tokenCount(usage.value(QLatin1String("input_tokens")));
    if (input < 0)
        return input;
    const int read = anthropicCachedTokens(usage);
    const int written = tokenCount(usage.value(QLatin1String("cache_creation_input_tokens")));
    return input + std::max(0, read) + std::max(0, written);
}

// `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`: the message and,
// since it says whether a retry may help, the error's type.
QString anthropicErrorMessage(const QJsonObject &root)
{
    const QString message = errorMessageOf(root);
    const QString type = stringOf(root.value(QLatin1String("error")).toObject().value(QLatin1String("type")));
    return type.isEmpty() || message.contains(type) ? message : QStringLiteral("%1 (%2)").arg(message, type);
}

// Anthropic Messages: message_start, content_block_*, message_delta, message_stop, ping.
void decodeAnthropic(const QString &type, const QJsonObject &root, ChunkInfo *info)
{
    info->kind = ChunkInfo::Kind::Data;
    if (type == u"message_start") {
        const QJsonObject message = root.value(QLatin1String("message")).toObject();
        info->responseId = stringOf(message.value(QLatin1String("id")));
        // Its usage.output_tokens is a placeholder (1) before anything was generated: only the
        // input count is real here.
        const QJsonObject usage = message.value(QLatin1String("usage")).toObject();
        info->promptTokens = anthropicPromptTokens(usage);
        info->cachedTokens = anthropicCachedTokens(usage);
    } else if (type == u"content_block_delta") {
        const QJsonObject delta = root.value(QLatin1String("delta")).toObject();
        const QString deltaType = stringOf(delta.value(QLatin1String("type")));
        if (deltaType == u"text_delta")
            info->contentChars = contentLength(delta.value(QLatin1String("text")), info);
        else if (deltaType == u"thinking_delta")
            info->reasoningChars = textLength(delta.value(QLatin1String("thinking")));
        // input_json_delta (tool arguments) and signature_delta are not text.
    } else if (type == u"message_delta") {
        // Cumulative output count for the whole message.
        const QJsonObject usage = root.value(QLatin1String("usage")).toObject();
        info->completionTokens = tokenCount(usage.value(QLatin1String("output_tokens")));
        info->promptTokens = anthropicPromptTokens(usage);
        info->cachedTokens = anthropicCachedTokens(usage);
    } else if (type == u"message_stop") {
        info->kind = ChunkInfo::Kind::Done;
        info->finishes = true;
    } else if (type == u"ping") {
        info->kind = ChunkInfo::Kind::Ignored;
    }
}

// Gemini's native streamGenerateContent?alt=sse.
void decodeGemini(const QJsonObject &root, ChunkInfo *info)
{
    info->kind = ChunkInfo::Kind::Data;
    info->responseId = stringOf(root.value(QLatin1String("responseId")));
    const QJsonArray candidates = root.value(QLatin1String("candidates")).toArray();
    for (const QJsonValue &candidate : candidates) {
        info->finishes = info->finishes || hasFinishReason(candidate.toObject(), "finishReason");
        const QJsonArray parts
            = candidate.toObject().value(QLatin1String("content")).toObject().value(QLatin1String("parts")).toArray();
        for (const QJsonValue &partValue : parts) {
            const QJsonObject part = partValue.toObject();
            if (part.value(QLatin1String("thought")).toBool())
                info->reasoningChars += textLength(part.value(QLatin1String("text")));
            else
                info->contentChars += contentLength(part.value(QLatin1String("text")), info);
        }
    }
    const QJsonObject usage = root.value(QLatin1String("usageMetadata")).toObject();
    // Cumulative on every event. candidatesTokenCount excludes thoughtsTokenCount.
    info->completionTokens = tokenCount(usage.value(QLatin1String("candidatesTokenCount")));
    info->promptTokens = tokenCount(usage.value(QLatin1String("promptTokenCount")));
}

} // namespace

ChunkInfo decodeChunk(const SseEvent &event, StreamFormat format)
{
    ChunkInfo info;
    const QByteArray data = event.data.trimmed();
    const bool namedError = event.event == QByteArrayView("error");

    if (data == QByteArrayView("[DONE]")) {
        info.kind = ChunkInfo::Kind::Done;
        info.endMarker = true;
        return info;
    }
    if (event.event == QByteArrayView("ping") || (data.isEmpty() && !namedError)) {
        // Keep-alives: Anthropic's ping, or an event with empty data.
        info.kind = ChunkInfo::Kind::Ignored;
        return info;
    }

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        if (namedError) {
            // `event: error` with a plain-text body: the text is the server's message.
            info.kind = ChunkInfo::Kind::StreamError;
            info.errorMessage = QString::fromUtf8(data);
            return info;
        }
        info.kind = ChunkInfo::Kind::Malformed;
        if (parseError.error != QJsonParseError::NoError)
            info.errorMessage = QStringLiteral("%1 at offset %2").arg(parseError.errorString()).arg(parseError.offset);
        else
            info.errorMessage = QStringLiteral("expected a JSON object, got %1")
                                    .arg(doc.isArray() ? QStringLiteral("an array") : QStringLiteral("a scalar"));
        return info;
    }

    const QJsonObject root = doc.object();
    const QString type = stringOf(root.value(QLatin1String("type")));

    switch (format) {
    case StreamFormat::OpenAi:
        decodeOpenAi(root, &info);
        break;
    case StreamFormat::Responses:
        decodeResponses(type, root, &info);
        break;
    case StreamFormat::Anthropic:
        decodeAnthropic(type, root, &info);
        break;
    case StreamFormat::Gemini:
        decodeGemini(root, &info);
        break;
    }

    if (namedError || type == u"error" || carriesError(root)) {
        // An error inside the stream (often with HTTP 200). Its id and usage stay reported (OpenRouter
        // sends usage with it); any text alongside an error is not counted as output.
        info.kind = ChunkInfo::Kind::StreamError;
        info.errorMessage = format == StreamFormat::Anthropic ? anthropicErrorMessage(root) : errorMessageOf(root);
        info.finishes = false; // an error ends the stream but does not complete the answer
        info.contentChars = 0;
        info.content.clear();
        info.reasoningChars = 0;
    }
    return info;
}

} // namespace TokenScope
