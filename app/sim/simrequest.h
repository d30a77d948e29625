// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>

namespace TokenScope {

/// Which OpenAI endpoint a generation request came in on.
enum class SimApi { Chat, Completions };

/// The fields of an OpenAI request body that shape the simulated answer.
struct SimRequest {
    SimApi api = SimApi::Chat;
    QString model; ///< as the client sent it (empty = the first served model)
    int promptTokens = 1; ///< characters of the prompt / messages' contents / 4, at least 1
    int maxTokens = 256; ///< max_tokens (or max_completion_tokens); 256 when absent
    bool stream = false;
    bool includeUsage = false; ///< stream_options.include_usage
};

/// Parses a request body. On failure returns false and an OpenAI-style message for a 400.
bool parseSimRequest(SimApi api, const QByteArray &body, SimRequest *request, QString *error);

/// `{"error":{"message":...,"type":...,"param":null,"code":...}}`, as OpenAI answers errors.
QByteArray openAiErrorBody(const QString &message, const QString &type, const QJsonValue &code);

} // namespace TokenScope
