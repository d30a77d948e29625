// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The history view's actions against a real SQLite history, real simulator runs and a real run
// directory written by the report writers.
#include "history/historyview.h"

#include "history/historymodel.h"
#include "report/reportwriters.h"
#include "store/historystore.h"
#include "ui/charts/liverun.h"
#include "ui/history/simruns.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <functional>
#include <gtest/gtest.h>
#include <memory>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

class HistoryViewTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        QString error;
        ASSERT_TRUE(m_store.open(m_dir.filePath(QStringLiteral("history.sqlite")), &error)) << error.toStdString();
        m_slowId = store(modelRuns().slow, QDateTime(QDate(2026, 3, 14), QTime(9, 0), Qt::UTC));
        m_fastId = store(modelRuns().fast, QDateTime(QDate(2026, 3, 14), QTime(10, 0), Qt::UTC));
    }

    qint64 store(RunResult run, const QDateTime &startedAt)
    {
        run.startedAt = startedAt;
        QString error;
        const qint64 id
            = m_store.storeRun(run, HistoryRunStatus::Completed, QString(), QStringLiteral("1.2.3"), {}, &error);
        EXPECT_GT(id, 0) << error.toStdString();
        return id;
    }

    QTemporaryDir m_dir;
    HistoryStore m_store;
    qint64 m_slowId = -1;
    qint64 m_fastId = -1;
};

// Answers the next modal message box by pressing the button `pick` returns (else rejects it).
// The flag it returns turns true once a box was answered.
std::shared_ptr<bool> answerNextMessageBox(const std::function<QAbstractButton *(QMessageBox *)> &pick)
{
    auto answered = std::make_shared<bool>(false);
    auto *timer = new QTimer(qApp);
    timer->setInterval(10);
    int tries = 0;
    QObject::connect(timer, &QTimer::timeout, timer, [timer, pick, tries, answered]() mutable {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box && ++tries < 500)
            return;
        timer->deleteLater();
        if (!box)
            return;
        *answered = true;
        if (QAbstractButton *button = pick(box))
            button->click();
        else
            box->reject();
    });
    timer->start();
    return answered;
}

} // namespace

TEST_F(HistoryViewTest, ListsTheStoredRunsAndFilters)
{
    HistoryView view(&m_store);
    QAbstractItemModelTester tester(view.proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(view.proxy()->rowCount(), 2);
    // Newest first by default.
    EXPECT_EQ(view.proxy()->index(0, 0).data(HistoryModel::RunIdRole).toLongLong(), m_fastId);

    view.filterEdit()->setText(QStringLiteral("SIM-SLOW"));
    ASSERT_EQ(view.proxy()->rowCount(), 1);
    EXPECT_EQ(view.proxy()->index(0, 0).data(HistoryModel::RunIdRole).toLongLong(), m_slowId);
    view.filterEdit()->clear();
    EXPECT_EQ(view.proxy()->rowCount(), 2);
}

TEST_F(HistoryViewTest, RenameTagsAndDeleteGoToTheStore)
{
    HistoryView view(&m_store);
    QSignalSpy changed(&view, &HistoryView::runsChanged);

    ASSERT_TRUE(view.renameRun(m_fastId, QStringLiteral("fast, after the upgrade")));
    EXPECT_EQ(m_store.runInfo(m_fastId)->name, QStringLiteral("fast, after the upgrade"));
    const int row = view.model()->rowOfRun(m_fastId);
    EXPECT_EQ(view.model()->index(row, HistoryModel::NameColumn).data().toString(),
        QStringLiteral("fast, after the upgrade"));
    EXPECT_EQ(view.selectedRunIds(), QList<qint64> { m_fastId }) << "the edited run stays selected";

    ASSERT_TRUE(view.setRunTags(m_fastId, { QStringLiteral(" prod "), QStringLiteral("gateway"), QString() }));
    EXPECT_EQ(m_store.runInfo(m_fastId)->tags, (QStringList { QStringLiteral("prod"), QStringLiteral("gateway") }));
    EXPECT_EQ(view.model()->index(view.model()->rowOfRun(m_fastId), HistoryModel::TagsColumn).data().toString(),
        QStringLiteral("prod, gateway"));
    // Tags are searchable.
    view.filterEdit()->setText(QStringLiteral("gateway"));
    EXPECT_EQ(view.proxy()->rowCount(), 1);
    view.filterEdit()->clear();

    ASSERT_TRUE(view.deleteRuns({ m_slowId }));
    EXPECT_FALSE(m_store.runInfo(m_slowId));
    EXPECT_EQ(m_store.listRuns().size(), 1);
    EXPECT_EQ(view.model()->rowCount(), 1);
    EXPECT_EQ(changed.count(), 3);

    // A run that is gone: the banner says so and nothing else changes.
    EXPECT_FALSE(view.renameRun(m_slowId, QStringLiteral("ghost")));
    EXPECT_FALSE(view.errorText().isEmpty());
}

TEST_F(HistoryViewTest, DeleteKeyAsksAndDeletesOnlyWhenConfirmed)
{
    HistoryView view(&m_store);
    view.resize(1200, 500);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    view.selectRuns({ m_slowId });
    view.tableView()->setFocus();

    const auto cancelled = answerNextMessageBox([](QMessageBox *box) { return box->button(QMessageBox::Cancel); });
    QTest::keyClick(view.tableView(), Qt::Key_Delete);
    ASSERT_TRUE(*cancelled) << "Delete asks first";
    EXPECT_EQ(m_store.listRuns().size(), 2) << "cancelled: nothing deleted";

    // The offscreen platform does not hand activation back after a modal box, as a desktop does.
    view.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&view));
    view.tableView()->setFocus();

    const auto confirmed = answerNextMessageBox([](QMessageBox *box) -> QAbstractButton * {
        for (QAbstractButton *button : box->buttons())
            if (box->buttonRole(button) == QMessageBox::DestructiveRole)
                return button;
        return nullptr;
    });
    QTest::keyClick(view.tableView(), Qt::Key_Delete);
    ASSERT_TRUE(*confirmed);
    EXPECT_EQ(m_store.listRuns().size(), 1);
    EXPECT_FALSE(m_store.runInfo(m_slowId));
}

TEST_F(HistoryViewTest, ActionsFollowTheSelectionAndEmitWhatTheWindowNeeds)
{
    HistoryView view(&m_store);
    view.resize(1200, 500);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QSignalSpy open(&view, &HistoryView::openRequested);
    QSignalSpy compare(&view, &HistoryView::compareRequested);
    QSignalSpy rerun(&view, &HistoryView::rerunRequested);
    QSignalSpy exportRun(&view, &HistoryView::exportRequested);

    view.selectRuns({});
    EXPECT_FALSE(view.openAction()->isEnabled());
    EXPECT_FALSE(view.compareAction()->isEnabled());
    EXPECT_FALSE(view.deleteAction()->isEnabled());

    view.selectRuns({ m_fastId });
    EXPECT_TRUE(view.openAction()->isEnabled());
    EXPECT_FALSE(view.compareAction()->isEnabled()) << "one run is nothing to compare";

    // Enter opens the current run.
    view.tableView()->setFocus();
    QTest::keyClick(view.tableView(), Qt::Key_Return);
    ASSERT_EQ(open.count(), 1);
    EXPECT_EQ(open.constFirst().constFirst().toLongLong(), m_fastId);

    view.rerunAction()->trigger();
    ASSERT_EQ(rerun.count(), 1);
    const auto config = rerun.constFirst().constFirst().value<RunConfig>();
    EXPECT_EQ(config.model, QStringLiteral("sim-fast"));
    EXPECT_EQ(config.maxTokens, 24);
    EXPECT_EQ(config.concurrencyLevels, (QList<int> { 1, 4 }));
    EXPECT_TRUE(config.apiKey.isEmpty());

    view.exportAction()->trigger();
    ASSERT_EQ(exportRun.count(), 1);
    EXPECT_EQ(exportRun.constFirst().constFirst().toLongLong(), m_fastId);

    // Two selected: compare, oldest first whatever the order shown.
    view.selectRuns({ m_fastId, m_slowId });
    EXPECT_TRUE(view.compareAction()->isEnabled());
    EXPECT_FALSE(view.openAction()->isEnabled());
    view.compareAction()->trigger();
    ASSERT_EQ(compare.count(), 1);
    EXPECT_EQ(compare.constFirst().constFirst().value<QList<qint64>>(), (QList<qint64> { m_slowId, m_fastId }));
}

TEST_F(HistoryViewTest, ImportedRunDirectoryShowsUpSelected)
{
    const QString runDir = m_dir.filePath(QStringLiteral("ci-box-run-7"));
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(modelRuns().fastLonger, runDir, &error)) << error.toStdString();

    HistoryView view(&m_store);
    QSignalSpy changed(&view, &HistoryView::runsChanged);
    const qint64 id = view.importDirectory(runDir);
    ASSERT_GT(id, 0) << view.errorText().toStdString();
    EXPECT_TRUE(view.errorText().isEmpty());
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(m_store.listRuns().size(), 3);
    EXPECT_EQ(view.model()->rowCount(), 3);
    EXPECT_EQ(view.selectedRunIds(), QList<qint64> { id });
    const int row = view.model()->rowOfRun(id);
    EXPECT_EQ(view.model()->index(row, HistoryModel::NameColumn).data().toString(), QStringLiteral("ci-box-run-7"));
    EXPECT_EQ(view.model()->index(row, HistoryModel::ModelColumn).data().toString(), QStringLiteral("sim-fast"));
    EXPECT_EQ(view.model()->index(row, HistoryModel::LevelsColumn).data().toString(), QStringLiteral("1,4"));
}

TEST_F(HistoryViewTest, ImportOfAnAbParentDirectoryShowsOneInterleavedRow)
{
    // What tokenscope-cli run --ab-model sim-fast --out DIR leaves: DIR/A and DIR/B.
    const QString parent = m_dir.filePath(QStringLiteral("ab-ci-run-9"));
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(modelRuns().slow, QDir(parent).filePath(QStringLiteral("A")), &error))
        << error.toStdString();
    ASSERT_TRUE(Report::writeRunDirectory(modelRuns().fast, QDir(parent).filePath(QStringLiteral("B")), &error))
        << error.toStdString();

    HistoryView view(&m_store);
    const qint64 id = view.importDirectory(parent);
    ASSERT_GT(id, 0) << view.errorText().toStdString();
    EXPECT_EQ(view.model()->rowCount(), 3) << "one row for both arms";
    EXPECT_EQ(view.selectedRunIds(), QList<qint64> { id });
    const int row = view.model()->rowOfRun(id);
    EXPECT_EQ(view.model()->index(row, HistoryModel::NameColumn).data().toString(), QStringLiteral("ab-ci-run-9"));
    EXPECT_EQ(view.model()->index(row, HistoryModel::ModelColumn).data().toString(), QStringLiteral("sim-slow (A/B)"));
}

TEST_F(HistoryViewTest, ImportOfAFolderThatIsNoRunSaysWhyAndStoresNothing)
{
    const QString empty = m_dir.filePath(QStringLiteral("not-a-run"));
    ASSERT_TRUE(QDir().mkpath(empty));
    HistoryView view(&m_store);
    QSignalSpy errors(&view, &HistoryView::errorOccurred);
    EXPECT_EQ(view.importDirectory(empty), -1);
    EXPECT_EQ(errors.count(), 1);
    EXPECT_TRUE(view.errorText().contains(QStringLiteral("not-a-run"))) << view.errorText().toStdString();
    EXPECT_EQ(m_store.listRuns().size(), 2);
}

TEST_F(HistoryViewTest, LooksRightWithRealRuns)
{
    ASSERT_TRUE(m_store.renameRun(m_slowId, QStringLiteral("sim-slow baseline")));
    ASSERT_TRUE(m_store.setTags(m_slowId, { QStringLiteral("baseline") }));
    RunResult refused;
    refused.config = modelRuns().fast.config;
    refused.config.baseUrl = QStringLiteral("https://gateway.example/v1");
    refused.startedAt = QDateTime(QDate(2026, 3, 14), QTime(11, 0), Qt::UTC);
    const qint64 failedId
        = m_store.storeRun(refused, HistoryRunStatus::Running, QString(), QStringLiteral("1.2.3"), {});
    ASSERT_TRUE(m_store.finishRun(failedId, HistoryRunStatus::Failed, QStringLiteral("HTTP 401: invalid API key")));
    const QString runDir = m_dir.filePath(QStringLiteral("ci-nightly-42"));
    ASSERT_TRUE(Report::writeRunDirectory(modelRuns().fastLonger, runDir, nullptr));

    HistoryView view(&m_store);
    ASSERT_GT(view.importDirectory(runDir), 0);
    view.resize(1400, 500);
    view.selectRuns({ m_fastId });
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("history-view")));

    QTemporaryDir emptyDir;
    HistoryStore empty;
    ASSERT_TRUE(empty.open(emptyDir.filePath(QStringLiteral("h.sqlite"))));
    HistoryView emptyView(&empty);
    emptyView.resize(1000, 400);
    emptyView.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&emptyView));
    EXPECT_TRUE(saveShotIfAsked(&emptyView, QStringLiteral("history-view-empty")));
}

TEST_F(HistoryViewTest, ALaterRunsLongerStatusIsNotCut)
{
    HistoryView view(&m_store);
    view.resize(1400, 400);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QTableView *table = view.tableView();
    // The columns were fitted to "Completed"; then a run ends with failures.
    RunResult withFailures = modelRuns().fast;
    withFailures.startedAt = QDateTime(QDate(2026, 3, 14), QTime(11, 0), Qt::UTC);
    withFailures.levels.last().failed = 3;
    withFailures.levels.last().completed -= 3;
    ASSERT_GT(m_store.storeRun(withFailures, HistoryRunStatus::Completed, QString(), QStringLiteral("1.2.3"), {}), 0);
    view.refresh();
    const QString status = view.model()->data(view.model()->index(0, HistoryModel::StatusColumn)).toString();
    ASSERT_TRUE(status.startsWith(QStringLiteral("Completed with"))) << qPrintable(status);
    QApplication::processEvents(); // the header fits its sections to their contents on its next layout
    const QString name = view.model()->data(view.model()->index(0, HistoryModel::NameColumn)).toString();
    EXPECT_GT(table->columnWidth(HistoryModel::NameColumn), table->fontMetrics().horizontalAdvance(name))
        << "the later run's longer name widened its column";
    EXPECT_GT(table->columnWidth(HistoryModel::StatusColumn), table->fontMetrics().horizontalAdvance(status));
}

TEST_F(HistoryViewTest, RunsOfOneModelAreNamedApartByProfileAndLoad)
{
    RunResult wide = modelRuns().fast;
    wide.config.profileName = QStringLiteral("Fast sim");
    wide.startedAt = QDateTime(QDate(2026, 3, 14), QTime(11, 0), Qt::UTC);
    RunResult narrow = wide;
    narrow.config.concurrencyLevels = { 8 };
    narrow.startedAt = wide.startedAt.addSecs(300);
    ASSERT_GT(m_store.storeRun(wide, HistoryRunStatus::Completed, QString(), QStringLiteral("1.2.3"), {}), 0);
    ASSERT_GT(m_store.storeRun(narrow, HistoryRunStatus::Completed, QString(), QStringLiteral("1.2.3"), {}), 0);
    HistoryView view(&m_store);
    view.resize(1400, 400);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    const auto text
        = [&view](int row, int column) { return view.model()->data(view.model()->index(row, column)).toString(); };
    // Newest first: the c=8 run, then the c=1,4 one, both of the profile "Fast sim".
    EXPECT_TRUE(text(0, HistoryModel::NameColumn).startsWith(QStringLiteral("Fast sim · c=8 · ")))
        << qPrintable(text(0, HistoryModel::NameColumn));
    EXPECT_TRUE(text(1, HistoryModel::NameColumn).startsWith(QStringLiteral("Fast sim · c=1,4 · ")))
        << qPrintable(text(1, HistoryModel::NameColumn));
    EXPECT_EQ(text(0, HistoryModel::ProfileColumn), QStringLiteral("Fast sim"));
    EXPECT_TRUE(view.model()
                    ->data(view.model()->index(0, HistoryModel::NameColumn), Qt::ToolTipRole)
                    .toString()
                    .startsWith(text(0, HistoryModel::NameColumn)))
        << "a name cut by a narrow column is whole in its tooltip";
    EXPECT_EQ(view.tableView()->textElideMode(), Qt::ElideMiddle);
    EXPECT_TRUE(text(2, HistoryModel::ProfileColumn).isEmpty()) << "a run recorded without a profile";
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("history-two-runs-named-apart")));
}

TEST_F(HistoryViewTest, ARepeatedRunIsShownAsASeriesAndSummarisedFromOneOfItsRuns)
{
    // Two runs of the simulator as repeats 1 and 2 of 3 (the third was stopped before it began).
    QString error;
    ASSERT_TRUE(m_store.setRepeat(m_slowId, m_slowId, 1, 3, &error)) << error.toStdString();
    ASSERT_TRUE(m_store.setRepeat(m_fastId, m_slowId, 2, 3, &error)) << error.toStdString();
    const qint64 loneId = store(modelRuns().fast, QDateTime(QDate(2026, 3, 14), QTime(11, 0), Qt::UTC));
    HistoryView view(&m_store);
    QAbstractItemModelTester tester(view.proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    const auto repeatCell
        = [&view](qint64 id) { return view.model()->index(view.model()->rowOfRun(id), HistoryModel::RepeatColumn); };
    EXPECT_EQ(repeatCell(m_slowId).data().toString(), QStringLiteral("1/3"));
    EXPECT_EQ(repeatCell(m_fastId).data().toString(), QStringLiteral("2/3"));
    EXPECT_EQ(repeatCell(loneId).data().toString(), QString());

    // Sorted by Repeat, the series' runs follow each other in repeat order, then the later run.
    view.proxy()->sort(HistoryModel::RepeatColumn, Qt::AscendingOrder);
    EXPECT_EQ(view.proxy()->index(0, 0).data(HistoryModel::RunIdRole).toLongLong(), m_slowId);
    EXPECT_EQ(view.proxy()->index(1, 0).data(HistoryModel::RunIdRole).toLongLong(), m_fastId);
    EXPECT_EQ(view.proxy()->index(2, 0).data(HistoryModel::RunIdRole).toLongLong(), loneId);

    view.selectRuns({ loneId });
    EXPECT_FALSE(view.repeatSummaryAction()->isEnabled()) << "one run that is no repeat has no spread";
    view.selectRuns({ m_fastId });
    EXPECT_TRUE(view.repeatSummaryAction()->isEnabled());
    EXPECT_EQ(view.repeatSummaryRunIds(), (QList<qint64> { m_slowId, m_fastId })) << "the whole series, in order";
    const QString text = view.repeatSummaryText();
    EXPECT_TRUE(text.contains(QStringLiteral("2 of 3 repeats are here"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("| TTFT P50 (ms) |"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("| #1 | #2 |"))) << text.toStdString();
    EXPECT_TRUE(view.errorText().isEmpty());
}
