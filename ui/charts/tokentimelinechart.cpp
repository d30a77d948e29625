// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tokentimelinechart.h"

#include "chartsupport.h"

#include <QBitArray>
#include <QChart>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

constexpr int kRefreshMs = 40; // one redraw per 40 ms at most, however many batches arrive
// Qt Charts 6.4 spends ~12 ms per 1,000 scatter points in replace() (Release): 3,000 keeps a
// refresh near 40 ms in the worst case, and the refresh interval stretches when it costs more.
constexpr qsizetype kMaxPointsPerSeries = 3000;

const QColor kChunkColor(0x15, 0x65, 0xc0);
const QColor kFirstTokenColor(0xe6, 0x51, 0x00);
const QColor kSpanColor(0xff, 0x98, 0x00, 150);
const QColor kWarmupColor(0x9e, 0x9e, 0x9e);
const QColor kFailedColor(0xc6, 0x28, 0x28);

// 1, 2 or 5 times a power of ten, at least `value`: axis steps a reader can add up.
double niceStep(double value)
{
    if (value <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double m : { 1.0, 2.0, 5.0, 10.0 }) {
        if (m * magnitude >= value)
            return m * magnitude;
    }
    return 10 * magnitude;
}

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

QScatterSeries *makeScatter(const QString &name, const QColor &color, qreal size,
    QScatterSeries::MarkerShape shape = QScatterSeries::MarkerShapeCircle)
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

} // namespace

TokenTimelineChart::TokenTimelineChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
{
    m_starts = makeScatter(tr("TTFT span (posted → first token)"), kSpanColor, 7, QScatterSeries::MarkerShapeRectangle);
    m_chunks = makeScatter(tr("Chunk"), kChunkColor, 5);
    m_firstTokens = makeScatter(tr("First token"), kFirstTokenColor, 7);
    m_warmup = makeScatter(tr("Warm-up (not measured)"), kWarmupColor, 5);
    m_failed = makeScatter(tr("Failed"), kFailedColor, 9, QScatterSeries::MarkerShapeRectangle);

    m_chart->setTitle(tr("Token timeline"));
    m_chart->setAnimationOptions(QChart::NoAnimation); // animations replay on every replace()
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    for (QScatterSeries *s : { m_starts, m_warmup, m_chunks, m_firstTokens, m_failed })
        m_chart->addSeries(s);

    m_axisX->setTitleText(tr("Time since run start (s)"));
    m_axisX->setLabelFormat(QStringLiteral("%.1f"));
    m_axisX->setRange(0, 1);
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(0.2);
    m_axisX->setMinorTickCount(0);
    m_axisY->setTitleText(tr("Request"));
    m_axisY->setLabelFormat(QStringLiteral("%.0f"));
    m_axisY->setReverse(true); // the first request on top, as in a trace viewer
    m_axisY->setTickType(QValueAxis::TicksDynamic);
    m_axisY->setTickAnchor(0);
    m_axisY->setTickInterval(1);
    m_axisY->setRange(-0.5, 0.5);
    m_axisY->setMinorTickCount(0);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    for (QScatterSeries *s : { m_starts, m_warmup, m_chunks, m_firstTokens, m_failed }) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }

    adoptChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(260);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kRefreshMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &TokenTimelineChart::refresh);
}

void TokenTimelineChart::setRun(const RunResult &run)
{
    beginRun(run.config, std::max<int>(1, int(run.arms.size())));
    addBatch(liveBatchOf(run.records));
    for (const RequestRecord &record : run.records)
        addFinished(record);
    refreshNow();
}

void TokenTimelineChart::beginRun(const RunConfig &config, int arms)
{
    m_refreshTimer.stop();
    m_levelOffset.clear();
    m_levelBands.clear();
    m_warmupRows = std::max(0, config.warmupRequests) * arms;
    int row = m_warmupRows;
    const QList<LoadPoint> points = config.loadPoints();
    for (const LoadPoint &point : points) {
        m_levelOffset.append(row);
        m_levelBands.append({ isRepeated(points, point.index)
                                  ? tr("concurrency %1 (level %2)").arg(point.concurrency).arg(point.index + 1)
                                  : tr("concurrency %1").arg(point.concurrency),
            row });
        row += config.requestsForLevel(point.concurrency) * arms;
    }
    m_rowCount = row;
    m_rows = QList<RowState>(m_rowCount);
    m_allChunks.clear();
    m_latestS = 0;

    const double rows = std::max(1, m_rowCount);
    setRangeAndStep(m_axisY, -0.5, rows - 0.5, niceStep(rows / 10.0));
    refresh();
}

int TokenTimelineChart::rowOf(int levelIndex, int index, bool warmup) const
{
    if (warmup)
        return index < m_warmupRows ? index : -1;
    if (levelIndex < 0 || levelIndex >= m_levelOffset.size())
        return -1;
    const int row = m_levelOffset.at(levelIndex) + index;
    return row < m_rowCount ? row : -1;
}

void TokenTimelineChart::addBatch(const LiveBatch &batch)
{
    for (const RequestStart &s : batch.started) {
        const int row = rowOf(s.levelIndex, s.index, s.warmup);
        if (row < 0)
            continue;
        m_rows[row].startS = s.startNs / 1e9;
        m_rows[row].warmup = s.warmup;
    }
    for (const ChunkArrival &c : batch.chunks) {
        const int row = rowOf(c.levelIndex, c.index, c.warmup);
        if (row < 0)
            continue;
        const double tS = c.arrivalNs / 1e9;
        if (c.first)
            m_rows[row].firstTokenS = tS;
        m_allChunks.append({ tS, row, c.warmup });
        m_latestS = std::max(m_latestS, tS);
    }
    m_latestS = std::max(m_latestS, batch.sentNs / 1e9);
    scheduleRefresh();
}

void TokenTimelineChart::addFinished(const RequestRecord &record)
{
    const int row = rowOf(record.levelIndex, record.index, record.warmup);
    if (row < 0)
        return;
    const qint64 endNs = record.endNs >= 0 ? record.endNs : std::max<qint64>(record.lastTokenNs, 0);
    m_rows[row].endS = (record.startNs + endNs) / 1e9;
    m_rows[row].failed = !record.ok;
    m_latestS = std::max(m_latestS, m_rows[row].endS);
    scheduleRefresh();
}

void TokenTimelineChart::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void TokenTimelineChart::refreshNow()
{
    m_refreshTimer.stop();
    refresh();
}

// Keeps one point per (row bucket, time bin): markers closer than a bin overlap on screen anyway.
// A bucket is `rowStep` consecutive rows; its point keeps the row of the first chunk seen in it.
QList<QPointF> TokenTimelineChart::decimated(bool warmup, int bins, int rowStep) const
{
    const double spanS = std::max(m_axisX->max(), 1e-9);
    const qsizetype buckets = std::max(1, m_rowCount) / rowStep + 1;
    QBitArray seen(buckets * bins);
    QList<QPointF> points;
    for (const Chunk &c : m_allChunks) {
        if (c.warmup != warmup)
            continue;
        const int bin = std::clamp(static_cast<int>(c.tS / spanS * bins), 0, bins - 1);
        const qsizetype cell = static_cast<qsizetype>(c.row / rowStep) * bins + bin;
        if (seen.testBit(cell))
            continue;
        seen.setBit(cell);
        points.append(QPointF(c.tS, c.row));
    }
    return points;
}

void TokenTimelineChart::refresh()
{
    QElapsedTimer cost;
    cost.start();
    // The x axis grows in readable steps so it does not crawl on every refresh.
    const double step = niceStep(std::max(m_latestS, 0.5) / 6.0);
    setRangeAndStep(m_axisX, 0, std::ceil(std::max(m_latestS, 0.5) * 1.02 / step) * step, step);

    QList<QPointF> starts, firsts, failed;
    for (int row = 0; row < m_rows.size(); ++row) {
        const RowState &r = m_rows.at(row);
        if (r.startS >= 0 && !r.warmup)
            starts.append(QPointF(r.startS, row));
        if (r.firstTokenS >= 0 && !r.warmup)
            firsts.append(QPointF(r.firstTokenS, row));
        if (r.failed)
            failed.append(QPointF(r.endS, row));
    }

    // About one bin per 2 px of plot width and one bucket per 2 px of height; coarser in time,
    // then in rows, while a dense run (256 streams x 256 tokens) still exceeds the budget. Ends:
    // at worst one bucket of all rows x 50 bins.
    const QRectF plot = m_chart->plotArea();
    int bins = std::max(50, static_cast<int>(plot.width() / 2));
    int rowStep = std::max(1, static_cast<int>(std::ceil(m_rowCount / std::max(1.0, plot.height() / 2))));
    QList<QPointF> chunks = decimated(false, bins, rowStep);
    while (chunks.size() > kMaxPointsPerSeries) {
        if (bins > 50)
            bins = std::max(50, bins / 2);
        else if (rowStep <= m_rowCount)
            rowStep *= 2;
        else
            break;
        chunks = decimated(false, bins, rowStep);
    }
    m_starts->replace(starts);
    m_firstTokens->replace(firsts);
    m_chunks->replace(chunks);
    m_warmup->replace(decimated(true, bins, rowStep));
    m_failed->replace(failed);
    // "Failed" in the legend only when something failed: a clean run needs no red key.
    const QList<QLegendMarker *> failedMarkers = m_chart->legend()->markers(m_failed);
    for (QLegendMarker *marker : failedMarkers)
        marker->setVisible(!failed.isEmpty());
    viewport()->update(); // the TTFT spans are painted in drawForeground
    // Never spend more than about a third of the GUI thread on this chart, however dense the run.
    m_refreshTimer.setInterval(std::max(kRefreshMs, static_cast<int>(3 * cost.elapsed())));
}

int TokenTimelineChart::chunkPointCount() const
{
    return static_cast<int>(m_chunks->count());
}

int TokenTimelineChart::firstTokenPointCount() const
{
    return static_cast<int>(m_firstTokens->count());
}

int TokenTimelineChart::failedPointCount() const
{
    return static_cast<int>(m_failed->count());
}

int TokenTimelineChart::warmupPointCount() const
{
    return static_cast<int>(m_warmup->count());
}

void TokenTimelineChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    if (m_rowCount == 0)
        return;
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    const double rowPx = plot.height() / m_rowCount;
    const double thickness = std::clamp(rowPx * 0.5, 1.0, 5.0);
    painter->save();
    painter->setClipRect(plot);
    painter->setRenderHint(QPainter::Antialiasing, false); // crisp bars, cheaper at 1000+ rows
    for (int row = 0; row < m_rows.size(); ++row) {
        const RowState &r = m_rows.at(row);
        if (r.startS < 0)
            continue;
        // A request still waiting for its first token shows its span growing up to now.
        const double endS = r.firstTokenS >= 0 ? r.firstTokenS : r.endS >= 0 ? r.endS : m_latestS;
        const QPointF a = m_chart->mapToScene(m_chart->mapToPosition(QPointF(r.startS, row), m_starts));
        const QPointF b = m_chart->mapToScene(m_chart->mapToPosition(QPointF(endS, row), m_starts));
        const QColor color
            = r.warmup ? QColor(kWarmupColor.red(), kWarmupColor.green(), kWarmupColor.blue(), 150) : kSpanColor;
        painter->fillRect(QRectF(a.x(), a.y() - thickness / 2, std::max(1.0, b.x() - a.x()), thickness), color);
    }

    // Level separators: a dashed line above each level's first row and its concurrency, so the
    // staircase of a multi-level run reads without counting rows.
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen separator(QColor(0x60, 0x60, 0x60), 1, Qt::DashLine);
    QFont font = painter->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    for (const LevelBand &band : m_levelBands) {
        const QPointF p = m_chart->mapToScene(m_chart->mapToPosition(QPointF(0, band.firstRow - 0.5), m_starts));
        painter->setPen(separator);
        if (band.firstRow > 0)
            painter->drawLine(QPointF(plot.left(), p.y()), QPointF(plot.right(), p.y()));
        const QString &label = band.label;
        painter->setPen(QColor(0x42, 0x42, 0x42));
        painter->drawText(
            QPointF(plot.right() - metrics.horizontalAdvance(label) - 6, p.y() + metrics.ascent() + 2), label);
    }
    painter->restore();
}

} // namespace TokenScope
