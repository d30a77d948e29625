// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// A/B interleaved runs (docs/history-and-compare.md#6-ab-interleaved-runs): two models on one simulator,
// requests alternating one by one.
#include "engine/runcontroller.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QTest>
#include <algorithm>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

struct TwoSpeedSim {
    SimulatorServer server;
    TwoSpeedSim()
    {
        SimConfig sim = quickSim();
        sim.recordWire = false;
        sim.decodeIntervalMsByModel = { { QStringLiteral("sim-slow"), 12.0 }, { QStringLiteral("sim-fast"), 3.0 } };
        QString error;
        EXPECT_TRUE(server.start(sim, &error)) << error.toStdString();
    }
    ~TwoSpeedSim() { server.stop(); }
    RunConfig arm(const QString &model, int concurrency) const
    {
        RunConfig config = quickConfig(server.baseUrl().toString(), concurrency, 0, 24);
        config.model = model;
        config.requestsPerLevel = 6;
        config.warmupRequests = 1;
        return config;
    }
};

} // namespace

TEST(EngineInterleaved, RequestsAlternateAndEachArmGetsItsCountAndWarmup)
{
    TwoSpeedSim sim;
    const RunResult run = runInterleavedAndWait({ sim.arm(QStringLiteral("sim-slow"), 1),
        sim.arm(QStringLiteral("sim-fast"), 1) });
    ASSERT_TRUE(run.isInterleaved());
    ASSERT_EQ(run.records.size(), 2 * (6 + 1));

    // At concurrency 1 the requests go out strictly A, B, A, B, …
    QList<RequestRecord> measuredByStart = measured(run);
    std::sort(measuredByStart.begin(), measuredByStart.end(),
        [](const RequestRecord &a, const RequestRecord &b) { return a.startNs < b.startNs; });
    for (qsizetype i = 0; i < measuredByStart.size(); ++i)
        EXPECT_EQ(measuredByStart.at(i).arm, int(i % 2)) << "request " << i;
    EXPECT_EQ(std::count_if(run.records.cbegin(), run.records.cend(),
                  [](const RequestRecord &r) { return r.warmup && r.arm == 1; }),
        1);

    ASSERT_EQ(run.levels.size(), 2);
    EXPECT_EQ(run.levels.at(0).arm, 0);
    EXPECT_EQ(run.levels.at(1).arm, 1);
    for (const LevelSummary &level : run.levels) {
        EXPECT_EQ(level.requests, 6);
        EXPECT_EQ(level.completed, 6);
    }
    // The simulator decodes sim-fast at 3 ms and sim-slow at 12 ms per token: each arm's TPOT is its model's.
    EXPECT_LT(run.levels.at(1).tpotMs.p50, run.levels.at(0).tpotMs.p50 / 2);
}

TEST(EngineInterleaved, ArmResultIsAnOrdinaryRunOfThatEndpoint)
{
    TwoSpeedSim sim;
    const RunResult run = runInterleavedAndWait({ sim.arm(QStringLiteral("sim-slow"), 2),
        sim.arm(QStringLiteral("sim-fast"), 2) });
    ASSERT_EQ(run.arms.size(), 2);
    for (int arm = 0; arm < 2; ++arm) {
        const RunResult part = run.armResult(arm);
        EXPECT_EQ(part.config.model, run.arms.at(arm).model);
        EXPECT_FALSE(part.isInterleaved());
        EXPECT_EQ(part.records.size(), 7);
        ASSERT_EQ(part.levels.size(), 1);
        EXPECT_EQ(part.levels.at(0).completed, 6);
        QList<int> indexes;
        for (const RequestRecord &r : measured(part))
            indexes.append(r.index);
        std::sort(indexes.begin(), indexes.end());
        // The index is the level's issue order: arm A sent the even ones, arm B the odd ones.
        EXPECT_EQ(indexes, arm == 0 ? (QList<int> { 0, 2, 4, 6, 8, 10 }) : (QList<int> { 1, 3, 5, 7, 9, 11 }));
    }
}

TEST(EngineInterleaved, AnInvalidArmFailsBeforeAnyRequestNamingTheArm)
{
    TwoSpeedSim sim;
    RunConfig bad = sim.arm(QStringLiteral("sim-fast"), 1);
    bad.baseUrl = QStringLiteral("not a url");
    RunController controller;
    QString failure;
    QObject::connect(&controller, &RunController::runFailed, &controller, [&](const QString &m) { failure = m; });
    controller.startInterleaved(
        { Testing::underTestTransport(sim.arm(QStringLiteral("sim-slow"), 1)), Testing::underTestTransport(bad) });
    ASSERT_TRUE(QTest::qWaitFor([&] { return !failure.isEmpty(); }, 10000));
    EXPECT_TRUE(failure.startsWith(QStringLiteral("Endpoint B:"))) << failure.toStdString();
}
