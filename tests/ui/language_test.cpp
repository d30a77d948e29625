// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped Simplified Chinese translation loads and translates the window (View → Language,
// README.md#a-five-minute-tour).
#include "language.h"
#include "mainwindow.h"

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
