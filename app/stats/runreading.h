// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

/// A short generated paragraph that says what a run's numbers mean across its concurrency
/// levels (docs/history-and-compare.md#5-the-reading-paragraph-verdicts-and-thresholds), and the
/// same conclusion as a structured verdict so tests and the UI never parse the text. Pure
/// functions, Qt Core only; thread-safe.
///
/// The reading compares the lowest and the highest concurrency level that have enough samples
/// (kMinSamplesPerLevel completed requests with a TTFT and a TPOT):
///   ttftRatio = TTFT P50 at the highest / at the lowest; tpotRatio likewise for TPOT P50.
/// - Contention: tpotRatio >= kTpotRiseRatio. Each token takes longer when more streams decode
///   together: the decode step is contended (compute or memory bandwidth shared by the batch).
/// - Queueing: ttftRatio >= kTtftRiseRatio, and, when TPOT rose too, ttftRatio >=
///   kQueueingOverContention x tpotRatio. Waiting before the first token grew while the per-token
///   pace did not explain it: requests wait in a queue before the model (a gateway's or the
///   server's batch / concurrency limit).
/// - Both: both of the above. Flat: neither. NotEnoughData: fewer than two usable levels.
/// TPOT is the decode signal because it excludes the wait before the first token; P50 because a
/// few outliers must not flip the verdict.
///
/// When the compared levels carry the server's own figures (LevelSummary::serverWaitingMax and
/// serverRunningMax, from its /metrics), the reading says where the queue or the contention is;
/// without them it is the client-side reading above, unchanged:
/// - Queueing or Both, and the highest level's serverWaitingMax > 0: the server queued requests,
///   the queueing is at the server (QueueAt::Server).
/// - Queueing or Both, and every compared level reported serverWaitingMax 0: the server queued
///   nothing, so the queue is in front of it: a gateway or the client (QueueAt::BeforeServer).
/// - Contention or Both, and serverRunningMax at the highest level above that at the lowest: the
///   server's batch grew with the concurrency, the contention is in that batch (serverBatchGrew).
/// The sentences are marked for translation with QCoreApplication::translate("RunReading", ...).
namespace TokenScope::Reading {

/// TTFT P50 "rose" when the highest level's is at least this many times the lowest level's.
/// 1.5x: well above run-to-run noise of TTFT on a quiet endpoint (typically +-10-20%).
inline constexpr double kTtftRiseRatio = 1.5;
/// TPOT P50 "rose" when the highest level's is at least this many times the lowest level's.
/// A batched server decodes a little slower with every stream it adds (+10-40% across a typical
/// 1-to-8 sweep is ordinary); 1.5x is the point where the decode step itself is the bottleneck.
inline constexpr double kTpotRiseRatio = 1.5;
/// TPOT P50 "held" while under this many times the lowest level's. A queueing reading whose TPOT
/// rose from here up to kTpotRiseRatio says so: more streams in the batch slow each a little
/// (docs/history-and-compare.md#5-the-reading-paragraph-verdicts-and-thresholds).
inline constexpr double kTpotHeldRatio = 1.1;
/// When TPOT rose too, TTFT must have risen at least this many times more than TPOT to also
/// count as queueing; otherwise the TTFT rise is put down to the contended model itself.
inline constexpr double kQueueingOverContention = 1.5;
/// Output throughput scaling below this share of the concurrency scaling (e.g. 4x throughput for
/// 16x concurrency = 25%) is reported as saturation: more concurrency mostly adds waiting.
inline constexpr double kLowScalingEfficiency = 0.5;
/// A level is read only with at least this many completed requests carrying TTFT and TPOT.
inline constexpr int kMinSamplesPerLevel = 3;
/// "No queue at the server" needs at least this many successful scrapes at every level compared.
inline constexpr int kMinServerScrapesForNoQueue = 3;

enum class Verdict {
    NotEnoughData,
    Flat, ///< neither TTFT nor TPOT rose past its threshold
    Queueing, ///< TTFT rose, TPOT did not explain it
    Contention, ///< TPOT rose
    Both, ///< TPOT rose, and TTFT rose kQueueingOverContention times more
};

/// Where the server's own figures put a queueing verdict's queue.
enum class QueueAt {
    Unknown, ///< no queueing verdict, or the server did not report its waiting requests
    Server, ///< the server reported requests waiting at the highest level compared
    BeforeServer, ///< the server reported none waiting at every level compared: a gateway or the client
};

struct RunReading
{
    Verdict verdict = Verdict::NotEnoughData;
    int lowConcurrency = 0; ///< the levels compared (0 when NotEnoughData)
    int highConcurrency = 0;
    double ttftP50LowMs = 0, ttftP50HighMs = 0, ttftRatio = 0;
    double tpotP50LowMs = 0, tpotP50HighMs = 0, tpotRatio = 0;
    double concurrencyRatio = 0; ///< high / low concurrency
    double throughputRatio = 0; ///< output throughput high / low; 0 when the low level has none
    double scalingEfficiency = 0; ///< throughputRatio / concurrencyRatio (0..1+); 0 when unknown
    /// The first level (by concurrency) whose TTFT P50 reached kTtftRiseRatio x the lowest's, when
    /// the verdict involves queueing; 0 otherwise.
    int ttftKneeConcurrency = 0;
    /// The server's figures at the levels compared, when both reported them (LevelSummary's, the
    /// largest over the level's successful scrapes).
    std::optional<double> serverWaitingMaxHigh;
    std::optional<double> serverRunningMaxLow, serverRunningMaxHigh;
    QueueAt queueAt = QueueAt::Unknown;
    bool serverBatchGrew = false; ///< contention, and the server ran more requests at the highest level
    bool fromServer = false; ///< a sentence rests on the server's figures (queueAt known or serverBatchGrew)
    int failedRequests = 0; ///< over every level
    int measuredRequests = 0; ///< over every level (warm-ups aside)
    QStringList sentences; ///< translated, in reading order
    QString text() const { return sentences.join(u' '); }
};

/// Reads the levels of a run (any order; levels sharing a concurrency: the first counts). Only
/// closed-loop levels enter the verdict; a run with rate levels also gets the serving curve's knee
/// sentence (Stats::findKnee), in place of "No reading" when it has no two closed-loop levels.
RunReading readLevels(const QList<LevelSummary> &levels);
RunReading readRun(const RunResult &run);

/// The verdict in a few translated words: "queueing", "steady under load", …
QString verdictTitle(Verdict verdict);
/// verdictTitle(), led by the failures when requests failed ("9 of 28 failed · steady under load"):
/// a run that lost requests never reads as simply steady.
QString verdictTitleOf(const RunReading &reading);

/// One translated sentence stating the thresholds above, for a tooltip or a report footnote.
QString thresholdsNote();

} // namespace TokenScope::Reading
