// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace TokenScope {

/// Which API a generation request came in on: OpenAI chat and legacy completions, Anthropic
/// Messages (`/v1/messages`) or OpenAI Responses (`/v1/responses`).
enum class SimApi { Chat, Completions, AnthropicMessages, Responses };

/// The fields of a request body that shape the simulated answer.
struct SimRequest {
    SimApi api = SimApi::Chat;
    QString model; ///< as the client sent it (empty = the first served model)
    int promptTokens = 1; ///< characters of the prompt / messages' contents (+ system, instructions) / 4, at least 1
    int maxTokens = 256; ///< max_tokens (or max_completion_tokens, max_output_tokens); 256 when absent
    bool maxTokensGiven = false; ///< the body named the limit (Responses reports hitting it only then)
    bool stream = false;
    bool includeUsage = false; ///< stream_options.include_usage
};

/// Parses a request body. On failure returns false and that API's message for a 400.
bool parseSimRequest(SimApi api, const QByteArray &body, SimRequest *request, QString *error);

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
