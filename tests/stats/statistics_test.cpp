// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/schedulecheck.h"
#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace TokenScope;

namespace {

constexpr qint64 msToNs(double ms)
{
    return static_cast<qint64>(ms * 1e6 + (ms >= 0 ? 0.5 : -0.5));
}

QList<qint64> evenChunksNs(double firstMs, double stepMs, int count)
{
    QList<qint64> out;
    for (int i = 0; i < count; ++i)
        out.append(msToNs(firstMs + stepMs * i));
    return out;
}

// A completed request whose chunks arrive every stepMs from ttftMs, one token each, usage present.
RequestRecord okRecord(double postMs, double sentMs, double ttftMs, double stepMs, int tokens, int promptTokens = 50)
{
    RequestRecord r;
    r.level = 2;
    r.ok = true;
    r.httpStatus = 200;
    r.tStartNs = msToNs(postMs);
    r.requestSentNs = msToNs(sentMs);
    r.ttftNs = r.ttfcNs = msToNs(ttftMs);
    r.chunkTimesNs = evenChunksNs(ttftMs, stepMs, tokens);
    r.lastTokenNs = r.chunkTimesNs.constLast();
    r.doneNs = r.lastTokenNs + msToNs(1);
    r.endNs = r.lastTokenNs + msToNs(5);
    r.outputTokens = tokens;
    r.outputTokensFromUsage = true;
    r.promptTokens = promptTokens;
    return r;
}

RequestRecord failedRecord(double postMs, double endMs, const QString &kind)
{
    RequestRecord r;
    r.level = 2;
    r.httpStatus = 429;
    r.errorKind = kind;
    r.errorMessage = QStringLiteral("Too many requests");
    r.tStartNs = msToNs(postMs);
    r.headersNs = msToNs(endMs - 1);
    r.endNs = msToNs(endMs);
    return r;
}

} // namespace

TEST(StatPercentile, LinearInterpolationLikeNumpy)
{
    const std::vector<double> v { 1, 2, 3, 4 };
    EXPECT_DOUBLE_EQ(Stats::percentile(v, 50), 2.5);
    EXPECT_NEAR(Stats::percentile(v, 90), 3.7, 1e-12);
    EXPECT_NEAR(Stats::percentile(v, 99), 3.97, 1e-12);
    EXPECT_DOUBLE_EQ(Stats::percentile(v, 0), 1);
    EXPECT_DOUBLE_EQ(Stats::percentile(v, 100), 4);
    EXPECT_DOUBLE_EQ(Stats::percentile(v, 25), 1.75);
}

TEST(StatPercentile, EmptyAndSingleSample)
{
    EXPECT_DOUBLE_EQ(Stats::percentile({}, 50), 0);
    EXPECT_DOUBLE_EQ(Stats::percentile({ 7.5 }, 0), 7.5);
    EXPECT_DOUBLE_EQ(Stats::percentile({ 7.5 }, 99), 7.5);
}

TEST(StatSummarize, PopulationStdAndPercentiles)
{
    // Unsorted on purpose: summarize sorts its copy.
    const Distribution d = Stats::summarize({ 9, 2, 4, 5, 4, 7, 4, 5 });
    EXPECT_EQ(d.count, 8);
    EXPECT_DOUBLE_EQ(d.mean, 5);
    EXPECT_DOUBLE_EQ(d.std, 2); // population std (ddof=0); the sample std would be 2.138
    EXPECT_DOUBLE_EQ(d.min, 2);
    EXPECT_DOUBLE_EQ(d.max, 9);
    EXPECT_DOUBLE_EQ(d.p50, 4.5);
    EXPECT_NEAR(d.p90, 7.6, 1e-12); // rank 6.3 between 7 and 9
    EXPECT_NEAR(d.p95, 8.3, 1e-12);
    EXPECT_NEAR(d.p99, 8.86, 1e-12);
}

TEST(StatSummarize, EmptySampleIsAllZero)
{
    const Distribution d = Stats::summarize({});
    EXPECT_EQ(d.count, 0);
    EXPECT_EQ(d.mean, 0);
    EXPECT_EQ(d.std, 0);
    EXPECT_EQ(d.p99, 0);
}

TEST(StatSummarize, SingleSampleHasZeroStd)
{
    const Distribution d = Stats::summarize({ 42 });
    EXPECT_EQ(d.count, 1);
    EXPECT_DOUBLE_EQ(d.mean, 42);
    EXPECT_DOUBLE_EQ(d.std, 0);
    EXPECT_DOUBLE_EQ(d.p95, 42);
}

TEST(StatRequest, MetricsOfOneRequest)
{
    const RequestRecord r = okRecord(0, 2, 50, 10, 21);
    EXPECT_DOUBLE_EQ(Stats::ttftMs(r), 50);
    EXPECT_DOUBLE_EQ(Stats::ttftFromSentMs(r), 48);
    EXPECT_DOUBLE_EQ(Stats::tpotMs(r), 10); // (250 - 50) / (21 - 1)
    EXPECT_DOUBLE_EQ(Stats::tps(r), 84); // 21 tokens / 0.25 s
    const std::vector<double> itl = Stats::itlMs(r);
    ASSERT_EQ(itl.size(), 20u);
    for (double gap : itl)
        EXPECT_NEAR(gap, 10, 1e-9);
}

TEST(StatRequest, TpotUsesTokenCountNotChunkCount)
{
    RequestRecord r = okRecord(0, 2, 50, 50, 5); // 5 chunks, last at 250 ms
    r.outputTokens = 41; // usage: several tokens per chunk
    EXPECT_DOUBLE_EQ(Stats::tpotMs(r), 5); // 200 ms / 40
    EXPECT_EQ(Stats::itlMs(r).size(), 4u); // ITL stays per chunk
    EXPECT_DOUBLE_EQ(Stats::tps(r), 164);
}

TEST(StatRequest, AbsentPhasesGiveMinusOne)
{
    RequestRecord r = okRecord(0, 2, 50, 10, 21);
    r.requestSentNs = RequestRecord::kNever;
    EXPECT_EQ(Stats::ttftFromSentMs(r), -1);
    EXPECT_DOUBLE_EQ(Stats::ttftMs(r), 50);

    RequestRecord none;
    EXPECT_EQ(Stats::ttftMs(none), -1);
    EXPECT_EQ(Stats::ttftFromSentMs(none), -1);
    EXPECT_EQ(Stats::tpotMs(none), -1);
    EXPECT_EQ(Stats::tps(none), -1);
    EXPECT_TRUE(Stats::itlMs(none).empty());
}

TEST(StatRequest, TpotNeedsTwoTokens)
{
    RequestRecord r = okRecord(0, 2, 50, 10, 1);
    EXPECT_EQ(Stats::tpotMs(r), -1);
    EXPECT_TRUE(Stats::itlMs(r).empty());
    r.outputTokens = 0;
    EXPECT_EQ(Stats::tpotMs(r), -1);
    r.outputTokens = 2;
    EXPECT_DOUBLE_EQ(Stats::tpotMs(r), 0); // one chunk carried both tokens
}

TEST(StatRequest, RecordEndFallsBackToLatestOffset)
{
    RequestRecord r = okRecord(0, 2, 50, 10, 3);
    EXPECT_EQ(Stats::recordEndNs(r), msToNs(75));
    r.endNs = RequestRecord::kNever; // cancelled mid-stream
    r.doneNs = RequestRecord::kNever;
    EXPECT_EQ(Stats::recordEndNs(r), msToNs(70));
    EXPECT_EQ(Stats::recordEndNs(RequestRecord {}), 0);
}

// Hand-computed level: A and B are long, C is short (5 tokens), D failed late, W is a warm-up.
class StatLevel : public ::testing::Test
{
protected:
    RequestRecord a = okRecord(1000, 10, 100, 10, 21); // TPOT 10, e2e 300, ends at 1305
    RequestRecord b = okRecord(1050, 20, 200, 20, 21); // TPOT 20, e2e 600, ends at 1655
    RequestRecord c = okRecord(1400, 5, 50, 10, 5); // TPOT 10 but short; e2e 90
    RequestRecord d = failedRecord(1500, 700, QStringLiteral("http_429")); // ends at 2200
    QList<RequestRecord> measured { a, b, c, d };
};

TEST(StatLevelIntervals, SixteenRequestsGiveP50IntervalsButNoP99)
{
    QList<RequestRecord> records;
    for (int i = 0; i < 16; ++i)
        records.append(okRecord(100.0 * i, 100.0 * i + 1, 40.0 + i, 5, 30 + i));
    const LevelSummary s = Stats::summarizeLevel(records, LoadPoint::closedLoop(1), 2);
    ASSERT_EQ(s.ttftMs.count, 16);
    EXPECT_TRUE(s.ttftMs.p50Ci.valid);
    EXPECT_LE(s.ttftMs.p50Ci.lo, s.ttftMs.p50);
    EXPECT_GE(s.ttftMs.p50Ci.hi, s.ttftMs.p50);
    EXPECT_FALSE(s.ttftMs.p99Ci.valid);
    EXPECT_FALSE(s.e2elMs.p95Ci.valid);
    EXPECT_TRUE(s.itlMs.p99Ci.valid); // 16 requests of 29..44 gaps each: over 500 gaps
    EXPECT_TRUE(s.outputThroughputCi.valid);
    EXPECT_LE(s.outputThroughputCi.lo, s.outputThroughput);
    EXPECT_GE(s.outputThroughputCi.hi, s.outputThroughput);
    EXPECT_FALSE(Stats::summarize({ 1, 2, 3 }).p50Ci.valid); // plain summaries carry no interval
}

TEST_F(StatLevel, CountsAndDuration)
{
    const LevelSummary s = Stats::summarizeLevel(measured, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.concurrency, 2);
    EXPECT_EQ(s.requests, 4);
    EXPECT_EQ(s.completed, 3);
    EXPECT_EQ(s.failed, 1);
    EXPECT_EQ(s.errorsByKind.value(QStringLiteral("http_429")), 1);
    EXPECT_EQ(s.errorsByKind.size(), 1);
    // First post 1000 ms, last end is the failed request's 1500 + 700 ms.
    EXPECT_NEAR(s.durationS, 1.2, 1e-12);
    EXPECT_EQ(s.totalOutputTokens, 47);
    EXPECT_EQ(s.totalInputTokens, 150);
    EXPECT_NEAR(s.requestThroughput, 2.5, 1e-9);
    EXPECT_NEAR(s.outputThroughput, 47 / 1.2, 1e-9);
    EXPECT_NEAR(s.totalTokenThroughput, 197 / 1.2, 1e-9);
    EXPECT_EQ(s.outputTokensFromChunks, 0);
}

TEST_F(StatLevel, ShortRequestExcludedFromTpotAndItlButCounted)
{
    const LevelSummary s = Stats::summarizeLevel(measured, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.shortOutputExcluded, 1);
    EXPECT_EQ(s.tpotMs.count, 2);
    EXPECT_NEAR(s.tpotMs.mean, 15, 1e-9);
    EXPECT_NEAR(s.tpotMs.p50, 15, 1e-9);
    EXPECT_NEAR(s.tpotMs.std, 5, 1e-9);
    EXPECT_EQ(s.itlMs.count, 40); // 20 gaps of 10 ms + 20 of 20 ms; C's 4 gaps left out
    EXPECT_NEAR(s.itlMs.mean, 15, 1e-9);
    EXPECT_NEAR(s.itlMs.p50, 15, 1e-9);
    EXPECT_NEAR(s.itlMs.min, 10, 1e-9);
    EXPECT_NEAR(s.itlMs.max, 20, 1e-9);
}

TEST_F(StatLevel, LatencyDistributionsOverCompletedRequests)
{
    const LevelSummary s = Stats::summarizeLevel(measured, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.ttftMs.count, 3); // the short request still has a TTFT
    EXPECT_NEAR(s.ttftMs.p50, 100, 1e-9);
    EXPECT_NEAR(s.ttftMs.mean, 350.0 / 3, 1e-9);
    EXPECT_NEAR(s.ttftMs.min, 50, 1e-9);
    EXPECT_NEAR(s.ttftMs.max, 200, 1e-9);
    EXPECT_EQ(s.ttftFromSentMs.count, 3);
    EXPECT_NEAR(s.ttftFromSentMs.p50, 90, 1e-9);
    EXPECT_EQ(s.e2elMs.count, 3);
    EXPECT_NEAR(s.e2elMs.p50, 300, 1e-9);
    EXPECT_EQ(s.tps.count, 3);
    EXPECT_NEAR(s.tps.p50, 5 / 0.09, 1e-9); // {35, 55.6, 70}
}

TEST_F(StatLevel, MinTokensBelowTwoKeepsEveryTpot)
{
    const LevelSummary s = Stats::summarizeLevel(measured, LoadPoint::closedLoop(2), 1);
    EXPECT_EQ(s.shortOutputExcluded, 0);
    EXPECT_EQ(s.tpotMs.count, 3);
    EXPECT_EQ(s.itlMs.count, 44);
}

TEST_F(StatLevel, WarmupIsNeverCounted)
{
    RequestRecord w = okRecord(0, 1, 400, 10, 21); // posted long before: would stretch duration
    w.warmup = true;
    QList<RequestRecord> withWarmup { w };
    withWarmup += measured;
    const LevelSummary s = Stats::summarizeLevel(withWarmup, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.requests, 4);
    EXPECT_EQ(s.completed, 3);
    EXPECT_NEAR(s.durationS, 1.2, 1e-12);
    EXPECT_EQ(s.ttftMs.count, 3);
}

TEST_F(StatLevel, FailedRequestCountsInDurationOnly)
{
    d.errorKind.clear(); // a failure the engine could not name
    const LevelSummary s = Stats::summarizeLevel({ a, d }, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.failed, 1);
    EXPECT_EQ(s.errorsByKind.value(QStringLiteral("unknown")), 1);
    EXPECT_NEAR(s.durationS, 1.2, 1e-12);
    EXPECT_EQ(s.ttftMs.count, 1);
    EXPECT_EQ(s.totalOutputTokens, 21);
    EXPECT_NEAR(s.requestThroughput, 1 / 1.2, 1e-9);
}

TEST_F(StatLevel, TokensCountedFromChunksAreCounted)
{
    a.outputTokensFromUsage = false;
    a.promptTokens = -1; // no usage at all: no input tokens either
    const LevelSummary s = Stats::summarizeLevel({ a, b }, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.outputTokensFromChunks, 1);
    EXPECT_EQ(s.totalInputTokens, 50);
}

// Requests queued inside the client (docs/metrics.md#requests-queued-in-the-client): a server that allows
// 2 HTTP/2 streams at concurrency 4. A and B open at once; C and D wait for them, E (posted when A ended)
// waits for C and D. R was opened past the limit before the client had read it and was refused.
TEST(StatClientQueue, StreamLimitBelowConcurrencyQueuesTheRest)
{
    const RequestRecord a = okRecord(0, 1, 20, 10, 21); // on the wire 1 .. 225
    const RequestRecord b = okRecord(0, 1, 20, 10, 21);
    const RequestRecord c = okRecord(0, 226, 245, 10, 21); // sent after A and B ended; ends at 450
    const RequestRecord d = okRecord(0, 226, 245, 10, 21);
    const RequestRecord e = okRecord(225.5, 225.5, 245, 10, 21); // sent at 451, after C and D ended
    RequestRecord refused = failedRecord(0, 3, QStringLiteral("network"));
    refused.requestSentNs = msToNs(1);
    const LevelSummary s = Stats::summarizeLevel({ a, b, c, d, e, refused }, LoadPoint::closedLoop(4), 20);
    EXPECT_EQ(s.peakInFlight, 4);
    EXPECT_EQ(s.peakOnWire, 2);
    EXPECT_EQ(s.queuedInClient, 3);
    EXPECT_EQ(s.clientQueueMs.count, 3);
    EXPECT_NEAR(s.clientQueueMs.p50, 226, 1e-9);
    EXPECT_NEAR(s.clientQueueMs.min, 225.5, 1e-9);
}

// Without a limit in the client every request in flight is on the wire: B was posted when C ended and
// A ended during B's 1.5 ms of dispatch, which is no queue.
TEST(StatClientQueue, AnEndDuringDispatchIsNoQueue)
{
    const RequestRecord a = okRecord(0, 1, 20, 5, 16); // ends at 100
    const RequestRecord c = okRecord(0, 1, 19.4, 5, 16); // ends at 99.4
    const RequestRecord b = okRecord(99.5, 1.5, 20, 5, 16); // sent at 101
    const LevelSummary s = Stats::summarizeLevel({ a, b, c }, LoadPoint::closedLoop(2), 20);
    EXPECT_EQ(s.peakInFlight, 2);
    EXPECT_EQ(s.peakOnWire, 2);
    EXPECT_EQ(s.queuedInClient, 0);
    EXPECT_EQ(s.clientQueueMs.count, 0);
}

TEST(StatLevelEmpty, NoRecordsGivesZeros)
{
    const LevelSummary s = Stats::summarizeLevel({}, LoadPoint::closedLoop(8), 20);
    EXPECT_EQ(s.concurrency, 8);
    EXPECT_EQ(s.requests, 0);
    EXPECT_EQ(s.durationS, 0);
    EXPECT_EQ(s.requestThroughput, 0);
    EXPECT_EQ(s.ttftMs.count, 0);
    EXPECT_TRUE(s.errorsByKind.isEmpty());
}

TEST(StatLevelEmpty, OnlyFailuresHaveNoThroughputButADuration)
{
    const LevelSummary s = Stats::summarizeLevel({ failedRecord(0, 30, QStringLiteral("timeout")) }, LoadPoint::closedLoop(1), 20);
    EXPECT_EQ(s.failed, 1);
    EXPECT_EQ(s.completed, 0);
    EXPECT_NEAR(s.durationS, 0.03, 1e-12);
    EXPECT_EQ(s.requestThroughput, 0);
    EXPECT_EQ(s.tpotMs.count, 0);
}

TEST(StatRun, LevelsInConfigOrderWithoutWarmups)
{
    RunConfig config;
    config.concurrencyLevels = { 4, 1, 16 };
    config.minTokensForTpot = 20;
    RequestRecord warm = okRecord(0, 1, 30, 10, 21);
    warm.warmup = true;
    warm.level = 4;
    warm.levelIndex = -1;
    RequestRecord four = okRecord(100, 1, 30, 10, 21);
    four.level = 4;
    four.levelIndex = 0;
    RequestRecord one = okRecord(500, 1, 30, 10, 3);
    one.level = 1;
    one.levelIndex = 1;
    RequestRecord stray = okRecord(900, 1, 30, 10, 21);
    stray.level = 32; // not in the config: still reported, last
    stray.levelIndex = 7;
    const QList<LevelSummary> levels = Stats::summarizeRun({ warm, one, four, stray }, config);
    ASSERT_EQ(levels.size(), 3); // 16 never ran
    EXPECT_EQ(levels.at(0).concurrency, 4);
    EXPECT_EQ(levels.at(0).requests, 1);
    EXPECT_EQ(levels.at(1).concurrency, 1);
    EXPECT_EQ(levels.at(1).shortOutputExcluded, 1);
    EXPECT_EQ(levels.at(2).concurrency, 32);
    EXPECT_EQ(levels.at(2).levelIndex, 7);
}

// Regression: `1,4,1` summarised its third level from both c=1 passes.
TEST(Statistics, RepeatedConcurrencyIsSummarisedPerLevel)
{
    RunConfig config;
    config.concurrencyLevels = { 1, 4, 1 };
    QList<RequestRecord> records;
    const int counts[] = { 2, 5, 3 };
    for (int levelIndex = 0; levelIndex < 3; ++levelIndex) {
        for (int i = 0; i < counts[levelIndex]; ++i) {
            RequestRecord r = okRecord(100.0 * records.size(), 1, 30, 10, 21);
            r.levelIndex = levelIndex;
            r.level = config.concurrencyLevels.at(levelIndex);
            r.index = i;
            records.append(r);
        }
    }
    const QList<LevelSummary> levels = Stats::summarizeRun(records, config);
    ASSERT_EQ(levels.size(), 3);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(levels.at(i).levelIndex, i);
        EXPECT_EQ(levels.at(i).concurrency, config.concurrencyLevels.at(i));
        EXPECT_EQ(levels.at(i).requests, counts[i]) << "level " << i;
    }
}

namespace {

// An open-loop record: due at `scheduledMs` from the run's start, posted at `postMs`.
RequestRecord scheduledRecord(double scheduledMs, double postMs, double ttftMs, double capWaitMs = 0)
{
    RequestRecord r = okRecord(postMs, 0.1, ttftMs, 10, 21);
    r.startNs = r.tStartNs;
    r.scheduledNs = msToNs(scheduledMs);
    r.capWaitNs = msToNs(capWaitMs);
    return r;
}

} // namespace

TEST(Goodput, CountsCompletedRequestsMeetingEverySetObjectivePerSecond)
{
    const RequestRecord a = okRecord(0, 0.1, 40, 10, 21); // TTFT 40, TPOT 10, E2E 240: good
    const RequestRecord b = okRecord(100, 100.1, 400, 10, 21); // TTFT 400: misses ttft:300
    const RequestRecord c = okRecord(200, 200.1, 50, 30, 21); // TPOT 30: misses tpot:20
    const RequestRecord d = okRecord(300, 300.1, 60, 1, 1); // one token, no TPOT: meets tpot by default
    const RequestRecord e = failedRecord(400, 450, QStringLiteral("http_429")); // failed: never good
    GoodputSlo slo;
    slo.ttftMs = 300;
    slo.tpotMs = 20;
    const LevelSummary s = Stats::summarizeLevel({ a, b, c, d, e }, LoadPoint::closedLoop(2), 2, slo);
    ASSERT_TRUE(s.hasGoodput);
    EXPECT_EQ(s.goodRequests, 2);
    EXPECT_DOUBLE_EQ(s.goodputFraction, 2.0 / 5);
    EXPECT_NEAR(s.requestGoodput, 2 / s.durationS, 1e-9);
    EXPECT_NEAR(s.durationS, 0.855, 1e-9); // from a's post at 0 to c's end: 200 + 50 + 20 x 30 + 5 ms
    slo.e2elMs = 100;
    EXPECT_EQ(Stats::summarizeLevel({ a, b, c, d, e }, LoadPoint::closedLoop(2), 2, slo).goodRequests, 1); // only d
    EXPECT_FALSE(Stats::summarizeLevel({ a }, LoadPoint::closedLoop(2), 2).hasGoodput);
}

TEST(ScheduleFigures, SendLagLeavesOutTheCapWaitAndLatencyFromTheScheduleAddsIt)
{
    const LoadPoint point = LoadPoint::openLoop(10, Arrival::Constant, 1, 2);
    // Due at 0, 100, 200, 300 ms. The third waited 50 ms for the cap and went 1 ms after that.
    const QList<RequestRecord> records { scheduledRecord(0, 0.5, 40), scheduledRecord(100, 100.5, 40),
        scheduledRecord(200, 251, 40, 50), scheduledRecord(300, 300.5, 40) };
    const LevelSummary s = Stats::summarizeLevel(records, point, 2);
    EXPECT_EQ(s.sendLagMs.count, 4);
    EXPECT_NEAR(s.sendLagMs.max, 1, 1e-6);
    EXPECT_NEAR(s.sendLagMs.p50, 0.5, 1e-6);
    EXPECT_EQ(s.capWaitMs.count, 1);
    EXPECT_NEAR(s.capWaitMs.max, 50, 1e-6);
    EXPECT_NEAR(s.ttftFromScheduledMs.max, 40 + 51, 1e-6);
    EXPECT_NEAR(s.ttftMs.max, 40, 1e-6);
    // Sends at 0.5, 100.5, 251, 300.5 ms: 3 gaps over 300 ms.
    EXPECT_NEAR(s.achievedRequestRate, 3 / 0.3, 1e-9);
}

TEST(ScheduleFigures, RampUpRequestsAreLeftOutAndCounted)
{
    RequestRecord ramp = scheduledRecord(0, 0.5, 40);
    ramp.rampUp = true;
    const LevelSummary s = Stats::summarizeLevel({ ramp, scheduledRecord(100, 100.5, 40) }, LoadPoint::openLoop(10, Arrival::Poisson, 1, 0), 2);
    EXPECT_EQ(s.requests, 1);
    EXPECT_EQ(s.rampUpExcluded, 1);
}

TEST(LevelMetric, ReadsSummaryKeysAndRefusesWhatIsNotThere)
{
    LevelSummary s;
    s.ttftMs.count = 3;
    s.ttftMs.p95 = 123;
    s.requestThroughput = 7;
    double v = 0;
    EXPECT_TRUE(Stats::levelMetric(s, QStringLiteral("p95_ttft_ms"), &v));
    EXPECT_EQ(v, 123);
    EXPECT_TRUE(Stats::levelMetric(s, QStringLiteral("request_throughput"), &v));
    EXPECT_EQ(v, 7);
    EXPECT_FALSE(Stats::levelMetric(s, QStringLiteral("p95_tpot_ms"), &v)) << "no TPOT sample";
    EXPECT_FALSE(Stats::levelMetric(s, QStringLiteral("request_goodput"), &v)) << "no SLO set";
    EXPECT_FALSE(Stats::isLevelMetric(QStringLiteral("p95_ttft")));
    EXPECT_TRUE(Stats::isLevelMetric(QStringLiteral("median_e2el_from_scheduled_ms")));
}

TEST(ScheduleCheck, SaysWhenTheClientFellBehindAndStaysQuietWhenItKeptUp)
{
    LevelSummary s;
    s.point = LoadPoint::openLoop(40, Arrival::Poisson, 1, 0);
    s.requests = 300;
    s.achievedRequestRate = 39.5;
    s.sendLagMs.count = 300;
    s.sendLagMs.p99 = 2;
    EXPECT_TRUE(Stats::scheduleProblem(s).isEmpty());
    s.achievedRequestRate = 36;
    EXPECT_TRUE(Stats::scheduleProblem(s).contains(QStringLiteral("below 95 % of the 40 req/s the schedule asked"))) << Stats::scheduleProblem(s).toStdString();
    s.achievedRequestRate = 40;
    s.sendLagMs.p99 = 12.5;
    EXPECT_TRUE(Stats::scheduleProblem(s).contains(QStringLiteral("p99 send lag was 12.5 ms"))) << Stats::scheduleProblem(s).toStdString();
    s.point = LoadPoint::closedLoop(4);
    EXPECT_TRUE(Stats::scheduleProblem(s).isEmpty()) << "closed loop has no schedule";
}
