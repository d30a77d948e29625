// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wheelguard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QWidget>

namespace TokenScope {

namespace {

/// Hands a wheel event over an unfocused field to the field's parent, so that it reaches the
/// scroll area as if the field were not there.
class WheelGuard : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *field = qobject_cast<QWidget *>(watched);
        if (event->type() != QEvent::Wheel || !field || field->hasFocus() || !field->parentWidget())
            return QObject::eventFilter(watched, event);
        QCoreApplication::sendEvent(field->parentWidget(), event);
        return true;
    }
};

template<typename Field>
void guard(QWidget *content, WheelGuard *guard)
{
    const QList<Field *> fields = content->findChildren<Field *>();
    for (Field *field : fields) {
        field->setFocusPolicy(Qt::StrongFocus); // the wheel alone gives it no focus
        field->installEventFilter(guard);
    }
}

} // namespace

void keepWheelForScrolling(QWidget *content)
{
    auto *wheelGuard = new WheelGuard(content);
    guard<QAbstractSpinBox>(content, wheelGuard);
    guard<QComboBox>(content, wheelGuard);
}

QScrollArea *scrollable(QWidget *content)
{
    auto *holder = new QWidget;
    auto *layout = new QVBoxLayout(holder);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(content);
    layout->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidget(holder);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    keepWheelForScrolling(content);
    return scroll;
}

} // namespace TokenScope
