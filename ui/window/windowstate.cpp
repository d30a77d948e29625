// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "windowstate.h"

#include "core/runconfig.h"
#include "runsettingsform.h"

#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <algorithm>

namespace TokenScope {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kMainSplitterKey = QStringLiteral("window/mainSplitter");
const QString kResultsSplitterKey = QStringLiteral("window/resultsSplitter");
// The Requests table and its drill-down stand side by side: a key of their own, so a state saved
// when they were stacked (QSplitter::saveState() holds the orientation) is not restored over it.
const QString kRequestsSplitterKey = QStringLiteral("window/requestsSplitterSideBySide");
const QString kSettingsPanelKey = QStringLiteral("window/settingsPanel");
const QString kRunSettingsKey = QStringLiteral("run/settings"); // RunConfig::toJson() of the form
const QString kPromptKey = QStringLiteral("run/prompt"); // toJson() keeps only the prompt's length

// A pane hidden for the moment would be saved at no height and come back squeezed.
QByteArray stateWithEveryPaneShown(QSplitter *splitter)
{
    QList<QWidget *> hidden;
    for (int i = 0; i < splitter->count(); ++i) {
        if (splitter->widget(i)->isHidden())
            hidden.append(splitter->widget(i));
    }
    for (QWidget *w : std::as_const(hidden))
        w->show();
    const QByteArray state = splitter->saveState();
    for (QWidget *w : std::as_const(hidden))
        w->hide();
    return state;
}

} // namespace

void WindowState::restore() const
{
    const QSettings settings;
    if (!window->restoreGeometry(settings.value(kGeometryKey).toByteArray()))
        window->resize(1500, 950); // first start: the size the layout was made for, where the screen has room
    fitToScreen(window);
    mainSplitter->restoreState(settings.value(kMainSplitterKey).toByteArray());
    resultsSplitter->restoreState(settings.value(kResultsSplitterKey).toByteArray());
    requestsSplitter->restoreState(settings.value(kRequestsSplitterKey).toByteArray());
    settingsPanel->setChecked(settings.value(kSettingsPanelKey, true).toBool());
    const QJsonObject saved = QJsonDocument::fromJson(settings.value(kRunSettingsKey).toByteArray()).object();
    if (!saved.isEmpty()) {
        RunConfig config = RunConfig::fromJson(saved);
        config.prompt = settings.value(kPromptKey, runSettings->promptText()).toString();
        runSettings->load(config);
    }
}

void WindowState::save() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, window->saveGeometry());
    settings.setValue(kMainSplitterKey, mainSplitter->saveState());
    // The live charts step aside while Compare is shown: their height is kept, not a hidden pane's.
    settings.setValue(kResultsSplitterKey, stateWithEveryPaneShown(resultsSplitter));
    settings.setValue(kRequestsSplitterKey, requestsSplitter->saveState());
    settings.setValue(kSettingsPanelKey, settingsPanel->isChecked());
    RunConfig form;
    QString invalid;
    if (runSettings->applyTo(&form, &invalid)) { // a field that does not parse keeps the last good settings
        settings.setValue(kRunSettingsKey, QJsonDocument(form.toJson()).toJson(QJsonDocument::Compact));
        settings.setValue(kPromptKey, form.prompt);
    }
}

QRect fittedClientGeometry(const QRect &client, const QMargins &frame, const QRect &available)
{
    const QRect room = available.marginsRemoved(frame);
    QRect fitted(client.topLeft(), client.size().boundedTo(room.size()));
    // Moved in from the right and bottom first, then from the left and top, which win.
    fitted.moveRight(std::min(fitted.right(), room.right()));
    fitted.moveBottom(std::min(fitted.bottom(), room.bottom()));
    fitted.moveLeft(std::max(fitted.left(), room.left()));
    fitted.moveTop(std::max(fitted.top(), room.top()));
    return fitted;
}

void fitToScreen(QWidget *window)
{
    if (window->isMaximized() || window->isFullScreen())
        return; // the window manager fits these itself
    const QRect frameRect = window->frameGeometry();
    const QRect client = window->geometry();
    QMargins frame(client.left() - frameRect.left(), client.top() - frameRect.top(), frameRect.right() - client.right(),
        frameRect.bottom() - client.bottom());
    const QRect available = window->screen()->availableGeometry();
    if (!window->isVisible()) {
        // Not framed yet: only the size is fitted, so that the window manager still places the
        // window; once shown the frame is known and the position is fitted too.
        frame.setTop(std::max(frame.top(), window->style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, window)));
        window->resize(fittedClientGeometry(client, frame, available).size());
        return;
    }
    const QRect fitted = fittedClientGeometry(client, frame, available);
    if (fitted != client)
        window->setGeometry(fitted);
}

} // namespace TokenScope
