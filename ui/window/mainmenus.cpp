// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainmenus.h"

#include "language.h"
#include "theme.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace TokenScope {

MainMenus MainMenus::build(QMenuBar *bar, const QList<QAction *> &fileActions, QAction *importAction, QWidget *window)
{
    MainMenus menus;
    QMenu *file = bar->addMenu(tr("&File"));
    file->addActions(fileActions);
    if (importAction) {
        file->addSeparator();
        file->addAction(importAction);
    }
    file->addSeparator();
    menus.quit = file->addAction(tr("&Quit"));
    menus.quit->setShortcut(QKeySequence::Quit);

    QMenu *run = bar->addMenu(tr("&Run"));
    menus.run = run->addAction(tr("&Run"));
    menus.run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    menus.cancel = run->addAction(tr("&Cancel"));
    menus.cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    menus.abRun = run->addAction(tr("Run &A/B Interleaved…"));
    menus.abRun->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    run->addSeparator();
    menus.testConnection = run->addAction(tr("&Test Connection…"));
    menus.testConnection->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));

    QMenu *view = bar->addMenu(tr("&View"));
    menus.settingsPanel = view->addAction(tr("&Settings Panel"));
    menus.settingsPanel->setCheckable(true);
    menus.settingsPanel->setChecked(true);
    menus.settingsPanel->setShortcut(QKeySequence(Qt::Key_F9));
    menus.settingsPanel->setToolTip(tr("Show or hide the endpoint and run settings, for more room for the charts"));
    view->addSeparator();
    view->addMenu(createLanguageMenu(window));
    view->addMenu(createThemeMenu(window));

    QMenu *help = bar->addMenu(tr("&Help"));
    menus.metricsExplained = help->addAction(tr("&Metrics Explained"));
    menus.metricsExplained->setShortcut(QKeySequence::HelpContents);
    menus.keyboardShortcuts = help->addAction(tr("&Keyboard Shortcuts"));
    help->addSeparator();
    menus.about = help->addAction(tr("&About TokenScope"));
    return menus;
}

} // namespace TokenScope
