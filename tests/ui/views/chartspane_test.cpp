// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/chartspane.h"

#include "charts/byturnchart.h"
#include "charts/histogramchart.h"
#include "charts/servingcurvechart.h"
#include "charts/tokentimelinechart.h"

#include <QApplication>
#include <QComboBox>
#include <QKeySequence>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

QStringList pickerTexts(const ChartsPane &pane)
{
    const auto *picker = pane.findChild<QComboBox *>(QStringLiteral("levelPicker"));
    QStringList texts;
    for (int i = 0; picker && i < picker->count(); ++i)
        texts.append(picker->itemText(i));
    return texts;
}

RunConfig configOf(const QList<int> &levels)
{
    RunConfig config;
    config.model = QStringLiteral("m");
    config.concurrencyLevels = levels;
    return config;
}

} // namespace

TEST(UiChartsPane, ARunStartsOnAllItsLevelsWithEveryChartNamedAfterIt)
{
    ChartsPane pane;
    ASSERT_EQ(pane.count(), 6);
    EXPECT_EQ(pane.indexOf(pane.timeline()), 0);
    EXPECT_EQ(pane.indexOf(pane.servingCurve()), 4);
    EXPECT_EQ(pane.indexOf(pane.byTurn()), 5);
    pane.beginRun(configOf({ 1, 4 }), 1, QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5)));
    EXPECT_EQ(pickerTexts(pane),
        (QStringList { QStringLiteral("All levels"), QStringLiteral("c=1"), QStringLiteral("c=4") }));
    EXPECT_EQ(pane.ttftHistogram()->runLabel(), QStringLiteral("m, 2026-01-02 03:04:05"));
    EXPECT_EQ(pane.timeline()->levelFilter(), -1);

    pane.showLevel(1);
    EXPECT_EQ(pane.timeline()->levelFilter(), 1);
    EXPECT_EQ(pane.ttftHistogram()->levelFilter(), 1);
    EXPECT_EQ(pane.itlHistogram()->levelFilter(), 1);
    pane.showLevel(7); // not a level of this run: all of them
    EXPECT_EQ(pane.timeline()->levelFilter(), -1);
}

// A sweep chooses its levels as it goes: each joins the picker when it begins, and a repeat of a
// load already run is named with its position.
TEST(UiChartsPane, ALevelThatBeginsJoinsThePicker)
{
    ChartsPane pane;
    pane.beginRun(configOf({ 2 }), 1, QDateTime::currentDateTime());
    pane.addLevel(LoadPoint::closedLoop(2, 0)); // known already: nothing changes
    EXPECT_EQ(pane.levelPoints().size(), 1);
    pane.addLevel(LoadPoint::closedLoop(2, 2));
    EXPECT_EQ(pickerTexts(pane),
        (QStringList { QStringLiteral("All levels"), QStringLiteral("c=2 · level 1"), QStringLiteral("Level 2"),
            QStringLiteral("c=2 · level 3") }));
    pane.addLevel(LoadPoint::closedLoop(5, -1)); // the warm-up is no level
    EXPECT_EQ(pane.levelPoints().size(), 3);
}

// A stored run whose records reach beyond its listed levels (a sweep's chosen ones, stored before
// their points were) offers those levels by their position.
TEST(UiChartsPane, AStoredRunOffersTheLevelsItsRecordsReach)
{
    RunResult run;
    run.config = configOf({ 1 });
    RequestRecord record;
    record.levelIndex = 2;
    run.records.append(record);
    record.levelIndex = 5;
    record.warmup = true; // a warm-up reaches no level
    run.records.append(record);
    ChartsPane pane;
    pane.setRun(run);
    EXPECT_EQ(pickerTexts(pane),
        (QStringList { QStringLiteral("All levels"), QStringLiteral("c=1"), QStringLiteral("Level 2"),
            QStringLiteral("Level 3") }));
}

// The charts without the mouse: Alt+1…6 picks one from anywhere in the window, Ctrl+PgUp/PgDn steps
// through them, and each tab's tooltip says so.
TEST(UiChartsPane, KeysSwitchTheChartTabs)
{
    ChartsPane pane;
    pane.show();
    QApplication::setActiveWindow(&pane);
    ASSERT_TRUE(QTest::qWaitForWindowActive(&pane));
    pane.timeline()->setFocus();
    QTest::keyClick(pane.timeline(), Qt::Key_3, Qt::AltModifier);
    EXPECT_EQ(pane.currentIndex(), 2);
    QTest::keyClick(pane.currentWidget(), Qt::Key_PageDown, Qt::ControlModifier);
    EXPECT_EQ(pane.currentIndex(), 3);
    QTest::keyClick(pane.currentWidget(), Qt::Key_PageUp, Qt::ControlModifier);
    QTest::keyClick(pane.currentWidget(), Qt::Key_PageUp, Qt::ControlModifier);
    EXPECT_EQ(pane.currentIndex(), 1);
    QTest::keyClick(pane.currentWidget(), Qt::Key_5, Qt::AltModifier);
    EXPECT_EQ(pane.currentWidget(), pane.servingCurve());
    QTest::keyClick(pane.currentWidget(), Qt::Key_6, Qt::AltModifier);
    EXPECT_EQ(pane.currentWidget(), pane.byTurn());
    QTest::keyClick(pane.currentWidget(), Qt::Key_PageDown, Qt::ControlModifier); // round to the first
    EXPECT_EQ(pane.currentIndex(), 0);
    for (int tab = 0; tab < pane.count(); ++tab) {
        const QString tip = pane.tabToolTip(tab);
        EXPECT_TRUE(tip.contains(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + tab)).toString(QKeySequence::NativeText)))
            << tip.toStdString();
        EXPECT_TRUE(tip.contains(QKeySequence(Qt::CTRL | Qt::Key_PageDown).toString(QKeySequence::NativeText)))
            << tip.toStdString();
    }
    EXPECT_TRUE(pane.tabToolTip(0).contains(QStringLiteral("Shift+wheel")));
}
