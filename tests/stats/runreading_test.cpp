// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The reading paragraph (docs/history-and-compare.md#5-the-reading-paragraph-verdicts-and-thresholds):
// hand-made summaries, then two real simulator runs, one limited by a small batch (queueing) and one
// slowed per active stream (contention).
#include "servermetrics/metricsscraper.h"
#include "sim/simulatorserver.h"
#include "stats/runreading.h"
#include "stats/servingcurve.h"
#include "support/enginerun.h"

#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Reading;

namespace {

LevelSummary level(int concurrency, double ttftP50Ms, double tpotP50Ms, double outputTps, int samples = 10)
{
    LevelSummary l;
    l.concurrency = concurrency;
    l.requests = l.completed = samples;
    l.durationS = 5;
    l.ttftMs.count = l.tpotMs.count = samples;
    l.ttftMs.p50 = ttftP50Ms;
    l.tpotMs.p50 = tpotP50Ms;
    l.outputThroughput = outputTps;
    return l;
}

RunConfig sweep(const SimulatorServer &sim)
{
    RunConfig config = Testing::quickConfig(sim.baseUrl().toString(), 1, 0, 24);
    config.concurrencyLevels = { 1, 4, 8 };
    config.requestsPerLevel = 0;
    config.requestsPerConcurrency = 3;
    config.minTokensForTpot = 20;
    return config;
}

// `l` as a level whose successful scrapes saw at most `runningMax` running and `waitingMax` waiting.
LevelSummary withServer(LevelSummary l, double runningMax, double waitingMax)
{
    l.serverScrapes = 5;
    l.serverRunningMean = l.serverRunningMax = runningMax;
    l.serverWaitingMean = l.serverWaitingMax = waitingMax;
    return l;
}

// A rate level (cap `cap`) completing `requestTps` per second.
LevelSummary rateLevel(double rate, int cap, double ttftP50Ms, double requestTps, int index)
{
    LevelSummary l = level(cap, ttftP50Ms, 10, requestTps * 100);
    l.point = LoadPoint::openLoop(rate, Arrival::Poisson, 1, cap, index);
    l.levelIndex = index;
    l.requestThroughput = requestTps;
    return l;
}

} // namespace

// A rate level's concurrency is only its cap: two capped at 4 and 16 are no 4x concurrency step.
// The reading gives the serving curve's knee instead.
TEST(RunReading, RateLevelsAreReadOnTheServingCurveNotByTheirCap)
{
    const RunReading r = readLevels({ rateLevel(2, 4, 40, 2, 0), rateLevel(8, 16, 200, 7.5, 1) });
    EXPECT_EQ(r.verdict, Verdict::NotEnoughData);
    EXPECT_EQ(r.lowConcurrency, 0);
    const QString text = r.text();
    EXPECT_FALSE(text.contains(u"From concurrency")) << text.toStdString();
    EXPECT_TRUE(text.startsWith(u"The knee is between 2.00 and 7.50 req/s served")) << text.toStdString();
}

// A full batch: the highest level serves no more than the one below it, only waits longer. The
// knee is where throughput stops growing, not "between 2.40 and 2.40".
TEST(RunReading, AKneeAtOneThroughputSaysThroughputStopsGrowingThere)
{
    const auto point = [](double throughput, double ttftP50Ms, const QString &label) {
        Stats::ServingPoint p;
        p.throughput = throughput;
        p.ttftP50Ms = ttftP50Ms;
        p.label = label;
        return p;
    };
    const Stats::Knee knee = Stats::findKnee({ point(0.38, 69, QStringLiteral("c=1")),
        point(2.399, 70, QStringLiteral("c=8")), point(2.401, 3401, QStringLiteral("c=16")) });
    EXPECT_EQ(knee.takeOff, 2);
    EXPECT_EQ(knee.sentence.toStdString(),
        "The knee is at 2.40 req/s served, where throughput stops growing: median TTFT is 70 ms at c=8 and takes off "
        "to 3401 ms at c=16, more than twice the 69 ms of the lowest load.");
}

TEST(RunReading, TheIssueExampleReadsAsQueueing)
{
    // A plain queueing example: TTFT P50 2.9x, TPOT P50 1.3x, throughput 5.9x for 8x concurrency.
    const RunReading r = readLevels({ level(1, 40, 10, 100), level(8, 116, 13, 590) });
    EXPECT_EQ(r.verdict, Verdict::Queueing);
    EXPECT_EQ(r.lowConcurrency, 1);
    EXPECT_EQ(r.highConcurrency, 8);
    EXPECT_DOUBLE_EQ(r.ttftRatio, 2.9);
    EXPECT_DOUBLE_EQ(r.tpotRatio, 1.3);
    EXPECT_DOUBLE_EQ(r.throughputRatio, 5.9);
    EXPECT_NEAR(r.scalingEfficiency, 0.7375, 1e-12);
    const QString text = r.text();
    EXPECT_TRUE(text.contains(u"From concurrency 1 to 8, TTFT P50 rose 2.9x")) << text.toStdString();
    EXPECT_TRUE(text.contains(u"queueing before the model (gateway or server batch limit)")) << text.toStdString();
    EXPECT_TRUE(text.contains(u"TPOT P50 rose 1.3x too (10.0 to 13.0 ms), under the 1.5x that marks a contended "
                              u"decode step: each stream decodes a little slower when more share the batch."))
        << text.toStdString();
    EXPECT_TRUE(text.contains(u"Output throughput scaled 5.9x for 8x concurrency (74% efficiency)."))
        << text.toStdString();
    EXPECT_FALSE(text.contains(u"capacity")) << "74% is above the saturation threshold";
}

TEST(RunReading, RisingTpotReadsAsContention)
{
    const RunReading r = readLevels({ level(1, 40, 10, 100), level(4, 44, 18, 220), level(8, 50, 26, 300) });
    EXPECT_EQ(r.verdict, Verdict::Contention);
    EXPECT_DOUBLE_EQ(r.tpotRatio, 2.6);
    EXPECT_EQ(r.ttftKneeConcurrency, 0);
    EXPECT_TRUE(r.text().contains(u"TPOT rose with concurrency: the decode step is contended."))
        << r.text().toStdString();
}

TEST(RunReading, TtftRisingWithTpotIsContentionUnlessItRisesFarMore)
{
    // TTFT 2x and TPOT 2x: the slower model explains the later first token.
    EXPECT_EQ(readLevels({ level(1, 40, 10, 100), level(8, 80, 20, 400) }).verdict, Verdict::Contention);
    // TTFT 10x and TPOT 2x: 10 >= 1.5 x 2, a queue on top of the contention.
    const RunReading both = readLevels({ level(1, 40, 10, 100), level(8, 400, 20, 400) });
    EXPECT_EQ(both.verdict, Verdict::Both);
    EXPECT_TRUE(both.text().contains(u"contended")) << both.text().toStdString();
    EXPECT_TRUE(both.text().contains(u"also queueing")) << both.text().toStdString();
    // Right at the thresholds: TPOT 1.5x is contention, TTFT exactly 1.5 x 1.5 = 2.25x is queueing too.
    EXPECT_EQ(readLevels({ level(1, 40, 10, 100), level(8, 90, 15, 400) }).verdict, Verdict::Both);
    EXPECT_EQ(readLevels({ level(1, 40, 10, 100), level(8, 89, 15, 400) }).verdict, Verdict::Contention);
}

TEST(RunReading, SmallChangesReadAsFlatWithTheThresholdsStated)
{
    const RunReading r = readLevels({ level(8, 46, 11.5, 780), level(1, 40, 10, 100) }); // any order
    EXPECT_EQ(r.verdict, Verdict::Flat);
    EXPECT_EQ(r.lowConcurrency, 1);
    EXPECT_TRUE(r.text().contains(u"under the thresholds (1.5x and 1.5x)")) << r.text().toStdString();
    EXPECT_FALSE(thresholdsNote().isEmpty());
}

TEST(RunReading, KneeAndSaturationAreNamed)
{
    const RunReading r
        = readLevels({ level(1, 40, 10, 100), level(4, 45, 10, 390), level(8, 120, 10, 400), level(16, 400, 10, 410) });
    EXPECT_EQ(r.verdict, Verdict::Queueing);
    EXPECT_EQ(r.ttftKneeConcurrency, 8);
    EXPECT_TRUE(r.text().contains(u"starts by concurrency 8")) << r.text().toStdString();
    EXPECT_NEAR(r.scalingEfficiency, 4.1 / 16, 1e-12);
    EXPECT_TRUE(r.text().contains(u"near its capacity")) << r.text().toStdString();
}

TEST(RunReading, TooLittleDataGivesNoVerdict)
{
    EXPECT_EQ(readLevels({}).verdict, Verdict::NotEnoughData);
    EXPECT_EQ(readLevels({ level(4, 40, 10, 100) }).verdict, Verdict::NotEnoughData);
    // The second level has 2 samples (< kMinSamplesPerLevel): nothing to compare against.
    const RunReading thin = readLevels({ level(1, 40, 10, 100), level(8, 400, 10, 100, 2) });
    EXPECT_EQ(thin.verdict, Verdict::NotEnoughData);
    EXPECT_FALSE(thin.text().isEmpty()) << "it says why";
    // Every response too short for TPOT: contention cannot be judged.
    LevelSummary noTpot = level(8, 400, 10, 100);
    noTpot.tpotMs = Distribution {};
    EXPECT_EQ(readLevels({ level(1, 40, 10, 100), noTpot }).verdict, Verdict::NotEnoughData);
    // The same concurrency twice is one level.
    EXPECT_EQ(readLevels({ level(4, 40, 10, 100), level(4, 400, 10, 100) }).verdict, Verdict::NotEnoughData);
}

// Failures are read first, with their share: a run that lost requests is never just "steady".
TEST(RunReading, FailuresAreCountedAndReadFirst)
{
    LevelSummary low = level(1, 40, 10, 100);
    LevelSummary high = level(8, 41, 10, 700);
    high.failed = 3;
    const RunReading r = readLevels({ low, high });
    EXPECT_EQ(r.failedRequests, 3);
    EXPECT_EQ(r.measuredRequests, low.requests + high.requests);
    ASSERT_FALSE(r.sentences.isEmpty());
    EXPECT_TRUE(r.sentences.first().startsWith(QStringLiteral("3 of %1 request(s) failed (").arg(r.measuredRequests)))
        << r.text().toStdString();
}

TEST(RunReading, BatchLimitedSimulatorReadsAsQueueing)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.maxBatch = 2; // beyond two streams, requests wait for a slot: TTFT grows, TPOT does not
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    const RunResult run = Testing::runAndWait(sweep(sim));
    ASSERT_EQ(run.levels.size(), 3);
    const RunReading r = readRun(run);
    RecordProperty("reading", r.text().toStdString());
    EXPECT_EQ(r.verdict, Verdict::Queueing) << r.text().toStdString();
    EXPECT_EQ(r.lowConcurrency, 1);
    EXPECT_EQ(r.highConcurrency, 8);
    EXPECT_GE(r.ttftRatio, kTtftRiseRatio) << r.text().toStdString();
    EXPECT_LT(r.tpotRatio, kTpotRiseRatio) << r.text().toStdString();
    // Two slots serve 8 users: throughput can at most double, far from 8x.
    EXPECT_LT(r.scalingEfficiency, kLowScalingEfficiency) << r.text().toStdString();
    EXPECT_TRUE(r.text().contains(u"queueing before the model")) << r.text().toStdString();
}

TEST(RunReading, SlowdownPerStreamSimulatorReadsAsContention)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.slowdownPerStream = 0.3; // 8 streams decode 3.1x slower; TTFT is untouched
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    const RunResult run = Testing::runAndWait(sweep(sim));
    ASSERT_EQ(run.levels.size(), 3);
    const RunReading r = readRun(run);
    RecordProperty("reading", r.text().toStdString());
    EXPECT_EQ(r.verdict, Verdict::Contention) << r.text().toStdString();
    EXPECT_GE(r.tpotRatio, kTpotRiseRatio) << r.text().toStdString();
    EXPECT_TRUE(r.text().contains(u"the decode step is contended")) << r.text().toStdString();
}

// The window's and the demo's simulator (docs/simulator.md#models) at the default levels, with short
// answers: 16 users are beyond its batch of 8, so requests queue at the server, and a full batch
// decodes a little slower.
TEST(RunReading, TheBuiltInSimulatorsDefaultLevelsReadAsQueueingAtTheServer)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(builtInSimulatorConfig()));
    RunConfig config = sweep(sim);
    config.concurrencyLevels = RunConfig {}.concurrencyLevels;
    config.serverMetricsUrl = ServerMetrics::suggestedUrl(config.baseUrl);
    config.serverMetricsIntervalMs = 100;
    const RunResult run = Testing::runAndWait(config, 120000);
    ASSERT_EQ(run.levels.size(), 4);
    const RunReading r = readRun(run);
    RecordProperty("reading", r.text().toStdString());
    EXPECT_EQ(r.verdict, Verdict::Queueing) << r.text().toStdString();
    EXPECT_EQ(r.highConcurrency, 16);
    EXPECT_EQ(r.queueAt, QueueAt::Server) << r.text().toStdString();
    EXPECT_EQ(r.ttftKneeConcurrency, 16) << "up to 8 users fit the batch";
    EXPECT_GE(r.tpotRatio, kTpotHeldRatio) << r.text().toStdString();
    EXPECT_TRUE(r.text().contains(u"queueing before the model")) << r.text().toStdString();
    EXPECT_TRUE(r.text().contains(u"each stream decodes a little slower")) << r.text().toStdString();
}

// The same simulator's default sweep (LoadMode::Sweep, its default rates) with short answers and
// few requests per level: its throughput level sends them all at once, beyond the batch of 8, and
// the serving curve finds where TTFT takes off.
TEST(RunReading, ADefaultSweepOfTheBuiltInSimulatorFindsAKnee)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(builtInSimulatorConfig()));
    RunConfig config = Testing::quickConfig(sim.baseUrl().toString(), 1, 24, 24);
    config.loadMode = LoadMode::Sweep;
    ASSERT_EQ(config.sweepRates, RunConfig {}.sweepRates);
    const RunResult run = Testing::runAndWait(config, 180000);
    const Stats::Knee knee = Stats::findKnee(Stats::servingCurve(run.levels));
    const RunReading r = readRun(run);
    RecordProperty("reading", r.text().toStdString());
    EXPECT_GE(knee.takeOff, 0) << r.text().toStdString();
    EXPECT_TRUE(r.text().contains(u"The knee is between")) << r.text().toStdString();
}

// The server's queue explains a queueing verdict: requests waited at the server, TPOT held.
TEST(RunReading, ServerWaitingPutsTheQueueAtTheServer)
{
    const RunReading r
        = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), withServer(level(8, 116, 10.5, 590), 4, 12) });
    EXPECT_EQ(r.verdict, Verdict::Queueing);
    EXPECT_EQ(r.queueAt, QueueAt::Server);
    EXPECT_TRUE(r.fromServer);
    ASSERT_TRUE(r.serverWaitingMaxHigh);
    EXPECT_DOUBLE_EQ(*r.serverWaitingMaxHigh, 12);
    EXPECT_FALSE(r.serverBatchGrew) << "TPOT held: no contention to explain";
    EXPECT_TRUE(r.text().contains(u"The server queued requests (waiting up to 12 at concurrency 8) while TPOT held: "
                                  u"the queueing is at the server."))
        << r.text().toStdString();
    EXPECT_FALSE(r.text().contains(u"decodes a little slower")) << "TPOT rose 1.05x, under kTpotHeldRatio";

    // TPOT rose 1.3x: not "held", and the reading says the batch slows each stream a little.
    const RunReading rose
        = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), withServer(level(8, 116, 13, 590), 4, 12) });
    EXPECT_EQ(rose.verdict, Verdict::Queueing);
    EXPECT_EQ(rose.queueAt, QueueAt::Server);
    EXPECT_FALSE(rose.text().contains(u"TPOT held")) << rose.text().toStdString();
    EXPECT_TRUE(rose.text().contains(
        u"The server queued requests (waiting up to 12 at concurrency 8): the queueing is at the server."))
        << rose.text().toStdString();
}

// TTFT rose but the server never had a request waiting: the queue is in front of it.
TEST(RunReading, ServerWaitingZeroPutsTheQueueInFrontOfIt)
{
    const RunReading r = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), withServer(level(4, 60, 10, 300), 2, 0),
        withServer(level(8, 116, 13, 590), 2, 0) });
    EXPECT_EQ(r.verdict, Verdict::Queueing);
    EXPECT_EQ(r.queueAt, QueueAt::BeforeServer);
    EXPECT_TRUE(r.fromServer);
    EXPECT_TRUE(
        r.text().contains(u"the server reported 0 requests waiting at every level compared: the queue is not at "
                          u"the server but in front of it (a gateway, or the client)."))
        << r.text().toStdString();
    EXPECT_FALSE(r.text().contains(u"queueing is at the server")) << r.text().toStdString();

    // A level in between that did not report waiting: no claim about where the queue is.
    LevelSummary silent = level(4, 60, 10, 300);
    const RunReading partial
        = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), silent, withServer(level(8, 116, 13, 590), 2, 0) });
    EXPECT_EQ(partial.queueAt, QueueAt::Unknown);
    EXPECT_FALSE(partial.fromServer);

    // One scrape at the top level (sent as it began, before any queue formed) proves nothing.
    LevelSummary once = withServer(level(8, 116, 13, 590), 2, 0);
    once.serverScrapes = 1;
    const RunReading glimpse = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), once });
    EXPECT_EQ(glimpse.queueAt, QueueAt::Unknown);
    EXPECT_FALSE(glimpse.text().contains(u"in front of it")) << glimpse.text().toStdString();
}

// TPOT rose and the server ran more requests together: the contention is in its batch.
TEST(RunReading, ServerRunningRisingPutsTheContentionInItsBatch)
{
    const RunReading r
        = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), withServer(level(8, 50, 26, 300), 8, 0) });
    EXPECT_EQ(r.verdict, Verdict::Contention);
    EXPECT_TRUE(r.serverBatchGrew);
    EXPECT_TRUE(r.fromServer);
    EXPECT_EQ(r.queueAt, QueueAt::Unknown) << "no queueing verdict";
    EXPECT_TRUE(r.text().contains(u"The server's running requests rose with the concurrency (up to 8 at concurrency 8, "
                                  u"from 1 at 1): the contention is in the server's batch."))
        << r.text().toStdString();

    // Both: the queue and the batch each get their sentence.
    const RunReading both
        = readLevels({ withServer(level(1, 40, 10, 100), 1, 0), withServer(level(8, 400, 20, 400), 4, 4) });
    EXPECT_EQ(both.verdict, Verdict::Both);
    EXPECT_EQ(both.queueAt, QueueAt::Server);
    EXPECT_TRUE(both.serverBatchGrew);
    EXPECT_TRUE(
        both.text().contains(u"The server queued requests (waiting up to 4 at concurrency 8): the queueing is at "
                             u"the server."))
        << both.text().toStdString();
}

// Without the server's figures the reading is the client's alone, sentence for sentence.
TEST(RunReading, WithoutServerFiguresTheReadingIsUnchanged)
{
    const QList<LevelSummary> plain { level(1, 40, 10, 100), level(8, 400, 20, 400) };
    const RunReading r = readLevels(plain);
    EXPECT_FALSE(r.fromServer);
    EXPECT_EQ(r.queueAt, QueueAt::Unknown);
    EXPECT_FALSE(r.serverBatchGrew);
    EXPECT_FALSE(r.serverWaitingMaxHigh);
    EXPECT_FALSE(r.text().contains(u"server's")) << r.text().toStdString();
    EXPECT_EQ(r.sentences.size(), 2) << r.text().toStdString(); // the verdict and the throughput
    // Scrapes that gave neither figure change nothing either.
    LevelSummary low = plain.at(0), high = plain.at(1);
    low.serverScrapes = high.serverScrapes = 4;
    low.serverCacheUsageMax = high.serverCacheUsageMax = 0.5;
    EXPECT_EQ(readLevels({ low, high }).sentences, r.sentences);
}
