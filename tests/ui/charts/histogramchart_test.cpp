// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartsupport.h"
#include "charts/histogramchart.h"

#include "chartgestures.h"
#include "liverun.h"
#include "stats/statistics.h"
#include "store/historystore.h"
#include "support/enginerun.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
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

int tallestBin(const Stats::Histogram &h)
{
    return static_cast<int>(std::max_element(h.counts.cbegin(), h.counts.cend()) - h.counts.cbegin());
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
    EXPECT_EQ(chart.levelFilter(), 1);
    EXPECT_TRUE(chart.chart()->title().contains(QStringLiteral(" · c=4 · "))) << chart.chart()->title().toStdString();
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

// The level filter counts exactly one level's requests, whether the chart got the run live, whole
// (setRun) or back from the history store.
TEST(UiHistogramChart, LevelFilterCountsOnlyThatLevelLiveFinishedAndStored)
{
    const LiveRun run = recordLiveRun(fastSim(), twoLevelConfig());
    std::array<int, 2> ttfts {};
    std::array<int, 2> gaps {};
    for (const RequestRecord &r : measuredOk(run)) {
        ASSERT_TRUE(r.levelIndex == 0 || r.levelIndex == 1);
        ++ttfts.at(r.levelIndex);
        gaps.at(r.levelIndex) += static_cast<int>(r.chunkTimesNs.size()) - 1;
    }
    ASSERT_EQ(ttfts.at(0), 10);
    ASSERT_EQ(ttfts.at(1), 10);

    QTemporaryDir tmp;
    HistoryStore store;
    ASSERT_TRUE(store.open(tmp.filePath(QStringLiteral("h.sqlite"))));
    QString error;
    const qint64 id = store.storeRun(run.result, HistoryRunStatus::Completed, QStringLiteral("two levels"),
        QStringLiteral("test"), QJsonObject {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> stored = store.loadRun(id, &error);
    ASSERT_TRUE(stored) << error.toStdString();

    for (HistogramChart::Metric metric : { HistogramChart::Metric::Ttft, HistogramChart::Metric::Itl }) {
        const std::array<int, 2> &expected = metric == HistogramChart::Metric::Ttft ? ttfts : gaps;
        HistogramChart live(metric);
        live.beginRun(run.result.config);
        for (const RequestRecord &r : run.finished)
            live.addFinished(r);
        HistogramChart finished(metric);
        finished.setRun(run.result);
        HistogramChart fromHistory(metric);
        fromHistory.setRun(*stored);
        for (HistogramChart *chart : { &live, &finished, &fromHistory }) {
            chart->setLevelFilter(0);
            EXPECT_EQ(chart->sampleCount(), expected.at(0));
            EXPECT_TRUE(chart->chart()->title().contains(QStringLiteral(" · c=2 · ")));
            chart->setLevelFilter(1);
            EXPECT_EQ(chart->sampleCount(), expected.at(1));
            EXPECT_TRUE(chart->chart()->title().contains(QStringLiteral(" · c=4 · ")));
            chart->setLevelFilter(-1);
            EXPECT_EQ(chart->levelFilter(), -1);
            EXPECT_EQ(chart->sampleCount(), expected.at(0) + expected.at(1));
            EXPECT_TRUE(chart->chart()->title().contains(QStringLiteral(" · all levels · ")));
        }
    }
}

TEST(UiHistogramChart, TitleNamesTheRunAndTheLevel)
{
    const LiveRun run = recordLiveRun(fastSim(), twoLevelConfig());
    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.setRun(run.result);
    chart.setRunLabel(QStringLiteral("tokenscope-sim · 14:02"));
    EXPECT_EQ(chart.chart()->title(), QStringLiteral("TTFT histogram — tokenscope-sim · 14:02 · all levels · n = 20"));
    chart.setLevelFilter(1);
    EXPECT_EQ(chart.chart()->title(), QStringLiteral("TTFT histogram — tokenscope-sim · 14:02 · c=4 · n = 10"));

    HistogramChart itl(HistogramChart::Metric::Itl);
    itl.setRunLabel(QStringLiteral("A/B run"));
    itl.setRun(run.result); // the label stays across runs
    EXPECT_TRUE(itl.chart()->title().startsWith(QStringLiteral("ITL histogram — A/B run · all levels · n = ")));
    EXPECT_TRUE(itl.chart()->title().endsWith(QStringLiteral(" gaps")));
    itl.setRunLabel({});
    EXPECT_TRUE(itl.chart()->title().startsWith(QStringLiteral("ITL histogram · all levels · n = ")));
}

// Hovering a bar reads out the bin under the pointer: its range, its count and its share.
TEST(UiHistogramChart, ReadoutOverABinGivesItsRangeAndCount)
{
    const LiveRun run = recordLiveRun(fastSim(), twoLevelConfig());
    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.setRun(run.result);
    showAndLayOut(chart);
    const Stats::Histogram &h = chart.histogram();
    ASSERT_GT(h.binCount(), 1);
    const int bin = tallestBin(h);
    const int count = h.counts.at(bin);
    ASSERT_GT(count, 0);
    // The bin's own count, from the records.
    int inBin = 0;
    for (const RequestRecord &r : measuredOk(run)) {
        const double ms = Stats::ttftMs(r);
        inBin += ms >= h.lowerEdge(bin) && (ms < h.lowerEdge(bin + 1) || bin == h.binCount() - 1) ? 1 : 0;
    }
    ASSERT_EQ(inBin, count);

    const QPointF pos = viewPosOf(chart, (h.lowerEdge(bin) + h.lowerEdge(bin + 1)) / 2, 0.5);
    const QString readout = chart.readoutAt(pos);
    const QLocale locale;
    const int decimals = h.binWidth >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(h.binWidth) - 1e-9));
    const QString range = locale.toString(h.lowerEdge(bin), 'f', decimals) + QStringLiteral("–")
        + locale.toString(h.lowerEdge(bin + 1), 'f', decimals) + QStringLiteral(" ms");
    EXPECT_TRUE(readout.startsWith(QStringLiteral("TTFT ") + range)) << readout.toStdString();
    const QString share = QStringLiteral("%1 of 20 requests (%2 %)")
                              .arg(QString::number(count), locale.toString(100.0 * count / 20, 'f', 1));
    EXPECT_TRUE(readout.contains(share)) << readout.toStdString() << " | " << share.toStdString();
    // The same bin anywhere up its column; nothing outside the plot area or left of the bins.
    EXPECT_EQ(chart.readoutAt(viewPosOf(chart, (h.lowerEdge(bin) + h.lowerEdge(bin + 1)) / 2, count * 0.9)), readout);
    EXPECT_TRUE(chart.readoutAt(QPointF(2, 2)).isEmpty());
    EXPECT_TRUE(chart.readoutAt(viewPosOf(chart, h.firstEdge, 0.5) - QPointF(3, 0)).isEmpty());

    // A mouse move shows it (drawn over the chart), without touching the series.
    const int points = chart.drawnBarCount();
    sendMouse(chart.viewport(), QEvent::MouseMove, pos, Qt::NoButton, Qt::NoButton);
    EXPECT_EQ(chart.drawnBarCount(), points);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("histogram-hover")));
}

// The far-out bar's readout says how many values it holds and how far they went.
TEST(UiHistogramChart, ReadoutOverTheFarOutBarSaysHowFar)
{
    HistogramChart chart(HistogramChart::Metric::Ttft);
    chart.beginRun();
    for (int i = 0; i < 40; ++i)
        chart.addFinished(syntheticRecord(1, i, 20 + i * 0.25));
    chart.addFinished(syntheticRecord(1, 40, 5000));
    chart.refreshNow();
    showAndLayOut(chart);
    const Stats::Histogram &h = chart.histogram();
    ASSERT_EQ(h.clamped, 1);
    const int last = h.binCount() - 1;
    const QString readout = chart.readoutAt(viewPosOf(chart, (h.lowerEdge(last) + h.lastEdge()) / 2, 0.5));
    EXPECT_TRUE(readout.contains(QStringLiteral("far out"))) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("5,000")) || readout.contains(QStringLiteral("5000")))
        << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("1 of 41 requests"))) << readout.toStdString();
}

// The wheel zooms the x axis around the pointer; live refreshes keep the zoom; a drag pans;
// resetZoom() and a double-click go back to the whole sample.
TEST(UiHistogramChart, WheelZoomsLiveUpdatesKeepItAndResetRestores)
{
    const LiveRun run = recordLiveRun(fastSim(), twoLevelConfig());
    HistogramChart chart(HistogramChart::Metric::Itl);
    chart.beginRun(run.result.config);
    const qsizetype half = run.finished.size() / 2;
    for (qsizetype i = 0; i < half; ++i)
        chart.addFinished(run.finished.at(i));
    chart.refreshNow();
    showAndLayOut(chart);
    QValueAxis *axis = xAxis(chart);
    const double fullMin = axis->min();
    const double fullMax = axis->max();
    EXPECT_DOUBLE_EQ(fullMin, chart.histogram().firstEdge);
    EXPECT_DOUBLE_EQ(fullMax, chart.histogram().lastEdge());

    const double anchor = fullMin + (fullMax - fullMin) * 0.25;
    const QPointF pos = viewPosOf(chart, anchor, 0);
    sendWheel(chart.viewport(), pos, 2 * 120); // two notches in: 64 % of the width
    ASSERT_TRUE(chart.isZoomed());
    const double zoomedMin = axis->min();
    const double zoomedMax = axis->max();
    EXPECT_NEAR(zoomedMax - zoomedMin, (fullMax - fullMin) * 0.64, (fullMax - fullMin) * 1e-6);
    EXPECT_GE(zoomedMin, fullMin);
    EXPECT_LE(zoomedMax, fullMax);
    // The visible range is binned anew, no coarser than before, and its bars hold exactly the values in view.
    const Stats::Histogram &shown = chart.shownHistogram();
    EXPECT_LE(shown.binWidth, chart.histogram().binWidth);
    EXPECT_LE(shown.firstEdge, zoomedMin);
    EXPECT_GE(shown.lastEdge(), zoomedMax);
    int inView = 0;
    for (const RequestRecord &r : run.finished.mid(0, half)) {
        if (r.warmup || !r.ok || r.outputTokens < 20)
            continue;
        for (double ms : Stats::itlMs(r))
            inView += ms >= shown.firstEdge && ms < shown.lastEdge() ? 1 : 0;
    }
    EXPECT_EQ(shown.total, inView);
    EXPECT_EQ(chart.sampleCount(), chart.histogram().total); // n stays that of the whole sample
    // The value under the pointer stays under it.
    EXPECT_NEAR(zoomedMin + (zoomedMax - zoomedMin) * 0.25, anchor, (fullMax - fullMin) / 500); // a pixel

    // More records arrive: the axis keeps the user's range.
    for (qsizetype i = half; i < run.finished.size(); ++i)
        chart.addFinished(run.finished.at(i));
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(axis->min(), zoomedMin);
    EXPECT_DOUBLE_EQ(axis->max(), zoomedMax);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("histogram-zoomed")));

    // A drag to the left shows what lies to the right, as wide as before.
    const QPointF from = viewPosOf(chart, (zoomedMin + zoomedMax) / 2, 0);
    sendMouse(chart.viewport(), QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    sendMouse(chart.viewport(), QEvent::MouseMove, from - QPointF(60, 0), Qt::NoButton, Qt::LeftButton);
    sendMouse(chart.viewport(), QEvent::MouseButtonRelease, from - QPointF(60, 0), Qt::LeftButton, Qt::NoButton);
    EXPECT_GT(axis->min(), zoomedMin);
    EXPECT_NEAR(axis->max() - axis->min(), zoomedMax - zoomedMin, (fullMax - fullMin) * 1e-6);

    // resetZoom() follows the data again: the whole, now larger, sample.
    chart.resetZoom();
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axis->min(), chart.histogram().firstEdge);
    EXPECT_DOUBLE_EQ(axis->max(), chart.histogram().lastEdge());

    // Zooming out past the whole sample is the same as no zoom; a double-click resets too.
    sendWheel(chart.viewport(), pos, 120);
    ASSERT_TRUE(chart.isZoomed());
    sendMouse(chart.viewport(), QEvent::MouseButtonDblClick, pos, Qt::LeftButton, Qt::LeftButton);
    EXPECT_FALSE(chart.isZoomed());
    sendWheel(chart.viewport(), pos, 120);
    sendWheel(chart.viewport(), pos, -3 * 120);
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axis->min(), chart.histogram().firstEdge);
    EXPECT_DOUBLE_EQ(axis->max(), chart.histogram().lastEdge());
}

// Without bars the plot area says why, instead of drawing an empty axis.
TEST(UiHistogramChart, EmptyStatesSayWhatToDoAndWhyItlIsEmpty)
{
    HistogramChart ttft(HistogramChart::Metric::Ttft);
    HistogramChart itl(HistogramChart::Metric::Itl);
    EXPECT_TRUE(ttft.emptyStateText().contains(QStringLiteral("Press Run ("))) << ttft.emptyStateText().toStdString();
    EXPECT_TRUE(itl.emptyStateText().contains(QStringLiteral("Press Run (")));
    EXPECT_FALSE(xAxis(ttft)->isVisible());
    ttft.resize(900, 400);
    EXPECT_TRUE(saveShotIfAsked(&ttft, QStringLiteral("histogram-empty")));

    // Every response shorter than the TPOT/ITL minimum: TTFT has its sample, ITL says why it has none.
    RunConfig config = quickConfig({}, 2, 6, 10);
    config.minTokensForTpot = 20;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ASSERT_EQ(countOk(run.result), 6);
    itl.beginRun(run.result.config);
    EXPECT_EQ(itl.emptyStateText(), QStringLiteral("Waiting for the first request to complete"));
    for (const RequestRecord &r : run.finished)
        itl.addFinished(r);
    itl.refreshNow();
    const QString tooShort = QStringLiteral("Every response had fewer than 20 output tokens: ITL leaves them out (min "
                                            "tokens for TPOT in Run settings)");
    EXPECT_EQ(itl.sampleCount(), 0);
    EXPECT_EQ(itl.emptyStateText(), tooShort);
    HistogramChart stored(HistogramChart::Metric::Itl);
    stored.setRun(run.result);
    EXPECT_EQ(stored.emptyStateText(), tooShort);
    stored.resize(900, 400);
    EXPECT_TRUE(saveShotIfAsked(&stored, QStringLiteral("histogram-itl-too-short")));
    ttft.setRun(run.result);
    EXPECT_EQ(ttft.sampleCount(), 6);
    EXPECT_TRUE(ttft.emptyStateText().isEmpty());
    EXPECT_TRUE(xAxis(ttft)->isVisible());

    // A level with nothing in it says so.
    ttft.setLevelFilter(3);
    EXPECT_TRUE(ttft.emptyStateText().startsWith(QStringLiteral("No requests at level 4")))
        << ttft.emptyStateText().toStdString();
}

// ---- P50/P95 labels: placeLineLabels() without a widget ----

namespace {

// Whether any two placed labels overlap (same row, spans closer than `gap`) or one leaves the plot.
bool labelsCollideOrLeave(const QList<LineLabel> &placed, const QList<double> &widths, double left, double right)
{
    for (qsizetype i = 0; i < placed.size(); ++i) {
        if (placed.at(i).left < left - 1e-9 || placed.at(i).left + widths.at(i) > right + 1e-9)
            return true;
        for (qsizetype j = 0; j < i; ++j) {
            if (placed.at(i).row == placed.at(j).row && placed.at(i).left < placed.at(j).left + widths.at(j)
                && placed.at(j).left < placed.at(i).left + widths.at(i))
                return true;
        }
    }
    return false;
}

} // namespace

TEST(UiHistogramLabels, FarApartLabelsSitRightOfTheirLinesOnTheTopRow)
{
    const QList<LineLabel> placed = placeLineLabels({ 100, 300 }, { 30, 30 }, 0, 500);
    ASSERT_EQ(placed.size(), 2);
    EXPECT_DOUBLE_EQ(placed.at(0).left, 104);
    EXPECT_EQ(placed.at(0).row, 0);
    EXPECT_DOUBLE_EQ(placed.at(1).left, 304);
    EXPECT_EQ(placed.at(1).row, 0);
}

TEST(UiHistogramLabels, CloseLinesNeverGetOverlappingLabels)
{
    // P95 just right of P50: a row down.
    const QList<LineLabel> close = placeLineLabels({ 100, 110 }, { 30, 30 }, 0, 500);
    EXPECT_FALSE(labelsCollideOrLeave(close, { 30, 30 }, 0, 500));
    EXPECT_EQ(close.at(1).row, 1);
    // The same line (P50 = P95): one each side.
    const QList<LineLabel> same = placeLineLabels({ 100, 100 }, { 30, 30 }, 0, 500);
    EXPECT_FALSE(labelsCollideOrLeave(same, { 30, 30 }, 0, 500));
    EXPECT_EQ(same.at(1).row, 0);
    EXPECT_LT(same.at(1).left, 100);
    // At the right edge, both flip left of their lines, and still do not meet.
    const QList<LineLabel> edge = placeLineLabels({ 490, 498 }, { 30, 30 }, 0, 500);
    EXPECT_FALSE(labelsCollideOrLeave(edge, { 30, 30 }, 0, 500));
    EXPECT_LT(edge.at(0).left, 490);
}

TEST(UiHistogramLabels, NoPlacementOfTwoLinesCollides)
{
    const QList<double> widths { 28, 31 };
    for (double p50 = 0; p50 <= 400; p50 += 7) {
        for (double p95 = p50; p95 <= 400; p95 += 3) {
            const QList<LineLabel> placed = placeLineLabels({ p50, p95 }, widths, 0, 400);
            ASSERT_FALSE(labelsCollideOrLeave(placed, widths, 0, 400)) << p50 << " " << p95;
        }
    }
}
