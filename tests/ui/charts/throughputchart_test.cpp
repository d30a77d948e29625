// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/throughputchart.h"

#include "chartgestures.h"
#include "liverun.h"
#include "support/enginerun.h"

#include <QAreaSeries>
#include <QCoreApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QMouseEvent>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
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

// The time a readout starts with ("2.01 s · c=4"), in seconds.
double readoutTimeS(const QString &readout)
{
    return QLocale().toDouble(readout.section(u' ', 0, 0));
}

// The drawn rate line's value at the point nearest `tS`.
double drawnRateNear(ThroughputChart &chart, double tS)
{
    const auto *area = qobject_cast<QAreaSeries *>(chart.chart()->series().constFirst());
    const QList<QPointF> points = area->upperSeries()->points();
    const auto nearest = std::min_element(points.cbegin(), points.cend(),
        [tS](const QPointF &a, const QPointF &b) { return std::abs(a.x() - tS) < std::abs(b.x() - tS); });
    return nearest == points.cend() ? -1 : nearest->y();
}

// Mean spacing (s) of the drawn rate points inside [fromS, toS].
double pointSpacingS(ThroughputChart &chart, double fromS, double toS)
{
    const auto *area = qobject_cast<QAreaSeries *>(chart.chart()->series().constFirst());
    const QList<QPointF> points = area->upperSeries()->points();
    int inside = 0;
    for (const QPointF &p : points)
        inside += p.x() >= fromS && p.x() <= toS ? 1 : 0;
    return inside > 1 ? (toS - fromS) / (inside - 1) : 1e9;
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
    EXPECT_EQ(
        chart.levelLabels(), (QStringList { QStringLiteral("warm-up"), QStringLiteral("c=1"), QStringLiteral("c=4") }));
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

// Hovering reads out the time under the pointer, the level then, and both curves' values there.
TEST(UiThroughputChart, ReadoutOverTheLineGivesTheValueAndTime)
{
    ThroughputChart steady;
    steady.beginRun();
    for (const LiveBatch &batch : steadyStream(4, 100, 3))
        steady.addBatch(batch);
    steady.refreshNow();
    showAndLayOut(steady);
    const QString readout = steady.readoutAt(viewPosOf(steady, 2.0, 100));
    EXPECT_NEAR(readoutTimeS(readout), 2.0, 0.02) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("c=3"))) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("\nOutput 100 tok/s\n"))) << readout.toStdString();
    EXPECT_TRUE(readout.endsWith(QStringLiteral("3 requests in flight"))) << readout.toStdString();
    // Nothing outside the plot area, nor after the run's last data.
    EXPECT_TRUE(steady.readoutAt(QPointF(2, 2)).isEmpty());
    EXPECT_TRUE(steady.readoutAt(viewPosOf(steady, 4.15, 0)).isEmpty());

    // A real run: the readout is the drawn line's value and the in-flight step at that time.
    RunConfig config = quickConfig({}, 4, 0, 60);
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 3;
    config.warmupRequests = 1;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ThroughputChart chart;
    chart.beginRun(run.result.config);
    for (const LiveBatch &batch : run.batches)
        chart.addBatch(batch);
    for (const RequestRecord &r : run.finished)
        chart.addFinished(r);
    chart.refreshNow();
    chart.setRunLabel(QStringLiteral("tokenscope-sim · run 7"));
    showAndLayOut(chart);
    // Half-way through the concurrency-4 level, where 4 requests are in flight.
    double startS = 0;
    double endS = 0;
    for (const RequestRecord &r : run.result.records) {
        if (r.levelIndex == 1 && !r.warmup) {
            startS = startS == 0 ? r.startNs / 1e9 : std::min(startS, r.startNs / 1e9);
            endS = std::max(endS, (r.startNs + r.endNs) / 1e9);
        }
    }
    ASSERT_LT(startS, endS);
    const double midS = (startS + endS) / 2;
    const QPointF pos = viewPosOf(chart, midS, chart.tokensPerSAt(midS));
    const QString real = chart.readoutAt(pos);
    const double tS = readoutTimeS(real);
    EXPECT_NEAR(tS, midS, (endS - startS) / 10) << real.toStdString();
    EXPECT_TRUE(real.contains(QStringLiteral(" · c=4\n"))) << real.toStdString();
    const double rate = chart.tokensPerSAt(tS);
    EXPECT_GT(rate, 0);
    EXPECT_NEAR(drawnRateNear(chart, tS), rate, rate * 0.05 + 1);
    // The readout shows its time to 10 ms, and the rate may step at a 10 ms bin edge within that
    // rounding: it is the rate at some instant within ±5 ms of the time it shows.
    const QLocale locale;
    QStringList rates;
    for (double offsetS : { -0.005, -0.0025, 0.0, 0.0025, 0.005 }) {
        const double r = chart.tokensPerSAt(tS + offsetS);
        rates.append(locale.toString(r, 'f', r < 100 ? 1 : 0) + QStringLiteral(" tok/s"));
    }
    EXPECT_TRUE(std::any_of(rates.cbegin(), rates.cend(), [&real](const QString &r) { return real.contains(r); }))
        << real.toStdString() << " vs " << rates.join(u',').toStdString();
    EXPECT_TRUE(real.endsWith(QString::number(chart.inFlightAt(tS)) + QStringLiteral(" requests in flight"))
        || real.endsWith(QStringLiteral("1 request in flight")))
        << real.toStdString();
    EXPECT_GE(chart.inFlightAt(tS), 1);
    EXPECT_LE(chart.inFlightAt(tS), 4);

    // A mouse move draws it without rebuilding the series.
    const int points = chart.throughputPointCount();
    sendMouse(chart.viewport(), QEvent::MouseMove, pos, Qt::NoButton, Qt::NoButton);
    EXPECT_EQ(chart.throughputPointCount(), points);
    EXPECT_TRUE(chart.chart()->title().endsWith(QStringLiteral(" — tokenscope-sim · run 7")));
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("throughput-hover")));
}

// The wheel zooms the time axis around the pointer; live batches keep the zoom; a drag pans;
// resetZoom() and a double-click go back to the whole run, which the axis follows again.
TEST(UiThroughputChart, WheelZoomsLiveBatchesKeepItAndResetRestores)
{
    RunConfig config = quickConfig({}, 4, 0, 60);
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 3;
    config.warmupRequests = 1;
    const LiveRun run = recordLiveRun(fastSim(), config);
    ASSERT_GT(run.batches.size(), 6);
    ThroughputChart chart;
    chart.beginRun(run.result.config);
    const qsizetype half = run.batches.size() / 2;
    for (qsizetype i = 0; i < half; ++i)
        chart.addBatch(run.batches.at(i));
    chart.refreshNow();
    showAndLayOut(chart);
    QValueAxis *axis = xAxis(chart);
    const double fullMin = axis->min();
    const double fullMax = axis->max();
    EXPECT_DOUBLE_EQ(fullMin, 0);

    const double anchor = fullMax * 0.5;
    const QPointF pos = viewPosOf(chart, anchor, 0);
    sendWheel(chart.viewport(), pos, 3 * 120); // three notches in: 51.2 % of the width
    ASSERT_TRUE(chart.isZoomed());
    const double zoomedMin = axis->min();
    const double zoomedMax = axis->max();
    EXPECT_NEAR(zoomedMax - zoomedMin, fullMax * 0.512, fullMax * 1e-6);
    EXPECT_NEAR((zoomedMin + zoomedMax) / 2, anchor, fullMax / 500); // the pointer's time stays put

    // The rest of the run arrives: the axis keeps the user's span.
    for (qsizetype i = half; i < run.batches.size(); ++i)
        chart.addBatch(run.batches.at(i));
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(axis->min(), zoomedMin);
    EXPECT_DOUBLE_EQ(axis->max(), zoomedMax);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("throughput-zoomed")));

    // A drag to the right shows earlier times, as wide as before.
    const QPointF from = viewPosOf(chart, (zoomedMin + zoomedMax) / 2, 0);
    sendMouse(chart.viewport(), QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    sendMouse(chart.viewport(), QEvent::MouseMove, from + QPointF(50, 0), Qt::NoButton, Qt::LeftButton);
    sendMouse(chart.viewport(), QEvent::MouseButtonRelease, from + QPointF(50, 0), Qt::LeftButton, Qt::NoButton);
    EXPECT_LT(axis->min(), zoomedMin);
    EXPECT_NEAR(axis->max() - axis->min(), zoomedMax - zoomedMin, fullMax * 1e-6);

    // Back to the whole run, now longer than when it was zoomed.
    chart.resetZoom();
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axis->min(), 0);
    EXPECT_GE(axis->max(), fullMax);
    const double wholeMax = axis->max();
    sendWheel(chart.viewport(), pos, 120);
    ASSERT_TRUE(chart.isZoomed());
    sendMouse(chart.viewport(), QEvent::MouseButtonDblClick, pos, Qt::LeftButton, Qt::LeftButton);
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axis->max(), wholeMax);
    // Zooming out past the whole run is the same as no zoom.
    sendWheel(chart.viewport(), pos, 120);
    sendWheel(chart.viewport(), pos, -2 * 120);
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axis->max(), wholeMax);
}

// A long run is decimated as a whole; zoomed in, the visible span is drawn at full resolution.
TEST(UiThroughputChart, ZoomedSpanOfALongRunIsDrawnAtFullResolution)
{
    ThroughputChart chart;
    chart.beginRun();
    for (const LiveBatch &batch : steadyStream(600, 50, 8))
        chart.addBatch(batch);
    chart.refreshNow();
    showAndLayOut(chart);
    const double wholeSpacing = pointSpacingS(chart, 290, 310);
    EXPECT_GT(wholeSpacing, 0.25); // 2,000 points over 600 s
    QValueAxis *axis = xAxis(chart);
    const double wholeWidth = axis->max() - axis->min();
    for (int i = 0; i < 10; ++i)
        sendWheel(chart.viewport(), viewPosOf(chart, 300, 0), 120);
    chart.refreshNow();
    const double width = axis->max() - axis->min();
    EXPECT_NEAR(width, wholeWidth * std::pow(0.8, 10), 1e-6 * wholeWidth);
    // 2,000 points over the visible span and as much again each side, in whole 10 ms bins.
    EXPECT_LE(pointSpacingS(chart, axis->min(), axis->max()), 3 * width / 2000 + 0.011);
    EXPECT_LT(pointSpacingS(chart, axis->min(), axis->max()), wholeSpacing / 2);
    EXPECT_LE(chart.throughputPointCount(), 2002);
    EXPECT_NEAR(chart.peakTokensPerS(), 50, 2);
    EXPECT_NEAR(drawnRateNear(chart, 300), chart.tokensPerSAt(300), 1); // the zoomed points are the rate
    chart.resetZoom();
    EXPECT_NEAR(pointSpacingS(chart, 290, 310), wholeSpacing, wholeSpacing * 0.1);
}

TEST(UiThroughputChart, EmptyStateSaysWhatToDoAndTheTitleNamesTheRun)
{
    ThroughputChart chart;
    EXPECT_TRUE(chart.emptyStateText().contains(QStringLiteral("Press Run ("))) << chart.emptyStateText().toStdString();
    EXPECT_FALSE(xAxis(chart)->isVisible());
    EXPECT_TRUE(chart.readoutAt(QPointF(450, 200)).isEmpty());
    chart.resize(900, 400);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("throughput-empty")));
    chart.beginRun();
    EXPECT_EQ(chart.emptyStateText(), QStringLiteral("Waiting for the first request to start"));
    chart.setRun(RunResult {});
    EXPECT_EQ(chart.emptyStateText(), QStringLiteral("This run has no requests"));

    const LiveRun run = recordLiveRun(fastSim(), quickConfig({}, 2, 4, 40));
    chart.setRun(run.result);
    EXPECT_TRUE(chart.emptyStateText().isEmpty());
    EXPECT_TRUE(xAxis(chart)->isVisible());

    EXPECT_EQ(chart.chart()->title(), QStringLiteral("Output throughput and requests in flight"));
    chart.setRunLabel(QStringLiteral("tokenscope-sim · 14:02"));
    EXPECT_EQ(
        chart.chart()->title(), QStringLiteral("Output throughput and requests in flight — tokenscope-sim · 14:02"));
    chart.setRun(run.result); // the label stays across runs
    EXPECT_EQ(chart.runLabel(), QStringLiteral("tokenscope-sim · 14:02"));
    EXPECT_TRUE(chart.chart()->title().endsWith(QStringLiteral(" — tokenscope-sim · 14:02")));
}

TEST(UiThroughputChart, ALevelThatArrivesViaLevelStartedIsNamedAfterItsRate)
{
    // A sweep lists only its first two levels up front; the third is chosen during the run.
    RunConfig config;
    config.loadMode = LoadMode::Sweep;
    config.maxConcurrency = 4;
    ASSERT_EQ(config.loadPoints().size(), 2);
    ThroughputChart chart;
    chart.resize(900, 400);
    chart.beginRun(config);
    const LoadPoint swept = config.ratePoint(40, 2, LoadPoint::Role::Swept);
    chart.addLevel(swept);
    LiveBatch batch;
    batch.started = { { 0, 1, 0, false, 0 }, { 1, 4, 0, false, 500 * kMs }, { 2, 4, 0, false, 1000 * kMs } };
    batch.chunks = { { 2, 4, 0, false, 1100 * kMs, true } };
    batch.sentNs = 1200 * kMs;
    batch.inFlight = 1;
    chart.addBatch(batch);
    chart.refreshNow();
    const QStringList labels = chart.levelLabels();
    ASSERT_EQ(labels.size(), 3);
    EXPECT_EQ(labels.at(0), config.loadPoints().at(0).label());
    EXPECT_EQ(labels.at(1), QStringLiteral("r=inf c≤4"));
    EXPECT_EQ(labels.at(2), QStringLiteral("r=40/s c≤4")); // the asked rate, not "c=4"
    showAndLayOut(chart);
    const QString readout = chart.readoutAt(viewPosOf(chart, 1.1, 0));
    EXPECT_TRUE(readout.contains(QStringLiteral("\nAsked: 40 requests/s\n"))) << readout.toStdString();

    // Shown again from its result, every level the run had is named the same way.
    RunResult run;
    run.config = config;
    run.loadPoints = { config.loadPoints().at(0), config.loadPoints().at(1), swept };
    RequestRecord r;
    r.levelIndex = 2;
    r.level = 4;
    r.ok = true;
    r.startNs = 1000 * kMs;
    r.chunkTimesNs = { 100 * kMs };
    r.endNs = 200 * kMs;
    run.records = { r };
    ThroughputChart shown;
    shown.setRun(run);
    ASSERT_EQ(shown.levelLabels().size(), 1);
    EXPECT_EQ(shown.levelLabels().at(0), QStringLiteral("r=40/s c≤4"));
}

namespace {

// A request of level 0 at concurrency 2 from `startS` to `endS`, a chunk every 50 ms.
RequestRecord requestBetween(double startS, double endS)
{
    RequestRecord r;
    r.level = 2;
    r.ok = true;
    r.startNs = static_cast<qint64>(startS * 1000) * kMs;
    r.endNs = static_cast<qint64>((endS - startS) * 1000) * kMs;
    for (qint64 t = 50 * kMs; t <= r.endNs; t += 50 * kMs)
        r.chunkTimesNs.append(t);
    r.lastTokenNs = r.chunkTimesNs.isEmpty() ? r.endNs : r.chunkTimesNs.constLast();
    return r;
}

ServerMetricsSample scrapeAt(double tS, double running, double waiting)
{
    ServerMetricsSample sample;
    sample.offsetNs = static_cast<qint64>(tS * 1000) * kMs;
    sample.ok = true;
    sample.server = QStringLiteral("vllm");
    sample.running = running;
    sample.waiting = waiting;
    return sample;
}

ServerMetricsSample failedScrapeAt(double tS)
{
    ServerMetricsSample sample;
    sample.offsetNs = static_cast<qint64>(tS * 1000) * kMs;
    sample.error = QStringLiteral("connection refused");
    return sample;
}

// Two requests in flight at most, while the server says it queued five: a server shared with others.
RunResult runWithScrapes()
{
    RunResult run;
    run.config.concurrencyLevels = { 2 };
    run.records = { requestBetween(0.0, 2.0), requestBetween(0.5, 3.0) };
    run.serverMetrics = { scrapeAt(0.25, 1, 0), scrapeAt(1.0, 2, 5), failedScrapeAt(1.5), scrapeAt(2.0, 2, 3),
        scrapeAt(2.5, 1, ServerMetricsSample::kAbsent) };
    return run;
}

QLineSeries *seriesNamed(ThroughputChart &chart, const QString &name)
{
    for (QAbstractSeries *series : chart.chart()->series()) {
        if (series->name() == name)
            return qobject_cast<QLineSeries *>(series);
    }
    return nullptr;
}

bool legendShows(ThroughputChart &chart, QAbstractSeries *series)
{
    const QList<QLegendMarker *> markers = chart.chart()->legend()->markers(series);
    return !markers.isEmpty() && markers.constFirst()->isVisible();
}

} // namespace

TEST(UiThroughputChart, ServerRunningAndWaitingAreStepLinesFromTheRunsScrapes)
{
    ThroughputChart chart;
    chart.setRun(runWithScrapes());
    QLineSeries *running = seriesNamed(chart, QStringLiteral("server running"));
    QLineSeries *waiting = seriesNamed(chart, QStringLiteral("server waiting"));
    ASSERT_NE(running, nullptr);
    ASSERT_NE(waiting, nullptr);
    EXPECT_TRUE(running->isVisible());
    EXPECT_TRUE(waiting->isVisible());
    EXPECT_TRUE(legendShows(chart, running));
    EXPECT_TRUE(legendShows(chart, waiting));
    EXPECT_TRUE(legendShows(chart, seriesNamed(chart, QStringLiteral("Requests in flight")))) << "the client's stays";
    // From the first scrape on (nothing is known before it), each figure holding until the next
    // scrape that gave it: the failed one draws nothing, the one without "waiting" keeps the last.
    EXPECT_EQ(running->points(),
        (QList<QPointF> { { 0.25, 1 }, { 1, 1 }, { 1, 2 }, { 2.5, 2 }, { 2.5, 1 }, { 3, 1 } }));
    EXPECT_EQ(waiting->points(),
        (QList<QPointF> { { 0.25, 0 }, { 1, 0 }, { 1, 5 }, { 2, 5 }, { 2, 3 }, { 3, 3 } }));
    EXPECT_EQ(chart.serverRunningPointCount(), 6);
    EXPECT_EQ(chart.serverScrapesOk(), 4);
    EXPECT_EQ(chart.serverScrapesFailed(), 1);
    EXPECT_FALSE(chart.serverRunningAt(0.2).has_value());
    EXPECT_EQ(chart.serverWaitingAt(2.7).value_or(-1), 3.0) << "the scrape at 2.5 s gave no waiting count";

    // The right axis holds the server's 5 waiting, though never more than 2 were in flight.
    EXPECT_EQ(chart.peakInFlight(), 2);
    const auto *axis = qobject_cast<QValueAxis *>(running->attachedAxes().constLast());
    ASSERT_NE(axis, nullptr);
    EXPECT_EQ(axis->alignment(), Qt::AlignRight);
    EXPECT_GE(axis->max(), 5.0);
    EXPECT_EQ(axis, qobject_cast<QValueAxis *>(seriesNamed(chart, QStringLiteral("Requests in flight"))->attachedAxes().constLast()));
}

TEST(UiThroughputChart, WithoutScrapesNoServerLineOrLegendEntry)
{
    RunResult run = runWithScrapes();
    run.serverMetrics.clear();
    ThroughputChart chart;
    chart.setRun(run);
    EXPECT_EQ(chart.serverRunningPointCount(), 0);
    EXPECT_EQ(chart.serverWaitingPointCount(), 0);
    EXPECT_FALSE(seriesNamed(chart, QStringLiteral("server running"))->isVisible());
    EXPECT_FALSE(legendShows(chart, seriesNamed(chart, QStringLiteral("server running"))));
    EXPECT_FALSE(legendShows(chart, seriesNamed(chart, QStringLiteral("server waiting"))));
    showAndLayOut(chart);
    const QString readout = chart.readoutAt(viewPosOf(chart, 1.2, 10));
    EXPECT_FALSE(readout.isEmpty());
    EXPECT_FALSE(readout.contains(QStringLiteral("server"))) << readout.toStdString();

    // Scrapes that all failed, or that gave neither figure, draw no server line either.
    run.serverMetrics = { failedScrapeAt(0.5), scrapeAt(1.0, ServerMetricsSample::kAbsent, ServerMetricsSample::kAbsent) };
    chart.setRun(run);
    EXPECT_EQ(chart.serverRunningPointCount(), 0);
    EXPECT_EQ(chart.serverScrapesFailed(), 1);
}

TEST(UiThroughputChart, ReadoutSaysWhatTheServerLastReported)
{
    ThroughputChart chart;
    chart.setRun(runWithScrapes());
    showAndLayOut(chart);
    const QString early = chart.readoutAt(viewPosOf(chart, 0.1, 10));
    EXPECT_FALSE(early.contains(QStringLiteral("server"))) << "before the first scrape: " << early.toStdString();
    const QString mid = chart.readoutAt(viewPosOf(chart, 1.2, 10));
    EXPECT_TRUE(mid.endsWith(QStringLiteral("2 requests in flight\nserver: 2 running, 5 waiting"))) << mid.toStdString();
    const QString late = chart.readoutAt(viewPosOf(chart, 2.7, 10));
    EXPECT_TRUE(late.endsWith(QStringLiteral("\nserver: 1 running, 3 waiting"))) << late.toStdString();
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("throughput-server")));
}

TEST(UiThroughputChart, LiveScrapesAreDrawnWithTheNextRefreshAndANewRunForgetsThem)
{
    ThroughputChart chart;
    chart.beginRun();
    for (const LiveBatch &batch : steadyStream(2, 100, 3))
        chart.addBatch(batch);
    chart.addServerSample(scrapeAt(0.5, 3, 7));
    chart.addServerSample(failedScrapeAt(1.0));
    chart.addServerSample(scrapeAt(1.5, 3, 6));
    EXPECT_TRUE(QTest::qWaitFor([&chart] { return chart.serverWaitingPointCount() > 0; }, 2000))
        << "the refresh timer draws what arrived";
    EXPECT_EQ(seriesNamed(chart, QStringLiteral("server waiting"))->points().constFirst(), QPointF(0.5, 7));
    EXPECT_EQ(chart.serverScrapesOk(), 2);
    EXPECT_EQ(chart.serverScrapesFailed(), 1);
    EXPECT_GE(qobject_cast<QValueAxis *>(seriesNamed(chart, QStringLiteral("server waiting"))->attachedAxes().constLast())->max(), 7.0);

    chart.beginRun();
    EXPECT_EQ(chart.serverRunningPointCount(), 0);
    EXPECT_EQ(chart.serverWaitingPointCount(), 0);
    EXPECT_EQ(chart.serverScrapesOk() + chart.serverScrapesFailed(), 0);
}

TEST(UiThroughputChart, ServerLinesBesideARealRun)
{
    // A real run, and what a server admitting 3 at a time would have said every 100 ms: the picture.
    RunConfig config = quickConfig({}, 4, 0, 60);
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 4;
    const LiveRun live = recordLiveRun(fastSim(), config);
    RunResult run = live.result;
    qint64 endNs = 0;
    for (const RequestRecord &r : run.records)
        endNs = std::max(endNs, r.startNs + r.endNs);
    for (qint64 t = 0; t <= endNs; t += 100 * kMs) {
        const int inFlight = static_cast<int>(std::count_if(run.records.cbegin(), run.records.cend(),
            [t](const RequestRecord &r) { return r.startNs <= t && t < r.startNs + r.endNs; }));
        run.serverMetrics.append(scrapeAt(t / 1e9, std::min(inFlight, 3), std::max(0, inFlight - 3)));
    }
    ThroughputChart chart;
    chart.setRun(run);
    EXPECT_GT(chart.serverRunningPointCount(), 2);
    EXPECT_EQ(chart.serverScrapesOk(), static_cast<int>(run.serverMetrics.size()));
    showAndLayOut(chart);
    const double tS = endNs / 2e9;
    const QString readout = chart.readoutAt(viewPosOf(chart, tS, 10));
    EXPECT_TRUE(readout.contains(QStringLiteral("\nserver: "))) << readout.toStdString();
    sendMouse(chart.viewport(), QEvent::MouseMove, viewPosOf(chart, tS, 10), Qt::NoButton, Qt::NoButton);
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("throughput-server-real")));
}

// A shown run with slices draws one step (two points) per slice on the rate axis and reads out the
// slice under the pointer; a run without draws and reads out nothing of them.
TEST(UiThroughputChart, SlicedRunDrawsItsSlicesAndUnslicedNone)
{
    RunConfig config = quickConfig({}, 4, 0, 40);
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 4;
    config.sliceS = 0.2;
    const LiveRun run = recordLiveRun(fastSim(), config);
    int slices = 0;
    for (const LevelSummary &level : run.result.levels)
        slices += int(level.slices.size());
    ASSERT_GE(slices, 4);

    ThroughputChart chart;
    chart.setRun(run.result);
    EXPECT_EQ(chart.slicePointCount(), 2 * slices);
    showAndLayOut(chart);
    const LevelSummary &last = run.result.levels.constLast();
    double firstSendS = 1e300;
    for (const RequestRecord &r : run.result.records)
        if (r.levelIndex == last.levelIndex && !r.warmup)
            firstSendS = std::min(firstSendS, r.startNs / 1e9);
    const QString readout = chart.readoutAt(viewPosOf(chart, firstSendS + 0.1, 0));
    EXPECT_TRUE(readout.contains(u"\nSlice 0.0-0.2 s: ")) << readout.toStdString();

    ThroughputChart live; // fed as the window feeds it; the slices come when the run has ended
    live.beginRun(run.result.config);
    for (const LiveBatch &batch : run.batches)
        live.addBatch(batch);
    live.refreshNow();
    EXPECT_EQ(live.slicePointCount(), 0);
    live.setSlices(run.result);
    EXPECT_EQ(live.slicePointCount(), 2 * slices);

    RunResult unsliced = run.result;
    for (LevelSummary &level : unsliced.levels)
        level.slices.clear();
    chart.setRun(unsliced);
    EXPECT_EQ(chart.slicePointCount(), 0);
    EXPECT_FALSE(chart.readoutAt(viewPosOf(chart, firstSendS + 0.1, 0)).contains(u"Slice"));
}
