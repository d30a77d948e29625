// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/requeststablemodel.h"

#include "stats/statistics.h"
#include "support/enginerun.h"
#include "ui/charts/liverun.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// One warm-up, then 8 requests at concurrency 2 of which the simulator answers every third with
// HTTP 500: warm-ups, completed and failed rows from a real run.
const LiveRun &realRun()
{
    static const LiveRun run = [] {
        SimConfig sim = fastSim();
        sim.fault = SimFault::ServerError;
        sim.faultEvery = 3;
        RunConfig config = quickConfig({}, 2, 8, 30);
        config.warmupRequests = 1;
        return recordLiveRun(sim, config);
    }();
    return run;
}

QVariant cell(const QAbstractItemModel &model, int row, int column, int role)
{
    return model.data(model.index(row, column), role);
}

int countWhere(const QList<RequestRecord> &records, bool (*pred)(const RequestRecord &))
{
    return static_cast<int>(std::count_if(records.cbegin(), records.cend(), pred));
}

} // namespace

TEST(RequestsTableModel, RealRunRowsPassTheModelTester)
{
    const QList<RequestRecord> &records = realRun().result.records;
    ASSERT_EQ(records.size(), 9);
    RequestsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRecords(records);
    EXPECT_EQ(model.rowCount(), 9);
    EXPECT_EQ(model.columnCount(), RequestsTableModel::ColumnCount);
    for (int c = 0; c < RequestsTableModel::ColumnCount; ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty()) << c;
    for (int row = 0; row < model.rowCount(); ++row) {
        EXPECT_EQ(model.record(row).responseId, records.at(row).responseId);
        EXPECT_EQ(model.record(row).index, records.at(row).index);
    }
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
    model.addRecords(records.mid(0, 4));
    model.addRecords(records.mid(4));
    EXPECT_EQ(model.rowCount(), 9);
}

TEST(RequestsTableModel, CellsShowTheRecordsMetricsWithUnits)
{
    const QList<RequestRecord> &records = realRun().result.records;
    RequestsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRecords(records);
    int failedRows = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const RequestRecord &r = records.at(row);
        using M = RequestsTableModel;
        EXPECT_EQ(cell(model, row, M::LevelColumn, M::WarmupRole).toBool(), r.warmup);
        if (r.warmup) {
            EXPECT_EQ(cell(model, row, M::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("warm-up"));
        }
        if (!r.ok) {
            ++failedRows;
            // Its kind and when it failed; no end to end, since its last token was not its last.
            EXPECT_TRUE(cell(model, row, M::StatusColumn, Qt::DisplayRole).toString().startsWith(r.errorKind + u" at "));
            EXPECT_TRUE(cell(model, row, M::StatusColumn, Qt::DisplayRole).toString().endsWith(u" ms"));
            EXPECT_FALSE(cell(model, row, M::E2eColumn, M::SortRole).isValid());
            EXPECT_FALSE(cell(model, row, M::TpsColumn, M::SortRole).isValid());
            EXPECT_EQ(cell(model, row, M::HttpStatusColumn, M::SortRole).toInt(), 500);
            EXPECT_FALSE(cell(model, row, M::TtftColumn, M::SortRole).isValid()) << "no TTFT: no fake 0";
            EXPECT_EQ(cell(model, row, M::TtftColumn, Qt::DisplayRole).toString(), QStringLiteral("—"));
            EXPECT_FALSE(cell(model, row, M::StatusColumn, Qt::ToolTipRole).toString().isEmpty());
            continue;
        }
        EXPECT_EQ(cell(model, row, M::StatusColumn, Qt::DisplayRole).toString(), QStringLiteral("ok"));
        EXPECT_DOUBLE_EQ(cell(model, row, M::TtftColumn, M::SortRole).toDouble(), Stats::ttftMs(r));
        EXPECT_DOUBLE_EQ(cell(model, row, M::TtftFromSentColumn, M::SortRole).toDouble(), Stats::ttftFromSentMs(r));
        EXPECT_DOUBLE_EQ(cell(model, row, M::TpotColumn, M::SortRole).toDouble(), Stats::tpotMs(r));
        EXPECT_DOUBLE_EQ(cell(model, row, M::E2eColumn, M::SortRole).toDouble(), r.e2eMs());
        EXPECT_DOUBLE_EQ(cell(model, row, M::TpsColumn, M::SortRole).toDouble(), Stats::tps(r));
        std::vector<double> gaps = Stats::itlMs(r);
        std::sort(gaps.begin(), gaps.end());
        EXPECT_DOUBLE_EQ(cell(model, row, M::ItlP50Column, M::SortRole).toDouble(), Stats::percentile(gaps, 50));
        EXPECT_TRUE(cell(model, row, M::TtftColumn, Qt::DisplayRole).toString().endsWith(QStringLiteral(" ms")));
        EXPECT_TRUE(cell(model, row, M::TpsColumn, Qt::DisplayRole).toString().endsWith(QStringLiteral("tok/s")));
        EXPECT_EQ(cell(model, row, M::OutputTokensColumn, M::SortRole).toInt(), 30);
        EXPECT_EQ(cell(model, row, M::OutputTokensColumn, Qt::DisplayRole).toString(), QStringLiteral("30 (usage)"));
        EXPECT_EQ(cell(model, row, M::ResponseIdColumn, Qt::DisplayRole).toString(), r.responseId);
        EXPECT_EQ(cell(model, row, M::HttpStatusColumn, M::SortRole).toInt(), 200);
    }
    EXPECT_EQ(failedRows, 3); // requests 3, 6 and 9 of the server, the warm-up being 1
}

TEST(RequestsTableModel, BatchOfRecordsIsOneInsert)
{
    const QList<RequestRecord> &records = realRun().result.records;
    RequestsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.addRecords(records);
    ASSERT_EQ(inserted.count(), 1);
    EXPECT_EQ(inserted.at(0).at(1).toInt(), 0);
    EXPECT_EQ(inserted.at(0).at(2).toInt(), static_cast<int>(records.size()) - 1);
    model.addRecords({});
    EXPECT_EQ(inserted.count(), 1);
}

TEST(RequestsTableModel, ProxyFiltersFailedAndWarmupsAndSortsNumerically)
{
    const QList<RequestRecord> &records = realRun().result.records;
    RequestsTableModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RequestsTableModel::SortRole);
    proxy.setFilterRole(RequestsTableModel::FilterKeyRole);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRecords(records);

    const int failed = countWhere(records, [](const RequestRecord &r) { return !r.ok; });
    const int measured = countWhere(records, [](const RequestRecord &r) { return !r.warmup; });
    proxy.setFilterRegularExpression(RequestsTableModel::filterPattern(RequestsTableModel::Filter::FailedOnly));
    EXPECT_EQ(proxy.rowCount(), failed);
    for (int row = 0; row < proxy.rowCount(); ++row)
        EXPECT_TRUE(cell(proxy, row, 0, RequestsTableModel::FailedRole).toBool());
    proxy.setFilterRegularExpression(RequestsTableModel::filterPattern(RequestsTableModel::Filter::HideWarmup));
    EXPECT_EQ(proxy.rowCount(), measured);
    proxy.setFilterRegularExpression(RequestsTableModel::filterPattern(RequestsTableModel::Filter::All));
    EXPECT_EQ(proxy.rowCount(), records.size());

    // Ascending TTFT: the numbers in order (as numbers, not text), then the failed rows without one.
    proxy.sort(RequestsTableModel::TtftColumn, Qt::AscendingOrder);
    double previous = -1;
    int withoutTtft = 0;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const QVariant ttft = cell(proxy, row, RequestsTableModel::TtftColumn, RequestsTableModel::SortRole);
        if (!ttft.isValid()) {
            ++withoutTtft;
            continue;
        }
        EXPECT_EQ(withoutTtft, 0) << "a row with a TTFT after one without";
        EXPECT_GE(ttft.toDouble(), previous);
        previous = ttft.toDouble();
    }
    EXPECT_EQ(withoutTtft, failed);
}

// Every column header says what its figure is.
TEST(RequestsTableModel, EveryHeaderExplainsItsColumn)
{
    RequestsTableModel model;
    for (int c = 0; c < RequestsTableModel::ColumnCount; ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty()) << c;
}

TEST(RequestsTableModel, OpenLoopRequestsShowTheirLevelsRateNotAConcurrencyOfZero)
{
    // Two open-loop levels without a cap: each record's concurrency is 0, its level's rate is all
    // that tells the levels apart.
    RunConfig config = quickConfig({}, 1, 0, 8);
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 20, 40 };
    config.requestsPerLevel = 4;
    config.warmupRequests = 1;
    const RunResult &run = recordLiveRun(fastSim(), config).result;
    ASSERT_EQ(run.points().size(), 2);
    RequestsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRecords(run.records);
    using M = RequestsTableModel;
    EXPECT_EQ(model.headerData(M::LevelColumn, Qt::Horizontal).toString(), QStringLiteral("Load"));
    const auto firstOfLevel = [&run](int levelIndex) {
        for (qsizetype row = 0; row < run.records.size(); ++row)
            if (!run.records.at(row).warmup && run.records.at(row).levelIndex == levelIndex)
                return int(row);
        return -1;
    };
    const int slow = firstOfLevel(0);
    const int fast = firstOfLevel(1);
    ASSERT_GE(slow, 0);
    ASSERT_GE(fast, 0);
    EXPECT_EQ(run.records.at(fast).level, 0);
    model.setLevelPoints(run.points());
    EXPECT_EQ(cell(model, slow, M::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("r=20/s"));
    EXPECT_EQ(cell(model, fast, M::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("r=40/s"));
    EXPECT_DOUBLE_EQ(cell(model, fast, M::LevelColumn, M::RawValueRole).toDouble(), 40.0);
    EXPECT_EQ(cell(model, 0, M::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("warm-up"));

    // Live, the levels arrive one by one as they start.
    model.clear();
    model.addRecords(run.records);
    EXPECT_EQ(cell(model, fast, M::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("level 2"))
        << "before its level's rate is known, its place in the run, never a concurrency of 0";
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.addLevelPoint(run.points().at(1));
    EXPECT_EQ(changed.size(), 1);
    EXPECT_EQ(cell(model, fast, M::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("r=40/s"));
}

TEST(RequestsTableModel, ClosedLoopRequestsKeepShowingTheirConcurrency)
{
    const RunResult &run = realRun().result;
    RequestsTableModel model;
    model.setRecords(run.records);
    model.setLevelPoints(run.points());
    const int last = model.rowCount() - 1;
    ASSERT_FALSE(run.records.at(last).warmup);
    EXPECT_EQ(cell(model, last, RequestsTableModel::LevelColumn, Qt::DisplayRole).toString(), QStringLiteral("c=2"));
    EXPECT_EQ(cell(model, last, RequestsTableModel::LevelColumn, RequestsTableModel::RawValueRole).toInt(), 2);
}
