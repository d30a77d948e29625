// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace TokenScope {

/// How a run replays a timestamped trace (LoadMode::Trace, docs/methodology.md#trace-replay): the
/// file, and how its timeline is scaled and cut. Plain value type, part of RunConfig.
struct TraceReplay
{
    QString path; ///< a mooncake or timed JSONL file (its contents never reach an export; its digest does)
    double speedup = 1; ///< the trace's gaps are divided by this (2: twice as fast)
    double maxGapS = 0; ///< > 0: an idle gap between two requests is cut to this long (before the speed-up)
    int start = 0; ///< the first entry replayed, counted from 0 in timestamp order
    int limit = 0; ///< > 0: at most this many entries are replayed
    /// Tokens per `hash_ids` block (mooncake's traces use 512): equal ids give equal text.
    int blockTokens = 512;
    /// A nonce of the run's own ahead of every prompt, so a replay cannot hit what an earlier run
    /// of the same trace left in the server's prefix cache.
    bool cacheBust = false;

    static constexpr int kMinBlockTokens = 16;
    static constexpr int kMaxBlockTokens = 65536;

    QJsonObject toJson() const;
    static TraceReplay fromJson(const QJsonObject &json);
};

} // namespace TokenScope
