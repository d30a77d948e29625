// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMargins>
#include <QRect>

class QAction;
class QMainWindow;
class QSplitter;
class QWidget;

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

    /// Restores what save() kept; a first start sizes the window to the screen. Either way the
    /// window then fits the screen it opens on (fitToScreen()).
    void restore() const;
    /// Keeps the run settings only when every field parses (else the last good ones stay).
    void save() const;
};

/// The client geometry that puts `client`, with its window frame's `frame` margins around it,
/// inside `available` (a screen's available geometry): no larger than `available` less the
/// margins, and moved in by as little as it takes. A frame larger than `available` keeps its top
/// left corner at `available`'s, so the title bar stays reachable.
QRect fittedClientGeometry(const QRect &client, const QMargins &frame, const QRect &available);

/// Shrinks and moves `window` so that its frame (title bar and borders included) fits the
/// available geometry of the screen it is on: a size saved on a bigger screen, or a first start at
/// the screen's full height, would put the status bar and the Run button off-screen. Before the
/// window manager has framed the window, a title bar of the style's height is assumed.
void fitToScreen(QWidget *window);

} // namespace TokenScope
