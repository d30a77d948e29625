// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinepainting.h"

#include "palette.h"

#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

QImage markerImage(const QColor &color, qreal size, QScatterSeries::MarkerShape shape)
{
    const int side = std::max(2, static_cast<int>(std::ceil(size)));
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    if (shape == QScatterSeries::MarkerShapeRectangle)
        painter.drawRect(QRectF(0, 0, side, side));
    else
        painter.drawEllipse(QRectF(0, 0, side, side));
    return image;
}

} // namespace

TimelineLayer::TimelineLayer(QGraphicsItem *parent, qreal z, std::function<void(QPainter *)> paint)
    : QGraphicsItem(parent)
    , m_paint(std::move(paint))
{
    setZValue(z);
    setAcceptedMouseButtons(Qt::NoButton);
}

void TimelineLayer::setRect(const QRectF &rect)
{
    if (rect == m_rect)
        return;
    prepareGeometryChange();
    m_rect = rect;
}

QScatterSeries *makeTimelineScatter(
    const QString &name, const QColor &color, qreal size, QScatterSeries::MarkerShape shape)
{
    auto *series = new QScatterSeries;
    series->setName(name);
    series->setColor(color);
    series->setBorderColor(color);
    series->setPen(Qt::NoPen); // borders double the painting cost of thousands of markers
    series->setMarkerSize(size);
    series->setMarkerShape(shape);
    series->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)
    // A light marker is one image blitted per point; without it Qt Charts keeps a QGraphicsItem
    // per point, and replace() with 5,000 points costs ~100 ms instead of a few.
    series->setLightMarker(markerImage(color, size, shape));
    return series;
}

qreal timelineMarkerSize(double rowPx, double factor, double least, double most)
{
    return std::clamp(std::round(rowPx * factor * 2) / 2, least, most);
}

void resizeTimelineMarker(QScatterSeries *series, qreal size)
{
    if (qFuzzyCompare(series->markerSize(), size))
        return;
    series->setMarkerSize(size);
    series->setLightMarker(markerImage(series->color(), size, series->markerShape()));
}

double selectionHeight(const TimelineMapper &m)
{
    return std::clamp(m.rowPx() * 0.8, 6.0, 16.0);
}

void paintTimelineBands(QPainter *painter, const TimelineModel &model, const TimelineMapper &m, int selectedRow)
{
    if (model.rowCount() == 0)
        return;
    painter->save();
    painter->setClipRect(m.plot);
    painter->setRenderHint(QPainter::Antialiasing, false);
    int levelBand = 0;
    for (const TimelineModel::Band &band : model.bands()) {
        const double top = m.y(band.firstRow - 0.5);
        const double bottom = m.y(band.firstRow + band.rowCount - 0.5);
        const QRectF rect(m.plot.left(), top, m.plot.width(), bottom - top);
        if (band.levelIndex < 0)
            painter->fillRect(rect, Palette::warmupBand);
        else if (levelBand++ % 2 == 1)
            painter->fillRect(rect, Palette::levelBand);
        if (band.firstRow > 0) {
            painter->setPen(QPen(Palette::bandEdge, 1));
            painter->drawLine(QPointF(m.plot.left(), top), QPointF(m.plot.right(), top));
        }
    }
    if (selectedRow >= 0) {
        const double height = selectionHeight(m);
        painter->fillRect(
            QRectF(m.plot.left(), m.y(selectedRow) - height / 2, m.plot.width(), height), Palette::selection);
    }
    painter->restore();
}

void paintTimelineBars(QPainter *painter, const TimelineModel &model, const TimelineMapper &m,
    const QList<TimelineModel::Segment> &segments)
{
    if (model.rowCount() == 0)
        return;
    const double rowPx = m.rowPx();
    const double spanThickness = std::clamp(rowPx * 0.5, 1.0, 5.0);
    const double streamThickness = std::clamp(rowPx * 0.3, 1.0, 2.5);
    const double inFlightThickness = std::clamp(rowPx * 0.2, 1.0, 2.0);
    const int firstRow = m.firstRow();
    const int lastRow = m.lastRow(model.rowCount());
    const double latestS = model.latestS();
    const auto bar = [&](double fromS, double toS, int row, double thickness, const QColor &color) {
        const double a = std::max(m.x(fromS), m.plot.left() - 1);
        const double b = std::min(m.x(toS), m.plot.right() + 1);
        if (b < m.plot.left() || a > m.plot.right())
            return;
        painter->fillRect(QRectF(a, m.y(row) - thickness / 2, std::max(1.5, b - a), thickness), color);
    };
    painter->save();
    painter->setClipRect(m.plot);
    painter->setRenderHint(QPainter::Antialiasing, false); // crisp bars, cheaper at 1000+ rows
    for (int row = firstRow; row <= lastRow; ++row) {
        const TimelineModel::Row &r = model.row(row);
        if (r.startNs >= 0 && !r.finished)
            bar(r.startNs / 1e9, latestS, row, inFlightThickness, Palette::inFlight);
    }
    for (int row = firstRow; row <= lastRow; ++row) {
        const TimelineModel::Row &r = model.row(row);
        if (r.startNs < 0)
            continue;
        // A request still waiting for its first token shows its span growing up to now.
        const double endS = r.firstTokenNs >= 0 ? r.firstTokenNs / 1e9 : r.finished ? r.endNs / 1e9 : latestS;
        bar(r.startNs / 1e9, endS, row, spanThickness, r.warmup() ? Palette::warmupSpan : Palette::ttftSpan);
    }
    for (const TimelineModel::Segment &s : segments) {
        if (s.row < model.rowCount())
            bar(s.t0S, s.t1S, s.row, streamThickness,
                s.warmup               ? Palette::warmupStream
                    : s.armSeries == 1 ? Palette::armBStream
                                       : Palette::chunkStream);
    }
    painter->restore();
}

} // namespace TokenScope
