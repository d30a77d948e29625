// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Live batches: what a live view receives while a run goes on, against the real simulator.
#include "engine/runcontroller.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

TEST(LiveBatch, CarriesEveryStartAndChunkAtMostThirtyTimesASecond)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(quickSim()));
    RunConfig config = quickConfig(sim.baseUrl().toString(), 4, 8, 30);
    config.warmupRequests = 1;

    RunController controller;
    QList<LiveBatch> batches;
    RunResult result;
    bool finished = false;
    QObject::connect(&controller, &RunController::liveBatch, &controller,
                     [&batches, &finished](const LiveBatch &b) {
                         EXPECT_FALSE(finished) << "every batch comes before runFinished";
                         batches.append(b);
                     });
    QObject::connect(&controller, &RunController::runFinished, &controller, [&](const RunResult &r) {
        result = r;
        finished = true;
    });
    QElapsedTimer elapsed;
    elapsed.start();
    controller.start(Testing::underTestTransport(config));
    ASSERT_TRUE(QTest::qWaitFor([&finished] { return finished; }, 60000));
    const double seconds = elapsed.elapsed() / 1000.0;

    EXPECT_LE(batches.size(), int(seconds * 1000 / 33) + 3) << "no more than ~30 batches a second";
    QHash<QPair<int, bool>, QList<qint64>> arrivals; // (index, warmup) -> arrival times
    int started = 0, firsts = 0;
    for (const LiveBatch &b : batches) {
        EXPECT_TRUE(!b.isEmpty() || b.inFlight > 0) << "an empty batch only as a heartbeat of requests in flight";
        started += int(b.started.size());
        for (const ChunkArrival &c : b.chunks) {
            arrivals[{c.index, c.warmup}].append(c.arrivalNs);
            firsts += c.first ? 1 : 0;
        }
    }
    ASSERT_EQ(result.records.size(), 9);
    EXPECT_EQ(started, 9) << "8 measured requests and the warm-up";
    EXPECT_EQ(firsts, 9);
    for (const RequestRecord &r : result.records) {
        const QList<qint64> seen = arrivals.value({r.index, r.warmup});
        ASSERT_EQ(seen.size(), r.chunkTimesNs.size());
        for (qsizetype i = 0; i < seen.size(); ++i)
            EXPECT_EQ(seen[i], r.startNs + r.chunkTimesNs[i]) << "the same timestamps as the record";
    }
}

// Every stream stalls after three chunks: nothing arrives, yet heartbeats keep coming with the
// requests in flight and a later time, so a live view's "now" (its in-flight bars) keeps moving.
TEST(LiveBatch, HeartbeatsMoveTimeOnWhileEveryStreamStalls)
{
    SimConfig simConfig = quickSim();
    simConfig.fault = SimFault::Stall;
    simConfig.faultAfterChunks = 3;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    RunConfig config = quickConfig(sim.baseUrl().toString(), 2, 2, 30);
    config.warmupRequests = 0;
    config.timeoutMs = 1500; // the inactivity timeout ends the stalled requests

    RunController controller;
    QList<LiveBatch> batches;
    bool finished = false;
    QObject::connect(&controller, &RunController::liveBatch, &controller, [&batches](const LiveBatch &b) { batches.append(b); });
    QObject::connect(&controller, &RunController::runFinished, &controller, [&finished](const RunResult &) { finished = true; });
    controller.start(Testing::underTestTransport(config));
    ASSERT_TRUE(QTest::qWaitFor([&finished] { return finished; }, 30000));

    QList<qint64> heartbeats;
    for (const LiveBatch &b : std::as_const(batches)) {
        if (b.isEmpty()) {
            EXPECT_EQ(b.inFlight, 2);
            heartbeats.append(b.sentNs);
        }
    }
    // About 1.5 s of silence: five heartbeats, give or take the timer on a loaded machine.
    ASSERT_GE(heartbeats.size(), 3);
    for (qsizetype i = 1; i < heartbeats.size(); ++i)
        EXPECT_GE(heartbeats.at(i) - heartbeats.at(i - 1), 250'000'000 - 1) << "no more often than every 250 ms";
}
