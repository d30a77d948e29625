// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Smoke tests of the desktop window on the offscreen platform, against the in-process simulator.
#include "charts/tokentimelinechart.h"
#include "mainwindow.h"
#include "models/runstablemodel.h"

#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// The widget of type T showing `text` (line edits by their content, buttons by their label).
template <typename T> T *child(const MainWindow &window, const QString &text)
{
    const QList<T *> all = window.findChildren<T *>();
    for (T *w : all) {
        if (w->text() == text)
            return w;
    }
    return nullptr;
}

} // namespace

TEST(UiMainWindow, FirstStartSelectsTheBuiltInSimulator)
{
    MainWindow window;
    const RunConfig config = window.configFromForm();
    EXPECT_TRUE(config.baseUrl.startsWith(QStringLiteral("http://127.0.0.1:"))) << config.baseUrl.toStdString();
    EXPECT_EQ(config.model, QStringLiteral("tokenscope-sim"));
    EXPECT_EQ(config.concurrencyLevels, (QList<int> { 1, 4, 8, 16 }));
    EXPECT_EQ(config.requestsPerConcurrency, 4);
    EXPECT_EQ(config.maxTokens, 256);
    EXPECT_EQ(config.temperature, 0.0);
    EXPECT_EQ(config.warmupRequests, 1);
}

TEST(UiMainWindow, InvalidSettingsAreShownNotRun)
{
    MainWindow window;
    window.show();
    QLineEdit *levels = child<QLineEdit>(window, QStringLiteral("1,4,8,16"));
    ASSERT_NE(levels, nullptr);
    levels->setText(QStringLiteral("1,x"));
    window.startRun();
    EXPECT_FALSE(window.isRunning());
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("x"))) << window.errorText().toStdString();

    levels->setText(QStringLiteral("0"));
    window.startRun();
    EXPECT_FALSE(window.isRunning());
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("out of range"))) << window.errorText().toStdString();
}

TEST(UiMainWindow, RunAgainstSimulatorFillsChartAndTable)
{
    MainWindow window;
    window.show();
    QLineEdit *levels = child<QLineEdit>(window, QStringLiteral("1,4,8,16"));
    ASSERT_NE(levels, nullptr);
    levels->setText(QStringLiteral("1,2"));
    QSpinBox *maxTokens = nullptr;
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            maxTokens = s;
    }
    ASSERT_NE(maxTokens, nullptr);
    maxTokens->setValue(16);
    QPushButton *run = child<QPushButton>(window, MainWindow::tr("Run"));
    ASSERT_NE(run, nullptr);

    QSignalSpy ended(&window, &MainWindow::runEnded);
    QTest::mouseClick(run, Qt::LeftButton);
    EXPECT_TRUE(window.isRunning());
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    EXPECT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();

    // 1 warm-up + 4 requests at concurrency 1 + 8 at concurrency 2, 16 tokens each.
    TokenTimelineChart *chart = window.timelineChart();
    EXPECT_EQ(chart->requestRowCount(), 13);
    EXPECT_EQ(chart->firstTokenPointCount(), 12);
    EXPECT_GT(chart->chunkPointCount(), 12);
    EXPECT_GT(chart->warmupPointCount(), 0);

    RunsTableModel *model = window.runsModel();
    ASSERT_EQ(model->rowCount(), 2);
    EXPECT_EQ(model->data(model->index(0, RunsTableModel::ConcurrencyColumn), RunsTableModel::SortRole).toInt(), 1);
    EXPECT_EQ(model->data(model->index(1, RunsTableModel::ConcurrencyColumn), RunsTableModel::SortRole).toInt(), 2);
    EXPECT_EQ(model->data(model->index(1, RunsTableModel::RequestsColumn), RunsTableModel::SortRole).toInt(), 8);
    EXPECT_EQ(model->data(model->index(0, RunsTableModel::MaxTokensColumn), RunsTableModel::SortRole).toInt(), 16);
    EXPECT_EQ(model->data(model->index(1, RunsTableModel::FailedColumn), RunsTableModel::SortRole).toInt(), 0);
}
