// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>

class QAction;
class QMenuBar;
class QWidget;

namespace TokenScope {

/// The window's menu bar: File, Run, View (with the language and theme menus) and Help, each action with its
/// shortcut. The menus only make the actions; the window connects them to what they do.
struct MainMenus
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::MainWindow)
public:
    QAction *quit = nullptr;
    QAction *run = nullptr;
    QAction *cancel = nullptr;
    QAction *abRun = nullptr;
    QAction *testConnection = nullptr;
    QAction *settingsPanel = nullptr; ///< checkable, checked: the settings panel shows
    QAction *metricsExplained = nullptr;
    QAction *keyboardShortcuts = nullptr;
    QAction *about = nullptr;

    /// Fills `bar` of `window`: File lists `fileActions` (the exports), then `importAction` when
    /// there is one, then Quit.
    static MainMenus build(QMenuBar *bar, const QList<QAction *> &fileActions, QAction *importAction, QWidget *window);
};

} // namespace TokenScope
