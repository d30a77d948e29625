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
#include <algorithm>

namespace TokenScope {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kMainSplitterKey = QStringLiteral("window/mainSplitter");
const QString kResultsSplitterKey = QStringLiteral("window/resultsSplitter");
const QString kRequestsSplitterKey = QStringLiteral("window/requestsSplitter");
const QString kSettingsPanelKey = QStringLiteral("window/settingsPanel");
const QString kRunSettingsKey = QStringLiteral("run/settings"); // RunConfig::toJson() of the form
const QString kPromptKey = QStringLiteral("run/prompt"); // toJson() keeps only the prompt's length

} // namespace

void WindowState::restore() const
{
    const QSettings settings;
    if (!window->restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
        // First start: as large as the screen allows, up to the size the layout was made for.
        const QRect screen = window->screen()->availableGeometry();
        window->resize(std::min(1500, screen.width()), std::min(950, screen.height()));
    }
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
    settings.setValue(kResultsSplitterKey, resultsSplitter->saveState());
    settings.setValue(kRequestsSplitterKey, requestsSplitter->saveState());
    settings.setValue(kSettingsPanelKey, settingsPanel->isChecked());
    RunConfig form;
    QString invalid;
    if (runSettings->applyTo(&form, &invalid)) { // a field that does not parse keeps the last good settings
        settings.setValue(kRunSettingsKey, QJsonDocument(form.toJson()).toJson(QJsonDocument::Compact));
        settings.setValue(kPromptKey, form.prompt);
    }
}

} // namespace TokenScope
