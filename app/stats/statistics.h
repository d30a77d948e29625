// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"
#include "core/runconfig.h"

#include <QList>
#include <QString>
#include <vector>

/// The per-request metrics (docs/metrics.md#3-derived-per-request-metrics) and the per-level
/// statistics (docs/metrics.md#6-per-level-statistics-summaryjson). Pure functions over plain
/// containers. Thread-safe: no state.
namespace TokenScope::Stats {

/// Percentile p (0..100) of an ascending-sorted sample, linear interpolation between closest
/// ranks (numpy's default). 0 for an empty sample.
double percentile(const std::vector<double> &sorted, double p);

/// mean, population std (numpy's default ddof=0), min, max, p50/p90/p95/p99; no intervals
/// (summarizeLevel adds those to the request latencies, docs/metrics.md#confidence-intervals).
Distribution summarize(std::vector<double> values);

/// A value that stands for `weight` equal samples (per-token ITL: a chunk's gap share, once per token).
struct WeightedSample
{
    double value = 0;
    int weight = 1;
};
/// summarize() of the sample in which each value appears `weight` times, without expanding it: a
/// chunk may claim millions of tokens. Weights below 1 are left out.
Distribution summarizeWeighted(std::vector<WeightedSample> samples);

// Per-request metrics, in milliseconds; -1 when not defined for this record.
double ttftMs(const RequestRecord &r);
double ttftFromSentMs(const RequestRecord &r); ///< ttft - request sent (no client connection setup)
double tpotMs(const RequestRecord &r); ///< (e2e - ttft) / (output_tokens - 1), output_tokens >= 2
std::vector<double> itlMs(const RequestRecord &r); ///< gaps between successive text-bearing chunks
/// Per-token ITL (docs/metrics.md#per-token-itl-from-per-chunk-usage): each text chunk after the first
/// that brought k > 0 tokens gives its gap since the previous such chunk / k, weighted k. Empty
/// without per-chunk token counts (RequestRecord::hasChunkTokens()).
std::vector<WeightedSample> itlPerTokenMs(const RequestRecord &r);
double tps(const RequestRecord &r); ///< output_tokens / e2e seconds

/// The offset (ns from tStartNs) at which the record stopped: endNs, or when the reply never
/// finished (a cancelled run) the latest offset it did record; 0 when it recorded none.
qint64 recordEndNs(const RequestRecord &r);

/// The error kind a failed record is counted under: its errorKind, or "unknown" when empty.
QString errorKindOf(const RequestRecord &r);

/// One level's summary over `measured`, as the level at `point`. Warm-ups should already be left
/// out; any that slip in are skipped. TPOT and ITL use only completed requests with at least
/// `minTokensForTpot` output tokens; completed requests that have a TPOT but too few tokens are
/// counted in shortOutputExcluded. duration_s spans every measured record, failed ones included.
/// Requests sent during a ramp-up are left out and counted in rampUpExcluded; open-loop records
/// give the schedule figures (send lag, achieved rate, latency from the schedule); `slo`, when
/// set, gives goodput. TTFT (both), TPOT, ITL, E2E and output throughput get 95 % intervals.
LevelSummary summarizeLevel(const QList<RequestRecord> &measured, const LoadPoint &point, int minTokensForTpot,
                            const GoodputSlo &slo = {});

/// One summary per arm (0 .. armCount-1, each over its own records) of the level at `point`:
/// `levelRecords` are that level's measured records of every arm. An ordinary run has one arm.
QList<LevelSummary> summarizeLevelArms(const QList<RequestRecord> &levelRecords, const LoadPoint &point, int armCount,
                                       int minTokensForTpot, const GoodputSlo &slo = {});

/// Whether a completed record meets every set objective of `slo` (docs/metrics.md#goodput). TTFT
/// and E2E count from the send, as vLLM's do; a record with no TPOT (one output token) meets the
/// TPOT one. A failed record never does.
bool meetsGoodput(const RequestRecord &record, const GoodputSlo &slo);

/// A level's figure under its summary.json key: `request_throughput`, `request_goodput`, …, or
/// `<stat>_<metric>_ms` with stat mean|median|std|min|max|p50|p90|p95|p99 and metric ttft,
/// ttft_from_sent, ttft_from_scheduled, tpot, itl, itl_per_token, e2el, e2el_from_scheduled, send_lag, cap_wait
/// or client_queue. False when the name is unknown or the level has no such figure.
bool levelMetric(const LevelSummary &level, const QString &name, double *value);
/// Whether `name` is a key levelMetric() knows.
bool isLevelMetric(const QString &name);

/// Every level of a run, in load-point order (`runPoints`, else config.loadPoints()), one summary per arm that has
/// measured records there; a level index the config lacks (records of another config) comes last,
/// with its records' concurrency. Warm-ups are excluded. Fills RunResult::levels for a run read
/// back from its records.
QList<LevelSummary> summarizeRun(const QList<RequestRecord> &records, const RunConfig &config, int armCount = 1,
                                 const QList<LoadPoint> &runPoints = {});

} // namespace TokenScope::Stats
