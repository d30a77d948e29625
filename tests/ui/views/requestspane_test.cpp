// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/requestspane.h"

#include "support/enginerun.h"
#include "ui/charts/liverun.h"
#include "models/requeststablemodel.h"
#include "views/requestdetailview.h"

#include <QAbstractItemModelTester>
#include <QDialog>
#include <QHeaderView>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <algorithm>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// A warm-up, then 6 requests at concurrency 2; the simulator cuts every third one after 4 chunks.
const LiveRun &realRun()
{
    static const LiveRun run = [] {
        SimConfig sim = fastSim();
        sim.fault = SimFault::ResetMidStream;
        sim.faultEvery = 3;
        sim.faultAfterChunks = 4;
        RunConfig config = quickConfig({}, 2, 6, 24);
        config.warmupRequests = 1;
        return recordLiveRun(sim, config);
    }();
    return run;
}

void clickRow(QTableView *view, int row)
{
    const QRect rect = view->visualRect(view->model()->index(row, RequestsTableModel::TtftColumn));
    ASSERT_TRUE(rect.isValid()) << "row " << row << " is not on screen";
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
}

QString msText(qint64 ns)
{
    const double ms = ns / 1e6;
    return QLocale().toString(ms, 'f', ms < 100 ? 2 : 1);
}

} // namespace

TEST(UiRequestsPane, ClickingARowShowsThatRequestsChunks)
{
    const LiveRun &run = realRun();
    ASSERT_EQ(run.result.records.size(), 7);
    RequestsPane pane;
    QAbstractItemModelTester tester(pane.model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    pane.resize(1000, 800);
    pane.show();
    pane.setRun(run.result);
    ASSERT_EQ(pane.tableView()->model()->rowCount(), 7);
    EXPECT_FALSE(pane.detailView()->hasRecord());

    QSignalSpy selected(&pane, &RequestsPane::recordSelected);
    for (int row : { 3, 1 }) {
        clickRow(pane.tableView(), row);
        const RequestRecord expected = run.result.records.at(row); // unsorted: the run's order
        ASSERT_TRUE(pane.detailView()->hasRecord());
        EXPECT_EQ(pane.detailView()->record().responseId, expected.responseId);
        EXPECT_TRUE(pane.detailView()->titleText().contains(expected.responseId));
        const QTableWidget *chunks = pane.detailView()->chunkTable();
        ASSERT_EQ(chunks->rowCount(), expected.chunkTimesNs.size());
        ASSERT_GT(chunks->rowCount(), 1);
        EXPECT_EQ(chunks->item(0, 1)->text(), msText(expected.chunkTimesNs.at(0)));
        EXPECT_EQ(chunks->item(1, 2)->text(), msText(expected.chunkTimesNs.at(1) - expected.chunkTimesNs.at(0)));
        const int last = chunks->rowCount() - 1;
        EXPECT_EQ(chunks->item(last, 1)->text(), msText(expected.chunkTimesNs.constLast()));
    }
    EXPECT_EQ(selected.count(), 2);

    // The milestone table has the first token where the record has it.
    const QTableWidget *milestones = pane.detailView()->milestoneTable();
    bool foundFirstToken = false;
    for (int row = 0; row < milestones->rowCount(); ++row) {
        if (milestones->item(row, 0)->text() == QStringLiteral("First token")) {
            foundFirstToken = true;
            EXPECT_EQ(milestones->item(row, 1)->text(), msText(run.result.records.at(1).ttftNs));
        }
    }
    EXPECT_TRUE(foundFirstToken);

    // Every figure of the summary line is explained on hover, with the Requests table's words.
    const QString line = pane.detailView()->metricsText();
    const QString tip = pane.detailView()->metricsToolTipText();
    for (const QString &figure : { QStringLiteral("TTFT"), QStringLiteral("TPOT"), QStringLiteral("E2E") }) {
        EXPECT_TRUE(line.contains(figure)) << line.toStdString();
        EXPECT_TRUE(tip.contains(QStringLiteral("<b>%1</b>").arg(figure))) << figure.toStdString();
    }
    EXPECT_TRUE(tip.contains(RequestsTableModel::columnDefinition(RequestsTableModel::TpotColumn).toHtmlEscaped()));
    EXPECT_TRUE(tip.contains(QStringLiteral("SSE events")));
    // A whole answer of the simulator's chat stream ends with [DONE] and reports the prompt's tokens.
    const auto whole = std::find_if(run.result.records.cbegin(), run.result.records.cend(),
        [](const RequestRecord &r) { return r.ok && !r.warmup; });
    ASSERT_NE(whole, run.result.records.cend());
    clickRow(pane.tableView(), int(whole - run.result.records.cbegin()));
    const QString wholeLine = pane.detailView()->metricsText();
    EXPECT_TRUE(wholeLine.contains(QStringLiteral("ended with [DONE]"))) << wholeLine.toStdString();
    EXPECT_TRUE(wholeLine.contains(QStringLiteral("input token"))) << wholeLine.toStdString();
    EXPECT_TRUE(saveShotIfAsked(&pane, QStringLiteral("requests-pane")));
}

TEST(UiRequestsPane, FailedOnlyFilterAndTheErrorOfACutStream)
{
    const LiveRun &run = realRun();
    RequestsPane pane;
    pane.resize(1000, 800);
    pane.show();
    pane.setRun(run.result);
    pane.setFilter(RequestsTableModel::Filter::FailedOnly);
    const int failed = static_cast<int>(std::count_if(
        run.result.records.cbegin(), run.result.records.cend(), [](const RequestRecord &r) { return !r.ok; }));
    ASSERT_EQ(failed, 2); // server requests 3 and 6, the warm-up being 1
    ASSERT_EQ(pane.tableView()->model()->rowCount(), failed);

    clickRow(pane.tableView(), 0);
    ASSERT_TRUE(pane.detailView()->hasRecord());
    const RequestRecord shown = pane.detailView()->record();
    EXPECT_FALSE(shown.ok);
    EXPECT_TRUE(pane.detailView()->errorText().contains(shown.errorKind))
        << pane.detailView()->errorText().toStdString();
    // A stream cut after 4 chunks still shows the chunks it got.
    EXPECT_EQ(pane.detailView()->chunkTable()->rowCount(), 4);
    EXPECT_TRUE(saveShotIfAsked(&pane, QStringLiteral("requests-pane-failed")));

    pane.setFilter(RequestsTableModel::Filter::HideWarmup);
    EXPECT_EQ(pane.tableView()->model()->rowCount(), 6);
    pane.clear();
    EXPECT_EQ(pane.tableView()->model()->rowCount(), 0);
    EXPECT_FALSE(pane.detailView()->hasRecord());
}

// Every figure of the drill-down's two tables must show whole beside the table of requests at
// the size a 1366x768 window gives the Requests tab (about 870 x 270 px), with slow times
// (thousands of milliseconds), and the phase bar's labels must end above the tables.
TEST(UiRequestsPane, TheDrillDownShowsItsFiguresWholeInASmallWindow)
{
    RequestRecord slow = realRun().result.records.at(1);
    for (qint64 *ns : { &slow.requestSentNs, &slow.headersNs, &slow.firstByteNs, &slow.firstEventNs, &slow.ttftNs,
             &slow.lastTokenNs, &slow.doneNs, &slow.endNs }) {
        if (*ns >= 0)
            *ns *= 97;
    }
    for (qint64 &ns : slow.chunkTimesNs)
        ns *= 97;
    RunResult run = realRun().result;
    run.records.replace(1, slow);
    RequestsPane pane;
    pane.resize(866, 270);
    pane.show();
    pane.setRun(run);
    clickRow(pane.tableView(), 1);
    QCoreApplication::processEvents();
    RequestDetailView *detail = pane.detailView();
    ASSERT_TRUE(detail->hasRecord());
    const auto expectWhole = [](const QTableWidget *table, int column) {
        const auto *view = static_cast<const QAbstractItemView *>(table);
        const QString header = table->horizontalHeaderItem(column)->text();
        EXPECT_GE(table->columnWidth(column), view->sizeHintForColumn(column)) << header.toStdString();
        EXPECT_GE(table->columnWidth(column), table->horizontalHeader()->sectionSizeHint(column))
            << header.toStdString();
        EXPECT_LE(table->columnViewportPosition(column) + table->columnWidth(column), table->viewport()->width())
            << header.toStdString() << " runs off the table";
    };
    for (int column : { 0, 1, 2 })
        expectWhole(detail->milestoneTable(), column);
    EXPECT_GE(
        detail->milestoneTable()->columnWidth(3), detail->milestoneTable()->horizontalHeader()->sectionSizeHint(3))
        << "the phase column elides its text, not its header";
    for (int column = 0; column < detail->chunkTable()->columnCount(); ++column)
        expectWhole(detail->chunkTable(), column);
    EXPECT_GE(detail->milestoneTable()->height(), 3 * detail->milestoneTable()->verticalHeader()->defaultSectionSize())
        << "a header and two rows at least";

    const QWidget *phaseBar = detail->findChild<QWidget *>(QStringLiteral("phaseBar"));
    ASSERT_NE(phaseBar, nullptr);
    const int phaseBarBottom = phaseBar->mapTo(detail, QPoint(0, phaseBar->height())).y();
    EXPECT_LE(phaseBarBottom, detail->milestoneTable()->mapTo(detail, QPoint(0, 0)).y())
        << "the phase bar's last lane of labels is cut by the tables";
    EXPECT_GE(phaseBar->height(), 16 + 3 * QFontMetrics(phaseBar->font()).height()) << "three lanes under the bar";
    saveShotIfAsked(&pane, QStringLiteral("requests-drilldown-small"));
}

TEST(UiRequestsPane, LiveRecordsArriveAsOneBatch)
{
    const LiveRun &run = realRun();
    RequestsPane pane;
    QSignalSpy inserted(pane.model(), &QAbstractItemModel::rowsInserted);
    for (const RequestRecord &record : run.finished)
        pane.addRecord(record);
    EXPECT_EQ(pane.model()->rowCount(), 0) << "nothing is inserted per record";
    ASSERT_TRUE(QTest::qWaitFor([&pane, &run] { return pane.model()->rowCount() == run.finished.size(); }, 5000));
    EXPECT_EQ(inserted.count(), 1);
    pane.addRecord(run.finished.constFirst());
    pane.flushPending();
    EXPECT_EQ(pane.model()->rowCount(), run.finished.size() + 1);
}

// A live run's first batch sizes the columns; a later HTTP 500 or a TTFT over a second must still
// show whole, not "http_5…" or "1,837…".
TEST(UiRequestsPane, LaterLiveRowsWidenTheColumnsTheyDoNotFit)
{
    const LiveRun &run = realRun();
    const auto firstOk = std::find_if(
        run.finished.cbegin(), run.finished.cend(), [](const RequestRecord &r) { return r.ok && !r.warmup; });
    ASSERT_NE(firstOk, run.finished.cend());
    RequestsPane pane;
    pane.resize(1000, 500);
    pane.show();
    pane.addRecord(*firstOk);
    pane.flushPending();
    RequestRecord slowFailure = *firstOk;
    slowFailure.index += 100;
    slowFailure.ok = false;
    slowFailure.httpStatus = 500;
    slowFailure.errorKind = QStringLiteral("http_500_internal_server_error");
    RequestRecord slow = *firstOk;
    slow.index += 101;
    slow.ttftNs = 1'837'250'000;
    pane.addRecord(slowFailure);
    pane.addRecord(slow);
    pane.flushPending();
    QTableView *table = pane.tableView();
    for (int column : { int(RequestsTableModel::StatusColumn), int(RequestsTableModel::TtftColumn) }) {
        for (int row = 1; row < table->model()->rowCount(); ++row) {
            const QModelIndex index = table->model()->index(row, column);
            EXPECT_GE(table->columnWidth(column), table->sizeHintForIndex(index).width())
                << index.data().toString().toStdString() << " is elided";
        }
    }
    const int statusWidth = table->columnWidth(RequestsTableModel::StatusColumn);
    pane.addRecord(*firstOk);
    pane.flushPending();
    EXPECT_EQ(table->columnWidth(RequestsTableModel::StatusColumn), statusWidth) << "a column never narrows";
}

// The drill-down stands beside the table and takes the pane's whole height: at the height the
// window gives the Requests tab at 1600x1000 (about 470 px) its milestones all show, nothing
// scrolls around it, and its headers say the unit.
TEST(UiRequestsPane, TheDrillDownHasTheWholeHeightAndNoScrollingAroundIt)
{
    const LiveRun &run = realRun();
    RequestsPane pane;
    pane.resize(1300, 470);
    pane.show();
    pane.setRun(run.result);
    clickRow(pane.tableView(), 1);
    QCoreApplication::processEvents();
    RequestDetailView *detail = pane.detailView();
    ASSERT_TRUE(detail->hasRecord());
    EXPECT_EQ(pane.splitter()->orientation(), Qt::Horizontal);
    EXPECT_GE(detail->height(), pane.height() - 8) << "beside the table, not under it";
    EXPECT_TRUE(detail->findChildren<QScrollArea *>().isEmpty()) << "only the two tables scroll, each its rows";
    for (QWidget *w = detail; w; w = w->parentWidget())
        EXPECT_EQ(qobject_cast<QScrollArea *>(w), nullptr) << "no scroll area around the drill-down";
    const QTableWidget *milestones = detail->milestoneTable();
    EXPECT_EQ(milestones->verticalScrollBar()->maximum(), 0) << "every milestone in view";
    EXPECT_TRUE(milestones->horizontalHeaderItem(1)->text().contains(QStringLiteral("ms")));
    EXPECT_TRUE(detail->chunkTable()->horizontalHeaderItem(1)->text().contains(QStringLiteral("ms")));
    saveShotIfAsked(&pane, QStringLiteral("requests-drilldown"));

    // A double-click opens the request in a window of its own, as large as the user likes.
    const QRect second = pane.tableView()->visualRect(pane.proxy()->index(2, RequestsTableModel::TtftColumn));
    QTest::mouseClick(pane.tableView()->viewport(), Qt::LeftButton, {}, second.center());
    QTest::mouseDClick(pane.tableView()->viewport(), Qt::LeftButton, {}, second.center());
    const QList<QDialog *> windows = pane.findChildren<QDialog *>();
    ASSERT_EQ(windows.size(), 1);
    const RequestDetailView *own = windows.first()->findChild<RequestDetailView *>();
    ASSERT_NE(own, nullptr);
    ASSERT_TRUE(own->hasRecord());
    EXPECT_EQ(own->record().responseId, run.result.records.at(2).responseId);
    EXPECT_TRUE(windows.first()->isVisible());
    EXPECT_GE(windows.first()->height(), 600);
    saveShotIfAsked(windows.first(), QStringLiteral("requests-drilldown-window"));
    windows.first()->close();
}
