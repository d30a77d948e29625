// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/screenshotmode.h"

#include "mainwindow.h"
#include "views/chartspane.h"

#include <QDir>
#include <QImage>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;

// `tokenscope --screenshots DIR` writes one image per view, under the names the README uses, and
// leaves the window on the timeline and the tabs it had.
TEST(UiScreenshotMode, SavesOneImagePerViewUnderTheReadmesNames)
{
    QSettings().clear();
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    for (QLineEdit *edit : window.findChildren<QLineEdit *>()) {
        if (edit->text() == QStringLiteral("1,4,8,16"))
            edit->setText(QStringLiteral("2"));
    }
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            s->setValue(16);
    }
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString shots = dir.filePath(QStringLiteral("shots")); // made when missing
    ASSERT_TRUE(ScreenshotMode::saveViews(&window, shots));
    const QStringList names = QStringLiteral("by-turn.png itl-histogram.png main-window.png requests.png "
                                             "run-settings.png serving-curve.png throughput.png ttft-histogram.png")
                                  .split(u' ');
    EXPECT_EQ(QDir(shots).entryList(QDir::Files, QDir::Name), names);
    for (const QString &name : names)
        EXPECT_EQ(QImage(QDir(shots).filePath(name)).size(), window.size()) << name.toStdString();
    EXPECT_EQ(window.chartsPane()->currentIndex(), 0);
    EXPECT_EQ(window.resultTabs()->currentIndex(), 0);
    EXPECT_EQ(window.settingsTabs()->currentIndex(), 0);
    QSettings().clear();
}

TEST(UiScreenshotMode, IsOffWithoutAFileOrADirectory)
{
    MainWindow window;
    EXPECT_FALSE(ScreenshotMode::arm(&window, {}, {}));
    EXPECT_TRUE(ScreenshotMode::arm(&window, {}, QDir::tempPath()));
}
