// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshotmode.h"

#include "charts/servingcurvechart.h"
#include "mainwindow.h"
#include "views/chartspane.h"
#include "views/requestspane.h"

#include <QApplication>
#include <QDir>
#include <QPixmap>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>

namespace TokenScope {

bool ScreenshotMode::arm(MainWindow *window, const QString &file, const QString &dir)
{
    // Each waits a moment after the run: the last refresh and the table's resize settle first.
    if (!file.isEmpty()) {
        QObject::connect(window, &MainWindow::runEnded, window, [window, file] {
            QTimer::singleShot(300, window, [window, file] { QApplication::exit(window->grab().save(file) ? 0 : 1); });
        });
    }
    if (!dir.isEmpty()) {
        QObject::connect(window, &MainWindow::runEnded, window, [window, dir] {
            QTimer::singleShot(300, window, [window, dir] { QApplication::exit(saveViews(window, dir) ? 0 : 1); });
        });
    }
    return !file.isEmpty() || !dir.isEmpty();
}

bool ScreenshotMode::saveViews(MainWindow *window, const QString &dir)
{
    const auto shoot = [window, &dir](const QString &name) {
        QCoreApplication::processEvents();
        return window->grab().save(QDir(dir).filePath(name));
    };
    QDir().mkpath(dir);
    window->runsView()->resizeColumnsToContents(); // the header's own resize may still be pending
    ChartsPane *charts = window->chartsPane();
    const QStringList chartShots { QStringLiteral("main-window.png"), QStringLiteral("ttft-histogram.png"),
        QStringLiteral("itl-histogram.png"), QStringLiteral("throughput.png"), QStringLiteral("serving-curve.png"),
        QStringLiteral("by-turn.png") };
    bool saved = true;
    for (int tab = 0; tab < charts->count() && tab < chartShots.size(); ++tab) {
        charts->setCurrentIndex(tab);
        saved = shoot(chartShots.at(tab)) && saved;
    }
    charts->setCurrentIndex(0);
    QTabWidget *results = window->resultTabs();
    results->setCurrentWidget(window->requestsPane());
    window->requestsPane()->tableView()->selectRow(0);
    saved = shoot(QStringLiteral("requests.png")) && saved;
    results->setCurrentIndex(0);
    // The run settings (their Load section) beside the serving curve.
    QTabWidget *settings = window->settingsTabs();
    const int settingsTab = settings->currentIndex();
    settings->setCurrentIndex(1);
    charts->setCurrentWidget(charts->servingCurve());
    saved = shoot(QStringLiteral("run-settings.png")) && saved;
    settings->setCurrentIndex(settingsTab);
    charts->setCurrentIndex(0);
    return saved;
}

} // namespace TokenScope
