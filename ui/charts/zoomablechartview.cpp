// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "zoomablechartview.h"

#include <QChart>
#include <QMouseEvent>
#include <QWheelEvent>

namespace TokenScope {

ZoomableChartView::ZoomableChartView(QWidget *parent)
    : QChartView(parent)
{
}

void ZoomableChartView::resetZoom()
{
    if (!m_zoom)
        return;
    m_zoom.reset();
    zoomChanged(ZoomChange::Reset);
}

std::optional<QPointF> ZoomableChartView::hoverPosition() const
{
    if (m_dragFrom)
        return std::nullopt;
    return m_hoverPos;
}

void ZoomableChartView::wheelEvent(QWheelEvent *event)
{
    const std::optional<QPointF> value = plotValueAt(this, event->position(), zoomSeries());
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (!hasZoomableData() || !value || delta == 0) {
        event->ignore(); // a scroll area around the chart may scroll instead
        return;
    }
    const AxisSpan limits = zoomLimits();
    m_zoom = zoomedSpan(m_zoom.value_or(limits), value->x(), delta, limits, minZoomWidth());
    zoomChanged(ZoomChange::Moved);
    viewport()->update();
    event->accept();
}

void ZoomableChartView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_zoom && plotValueAt(this, event->position(), zoomSeries())) {
        m_dragFrom = event->position();
        m_dragSpan = *m_zoom;
        viewport()->setCursor(Qt::ClosedHandCursor);
        viewport()->update();
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void ZoomableChartView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragFrom && (event->buttons() & Qt::LeftButton)) {
        const double plotWidth = chart()->plotArea().width();
        if (plotWidth > 0) {
            const double delta = -(event->position().x() - m_dragFrom->x()) / plotWidth * m_dragSpan.width();
            m_zoom = pannedSpan(m_dragSpan, delta, zoomLimits());
            zoomChanged(ZoomChange::Moved);
        }
        viewport()->update();
        event->accept();
        return;
    }
    m_hoverPos = event->position();
    viewport()->update(); // drawForeground() draws the readout: the series stay as they are
    QChartView::mouseMoveEvent(event);
}

void ZoomableChartView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragFrom && event->button() == Qt::LeftButton) {
        m_dragFrom.reset();
        viewport()->unsetCursor();
        m_hoverPos = event->position();
        viewport()->update();
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void ZoomableChartView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        resetZoom();
        event->accept();
        return;
    }
    QChartView::mouseDoubleClickEvent(event);
}

void ZoomableChartView::leaveEvent(QEvent *event)
{
    m_hoverPos.reset();
    viewport()->update();
    QChartView::leaveEvent(event);
}

} // namespace TokenScope
