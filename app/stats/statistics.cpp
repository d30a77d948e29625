// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

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

void setReadCoalescing(LevelSummary &s, const QList<const RequestRecord *> &records, const std::vector<double> &itl)
{
    qint64 events = 0, reads = 0;
    for (const RequestRecord *r : records) {
        if (r->ok) {
            events += r->events;
            reads += r->reads;
        }
    }
    s.eventsPerRead = reads > 0 ? static_cast<double>(events) / static_cast<double>(reads) : 0;
    const auto zeros = std::count(itl.cbegin(), itl.cend(), 0.0);
    s.zeroGapShare = itl.empty() ? 0 : static_cast<double>(zeros) / static_cast<double>(itl.size());
}

// The most of `intervals` (begin, end) that overlap at one instant; an end before a begin at the same time.
int peakOverlap(const std::vector<std::pair<qint64, qint64>> &intervals)
{
    std::vector<std::pair<qint64, int>> steps;
    steps.reserve(intervals.size() * 2);
    for (const auto &[begin, end] : intervals) {
        steps.emplace_back(begin, +1);
        steps.emplace_back(end, -1);
    }
    std::sort(steps.begin(), steps.end()); // at one time, -1 sorts before +1
    int open = 0, peak = 0;
    for (const auto &step : steps)
        peak = std::max(peak, open += step.second);
    return peak;
}

// Requests queued inside the client (docs/metrics.md#requests-queued-in-the-client), over the level's
// completed requests: in flight from the post to the end, on the wire from request_sent to the end.
// Without a limit in the client every request is sent within a few ms of its post, well before any
// stream ends, so the two peaks are equal. When Qt holds requests back (HTTP/2 streams past the
// server's SETTINGS_MAX_CONCURRENT_STREAMS, HTTP/1.1 requests past a manager's 6 connections), the
// peak on the wire stays below; only then are queued requests counted. Qt reports the end of the
// stream that made room before it sends the next request, so a queued request has another's end
// between its post and its request_sent. The peak test keeps out the requests that merely had
// another end during their few ms of dispatch.
void setClientQueue(LevelSummary &s, const QList<const RequestRecord *> &completed)
{
    std::vector<std::pair<qint64, qint64>> inFlight, onWire;
    std::vector<qint64> ends;
    for (const RequestRecord *r : completed) {
        if (r->requestSentNs < 0)
            continue;
        const qint64 end = r->tStartNs + recordEndNs(*r);
        inFlight.emplace_back(r->tStartNs, end);
        onWire.emplace_back(r->tStartNs + r->requestSentNs, end);
        ends.push_back(end);
    }
    s.peakInFlight = peakOverlap(inFlight);
    s.peakOnWire = peakOverlap(onWire);
    if (s.peakOnWire >= s.peakInFlight)
        return;
    std::sort(ends.begin(), ends.end());
    std::vector<double> waits;
    for (size_t i = 0; i < inFlight.size(); ++i) {
        const auto [post, end] = inFlight[i];
        const qint64 sent = onWire[i].first;
        // Ends strictly between this request's post and its request_sent, its own end left out.
        const auto between = std::lower_bound(ends.cbegin(), ends.cend(), sent)
            - std::upper_bound(ends.cbegin(), ends.cend(), post) - (end > post && end < sent ? 1 : 0);
        if (between > 0)
            waits.push_back(nsToMs(sent - post));
    }
    s.queuedInClient = static_cast<int>(waits.size());
    s.clientQueueMs = summarize(std::move(waits));
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

LevelSummary summarizeLevel(const QList<RequestRecord> &measured, const LoadPoint &point, int minTokensForTpot)
{
    LevelSummary s;
    s.levelIndex = point.index;
    s.concurrency = point.concurrency;
    int withPromptTokens = 0;
    QList<const RequestRecord *> counted, completed;
    Samples samples;
    for (const RequestRecord &r : measured) {
        if (r.warmup)
            continue;
        counted.append(&r);
        s.connectionsOpened += r.connectionsOpened;
        s.http1Responses += r.httpVersion == 1 ? 1 : 0;
        s.http2Responses += r.httpVersion == 2 ? 1 : 0;
        if (!r.ok) {
            ++s.failed;
            ++s.errorsByKind[errorKindOf(r)];
            continue;
        }
        ++s.completed;
        completed.append(&r);
        addTokens(s, r);
        if (r.promptTokens >= 0)
            ++withPromptTokens;
        collectCompleted(r, minTokensForTpot, samples, s);
    }
    if (withPromptTokens > 0)
        s.meanInputTokens = static_cast<double>(s.totalInputTokens) / withPromptTokens;
    s.requests = static_cast<int>(counted.size());
    s.durationS = durationS(counted);
    setThroughput(s);
    setReadCoalescing(s, counted, samples.itl);
    setClientQueue(s, completed);
    setDistributions(s, samples);
    return s;
}

QList<LevelSummary> summarizeLevelArms(const QList<RequestRecord> &levelRecords, const LoadPoint &point, int armCount,
                                       int minTokensForTpot)
{
    QList<LevelSummary> out;
    for (int arm = 0; arm < std::max(1, armCount); ++arm) {
        QList<RequestRecord> ofArm;
        for (const RequestRecord &r : levelRecords)
            if (r.arm == arm)
                ofArm.append(r);
        LevelSummary summary = summarizeLevel(ofArm, point, minTokensForTpot);
        summary.arm = arm;
        out.append(summary);
    }
    return out;
}

QList<LevelSummary> summarizeRun(const QList<RequestRecord> &records, const RunConfig &config, int armCount)
{
    QList<LoadPoint> points = config.loadPoints();
    for (const RequestRecord &r : records) {
        const bool known = std::any_of(points.cbegin(), points.cend(), [&r](const LoadPoint &p) { return p.index == r.levelIndex; });
        if (!r.warmup && !known)
            points.append(LoadPoint::closedLoop(r.level, r.levelIndex));
    }
    QList<LevelSummary> out;
    for (const LoadPoint &point : std::as_const(points)) {
        QList<RequestRecord> measured;
        for (const RequestRecord &r : records)
            if (!r.warmup && r.levelIndex == point.index)
                measured.append(r);
        for (const LevelSummary &summary : summarizeLevelArms(measured, point, armCount, config.minTokensForTpot))
            if (summary.requests > 0)
                out.append(summary);
    }
    return out;
}

} // namespace TokenScope::Stats
