// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/sseparser.h"

#include <QString>

namespace TokenScope {

/// Which family of streams the events come from; the request's API dialect says (apiDialect()).
enum class StreamFormat {
    OpenAi, ///< chat.completion.chunk, legacy text_completion, vLLM/SGLang variants
    Responses, ///< OpenAI Responses API events (`response.*`)
    Anthropic, ///< Anthropic Messages events
    Gemini, ///< Gemini's native streamGenerateContent
};

/// What one SSE event means for measurement. Pure function; thread-safe.
struct ChunkInfo {
    enum class Kind {
        Data, ///< a JSON chunk (may or may not carry text)
        Done, ///< `data: [DONE]`, Responses `response.completed`, Anthropic `message_stop`
        Ignored, ///< keep-alive, ping, non-data event that means nothing for timing
        StreamError, ///< an error object sent inside the stream
        Malformed, ///< data that is not valid JSON
    };
    Kind kind = Kind::Ignored;
    QString responseId; ///< chunk `id` (Responses: response.id; Anthropic: message.id)
    int contentChars = 0; ///< characters (QChar) of visible text (`content`, `text`, output_text, `refusal`)
    QString content; ///< that visible text (what a conversation's next turn sends back as the answer)
    int reasoningChars = 0; ///< characters of `reasoning_content` / `reasoning` / thinking
    bool emptyChoices = false; ///< `choices: []` (usage-only final chunk, or a broken gateway)
    /// From usage, when this event carries usage (`usage: null` is absent). Cumulative where a
    /// server repeats it (vLLM continuous usage, Gemini, Anthropic message_delta): keep the last.
    /// Gemini: candidatesTokenCount, which excludes thoughtsTokenCount.
    int completionTokens = -1;
    int promptTokens = -1;
    /// Prompt tokens served from the provider's cache: `prompt_tokens_details.cached_tokens` or
    /// DeepSeek's `prompt_cache_hit_tokens`, Anthropic `cache_read_input_tokens`, Responses
    /// `input_tokens_details.cached_tokens`; -1 when absent.
    int cachedTokens = -1;
    /// The API's finish signal: a choice's `finish_reason`, Anthropic `message_stop`, Responses
    /// `response.completed` (or `.incomplete`), Gemini `finishReason`. A stream whose body ends
    /// after it is complete, whether or not `[DONE]` follows.
    bool finishes = false;
    bool endMarker = false; ///< `data: [DONE]` itself
    QString errorMessage; ///< StreamError: the server's message; Malformed: the JSON parser's

    bool hasText() const { return contentChars > 0 || reasoningChars > 0; }
};

/// Decodes `event` as the `format` its request's API speaks: a chunk is never read as another
/// API's (an OpenAI usage chunk with a `type` field stays an OpenAI chunk).
ChunkInfo decodeChunk(const SseEvent &event, StreamFormat format);

} // namespace TokenScope
