// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "timelinemodel.h"

#include <QGraphicsItem>
#include <QScatterSeries>

#include <functional>

class QPainter;

namespace TokenScope {

// The token timeline's drawing: its marker series, and the bands and bars it paints itself
// between Qt Charts' own items.

/// A painted layer among a chart's own items, so that bands and bars sit under the markers.
class TimelineLayer : public QGraphicsItem
{
public:
    // Qt Charts' own z order among the chart's children (ChartPresenter::ZValues in Qt 6):
    // background -1, plot area 0, shades 1, grid 2, axes 3, series 4, legend 5.
    static constexpr qreal kBandZ = 0.5; ///< over the plot area, under the grid
    static constexpr qreal kBarZ = 3.5; ///< over grid and axes, under the series' markers

    TimelineLayer(QGraphicsItem *parent, qreal z, std::function<void(QPainter *)> paint);
    void setRect(const QRectF &rect);
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override { m_paint(painter); }

private:
    QRectF m_rect;
    std::function<void(QPainter *)> m_paint;
};

/// A scatter series of `size` px markers drawn as one light-marker image each (no QGraphicsItem
/// per point, no border, no OpenGL).
QScatterSeries *makeTimelineScatter(const QString &name, const QColor &color, qreal size,
    QScatterSeries::MarkerShape shape = QScatterSeries::MarkerShapeCircle);

/// A marker size that keeps to its row: `factor` of the row pitch, between `least` and `most` px,
/// in half pixels so that a slowly growing run does not rebuild the marker image every refresh.
qreal timelineMarkerSize(double rowPx, double factor, double least, double most);

/// Gives `series` markers of `size` px (and a new image) when that is another size.
void resizeTimelineMarker(QScatterSeries *series, qreal size);

/// Under the grid: a light band behind every other level (the warm-ups grey), a line where a
/// level starts, and the band of `selectedRow` (-1: none). Chart coordinates.
void paintTimelineBands(QPainter *painter, const TimelineModel &model, const TimelineMapper &m, int selectedRow);

/// Over the grid, under the markers: per shown row in view, the in-flight bar (post → now), the
/// TTFT span (post → first token, or → now while waiting) and the chunk stream's `segments`.
void paintTimelineBars(QPainter *painter, const TimelineModel &model, const TimelineMapper &m,
    const QList<TimelineModel::Segment> &segments);

/// The height of the selected row's band and outline, in px.
double selectionHeight(const TimelineMapper &m);

} // namespace TokenScope
