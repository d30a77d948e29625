// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QAction;
class QMainWindow;
class QSplitter;

namespace TokenScope {

class RunSettingsForm;

/// What a restart (the language switch's too) keeps of the window, in QSettings: its geometry, its
/// splitters, whether the settings panel shows, and the run settings with their prompt. The
/// profile is kept by ProfileStore.
struct WindowState
{
    QMainWindow *window;
    QSplitter *mainSplitter;
    QSplitter *resultsSplitter;
    QSplitter *requestsSplitter;
    QAction *settingsPanel; ///< checkable
    RunSettingsForm *runSettings;

    /// Restores what save() kept; a first start sizes the window to the screen.
    void restore() const;
    /// Keeps the run settings only when every field parses (else the last good ones stay).
    void save() const;
};

} // namespace TokenScope
