// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace TokenScope::Stats {

namespace {

constexpr double kNsPerMs = 1e6;

double nsToMs(qint64 ns)
{
    return static_cast<double>(ns) / kNsPerMs;
}

// Population std around a known mean, two-pass for accuracy on large latency values.
double populationStd(const std::vector<double> &values, double mean)
{
    double sumSq = 0;
    for (double v : values)
        sumSq += (v - mean) * (v - mean);
    return std::sqrt(sumSq / static_cast<double>(values.size()));
}

// The inputs of the level's throughput figures: tokens of completed requests only.
void addTokens(LevelSummary &s, const RequestRecord &r)
{
    s.totalOutputTokens += r.outputTokens;
    if (r.promptTokens >= 0)
        s.totalInputTokens += r.promptTokens;
}

void setThroughput(LevelSummary &s)
{
    if (s.durationS <= 0)
        return; // no span to divide by: leave the figures at 0
    s.requestThroughput = s.completed / s.durationS;
    s.outputThroughput = static_cast<double>(s.totalOutputTokens) / s.durationS;
    s.totalTokenThroughput = static_cast<double>(s.totalInputTokens + s.totalOutputTokens) / s.durationS;
}

// Span from the first post to the last end, in seconds, over every record given.
double durationS(const QList<const RequestRecord *> &records)
{
    if (records.isEmpty())
        return 0;
    qint64 first = std::numeric_limits<qint64>::max();
    qint64 last = std::numeric_limits<qint64>::min();
    for (const RequestRecord *r : records) {
        first = std::min(first, r->tStartNs);
        last = std::max(last, r->tStartNs + recordEndNs(*r));
    }
    return static_cast<double>(last - first) / 1e9;
}

// Latency samples of one level before summarizing.
struct Samples
{
    std::vector<double> ttft, ttftFromSent, tpot, itl, e2el, tps;
};

void pushIfDefined(std::vector<double> &out, double value)
{
    if (value >= 0)
        out.push_back(value);
}

void collectCompleted(const RequestRecord &r, int minTokensForTpot, Samples &samples, LevelSummary &s)
{
    pushIfDefined(samples.ttft, ttftMs(r));
    pushIfDefined(samples.ttftFromSent, ttftFromSentMs(r));
    pushIfDefined(samples.e2el, r.e2eMs());
    pushIfDefined(samples.tps, tps(r));
    if (!r.outputTokensFromUsage)
        ++s.outputTokensFromChunks;
    if (r.outputTokens < minTokensForTpot) {
        // Counted only when a TPOT exists to leave out, so the note never overstates.
        if (tpotMs(r) >= 0)
            ++s.shortOutputExcluded;
        return;
    }
    pushIfDefined(samples.tpot, tpotMs(r));
    const std::vector<double> gaps = itlMs(r);
    samples.itl.insert(samples.itl.end(), gaps.begin(), gaps.end());
}

void setDistributions(LevelSummary &s, Samples &samples)
{
    s.ttftMs = summarize(std::move(samples.ttft));
    s.ttftFromSentMs = summarize(std::move(samples.ttftFromSent));
    s.tpotMs = summarize(std::move(samples.tpot));
    s.itlMs = summarize(std::move(samples.itl));
    s.e2elMs = summarize(std::move(samples.e2el));
    s.tps = summarize(std::move(samples.tps));
}

} // namespace

double percentile(const std::vector<double> &sorted, double p)
{
    if (sorted.empty())
        return 0;
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(sorted.size() - 1);
    const auto lower = static_cast<size_t>(std::floor(rank));
    const size_t upper = std::min(lower + 1, sorted.size() - 1);
    const double fraction = rank - static_cast<double>(lower);
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction;
}

Distribution summarize(std::vector<double> values)
{
    Distribution d;
    if (values.empty())
        return d;
    std::sort(values.begin(), values.end());
    d.count = static_cast<int>(values.size());
    d.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    d.std = populationStd(values, d.mean);
    d.min = values.front();
    d.max = values.back();
    d.p50 = percentile(values, 50);
    d.p90 = percentile(values, 90);
    d.p95 = percentile(values, 95);
    d.p99 = percentile(values, 99);
    return d;
}

double ttftMs(const RequestRecord &r)
{
    return r.ttftNs >= 0 ? nsToMs(r.ttftNs) : -1.0;
}

double ttftFromSentMs(const RequestRecord &r)
{
    if (r.ttftNs < 0 || r.requestSentNs < 0)
        return -1.0;
    return nsToMs(r.ttftNs - r.requestSentNs);
}

double tpotMs(const RequestRecord &r)
{
    if (r.outputTokens < 2 || r.ttftNs < 0 || r.lastTokenNs < 0)
        return -1.0;
    return nsToMs(r.lastTokenNs - r.ttftNs) / (r.outputTokens - 1);
}

std::vector<double> itlMs(const RequestRecord &r)
{
    std::vector<double> gaps;
    if (r.chunkTimesNs.size() < 2)
        return gaps;
    gaps.reserve(static_cast<size_t>(r.chunkTimesNs.size() - 1));
    for (qsizetype i = 1; i < r.chunkTimesNs.size(); ++i)
        gaps.push_back(nsToMs(r.chunkTimesNs.at(i) - r.chunkTimesNs.at(i - 1)));
    return gaps;
}

double tps(const RequestRecord &r)
{
    // A zero e2e (every token in the first read) has no defined rate.
    if (r.lastTokenNs <= 0)
        return -1.0;
    return r.outputTokens / (static_cast<double>(r.lastTokenNs) / 1e9);
}

qint64 recordEndNs(const RequestRecord &r)
{
    if (r.endNs >= 0)
        return r.endNs;
    qint64 latest = 0;
    for (qint64 t : { r.connectNs, r.tlsNs, r.requestSentNs, r.headersNs, r.firstByteNs, r.ttftNs, r.ttfcNs,
             r.lastTokenNs, r.doneNs })
        latest = std::max(latest, t);
    if (!r.chunkTimesNs.isEmpty())
        latest = std::max(latest, r.chunkTimesNs.constLast());
    return latest;
}

QString errorKindOf(const RequestRecord &r)
{
    return r.errorKind.isEmpty() ? QStringLiteral("unknown") : r.errorKind;
}

LevelSummary summarizeLevel(const QList<RequestRecord> &measured, int concurrency, int minTokensForTpot)
{
    LevelSummary s;
    s.concurrency = concurrency;
    QList<const RequestRecord *> counted;
    Samples samples;
    for (const RequestRecord &r : measured) {
        if (r.warmup)
            continue;
        counted.append(&r);
        s.connectionsOpened += r.connectionsOpened;
        if (!r.ok) {
            ++s.failed;
            ++s.errorsByKind[errorKindOf(r)];
            continue;
        }
        ++s.completed;
        addTokens(s, r);
        collectCompleted(r, minTokensForTpot, samples, s);
    }
    s.requests = static_cast<int>(counted.size());
    s.durationS = durationS(counted);
    setThroughput(s);
    setDistributions(s, samples);
    return s;
}

QList<LevelSummary> summarizeRun(const QList<RequestRecord> &records, const RunConfig &config)
{
    QList<int> order;
    for (int level : config.concurrencyLevels)
        if (!order.contains(level))
            order.append(level);
    for (const RequestRecord &r : records)
        if (!r.warmup && !order.contains(r.level))
            order.append(r.level);

    QList<LevelSummary> out;
    for (int level : order) {
        QList<RequestRecord> measured;
        for (const RequestRecord &r : records)
            if (!r.warmup && r.level == level)
                measured.append(r);
        if (!measured.isEmpty())
            out.append(summarizeLevel(measured, level, config.minTokensForTpot));
    }
    return out;
}

} // namespace TokenScope::Stats
