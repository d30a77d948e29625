// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Open-loop load against the real built-in simulator over loopback: what the server sees of the
// schedule (its own arrival log and in-flight counter), the cap, the duration bound and the search.
#include "load/arrivalschedule.h"
#include "sim/simulatorserver.h"
#include "stats/statistics.h"
#include "support/enginerun.h"

#include <QElapsedTimer>
#include <gtest/gtest.h>

#include <cmath>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

using Sim = StartedSim;

RunConfig rateConfig(const QString &url, double rate, int requests, Arrival arrival, double burstiness = 1)
{
    RunConfig c = quickConfig(url, 1, requests, 8);
    c.loadMode = LoadMode::Rates;
    c.requestRates = { rate };
    c.arrival = arrival;
    c.burstiness = burstiness;
    c.seed = 11;
    return c;
}

/// The schedule's own gaps for `config`'s one level, to compare what the server saw against.
Schedule::GapStats scheduledGaps(const RunConfig &config)
{
    QList<qint64> t;
    for (const Schedule::Send &s : Schedule::arrivals(config.loadPoints().at(0), { config.requestsPerLevel, 0, 0 }, config.seed))
        t.append(s.atNs);
    return Schedule::gapStats(t);
}

void expectServerSeesTheSchedule(const RunConfig &config, Sim &sim)
{
    const RunResult run = runAndWait(config, 120000);
    ASSERT_EQ(countOk(run), config.requestsPerLevel);
    const QList<qint64> arrivals = sim.server.requestArrivalsNs();
    ASSERT_EQ(arrivals.size(), config.requestsPerLevel);
    const Schedule::GapStats server = Schedule::gapStats(arrivals);
    const Schedule::GapStats scheduled = scheduledGaps(config);
    const double askedGapNs = 1e9 / config.requestRates.first();
    EXPECT_NEAR(server.mean, askedGapNs, 0.05 * askedGapNs) << "the server's mean gap against 1/rate";
    // Loopback and the engine's event loop add well under a millisecond per send; the CV the
    // server sees is the schedule's, within that noise.
    // Bounds wide enough for a loaded 2-core machine running other tests (the ASan build in CI).
    EXPECT_NEAR(server.cv, scheduled.cv, 0.15 + 0.05 * scheduled.cv) << "scheduled CV " << scheduled.cv;
    ASSERT_EQ(run.levels.size(), 1u);
    const LevelSummary &level = run.levels.first();
    EXPECT_NEAR(level.achievedRequestRate, config.requestRates.first(), 0.05 * config.requestRates.first());
    EXPECT_EQ(level.sendLagMs.count, config.requestsPerLevel);
    for (const RequestRecord &r : measured(run)) {
        EXPECT_TRUE(r.isScheduled());
        EXPECT_GE(r.sendLagNs(), 0) << "never sent before its time";
        EXPECT_EQ(r.capWaitNs, 0);
    }
}

} // namespace

TEST(OpenLoop, TheServerSeesPoissonGapsAtTheAskedRate)
{
    SimConfig simConfig = quickSim();
    Sim sim(simConfig);
    const RunConfig config = rateConfig(sim.url(), 50, 200, Arrival::Poisson);
    const Schedule::GapStats scheduled = scheduledGaps(config);
    EXPECT_NEAR(scheduled.cv, 1, 0.2);
    expectServerSeesTheSchedule(config, sim);
}

TEST(OpenLoop, TheServerSeesConstantGaps)
{
    Sim sim(quickSim());
    const RunConfig config = rateConfig(sim.url(), 25, 100, Arrival::Constant);
    expectServerSeesTheSchedule(config, sim);
    // 40 ms gaps: a few ms of scheduling noise on a busy machine stays well under this.
    EXPECT_LT(Schedule::gapStats(sim.server.requestArrivalsNs()).cv, 0.15);
}

TEST(OpenLoop, TheServerSeesGammaGapsOfTheAskedBurstiness)
{
    Sim sim(quickSim());
    const RunConfig config = rateConfig(sim.url(), 50, 300, Arrival::Gamma, 0.25);
    EXPECT_NEAR(scheduledGaps(config).cv, 2, 0.5); // 1/sqrt(0.25); a sample of 300 varies
    expectServerSeesTheSchedule(config, sim);
}

TEST(OpenLoop, TheCapHoldsAtTheServerAndRequestsRecordTheirWait)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    Sim sim(simConfig);
    RunConfig config = rateConfig(sim.url(), 200, 60, Arrival::Poisson);
    config.maxTokens = 20; // ~115 ms per stream: at 200 req/s, far more are due than 4 can carry
    config.maxConcurrency = 4;
    const RunResult run = runAndWait(config, 120000);
    ASSERT_EQ(countOk(run), 60);
    EXPECT_EQ(sim.server.maxInFlight(), 4) << "the simulator's own count of requests in flight at once";
    int waited = 0;
    for (const RequestRecord &r : measured(run)) {
        EXPECT_GE(r.sendLagNs(), r.capWaitNs);
        if (r.capWaitNs > 0) {
            ++waited;
            EXPECT_GE(Stats::ttftMs(r) + r.sendLagNs() / 1e6, Stats::ttftMs(r) + r.capWaitNs / 1e6 - 1e-9);
        }
    }
    EXPECT_GT(waited, 40);
    const LevelSummary &level = run.levels.first();
    EXPECT_EQ(level.capWaitMs.count, waited);
    EXPECT_EQ(level.peakInFlight, 4);
    // Waiting for the cap is not the client falling behind: the send lag it reports leaves it out.
    EXPECT_LT(level.sendLagMs.p50, 20);
    EXPECT_GT(level.ttftFromScheduledMs.p50, level.ttftMs.p50 + 100) << "from the schedule, the wait counts";
}

TEST(OpenLoop, ADurationEndsOnTimeAndKeepsTheStragglersAsIncomplete)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    simConfig.decodeIntervalMs = 30; // 40 tokens: ~1.2 s per stream
    Sim sim(simConfig);
    RunConfig config = rateConfig(sim.url(), 20, 0, Arrival::Constant);
    config.maxTokens = 40;
    config.durationS = 1;
    config.graceS = 0.5;
    QElapsedTimer clock;
    clock.start();
    const RunResult run = runAndWait(config, 60000);
    const qint64 elapsedMs = clock.elapsed();
    EXPECT_GE(elapsedMs, 1450);
    EXPECT_LT(elapsedMs, 4000) << "ends at the grace period, not when the streams would";
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 20) << "20 due in 1 s at 20/s, every one recorded";
    const qint64 levelStartNs = records.first().scheduledNs;
    int complete = 0, incomplete = 0;
    for (const RequestRecord &r : records) {
        EXPECT_LT(r.scheduledNs - levelStartNs, qint64(1e9));
        if (r.ok) {
            ++complete;
        } else {
            EXPECT_EQ(r.errorKind, QStringLiteral("incomplete")) << r.errorMessage.toStdString();
            EXPECT_FALSE(r.chunkTimesNs.isEmpty()) << "what arrived before the cut is kept";
            ++incomplete;
        }
    }
    EXPECT_GE(complete, 3);
    EXPECT_GE(incomplete, 10);
    EXPECT_EQ(run.levels.first().incomplete, incomplete);
}

TEST(OpenLoop, AClosedLoopDurationStopsIssuingAndWaitsForWhatIsInFlight)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    Sim sim(simConfig);
    RunConfig config = quickConfig(sim.url(), 2, 0, 20);
    config.requestsPerLevel = 0;
    config.durationS = 0.6;
    const RunResult run = runAndWait(config, 60000);
    const QList<RequestRecord> records = measured(run);
    ASSERT_GE(records.size(), 6); // 2 users x 0.6 s / ~0.12 s
    qint64 first = records.first().startNs;
    for (const RequestRecord &r : records) {
        EXPECT_TRUE(r.ok) << r.errorMessage.toStdString();
        EXPECT_LT(r.startNs - first, qint64(0.65e9));
        EXPECT_FALSE(r.isScheduled());
    }
}

TEST(OpenLoop, ARampUpIsSentButLeftOutOfTheStatistics)
{
    Sim sim(quickSim());
    RunConfig config = rateConfig(sim.url(), 40, 20, Arrival::Constant);
    config.rampUpS = 1;
    const RunResult run = runAndWait(config, 60000);
    const QList<RequestRecord> records = measured(run);
    const auto ramp = std::count_if(records.cbegin(), records.cend(), [](const RequestRecord &r) { return r.rampUp; });
    EXPECT_EQ(ramp, 20); // r·S/2
    EXPECT_EQ(records.size(), 40);
    EXPECT_EQ(run.levels.first().requests, 20);
    EXPECT_EQ(run.levels.first().rampUpExcluded, 20);
}

TEST(OpenLoop, TheSearchConvergesOnTheSimulatorsCapacity)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    simConfig.baseTtftMs = 10;
    simConfig.maxBatch = 4;
    Sim sim(simConfig);
    // Each stream holds one of 4 places for TTFT + 19 decode steps: 10 + 19 x 5 = 105 ms, so the
    // server serves at most 4 / 0.105 = 38 req/s. Above that, requests queue and TTFT climbs.
    const double capacity = 4 / 0.105;
    RunConfig config = quickConfig(sim.url(), 1, 100, 20);
    config.loadMode = LoadMode::FindMaxRate;
    config.arrival = Arrival::Constant;
    QString error;
    ASSERT_TRUE(SloConstraint::parseList(QStringLiteral("p95_ttft_ms<=60"), &config.maxRateConstraints, &error));
    config.maxRateProbes = 8;
    const RunResult run = runAndWait(config, 180000);
    EXPECT_GE(run.levels.size(), 3u);
    EXPECT_GT(run.maxRateFound, 0.8 * capacity) << run.loadPlanOutcome.toStdString();
    EXPECT_LT(run.maxRateFound, 1.15 * capacity) << run.loadPlanOutcome.toStdString();
    EXPECT_EQ(run.loadPoints.size(), run.levels.size());
    EXPECT_TRUE(run.loadPlanOutcome.contains(QStringLiteral("The highest rate that met p95_ttft_ms<=60"))) << run.loadPlanOutcome.toStdString();
}

TEST(OpenLoop, AnAbRunAlternatesItsArmsOnOneSchedule)
{
    Sim a(quickSim());
    Sim b(quickSim());
    RunConfig armA = rateConfig(a.url(), 40, 20, Arrival::Constant);
    RunConfig armB = armA;
    armB.baseUrl = b.url();
    const RunResult run = runInterleavedAndWait({ armA, armB }, 60000);
    ASSERT_EQ(countOk(run), 40) << "each arm gets the level's count";
    // One schedule of 40 sends at 40/s: each server sees every other one, 50 ms apart.
    for (const Sim *sim : { &a, &b }) {
        const QList<qint64> arrivals = sim->server.requestArrivalsNs();
        ASSERT_EQ(arrivals.size(), 20);
        EXPECT_NEAR(Schedule::gapStats(arrivals).mean, 50e6, 2.5e6);
    }
    ASSERT_EQ(run.levels.size(), 2u);
    EXPECT_EQ(run.levels.at(1).arm, 1);
}
