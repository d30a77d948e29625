// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/throughputchart.h"

#include "liverun.h"
#include "support/enginerun.h"

#include <QLegend>
#include <QLegendMarker>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr qint64 kMs = 1000000;

// `seconds` of one stream sending `perSecond` chunks a second, delivered as the engine would:
// one batch per 33 ms, `inFlight` requests in flight.
QList<LiveBatch> steadyStream(double seconds, int perSecond, int inFlight)
{
    QList<LiveBatch> batches;
    const qint64 endNs = static_cast<qint64>(seconds * 1000) * kMs;
    const qint64 intervalNs = 1000 * kMs / perSecond;
    qint64 next = intervalNs / 2;
    for (qint64 from = 0; from < endNs; from += 33 * kMs) {
        LiveBatch batch;
        if (from == 0)
            batch.started.append({ 0, inFlight, 0, false, 0 });
        for (; next < from + 33 * kMs && next < endNs; next += intervalNs)
            batch.chunks.append({ 0, inFlight, 0, false, next, next == intervalNs / 2 });
        batch.sentNs = from + 33 * kMs;
        batch.inFlight = inFlight;
        batches.append(batch);
    }
    return batches;
}

int totalChunks(const QList<RequestRecord> &records)
{
    int chunks = 0;
    for (const RequestRecord &r : records)
        chunks += static_cast<int>(r.chunkTimesNs.size());
    return chunks;
}

} // namespace

TEST(UiThroughputChart, RealRunHoldsEveryChunkAndTheInFlightCurve)
{
    RunConfig config = quickConfig({}, 4, 0, 60);
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 3;
    config.warmupRequests = 1;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ASSERT_EQ(countOk(run.result), 15);
    ASSERT_FALSE(run.batches.isEmpty());

    ThroughputChart chart;
    chart.resize(900, 400);
    chart.beginRun();
    for (const LiveBatch &batch : run.batches)
        chart.addBatch(batch);
    for (const RequestRecord &r : run.finished)
        chart.addFinished(r);
    chart.refreshNow();

    // Every text-bearing chunk the records hold came through the live batches once.
    EXPECT_EQ(chart.chunkCount(), totalChunks(run.result.records));
    EXPECT_GT(chart.throughputPointCount(), 10);
    EXPECT_GT(chart.inFlightPointCount(), 4);
    EXPECT_GT(chart.peakTokensPerS(), 0);
    // Closed loop at concurrency 4: never more than 4 requests in flight, and 4 at some point.
    EXPECT_EQ(chart.peakInFlight(), 4);
    EXPECT_EQ(chart.levelMarkerCount(), 3); // warm-up, concurrency 1, concurrency 4
    // The simulator counts one token per chunk and reports usage: the factor is exactly 1.
    EXPECT_DOUBLE_EQ(chart.tokensPerChunk(), 1.0);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("throughput")));
}

TEST(UiThroughputChart, StoredRunDrawsFromItsRecordsAlone)
{
    RunConfig config = quickConfig({}, 4, 0, 40);
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 2;
    config.warmupRequests = 1;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ASSERT_EQ(countOk(run.result), 10);

    ThroughputChart chart;
    chart.setRun(run.result);
    EXPECT_EQ(chart.chunkCount(), totalChunks(run.result.records));
    EXPECT_EQ(chart.levelMarkerCount(), 3); // warm-up, concurrency 1, concurrency 4
    EXPECT_EQ(chart.peakInFlight(), 4); // the closed loop at concurrency 4, from starts and ends
    EXPECT_GT(chart.throughputPointCount(), 10);
    EXPECT_GT(chart.inFlightPointCount(), 4);
}

TEST(UiThroughputChart, TokensPerChunkFromUsageScalesTheRate)
{
    SimConfig sim = fastSim();
    sim.tokensPerChunk = 2;
    const LiveRun run = recordLiveRun(sim, quickConfig({}, 2, 4, 40));
    ASSERT_EQ(countOk(run.result), 4);
    ThroughputChart chart;
    chart.beginRun();
    for (const LiveBatch &batch : run.batches)
        chart.addBatch(batch);
    chart.refreshNow();
    const double chunksOnly = chart.peakTokensPerS();
    for (const RequestRecord &r : run.finished)
        chart.addFinished(r);
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(chart.tokensPerChunk(), 2.0);
    EXPECT_DOUBLE_EQ(chart.peakTokensPerS(), 2 * chunksOnly);
    bool explained = false;
    const QList<QLegendMarker *> markers = chart.chart()->legend()->markers();
    for (const QLegendMarker *marker : markers)
        explained = explained || marker->label().contains(QStringLiteral("tokens per chunk"));
    EXPECT_TRUE(explained);
}

TEST(UiThroughputChart, SteadyStreamReadsAsItsRate)
{
    ThroughputChart chart;
    chart.beginRun();
    for (const LiveBatch &batch : steadyStream(4, 100, 3))
        chart.addBatch(batch);
    chart.refreshNow();
    // A 4 s run averages over 0.2 s, not 1 s; 100 chunks a second in every window.
    EXPECT_DOUBLE_EQ(chart.effectiveWindowS(), 0.2);
    EXPECT_NEAR(chart.peakTokensPerS(), 100, 2);
    EXPECT_EQ(chart.peakInFlight(), 3);
    EXPECT_EQ(chart.chunkCount(), 400);

    chart.setWindowS(0.1);
    EXPECT_DOUBLE_EQ(chart.effectiveWindowS(), 0.1);
    EXPECT_NEAR(chart.peakTokensPerS(), 100, 4);

    chart.beginRun();
    EXPECT_EQ(chart.chunkCount(), 0);
    EXPECT_EQ(chart.peakInFlight(), 0);
}

TEST(UiThroughputChart, LongRunIsDecimatedToAFewThousandPoints)
{
    ThroughputChart chart;
    chart.beginRun();
    // Ten minutes, 30 batches a second: 18,000 in-flight samples and 60,000 rate bins.
    for (const LiveBatch &batch : steadyStream(600, 50, 8))
        chart.addBatch(batch);
    chart.refreshNow();
    EXPECT_LE(chart.throughputPointCount(), 2002);
    EXPECT_LE(chart.inFlightPointCount(), 2004);
    EXPECT_GT(chart.throughputPointCount(), 1000);
    EXPECT_DOUBLE_EQ(chart.effectiveWindowS(), 1.0);
    EXPECT_NEAR(chart.peakTokensPerS(), 50, 2);
}

// A run that repeats a concurrency (1,4,1: a drift check) has three levels; the markers used to
// read "concurrency 1" twice. They are named by their load point, with the level where it repeats.
TEST(UiThroughputChart, RepeatedConcurrencyLevelsAreToldApart)
{
    RunConfig config = quickConfig({}, 4, 0, 40);
    config.concurrencyLevels = { 1, 4, 1 };
    config.requestsPerConcurrency = 2;
    config.warmupRequests = 1;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ASSERT_EQ(countOk(run.result), 12); // 2, 8 and 2 measured requests
    const QStringList expected { QStringLiteral("warm-up"), QStringLiteral("c=1 · level 1"), QStringLiteral("c=4"),
        QStringLiteral("c=1 · level 3") };

    // Live, told the run's levels at the start.
    ThroughputChart live;
    live.resize(900, 400);
    live.beginRun(run.result.config);
    for (const LiveBatch &batch : run.batches)
        live.addBatch(batch);
    live.refreshNow();
    EXPECT_EQ(live.levelLabels(), expected);

    // Stored: from the run's records and config.
    ThroughputChart stored;
    stored.resize(900, 400);
    stored.setRun(run.result);
    EXPECT_EQ(stored.levelLabels(), expected);
    EXPECT_TRUE(saveShotIfAsked(&stored, QStringLiteral("throughput-repeated-levels")));
}

TEST(UiThroughputChart, WithoutTheConfigARepeatNamesBothLevelsOnceItStarts)
{
    auto startOf = [](int levelIndex, int concurrency, qint64 startNs) {
        LiveBatch batch;
        batch.started.append({ levelIndex, concurrency, 0, levelIndex < 0, startNs });
        batch.sentNs = startNs;
        return batch;
    };
    ThroughputChart chart;
    chart.beginRun();
    chart.addBatch(startOf(-1, 1, 0));
    chart.addBatch(startOf(0, 1, 100 * kMs));
    chart.addBatch(startOf(1, 4, 200 * kMs));
    EXPECT_EQ(chart.levelLabels(), (QStringList { QStringLiteral("warm-up"), QStringLiteral("c=1"), QStringLiteral("c=4") }));
    chart.addBatch(startOf(2, 1, 300 * kMs));
    EXPECT_EQ(chart.levelLabels(),
        (QStringList { QStringLiteral("warm-up"), QStringLiteral("c=1 · level 1"), QStringLiteral("c=4"),
            QStringLiteral("c=1 · level 3") }));

    // Told the levels, it names the first one for what follows it.
    RunConfig config;
    config.concurrencyLevels = { 1, 4, 1 };
    chart.beginRun(config);
    chart.addBatch(startOf(0, 1, 0));
    EXPECT_EQ(chart.levelLabels(), QStringList { QStringLiteral("c=1 · level 1") });
}
