// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/liverun.h"
#include "charts/tokentimelinechart.h"
#include "sim/simulatorserver.h"
#include "stats/statistics.h"
#include "support/enginerun.h"

#include <QApplication>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsItem>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <functional>
#include <gtest/gtest.h>
#include <limits>

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

// Every request of `config` posted at once: the row axis follows the posted rows.
LiveBatch everyRequestPosted(const RunConfig &config)
{
    LiveBatch batch;
    for (int i = 0; i < config.warmupRequests; ++i)
        batch.started.append({ -1, 0, i, true, 0 });
    for (const LoadPoint &point : config.loadPoints()) {
        for (int i = 0; i < config.requestsForPoint(point); ++i)
            batch.started.append({ point.index, point.concurrency, i, false, 0 });
    }
    return batch;
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
    EXPECT_DOUBLE_EQ(axisY->max(), 0.5) << "no request posted yet";
    chart.addBatch(everyRequestPosted(runOf({ 1, 16, 64, 256 })));
    chart.refreshNow();
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
    chart.addBatch(everyRequestPosted(runOf({ 1 })));
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(axisY->max(), 1.5);
    EXPECT_DOUBLE_EQ(axisY->tickInterval(), 1); // rows are whole: no tick between two of them
    EXPECT_DOUBLE_EQ(axisX->max(), 0.6);
    EXPECT_DOUBLE_EQ(axisX->tickInterval(), 0.1);

    EXPECT_LE(ticksY.mostTicks(), 12);
    EXPECT_LE(ticksX.mostTicks(), 12);
}

TEST(UiTokenTimeline, DenseRunIsDecimatedToAFewThousandPoints)
{
    TokenTimelineChart chart;
    chart.resize(1000, 500);
    chart.show();
    QCoreApplication::processEvents();
    RunConfig config;
    config.concurrencyLevels = { 256 };
    config.requestsPerConcurrency = 1;
    config.warmupRequests = 0;
    chart.beginRun(config);
    ASSERT_EQ(chart.requestRowCount(), 256);

    for (const LiveBatch &batch : denseRun(256, 256))
        chart.addBatch(batch);
    chart.refreshNow(); // its cost is measured by tokenscope-uibench, not asserted here
    // 65,536 chunks in; at under 3 px a row, no chunk markers (they would cover the next rows) but
    // one stream bar per row (its chunks are 10 ms apart, closer than a pixel), one first token each.
    EXPECT_LE(chart.chunkPointCount(), 3000);
    EXPECT_EQ(chart.streamSegmentCount(), 256);
    EXPECT_EQ(chart.firstTokenPointCount(), 256);
    EXPECT_EQ(chart.warmupPointCount(), 0);

    // Rows stay rows, not a solid block: down pixel columns through the streams (1.4 px a row),
    // stream-coloured pixels (a thin bar per row) and the background between rows both show.
    QCoreApplication::processEvents();
    const QImage image = chart.grab().toImage();
    const int top = qRound(chart.viewPosition(0, 0).y());
    const int bottom = qRound(chart.viewPosition(0, 255).y());
    int stream = 0, background = 0, samples = 0;
    for (double tS = 0.2; tS < 2.6; tS += 0.2) {
        const int x = qRound(chart.viewPosition(tS, 0).x());
        for (int y = top; y <= bottom; ++y, ++samples) {
            const QColor c(image.pixel(x, y));
            stream += c.blue() > c.red() + 60 ? 1 : 0;
            background += c.red() > 225 && c.green() > 225 && c.blue() > 225 ? 1 : 0;
        }
    }
    EXPECT_GT(stream, samples / 2) << stream << " of " << samples;
    EXPECT_GT(background, samples / 6) << background << " of " << samples;
    Testing::saveShotIfAsked(&chart, QStringLiteral("tl-dense-256x256"));

    // Zoomed to 32 rows, those rows get their markers back, a few thousand at most.
    QValueAxis *axisY = axisOf(chart, Qt::Vertical);
    const QPointF at = chart.viewPosition(1.0, 16);
    QWheelEvent wheel(at, chart.viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120 * 9), Qt::NoButton,
        Qt::ShiftModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(chart.viewport(), &wheel);
    chart.refreshNow();
    EXPECT_LT(axisY->max() - axisY->min(), 40);
    EXPECT_GT(chart.chunkPointCount(), 256);
    EXPECT_LE(chart.chunkPointCount(), 3000);
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

namespace {

// A run against the built-in simulator with four levels close together (1, 2, 4 and 8, two
// requests per user), a warm-up, and every ninth request reset after ten chunks: what a user sees
// after a short sweep. Recorded once per test process.
const Testing::LiveRun &realRun()
{
    static const Testing::LiveRun run = [] {
        SimConfig sim = Testing::fastSim();
        sim.fault = SimFault::ResetMidStream;
        sim.faultEvery = 9;
        sim.faultAfterChunks = 10;
        RunConfig config;
        config.prompt = QStringLiteral("Say something long about caches.");
        config.concurrencyLevels = { 1, 2, 4, 8 };
        config.requestsPerConcurrency = 2;
        config.maxTokens = 48;
        config.warmupRequests = 1;
        config.timeoutMs = 20000;
        return Testing::recordLiveRun(sim, config);
    }();
    return run;
}

// What the window does during a run: the live batches, then every finished record.
void feed(TokenTimelineChart &chart, const Testing::LiveRun &run)
{
    chart.beginRun(run.result.config);
    for (const LiveBatch &batch : run.batches)
        chart.addBatch(batch);
    for (const RequestRecord &record : run.finished)
        chart.addFinished(record);
    chart.refreshNow();
}

// A shown chart at the size of the window's chart tab, laid out as the event loop would.
void showAt(TokenTimelineChart &chart, int width, int height)
{
    chart.resize(width, height);
    chart.show();
    QCoreApplication::processEvents();
}

// The first measured record that matches.
RequestRecord recordWhere(const Testing::LiveRun &run, const std::function<bool(const RequestRecord &)> &match)
{
    for (const RequestRecord &r : run.finished) {
        if (!r.warmup && match(r))
            return r;
    }
    ADD_FAILURE() << "no record in the run matches";
    return {};
}

// As the readout formats a duration.
QString ms(double value)
{
    return QStringLiteral("%1 ms").arg(QLocale().toString(value, 'f', value < 100 ? 2 : 1));
}

QPointF chunkPosition(const TokenTimelineChart &chart, const RequestRecord &r, qsizetype chunk)
{
    return chart.viewPosition((r.startNs + r.chunkTimesNs.at(chunk)) / 1e9, chart.requestRow(r.levelIndex, r.index));
}

void wheel(TokenTimelineChart &chart, const QPointF &at, int notches, Qt::KeyboardModifiers modifiers = {})
{
    QWheelEvent event(at, chart.viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton,
        modifiers, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(chart.viewport(), &event);
}

void mouse(TokenTimelineChart &chart, QEvent::Type type, const QPoint &at, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(at), QPointF(chart.viewport()->mapToGlobal(at)),
        type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(chart.viewport(), &event);
}

// Whether any pixel within `radius` of `at` has `color` (a thin bar covers 1 to 2 pixel rows).
bool hasColorNear(const QImage &image, const QPointF &at, const QColor &color, int radius = 1)
{
    for (int dy = -radius; dy <= radius; ++dy) {
        const QPoint p(qRound(at.x()), qRound(at.y()) + dy);
        if (image.rect().contains(p) && QColor(image.pixel(p)) == color)
            return true;
    }
    return false;
}

void saveShot(TokenTimelineChart &chart, const QString &name)
{
    EXPECT_TRUE(Testing::saveShotIfAsked(&chart, name)) << name.toStdString();
}

} // namespace

TEST(UiTokenTimeline, ReadoutNamesTheRequestAndTheChunkUnderTheCursor)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    feed(chart, run);

    // A completed request of the second level (c=2) and a chunk whose gaps to both neighbours are
    // not 0 (chunks of one read share its time), so that it alone is under the cursor.
    const RequestRecord r = recordWhere(run, [](const RequestRecord &c) { return c.ok && c.levelIndex == 1; });
    ASSERT_GE(r.chunkTimesNs.size(), 8);
    qsizetype k = 4;
    while (k + 1 < r.chunkTimesNs.size()
        && (r.chunkTimesNs.at(k) == r.chunkTimesNs.at(k - 1) || r.chunkTimesNs.at(k + 1) == r.chunkTimesNs.at(k)))
        ++k;
    ASSERT_LT(k + 1, r.chunkTimesNs.size());
    const QString request = QStringLiteral("c=2 · request %1 · ok").arg(r.index);
    EXPECT_EQ(chart.readoutAt(chunkPosition(chart, r, k)).toStdString(),
        QStringLiteral("%1\nChunk %2: %3 after post, gap %4")
            .arg(request)
            .arg(k + 1)
            .arg(ms(r.chunkTimesNs.at(k) / 1e6), ms((r.chunkTimesNs.at(k) - r.chunkTimesNs.at(k - 1)) / 1e6))
            .toStdString());
    // The first chunk is the first token: its time since the post is the TTFT. On a loaded machine
    // the chunks after it may have come in the same read, and the readout says so.
    const auto sameRead = std::count(r.chunkTimesNs.cbegin() + 1, r.chunkTimesNs.cend(), r.chunkTimesNs.first());
    const QString shared = sameRead > 0 ? QStringLiteral(" (%1 more in the same read)").arg(sameRead) : QString();
    EXPECT_EQ(chart.readoutAt(chunkPosition(chart, r, 0)).toStdString(),
        QStringLiteral("%1\nFirst token (chunk 1): %2 after post%3")
            .arg(request, ms(Stats::ttftMs(r)), shared)
            .toStdString());
    // Far from any mark on the row: the request alone. Outside the plot: nothing.
    const int row = chart.requestRow(r.levelIndex, r.index);
    EXPECT_EQ(chart.readoutAt(chart.viewPosition(r.startNs / 1e9 - 0.2, row)).toStdString(), request.toStdString());
    EXPECT_TRUE(chart.readoutAt(QPointF(2, 2)).isEmpty());

    // A failed request says what it was and when; its red marker names the failure.
    const RequestRecord failed = recordWhere(run, [](const RequestRecord &c) { return !c.ok; });
    const QString kind = Stats::errorKindOf(failed);
    const QPointF end = chart.viewPosition((failed.startNs + failed.endNs) / 1e9, chart.requestRow(failed.levelIndex, failed.index));
    EXPECT_EQ(chart.readoutAt(end).toStdString(),
        QStringLiteral("%1 · request %2 · %3 at %4\nFailed (%3): %4 after post")
            .arg(levelName(run.result.config.loadPoints(), failed.levelIndex))
            .arg(failed.index)
            .arg(kind, ms(failed.endNs / 1e6))
            .toStdString());

    // Hovering draws it beside the pointer (drawReadoutBox, as the other charts); leaving removes it.
    QCoreApplication::processEvents();
    const QPoint hover = chunkPosition(chart, r, k).toPoint();
    const QRect box(hover + QPoint(16, 16), QSize(120, 20));
    const QImage before = chart.grab().toImage().copy(box);
    mouse(chart, QEvent::MouseMove, hover, Qt::NoButton);
    EXPECT_NE(chart.grab().toImage().copy(box), before);
    saveShot(chart, QStringLiteral("tl-readout"));
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&chart, &leave);
    EXPECT_EQ(chart.grab().toImage().copy(box), before);
}

TEST(UiTokenTimeline, ClickOnARowEmitsItsRecordAndSelectsIt)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    feed(chart, run);
    const RequestRecord r = recordWhere(run, [](const RequestRecord &c) { return c.ok && c.levelIndex == 2; });
    const int row = chart.requestRow(r.levelIndex, r.index);
    ASSERT_GE(row, 0);

    QSignalSpy clicked(&chart, &TokenTimelineChart::requestClicked);
    const QPoint at = chunkPosition(chart, r, r.chunkTimesNs.size() / 2).toPoint();
    QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, at);
    // A click waits out the double-click interval: a second click would make it a double-click.
    ASSERT_TRUE(clicked.wait(QApplication::doubleClickInterval() * 4));
    ASSERT_EQ(clicked.count(), 1);
    const auto got = clicked.at(0).at(0).value<RequestRecord>();
    EXPECT_EQ(got.levelIndex, r.levelIndex);
    EXPECT_EQ(got.index, r.index);
    EXPECT_EQ(got.startNs, r.startNs);
    EXPECT_EQ(got.ttftNs, r.ttftNs);
    EXPECT_EQ(got.chunkTimesNs, r.chunkTimesNs);
    EXPECT_EQ(chart.selectedRow(), row);

    // Zoomed in, a drag pans instead: the time axis moves by the distance dragged, and nothing is
    // clicked.
    QValueAxis *axisX = axisOf(chart, Qt::Horizontal);
    const double unzoomedMin = axisX->min();
    wheel(chart, chart.viewPosition((axisX->min() + axisX->max()) / 2, row), 3);
    const double min = axisX->min();
    const double span = axisX->max() - axisX->min();
    const double sPerPx = span / chart.chart()->plotArea().width();
    mouse(chart, QEvent::MouseButtonPress, at, Qt::LeftButton);
    mouse(chart, QEvent::MouseMove, at + QPoint(50, 0), Qt::LeftButton);
    mouse(chart, QEvent::MouseMove, at + QPoint(100, 0), Qt::LeftButton);
    mouse(chart, QEvent::MouseButtonRelease, at + QPoint(100, 0), Qt::NoButton);
    EXPECT_EQ(clicked.count(), 1);
    EXPECT_NEAR(axisX->min(), min - 100 * sPerPx, 1e-9);
    EXPECT_NEAR(axisX->max() - axisX->min(), span, 1e-9);
    EXPECT_TRUE(chart.isZoomed());
    // A double-click goes back to following the data, and neither of its clicks opens a request.
    QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(chart.viewport(), Qt::LeftButton, {}, at);
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axisX->min(), unzoomedMin);
    EXPECT_FALSE(clicked.wait(QApplication::doubleClickInterval() * 2));
    EXPECT_EQ(clicked.count(), 1);
}

TEST(UiTokenTimeline, WheelZoomsTimeAboutTheCursorAndResetZoomFollowsTheDataAgain)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    feed(chart, run);
    QValueAxis *axisX = axisOf(chart, Qt::Horizontal);
    QValueAxis *axisY = axisOf(chart, Qt::Vertical);
    const double min0 = axisX->min();
    const double max0 = axisX->max();
    const double rowsMin0 = axisY->min();
    const double rowsMax0 = axisY->max();

    const double centerS = (min0 + max0) * 0.6;
    const QPointF at = chart.viewPosition(centerS, 10);
    wheel(chart, at, 3);
    EXPECT_TRUE(chart.isZoomed());
    EXPECT_LT(axisX->max() - axisX->min(), (max0 - min0) * 0.6);
    EXPECT_GT(axisX->min(), min0);
    EXPECT_LT(axisX->max(), max0);
    EXPECT_NEAR(chart.viewPosition(centerS, 10).x(), at.x(), 0.5); // the time under the cursor stays there
    EXPECT_DOUBLE_EQ(axisY->min(), rowsMin0); // a plain wheel leaves the rows alone
    chart.refreshNow();
    saveShot(chart, QStringLiteral("tl-zoomed"));

    chart.resetZoom();
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(axisX->min(), min0);
    EXPECT_DOUBLE_EQ(axisX->max(), max0);

    // While zoomed, live updates leave the axes where the user put them; resetZoom() follows again.
    wheel(chart, at, 2);
    wheel(chart, at, 2, Qt::ShiftModifier); // and the rows
    const double zoomedMin = axisX->min();
    const double zoomedMax = axisX->max();
    const double rowsMin = axisY->min();
    const double rowsMax = axisY->max();
    EXPECT_LT(rowsMax - rowsMin, rowsMax0 - rowsMin0);
    LiveBatch later;
    later.sentNs = qint64((max0 + 5) * 1e9);
    chart.addBatch(later);
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(axisX->min(), zoomedMin);
    EXPECT_DOUBLE_EQ(axisX->max(), zoomedMax);
    EXPECT_DOUBLE_EQ(axisY->min(), rowsMin);
    EXPECT_DOUBLE_EQ(axisY->max(), rowsMax);
    chart.resetZoom();
    EXPECT_DOUBLE_EQ(axisX->min(), 0);
    EXPECT_GE(axisX->max(), max0 + 5);
    EXPECT_DOUBLE_EQ(axisY->min(), rowsMin0);
    EXPECT_DOUBLE_EQ(axisY->max(), rowsMax0);
}

TEST(UiTokenTimeline, LevelFilterShowsOneLevelRepackedAndTheTitleSaysWhich)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    feed(chart, run);
    EXPECT_EQ(chart.levelFilter(), -1);
    EXPECT_EQ(chart.requestRowCount(), 1 + 2 + 4 + 8 + 16);
    EXPECT_EQ(chart.chart()->title().toStdString(), "Token timeline");
    chart.setRunLabel(QStringLiteral("sim sweep"));
    EXPECT_EQ(chart.chart()->title().toStdString(), "Token timeline — sim sweep");

    chart.setLevelFilter(2); // c=4: 8 requests, no warm-up
    EXPECT_EQ(chart.levelFilter(), 2);
    EXPECT_EQ(chart.requestRowCount(), 8);
    EXPECT_EQ(chart.chart()->title().toStdString(), "Token timeline — sim sweep · c=4");
    EXPECT_EQ(chart.requestRow(2, 0), 0);
    EXPECT_EQ(chart.requestRow(2, 7), 7);
    EXPECT_EQ(chart.requestRow(-1, 0), -1);
    EXPECT_EQ(chart.requestRow(1, 0), -1);
    int withTtft = 0;
    for (const RequestRecord &r : run.finished)
        withTtft += !r.warmup && r.levelIndex == 2 && r.hasTtft() ? 1 : 0;
    EXPECT_EQ(chart.firstTokenPointCount(), withTtft);
    const RequestRecord r = recordWhere(run, [](const RequestRecord &c) { return c.levelIndex == 2 && c.index == 0; });
    EXPECT_TRUE(chart.readoutAt(chart.viewPosition(r.startNs / 1e9 + 0.001, 0)).startsWith(QStringLiteral("c=4 · request 0 · ")));
    // The time axis shows the level's own span, not the whole run's.
    QValueAxis *axisX = axisOf(chart, Qt::Horizontal);
    EXPECT_GT(axisX->min(), 0);
    EXPECT_LE(axisX->min(), r.startNs / 1e9);
    chart.setSelectedRequest(2, 3, 0);
    saveShot(chart, QStringLiteral("tl-filtered"));

    chart.setRunLabel(QString());
    EXPECT_EQ(chart.chart()->title().toStdString(), "Token timeline · c=4");
    chart.setLevelFilter(-1);
    EXPECT_EQ(chart.requestRowCount(), 31);
    EXPECT_EQ(chart.chart()->title().toStdString(), "Token timeline");
}

TEST(UiTokenTimeline, SelectionSurvivesRefreshesAndFilters)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    feed(chart, run);
    EXPECT_EQ(chart.selectedRow(), -1);
    chart.setSelectedRequest(1, 1, 0);
    const int row = chart.requestRow(1, 1);
    EXPECT_EQ(chart.selectedRow(), row);

    // Its band is drawn behind the row, where the request has no mark (before it was posted).
    QCoreApplication::processEvents();
    const QPointF empty = chart.viewPosition(0.05, row);
    EXPECT_TRUE(hasColorNear(chart.grab().toImage(), empty, QColor(0xff, 0xec, 0xb3), 0));

    LiveBatch later;
    later.sentNs = 60'000'000'000LL;
    chart.addBatch(later);
    chart.refreshNow();
    EXPECT_EQ(chart.selectedRow(), row);
    chart.setLevelFilter(1);
    EXPECT_EQ(chart.selectedRow(), 1);
    chart.setLevelFilter(0);
    EXPECT_EQ(chart.selectedRow(), -1); // not shown, still selected
    chart.setLevelFilter(-1);
    EXPECT_EQ(chart.selectedRow(), row);
    chart.setRun(run.result); // the same run shown again keeps it
    EXPECT_EQ(chart.selectedRow(), row);
    chart.clearSelection();
    EXPECT_EQ(chart.selectedRow(), -1);
    QCoreApplication::processEvents();
    EXPECT_FALSE(hasColorNear(chart.grab().toImage(), chart.viewPosition(0.05, row), QColor(0xff, 0xec, 0xb3), 0));

    chart.setSelectedRequest(1, 1, 0);
    chart.beginRun(run.result.config); // a new run has other requests
    EXPECT_EQ(chart.selectedRow(), -1);
}

TEST(UiTokenTimeline, InFlightRequestDrawsABarFromItsPostToNow)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    // The last request of the run has streamed all its chunks but not finished, and the newest
    // batch came 400 ms later: a stream that stalled after its last chunk.
    RequestRecord stalled;
    for (const RequestRecord &r : run.finished) {
        if (r.ok && !r.warmup && r.startNs >= stalled.startNs)
            stalled = r;
    }
    chart.beginRun(run.result.config);
    for (const LiveBatch &batch : run.batches)
        chart.addBatch(batch);
    for (const RequestRecord &record : run.finished) {
        if (record.levelIndex != stalled.levelIndex || record.index != stalled.index)
            chart.addFinished(record);
    }
    const qint64 lastChunkNs = stalled.startNs + stalled.chunkTimesNs.last();
    LiveBatch later;
    later.sentNs = lastChunkNs + 400'000'000;
    chart.addBatch(later);
    chart.refreshNow();
    QCoreApplication::processEvents();
    EXPECT_EQ(chart.inFlightBarCount(), 1);

    const int row = chart.requestRow(stalled.levelIndex, stalled.index);
    const QPointF quiet = chart.viewPosition((lastChunkNs + 300'000'000) / 1e9, row);
    const QColor inFlight(0x54, 0x6e, 0x7a);
    EXPECT_TRUE(hasColorNear(chart.grab().toImage(), quiet, inFlight));
    EXPECT_TRUE(chart.readoutAt(quiet).endsWith(QStringLiteral("in flight, last chunk %1 ago").arg(ms(400))))
        << chart.readoutAt(quiet).toStdString();
    // A click on it gives what is known so far.
    QSignalSpy clicked(&chart, &TokenTimelineChart::requestClicked);
    QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, quiet.toPoint());
    ASSERT_TRUE(clicked.wait(QApplication::doubleClickInterval() * 4));
    ASSERT_EQ(clicked.count(), 1);
    const auto partial = clicked.at(0).at(0).value<RequestRecord>();
    EXPECT_EQ(partial.levelIndex, stalled.levelIndex);
    EXPECT_EQ(partial.level, stalled.level);
    EXPECT_EQ(partial.index, stalled.index);
    EXPECT_EQ(partial.startNs, stalled.startNs);
    EXPECT_EQ(partial.endNs, -1);
    EXPECT_FALSE(partial.ok);
    EXPECT_EQ(partial.chunkTimesNs, stalled.chunkTimesNs);
    chart.clearSelection();
    saveShot(chart, QStringLiteral("tl-inflight"));

    // On finish it is an ordinary row again.
    chart.addFinished(stalled);
    chart.refreshNow();
    QCoreApplication::processEvents();
    EXPECT_EQ(chart.inFlightBarCount(), 0);
    EXPECT_FALSE(hasColorNear(chart.grab().toImage(), quiet, inFlight));
}

// The legend keys "Failed" and "In flight" come and go during a run; Qt Charts did not lay the
// legend out again, and a late "Failed" was drawn over "First token".
TEST(UiTokenTimeline, LegendKeysShownLateDoNotOverlap)
{
    const Testing::LiveRun &run = realRun();
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    chart.beginRun(run.result.config);
    // Batches and finished records in the order they came, each followed by a redraw.
    qsizetype next = 0;
    for (const LiveBatch &batch : run.batches) {
        chart.addBatch(batch);
        while (next < run.finished.size()
            && run.finished.at(next).startNs + run.finished.at(next).endNs <= batch.sentNs)
            chart.addFinished(run.finished.at(next++));
        chart.refreshNow();
        QCoreApplication::processEvents();
    }
    while (next < run.finished.size())
        chart.addFinished(run.finished.at(next++));
    chart.refreshNow();
    QCoreApplication::processEvents();
    ASSERT_GT(chart.failedPointCount(), 0);

    // Every shown key (its marker item with its swatch and text, in scene coordinates) has a place
    // of its own. Unfixed, the late key kept a 0 x 0 item and its swatch sat on the first key's.
    QList<QRectF> keys;
    std::function<void(QGraphicsItem *)> collect = [&](QGraphicsItem *item) {
        if (!item->isVisible())
            return;
        const QGraphicsObject *object = item->toGraphicsObject();
        if (object && object->metaObject()->className() == QByteArrayLiteral("LegendMarkerItem")) {
            QRectF box = item->sceneBoundingRect();
            EXPECT_GT(box.width(), 0) << "a shown legend key without room";
            for (QGraphicsItem *child : item->childItems())
                box |= child->sceneBoundingRect();
            keys.append(box.adjusted(0.5, 0.5, -0.5, -0.5));
            return;
        }
        for (QGraphicsItem *child : item->childItems())
            collect(child);
    };
    collect(chart.chart()->legend());
    EXPECT_EQ(keys.size(), 5); // every key but "In flight"
    for (qsizetype i = 0; i < keys.size(); ++i) {
        for (qsizetype j = i + 1; j < keys.size(); ++j)
            EXPECT_FALSE(keys.at(i).intersects(keys.at(j))) << "legend keys " << i << " and " << j << " overlap";
    }
    saveShot(chart, QStringLiteral("tl-realistic"));
}

// An A/B run against two real simulators, B the slower: each endpoint's chunks are drawn in its
// own colour and named in the legend, and the readout names the arm the engine sent it to.
TEST(UiTokenTimeline, AbRunDrawsEachEndpointInItsOwnColour)
{
    SimConfig slow = Testing::fastSim();
    slow.decodeIntervalMs = 12;
    RunConfig config;
    config.prompt = QStringLiteral("Say something about caches.");
    config.concurrencyLevels = { 2 };
    config.requestsPerConcurrency = 2;
    config.maxTokens = 24;
    config.warmupRequests = 0;
    const Testing::LiveRun run = Testing::recordLiveInterleavedRun({ Testing::fastSim(), slow }, config);
    ASSERT_EQ(run.result.arms.size(), 2);

    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    chart.beginRun(run.result.config, 2);
    for (const LiveBatch &batch : run.batches)
        chart.addBatch(batch);
    chart.refreshNow();
    // Live, before any record finished: the batches alone tell the arms apart.
    EXPECT_GT(chart.armChunkPointCount(0), 0);
    EXPECT_GT(chart.armChunkPointCount(1), 0);
    for (const RequestRecord &record : run.finished)
        chart.addFinished(record);
    chart.refreshNow();
    QCoreApplication::processEvents();

    QStringList keys;
    const QList<QLegendMarker *> markers = chart.chart()->legend()->markers();
    for (const QLegendMarker *marker : markers) {
        if (marker->isVisible())
            keys.append(marker->label());
    }
    EXPECT_TRUE(keys.contains(QStringLiteral("Chunk · A"))) << keys.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(keys.contains(QStringLiteral("Chunk · B"))) << keys.join(QLatin1Char('|')).toStdString();

    for (const int arm : { 0, 1 }) {
        const RequestRecord r = recordWhere(run, [arm](const RequestRecord &c) { return c.ok && c.arm == arm; });
        const int row = chart.requestRow(r.levelIndex, r.index);
        // Inside its span, not just before its post: a request sent at the run's start would put
        // that point left of the plot, where no readout is.
        const QString readout = chart.readoutAt(chart.viewPosition((r.startNs + r.endNs / 2) / 1e9, row));
        EXPECT_TRUE(readout.contains(QStringLiteral(" · arm %1").arg(QLatin1Char(arm == 0 ? 'A' : 'B'))))
            << readout.toStdString();
    }
    saveShot(chart, QStringLiteral("tl-ab"));

    // An ordinary run afterwards has one "Chunk" key again.
    chart.beginRun(run.result.config, 1);
    chart.refreshNow();
    QStringList plain;
    for (const QLegendMarker *marker : chart.chart()->legend()->markers()) {
        if (marker->isVisible())
            plain.append(marker->label());
    }
    EXPECT_TRUE(plain.contains(QStringLiteral("Chunk")));
    EXPECT_FALSE(plain.contains(QStringLiteral("Chunk · B")));
}

TEST(UiTokenTimeline, LevelNamesNeverOverlap)
{
    TokenTimelineChart chart;
    showAt(chart, 700, 300);
    RunConfig config;
    config.concurrencyLevels = { 1, 2, 3, 4, 32 };
    config.requestsPerConcurrency = 1;
    config.warmupRequests = 1;
    chart.beginRun(config);
    chart.addBatch(everyRequestPosted(config));
    chart.refreshNow();
    QCoreApplication::processEvents();
    const QList<QRectF> labels = chart.levelLabelRects();
    ASSERT_GE(labels.size(), 2); // at least the warm-up's and the big level's
    const QRectF plot = chart.chart()->plotArea();
    for (qsizetype i = 0; i < labels.size(); ++i) {
        EXPECT_TRUE(plot.contains(labels.at(i)));
        for (qsizetype j = i + 1; j < labels.size(); ++j)
            EXPECT_FALSE(labels.at(i).intersects(labels.at(j))) << "labels " << i << " and " << j << " overlap";
    }
    saveShot(chart, QStringLiteral("tl-close-levels"));
}

// A real 256-stream level on this machine: every row is drawn. How its chunks come (steady, or in
// bursts when the engine falls behind) varies from run to run; tl-256.png shows it.
TEST(UiTokenTimeline, RealRunAt256StreamsStaysReadable)
{
    SimConfig sim = Testing::fastSim();
    RunConfig config;
    config.prompt = QStringLiteral("Say something long about caches.");
    config.concurrencyLevels = { 256 };
    config.requestsPerConcurrency = 1;
    config.maxTokens = 64;
    config.warmupRequests = 1;
    config.timeoutMs = 30000;
    const Testing::LiveRun run = Testing::recordLiveRun(sim, config);
    ASSERT_EQ(run.finished.size(), 257);

    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    feed(chart, run);
    QCoreApplication::processEvents();
    chart.refreshNow();
    EXPECT_EQ(chart.requestRowCount(), 257);
    EXPECT_GE(chart.streamSegmentCount(), 257); // every request streamed: one bar at least
    EXPECT_EQ(chart.firstTokenPointCount(), 256);
    EXPECT_LE(chart.chunkPointCount(), 3000);

    saveShot(chart, QStringLiteral("tl-256"));
}


// The first start shows what to do, not an empty 0–1 s plot.
TEST(UiTokenTimeline, AnEmptyTimelineSaysWhatToDo)
{
    TokenTimelineChart chart;
    EXPECT_TRUE(chart.emptyStateText().contains(u"Press Run (")) << chart.emptyStateText().toStdString();
    chart.beginRun(RunConfig());
    EXPECT_FALSE(chart.emptyStateText().contains(u"Press Run")) << "a run is under way: no first-start hint";
}

TEST(UiTokenTimeline, LevelsChosenDuringTheRunAndDurationBoundLevelsGetRows)
{
    TokenTimelineChart chart;
    chart.resize(900, 500);
    RunConfig config;
    config.loadMode = LoadMode::Sweep;
    config.requestsPerLevel = 2;
    config.warmupRequests = 0;
    chart.beginRun(config);
    EXPECT_EQ(chart.requestRowCount(), 2 + 2); // the synchronous and the throughput level
    // The sweep's third level, which config.loadPoints() does not list.
    chart.addLevel(config.ratePoint(3, 2, LoadPoint::Role::Swept));
    EXPECT_EQ(chart.requestRowCount(), 2 + 2 + 2);
    // A request beyond the planned count (a level bounded by a duration) gets a row as it starts.
    LiveBatch batch;
    batch.started = { { 2, 0, 0, false, 0 }, { 2, 0, 2, false, 1000 } };
    batch.chunks = { { 2, 0, 2, false, 90000000, true } };
    chart.addBatch(batch);
    chart.refreshNow();
    EXPECT_EQ(chart.requestRowCount(), 7);
    EXPECT_GE(chart.requestRow(2, 2), 0);
    EXPECT_EQ(chart.firstTokenPointCount(), 1);
    chart.setLevelFilter(2);
    EXPECT_EQ(chart.requestRowCount(), 3);
}

// The rows fill the plot as requests are posted: the first level's four rows are not 1-2 px
// slivers of a 1,280-row run, Shift+wheel zooms the rows, and a double-click brings them back.
TEST(UiTokenTimeline, TheRowAxisIsSizedForTheRequestsPostedSoFar)
{
    TokenTimelineChart chart;
    showAt(chart, 1000, 500);
    RunConfig config = runOf({ 4, 16, 64, 256 });
    config.requestsPerConcurrency = 4;
    config.warmupRequests = 0;
    chart.beginRun(config);
    ASSERT_EQ(chart.requestRowCount(), 4 * (4 + 16 + 64 + 256));
    LiveBatch batch;
    batch.sentNs = 50'000'000;
    for (int i = 0; i < 4; ++i)
        batch.started.append({ 0, 4, i, false, i * 1'000'000 });
    chart.addBatch(batch);
    chart.refreshNow();
    QValueAxis *rows = axisOf(chart, Qt::Vertical);
    EXPECT_DOUBLE_EQ(rows->min(), -0.5);
    EXPECT_DOUBLE_EQ(rows->max(), 3.5) << "four rows posted, four rows drawn";
    const double rowPx = chart.viewPosition(0, 1).y() - chart.viewPosition(0, 0).y();
    EXPECT_GT(rowPx, 50) << "a row is a row, not a sliver";
    saveShot(chart, QStringLiteral("tl-first-level"));

    // The level's other twelve: sixteen rows. Shift+wheel zooms the rows about the pointer; a
    // double-click follows the data again.
    LiveBatch rest;
    rest.sentNs = 60'000'000;
    for (int i = 4; i < 16; ++i)
        rest.started.append({ 0, 4, i, false, i * 1'000'000 });
    chart.addBatch(rest);
    chart.refreshNow();
    EXPECT_DOUBLE_EQ(rows->max(), 15.5);
    const QPointF at = chart.viewPosition(0.02, 8);
    wheel(chart, at, 3, Qt::ShiftModifier);
    EXPECT_TRUE(chart.isZoomed());
    EXPECT_LT(rows->max() - rows->min(), 12.0);
    QTest::mouseDClick(chart.viewport(), Qt::LeftButton, {}, at.toPoint());
    EXPECT_FALSE(chart.isZoomed());
    EXPECT_DOUBLE_EQ(rows->max(), 15.5);
}
