// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/runstablemodel.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QImage>
#include <QPixmap>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

RunsTableRow makeRow(int concurrency, double ttftP50, int failed = 0)
{
    RunsTableRow row;
    row.startedAt = QDateTime(QDate(2026, 3, 14), QTime(9, 26, 53));
    row.model = QStringLiteral("tokenscope-sim");
    row.maxTokens = 256;
    row.level.meanInputTokens = 120;
    row.level.concurrency = concurrency;
    row.level.requests = 4 * concurrency;
    row.level.completed = row.level.requests - failed;
    row.level.failed = failed;
    row.level.durationS = 2.5;
    row.level.outputThroughput = 100.0 * concurrency;
    row.level.ttftMs.count = row.level.completed;
    row.level.ttftMs.p50 = ttftP50;
    row.level.ttftMs.p95 = ttftP50 * 2;
    row.level.e2elMs.count = row.level.completed;
    row.level.e2elMs.p50 = 2600;
    return row; // tpotMs and itlMs stay empty: count 0
}

} // namespace

TEST(RunsTableModel, RowsAddedPassTheModelTester)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.columnCount(), RunsTableModel::ColumnCount);
    model.addRow(makeRow(1, 45.5));
    model.addRows({ makeRow(4, 60.25), makeRow(8, 80, 2) });
    ASSERT_EQ(model.rowCount(), 3);
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
    model.addRow(makeRow(16, 120));
    EXPECT_EQ(model.rowCount(), 1);
}

TEST(RunsTableModel, DisplayHasUnitsAndSortRoleHasRawNumbers)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.addRow(makeRow(4, 60.25, 1));
    const auto cell = [&model](RunsTableModel::Column c, int role) { return model.data(model.index(0, c), role); };

    EXPECT_EQ(cell(RunsTableModel::ConcurrencyColumn, RunsTableModel::SortRole).toInt(), 4);
    EXPECT_DOUBLE_EQ(cell(RunsTableModel::TtftP50Column, RunsTableModel::SortRole).toDouble(), 60.25);
    EXPECT_TRUE(cell(RunsTableModel::TtftP50Column, Qt::DisplayRole).toString().endsWith(QStringLiteral(" ms")));
    EXPECT_TRUE(
        cell(RunsTableModel::OutputThroughputColumn, Qt::DisplayRole).toString().endsWith(QStringLiteral("tok/s")));
    EXPECT_EQ(cell(RunsTableModel::FailedColumn, RunsTableModel::SortRole).toInt(), 1);
    EXPECT_EQ(cell(RunsTableModel::ApiColumn, Qt::DisplayRole).toString(), QStringLiteral("chat"));
    // Nothing measured for TPOT: no number, and no fake zero either.
    EXPECT_FALSE(cell(RunsTableModel::TpotP50Column, RunsTableModel::SortRole).isValid());
    EXPECT_FALSE(cell(RunsTableModel::TpotP50Column, Qt::DisplayRole).toString().contains(u'0'));
    for (int c = 0; c < RunsTableModel::ColumnCount; ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty()) << c;
}

TEST(RunsTableModel, ProxySortsNumericallyNotAlphabetically)
{
    RunsTableModel model;
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RunsTableModel::SortRole);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.addRows({ makeRow(16, 9.5), makeRow(2, 100), makeRow(8, 20) });
    proxy.sort(RunsTableModel::TtftP50Column, Qt::AscendingOrder);
    // As text "100 ms" < "20 ms" < "9.50 ms"; as numbers 9.5 < 20 < 100.
    EXPECT_EQ(proxy.data(proxy.index(0, RunsTableModel::ConcurrencyColumn), RunsTableModel::SortRole).toInt(), 16);
    EXPECT_EQ(proxy.data(proxy.index(1, RunsTableModel::ConcurrencyColumn), RunsTableModel::SortRole).toInt(), 8);
    EXPECT_EQ(proxy.data(proxy.index(2, RunsTableModel::ConcurrencyColumn), RunsTableModel::SortRole).toInt(), 2);
}

TEST(RunsTableModel, ARateLevelIsNamedByItsLoadPointAndSortsByItsRate)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    RunsTableRow rate = makeRow(8, 50);
    rate.level.point = LoadPoint::openLoop(40, Arrival::Poisson, 1, 8, 2);
    RunsTableRow closed = makeRow(4, 45);
    closed.level.point = LoadPoint::closedLoop(4, 0);
    model.addRows({ rate, closed });
    const auto cell = [&model](int row, int role) {
        return model.data(model.index(row, RunsTableModel::ConcurrencyColumn), role);
    };
    EXPECT_EQ(cell(0, Qt::DisplayRole).toString(), QStringLiteral("r=40/s c≤8")); // not its cap, "8"
    EXPECT_DOUBLE_EQ(cell(0, RunsTableModel::SortRole).toDouble(), 40);
    EXPECT_EQ(cell(1, Qt::DisplayRole).toString(), QStringLiteral("4"));
    EXPECT_EQ(cell(1, RunsTableModel::SortRole).toInt(), 4);
}

TEST(RunsTableModel, ALevelWhoseClientFellBehindItsScheduleIsHighlightedAndSaysWhy)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    RunsTableRow kept = makeRow(8, 50); // 32 requests
    kept.level.point = LoadPoint::openLoop(40, Arrival::Poisson, 1, 0, 0);
    kept.level.achievedRequestRate = kept.level.scheduledRequestRate = 40;
    kept.level.sendLagMs.count = kept.level.requests;
    kept.level.sendLagMs.p99 = 1.5;
    RunsTableRow late = kept;
    late.level.point.index = 1;
    late.level.sendLagMs.p99 = 25;
    model.addRows({ kept, late });
    const auto cell = [&model](int row, int role) {
        return model.data(model.index(row, RunsTableModel::ConcurrencyColumn), role);
    };
    EXPECT_FALSE(cell(0, Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell(0, Qt::ToolTipRole).toString().isEmpty());
    EXPECT_TRUE(cell(1, Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell(1, Qt::ToolTipRole).toString().contains(QStringLiteral("did not keep the schedule: its p99 send lag was 25.0 ms")))
        << cell(1, Qt::ToolTipRole).toString().toStdString();
}

TEST(RunsTableModel, PromptsOffTheirLengthAndAnswersCutShortAreHighlightedAndSayWhy)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    RunsTableRow onTarget = makeRow(4, 50); // 16 requests
    onTarget.level.inputTokens.count = 16;
    onTarget.level.inputTokens.mean = onTarget.level.inputTokens.min = onTarget.level.inputTokens.max = 512;
    onTarget.level.inputTokensTargeted = 16;
    onTarget.level.tpotMs.count = 16;
    onTarget.level.tpotMs.p50 = 10;
    RunsTableRow off = onTarget;
    off.level.inputTokensOffTarget = 3;
    off.level.inputTokensWorstOffPct = 4.5;
    off.level.outputsShort = 5;
    model.addRows({ onTarget, off });
    const auto cell = [&model](int row, int column, int role) { return model.data(model.index(row, column), role); };
    const int input = RunsTableModel::InputTokensColumn;
    const int tpot = RunsTableModel::TpotP50Column;

    EXPECT_EQ(cell(0, input, Qt::DisplayRole).toString(), QStringLiteral("512 tok")); // the server's count, not the 120
    EXPECT_FALSE(cell(0, input, Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell(0, input, Qt::ToolTipRole).toString().contains(QStringLiteral("as the server counted them")));
    EXPECT_FALSE(cell(0, tpot, Qt::BackgroundRole).isValid());

    EXPECT_TRUE(cell(1, input, Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell(1, input, Qt::ToolTipRole).toString().contains(QStringLiteral("3 of 16 prompts")))
        << cell(1, input, Qt::ToolTipRole).toString().toStdString();
    EXPECT_TRUE(cell(1, tpot, Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell(1, tpot, Qt::ToolTipRole).toString().contains(QStringLiteral("5 of 16 answers stopped")))
        << cell(1, tpot, Qt::ToolTipRole).toString().toStdString();
    EXPECT_FALSE(cell(1, RunsTableModel::ConcurrencyColumn, Qt::BackgroundRole).isValid());
}

TEST(RunsTableModel, ALevelStoredWithoutTheServersCountShowsItsMeanInputTokens)
{
    RunsTableModel model;
    model.addRow(makeRow(1, 50));
    EXPECT_EQ(model.data(model.index(0, RunsTableModel::InputTokensColumn)).toString(), QStringLiteral("120 tok"));
}

TEST(RunsTableModel, MaxTokensShowsItsSpread)
{
    RunsTableModel model;
    RunsTableRow spread = makeRow(1, 50);
    spread.outputSpread = 0.2;
    model.addRows({ makeRow(1, 50), spread });
    EXPECT_EQ(model.data(model.index(0, RunsTableModel::MaxTokensColumn)).toString(), QStringLiteral("256"));
    EXPECT_EQ(model.data(model.index(1, RunsTableModel::MaxTokensColumn)).toString(), QStringLiteral("256 ±20 %"));
    EXPECT_EQ(model.data(model.index(1, RunsTableModel::MaxTokensColumn), RunsTableModel::SortRole).toInt(), 256);
}

TEST(RunsTableModel, EachLevelShowsItsMeasurementVerdictAsAnIconAndItsReasonsInTheTooltip)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    RunsTableRow unassessed = makeRow(1, 40); // read back from records alone
    RunsTableRow ok = makeRow(2, 40);
    ok.level.quality.verdict = QStringLiteral("ok");
    ok.level.quality.engineLagP99Ms = 0.1;
    RunsTableRow degraded = makeRow(1024, 900);
    degraded.level.quality.verdict = QStringLiteral("degraded");
    degraded.level.quality.reasons = QStringList { QStringLiteral("The client was too busy. Run fewer streams.") };
    model.addRows({ unassessed, ok, degraded });
    const auto cell
        = [&model](int row, int role) { return model.data(model.index(row, RunsTableModel::ConcurrencyColumn), role); };
    EXPECT_FALSE(cell(0, Qt::DecorationRole).isValid());
    EXPECT_TRUE(cell(0, Qt::ToolTipRole).toString().isEmpty());
    EXPECT_TRUE(cell(1, Qt::DecorationRole).isValid());
    EXPECT_TRUE(cell(1, Qt::ToolTipRole).toString().startsWith(u"Measurement ok: timestamp thread lag p99 0.10 ms"))
        << cell(1, Qt::ToolTipRole).toString().toStdString();
    EXPECT_TRUE(cell(2, Qt::DecorationRole).isValid());
    const auto image
        = [&cell](int row) { return qvariant_cast<QIcon>(cell(row, Qt::DecorationRole)).pixmap(16).toImage(); };
    EXPECT_FALSE(image(1).isNull());
    EXPECT_NE(image(2), image(1)) << "a warning, not the check mark";
    EXPECT_EQ(image(1), image(1));
    EXPECT_EQ(cell(2, Qt::ToolTipRole).toString(),
        QStringLiteral("Measurement degraded:\n• The client was too busy. Run fewer streams."));
}

TEST(RunsTableModel, PercentileCellsGiveTheirIntervalOrSayWhyThereIsNone)
{
    RunsTableModel model;
    RunsTableRow row = makeRow(4, 44.5); // 16 requests
    row.level.ttftMs.p50Ci = { 43.9, 45.2, true };
    row.level.ttftMs.p95Ci = { 0, 0, false }; // too few samples for P95
    model.addRows({ row });
    const auto tip = [&model](int column) { return model.data(model.index(0, column), Qt::ToolTipRole).toString(); };
    EXPECT_EQ(tip(RunsTableModel::TtftP50Column), QStringLiteral("95 % interval: [43.90, 45.20]"));
    EXPECT_TRUE(tip(RunsTableModel::TtftP95Column).startsWith(u"No 95 % interval: too few samples"));
    EXPECT_TRUE(tip(RunsTableModel::TpotP50Column).isEmpty()) << "no TPOT sample, no interval to speak of";
}

TEST(RunsTableModel, PeerDefinitionsReplaceTheLatencyColumns)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.addRow(makeRow(4, 60.25));
    const auto raw
        = [&model](RunsTableModel::Column c) { return model.data(model.index(0, c), RunsTableModel::RawValueRole); };
    const auto header
        = [&model](RunsTableModel::Column c, int role) { return model.headerData(c, Qt::Horizontal, role).toString(); };
    EXPECT_DOUBLE_EQ(raw(RunsTableModel::TtftP50Column).toDouble(), 60.25);

    model.setDefinitions(Stats::PeerTool::Vllm);
    EXPECT_EQ(header(RunsTableModel::TtftP50Column, Qt::DisplayRole), QStringLiteral("TTFT P50 (vLLM)"));
    EXPECT_TRUE(header(RunsTableModel::TtftP50Column, Qt::ToolTipRole).contains(QStringLiteral("role-only")));
    EXPECT_EQ(header(RunsTableModel::RequestsColumn, Qt::DisplayRole), QStringLiteral("Requests"));
    EXPECT_FALSE(raw(RunsTableModel::TtftP50Column).isValid()) << "no peer figure computed yet";
    EXPECT_EQ(raw(RunsTableModel::RequestsColumn).toInt(), 16) << "counts are the same under every tool";

    Stats::PeerLevelSummary peer;
    peer.ttft.count = 16;
    peer.ttft.p50 = 58;
    peer.outputThroughput = 321;
    model.setPeerLevel(0, peer);
    EXPECT_DOUBLE_EQ(raw(RunsTableModel::TtftP50Column).toDouble(), 58);
    EXPECT_DOUBLE_EQ(raw(RunsTableModel::OutputThroughputColumn).toDouble(), 321);
    EXPECT_FALSE(raw(RunsTableModel::TpotP50Column).isValid()) << "no TPOT sample under the peer's rules";

    model.setDefinitions(Stats::PeerTool::TokenScope);
    EXPECT_DOUBLE_EQ(raw(RunsTableModel::TtftP50Column).toDouble(), 60.25);
    EXPECT_EQ(header(RunsTableModel::TtftP50Column, Qt::DisplayRole), QStringLiteral("TTFT P50"));
}

// An A/B run of one model on both arms: each level's two rows differ only by their arm.
TEST(RunsTableModel, TheArmOfAnABRunIsShownWithItsModelInTheTooltip)
{
    RunsTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.addRow(makeRow(4, 60));
    EXPECT_FALSE(model.hasArms());
    EXPECT_EQ(model.data(model.index(0, RunsTableModel::ArmColumn)).toString(), QString());
    RunsTableRow a = makeRow(4, 60);
    a.armCount = 2;
    RunsTableRow b = a;
    b.level.arm = 1;
    b.model = QStringLiteral("tokenscope-sim-fast");
    model.addRows({ a, b });
    EXPECT_TRUE(model.hasArms());
    EXPECT_EQ(model.headerData(RunsTableModel::ArmColumn, Qt::Horizontal).toString(), QStringLiteral("Arm"));
    EXPECT_EQ(model.data(model.index(1, RunsTableModel::ArmColumn)).toString(), QStringLiteral("A"));
    EXPECT_EQ(model.data(model.index(2, RunsTableModel::ArmColumn)).toString(), QStringLiteral("B"));
    EXPECT_TRUE(model.data(model.index(2, RunsTableModel::ArmColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(u"tokenscope-sim-fast"));
    model.clear();
    EXPECT_FALSE(model.hasArms());
}
