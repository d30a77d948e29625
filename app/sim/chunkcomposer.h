// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simrequest.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace TokenScope {

/// Builds the bytes of one simulated chat or legacy completions response (ChatFramer drives it):
/// each SSE event (`data: {...}\n\n`) framed as its own HTTP/1.1 chunk, or the non-streaming JSON
/// body. The JSON prefix shared by every chunk of a response is rendered once in begin(); the
/// scratch buffer keeps its capacity, so composing a chunk does not allocate once warmed up.
/// Not thread-safe; one per connection.
class ChunkComposer
{
public:
    enum class TextKind { Content, Reasoning };

    void begin(SimApi api, const QByteArray &responseId, const QString &model, qint64 createdSecs);
    /// vLLM's continuous usage: the role, text and finish chunks carry the running usage
    /// (prompt_tokens, completion_tokens so far, total_tokens). Call after begin().
    void setContinuousUsage(bool on, int promptTokens);

    // Each appends one whole HTTP chunk carrying one SSE event to out.
    void appendRoleChunk(QByteArray &out);
    void appendTextChunk(QByteArray &out, TextKind kind, int firstToken, int tokenCount);
    void appendFinishChunk(QByteArray &out, QByteArrayView finishReason);
    /// usage with prompt_tokens_details.cached_tokens always (0 without a cache hit).
    void appendUsageChunk(QByteArray &out, int promptTokens, int cachedTokens, int completionTokens,
                          int reasoningTokens);
    void appendEmptyChoicesChunk(QByteArray &out);
    void appendMalformedChunk(QByteArray &out); ///< `data: {"id": broken`: JSON that cannot parse
    void appendDoneChunk(QByteArray &out); ///< `data: [DONE]`

    /// The whole chat.completion / text_completion object of a non-streaming answer.
    QByteArray completeBody(int promptTokens, int cachedTokens, int reasoningTokens, int contentTokens,
                            QByteArrayView finishReason, bool emptyChoices) const;

    /// The text of output token number index: a short word (with its leading space).
    static QByteArrayView tokenText(int index);

private:
    void startEvent();
    void appendTokens(int firstToken, int tokenCount);
    void appendNumber(qint64 value);
    void frameEvent(QByteArray &out);
    void closeChunk(); ///< `]`, the running usage when continuous, `}`: the end of a choices chunk

    SimApi m_api = SimApi::Chat;
    QByteArray m_id;
    QString m_model;
    qint64 m_createdSecs = 0;
    QByteArray m_head; // `data: {"id":...,"object":...,"created":...,"model":...,` shared by every chunk
    QByteArray m_event; // scratch for the event being composed
    int m_continuousPromptTokens = -1; // -1: no usage on every chunk
    int m_completionTokens = 0; // output tokens sent so far
};

} // namespace TokenScope
