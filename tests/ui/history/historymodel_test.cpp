// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The history list model over a real SQLite history filled with real simulator runs.
#include "history/historymodel.h"

#include "store/historystore.h"
#include "ui/history/simruns.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

class HistoryModelTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        QString error;
        ASSERT_TRUE(m_store.open(m_dir.filePath(QStringLiteral("history.sqlite")), &error)) << error.toStdString();
    }

    qint64 store(RunResult run, const QString &name, const QDateTime &startedAt,
        HistoryRunStatus status = HistoryRunStatus::Completed)
    {
        run.startedAt = startedAt;
        QString error;
        const qint64 id = m_store.storeRun(run, status, name, QStringLiteral("1.2.3"), QJsonObject {}, &error);
        EXPECT_GT(id, 0) << error.toStdString();
        return id;
    }

    QString text(const HistoryModel &model, int row, HistoryModel::Column column) const
    {
        return model.data(model.index(row, column)).toString();
    }

    QTemporaryDir m_dir;
    HistoryStore m_store;
    const QDateTime m_earlier { QDate(2026, 3, 14), QTime(9, 0), Qt::UTC };
    const QDateTime m_later { QDate(2026, 3, 14), QTime(10, 30), Qt::UTC };
};

} // namespace

TEST_F(HistoryModelTest, ReloadShowsEveryStoredRunNewestFirstWithItsFigures)
{
    const ModelRuns &runs = modelRuns();
    const qint64 slowId = store(runs.slow, QStringLiteral("slow model"), m_earlier);
    const qint64 fastId = store(runs.fast, QString(), m_later);
    ASSERT_TRUE(m_store.setTags(slowId, { QStringLiteral("baseline"), QStringLiteral("gateway-a") }));

    HistoryModel model(&m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    EXPECT_EQ(model.rowCount(), 0) << "nothing is read before reload()";
    ASSERT_TRUE(model.reload()) << model.lastError().toStdString();
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.columnCount(), HistoryModel::ColumnCount);

    // Newest first, as the store lists them.
    EXPECT_EQ(model.data(model.index(0, 0), HistoryModel::RunIdRole).toLongLong(), fastId);
    EXPECT_EQ(model.data(model.index(1, HistoryModel::TagsColumn), HistoryModel::RunIdRole).toLongLong(), slowId);
    EXPECT_EQ(model.rowOfRun(slowId), 1);
    EXPECT_EQ(model.rowOfRun(12345), -1);

    EXPECT_EQ(text(model, 1, HistoryModel::NameColumn), QStringLiteral("slow model"));
    // An unnamed run is called by its profile (its model when none was recorded), load and time.
    EXPECT_TRUE(text(model, 0, HistoryModel::NameColumn).startsWith(QStringLiteral("sim-fast · c=1,4 · ")))
        << qPrintable(text(model, 0, HistoryModel::NameColumn));
    EXPECT_EQ(text(model, 1, HistoryModel::ModelColumn), QStringLiteral("sim-slow"));
    EXPECT_EQ(text(model, 1, HistoryModel::ApiColumn), QStringLiteral("chat"));
    EXPECT_EQ(text(model, 1, HistoryModel::EndpointColumn), runs.slow.config.baseUrl);
    EXPECT_EQ(text(model, 1, HistoryModel::LevelsColumn), QStringLiteral("1,4"));
    EXPECT_EQ(text(model, 1, HistoryModel::TagsColumn), QStringLiteral("baseline, gateway-a"));
    EXPECT_EQ(text(model, 1, HistoryModel::StatusColumn), QStringLiteral("Completed"));
    EXPECT_EQ(model.data(model.index(1, HistoryModel::DateColumn), HistoryModel::SortRole).toDateTime(), m_earlier);

    // 4 requests at concurrency 1 and 16 at concurrency 4, no warm-up.
    EXPECT_EQ(model.data(model.index(1, HistoryModel::RequestsColumn), HistoryModel::SortRole).toInt(), 20);
    EXPECT_EQ(model.data(model.index(1, HistoryModel::FailedColumn), HistoryModel::SortRole).toInt(), 0);

    // TTFT P50 from the lowest level (display: lowest → highest), throughput at the highest.
    const LevelSummary &low = runs.slow.levels.constFirst();
    const LevelSummary &high = runs.slow.levels.constLast();
    ASSERT_EQ(low.concurrency, 1);
    ASSERT_EQ(high.concurrency, 4);
    EXPECT_DOUBLE_EQ(
        model.data(model.index(1, HistoryModel::TtftP50Column), HistoryModel::SortRole).toDouble(), low.ttftMs.p50);
    EXPECT_TRUE(text(model, 1, HistoryModel::TtftP50Column).contains(QStringLiteral("→")));
    EXPECT_TRUE(text(model, 1, HistoryModel::TtftP50Column).endsWith(QStringLiteral(" ms")));
    EXPECT_NEAR(model.data(model.index(1, HistoryModel::OutputThroughputColumn), HistoryModel::SortRole).toDouble(),
        high.outputThroughput, 1e-9);
    EXPECT_TRUE(text(model, 1, HistoryModel::OutputThroughputColumn).endsWith(QStringLiteral("(c=4)")));

    for (int c = 0; c < HistoryModel::ColumnCount; ++c)
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty()) << c;
}

TEST_F(HistoryModelTest, EditsInTheStoreShowAfterReload)
{
    const ModelRuns &runs = modelRuns();
    const qint64 slowId = store(runs.slow, QString(), m_earlier);
    const qint64 fastId = store(runs.fast, QString(), m_later);
    HistoryModel model(&m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(model.reload());

    ASSERT_TRUE(m_store.renameRun(fastId, QStringLiteral("fast, renamed")));
    ASSERT_TRUE(m_store.setTags(fastId, { QStringLiteral("prod") }));
    ASSERT_TRUE(m_store.deleteRun(slowId));
    ASSERT_TRUE(model.reload());
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(text(model, 0, HistoryModel::NameColumn), QStringLiteral("fast, renamed"));
    EXPECT_EQ(text(model, 0, HistoryModel::TagsColumn), QStringLiteral("prod"));
    EXPECT_EQ(model.rowOfRun(slowId), -1);
}

TEST_F(HistoryModelTest, FailedRunShowsItsStatusReasonAndNoFakeFigures)
{
    RunResult refused;
    refused.config = modelRuns().slow.config;
    const qint64 id = store(refused, QStringLiteral("refused"), m_later, HistoryRunStatus::Failed);
    ASSERT_TRUE(m_store.finishRun(id, HistoryRunStatus::Failed, QStringLiteral("HTTP 401: wrong key")));
    HistoryModel model(&m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(model.reload());
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(text(model, 0, HistoryModel::StatusColumn), QStringLiteral("Failed"));
    EXPECT_EQ(model.data(model.index(0, HistoryModel::StatusColumn), Qt::ToolTipRole).toString(),
        QStringLiteral("HTTP 401: wrong key"));
    // No level was measured: the figures are absent, not zero.
    EXPECT_FALSE(model.data(model.index(0, HistoryModel::TtftP50Column), HistoryModel::SortRole).isValid());
    EXPECT_FALSE(model.data(model.index(0, HistoryModel::OutputThroughputColumn), HistoryModel::SortRole).isValid());
    EXPECT_FALSE(text(model, 0, HistoryModel::TtftP50Column).contains(u'0'));
}

TEST_F(HistoryModelTest, ProxySortsByRawValues)
{
    const ModelRuns &runs = modelRuns();
    const qint64 slowId = store(runs.slow, QStringLiteral("b slow"), m_later);
    const qint64 fastId = store(runs.fast, QStringLiteral("a fast"), m_earlier);
    HistoryModel model(&m_store);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(HistoryModel::SortRole);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(model.reload());

    // The fast model streams more tokens per second at concurrency 4: it sorts last ascending.
    proxy.sort(HistoryModel::OutputThroughputColumn, Qt::AscendingOrder);
    EXPECT_EQ(proxy.index(0, 0).data(HistoryModel::RunIdRole).toLongLong(), slowId);
    EXPECT_EQ(proxy.index(1, 0).data(HistoryModel::RunIdRole).toLongLong(), fastId);
    proxy.sort(HistoryModel::DateColumn, Qt::AscendingOrder);
    EXPECT_EQ(proxy.index(0, 0).data(HistoryModel::RunIdRole).toLongLong(), fastId);
}

TEST_F(HistoryModelTest, UnreadableStoreKeepsTheRowsAndSaysWhy)
{
    store(modelRuns().fast, QStringLiteral("kept"), m_later);
    HistoryModel model(&m_store);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    ASSERT_TRUE(model.reload());
    QSignalSpy failed(&model, &HistoryModel::loadFailed);
    m_store.close();
    EXPECT_FALSE(model.reload());
    EXPECT_EQ(failed.count(), 1);
    EXPECT_FALSE(model.lastError().isEmpty());
    EXPECT_EQ(model.rowCount(), 1);
}
