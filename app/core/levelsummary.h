// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loadpoint.h"

#include <QJsonObject>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace TokenScope {

/// A 95 % confidence interval of a figure, in the figure's unit
/// (docs/metrics.md#confidence-intervals). Not valid when too few samples made it meaningless or
/// it was never computed (figures that carry none, summaries stored before intervals).
struct ConfidenceInterval
{
    double lo = 0, hi = 0;
    bool valid = false;
};

/// Summary statistics of one metric over a sample (milliseconds for latencies).
struct Distribution {
    int count = 0;
    double mean = 0, std = 0, min = 0, max = 0, p50 = 0, p90 = 0, p95 = 0, p99 = 0;
    /// The percentiles' 95 % intervals; filled only for the level's request latencies (TTFT, TPOT,
    /// ITL, E2E), by Stats::summarizeLevel.
    ConfidenceInterval p50Ci, p90Ci, p95Ci, p99Ci;
};

/// How far a level's own measurement can be trusted (docs/metrics.md#measurement-quality): the
/// figures the engine recorded while the level ran, and the verdict drawn from them and from the
/// level's coalesced reads and send lag. `verdict` is empty for a level nobody assessed (a run
/// read back from records alone).
struct MeasurementQuality
{
    QString verdict; ///< "ok" or "degraded"
    QStringList reasons; ///< when degraded: each cause in plain words, with what to do
    /// The 1 ms probe on the engine thread: how late it fired (ms); absent when not measured.
    std::optional<double> engineLagP99Ms, engineLagMaxMs;
    int engineLagSamples = 0;
    /// The same probe on the threads that read the sockets and take the timestamps, when they are
    /// not the engine thread (the libcurl transport's workers, the worst of them).
    std::optional<double> readerLagP99Ms, readerLagMaxMs;
    int readerLagSamples = 0;
    /// The client's CPU time over the level (user + system, an in-process simulator's threads left
    /// out), and its share of `cores` × the level's wall time.
    std::optional<double> clientCpuS, clientCpuShare;
    int cores = 0;
    /// Share (0..1) of the whole machine's CPU time in use over the level: the client, an
    /// in-process simulator, a server on the same machine and anything else.
    std::optional<double> machineCpuShare;
    /// What stands between a socket read and its timestamp, in plain words (per transport).
    QString handoff;
};

/// Why a level stopped sending, when it aimed at a precision (docs/metrics.md#stop-when-precise).
struct LevelStop
{
    /// "precision" (the target was met), "max_requests", "duration" or "cancelled"; empty for a
    /// level that sent its count and aimed at no precision.
    QString by;
    QString metric; ///< the figure aimed at, e.g. "p95_ttft_ms"
    double targetPct = 0; ///< ± percent asked; 0 = none
    /// Half the width of the figure's 95 % interval over the level, in percent of the figure;
    /// absent while too few samples gave one.
    std::optional<double> achievedPct;
};

/// A level without its ramp and its drain (docs/metrics.md#steady-state): the requests that started
/// once the level had its load and ended before it began to drain.
struct SteadyState
{
    int requests = 0; ///< kept; 0 when none was (a level of one round: every request ramped or drained)
    int completed = 0;
    double startS = 0, endS = 0; ///< from the run's start: the first kept send, the last kept end
    Distribution ttftMs, tpotMs, itlMs, e2elMs;
    double outputThroughput = 0; ///< the kept requests' output tokens over their span
};

/// One level over its measured, non-warm-up requests (docs/metrics.md#6-per-level-statistics-summaryjson).
struct LevelSummary {
    int levelIndex = 0; ///< position in the run's load points: identifies the level
    int concurrency = 0; ///< the load point's concurrency (open loop: its cap, 0 = none)
    LoadPoint point; ///< the level's load point (kind, rate, arrival, cap, role)
    int arm = 0; ///< the endpoint of an A/B interleaved run this summary covers; 0 otherwise
    int requests = 0; ///< measured requests issued
    double durationS = 0; ///< last request end - first request start
    int completed = 0;
    int failed = 0;
    qint64 totalInputTokens = 0;
    /// Over completed requests that reported prompt tokens; absent when none did.
    std::optional<double> meanInputTokens;
    qint64 totalOutputTokens = 0;
    double requestThroughput = 0; ///< completed / durationS
    double outputThroughput = 0; ///< output tokens / durationS
    /// outputThroughput's 95 % interval, resampling the level's requests (docs/metrics.md#confidence-intervals).
    ConfidenceInterval outputThroughputCi;
    double totalTokenThroughput = 0; ///< (input + output) tokens / durationS
    int shortOutputExcluded = 0; ///< completed requests left out of TPOT/ITL (< minTokensForTpot)
    int outputTokensFromChunks = 0; ///< completed requests whose token count came from chunks
    int connectionsOpened = 0; ///< connections opened while the level ran (0 when preconnect held)
    int http1Responses = 0; ///< measured requests answered over HTTP/1.x
    int http2Responses = 0; ///< measured requests answered over HTTP/2
    /// Requests held back inside the client (docs/metrics.md#requests-queued-in-the-client), over the
    /// level's completed requests: the most that were in flight at once (posted, not ended) and the
    /// most that were on the wire at once (request sent, not ended). Equal unless the client queued.
    int peakInFlight = 0;
    int peakOnWire = 0;
    /// When peakOnWire < peakInFlight: the completed requests sent only after another of them had ended
    /// since their post (waiting for an HTTP/2 stream or an HTTP/1.1 connection); 0 otherwise.
    int queuedInClient = 0;
    Distribution clientQueueMs; ///< request_sent_ms of those queued requests (count == queuedInClient)
    /// SSE events per read over the level's completed requests (0 when none): well above the
    /// server's events per write, the engine thread fell behind and Qt merged reads
    /// (docs/metrics.md#coalesced-reads).
    double eventsPerRead = 0;
    /// Share (0..1) of the level's ITL gaps that are exactly 0: chunks that arrived in one read,
    /// which a merged read makes of chunks the server sent apart.
    double zeroGapShare = 0;
    Distribution ttftMs, ttftFromSentMs, tpotMs, itlMs, e2elMs, tps;
    /// Per-token ITL over the completed requests whose chunks carried running usage (empty, count 0,
    /// when none did; docs/metrics.md#per-token-itl-from-per-chunk-usage). No intervals.
    Distribution itlPerTokenMs;

    // Open loop (docs/metrics.md#latency-from-the-schedule); zero and empty under closed loop.
    int rampUpExcluded = 0; ///< requests sent during the ramp-up, left out of everything above
    int incomplete = 0; ///< of `failed`: still in flight (or never sent) when the grace period ended
    /// Measured requests sent / the span of their sends ((n-1) / (last send - first send)).
    double achievedRequestRate = 0;
    /// The rate their schedule asked: (n-1) / the span of their scheduled sends. The point's rate
    /// for a count-bounded level (rescaled to it exactly); a random draw around it under a duration.
    double scheduledRequestRate = 0;
    /// Send lag the client caused: actual send - scheduled, less the wait for the concurrency cap.
    Distribution sendLagMs;
    Distribution capWaitMs; ///< waits for a place under the cap, over the requests that waited
    Distribution ttftFromScheduledMs, e2elFromScheduledMs; ///< TTFT and E2E counted from the schedule

    /// Goodput (docs/metrics.md#goodput), when the run set an SLO: completed requests meeting every
    /// objective per second of the level, and their share of its measured requests.
    bool hasGoodput = false;
    int goodRequests = 0;
    double requestGoodput = 0;
    double goodputFraction = 0;

    /// The level's load point: `point` for an open-loop level; otherwise the closed-loop point of
    /// `concurrency` (a summary built by hand or stored before load points holds a default point).
    LoadPoint loadPoint() const
    {
        if (point.isOpenLoop())
            return point;
        LoadPoint closed = LoadPoint::closedLoop(concurrency, levelIndex);
        closed.role = point.role;
        return closed;
    }
    QMap<QString, int> errorsByKind;

    // The workload as the server saw it (docs/metrics.md#workload-figures), over completed requests.
    Distribution inputTokens; ///< the server's prompt_tokens, over the requests that reported it
    int inputTokensTargeted = 0; ///< requests whose prompt aimed at a length (synthetic prompts)
    int inputTokensOffTarget = 0; ///< of those, counted more than 1 % away from their aim
    double inputTokensWorstOffPct = 0; ///< the largest such deviation, in percent of the aim
    int cacheReported = 0; ///< requests whose usage said how many prompt tokens came from a cache
    int cacheHitRequests = 0; ///< of those, with any cached tokens
    qint64 cachedTokens = 0; ///< cached prompt tokens over those requests
    double cacheHitShare = 0; ///< cachedTokens / their prompt tokens (0..1)
    int outputsShort = 0; ///< answers shorter than the max_tokens they asked: the server stopped early

    // The server's own view (docs/metrics.md#server-metrics), over the successful scrapes sent while
    // the level ran; absent when none of them reported the series.
    int serverScrapes = 0; ///< successful scrapes sent while the level ran
    std::optional<double> serverRunningMean, serverRunningMax;
    std::optional<double> serverWaitingMean, serverWaitingMax;
    std::optional<double> serverCacheUsageMax; ///< 0..1

    MeasurementQuality quality;
    LevelStop stop;
    SteadyState steady;

    /// Share (0..1) of the level's SSE events that shared a read with an earlier one:
    /// 1 - reads / events (docs/metrics.md#coalesced-reads).
    double coalescedShare() const { return eventsPerRead > 1 ? 1.0 - 1.0 / eventsPerRead : 0.0; }
};

/// `measurement_quality` of a level in summary.json and the history (docs/metrics.md#measurement-quality):
/// the quality's figures, the level's coalesced reads and, for open loop, its send lag.
QJsonObject measurementQualityToJson(const LevelSummary &level);
/// The quality back from that object; an absent or empty one gives an unassessed quality.
MeasurementQuality measurementQualityFromJson(const QJsonObject &json);
/// `precision` of a level in summary.json and the history: null for a level that aimed at none.
QJsonValue levelStopToJson(const LevelStop &stop);
LevelStop levelStopFromJson(const QJsonValue &json);
/// `steady` of a level in summary.json: its span, count and figures; null when it kept no request.
QJsonValue steadyStateToJson(const SteadyState &steady);
/// The steady window back from that object (its medians, p95s and p99s; null: none kept).
SteadyState steadyStateFromJson(const QJsonValue &json);

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::LevelSummary)
