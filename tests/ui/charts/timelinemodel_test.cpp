// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/timelinemodel.h"

#include <QFont>
#include <QFontMetricsF>
#include <gtest/gtest.h>

// The token timeline's model, without a window: rows, thinning and hit-testing are plain values.

using namespace TokenScope;

namespace {

constexpr qint64 kMs = 1'000'000;

RunConfig runOf(const QList<int> &levels, int warmups = 1)
{
    RunConfig config;
    config.concurrencyLevels = levels;
    config.requestsPerConcurrency = 1;
    config.warmupRequests = warmups;
    return config;
}

RequestStart startOf(int levelIndex, int index, qint64 startNs, int arm = 0)
{
    RequestStart s;
    s.levelIndex = levelIndex;
    s.index = index;
    s.warmup = levelIndex < 0;
    s.startNs = startNs;
    s.arm = arm;
    return s;
}

ChunkArrival chunkOf(int levelIndex, int index, qint64 arrivalNs, bool first = false)
{
    ChunkArrival c;
    c.levelIndex = levelIndex;
    c.index = index;
    c.warmup = levelIndex < 0;
    c.arrivalNs = arrivalNs;
    c.first = first;
    return c;
}

// A view of x0..x1 seconds and rows y0..y1 drawn on a `widthPx` x `heightPx` plot at the origin.
TimelineMapper viewOf(double x0, double x1, double y0, double y1, double widthPx = 200, double heightPx = 100)
{
    return { QRectF(0, 0, widthPx, heightPx), x0, x1, y0, y1 };
}

} // namespace

TEST(TimelineModel, RowsAreTheWarmupsThenEachLevelsRequestsInBands)
{
    TimelineModel model;
    model.reset(runOf({ 1, 4 }));
    ASSERT_EQ(model.rowCount(), 6); // 1 warm-up, 1 at c=1, 4 at c=4
    ASSERT_EQ(model.bands().size(), 3);
    EXPECT_EQ(model.bands().at(0).levelIndex, -1);
    EXPECT_EQ(model.bands().at(0).rowCount, 1);
    EXPECT_EQ(model.bands().at(1).firstRow, 1);
    EXPECT_EQ(model.bands().at(2).firstRow, 2);
    EXPECT_EQ(model.bands().at(2).rowCount, 4);
    EXPECT_EQ(model.bands().at(2).label, QStringLiteral("concurrency 4"));
    EXPECT_EQ(model.requestRow(-1, 0), 0);
    EXPECT_EQ(model.requestRow(1, 3), 5);
    EXPECT_EQ(model.requestRow(1, 4), -1) << "beyond the level's requests";
    EXPECT_TRUE(model.row(0).warmup());
    EXPECT_EQ(model.row(5).index, 3);
}

TEST(TimelineModel, AnABRunHasEveryArmsRequestsInItsLevels)
{
    TimelineModel model;
    model.reset(runOf({ 2 }, 1), 2);
    EXPECT_EQ(model.rowCount(), 2 + 4);
    TimelineModel::Row b;
    b.arm = 1;
    EXPECT_EQ(model.armSeriesOf(b), 1);
    model.reset(runOf({ 2 }, 1), 1);
    EXPECT_EQ(model.armSeriesOf(b), 0) << "an ordinary run draws every request in one colour";
}

// The row axis is sized for the requests posted so far: the first level's rows are not slivers of
// the whole run's 1,280, and the rows a Cancel left unposted take no room.
TEST(TimelineModel, TheRowAxisFollowsTheRowsPostedSoFar)
{
    RunConfig config = runOf({ 1, 4, 16, 64, 256 }, 0);
    config.requestsPerConcurrency = 4;
    TimelineModel model;
    model.reset(config);
    ASSERT_EQ(model.rowCount(), 4 * (1 + 4 + 16 + 64 + 256));
    EXPECT_EQ(model.followedRowCount(), 0) << "nothing posted yet";

    LiveBatch first;
    first.started.append(startOf(0, 0, 0));
    model.addBatch(first);
    EXPECT_EQ(model.followedRowCount(), 1) << "the first request fills the plot";
    LiveBatch level;
    for (int i = 1; i < 4; ++i)
        level.started.append(startOf(0, i, i * 100 * kMs));
    model.addBatch(level);
    EXPECT_EQ(model.followedRowCount(), 4);

    // Deep into the run the axis grows in steps of about an eighth, never past the rows there are.
    LiveBatch later;
    for (int i = 0; i < 16 * 4; ++i)
        later.started.append(startOf(2, i, kMs * 1000 + i));
    model.addBatch(later);
    const int posted = 4 + 16 + 64;
    EXPECT_GE(model.followedRowCount(), posted);
    EXPECT_LE(model.followedRowCount(), posted + posted / 4);

    // Cancelled: the rest of the run is never posted, and the axis stays where the posts ended.
    RequestRecord cancelled;
    cancelled.levelIndex = 2;
    cancelled.index = 63;
    cancelled.startNs = kMs * 1000;
    cancelled.endNs = 5 * kMs;
    model.addFinished(cancelled);
    EXPECT_LE(model.followedRowCount(), posted + posted / 4);
    EXPECT_LT(model.followedRowCount(), model.rowCount() / 10);

    // One level shown: its own rows, repacked from the top.
    model.setLevelFilter(0);
    EXPECT_EQ(model.followedRowCount(), 4);
}

TEST(TimelineModel, ALevelFilterRepacksItsRowsFromTheTop)
{
    TimelineModel model;
    model.reset(runOf({ 1, 4 }));
    model.setLevelFilter(1);
    EXPECT_EQ(model.rowCount(), 4);
    EXPECT_EQ(model.requestRow(1, 0), 0);
    EXPECT_EQ(model.requestRow(0, 0), -1);
    EXPECT_EQ(model.requestRow(-1, 0), -1) << "warm-ups are shown with every level only";
    model.setLevelFilter(-1);
    EXPECT_EQ(model.rowCount(), 6);
}

TEST(TimelineModel, ALevelBoundedByDurationGrowsARowPerRequestAsItStarts)
{
    RunConfig config = runOf({ 2 }, 0);
    config.durationS = 10;
    TimelineModel model;
    model.reset(config);
    EXPECT_EQ(model.rowCount(), 0);
    LiveBatch batch;
    batch.started = { startOf(0, 2, 5 * kMs) };
    batch.sentNs = 6 * kMs;
    model.addBatch(batch);
    ASSERT_EQ(model.rowCount(), 3) << "rows up to the request that started";
    EXPECT_EQ(model.row(2).startNs, 5 * kMs);
    EXPECT_EQ(model.row(0).startNs, -1) << "not posted yet";
    EXPECT_DOUBLE_EQ(model.latestS(), 0.006);
}

TEST(TimelineModel, FinishedAndFailedRequestsMarkTheirRows)
{
    TimelineModel model;
    model.reset(runOf({ 2 }, 0));
    LiveBatch batch;
    batch.started = { startOf(0, 0, 0), startOf(0, 1, 10 * kMs) };
    batch.chunks = { chunkOf(0, 0, 40 * kMs, true), chunkOf(0, 0, 50 * kMs) };
    model.addBatch(batch);
    TimelineModel::RowMarks marks = model.rowMarks();
    EXPECT_EQ(marks.starts.size(), 2);
    EXPECT_EQ(marks.firstTokens.size(), 1);
    EXPECT_EQ(marks.inFlight, 2);

    RequestRecord failed;
    failed.levelIndex = 0;
    failed.index = 1;
    failed.startNs = 10 * kMs;
    failed.endNs = 90 * kMs; // since its post
    failed.ok = false;
    failed.errorKind = QStringLiteral("timeout");
    model.addFinished(failed);
    marks = model.rowMarks();
    ASSERT_EQ(marks.failed.size(), 1);
    EXPECT_EQ(marks.failed.at(0), QPointF(0.1, 1)) << "where it ended, on its row";
    EXPECT_EQ(marks.inFlight, 1);
    EXPECT_TRUE(model.row(1).finished);
}

TEST(TimelineModel, TheTimeRangeFollowsTheRunOnANiceStep)
{
    TimelineModel model;
    model.reset(runOf({ 1 }));
    LiveBatch batch;
    batch.sentNs = 1200 * kMs;
    model.addBatch(batch);
    const TimelineModel::TimeRange range = model.autoTimeRange();
    EXPECT_DOUBLE_EQ(range.minS, 0);
    EXPECT_DOUBLE_EQ(range.step, 0.2);
    EXPECT_NEAR(range.maxS, 1.4, 1e-9); // 2 % past the newest time, on a whole step
}

TEST(TimelineModel, ThinningKeepsTheFirstChunkAndOneMarkPerBinWithinTheBudget)
{
    TimelineModel model;
    model.reset(runOf({ 1 }, 0));
    LiveBatch batch;
    batch.started = { startOf(0, 0, 0) };
    for (int i = 0; i < 1000; ++i) // one chunk per ms for a second
        batch.chunks.append(chunkOf(0, 0, i * kMs, i == 0));
    model.addBatch(batch);
    const TimelineMapper view = viewOf(0, 1, -0.5, 0.5); // 200 px: 100 bins of 10 ms

    const QList<QPointF> all = model.decimated(false, 0, 100, view);
    EXPECT_NEAR(all.size(), 100, 1); // (bin edges fall between chunks up to rounding)
    EXPECT_EQ(all.constFirst(), QPointF(0, 0));
    EXPECT_GE(all.constLast().x(), 0.99) << "the last bin with chunks keeps a mark";

    const TimelineModel::ChunkMarks marks = model.chunkMarks(view, 30);
    EXPECT_LE(marks.chunks.size(), 30);
    EXPECT_GT(marks.chunks.size(), 8);
    EXPECT_EQ(marks.chunks.constFirst(), QPointF(0, 0));
    EXPECT_GE(marks.chunks.constLast().x(), 0.95);
    EXPECT_TRUE(marks.chunksB.isEmpty());
    EXPECT_TRUE(marks.warmup.isEmpty());
}

TEST(TimelineModel, ThinningNeverDropsARowForAnother)
{
    TimelineModel model;
    model.reset(runOf({ 3 }, 0));
    LiveBatch batch;
    for (int r = 0; r < 3; ++r) {
        batch.started.append(startOf(0, r, 0));
        for (int i = 0; i < 500; ++i)
            batch.chunks.append(chunkOf(0, r, i * kMs, i == 0));
    }
    model.addBatch(batch);
    const TimelineModel::ChunkMarks marks = model.chunkMarks(viewOf(0, 0.5, -0.5, 2.5), 12);
    QList<double> rows;
    for (const QPointF &p : marks.chunks)
        if (!rows.contains(p.y()))
            rows.append(p.y());
    EXPECT_EQ(rows.size(), 3);
}

TEST(TimelineModel, AStreamBreaksIntoBarsWhereItPaused)
{
    TimelineModel model;
    model.reset(runOf({ 1 }, 0));
    LiveBatch batch;
    batch.started = { startOf(0, 0, 0) };
    for (int i = 0; i < 10; ++i) // 10 chunks 10 ms apart, a 500 ms pause, 10 more
        batch.chunks.append(chunkOf(0, 0, i * 10 * kMs, i == 0));
    for (int i = 0; i < 10; ++i)
        batch.chunks.append(chunkOf(0, 0, 600 * kMs + i * 10 * kMs));
    model.addBatch(batch);
    const QList<TimelineModel::Segment> bars = model.segments(viewOf(0, 1, -0.5, 0.5, 1000), 4, 8000);
    ASSERT_EQ(bars.size(), 2);
    EXPECT_DOUBLE_EQ(bars.at(0).t0S, 0);
    EXPECT_DOUBLE_EQ(bars.at(0).t1S, 0.09);
    EXPECT_DOUBLE_EQ(bars.at(1).t0S, 0.6);
    EXPECT_EQ(bars.at(1).row, 0);
    EXPECT_EQ(model.segments(viewOf(0, 1, -0.5, 0.5, 1000), 4, 1).size(), 1) << "merged until within the budget";
}

TEST(TimelineModel, HitTestingFindsThePostedRequestAndTheMarkAtAPoint)
{
    TimelineModel model;
    model.reset(runOf({ 3 }, 0));
    LiveBatch batch;
    batch.started = { startOf(0, 0, 0), startOf(0, 1, 100 * kMs) };
    batch.chunks = { chunkOf(0, 1, 400 * kMs, true), chunkOf(0, 1, 450 * kMs) };
    batch.sentNs = 500 * kMs;
    model.addBatch(batch);
    // 1 s across 1000 px, rows -0.5..2.5 across 300 px: row r is at y = 50 + 100 r.
    const TimelineMapper view = viewOf(0, 1, -0.5, 2.5, 1000, 300);
    EXPECT_EQ(model.postedRowAt(view, QPointF(500, 150)), 1);
    EXPECT_EQ(model.postedRowAt(view, QPointF(500, 60)), 0);
    EXPECT_EQ(model.postedRowAt(view, QPointF(500, 250)), -1) << "request 2 was not posted yet";
    EXPECT_EQ(model.postedRowAt(view, QPointF(1200, 150)), -1) << "outside the plot";

    const QString atFirstToken = model.readoutAt(view, QPointF(402, 150), 6);
    EXPECT_TRUE(atFirstToken.contains(QStringLiteral("request 1"))) << atFirstToken.toStdString();
    EXPECT_TRUE(atFirstToken.contains(QStringLiteral("in flight"))) << atFirstToken.toStdString();
    EXPECT_TRUE(atFirstToken.contains(QStringLiteral("First token (chunk 1)"))) << atFirstToken.toStdString();
    const QString atSecond = model.readoutAt(view, QPointF(449, 150), 6);
    EXPECT_TRUE(atSecond.contains(QStringLiteral("Chunk 2"))) << atSecond.toStdString();
    const QString between = model.readoutAt(view, QPointF(250, 150), 6);
    EXPECT_EQ(between.count(u'\n'), 0) << "no mark within 6 px: the request alone";
    EXPECT_TRUE(model.readoutAt(view, QPointF(500, 250), 6).isEmpty());

    const RequestRecord inFlight = model.recordOfRow(1);
    EXPECT_EQ(inFlight.index, 1);
    EXPECT_EQ(inFlight.startNs, 100 * kMs);
    EXPECT_EQ(inFlight.ttftNs, 300 * kMs) << "offsets from its post";
    EXPECT_EQ(inFlight.chunkTimesNs, (QList<qint64> { 300 * kMs, 350 * kMs }));
    EXPECT_FALSE(inFlight.ok);
}

TEST(TimelineModel, LevelNamesNeverOverlap)
{
    TimelineModel model;
    model.reset(runOf({ 1, 1, 1, 1 }, 1));
    const QFontMetricsF metrics((QFont()));
    // Five one-row bands on a plot so low that their names cannot all stand at their own band.
    const QList<TimelineModel::LabelPlacement> placed
        = model.placeLevelLabels(viewOf(0, 1, -0.5, 4.5, 400, 5 * metrics.height() * 0.6), metrics);
    EXPECT_FALSE(placed.isEmpty());
    EXPECT_LT(placed.size(), 5);
    for (qsizetype i = 0; i < placed.size(); ++i)
        for (qsizetype j = i + 1; j < placed.size(); ++j)
            EXPECT_FALSE(placed.at(i).rect.intersects(placed.at(j).rect));
}

// Mid-run the requests in flight reach the right edge, where a band's name stands: the name moves
// to the band's left edge when nothing is drawn there, and stays right when both edges have bars.
TEST(TimelineModel, ALevelNameMovesOffTheBarsInFlightAtTheRightEdge)
{
    TimelineModel model;
    model.reset(runOf({ 8 }, 0));
    ASSERT_EQ(model.rowCount(), 8);
    LiveBatch batch;
    for (int i = 0; i < 8; ++i)
        batch.started.append(startOf(0, i, 600 * kMs + i * kMs)); // posted late, still in flight
    batch.chunks.append(chunkOf(0, 0, 1000 * kMs, true));
    model.addBatch(batch);
    ASSERT_DOUBLE_EQ(model.latestS(), 1.0);
    const QFontMetricsF metrics((QFont()));
    const TimelineMapper view = viewOf(0, 1, -0.5, 7.5, 600, 16 * metrics.height());
    QList<TimelineModel::LabelPlacement> placed = model.placeLevelLabels(view, metrics);
    ASSERT_EQ(placed.size(), 1);
    EXPECT_LT(placed.first().rect.right(), view.x(0.6)) << "left of every bar";

    TimelineModel busy;
    busy.reset(runOf({ 8 }, 0));
    LiveBatch all;
    for (int i = 0; i < 8; ++i)
        all.started.append(startOf(0, i, i * kMs)); // from the start to now: bars at both edges
    all.chunks.append(chunkOf(0, 0, 1000 * kMs, true));
    busy.addBatch(all);
    placed = busy.placeLevelLabels(view, metrics);
    ASSERT_EQ(placed.size(), 1);
    EXPECT_NEAR(placed.first().rect.right(), view.plot.right() - 4, 0.5) << "both covered: it stays right";
}
