// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "textprompt.h"

#include <QComboBox>
#include <QFontMetrics>
#include <QInputDialog>
#include <QLayout>
#include <QLineEdit>

#include <algorithm>

namespace TokenScope {

namespace {

constexpr int kMinWidthPx = 360;
constexpr int kFrameButtonsPx = 160; // a title bar's icon, close, minimise and maximise buttons, and padding

bool accepted(QInputDialog *dialog)
{
    dialog->minimumSizeHint(); // makes its layout and fields, which it otherwise makes when it shows
    widenForTitle(dialog);
    return dialog->exec() == QDialog::Accepted;
}

} // namespace

void widenForTitle(QDialog *dialog)
{
    QFont titleFont = dialog->font();
    titleFont.setBold(true);
    const int needed
        = std::max(QFontMetrics(titleFont).horizontalAdvance(dialog->windowTitle()) + kFrameButtonsPx, kMinWidthPx);
    dialog->setMinimumWidth(std::max(dialog->minimumWidth(), needed));
    // QInputDialog sizes itself to its layout (SetMinAndMaxSize) when it shows, which undoes a minimum
    // width set on the dialog: its fields carry the width instead.
    int margins = 0;
    if (const QLayout *layout = dialog->layout())
        margins = layout->contentsMargins().left() + layout->contentsMargins().right();
    for (QWidget *field : dialog->findChildren<QWidget *>()) {
        if (qobject_cast<QLineEdit *>(field) || qobject_cast<QComboBox *>(field))
            field->setMinimumWidth(std::max(field->minimumWidth(), needed - margins));
    }
}

QString askForText(QWidget *parent, const QString &title, const QString &label, const QString &text, bool *ok)
{
    QInputDialog dialog(parent);
    dialog.setWindowTitle(title);
    dialog.setLabelText(label);
    dialog.setInputMode(QInputDialog::TextInput);
    dialog.setTextValue(text);
    *ok = accepted(&dialog);
    return dialog.textValue();
}

QString askForItem(QWidget *parent, const QString &title, const QString &label, const QStringList &items, bool *ok)
{
    QInputDialog dialog(parent);
    dialog.setWindowTitle(title);
    dialog.setLabelText(label);
    dialog.setComboBoxItems(items);
    dialog.setComboBoxEditable(false);
    dialog.setTextValue(items.value(0));
    *ok = accepted(&dialog);
    return dialog.textValue();
}

} // namespace TokenScope
