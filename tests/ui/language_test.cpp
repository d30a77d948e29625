// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped Simplified Chinese translation loads and translates the window (View → Language,
// README.md#a-five-minute-tour).
#include "language.h"
#include "mainwindow.h"
#include "stats/significancetext.h"

#include <QApplication>
#include <QMenuBar>
#include <QSettings>
#include <QTranslator>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// Removes the translators a test installed, so later tests see English again.
struct EnglishAfterwards {
    ~EnglishAfterwards()
    {
        for (QTranslator *t : qApp->findChildren<QTranslator *>()) {
            QApplication::removeTranslator(t);
            delete t;
        }
        setChosenLanguage(QStringLiteral("system"));
        QLocale::setDefault(QLocale::c());
    }
};

QStringList menuTitles(const MainWindow &window)
{
    QStringList titles;
    for (QAction *action : window.menuBar()->actions())
        titles.append(action->text());
    return titles;
}

} // namespace

TEST(UiLanguage, ChoosingSimplifiedChineseTranslatesTheWindow)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(chosenLanguage(), QStringLiteral("zh_CN"));
    ASSERT_EQ(installTranslators(), QStringLiteral("zh_CN")) << "the .qm is compiled into the binary";
    const MainWindow window;
    const QStringList titles = menuTitles(window);
    EXPECT_TRUE(titles.contains(QStringLiteral("文件(&F)"))) << titles.join(u' ').toStdString();
    EXPECT_NE(MainWindow::tr("Run"), QStringLiteral("Run"));
}

TEST(UiLanguage, EnglishLoadsNoTranslation)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("en"));
    EXPECT_EQ(installTranslators(), QStringLiteral("en"));
    const MainWindow window;
    EXPECT_TRUE(menuTitles(window).contains(QStringLiteral("&File")));
}

// The Compare tab's judgement of a figure (docs/history-and-compare.md#4-the-compare-tab) reads in
// Chinese, the intervals' verdict and the 5 % band's reason alike.
TEST(UiLanguage, CompareJudgementsReadInSimplifiedChinese)
{
    EnglishAfterwards restore;
    setChosenLanguage(QStringLiteral("zh_CN"));
    ASSERT_EQ(installTranslators(), QStringLiteral("zh_CN"));
    Compare::DeltaCell cell;
    cell.baseline = 100;
    cell.other = 112;
    cell.absolute = 12;
    cell.percent = 12;
    cell.baselineCi = { 90, 110, true };
    cell.otherCi = { 101, 123, true };
    EXPECT_EQ(SignificanceText::sentence(cell, Compare::DeltaMetric::TtftP50, QStringLiteral("B")),
        QStringLiteral("TTFT P50 在 B 中高 12%，差异在噪声范围内（95 % 区间 [90, 110] 与 [101, 123] 重叠）。"));
    cell.baselineCi = {};
    cell.missing = Compare::MissingInterval::TooFewSamples;
    EXPECT_EQ(SignificanceText::fallbackNote(cell), QStringLiteral("无区间（样本太少）：按 5% 的范围判断"));
}
