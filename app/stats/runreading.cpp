// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runreading.h"

#include "servingcurve.h"

#include "core/servermetrics.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace TokenScope::Reading {

namespace {

QString ratio(double value)
{
    return QString::number(value, 'f', 1);
}

// "8" for a whole ratio of concurrencies, "2.5" otherwise.
QString times(double value)
{
    return value == std::floor(value) ? QString::number(static_cast<qint64>(value)) : ratio(value);
}

QString ms(double value)
{
    return QString::number(value, 'f', value < 10 ? 2 : 1);
}

QString percent(double fraction)
{
    return QString::number(std::lround(fraction * 100.0));
}

bool usable(const LevelSummary &level)
{
    return level.ttftMs.count >= kMinSamplesPerLevel && level.tpotMs.count >= kMinSamplesPerLevel
        && level.ttftMs.p50 > 0 && level.tpotMs.p50 > 0;
}

// Usable closed-loop levels, one per concurrency (the first), ascending. A rate level's
// concurrency is only its cap: it is read on the serving curve instead.
QList<LevelSummary> usableLevels(const QList<LevelSummary> &levels)
{
    QList<LevelSummary> out;
    for (const LevelSummary &level : levels) {
        const bool seen = std::any_of(
            out.cbegin(), out.cend(), [&level](const LevelSummary &l) { return l.concurrency == level.concurrency; });
        if (!seen && !level.point.isOpenLoop() && level.concurrency > 0 && usable(level))
            out.append(level);
    }
    std::sort(out.begin(), out.end(),
        [](const LevelSummary &a, const LevelSummary &b) { return a.concurrency < b.concurrency; });
    return out;
}

Verdict verdictOf(double ttftRatio, double tpotRatio)
{
    const bool contention = tpotRatio >= kTpotRiseRatio;
    const bool queueing
        = ttftRatio >= kTtftRiseRatio && (!contention || ttftRatio >= kQueueingOverContention * tpotRatio);
    if (contention && queueing)
        return Verdict::Both;
    if (contention)
        return Verdict::Contention;
    if (queueing)
        return Verdict::Queueing;
    return Verdict::Flat;
}

int kneeOf(const QList<LevelSummary> &levels)
{
    const double lowest = levels.constFirst().ttftMs.p50;
    for (const LevelSummary &level : levels)
        if (level.ttftMs.p50 >= kTtftRiseRatio * lowest)
            return level.concurrency;
    return 0;
}

QString diagnosis(const RunReading &r)
{
    switch (r.verdict) {
    case Verdict::Queueing:
        return QCoreApplication::translate("RunReading",
            "From concurrency %1 to %2, TTFT P50 rose %3x (%4 to %5 ms) while TPOT P50 changed %6x: requests are "
            "queueing before the model (gateway or server batch limit).")
            .arg(r.lowConcurrency)
            .arg(r.highConcurrency)
            .arg(ratio(r.ttftRatio), ms(r.ttftP50LowMs), ms(r.ttftP50HighMs), ratio(r.tpotRatio));
    case Verdict::Contention:
        return QCoreApplication::translate("RunReading",
            "From concurrency %1 to %2, TPOT P50 rose %3x (%4 to %5 ms) and TTFT P50 changed %6x. TPOT rose with "
            "concurrency: the decode step is contended.")
            .arg(r.lowConcurrency)
            .arg(r.highConcurrency)
            .arg(ratio(r.tpotRatio), ms(r.tpotP50LowMs), ms(r.tpotP50HighMs), ratio(r.ttftRatio));
    case Verdict::Both:
        return QCoreApplication::translate("RunReading",
            "From concurrency %1 to %2, TTFT P50 rose %3x and TPOT P50 rose %4x. TPOT rose with concurrency: the "
            "decode step is contended. TTFT rose far more than TPOT: requests are also queueing before the model "
            "(gateway or server batch limit).")
            .arg(r.lowConcurrency)
            .arg(r.highConcurrency)
            .arg(ratio(r.ttftRatio), ratio(r.tpotRatio));
    case Verdict::Flat:
        return QCoreApplication::translate("RunReading",
            "From concurrency %1 to %2, TTFT P50 changed %3x and TPOT P50 %4x, under the thresholds (%5x and %6x): "
            "the endpoint took this load without queueing or a slower decode step.")
            .arg(r.lowConcurrency)
            .arg(r.highConcurrency)
            .arg(ratio(r.ttftRatio), ratio(r.tpotRatio), ratio(kTtftRiseRatio), ratio(kTpotRiseRatio));
    case Verdict::NotEnoughData:
        break;
    }
    return {};
}

// Queueing whose TPOT rose a little: the batch the queue feeds decodes a little slower when full.
QString mildTpotRise(const RunReading &r)
{
    if (r.verdict != Verdict::Queueing || r.tpotRatio < kTpotHeldRatio)
        return {};
    return QCoreApplication::translate("RunReading",
        "TPOT P50 rose %1x too (%2 to %3 ms), under the %4x that marks a contended decode step: each stream "
        "decodes a little slower when more share the batch.")
        .arg(ratio(r.tpotRatio), ms(r.tpotP50LowMs), ms(r.tpotP50HighMs), ratio(kTpotRiseRatio));
}

QStringList throughputSentences(const RunReading &r)
{
    if (r.throughputRatio <= 0)
        return {};
    QStringList out { QCoreApplication::translate(
        "RunReading", "Output throughput scaled %1x for %2x concurrency (%3% efficiency).")
                          .arg(ratio(r.throughputRatio), times(r.concurrencyRatio), percent(r.scalingEfficiency)) };
    if (r.scalingEfficiency < kLowScalingEfficiency)
        out.append(QCoreApplication::translate("RunReading",
            "Below %1% efficiency the endpoint is near its capacity: more concurrency mostly adds latency.")
                       .arg(percent(kLowScalingEfficiency)));
    return out;
}

// A gauge as the server exposes it: "12", or "2.5" for a fractional one. Only counts in range
// reach it (serverCount()), so the conversion is defined; anything else is written as a decimal.
QString gauge(double value)
{
    return ServerMetricsSample::isRequestCount(value) && value == std::floor(value)
        ? QString::number(static_cast<qint64>(value))
        : ratio(value);
}

// A level's running or waiting figure, absent when out of range (docs/metrics.md#server-metrics):
// a level read back from an older history may hold one a scrape would now refuse.
std::optional<double> serverCount(const std::optional<double> &figure)
{
    return figure && ServerMetricsSample::isRequestCount(*figure) ? figure : std::nullopt;
}

bool queueingVerdict(Verdict verdict)
{
    return verdict == Verdict::Queueing || verdict == Verdict::Both;
}

bool contentionVerdict(Verdict verdict)
{
    return verdict == Verdict::Contention || verdict == Verdict::Both;
}

// Every level compared reported its waiting requests on a few scrapes, and none had any waiting.
// One scrape sent as a level began could miss a queue that formed after it: that says nothing.
bool serverQueuedNothing(const QList<LevelSummary> &read)
{
    return std::all_of(read.cbegin(), read.cend(), [](const LevelSummary &l) {
        return l.serverScrapes >= kMinServerScrapesForNoQueue && serverCount(l.serverWaitingMax).has_value()
            && *l.serverWaitingMax <= 0;
    });
}

void readServerQueue(RunReading &r, const QList<LevelSummary> &read)
{
    r.serverWaitingMaxHigh = serverCount(read.constLast().serverWaitingMax);
    if (!queueingVerdict(r.verdict) || !r.serverWaitingMaxHigh)
        return;
    if (*r.serverWaitingMaxHigh > 0)
        r.queueAt = QueueAt::Server;
    else if (serverQueuedNothing(read))
        r.queueAt = QueueAt::BeforeServer;
}

void readServerBatch(RunReading &r, const LevelSummary &low, const LevelSummary &high)
{
    r.serverRunningMaxLow = serverCount(low.serverRunningMax);
    r.serverRunningMaxHigh = serverCount(high.serverRunningMax);
    r.serverBatchGrew = contentionVerdict(r.verdict) && r.serverRunningMaxLow && r.serverRunningMaxHigh
        && *r.serverRunningMaxHigh > *r.serverRunningMaxLow;
}

QStringList serverSentences(const RunReading &r)
{
    QStringList out;
    if (r.queueAt == QueueAt::Server && r.verdict == Verdict::Queueing && r.tpotRatio < kTpotHeldRatio)
        out.append(QCoreApplication::translate("RunReading",
            "The server queued requests (waiting up to %1 at concurrency %2) while TPOT held: the queueing is at "
            "the server.")
                       .arg(gauge(*r.serverWaitingMaxHigh))
                       .arg(r.highConcurrency));
    else if (r.queueAt == QueueAt::Server)
        out.append(QCoreApplication::translate("RunReading",
            "The server queued requests (waiting up to %1 at concurrency %2): the queueing is at the server.")
                       .arg(gauge(*r.serverWaitingMaxHigh))
                       .arg(r.highConcurrency));
    else if (r.queueAt == QueueAt::BeforeServer)
        out.append(QCoreApplication::translate("RunReading",
            "Yet the server reported 0 requests waiting at every level compared: the queue is not at the server "
            "but in front of it (a gateway, or the client)."));
    if (r.serverBatchGrew)
        out.append(QCoreApplication::translate("RunReading",
            "The server's running requests rose with the concurrency (up to %1 at concurrency %2, from %3 at %4): "
            "the contention is in the server's batch.")
                       .arg(gauge(*r.serverRunningMaxHigh))
                       .arg(r.highConcurrency)
                       .arg(gauge(*r.serverRunningMaxLow))
                       .arg(r.lowConcurrency));
    return out;
}

int sumOf(const QList<LevelSummary> &levels, int LevelSummary::*count)
{
    int sum = 0;
    for (const LevelSummary &level : levels)
        sum += level.*count;
    return sum;
}

} // namespace

RunReading readLevels(const QList<LevelSummary> &levels)
{
    RunReading r;
    r.failedRequests = sumOf(levels, &LevelSummary::failed);
    r.measuredRequests = sumOf(levels, &LevelSummary::requests);
    // Failures first: a run that lost requests is read for that before its latencies.
    if (r.failedRequests > 0)
        r.sentences.append(QCoreApplication::translate("RunReading",
            "%1 of %n request(s) failed (%2%); the latencies below cover completed requests only.", nullptr,
            r.measuredRequests)
                               .arg(r.failedRequests)
                               .arg(percent(double(r.failedRequests) / std::max(1, r.measuredRequests))));
    const QList<LevelSummary> read = usableLevels(levels);
    const bool rates
        = std::any_of(levels.cbegin(), levels.cend(), [](const LevelSummary &l) { return l.point.isOpenLoop(); });
    const QString knee = rates ? Stats::findKnee(Stats::servingCurve(levels)).sentence : QString();
    if (read.size() < 2 && !knee.isEmpty()) {
        r.sentences.append(knee); // rate levels: the serving curve says where latency takes off
    } else if (read.size() < 2) {
        r.sentences.append(QCoreApplication::translate("RunReading",
            "No reading: it needs two or more concurrency levels with at least %1 completed requests each that "
            "report TTFT and TPOT.")
                               .arg(kMinSamplesPerLevel));
    } else {
        const LevelSummary &low = read.constFirst();
        const LevelSummary &high = read.constLast();
        r.lowConcurrency = low.concurrency;
        r.highConcurrency = high.concurrency;
        r.ttftP50LowMs = low.ttftMs.p50;
        r.ttftP50HighMs = high.ttftMs.p50;
        r.ttftRatio = r.ttftP50HighMs / r.ttftP50LowMs;
        r.tpotP50LowMs = low.tpotMs.p50;
        r.tpotP50HighMs = high.tpotMs.p50;
        r.tpotRatio = r.tpotP50HighMs / r.tpotP50LowMs;
        r.concurrencyRatio = static_cast<double>(high.concurrency) / low.concurrency;
        if (low.durationS > 0 && low.outputThroughput > 0 && high.durationS > 0) {
            r.throughputRatio = high.outputThroughput / low.outputThroughput;
            r.scalingEfficiency = r.throughputRatio / r.concurrencyRatio;
        }
        r.verdict = verdictOf(r.ttftRatio, r.tpotRatio);
        if (r.verdict == Verdict::Queueing || r.verdict == Verdict::Both)
            r.ttftKneeConcurrency = kneeOf(read);
        r.sentences.append(diagnosis(r));
        if (const QString rise = mildTpotRise(r); !rise.isEmpty())
            r.sentences.append(rise);
        if (r.ttftKneeConcurrency > 0 && r.ttftKneeConcurrency < r.highConcurrency)
            r.sentences.append(QCoreApplication::translate("RunReading",
                "The queueing starts by concurrency %1, where TTFT P50 first reached %2x its value at concurrency %3.")
                                   .arg(r.ttftKneeConcurrency)
                                   .arg(ratio(kTtftRiseRatio))
                                   .arg(r.lowConcurrency));
        readServerQueue(r, read);
        readServerBatch(r, low, high);
        const QStringList server = serverSentences(r);
        r.fromServer = !server.isEmpty();
        r.sentences += server;
        r.sentences += throughputSentences(r);
        if (!knee.isEmpty())
            r.sentences.append(knee);
    }
    return r;
}

RunReading readRun(const RunResult &run)
{
    return readLevels(run.levels);
}

QString verdictTitle(Verdict verdict)
{
    switch (verdict) {
    case Verdict::NotEnoughData:
        return QCoreApplication::translate("RunReading", "not enough data");
    case Verdict::Flat:
        return QCoreApplication::translate("RunReading", "steady under load");
    case Verdict::Queueing:
        return QCoreApplication::translate("RunReading", "queueing");
    case Verdict::Contention:
        return QCoreApplication::translate("RunReading", "decode contention");
    case Verdict::Both:
        return QCoreApplication::translate("RunReading", "contention and queueing");
    }
    return {};
}

QString verdictTitleOf(const RunReading &reading)
{
    if (reading.failedRequests == 0)
        return verdictTitle(reading.verdict);
    return QCoreApplication::translate("RunReading", "%1 of %2 failed · %3")
        .arg(reading.failedRequests)
        .arg(reading.measuredRequests)
        .arg(verdictTitle(reading.verdict));
}

QString thresholdsNote()
{
    return QCoreApplication::translate("RunReading",
        "Read from the lowest to the highest concurrency level with at least %1 measured requests: contention when "
        "TPOT P50 rose %2x or more; queueing when TTFT P50 rose %3x or more and, if TPOT rose too, %4x more than "
        "TPOT; saturation when throughput grew by less than %5% of the concurrency growth.")
        .arg(kMinSamplesPerLevel)
        .arg(ratio(kTpotRiseRatio), ratio(kTtftRiseRatio), ratio(kQueueingOverContention),
            percent(kLowScalingEfficiency));
}

} // namespace TokenScope::Reading
