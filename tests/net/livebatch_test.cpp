// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Live batches: what a live view receives while a run goes on, against the real simulator.
#include "net/runcontroller.h"
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
    controller.start(config);
    ASSERT_TRUE(QTest::qWaitFor([&finished] { return finished; }, 60000));
    const double seconds = elapsed.elapsed() / 1000.0;

    EXPECT_LE(batches.size(), int(seconds * 1000 / 33) + 3) << "no more than ~30 batches a second";
    QHash<QPair<int, bool>, QList<qint64>> arrivals; // (index, warmup) -> arrival times
    int started = 0, firsts = 0;
    for (const LiveBatch &b : batches) {
        EXPECT_FALSE(b.isEmpty());
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
