// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QWidget;

namespace TokenScope {

/// Help > Metrics explained: what each figure means and where it starts and stops, in short
/// (the full definitions are in docs/metrics.md). The HTML, for the dialog and for tests.
QString metricsExplainedHtml();
void showMetricsExplained(QWidget *parent);

/// Help > Keyboard shortcuts: every action of `window` that has a shortcut, by menu, and the
/// mouse gestures of the charts.
QString keyboardShortcutsHtml(const QWidget *window);
void showKeyboardShortcuts(QWidget *window);

/// Help > About TokenScope: the version, what it measures, the license.
void showAbout(QWidget *parent);

} // namespace TokenScope
