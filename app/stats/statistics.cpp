// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statistics.h"

#include "stats/steadystate.h"

#include "bootstrap.h"
#include "core/failurekind.h"

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
    std::vector<WeightedSample> itlPerToken;
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
    const std::vector<WeightedSample> perToken = itlPerTokenMs(r);
    samples.itlPerToken.insert(samples.itlPerToken.end(), perToken.begin(), perToken.end());
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

// (n - 1) / (last - first) in events per second over times in ns; 0 for fewer than two or no span.
double ratePerSecond(const std::vector<qint64> &timesNs)
{
    if (timesNs.size() < 2)
        return 0;
    const auto [first, last] = std::minmax_element(timesNs.cbegin(), timesNs.cend());
    return *last > *first ? static_cast<double>(timesNs.size() - 1) / (static_cast<double>(*last - *first) / 1e9) : 0;
}

// Open loop (docs/metrics.md#latency-from-the-schedule): the sends against their schedule, and the
// latencies a user would have seen had they sent on time.
void setScheduleFigures(LevelSummary &s, const QList<const RequestRecord *> &counted)
{
    std::vector<double> lag, capWait, ttft, e2el;
    std::vector<qint64> sends, scheduled;
    for (const RequestRecord *r : counted) {
        if (!r->isScheduled())
            continue;
        const qint64 lagNs = r->sendLagNs();
        lag.push_back(nsToMs(std::max<qint64>(0, lagNs - r->capWaitNs)));
        if (r->capWaitNs > 0)
            capWait.push_back(nsToMs(r->capWaitNs));
        if (r->errorKind == failureKindName(FailureKind::NotSent))
            continue; // never went out: no send to count, no latency to shift
        sends.push_back(r->tStartNs);
        scheduled.push_back(r->scheduledNs);
        if (!r->ok)
            continue;
        if (r->ttftNs >= 0)
            ttft.push_back(nsToMs(r->ttftNs + lagNs));
        if (r->lastTokenNs >= 0)
            e2el.push_back(nsToMs(r->lastTokenNs + lagNs));
    }
    s.achievedRequestRate = ratePerSecond(sends);
    s.scheduledRequestRate = ratePerSecond(scheduled);
    s.sendLagMs = summarize(std::move(lag));
    s.capWaitMs = summarize(std::move(capWait));
    s.ttftFromScheduledMs = summarize(std::move(ttft));
    s.e2elFromScheduledMs = summarize(std::move(e2el));
}

void setGoodput(LevelSummary &s, const QList<const RequestRecord *> &completed, const GoodputSlo &slo)
{
    if (!slo.isSet())
        return;
    s.hasGoodput = true;
    s.goodRequests = int(std::count_if(completed.cbegin(), completed.cend(), [&slo](const RequestRecord *r) { return meetsGoodput(*r, slo); }));
    s.requestGoodput = s.durationS > 0 ? s.goodRequests / s.durationS : 0;
    s.goodputFraction = s.requests > 0 ? static_cast<double>(s.goodRequests) / s.requests : 0;
}

Distribution summarizeSorted(const std::vector<double> &sorted)
{
    Distribution d;
    if (sorted.empty())
        return d;
    d.count = static_cast<int>(sorted.size());
    d.mean = std::accumulate(sorted.begin(), sorted.end(), 0.0) / static_cast<double>(sorted.size());
    d.std = populationStd(sorted, d.mean);
    d.min = sorted.front();
    d.max = sorted.back();
    d.p50 = percentile(sorted, 50);
    d.p90 = percentile(sorted, 90);
    d.p95 = percentile(sorted, 95);
    d.p99 = percentile(sorted, 99);
    return d;
}

// A request latency's figures with their percentiles' 95 % intervals (docs/metrics.md#confidence-intervals).
Distribution summarizeWithIntervals(std::vector<double> values, int levelIndex, IntervalMetric metric)
{
    std::sort(values.begin(), values.end());
    Distribution d = summarizeSorted(values);
    setPercentileIntervals(d, values, levelIndex, metric);
    return d;
}

void setDistributions(LevelSummary &s, Samples &samples)
{
    s.ttftMs = summarizeWithIntervals(std::move(samples.ttft), s.levelIndex, IntervalMetric::Ttft);
    s.ttftFromSentMs
        = summarizeWithIntervals(std::move(samples.ttftFromSent), s.levelIndex, IntervalMetric::TtftFromSent);
    s.tpotMs = summarizeWithIntervals(std::move(samples.tpot), s.levelIndex, IntervalMetric::Tpot);
    s.itlMs = summarizeWithIntervals(std::move(samples.itl), s.levelIndex, IntervalMetric::Itl);
    s.e2elMs = summarizeWithIntervals(std::move(samples.e2el), s.levelIndex, IntervalMetric::E2el);
    s.tps = summarize(std::move(samples.tps));
    s.itlPerTokenMs = summarizeWeighted(std::move(samples.itlPerToken));
}

// Output throughput's interval resamples every counted request, a failed one adding no tokens.
void setThroughputInterval(LevelSummary &s, const QList<const RequestRecord *> &counted)
{
    std::vector<double> tokens;
    tokens.reserve(static_cast<size_t>(counted.size()));
    for (const RequestRecord *r : counted)
        tokens.push_back(r->ok ? static_cast<double>(std::max(0, r->outputTokens)) : 0.0);
    s.outputThroughputCi
        = throughputInterval(tokens, s.durationS, intervalSeed(s.levelIndex, IntervalMetric::OutputThroughput));
}

// The value at 0-based `index` of the expanded sample, given the running weight after each entry.
double expandedAt(const std::vector<WeightedSample> &sorted, const std::vector<qint64> &cumulative, qint64 index)
{
    const auto at = std::upper_bound(cumulative.cbegin(), cumulative.cend(), index);
    return sorted[static_cast<size_t>(std::distance(cumulative.cbegin(), at))].value;
}

// percentile() of the expanded sample: the same linear interpolation between closest ranks.
double weightedPercentile(const std::vector<WeightedSample> &sorted, const std::vector<qint64> &cumulative, double p)
{
    const qint64 total = cumulative.back();
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(total - 1);
    const auto lower = static_cast<qint64>(std::floor(rank));
    const qint64 upper = std::min(lower + 1, total - 1);
    const double low = expandedAt(sorted, cumulative, lower);
    return low + (expandedAt(sorted, cumulative, upper) - low) * (rank - static_cast<double>(lower));
}

} // namespace

Distribution summarizeWeighted(std::vector<WeightedSample> samples)
{
    std::erase_if(samples, [](const WeightedSample &s) { return s.weight < 1; });
    Distribution d;
    if (samples.empty())
        return d;
    std::sort(samples.begin(), samples.end(),
        [](const WeightedSample &a, const WeightedSample &b) { return a.value < b.value; });
    std::vector<qint64> cumulative;
    cumulative.reserve(samples.size());
    qint64 total = 0;
    double sum = 0;
    for (const WeightedSample &s : samples) {
        cumulative.push_back(total += s.weight);
        sum += s.value * s.weight;
    }
    d.count = static_cast<int>(std::min<qint64>(total, std::numeric_limits<int>::max()));
    d.mean = sum / static_cast<double>(total);
    double sumSq = 0;
    for (const WeightedSample &s : samples)
        sumSq += (s.value - d.mean) * (s.value - d.mean) * s.weight;
    d.std = std::sqrt(sumSq / static_cast<double>(total));
    d.min = samples.front().value;
    d.max = samples.back().value;
    d.p50 = weightedPercentile(samples, cumulative, 50);
    d.p90 = weightedPercentile(samples, cumulative, 90);
    d.p95 = weightedPercentile(samples, cumulative, 95);
    d.p99 = weightedPercentile(samples, cumulative, 99);
    return d;
}

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
    std::sort(values.begin(), values.end());
    return summarizeSorted(values);
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

std::vector<WeightedSample> itlPerTokenMs(const RequestRecord &r)
{
    std::vector<WeightedSample> samples;
    if (!r.hasChunkTokens())
        return samples;
    // The first chunk's tokens came with TTFT and have no gap. A chunk that brought no token adds
    // its gap to the next one that did, so the samples add up to first-to-last token-bearing chunk.
    qint64 previousNs = r.chunkTimesNs.constFirst();
    for (qsizetype i = 1; i < r.chunkTimesNs.size(); ++i) {
        const int tokens = r.chunkTokens.at(i);
        if (tokens <= 0)
            continue;
        samples.push_back({ nsToMs(r.chunkTimesNs.at(i) - previousNs) / tokens, tokens });
        previousNs = r.chunkTimesNs.at(i);
    }
    return samples;
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

bool meetsGoodput(const RequestRecord &r, const GoodputSlo &slo)
{
    if (!r.ok)
        return false;
    const double ttft = ttftMs(r);
    const double tpot = tpotMs(r);
    const double e2el = r.e2eMs();
    return (slo.ttftMs < 0 || (ttft >= 0 && ttft <= slo.ttftMs)) && (slo.tpotMs < 0 || tpot < 0 || tpot <= slo.tpotMs)
        && (slo.e2elMs < 0 || (e2el >= 0 && e2el <= slo.e2elMs));
}

// The prompt lengths the server counted, their aims, its cache and early stops
// (docs/metrics.md#workload-figures).
static void setWorkloadFigures(LevelSummary &s, const QList<const RequestRecord *> &completed)
{
    std::vector<double> counted;
    qint64 promptTokensOfCacheReports = 0;
    for (const RequestRecord *r : completed) {
        if (r->promptTokens >= 0)
            counted.push_back(r->promptTokens);
        if (r->targetInputTokens > 0 && r->promptTokens >= 0) {
            ++s.inputTokensTargeted;
            const double offPct = 100.0 * std::abs(r->promptTokens - r->targetInputTokens) / r->targetInputTokens;
            s.inputTokensWorstOffPct = std::max(s.inputTokensWorstOffPct, offPct);
            if (offPct > 1.0)
                ++s.inputTokensOffTarget;
        }
        if (r->cachedTokens >= 0 && r->promptTokens > 0) {
            ++s.cacheReported;
            s.cacheHitRequests += r->cachedTokens > 0 ? 1 : 0;
            s.cachedTokens += r->cachedTokens;
            promptTokensOfCacheReports += r->promptTokens;
        }
        if (r->maxTokens > 0 && r->outputTokens < r->maxTokens)
            ++s.outputsShort;
    }
    s.inputTokens = summarize(std::move(counted));
    if (promptTokensOfCacheReports > 0)
        s.cacheHitShare = double(s.cachedTokens) / double(promptTokensOfCacheReports);
}

LevelSummary summarizeLevel(const QList<RequestRecord> &measured, const LoadPoint &point, int minTokensForTpot,
                            const GoodputSlo &slo)
{
    LevelSummary s;
    s.levelIndex = point.index;
    s.concurrency = point.concurrency;
    s.point = point;
    int withPromptTokens = 0;
    QList<const RequestRecord *> counted, completed;
    Samples samples;
    for (const RequestRecord &r : measured) {
        if (r.warmup)
            continue;
        if (r.rampUp) {
            ++s.rampUpExcluded;
            continue;
        }
        counted.append(&r);
        s.connectionsOpened += r.connectionsOpened;
        s.http1Responses += r.httpVersion == 1 ? 1 : 0;
        s.http2Responses += r.httpVersion == 2 ? 1 : 0;
        if (!r.ok) {
            ++s.failed;
            ++s.errorsByKind[errorKindOf(r)];
            if (r.errorKind == failureKindName(FailureKind::Incomplete) || r.errorKind == failureKindName(FailureKind::NotSent))
                ++s.incomplete;
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
    setThroughputInterval(s, counted);
    setReadCoalescing(s, counted, samples.itl);
    setClientQueue(s, completed);
    setDistributions(s, samples);
    setScheduleFigures(s, counted);
    setGoodput(s, completed, slo);
    setWorkloadFigures(s, completed);
    return s;
}

QList<LevelSummary> summarizeLevelArms(const QList<RequestRecord> &levelRecords, const LoadPoint &point, int armCount,
                                       int minTokensForTpot, const GoodputSlo &slo)
{
    QList<LevelSummary> out;
    for (int arm = 0; arm < std::max(1, armCount); ++arm) {
        QList<RequestRecord> ofArm;
        for (const RequestRecord &r : levelRecords)
            if (r.arm == arm)
                ofArm.append(r);
        LevelSummary summary = summarizeLevel(ofArm, point, minTokensForTpot, slo);
        summary.arm = arm;
        summary.steady = steadyState(ofArm, point, minTokensForTpot);
        out.append(summary);
    }
    return out;
}

QList<LevelSummary> summarizeRun(const QList<RequestRecord> &records, const RunConfig &config, int armCount,
                                 const QList<LoadPoint> &runPoints)
{
    QList<LoadPoint> points = runPoints.isEmpty() ? config.loadPoints() : runPoints;
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
        for (const LevelSummary &summary : summarizeLevelArms(measured, point, armCount, config.minTokensForTpot, config.goodput))
            if (summary.requests > 0)
                out.append(summary);
    }
    return out;
}

} // namespace TokenScope::Stats

namespace TokenScope::Stats {

namespace {

const Distribution *levelDistribution(const LevelSummary &l, const QString &metric)
{
    static const QList<QPair<QString, const Distribution LevelSummary::*>> kDistributions {
        { QStringLiteral("ttft"), &LevelSummary::ttftMs },
        { QStringLiteral("ttft_from_sent"), &LevelSummary::ttftFromSentMs },
        { QStringLiteral("ttft_from_scheduled"), &LevelSummary::ttftFromScheduledMs },
        { QStringLiteral("tpot"), &LevelSummary::tpotMs },
        { QStringLiteral("itl"), &LevelSummary::itlMs },
        { QStringLiteral("itl_per_token"), &LevelSummary::itlPerTokenMs },
        { QStringLiteral("e2el"), &LevelSummary::e2elMs },
        { QStringLiteral("e2el_from_scheduled"), &LevelSummary::e2elFromScheduledMs },
        { QStringLiteral("send_lag"), &LevelSummary::sendLagMs },
        { QStringLiteral("cap_wait"), &LevelSummary::capWaitMs },
        { QStringLiteral("client_queue"), &LevelSummary::clientQueueMs },
    };
    for (const auto &[name, member] : kDistributions)
        if (name == metric)
            return &(l.*member);
    return nullptr;
}

bool statOf(const Distribution &d, const QString &stat, double *value)
{
    const QList<QPair<QString, double>> stats { { QStringLiteral("mean"), d.mean }, { QStringLiteral("median"), d.p50 },
        { QStringLiteral("std"), d.std }, { QStringLiteral("min"), d.min }, { QStringLiteral("max"), d.max },
        { QStringLiteral("p50"), d.p50 }, { QStringLiteral("p90"), d.p90 }, { QStringLiteral("p95"), d.p95 },
        { QStringLiteral("p99"), d.p99 } };
    for (const auto &[name, v] : stats) {
        if (name == stat) {
            *value = v;
            return true;
        }
    }
    return false;
}

} // namespace

bool levelMetric(const LevelSummary &l, const QString &name, double *value)
{
    const QList<QPair<QString, double>> plain { { QStringLiteral("request_throughput"), l.requestThroughput },
        { QStringLiteral("output_throughput"), l.outputThroughput },
        { QStringLiteral("total_token_throughput"), l.totalTokenThroughput },
        { QStringLiteral("achieved_request_rate"), l.achievedRequestRate },
        { QStringLiteral("request_goodput"), l.requestGoodput }, { QStringLiteral("goodput_fraction"), l.goodputFraction },
        { QStringLiteral("failed"), double(l.failed) } };
    for (const auto &[key, v] : plain) {
        if (key == name) {
            if (key.contains(QLatin1String("goodput")) && !l.hasGoodput)
                return false;
            *value = v;
            return true;
        }
    }
    // stat_metric_ms, e.g. p95_ttft_ms
    if (!name.endsWith(QLatin1String("_ms")))
        return false;
    const qsizetype underscore = name.indexOf(u'_');
    if (underscore <= 0)
        return false;
    const Distribution *d = levelDistribution(l, name.mid(underscore + 1).chopped(3));
    double v = 0;
    if (!d || !statOf(*d, name.left(underscore), &v) || d->count == 0)
        return false;
    *value = v;
    return true;
}

bool isLevelMetric(const QString &name)
{
    LevelSummary sample;
    sample.hasGoodput = true;
    for (Distribution *d : { &sample.ttftMs, &sample.ttftFromSentMs, &sample.ttftFromScheduledMs, &sample.tpotMs,
             &sample.itlMs, &sample.itlPerTokenMs, &sample.e2elMs, &sample.e2elFromScheduledMs, &sample.sendLagMs,
             &sample.capWaitMs, &sample.clientQueueMs })
        d->count = 1;
    double ignored = 0;
    return levelMetric(sample, name, &ignored);
}

} // namespace TokenScope::Stats
