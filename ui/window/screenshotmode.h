// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace TokenScope {

class MainWindow;

/// Screenshot mode (`tokenscope --screenshot FILE`, `--screenshots DIR`): once the window's run has
/// ended, it saves the window and quits the application, with 1 when an image could not be written.
/// It drives the window from outside, through the views the window exposes.
class ScreenshotMode
{
public:
    /// Saves the window as `file` and/or one image per view into `dir` after the next run ends (an
    /// empty name: not that one). False when both are empty: screenshot mode is off.
    static bool arm(MainWindow *window, const QString &file, const QString &dir);
    /// Saves the window once per view as PNGs in `dir`, for the README: main-window (the timeline),
    /// ttft-histogram, itl-histogram, throughput, serving-curve, by-turn, requests (its first row open) and
    /// run-settings (the run settings beside the serving curve). False when one could not be written.
    static bool saveViews(MainWindow *window, const QString &dir);
};

} // namespace TokenScope
