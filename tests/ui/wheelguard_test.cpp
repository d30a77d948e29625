// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Scrolling the window's settings panel with the wheel leaves its fields alone: max_tokens went
// from 256 to 251 under the pointer while a user scrolled (seen at 1366x768).
#include "mainwindow.h"

#include <QApplication>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QWheelEvent>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

QSpinBox *maxTokensBox(const MainWindow &window)
{
    const QList<QSpinBox *> boxes = window.findChildren<QSpinBox *>();
    for (QSpinBox *box : boxes) {
        if (box->maximum() == 1000000 && box->value() == 256)
            return box;
    }
    return nullptr;
}

void wheelDown(QWidget *widget)
{
    const QPointF at(widget->width() / 2.0, widget->height() / 2.0);
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
        Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

} // namespace

TEST(UiWheelGuard, TheWheelScrollsPastAFieldAndChangesItOnlyOnceItHasTheFocus)
{
    QSettings().clear();
    MainWindow window;
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QSpinBox *maxTokens = maxTokensBox(window);
    ASSERT_NE(maxTokens, nullptr);
    window.setFocus();
    ASSERT_FALSE(maxTokens->hasFocus());
    for (int i = 0; i < 5; ++i)
        wheelDown(maxTokens);
    EXPECT_EQ(maxTokens->value(), 256) << "scrolling over it changed it";
    EXPECT_EQ(maxTokens->focusPolicy(), Qt::StrongFocus);

    maxTokens->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([maxTokens] { return maxTokens->hasFocus(); }, 2000));
    wheelDown(maxTokens);
    EXPECT_EQ(maxTokens->value(), 255) << "a focused field takes the wheel as before";
    QSettings().clear();
}
