// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/elidingstatusbar.h"

#include <QApplication>
#include <QHelpEvent>
#include <QLabel>
#include <QMainWindow>
#include <QTest>
#include <QToolTip>
#include <gtest/gtest.h>

using namespace TokenScope;

TEST(UiElidingStatusBar, ALongMessageEndsWithAnEllipsisAGapBeforeThePermanentWidgetsAndHoverSaysItAll)
{
    QMainWindow window;
    auto *bar = new ElidingStatusBar;
    window.setStatusBar(bar);
    auto *elapsed = new QLabel(QStringLiteral("In flight: 0  Elapsed 1:26"));
    bar->addPermanentWidget(elapsed);
    window.resize(500, 200);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));

    const QString whole = QStringLiteral("Run finished · Completed · 625 requests measured. The highest rate that met "
                                         "every constraint was 8.54 req/s.");
    bar->showMessage(whole);
    EXPECT_EQ(bar->currentMessage(), whole);
    const QString shown = bar->shownMessage();
    EXPECT_TRUE(shown.endsWith(QChar(0x2026))) << shown.toStdString();
    EXPECT_LE(bar->fontMetrics().horizontalAdvance(shown), bar->messageRoom().width());
    EXPECT_LE(bar->messageRoom().right() + ElidingStatusBar::kGapPx, elapsed->x());

    const QPoint inMessage = bar->messageRoom().center();
    QHelpEvent hover(QEvent::ToolTip, inMessage, bar->mapToGlobal(inMessage));
    QApplication::sendEvent(bar, &hover);
    EXPECT_EQ(QToolTip::text(), whole);
    QToolTip::hideText();

    bar->showMessage(QStringLiteral("Idle"));
    EXPECT_EQ(bar->shownMessage(), QStringLiteral("Idle")); // a message that fits is drawn whole
}
