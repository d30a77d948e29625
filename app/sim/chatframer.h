// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/chunkcomposer.h"
#include "sim/streamframer.h"

namespace TokenScope {

/// OpenAI chat completions and legacy completions streams: `data:` chunks without event names,
/// finish and usage chunks, then `data: [DONE]`. Renders through ChunkComposer, which keeps the
/// per-token path free of allocations. Not thread-safe.
class ChatFramer final : public StreamFramer
{
public:
    explicit ChatFramer(SimApi api = SimApi::Chat);

    void begin(const StreamStart &start) override;
    void appendOpening(SimWrite &out) override;
    void appendText(SimWrite &out, TextKind kind, int firstToken, int tokenCount) override;
    void appendTextless(SimWrite &out, TextKind kind) override;
    void appendMalformed(SimWrite &out) override;
    void appendError(SimWrite &out) override;
    void appendClosing(SimWrite &out, const StreamEnd &end) override;
    QByteArray completeBody(const StreamEnd &end) const override;

private:
    const SimApi m_api;
    ChunkComposer m_composer;
    bool m_roleChunk = true;
};

} // namespace TokenScope
