// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparetab.h"

#include "compareview.h"

#include <QEvent>
#include <QLabel>
#include <QShowEvent>
#include <QTimer>
#include <algorithm>

namespace TokenScope {

CompareTab::CompareTab(CompareView *view, QWidget *makesRoom, QWidget *parent)
    : QScrollArea(parent)
    , m_makesRoom(makesRoom)
{
    setWidget(view);
    setFrameShape(QFrame::NoFrame);
    view->installEventFilter(this);
}

// The view fills the page when the page holds its minimum, and only then: QScrollArea's own
// resizing (widgetResizable) gives a view with wrapped labels its preferred height, so it scrolled
// at any window height. A layout's minimum counts a wrapped label as one line, so the lines the
// labels wrap to at their width are added; a page below that scrolls the view at its preferred
// height, where nothing is squeezed.
void CompareTab::fitView()
{
    QWidget *view = widget();
    int wrapped = 0;
    const QList<QLabel *> labels = view->findChildren<QLabel *>();
    for (const QLabel *label : labels) {
        if (label->wordWrap() && label->isVisibleTo(view) && label->width() > 0)
            wrapped += std::max(0, label->heightForWidth(label->width()) - label->minimumSizeHint().height());
    }
    const QSize least = view->minimumSizeHint() + QSize(0, wrapped);
    const int width = std::max(viewport()->width(), least.width());
    const int height = viewport()->height() >= least.height() ? viewport()->height()
                                                              : std::max(least.height(), view->heightForWidth(width));
    view->resize(width, height);
}

// A new comparison changes the labels and the tables: the view is fitted again.
bool CompareTab::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        QTimer::singleShot(0, this, &CompareTab::fitView);
    return QScrollArea::eventFilter(watched, event);
}

void CompareTab::resizeEvent(QResizeEvent *event)
{
    QScrollArea::resizeEvent(event);
    fitView();
}

void CompareTab::showEvent(QShowEvent *event)
{
    // Only when the tab is chosen, not when a minimized window comes back with it.
    if (m_makesRoom && !event->spontaneous())
        m_makesRoom->hide();
    QScrollArea::showEvent(event);
    fitView();
}

void CompareTab::hideEvent(QHideEvent *event)
{
    if (m_makesRoom && !event->spontaneous())
        m_makesRoom->show();
    QScrollArea::hideEvent(event);
}

} // namespace TokenScope
