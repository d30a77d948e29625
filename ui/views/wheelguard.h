// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QScrollArea;
class QWidget;

namespace TokenScope {

/// Keeps the mouse wheel for scrolling over the spin boxes and combo boxes in `content` (a
/// settings panel inside a scroll area): one of them takes the wheel only once it has the focus
/// (a click or Tab), so scrolling past max_tokens no longer changes it. Call once the panel's
/// fields exist; GUI thread.
void keepWheelForScrolling(QWidget *content);

/// `content` (a settings panel) at its natural height on top of a frameless scroll area, scrolling
/// when the window is too short for it, the wheel kept for scrolling (keepWheelForScrolling()).
QScrollArea *scrollable(QWidget *content);

} // namespace TokenScope
