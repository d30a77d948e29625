// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/tokentimelinechart.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QChart>
#include <QValueAxis>
#include <algorithm>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// A level of `streams` requests, each posted at 0 and streaming `tokens` chunks 10 ms apart
// after a 40 ms TTFT, delivered as the engine would: one batch per 33 ms.
QList<LiveBatch> denseRun(int streams, int tokens)
{
    constexpr qint64 kMs = 1000000;
    constexpr qint64 kBatchNs = 33 * kMs;
    QList<LiveBatch> batches;
    const qint64 endNs = 40 * kMs + tokens * 10 * kMs;
    for (qint64 from = 0; from <= endNs; from += kBatchNs) {
        LiveBatch batch;
        batch.sentNs = from + kBatchNs;
        for (int i = 0; i < streams; ++i) {
            if (from == 0)
                batch.started.append({ 0, streams, i, false, 0 });
            for (int t = 0; t < tokens; ++t) {
                const qint64 at = 40 * kMs + t * 10 * kMs;
                if (at >= from && at < from + kBatchNs)
                    batch.chunks.append({ 0, streams, i, false, at, t == 0 });
            }
        }
        batch.inFlight = streams;
        batches.append(batch);
    }
    return batches;
}

// The most labels `axis` ever had between two of its changes: Qt Charts lays out one label per
// tick of the current range and interval on every change of either.
class TickWatch
{
public:
    explicit TickWatch(QValueAxis *axis)
        : m_axis(axis)
    {
        QObject::connect(axis, &QValueAxis::rangeChanged, axis, [this] { note(); });
        QObject::connect(axis, &QValueAxis::tickIntervalChanged, axis, [this] { note(); });
    }
    double mostTicks() const { return m_mostTicks; }

private:
    void note()
    {
        if (m_axis->tickInterval() > 0)
            m_mostTicks = std::max(m_mostTicks, (m_axis->max() - m_axis->min()) / m_axis->tickInterval() + 1);
    }
    QValueAxis *m_axis;
    double m_mostTicks = 0;
};

QValueAxis *axisOf(const TokenTimelineChart &chart, Qt::Orientation orientation)
{
    return qobject_cast<QValueAxis *>(chart.chart()->axes(orientation).value(0));
}

RunConfig runOf(const QList<int> &levels)
{
    RunConfig config;
    config.concurrencyLevels = levels;
    config.requestsPerConcurrency = 1;
    config.warmupRequests = 1;
    return config;
}

} // namespace

// Regression: pressing Run on 338 requests laid out 338 y labels (~55 ms) before the tick interval
// thinned them to 7; a 600 s run shown at once laid out 6,000 x labels at the first refresh's 0.1 s.
TEST(UiTokenTimeline, AxesNeverLayOutHundredsOfLabelsOnTheWay)
{
    TokenTimelineChart chart;
    chart.resize(1000, 600);
    QValueAxis *axisX = axisOf(chart, Qt::Horizontal);
    QValueAxis *axisY = axisOf(chart, Qt::Vertical);
    ASSERT_TRUE(axisX && axisY);
    const TickWatch ticksX(axisX);
    const TickWatch ticksY(axisY);

    chart.beginRun(runOf({ 1, 16, 64, 256 }));
    ASSERT_EQ(chart.requestRowCount(), 338);
    EXPECT_DOUBLE_EQ(axisY->min(), -0.5);
    EXPECT_DOUBLE_EQ(axisY->max(), 337.5);
    EXPECT_DOUBLE_EQ(axisY->tickInterval(), 50);

    LiveBatch late;
    late.sentNs = 600'000'000'000LL;
    chart.addBatch(late);
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(axisX->max(), 700);
    EXPECT_DOUBLE_EQ(axisX->tickInterval(), 100);

    chart.beginRun(runOf({ 1 })); // and back to a small run
    ASSERT_EQ(chart.requestRowCount(), 2);
    EXPECT_DOUBLE_EQ(axisY->max(), 1.5);
    EXPECT_DOUBLE_EQ(axisY->tickInterval(), 0.2);
    EXPECT_DOUBLE_EQ(axisX->max(), 0.6);
    EXPECT_DOUBLE_EQ(axisX->tickInterval(), 0.1);

    EXPECT_LE(ticksY.mostTicks(), 12);
    EXPECT_LE(ticksX.mostTicks(), 12);
}

TEST(UiTokenTimeline, DenseRunIsDecimatedToAFewThousandPoints)
{
    TokenTimelineChart chart;
    chart.resize(1000, 600);
    chart.show();
    RunConfig config;
    config.concurrencyLevels = { 256 };
    config.requestsPerConcurrency = 1;
    config.warmupRequests = 0;
    chart.beginRun(config);
    ASSERT_EQ(chart.requestRowCount(), 256);

    for (const LiveBatch &batch : denseRun(256, 256))
        chart.addBatch(batch);
    chart.refreshNow(); // its cost is measured by tokenscope-uibench, not asserted here
    // 65,536 chunks in; a few thousand markers out, one first token per request.
    EXPECT_GT(chart.chunkPointCount(), 256);
    EXPECT_LE(chart.chunkPointCount(), 3000);
    EXPECT_EQ(chart.firstTokenPointCount(), 256);
    EXPECT_EQ(chart.warmupPointCount(), 0);
}

TEST(UiTokenTimeline, WarmupGoesToItsOwnSeriesAndUnknownLevelsAreIgnored)
{
    TokenTimelineChart chart;
    RunConfig config;
    config.concurrencyLevels = { 1, 2 };
    config.requestsPerConcurrency = 1;
    config.warmupRequests = 1;
    chart.beginRun(config);
    EXPECT_EQ(chart.requestRowCount(), 1 + 1 + 2);

    LiveBatch batch;
    batch.started = { { -1, 1, 0, true, 0 }, { 0, 1, 0, false, 1000 } };
    batch.chunks = { { -1, 1, 0, true, 50000000, true }, { 0, 1, 0, false, 90000000, true },
        { 0, 1, 0, false, 99000000, false },
        { 7, 1, 0, false, 99000000, true } }; // level 7 is not in this run
    chart.addBatch(batch);
    chart.refreshNow();
    EXPECT_EQ(chart.warmupPointCount(), 1);
    EXPECT_EQ(chart.firstTokenPointCount(), 1);
    EXPECT_EQ(chart.chunkPointCount(), 2);
}

TEST(UiTokenTimeline, FailedRequestsGetTheirOwnMarker)
{
    TokenTimelineChart chart;
    RunConfig config;
    config.concurrencyLevels = { 2 };
    config.requestsPerConcurrency = 1;
    config.warmupRequests = 0;
    chart.beginRun(config);

    LiveBatch batch;
    batch.started = { { 0, 2, 0, false, 0 }, { 0, 2, 1, false, 0 } };
    batch.chunks = { { 0, 2, 0, false, 40000000, true } };
    chart.addBatch(batch);
    RequestRecord ok;
    ok.level = 2;
    ok.ok = true;
    ok.lastTokenNs = ok.endNs = 40000000;
    RequestRecord failed;
    failed.level = 2;
    failed.index = 1;
    failed.errorKind = QStringLiteral("http_500");
    failed.endNs = 5000000;
    chart.addFinished(ok);
    chart.addFinished(failed);
    chart.refreshNow();
    EXPECT_EQ(chart.failedPointCount(), 1);
    EXPECT_EQ(chart.firstTokenPointCount(), 1);
}

TEST(UiTokenTimeline, ReopenedRunDrawsEveryChunkAgain)
{
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(Testing::quickSim(), &error)) << error.toStdString();
    RunConfig config = Testing::quickConfig(sim.baseUrl().toString(), 2, 4, 8);
    config.warmupRequests = 1;
    const RunResult run = Testing::runAndWait(config);
    sim.stop();
    int chunks = 0;
    for (const RequestRecord &r : Testing::measured(run))
        chunks += int(r.chunkTimesNs.size());
    ASSERT_GT(chunks, 0);

    TokenTimelineChart chart;
    chart.resize(900, 500);
    chart.setRun(run);
    EXPECT_EQ(chart.requestRowCount(), 5);
    EXPECT_EQ(chart.firstTokenPointCount(), 4); // one per measured request
    EXPECT_GT(chart.chunkPointCount(), 0);
    EXPECT_GT(chart.warmupPointCount(), 0);
}
