// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/streamframer.h"

#include <QJsonObject>

namespace TokenScope {

/// OpenAI Responses streams, shaped like tests/data/sse/openai-responses-text-obfuscation.sse:
/// `response.created`, `response.in_progress`, per output item `response.output_item.added`, its
/// part's `.added`, the deltas, the part's and text's `.done`, `response.output_item.done`; then
/// `response.completed` with usage (`response.incomplete` when the request's max_output_tokens cut
/// it short). Every event names itself in an `event:` line and carries a `sequence_number` from 0;
/// no [DONE]. Reasoning tokens come first as a reasoning item's summary
/// (`response.reasoning_summary_text.delta`), the rest as a message's `response.output_text.delta`.
/// Not thread-safe.
class ResponsesFramer final : public StreamFramer
{
public:
    void begin(const StreamStart &start) override;
    void appendOpening(SimWrite &out) override;
    void appendText(SimWrite &out, TextKind kind, int firstToken, int tokenCount) override;
    void appendTextless(SimWrite &out, TextKind kind) override;
    void appendMalformed(SimWrite &out) override;
    void appendError(SimWrite &out) override;
    void appendClosing(SimWrite &out, const StreamEnd &end) override;
    QByteArray completeBody(const StreamEnd &end) const override;

private:
    void appendDelta(SimWrite &out, TextKind kind, QByteArrayView text, int tokens);
    void appendJsonEvent(SimWrite &out, QJsonObject event);
    void openItem(SimWrite &out, TextKind kind);
    void closeItem(SimWrite &out);
    QJsonObject itemFields(TextKind kind) const; ///< "item_id" and "output_index" of the open item
    QJsonObject reasoningItem(const QString &text, bool done) const;
    QJsonObject messageItem(const QString &text, bool done) const;
    QJsonObject response(const QString &status, const StreamEnd *end) const;

    QByteArray m_id;
    QByteArray m_reasoningItemId; // rs_<the response id's suffix>
    QByteArray m_messageItemId; // msg_<the same suffix>
    QString m_model;
    qint64 m_createdSecs = 0;
    int m_promptTokens = 1;
    int m_maxTokens = 256;
    bool m_maxTokensGiven = false;
    int m_sequence = 0;
    int m_outputIndex = -1; // of the open (or last) output item
    bool m_itemOpen = false;
    TextKind m_itemKind = TextKind::Content;
    int m_reasoningSent = 0; // reasoning tokens streamed so far (tokens 0 .. m_reasoningSent)
    int m_contentFirst = 0; // the first content token
    int m_contentSent = 0;
    bool m_textless = false; // the empty_choices fault: the deltas carried nothing
    QByteArray m_event; // scratch for a delta event; keeps its capacity
};

} // namespace TokenScope
