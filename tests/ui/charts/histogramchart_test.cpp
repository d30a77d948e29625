// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/histogramchart.h"

#include "liverun.h"
#include "stats/statistics.h"
#include "support/enginerun.h"

#include <QLegend>
#include <QLegendMarker>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// Two levels, a warm-up, and every fifth request cut after three chunks.
RunConfig twoLevelConfig()
{
    RunConfig config = quickConfig({}, 2, 0, 40);
    config.concurrencyLevels = { 2, 4 };
    config.requestsPerLevel = 10;
    config.warmupRequests = 1;
    config.minTokensForTpot = 20;
    return config;
}

SimConfig faultySim()
{
    SimConfig sim = fastSim();
    sim.fault = SimFault::ResetMidStream;
    sim.faultEvery = 5;
    sim.faultAfterChunks = 3;
    return sim;
}

QList<RequestRecord> measuredOk(const LiveRun &run)
{
    QList<RequestRecord> out;
    for (const RequestRecord &r : run.finished)
        if (!r.warmup && r.ok)
            out.append(r);
    return out;
}

QStringList visibleLegendLabels(HistogramChart &chart)
{
    QStringList labels;
    const QList<QLegendMarker *> markers = chart.chart()->legend()->markers();
    for (const QLegendMarker *marker : markers)
        if (marker->isVisible())
            labels.append(marker->label());
    return labels;
}

RequestRecord syntheticRecord(int level, int index, double ttftMs)
{
    RequestRecord r;
    r.level = level;
    r.index = index;
    r.ok = true;
    r.ttftNs = static_cast<qint64>(ttftMs * 1e6);
    r.lastTokenNs = r.ttftNs;
    r.chunkTimesNs = { r.ttftNs };
    r.outputTokens = 1;
    return r;
}

} // namespace

TEST(UiHistogramChart, TtftOfARealRunCountsCompletedMeasuredRequestsOnly)
{
    const LiveRun run = recordLiveRun(faultySim(), twoLevelConfig());
    const QList<RequestRecord> ok = measuredOk(run);
    ASSERT_EQ(run.finished.size(), 21); // 1 warm-up + 10 + 10
    ASSERT_GT(ok.size(), 0);
    ASSERT_LT(ok.size(), 20) << "the simulator's resets should have failed some requests";

    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.resize(900, 400);
    chart.beginRun(run.result.config);
    for (const RequestRecord &r : run.finished)
        chart.addFinished(r);
    // Nothing is drawn per record: one refresh on the timer draws them all.
    EXPECT_EQ(chart.sampleCount(), 0);
    ASSERT_TRUE(QTest::qWaitFor([&chart, &ok] { return chart.sampleCount() == ok.size(); }, 5000));

    std::vector<double> ttfts;
    for (const RequestRecord &r : ok)
        ttfts.push_back(Stats::ttftMs(r));
    const Distribution expected = Stats::summarize(ttfts);
    EXPECT_DOUBLE_EQ(chart.p50Ms(), expected.p50);
    EXPECT_DOUBLE_EQ(chart.p95Ms(), expected.p95);
    EXPECT_GE(chart.drawnBarCount(), 1);
    EXPECT_LE(chart.drawnBarCount(), chart.histogram().binCount());
    EXPECT_LE(chart.histogram().firstEdge, expected.min);
    EXPECT_TRUE(chart.chart()->title().contains(QStringLiteral("n = ") + QString::number(ok.size())));
    const QStringList legend = visibleLegendLabels(chart);
    EXPECT_TRUE(legend.filter(QStringLiteral("P50")).size() == 1) << legend.join(u'|').toStdString();
    EXPECT_TRUE(legend.filter(QStringLiteral("P95")).size() == 1) << legend.join(u'|').toStdString();
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("histogram-ttft")));
}

TEST(UiHistogramChart, ItlOfARealRunHasOneValuePerChunkGapOfLongEnoughRequests)
{
    const LiveRun run = recordLiveRun(faultySim(), twoLevelConfig());
    HistogramChart chart(HistogramChart::Metric::Itl);
    chart.resize(900, 400);
    chart.beginRun(run.result.config);
    for (const RequestRecord &r : run.finished)
        chart.addFinished(r);
    // A completed request too short for TPOT adds no gaps, as in the level summary.
    RequestRecord shortOne = syntheticRecord(2, 99, 20);
    shortOne.outputTokens = 3;
    shortOne.chunkTimesNs = { 20000000, 25000000, 30000000 };
    chart.addFinished(shortOne);
    chart.refreshNow();

    int gaps = 0;
    for (const RequestRecord &r : measuredOk(run))
        gaps += static_cast<int>(r.chunkTimesNs.size()) - 1;
    ASSERT_GT(gaps, 0);
    EXPECT_EQ(chart.sampleCount(), gaps);
    // The level summaries computed by the engine saw the same gaps.
    int summarized = 0;
    for (const LevelSummary &level : run.result.levels)
        summarized += level.itlMs.count;
    EXPECT_EQ(chart.sampleCount(), summarized);
    EXPECT_GE(chart.drawnBarCount(), 1);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("histogram-itl")));
}

TEST(UiHistogramChart, LevelFilterShowsOneLevelsRequests)
{
    const LiveRun run = recordLiveRun(fastSim(), twoLevelConfig());
    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.setRun(run.result);
    EXPECT_EQ(chart.sampleCount(), 20);
    chart.setLevelFilter(1); // the level at concurrency 4
    EXPECT_EQ(chart.sampleCount(), 10);
    EXPECT_TRUE(chart.chart()->title().contains(QStringLiteral("concurrency 4")));
    chart.setLevelFilter(7);
    EXPECT_EQ(chart.sampleCount(), 0);
    EXPECT_EQ(chart.drawnBarCount(), 0);
    chart.setLevelFilter(-1);
    EXPECT_EQ(chart.sampleCount(), 20);
}

TEST(UiHistogramChart, WarmupsAndFailedRequestsAreLeftOut)
{
    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.beginRun();
    RequestRecord warmup = syntheticRecord(1, 0, 30);
    warmup.warmup = true;
    RequestRecord failed = syntheticRecord(1, 1, 30);
    failed.ok = false;
    failed.errorKind = QStringLiteral("reset");
    chart.addFinished(warmup);
    chart.addFinished(failed);
    chart.addFinished(syntheticRecord(1, 2, 30));
    chart.refreshNow();
    EXPECT_EQ(chart.sampleCount(), 1);
}

TEST(UiHistogramChart, FarOutlierGoesToAHatchedLastBarThatTheLegendExplains)
{
    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.beginRun();
    for (int i = 0; i < 40; ++i)
        chart.addFinished(syntheticRecord(1, i, 20 + i * 0.25));
    chart.addFinished(syntheticRecord(1, 40, 5000));
    chart.refreshNow();
    EXPECT_EQ(chart.histogram().clamped, 1);
    const QStringList notes = visibleLegendLabels(chart).filter(QStringLiteral("far-out"));
    ASSERT_EQ(notes.size(), 1);
    EXPECT_TRUE(
        notes.constFirst().contains(QStringLiteral("5000")) || notes.constFirst().contains(QStringLiteral("5,000")))
        << notes.constFirst().toStdString();
    chart.resize(900, 400);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("histogram-clamped")));

    // A new run without outliers takes the note away again.
    chart.beginRun();
    chart.addFinished(syntheticRecord(1, 0, 20));
    chart.refreshNow();
    EXPECT_EQ(chart.histogram().clamped, 0);
    EXPECT_TRUE(visibleLegendLabels(chart).filter(QStringLiteral("far-out")).isEmpty());
}
