// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

class QDialog;
class QWidget;

namespace TokenScope {

// QInputDialog's getText() and getItem(), in dialogs wide enough for their titles: a window manager
// draws the title in the frame beside its buttons, and a dialog only as wide as its field showed
// "Duplic… profile".

/// Asks for one line of text, `text` filled in; `*ok` says whether the user pressed OK.
QString askForText(QWidget *parent, const QString &title, const QString &label, const QString &text, bool *ok);
/// Asks to pick one of `items` (the first preselected); `*ok` says whether the user pressed OK.
QString askForItem(QWidget *parent, const QString &title, const QString &label, const QStringList &items, bool *ok);

/// Makes `dialog` at least as wide as its window title needs in a title bar (a bold font, the
/// frame's buttons beside it).
void widenForTitle(QDialog *dialog);

} // namespace TokenScope
