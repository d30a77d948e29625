// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "elidingstatusbar.h"

#include <QHelpEvent>
#include <QPainter>
#include <QStyleOption>
#include <QToolTip>
#include <algorithm>

namespace TokenScope {

QRect ElidingStatusBar::messageRoom() const
{
    constexpr int kLeftPx = 6; // where QStatusBar itself starts its message
    int right = width() - kGapPx;
    for (const QWidget *child : findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isVisible() && !child->isWindow()) // not a tooltip shown for it
            right = std::min(right, child->x() - kGapPx);
    }
    return QRect(kLeftPx, 0, std::max(0, right - kLeftPx), height());
}

QString ElidingStatusBar::shownMessage() const
{
    return fontMetrics().elidedText(currentMessage(), Qt::ElideRight, messageRoom().width());
}

void ElidingStatusBar::paintEvent(QPaintEvent *event)
{
    if (currentMessage().isEmpty()) {
        QStatusBar::paintEvent(event);
        return;
    }
    // The message drawn here, cut to its room; the widgets beside it paint themselves.
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
    painter.setPen(palette().windowText().color());
    painter.drawText(messageRoom(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownMessage());
}

bool ElidingStatusBar::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        if (shownMessage() != currentMessage() && messageRoom().contains(help->pos())) {
            QToolTip::showText(help->globalPos(), currentMessage(), this);
            return true;
        }
    }
    return QStatusBar::event(event);
}

} // namespace TokenScope
