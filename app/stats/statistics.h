// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"

#include <QList>
#include <vector>

/// Pure functions over plain containers (SPEC §3). Thread-safe: no state.
namespace TokenScope::Stats {

/// Percentile p (0..100) of an ascending-sorted sample, linear interpolation between closest
/// ranks (numpy's default). 0 for an empty sample.
double percentile(const std::vector<double> &sorted, double p);

/// mean, population std (numpy's default ddof=0), min, max, p50/p90/p95/p99.
Distribution summarize(std::vector<double> values);

// Per-request metrics, in milliseconds; -1 when not defined for this record.
double ttftMs(const RequestRecord &r);
double ttftFromSentMs(const RequestRecord &r); ///< ttft - request sent (no client connection setup)
double tpotMs(const RequestRecord &r); ///< (e2e - ttft) / (output_tokens - 1), output_tokens >= 2
std::vector<double> itlMs(const RequestRecord &r); ///< gaps between successive text-bearing chunks
double tps(const RequestRecord &r); ///< output_tokens / e2e seconds

/// One level's summary over `measured` (warm-ups must already be left out). TPOT and ITL use only
/// completed requests with at least `minTokensForTpot` output tokens; the rest are counted in
/// shortOutputExcluded.
LevelSummary summarizeLevel(const QList<RequestRecord> &measured, int concurrency, int minTokensForTpot);

} // namespace TokenScope::Stats
