// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/runcontrols.h"

#include "mainwindow.h"
#include "outcomestyle.h"
#include "views/runstatus.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

QAction *settingsPanelAction(const MainWindow &window)
{
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->shortcut() == QKeySequence(Qt::Key_F9))
            return action;
    }
    return nullptr;
}

} // namespace

TEST(UiRunControls, ShowsTheWholeRunBesideTheBarAndHidesItOnceTheRunEnds)
{
    RunControls controls;
    controls.show();
    controls.beginRun();
    EXPECT_EQ(controls.progressBar()->format().toStdString(), "Starting…");
    EXPECT_FALSE(controls.overallLabel()->isVisible());
    controls.showProgress(
        { 1000, 450, QStringLiteral("Level 2 of 4 · c=4 · 3/8") }, QStringLiteral("Run 45% · about 1:20 left"));
    EXPECT_EQ(controls.progressBar()->value(), 450);
    EXPECT_TRUE(controls.overallLabel()->isVisible());
    EXPECT_EQ(controls.overallLabel()->text().toStdString(), "Run 45% · about 1:20 left");
    controls.showOutcome(Outcome::Completed, QStringLiteral("Completed"), true);
    EXPECT_EQ(controls.progressBar()->value(), controls.progressBar()->maximum());
    EXPECT_FALSE(controls.overallLabel()->isVisible());
}

TEST(UiRunControls, F9HidesTheFormsButNotRunCancelOrTheProgress)
{
    QSettings().clear();
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QAction *panel = settingsPanelAction(window);
    ASSERT_NE(panel, nullptr);
    auto *run = window.findChild<RunControls *>();
    ASSERT_NE(run, nullptr);

    panel->trigger();
    QCoreApplication::processEvents(); // the layouts place the moved controls
    EXPECT_FALSE(window.settingsTabs()->isVisible());
    EXPECT_TRUE(run->runButton()->isVisible());
    EXPECT_TRUE(run->cancelButton()->isVisible());
    EXPECT_TRUE(run->progressBar()->isVisible());
    // One row above the charts: as wide as the results, no taller than a button row.
    EXPECT_GT(run->width(), window.width() / 2);
    EXPECT_LT(run->height(), 3 * run->runButton()->sizeHint().height());

    panel->trigger();
    QCoreApplication::processEvents();
    EXPECT_TRUE(window.settingsTabs()->isVisible());
    EXPECT_TRUE(run->runButton()->isVisible());
    EXPECT_LT(run->width(), window.width() / 2); // back under the forms
    QSettings().clear();
}

TEST(UiRunControls, AnEndedRunKeepsItsOutcomeColourWhileF9MovesTheControls)
{
    QSettings().clear();
    // The Fusion themes set a style sheet, which repolishes a widget given a new parent.
    qApp->setStyleSheet(QStringLiteral("QScrollBar:vertical { width: 12px; }"));
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto *run = window.findChild<RunControls *>();
    run->showOutcome(Outcome::CompletedWithFailures, QStringLiteral("Completed with failures"), true);
    const QColor orange = outcomeColor(Outcome::CompletedWithFailures);
    for (const char *panelShown : { "hidden", "shown again" }) {
        settingsPanelAction(window)->trigger();
        QCoreApplication::processEvents();
        EXPECT_EQ(run->progressBar()->palette().color(QPalette::Highlight), orange) << panelShown;
    }
    qApp->setStyleSheet({});
    QSettings().clear();
}

TEST(UiRunControls, TheSettingsPanelHiddenAtTheLastQuitStartsHiddenWithRunInView)
{
    QSettings().clear();
    {
        MainWindow first;
        settingsPanelAction(first)->trigger();
    }
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_FALSE(window.settingsTabs()->isVisible());
    EXPECT_TRUE(window.findChild<RunControls *>()->runButton()->isVisible());
    QSettings().clear();
}
