// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "history/deltatablemodel.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

LevelSummary level(int concurrency, double ttftP50, double tpotP50, double outputThroughput)
{
    LevelSummary l;
    l.concurrency = concurrency;
    l.requests = l.completed = 8;
    l.durationS = 2.0;
    l.outputThroughput = outputThroughput;
    l.requestThroughput = 4.0;
    l.ttftMs.count = 8;
    l.ttftMs.p50 = ttftP50;
    l.ttftMs.p95 = ttftP50 * 2;
    l.tpotMs.count = tpotP50 > 0 ? 8 : 0;
    l.tpotMs.p50 = tpotP50;
    l.tpotMs.p95 = tpotP50 * 1.5;
    return l;
}

QVariant cell(const DeltaTableModel &model, int row, int column, int role)
{
    return model.data(model.index(row, column), role);
}

} // namespace

TEST(DeltaTableModel, HandComputedDeltasAndColours)
{
    DeltaTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    // Baseline: c=1 and c=4; other: c=1 and c=8. Only c=1 is in both.
    const QList<LevelSummary> baseline { level(1, 200.0, 10.0, 50.0), level(4, 400.0, 12.0, 150.0) };
    const QList<LevelSummary> other { level(1, 150.0, 12.5, 40.0), level(8, 900.0, 20.0, 300.0) };
    model.setComparison({ baseline, other }, { QStringLiteral("base"), QStringLiteral("cand") }, 0);

    ASSERT_EQ(model.rowCount(), 1) << "one row per level both runs measured";
    EXPECT_EQ(model.columnCount(), DeltaTableModel::ColumnCount);
    EXPECT_EQ(model.unmatchedLevels(1), (QList<int> { 4, 8 }));
    EXPECT_EQ(cell(model, 0, DeltaTableModel::RunColumn, Qt::DisplayRole).toString(), QStringLiteral("cand"));
    EXPECT_EQ(cell(model, 0, DeltaTableModel::ConcurrencyColumn, DeltaTableModel::SortRole).toInt(), 1);

    // TTFT P50: 150 - 200 = -50 ms, -50 / 200 = -25 %: lower is better, so green.
    const int ttft = DeltaTableModel::TtftP50Column;
    EXPECT_DOUBLE_EQ(cell(model, 0, ttft, DeltaTableModel::RawValueRole).toDouble(), -50.0);
    EXPECT_DOUBLE_EQ(cell(model, 0, ttft, DeltaTableModel::SortRole).toDouble(), -25.0);
    EXPECT_DOUBLE_EQ(cell(model, 0, ttft, DeltaTableModel::BaselineValueRole).toDouble(), 200.0);
    EXPECT_DOUBLE_EQ(cell(model, 0, ttft, DeltaTableModel::OtherValueRole).toDouble(), 150.0);
    EXPECT_EQ(cell(model, 0, ttft, Qt::DisplayRole).toString(), QStringLiteral("-50.0 (-25.0%)"));
    const QColor better = cell(model, 0, ttft, Qt::BackgroundRole).value<QColor>();

    // TPOT P50: 12.5 - 10 = +2.5 ms, +25 %: worse, so red.
    const int tpot = DeltaTableModel::TpotP50Column;
    EXPECT_DOUBLE_EQ(cell(model, 0, tpot, DeltaTableModel::SortRole).toDouble(), 25.0);
    EXPECT_EQ(cell(model, 0, tpot, Qt::DisplayRole).toString(), QStringLiteral("+2.50 (+25.0%)"));
    const QColor worse = cell(model, 0, tpot, Qt::BackgroundRole).value<QColor>();

    // Output throughput: 40 - 50 = -10 tok/s, -20 %: higher is better, so a drop is red.
    const int out = DeltaTableModel::OutputThroughputColumn;
    EXPECT_DOUBLE_EQ(cell(model, 0, out, DeltaTableModel::SortRole).toDouble(), -20.0);
    EXPECT_EQ(cell(model, 0, out, Qt::DisplayRole).toString(), QStringLiteral("-10.0 (-20.0%)"));
    EXPECT_EQ(cell(model, 0, out, Qt::BackgroundRole).value<QColor>(), worse);

    // Request throughput is the same: no colour.
    EXPECT_DOUBLE_EQ(
        cell(model, 0, DeltaTableModel::RequestThroughputColumn, DeltaTableModel::SortRole).toDouble(), 0.0);
    EXPECT_FALSE(cell(model, 0, DeltaTableModel::RequestThroughputColumn, Qt::BackgroundRole).isValid());

    ASSERT_TRUE(better.isValid());
    ASSERT_TRUE(worse.isValid());
    EXPECT_NE(better, worse);
    EXPECT_GT(better.green(), better.red()) << "better is green";
    EXPECT_GT(worse.red(), worse.green()) << "worse is red";
    EXPECT_EQ(DeltaTableModel::metricOfColumn(tpot), Compare::DeltaMetric::TpotP50);
    EXPECT_EQ(DeltaTableModel::columnOfMetric(Compare::DeltaMetric::OutputThroughput), out);
    for (int c = 0; c < DeltaTableModel::ColumnCount; ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty()) << c;
}

TEST(DeltaTableModel, UnmeasuredFigureIsADashNotAZero)
{
    DeltaTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    // The other run's requests were all too short for TPOT.
    model.setComparison({ { level(2, 100.0, 10.0, 80.0) }, { level(2, 100.0, 0.0, 80.0) } },
        { QStringLiteral("a"), QStringLiteral("b") }, 0);
    ASSERT_EQ(model.rowCount(), 1);
    const int tpot = DeltaTableModel::TpotP50Column;
    EXPECT_FALSE(cell(model, 0, tpot, DeltaTableModel::SortRole).isValid());
    EXPECT_FALSE(cell(model, 0, tpot, DeltaTableModel::RawValueRole).isValid());
    EXPECT_FALSE(cell(model, 0, tpot, Qt::BackgroundRole).isValid());
    EXPECT_FALSE(cell(model, 0, tpot, Qt::DisplayRole).toString().contains(u'0'));
    // The same TTFT: 0 and 0 %, no colour.
    EXPECT_DOUBLE_EQ(cell(model, 0, DeltaTableModel::TtftP50Column, DeltaTableModel::SortRole).toDouble(), 0.0);
    EXPECT_FALSE(cell(model, 0, DeltaTableModel::TtftP50Column, Qt::BackgroundRole).isValid());
}

TEST(DeltaTableModel, ThreeRunsAgainstAPinnedBaselineSortByPercent)
{
    DeltaTableModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(DeltaTableModel::SortRole);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const QList<QList<LevelSummary>> runs { { level(1, 100.0, 10.0, 50.0), level(4, 200.0, 10.0, 180.0) },
        { level(1, 50.0, 10.0, 50.0), level(4, 100.0, 10.0, 180.0) },
        { level(1, 300.0, 10.0, 50.0), level(4, 600.0, 10.0, 180.0) } };
    // Baseline pinned to the middle run: the other two get two rows each.
    model.setComparison(runs, { QStringLiteral("r0"), QStringLiteral("r1"), QStringLiteral("r2") }, 1,
        { Qt::red, Qt::green, Qt::blue });
    ASSERT_EQ(model.rowCount(), 4);
    EXPECT_EQ(model.row(0).runIndex, 0);
    EXPECT_EQ(model.row(2).runIndex, 2);
    EXPECT_TRUE(model.index(0, DeltaTableModel::RunColumn).data(Qt::DecorationRole).isValid()) << "colour swatch";
    // r0 vs r1 at c=1: (100 - 50) / 50 = +100 %; r2: (300 - 50) / 50 = +500 %.
    EXPECT_DOUBLE_EQ(model.index(0, DeltaTableModel::TtftP50Column).data(DeltaTableModel::SortRole).toDouble(), 100.0);
    EXPECT_DOUBLE_EQ(model.index(2, DeltaTableModel::TtftP50Column).data(DeltaTableModel::SortRole).toDouble(), 500.0);

    proxy.sort(DeltaTableModel::TtftP50Column, Qt::DescendingOrder);
    EXPECT_EQ(proxy.index(0, DeltaTableModel::RunColumn).data().toString(), QStringLiteral("r2"));
    EXPECT_EQ(proxy.index(3, DeltaTableModel::RunColumn).data().toString(), QStringLiteral("r0"));

    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
}

// Failures come first, in percentage points; a change inside the noise band is not coloured, in
// text or background ("+0.5%" in red was a defect).
TEST(DeltaTableModel, ErrorRateComesFirstAndNoiseIsNeutral)
{
    DeltaTableModel model;
    LevelSummary base = level(4, 200.0, 10.0, 400.0);
    base.requests = base.completed = 28;
    LevelSummary other = level(4, 201.0, 10.05, 272.0); // TTFT +0.5 %, TPOT +0.5 %
    other.requests = 28;
    other.completed = 19;
    other.failed = 9;
    model.setComparison({ { base }, { other } }, { QStringLiteral("base"), QStringLiteral("limited") }, 0);
    ASSERT_EQ(model.rowCount(), 1);

    const int errors = DeltaTableModel::ErrorRateColumn;
    EXPECT_EQ(errors, DeltaTableModel::ConcurrencyColumn + 1);
    EXPECT_EQ(DeltaTableModel::metricOfColumn(errors), Compare::DeltaMetric::ErrorRate);
    EXPECT_NEAR(cell(model, 0, errors, DeltaTableModel::RawValueRole).toDouble(), 100.0 * 9 / 28, 1e-9);
    EXPECT_EQ(cell(model, 0, errors, Qt::DisplayRole).toString().toStdString(), "+32.1 pts");
    const QColor worse = cell(model, 0, errors, Qt::BackgroundRole).value<QColor>();
    ASSERT_TRUE(worse.isValid());
    EXPECT_GT(worse.red(), worse.green()) << "more failures is worse";

    for (int column : { int(DeltaTableModel::TtftP50Column), int(DeltaTableModel::TpotP50Column) }) {
        EXPECT_FALSE(cell(model, 0, column, Qt::BackgroundRole).isValid()) << column;
        EXPECT_FALSE(cell(model, 0, column, Qt::ForegroundRole).isValid()) << column << ": noise is not red";
    }
    EXPECT_FALSE(model.headerData(errors, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
}

// The colour follows Compare::significance(): +3 % TTFT with disjoint intervals is red, +12 % TPOT
// with overlapping ones is not, and a figure without intervals says the band judged it.
TEST(DeltaTableModel, IntervalsDecideTheColourAndTheTooltipSaysHow)
{
    DeltaTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    LevelSummary base = level(4, 100.0, 10.0, 400.0);
    LevelSummary other = level(4, 103.0, 11.2, 400.0);
    for (LevelSummary *l : { &base, &other })
        l->ttftMs.count = l->tpotMs.count = 40;
    base.ttftMs.p50Ci = { 99.5, 100.5, true };
    other.ttftMs.p50Ci = { 102.5, 103.5, true };
    base.tpotMs.p50Ci = { 9.0, 11.0, true };
    other.tpotMs.p50Ci = { 10.5, 12.0, true };
    model.setComparison({ { base }, { other } }, { QStringLiteral("base"), QStringLiteral("B") }, 0);
    ASSERT_EQ(model.rowCount(), 1);

    const int ttft = DeltaTableModel::TtftP50Column;
    EXPECT_TRUE(cell(model, 0, ttft, Qt::BackgroundRole).isValid()) << "+3 %, but real";
    EXPECT_TRUE(cell(model, 0, ttft, Qt::ToolTipRole)
                    .toString()
                    .contains(u"TTFT P50 is 3.0% higher in B, and the difference is real (95 % intervals [99.5, "
                              u"100.5] vs [102.5, 103.5] do not overlap)."))
        << cell(model, 0, ttft, Qt::ToolTipRole).toString().toStdString();

    const int tpot = DeltaTableModel::TpotP50Column;
    EXPECT_FALSE(cell(model, 0, tpot, Qt::BackgroundRole).isValid()) << "+12 %, but within noise";
    EXPECT_FALSE(cell(model, 0, tpot, Qt::ForegroundRole).isValid());
    EXPECT_TRUE(cell(model, 0, tpot, Qt::ToolTipRole).toString().contains(u"within noise (95 % intervals"));

    const int p95 = DeltaTableModel::TtftP95Column; // 40 samples are too few for P95's interval
    EXPECT_TRUE(cell(model, 0, p95, Qt::ToolTipRole)
                    .toString()
                    .contains(u"(no interval (too few samples): judged by the 5% band)"))
        << cell(model, 0, p95, Qt::ToolTipRole).toString().toStdString();
}
