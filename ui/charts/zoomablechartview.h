// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartsupport.h"

#include <QChartView>
#include <QPointF>

#include <optional>

class QAbstractSeries;

namespace TokenScope {

/// A chart whose x axis the user can question with the mouse: the wheel zooms around the pointer,
/// a left drag pans while zoomed, a double-click goes back to the whole data (resetZoom()), and the
/// pointer's position is kept for a hover readout that the subclass draws in drawForeground().
/// The subclass says what the data spans and applies a new span in zoomChanged(); this class
/// holds the span and handles the events, so every chart answers the same gestures alike.
class ZoomableChartView : public QChartView
{
    Q_OBJECT
public:
    /// Whether the x axis shows a span the user zoomed or panned to (not following the data).
    bool isZoomed() const { return m_zoom.has_value(); }

public Q_SLOTS:
    /// Back to the whole data, following it again.
    void resetZoom();

protected:
    explicit ZoomableChartView(QWidget *parent = nullptr);

    enum class ZoomChange {
        Moved, ///< a wheel turn or a drag: the axis should follow at once, the series may lag
        Reset, ///< back to the whole data
    };

    /// Whether there is anything to zoom into.
    virtual bool hasZoomableData() const = 0;
    /// The whole data's x span: the limits of any zoom or pan.
    virtual AxisSpan zoomLimits() const = 0;
    /// The narrowest span a zoom may reach.
    virtual double minZoomWidth() const = 0;
    /// A series on the x axis, to map the pointer to axis values.
    virtual QAbstractSeries *zoomSeries() const = 0;
    /// Draws the new span (zoomSpan()).
    virtual void zoomChanged(ZoomChange change) = 0;

    /// The span the user chose, or nullopt while following the data.
    const std::optional<AxisSpan> &zoomSpan() const { return m_zoom; }
    /// Forgets the span without redrawing (a new run is about to be drawn anyway).
    void forgetZoom() { m_zoom.reset(); }
    /// Where the pointer hovers (viewport coordinates); nullopt when it is away or dragging.
    std::optional<QPointF> hoverPosition() const;

    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    std::optional<AxisSpan> m_zoom;
    std::optional<QPointF> m_hoverPos; ///< viewport position of the pointer over the chart
    std::optional<QPointF> m_dragFrom; ///< where a left-button pan started
    AxisSpan m_dragSpan; ///< the span when it started
};

} // namespace TokenScope
