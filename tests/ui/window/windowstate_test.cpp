// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowstate.h"

#include "mainwindow.h"

#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;

TEST(UiWindowFit, AFrameLargerThanTheScreenShrinksToItWithItsMargins)
{
    const QRect laptop(0, 0, 1366, 768);
    const QMargins frame(1, 30, 1, 1); // a title bar and thin borders
    const QRect fitted = fittedClientGeometry(QRect(0, 0, 1600, 1000), frame, laptop);
    EXPECT_EQ(fitted, QRect(1, 30, 1364, 737));
    EXPECT_TRUE(laptop.contains(fitted.marginsAdded(frame)));
}

TEST(UiWindowFit, AWindowThatFitsIsMovedInByAsLittleAsItTakes)
{
    const QRect screen(0, 0, 1366, 768);
    const QMargins none;
    EXPECT_EQ(fittedClientGeometry(QRect(100, 50, 800, 600), none, screen), QRect(100, 50, 800, 600));
    // Off the right and bottom edges: moved back, its size kept.
    EXPECT_EQ(fittedClientGeometry(QRect(1000, 500, 800, 600), none, screen), QRect(566, 168, 800, 600));
    // A second screen to the right, with a panel at its top: the available geometry, not the screen's.
    const QRect right(1366, 32, 1920, 1048);
    EXPECT_EQ(fittedClientGeometry(QRect(0, 0, 800, 600), none, right), QRect(1366, 32, 800, 600));
}

// The offscreen platform's screen (800x800) stands in for a laptop smaller than the size saved.
TEST(UiWindowFit, ASizeSavedOnABiggerScreenIsRestoredInsideThisOneWithItsStatusBar)
{
    QSettings().clear();
    {
        MainWindow big;
        big.resize(1600, 1000);
        EXPECT_EQ(big.size(), QSize(1600, 1000));
    } // the window saves its geometry as it goes
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    fitToScreen(&window);
    const QRect available = window.screen()->availableGeometry();
    ASSERT_LT(available.height(), 1000);
    EXPECT_TRUE(available.contains(window.frameGeometry()))
        << window.frameGeometry().width() << "x" << window.frameGeometry().height();
    const QRect statusBar(window.statusBar()->mapToGlobal(QPoint(0, 0)), window.statusBar()->size());
    EXPECT_TRUE(window.statusBar()->isVisible());
    EXPECT_TRUE(available.contains(statusBar));
    QSettings().clear();
}

TEST(UiWindowFit, AFirstStartFitsTheScreenItOpensOn)
{
    QSettings().clear();
    MainWindow window;
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    fitToScreen(&window);
    const QRect available = window.screen()->availableGeometry();
    EXPECT_TRUE(available.contains(window.frameGeometry()));
    EXPECT_LE(window.height(), available.height());
    QSettings().clear();
}
