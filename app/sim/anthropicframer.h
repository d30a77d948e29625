// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/streamframer.h"

namespace TokenScope {

/// Anthropic Messages streams, event by event as the API sends them (tests/data/sse/anthropic-*.sse):
/// `message_start` (input usage, output_tokens 1), per content block `content_block_start`,
/// `content_block_delta`s and `content_block_stop`, one `ping` after the first block's start, then
/// `message_delta` (stop_reason, cumulative output_tokens) and `message_stop`; no [DONE]. Reasoning
/// tokens form a thinking block first (`thinking_delta`s, then one `signature_delta`), the rest a
/// text block. Not thread-safe.
class AnthropicFramer final : public StreamFramer
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
    void openBlock(SimWrite &out, TextKind kind);
    void closeBlock(SimWrite &out);
    QByteArray usage(int outputTokens) const;
    QByteArray signature() const;

    QByteArray m_id;
    QString m_model;
    QByteArray m_modelJson; // the model as a JSON string literal
    int m_promptTokens = 1;
    int m_cachedTokens = 0; // of m_promptTokens
    int m_blockIndex = -1; // the open (or last) content block; -1 before the first
    bool m_blockOpen = false;
    TextKind m_blockKind = TextKind::Content;
    QByteArray m_event; // scratch for the event being composed; keeps its capacity
};

} // namespace TokenScope
