// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simprompt.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

namespace TokenScope {

class ResponseStore;

/// Which API a generation request came in on: OpenAI chat and legacy completions, Anthropic
/// Messages (`/v1/messages`) or OpenAI Responses (`/v1/responses`).
enum class SimApi { Chat, Completions, AnthropicMessages, Responses };

/// The fields of a request body that shape the simulated answer.
struct SimRequest {
    SimApi api = SimApi::Chat;
    QString model; ///< as the client sent it (empty = the first served model)
    int promptTokens = 1; ///< the simulator's own count (simPromptTokens, docs/simulator.md#prompt-tokens)
    int messages = 1; ///< messages counted (an Anthropic system prompt, Responses instructions included)
    bool holdsAnswer = false; ///< an assistant message is among them: a conversation's later turn
    QList<quint64> blockHashes; ///< the prompt's 16-token blocks for the prefix cache (SimPrompt::blockHashes)
    QString promptText; ///< every message's text joined with "\n"; only when parsing was asked to keep it
    int maxTokens = 256; ///< max_tokens (or max_completion_tokens, max_output_tokens); 256 when absent
    bool maxTokensGiven = false; ///< the body named the limit (Responses reports hitting it only then)
    bool ignoreEos = false; ///< chat and completions: generate until max_tokens (vLLM's extension)
    int minTokens = 0; ///< chat and completions: no natural stop before this many tokens (vLLM's)
    bool stream = false;
    bool includeUsage = false; ///< stream_options.include_usage
    bool continuousUsage = false; ///< stream_options.continuous_usage_stats (vLLM, SGLang)
    /// Responses: the answer is stored for a later previous_response_id (`store`, true unless false)
    /// with the conversation it continues: the stored one named by previous_response_id, then input.
    bool store = false;
    QList<SimPromptMessage> conversation; ///< Responses with `store` only
};

/// Parses a request body. On failure returns false and that API's message for a 400. With
/// keepPromptText the prompt's text is kept in request->promptText (for the request log).
/// A Responses body's previous_response_id is looked up in `stored` (none given: every id is unknown);
/// an unknown one fails as OpenAI's does.
bool parseSimRequest(SimApi api, const QByteArray &body, SimRequest *request, QString *error,
    bool keepPromptText = false, const ResponseStore *stored = nullptr);

/// The answer's length in tokens: the natural length (configuredOutputTokens when above 0, else
/// max_tokens) raised to min_tokens, all of max_tokens with ignore_eos, never above max_tokens.
int simOutputTokens(const SimRequest &request, int configuredOutputTokens);

/// `{"error":{"message":...,"type":...,"param":null,"code":...}}`, as OpenAI answers errors.
QByteArray openAiErrorBody(const QString &message, const QString &type, const QJsonValue &code);

/// `{"type":"error","error":{"type":...,"message":...}}`, as Anthropic answers errors (and sends
/// them as `event: error` inside a stream).
QByteArray anthropicErrorBody(const QString &type, const QString &message);

/// Anthropic's error type for an HTTP status: 400 invalid_request_error, 401 authentication_error,
/// 403 permission_error, 404 not_found_error, 413 request_too_large, 429 rate_limit_error,
/// 529 overloaded_error, anything else api_error.
QString anthropicErrorType(int status);

} // namespace TokenScope
