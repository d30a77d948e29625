// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparetab.h"

#include "compareview.h"

#include <QShowEvent>
#include <algorithm>

namespace TokenScope {

CompareTab::CompareTab(CompareView *view, QWidget *makesRoom, QWidget *parent)
    : QScrollArea(parent)
    , m_makesRoom(makesRoom)
{
    setWidget(view);
    setFrameShape(QFrame::NoFrame);
}

// The view fills the page and shrinks down to its minimum before the page scrolls. QScrollArea's
// own resizing (widgetResizable) sizes a view with wrapped labels for its preferred height, so it
// scrolled at any window height.
void CompareTab::fitView()
{
    QWidget *view = widget();
    const QSize least = view->minimumSizeHint();
    view->resize(std::max(viewport()->width(), least.width()), std::max(viewport()->height(), least.height()));
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
