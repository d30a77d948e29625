// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tokentimelinechart.h"

#include "axis.h"
#include "chartsupport.h"
#include "palette.h"
#include "stats/statistics.h"

#include <QApplication>
#include <QChart>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QGraphicsLayout>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QMouseEvent>
#include <QKeySequence>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace TokenScope {

namespace {

constexpr int kRefreshMs = 40; // one redraw per 40 ms at most, however many batches arrive
// Qt Charts 6.4 spends ~12 ms per 1,000 scatter points in replace() (Release): 3,000 keeps a
// refresh near 40 ms in the worst case, and the refresh interval stretches when it costs more.
constexpr qsizetype kMaxPointsPerSeries = 3000;
// Below this row pitch a chunk marker would cover its neighbours' rows: the stream bars alone
// show the chunks (one bar per stretch of chunks closer than kMergePx).
constexpr double kMinRowPxForChunkMarks = 3.0;
// A row's chunks closer than this on screen, or than 1.5 times the row's mean gap, are one stream
// bar: a bar breaks where the stream paused, not at every chunk of a steady stream.
constexpr double kMergePx = 4.0;
constexpr double kMergeMeanGaps = 1.5;
constexpr qsizetype kMaxSegments = 8000; // bars painted per repaint at most; coarser above
constexpr double kNearMarkPx = 6.0; // how close the cursor must be to a mark for the readout to name it
constexpr double kMinTimeSpanS = 1e-4; // the deepest time zoom: 0.1 ms across the plot
constexpr double kMinRowSpan = 4; // the deepest row zoom

QString formatMs(double ms)
{
    //: milliseconds, in the timeline's readout
    return TokenTimelineChart::tr("%1 ms").arg(QLocale().toString(ms, 'f', ms < 100 ? 2 : 1));
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

// A marker size that keeps to its row: `factor` of the row pitch, between `least` and `most` px,
// in half pixels so that a slowly growing run does not rebuild the marker image every refresh.
qreal markerSizeFor(double rowPx, double factor, double least, double most)
{
    return std::clamp(std::round(rowPx * factor * 2) / 2, least, most);
}

void resizeMarker(QScatterSeries *series, qreal size)
{
    if (qFuzzyCompare(series->markerSize(), size))
        return;
    series->setMarkerSize(size);
    series->setLightMarker(markerImage(series->color(), size, series->markerShape()));
}

// Qt Charts' own z order among the chart's children (ChartPresenter::ZValues in Qt 6): background
// -1, plot area 0, shades 1, grid 2, axes 3, series 4, legend 5.
constexpr qreal kBandLayerZ = 0.5; // over the plot area, under the grid
constexpr qreal kBarLayerZ = 3.5; // over grid and axes, under the series' markers

} // namespace

/// A painted layer among the chart's own items, so that bands and bars sit under the markers.
class TokenTimelineChart::Layer : public QGraphicsItem
{
public:
    Layer(QGraphicsItem *parent, qreal z, std::function<void(QPainter *)> paint)
        : QGraphicsItem(parent)
        , m_paint(std::move(paint))
    {
        setZValue(z);
        setAcceptedMouseButtons(Qt::NoButton);
    }
    void setRect(const QRectF &rect)
    {
        if (rect == m_rect)
            return;
        prepareGeometryChange();
        m_rect = rect;
    }
    QRectF boundingRect() const override { return m_rect; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override { m_paint(painter); }

private:
    QRectF m_rect;
    std::function<void(QPainter *)> m_paint;
};

TokenTimelineChart::TokenTimelineChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
{
    m_starts = makeScatter(
        tr("TTFT span (posted → first token)"), Palette::ttftSpan, 7, QScatterSeries::MarkerShapeRectangle);
    m_chunks = makeScatter(tr("Chunk"), Palette::chunk, 5);
    m_chunksB = makeScatter(tr("Chunk · B"), Palette::armB, 5);
    m_firstTokens = makeScatter(tr("First token"), Palette::firstToken, 7);
    m_warmup = makeScatter(tr("Warm-up (not measured)"), Palette::warmup, 5);
    m_failed = makeScatter(tr("Failed"), Palette::failure, 9, QScatterSeries::MarkerShapeRectangle);
    m_inFlightKey = new QLineSeries;
    m_inFlightKey->setName(tr("In flight (posted → now)"));
    m_inFlightKey->setPen(QPen(Palette::inFlight, 2));

    m_chart->setAnimationOptions(QChart::NoAnimation); // animations replay on every replace()
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    const QList<QAbstractSeries *> series { m_starts, m_warmup, m_chunks, m_chunksB, m_firstTokens, m_failed, m_inFlightKey };
    for (QAbstractSeries *s : series)
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
    for (QAbstractSeries *s : series) {
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    // The in-flight key, "Failed" and endpoint B are listed only while there is something to show.
    for (QAbstractSeries *s : { static_cast<QAbstractSeries *>(m_failed), static_cast<QAbstractSeries *>(m_inFlightKey),
             static_cast<QAbstractSeries *>(m_chunksB) }) {
        const QList<QLegendMarker *> markers = m_chart->legend()->markers(s);
        for (QLegendMarker *marker : markers)
            marker->setVisible(false);
    }

    m_bandLayer = new Layer(m_chart, kBandLayerZ, [this](QPainter *painter) { paintBands(painter); });
    m_barLayer = new Layer(m_chart, kBarLayerZ, [this](QPainter *painter) { paintBars(painter); });
    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF &plot) {
        updateLayerGeometry();
        // Marker sizes and decimation depend on the plot's size.
        if (plot.size() != m_lastPlotSize)
            scheduleRefresh();
    });

    adoptChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(260);
    setMouseTracking(true);
    viewport()->setMouseTracking(true); // the readout follows the cursor without a button held

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kRefreshMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &TokenTimelineChart::refresh);
    updateTitle();
}

// ---- the run and its rows ----

void TokenTimelineChart::setRun(const RunResult &run)
{
    m_runBegun = true;
    resetRun(run.config, std::max<int>(1, int(run.arms.size())));
    // Every level the run had, a sweep's and a search's too; rows for each request of the records.
    for (const LoadPoint &point : run.points())
        addLevel(point);
    addBatch(liveBatchOf(run.records));
    for (const RequestRecord &record : run.records)
        addFinished(record);
    refreshNow();
}

void TokenTimelineChart::beginRun(const RunConfig &config, int arms)
{
    m_hasSelection = false; // a new run has other requests
    m_runBegun = true;
    resetRun(config, arms);
}

void TokenTimelineChart::resetRun(const RunConfig &config, int arms)
{
    m_refreshTimer.stop();
    m_arms = std::max(1, arms);
    nameArmSeries();
    m_config = config;
    m_byCount = config.durationS <= 0;
    m_points = config.loadPoints();
    m_levelSlots.clear();
    m_warmupSlots = std::max(0, config.warmupRequests) * m_arms;
    m_rows.clear();
    for (int i = 0; i < m_warmupSlots; ++i) {
        RowState r;
        r.levelIndex = -1;
        r.index = i;
        m_rows.append(r);
    }
    for (const LoadPoint &point : std::as_const(m_points))
        growLevel(point.index, plannedRequests(point));
    m_records.clear();
    m_latestS = 0;
    m_zoomX = m_zoomY = false;
    layoutRows();
    updateTitle();
    refresh();
}

int TokenTimelineChart::plannedRequests(const LoadPoint &point) const
{
    return m_byCount ? m_config.requestsForPoint(point) * m_arms : 0;
}

void TokenTimelineChart::growLevel(int levelIndex, int count)
{
    if (levelIndex < 0)
        return;
    while (m_levelSlots.size() <= levelIndex)
        m_levelSlots.append(QList<int>());
    QList<int> &slots = m_levelSlots[levelIndex];
    while (slots.size() < count) {
        RowState r;
        r.levelIndex = levelIndex;
        r.index = int(slots.size());
        slots.append(int(m_rows.size()));
        m_rows.append(r);
    }
}

void TokenTimelineChart::addLevel(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    while (m_points.size() <= point.index)
        m_points.append(LoadPoint::closedLoop(0, int(m_points.size())));
    m_points[point.index] = point;
    growLevel(point.index, plannedRequests(point));
    layoutRows();
    updateTitle();
    scheduleRefresh();
}

int TokenTimelineChart::slotOf(int levelIndex, int index, bool warmup) const
{
    if (index < 0)
        return -1;
    if (warmup)
        return index < m_warmupSlots ? index : -1;
    if (levelIndex < 0 || levelIndex >= m_levelSlots.size() || index >= m_levelSlots.at(levelIndex).size())
        return -1;
    return m_levelSlots.at(levelIndex).at(index);
}

int TokenTimelineChart::ensureSlot(int levelIndex, int index, bool warmup, bool *grew)
{
    constexpr int kMaxRequestsPerLevel = 1'000'000; // a corrupt index must not allocate without end
    const int slot = slotOf(levelIndex, index, warmup);
    if (slot >= 0 || warmup || levelIndex < 0 || index < 0 || index >= kMaxRequestsPerLevel)
        return slot;
    // A level no levelStarted named: its band says "level N" until one does.
    while (m_points.size() <= levelIndex)
        m_points.append(LoadPoint::closedLoop(0, int(m_points.size())));
    growLevel(levelIndex, index + 1);
    *grew = true;
    return slotOf(levelIndex, index, warmup);
}

void TokenTimelineChart::layoutRows()
{
    m_rowSlots.clear();
    m_slotRows = QList<int>(m_rows.size(), -1);
    m_bands.clear();
    const auto addBand = [this](const QString &label, int levelIndex, const QList<int> &slots) {
        if (slots.isEmpty())
            return;
        m_bands.append({ label, levelIndex, int(m_rowSlots.size()), int(slots.size()) });
        for (int slot : slots) {
            m_slotRows[slot] = int(m_rowSlots.size());
            m_rowSlots.append(slot);
        }
    };
    if (m_levelFilter < 0) {
        QList<int> warmups;
        for (int slot = 0; slot < m_warmupSlots; ++slot)
            warmups.append(slot);
        addBand(tr("warm-up"), -1, warmups);
    }
    for (int level = 0; level < m_levelSlots.size(); ++level) {
        if (m_levelFilter >= 0 && level != m_levelFilter)
            continue;
        addBand(bandLabel(level), level, m_levelSlots.at(level));
    }
}

QString TokenTimelineChart::bandLabel(int levelIndex) const
{
    if (levelIndex >= m_points.size())
        return tr("level %1").arg(levelIndex + 1);
    const LoadPoint &point = m_points.at(levelIndex);
    if (point.isOpenLoop()) // "r=40/s c≤4", "r=40/s · level 3"
        return levelName(m_points, levelIndex);
    if (point.concurrency <= 0)
        return tr("level %1").arg(levelIndex + 1);
    return isRepeated(m_points, levelIndex) ? tr("concurrency %1 (level %2)").arg(point.concurrency).arg(levelIndex + 1)
                                            : tr("concurrency %1").arg(point.concurrency);
}

void TokenTimelineChart::updateTitle()
{
    QString title = m_runLabel.isEmpty() ? tr("Token timeline") : tr("Token timeline — %1").arg(m_runLabel);
    if (m_levelFilter >= 0)
        title += QStringLiteral(" · ") + levelName(m_points, m_levelFilter);
    m_chart->setTitle(title);
}

void TokenTimelineChart::setRunLabel(const QString &label)
{
    m_runLabel = label;
    updateTitle();
}

void TokenTimelineChart::setLevelFilter(int levelIndex)
{
    levelIndex = std::max(-1, levelIndex);
    if (levelIndex == m_levelFilter)
        return;
    m_levelFilter = levelIndex;
    m_zoomX = m_zoomY = false; // the rows were repacked: the old window shows other requests
    layoutRows();
    updateTitle();
    refreshNow();
}

int TokenTimelineChart::requestRow(int levelIndex, int index) const
{
    const int slot = slotOf(levelIndex, index, levelIndex < 0);
    return slot < 0 ? -1 : m_slotRows.at(slot);
}

// ---- live data ----

void TokenTimelineChart::addBatch(const LiveBatch &batch)
{
    bool grew = false;
    for (const RequestStart &s : batch.started) {
        const int slot = ensureSlot(s.levelIndex, s.index, s.warmup, &grew);
        if (slot < 0)
            continue;
        m_rows[slot].startNs = s.startNs;
        m_rows[slot].level = s.level;
        m_rows[slot].arm = s.arm;
    }
    for (const ChunkArrival &c : batch.chunks) {
        const int slot = slotOf(c.levelIndex, c.index, c.warmup); // a row begins with its request's start
        if (slot < 0)
            continue;
        RowState &r = m_rows[slot];
        if (c.first)
            r.firstTokenNs = c.arrivalNs;
        r.chunksNs.append(c.arrivalNs);
        m_latestS = std::max(m_latestS, c.arrivalNs / 1e9);
    }
    m_latestS = std::max(m_latestS, batch.sentNs / 1e9);
    if (grew)
        layoutRows();
    scheduleRefresh();
}

void TokenTimelineChart::addFinished(const RequestRecord &record)
{
    bool grew = false;
    const int slot = ensureSlot(record.levelIndex, record.index, record.warmup, &grew);
    if (grew)
        layoutRows();
    if (slot < 0)
        return;
    RowState &r = m_rows[slot];
    const qint64 endNs = record.endNs >= 0 ? record.endNs : std::max<qint64>(record.lastTokenNs, 0);
    if (r.startNs < 0)
        r.startNs = record.startNs;
    r.endNs = record.startNs + endNs;
    r.finished = true;
    r.failed = !record.ok;
    m_records.insert(slot, record);
    m_latestS = std::max(m_latestS, r.endNs / 1e9);
    scheduleRefresh();
}

RequestRecord TokenTimelineChart::recordOfSlot(int slot) const
{
    const auto it = m_records.constFind(slot);
    if (it != m_records.cend())
        return *it;
    // Still in flight: what the live batches told of it, as offsets from its post.
    const RowState &r = m_rows.at(slot);
    RequestRecord record;
    record.levelIndex = r.levelIndex;
    record.level = r.level;
    record.index = r.index;
    record.warmup = r.warmup();
    record.arm = r.arm;
    record.startNs = std::max<qint64>(r.startNs, 0);
    for (qint64 t : r.chunksNs)
        record.chunkTimesNs.append(t - record.startNs);
    if (r.firstTokenNs >= 0)
        record.ttftNs = r.firstTokenNs - record.startNs;
    if (!r.chunksNs.isEmpty())
        record.lastTokenNs = r.chunksNs.last() - record.startNs;
    return record;
}

// ---- refresh: axes, series, bars ----

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

// The time range that follows the data: the whole run from 0, or the shown level's own span.
void TokenTimelineChart::autoTimeRange(double *minS, double *maxS, double *step) const
{
    double first = std::numeric_limits<double>::max();
    double last = 0;
    if (m_levelFilter >= 0) {
        for (int slot : m_rowSlots) {
            const RowState &r = m_rows.at(slot);
            if (r.startNs < 0)
                continue;
            first = std::min(first, r.startNs / 1e9);
            double end = r.finished ? r.endNs / 1e9 : m_latestS;
            if (!r.chunksNs.isEmpty())
                end = std::max(end, r.chunksNs.last() / 1e9);
            last = std::max(last, end);
        }
    }
    if (first > last) { // every level, or a level not under way yet
        *step = niceStep(std::max(m_latestS, 0.5) / 6.0);
        *minS = 0;
        *maxS = std::ceil(std::max(m_latestS, 0.5) * 1.02 / *step) * *step;
        return;
    }
    *step = niceStep(std::max(last - first, 0.5) / 6.0);
    *minS = std::floor(first / *step) * *step;
    *maxS = *minS + std::ceil(std::max(last - *minS, 0.5) * 1.02 / *step) * *step;
}

void TokenTimelineChart::setTimeRange(double minS, double maxS, double step)
{
    if (step <= 0)
        step = niceStep((maxS - minS) / 6.0);
    m_axisX->setLabelFormat(stepLabelFormat(step, 6)); // "%.0f" at 1 s, "%.1f" at 0.2 s, "%.3f" at 5 ms
    setRangeAndStep(m_axisX, minS, maxS, step);
}

void TokenTimelineChart::setRowRange(double minRow, double maxRow)
{
    // Rows are whole: never a tick between two of them.
    setRangeAndStep(m_axisY, minRow, maxRow, std::max(1.0, niceStep((maxRow - minRow) / 10.0)));
}

void TokenTimelineChart::followData()
{
    if (!m_zoomX) {
        // The x axis grows in readable steps so it does not crawl on every refresh.
        double minS = 0, maxS = 1, step = 0.2;
        autoTimeRange(&minS, &maxS, &step);
        setTimeRange(minS, maxS, step);
    }
    if (!m_zoomY)
        setRowRange(-0.5, std::max(1, requestRowCount()) - 0.5);
}

TokenTimelineChart::Mapper TokenTimelineChart::mapper() const
{
    return { m_chart->plotArea(), m_axisX->min(), m_axisX->max(), m_axisY->min(), m_axisY->max() };
}

void TokenTimelineChart::updateMarkerSizes(double rowPx)
{
    resizeMarker(m_chunks, markerSizeFor(rowPx, 0.8, 2.5, 5));
    resizeMarker(m_chunksB, markerSizeFor(rowPx, 0.8, 2.5, 5));
    resizeMarker(m_warmup, markerSizeFor(rowPx, 0.8, 2.5, 5));
    resizeMarker(m_firstTokens, markerSizeFor(rowPx, 1.0, 2.5, 7));
    resizeMarker(m_starts, markerSizeFor(rowPx, 0.8, 2, 7));
    resizeMarker(m_failed, markerSizeFor(rowPx, 1.2, 4, 9)); // a failure stays visible at any density
}

// One marker per time bin of each shown row in view (and half a view either side, so that a pan
// does not start on an empty plot): markers closer than a bin overlap on screen anyway.
QList<QPointF> TokenTimelineChart::decimated(bool warmup, int arm, int bins, const Mapper &m) const
{
    const double spanS = m.x1 - m.x0;
    const double fromS = m.x0 - spanS / 2;
    const double toS = m.x1 + spanS / 2;
    const double binS = spanS / bins;
    const int firstRow = std::max(0, static_cast<int>(std::floor(m.y0)));
    const int lastRow = std::min(requestRowCount() - 1, static_cast<int>(std::ceil(m.y1)));
    QList<QPointF> points;
    for (int row = firstRow; row <= lastRow; ++row) {
        const RowState &r = m_rows.at(m_rowSlots.at(row));
        if (r.warmup() != warmup || (!warmup && armSeriesOf(r) != arm))
            continue;
        const auto begin = std::lower_bound(r.chunksNs.cbegin(), r.chunksNs.cend(), qint64(fromS * 1e9));
        qint64 lastBin = std::numeric_limits<qint64>::min();
        for (auto it = begin; it != r.chunksNs.cend(); ++it) {
            const double tS = *it / 1e9;
            if (tS > toS)
                break;
            const auto bin = static_cast<qint64>(std::floor((tS - fromS) / binS));
            if (bin == lastBin)
                continue;
            lastBin = bin;
            points.append(QPointF(tS, row));
        }
    }
    return points;
}

// The chunk stream of each shown row in view as bars: chunks closer than kMergePx on screen, or
// than 1.5 mean gaps of their row, are one bar, so a row's bars break where its stream paused, at
// any zoom and any number of rows.
void TokenTimelineChart::buildSegments(const Mapper &m)
{
    const double spanS = m.x1 - m.x0;
    const double fromS = m.x0 - spanS / 2;
    const double toS = m.x1 + spanS / 2;
    const int firstRow = std::max(0, static_cast<int>(std::floor(m.y0)));
    const int lastRow = std::min(requestRowCount() - 1, static_cast<int>(std::ceil(m.y1)));
    // Sparse chunks on many rows would make tens of thousands of bars: merge coarser until they fit.
    for (double mergePx = kMergePx;; mergePx *= 2) {
        m_segments.clear();
        const double mergeNs = mergePx / std::max(1.0, m.plot.width()) * spanS * 1e9;
        for (int row = firstRow; row <= lastRow; ++row) {
            const RowState &r = m_rows.at(m_rowSlots.at(row));
            const QList<qint64> &chunks = r.chunksNs;
            auto it = std::lower_bound(chunks.cbegin(), chunks.cend(), qint64(fromS * 1e9));
            if (it == chunks.cend())
                continue;
            const double meanGapNs
                = chunks.size() > 1 ? double(chunks.last() - chunks.first()) / double(chunks.size() - 1) : 0;
            const double joinNs = std::max(mergeNs, kMergeMeanGaps * meanGapNs);
            qint64 from = *it;
            qint64 previous = *it;
            for (++it; it != chunks.cend() && *it / 1e9 <= toS; ++it) {
                if (double(*it - previous) > joinNs) {
                    m_segments.append({ from / 1e9, previous / 1e9, row, r.warmup(), armSeriesOf(r) });
                    from = *it;
                }
                previous = *it;
            }
            m_segments.append({ from / 1e9, previous / 1e9, row, r.warmup(), armSeriesOf(r) });
        }
        if (m_segments.size() <= kMaxSegments || mergePx > m.plot.width())
            return;
    }
}

void TokenTimelineChart::refresh()
{
    QElapsedTimer cost;
    cost.start();
    followData();
    const Mapper m = mapper();
    m_lastPlotSize = m.plot.size();
    const double rowPx = m.rowPx();
    updateMarkerSizes(rowPx);

    QList<QPointF> starts, firsts, failed;
    m_inFlightCount = 0;
    for (int row = 0; row < requestRowCount(); ++row) {
        const RowState &r = m_rows.at(m_rowSlots.at(row));
        if (r.startNs >= 0 && !r.warmup())
            starts.append(QPointF(r.startNs / 1e9, row));
        if (r.firstTokenNs >= 0 && !r.warmup())
            firsts.append(QPointF(r.firstTokenNs / 1e9, row));
        if (r.failed)
            failed.append(QPointF(r.endNs / 1e9, row));
        if (r.startNs >= 0 && !r.finished)
            ++m_inFlightCount;
    }

    // About one bin per 2 px of plot width; coarser while a dense view still exceeds the budget.
    // Every row in view keeps its markers (no row is dropped for another), and below 3 px a row
    // shows its stream bars only.
    QList<QPointF> chunks, chunksB, warmup;
    if (rowPx >= kMinRowPxForChunkMarks) {
        int bins = std::max(8, static_cast<int>(m.plot.width() / 2));
        chunks = decimated(false, 0, bins, m);
        chunksB = decimated(false, 1, bins, m);
        while (chunks.size() + chunksB.size() > kMaxPointsPerSeries && bins > 8) {
            bins = std::max(8, bins / 2);
            chunks = decimated(false, 0, bins, m);
            chunksB = decimated(false, 1, bins, m);
        }
        warmup = decimated(true, 0, bins, m);
    }
    buildSegments(m);
    m_starts->replace(starts);
    m_firstTokens->replace(firsts);
    m_chunks->replace(chunks);
    m_chunksB->replace(chunksB);
    m_warmup->replace(warmup);
    m_failed->replace(failed);

    // "Failed" and "In flight" in the legend only when there is one: a clean, finished run needs
    // neither key. Qt Charts 6.4 does not lay the legend out again when a marker is shown, so a
    // late key was drawn over another; invalidating its layout places every key anew.
    bool legendChanged = false;
    const auto showKey = [this, &legendChanged](QAbstractSeries *series, bool visible) {
        const QList<QLegendMarker *> markers = m_chart->legend()->markers(series);
        for (QLegendMarker *marker : markers) {
            if (marker->isVisible() != visible) {
                marker->setVisible(visible);
                legendChanged = true;
            }
        }
    };
    showKey(m_failed, !failed.isEmpty());
    showKey(m_inFlightKey, m_inFlightCount > 0);
    showKey(m_chunksB, m_arms > 1);
    if (legendChanged)
        m_chart->legend()->layout()->invalidate();

    updateLayerGeometry();
    m_bandLayer->update();
    m_barLayer->update();
    viewport()->update(); // the labels and the selection's outline are painted in drawForeground
    // Never spend more than about a third of the GUI thread on this chart, however dense the run.
    m_refreshTimer.setInterval(std::max(kRefreshMs, static_cast<int>(3 * cost.elapsed())));
}

int TokenTimelineChart::chunkPointCount() const
{
    return static_cast<int>(m_chunks->count() + m_chunksB->count());
}

int TokenTimelineChart::armChunkPointCount(int arm) const
{
    return static_cast<int>((arm == 0 ? m_chunks : m_chunksB)->count());
}

// A/B: "Chunk · A" and "Chunk · B" in two colours; an ordinary run has one "Chunk" key.
void TokenTimelineChart::nameArmSeries()
{
    m_chunks->setName(m_arms > 1 ? tr("Chunk · A") : tr("Chunk"));
}

// Which chunk series a row's marks go to: endpoint B's own, every other arm A's colour.
int TokenTimelineChart::armSeriesOf(const RowState &r) const
{
    return m_arms > 1 && r.arm == 1 ? 1 : 0;
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

// ---- painting ----

void TokenTimelineChart::updateLayerGeometry()
{
    const QRectF plot = m_chart->plotArea();
    m_bandLayer->setRect(plot);
    m_barLayer->setRect(plot);
}

// Under the grid: a light band behind every other level (the warm-ups grey), a line where a level
// starts, and the selected request's band.
void TokenTimelineChart::paintBands(QPainter *painter)
{
    if (m_rowSlots.isEmpty())
        return;
    const Mapper m = mapper();
    painter->save();
    painter->setClipRect(m.plot);
    painter->setRenderHint(QPainter::Antialiasing, false);
    int levelBand = 0;
    for (const LevelBand &band : std::as_const(m_bands)) {
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
    const int selected = selectedRow();
    if (selected >= 0) {
        const double height = std::clamp(m.rowPx() * 0.8, 6.0, 16.0);
        painter->fillRect(
            QRectF(m.plot.left(), m.y(selected) - height / 2, m.plot.width(), height), Palette::selection);
    }
    painter->restore();
}

// Over the grid, under the markers: per shown row in view, the in-flight bar (post → now), the
// TTFT span (post → first token, or → now while waiting) and the chunk stream's bars.
void TokenTimelineChart::paintBars(QPainter *painter)
{
    if (m_rowSlots.isEmpty())
        return;
    const Mapper m = mapper();
    const double rowPx = m.rowPx();
    const double spanThickness = std::clamp(rowPx * 0.5, 1.0, 5.0);
    const double streamThickness = std::clamp(rowPx * 0.3, 1.0, 2.5);
    const double inFlightThickness = std::clamp(rowPx * 0.2, 1.0, 2.0);
    const int firstRow = std::max(0, static_cast<int>(std::floor(m.y0)));
    const int lastRow = std::min(requestRowCount() - 1, static_cast<int>(std::ceil(m.y1)));
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
        const RowState &r = m_rows.at(m_rowSlots.at(row));
        if (r.startNs >= 0 && !r.finished)
            bar(r.startNs / 1e9, m_latestS, row, inFlightThickness, Palette::inFlight);
    }
    for (int row = firstRow; row <= lastRow; ++row) {
        const RowState &r = m_rows.at(m_rowSlots.at(row));
        if (r.startNs < 0)
            continue;
        // A request still waiting for its first token shows its span growing up to now.
        const double endS = r.firstTokenNs >= 0 ? r.firstTokenNs / 1e9 : r.finished ? r.endNs / 1e9 : m_latestS;
        bar(r.startNs / 1e9, endS, row, spanThickness, r.warmup() ? Palette::warmupSpan : Palette::ttftSpan);
    }
    for (const Segment &s : std::as_const(m_segments)) {
        if (s.row < requestRowCount())
            bar(s.t0S, s.t1S, s.row, streamThickness,
                s.warmup               ? Palette::warmupStream
                    : s.armSeries == 1 ? Palette::armBStream
                                       : Palette::chunkStream);
    }
    painter->restore();
}

QFont TokenTimelineChart::labelFont() const
{
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    return font;
}

// Each level's name at the right edge, at the top of its band (or of the plot, for a band that
// starts above the view). The largest bands are named first and the warm-ups last; a name that
// would collide with one already placed moves down within its own band, and when its band has no
// room left it is left out: the band and the readout still say which level it is.
QList<TokenTimelineChart::LabelPlacement> TokenTimelineChart::placeLevelLabels(
    const Mapper &m, const QFontMetricsF &metrics) const
{
    constexpr double kPad = 3;
    QList<const LevelBand *> order;
    for (const LevelBand &band : m_bands)
        order.append(&band);
    std::stable_sort(order.begin(), order.end(), [](const LevelBand *a, const LevelBand *b) {
        if ((a->levelIndex < 0) != (b->levelIndex < 0))
            return b->levelIndex < 0;
        return a->rowCount > b->rowCount;
    });
    QList<LabelPlacement> placed;
    for (const LevelBand *band : std::as_const(order)) {
        const double top = std::max(m.y(band->firstRow - 0.5), m.plot.top());
        const double bottom = std::min(m.y(band->firstRow + band->rowCount - 0.5), m.plot.bottom());
        if (bottom <= top)
            continue; // out of view
        QRectF rect(0, top + 1, metrics.horizontalAdvance(band->label) + 2 * kPad, metrics.height());
        rect.moveRight(m.plot.right() - 4);
        // A name may hang below a band thinner than itself, as long as it fits in the plot.
        const double lowest = std::max(bottom, top + 1 + rect.height());
        while (rect.bottom() <= std::min(lowest, m.plot.bottom())) {
            const auto hit = std::find_if(placed.cbegin(), placed.cend(),
                [&rect](const LabelPlacement &p) { return p.rect.intersects(rect); });
            if (hit == placed.cend()) {
                placed.append({ band->label, rect });
                break;
            }
            rect.moveTop(hit->rect.bottom() + 1);
        }
    }
    return placed;
}

QList<QRectF> TokenTimelineChart::levelLabelRects() const
{
    QList<QRectF> rects;
    const QList<LabelPlacement> placed = placeLevelLabels(mapper(), QFontMetricsF(labelFont()));
    for (const LabelPlacement &p : placed)
        rects.append(viewportTransform().mapRect(m_chart->mapRectToScene(p.rect)));
    return rects;
}

QString TokenTimelineChart::emptyStateText() const
{
    if (!m_rowSlots.isEmpty())
        return {};
    if (!m_runBegun)
        return tr("No run yet.\nPress Run (%1) to measure the selected endpoint: the built-in simulator needs no setup.")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText));
    return tr("Waiting for the first request to start…");
}

void TokenTimelineChart::drawEmptyState(QPainter *painter) const
{
    painter->save();
    painter->setPen(Palette::faintText);
    const QRectF plot = m_chart->mapRectToScene(m_chart->plotArea());
    painter->drawText(plot.adjusted(24, 0, -24, 0), Qt::AlignCenter | Qt::TextWordWrap, emptyStateText());
    painter->restore();
}

void TokenTimelineChart::drawForeground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawForeground(painter, rect);
    if (m_rowSlots.isEmpty()) {
        drawEmptyState(painter);
        return;
    }
    const Mapper m = mapper();
    painter->save();
    painter->setClipRect(m_chart->mapRectToScene(m.plot));

    // The selected row's outline, over its markers: its band alone is hidden under a dense row.
    const int selected = selectedRow();
    if (selected >= 0) {
        const double height = std::clamp(m.rowPx() * 0.8, 6.0, 16.0);
        const QRectF band(m.plot.left(), m.y(selected) - height / 2, m.plot.width(), height);
        painter->setPen(QPen(Palette::selectionEdge, 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(m_chart->mapRectToScene(band).adjusted(0.5, 0.5, -0.5, -0.5));
    }

    const QFont font = labelFont();
    painter->setFont(font);
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF metrics(font);
    const QList<LabelPlacement> labels = placeLevelLabels(m, metrics);
    for (const LabelPlacement &label : labels) {
        const QRectF box = m_chart->mapRectToScene(label.rect);
        painter->fillRect(box, Palette::labelPlate); // readable over the markers it covers
        painter->setPen(Palette::chartText);
        painter->drawText(box, Qt::AlignCenter, label.text);
    }
    painter->restore();

    // The readout beside the pointer, as the other charts show theirs.
    if (m_hoverPos && !m_dragging) {
        painter->save();
        painter->setFont(this->font());
        drawReadoutBox(painter, readoutAt(*m_hoverPos), viewportTransform().inverted().map(*m_hoverPos),
            m_chart->mapRectToScene(m.plot));
        painter->restore();
    }
}

// ---- questions: readout, click, selection ----

QPointF TokenTimelineChart::toChart(const QPointF &viewPos) const
{
    return m_chart->mapFromScene(viewportTransform().inverted().map(viewPos));
}

QPointF TokenTimelineChart::viewPosition(double timeS, double row) const
{
    const QPointF inChart = m_chart->mapToPosition(QPointF(timeS, row), m_starts);
    return viewportTransform().map(m_chart->mapToScene(inChart));
}

QString TokenTimelineChart::statusOf(const RowState &r, int slot) const
{
    if (r.finished) {
        const RequestRecord &record = m_records.value(slot);
        if (record.ok)
            return tr("ok");
        //: a failed request in the timeline's readout: its error kind and when it failed
        return record.endNs >= 0 ? tr("%1 at %2").arg(Stats::errorKindOf(record), formatMs(record.endNs / 1e6))
                                 : Stats::errorKindOf(record);
    }
    const double nowMs = m_latestS * 1e3;
    if (r.chunksNs.isEmpty())
        return tr("in flight, no token in %1").arg(formatMs(std::max(0.0, nowMs - r.startNs / 1e6)));
    return tr("in flight, last chunk %1 ago").arg(formatMs(std::max(0.0, nowMs - r.chunksNs.last() / 1e6)));
}

QString TokenTimelineChart::readoutAt(const QPointF &viewPos) const
{
    if (m_rowSlots.isEmpty())
        return {};
    const Mapper m = mapper();
    const QPointF p = toChart(viewPos);
    if (!m.plot.contains(p))
        return {};
    const int row = static_cast<int>(std::lround(m.valueY(p.y())));
    if (row < 0 || row >= requestRowCount())
        return {};
    const int slot = m_rowSlots.at(row);
    const RowState &r = m_rows.at(slot);
    if (r.startNs < 0)
        return {};

    const QLocale locale;
    const int arm = r.arm;
    QString text = r.warmup() ? tr("warm-up · request %1").arg(locale.toString(r.index))
                              //: the timeline's readout: the level's name ("c=4") and the request's index in it
                              : tr("%1 · request %2").arg(levelName(m_points, r.levelIndex), locale.toString(r.index));
    if (m_arms > 1)
        text += tr(" · arm %1").arg(armLetter(arm));
    text += QStringLiteral(" · ") + statusOf(r, slot);

    // The nearest mark on the row within kNearMarkPx: the post, a chunk (the first is the first
    // token) or the end of a failed request.
    const double cursorX = p.x();
    double best = kNearMarkPx;
    QString mark;
    const auto consider = [&](qint64 tNs, const std::function<QString()> &describe) {
        const double distance = std::abs(m.x(tNs / 1e9) - cursorX);
        if (distance < best || (mark.isEmpty() && distance <= best)) {
            best = distance;
            mark = describe();
        }
    };
    consider(r.startNs, [&] {
        return tr("Posted at %1 s into the run").arg(locale.toString(r.startNs / 1e9, 'f', 3));
    });
    const QList<qint64> &chunks = r.chunksNs;
    if (!chunks.isEmpty()) {
        const qint64 cursorNs = static_cast<qint64>(m.valueX(cursorX) * 1e9);
        const auto at = std::lower_bound(chunks.cbegin(), chunks.cend(), cursorNs);
        qsizetype nearest = at - chunks.cbegin();
        if (nearest == chunks.size()
            || (nearest > 0 && cursorNs - chunks.at(nearest - 1) <= chunks.at(nearest) - cursorNs))
            --nearest;
        // Chunks of one read share its time: name the first of them, whose gap is the read's.
        while (nearest > 0 && chunks.at(nearest - 1) == chunks.at(nearest))
            --nearest;
        consider(chunks.at(nearest), [&] {
            const double sincePostMs = (chunks.at(nearest) - r.startNs) / 1e6;
            qsizetype sameRead = 0;
            while (nearest + sameRead + 1 < chunks.size() && chunks.at(nearest + sameRead + 1) == chunks.at(nearest))
                ++sameRead;
            QString line = nearest == 0
                ? tr("First token (chunk 1): %1 after post").arg(formatMs(sincePostMs))
                : tr("Chunk %1: %2 after post, gap %3")
                      .arg(locale.toString(nearest + 1), formatMs(sincePostMs),
                          formatMs((chunks.at(nearest) - chunks.at(nearest - 1)) / 1e6));
            if (sameRead > 0)
                line += tr(" (%n more in the same read)", nullptr, int(sameRead));
            return line;
        });
    }
    if (r.failed && r.endNs >= 0) {
        consider(r.endNs, [&] {
            return tr("Failed (%1): %2 after post")
                .arg(Stats::errorKindOf(m_records.value(slot)), formatMs((r.endNs - r.startNs) / 1e6));
        });
    }
    if (!mark.isEmpty())
        text += QLatin1Char('\n') + mark;
    return text;
}

int TokenTimelineChart::selectedRow() const
{
    if (!m_hasSelection)
        return -1;
    const int slot = slotOf(m_selectedLevel, m_selectedIndex, m_selectedLevel < 0);
    return slot < 0 ? -1 : m_slotRows.at(slot);
}

void TokenTimelineChart::setSelectedRequest(int levelIndex, int index, int arm)
{
    Q_UNUSED(arm); // (levelIndex, index) is unique in a run, every arm's requests included
    m_hasSelection = true;
    m_selectedLevel = levelIndex;
    m_selectedIndex = index;
    m_bandLayer->update();
    viewport()->update();
}

void TokenTimelineChart::clearSelection()
{
    if (!m_hasSelection)
        return;
    m_hasSelection = false;
    m_bandLayer->update();
    viewport()->update();
}

void TokenTimelineChart::emitClicked(const QPoint &viewPos)
{
    const Mapper m = mapper();
    const QPointF p = toChart(viewPos);
    if (!m.plot.contains(p))
        return;
    const int row = static_cast<int>(std::lround(m.valueY(p.y())));
    if (row < 0 || row >= requestRowCount())
        return;
    const int slot = m_rowSlots.at(row);
    if (m_rows.at(slot).startNs < 0)
        return; // not posted yet: there is no request to show
    const RequestRecord record = recordOfSlot(slot);
    setSelectedRequest(record.warmup ? -1 : record.levelIndex, record.index, record.arm);
    Q_EMIT requestClicked(record);
}

// ---- zoom and pan ----

void TokenTimelineChart::resetZoom()
{
    m_zoomX = m_zoomY = false;
    followData();
    scheduleRefresh();
}

// The spans a zoom or pan stays within: the data's (what following it would show) on the time
// axis, every shown row on the other.
AxisSpan TokenTimelineChart::timeLimits() const
{
    double minS = 0, maxS = 1, step = 0.2;
    autoTimeRange(&minS, &maxS, &step);
    return { minS, maxS };
}

AxisSpan TokenTimelineChart::rowLimits() const
{
    return { -0.5, std::max(1, requestRowCount()) - 0.5 };
}

void TokenTimelineChart::zoomTime(double centerS, int angleDelta)
{
    const std::optional<AxisSpan> span
        = zoomedSpan({ m_axisX->min(), m_axisX->max() }, centerS, angleDelta, timeLimits(), kMinTimeSpanS);
    m_zoomX = span.has_value(); // zoomed out to the whole: follow the data again
    if (span)
        setTimeRange(span->min, span->max);
    followData();
    scheduleRefresh();
}

void TokenTimelineChart::zoomRows(double centerRow, int angleDelta)
{
    const std::optional<AxisSpan> span
        = zoomedSpan({ m_axisY->min(), m_axisY->max() }, centerRow, angleDelta, rowLimits(), kMinRowSpan);
    m_zoomY = span.has_value();
    if (span)
        setRowRange(span->min, span->max);
    followData();
    scheduleRefresh();
}

void TokenTimelineChart::wheelEvent(QWheelEvent *event)
{
    const Mapper m = mapper();
    const QPointF p = toChart(event->position());
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (!m.plot.contains(p) || delta == 0 || m_rowSlots.isEmpty()) {
        event->ignore(); // the page around may scroll
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier)
        zoomRows(m.valueY(p.y()), delta);
    else // plain or Ctrl+wheel
        zoomTime(m.valueX(p.x()), delta);
    event->accept();
    showReadout(event->position());
}

void TokenTimelineChart::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QChartView::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position().toPoint();
    m_pressX0 = m_axisX->min();
    m_pressX1 = m_axisX->max();
    m_pressY0 = m_axisY->min();
    m_pressY1 = m_axisY->max();
    event->accept();
}

void TokenTimelineChart::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (!m_pressed || !(event->buttons() & Qt::LeftButton)) {
        showReadout(event->position());
        event->accept();
        return;
    }
    if (!m_dragging && (pos - m_pressPos).manhattanLength() < QApplication::startDragDistance())
        return;
    if (!m_dragging) {
        m_dragging = true;
        if (isZoomed()) // the whole run in view has nowhere to pan to
            viewport()->setCursor(Qt::ClosedHandCursor);
        viewport()->update(); // no readout while dragging
    }
    // The axes move with the cursor, within the data; the series follow in one coalesced refresh.
    const QRectF plot = m_chart->plotArea();
    if (m_zoomX) {
        const double dxS = (pos.x() - m_pressPos.x()) / std::max(1.0, plot.width()) * (m_pressX1 - m_pressX0);
        const AxisSpan span = pannedSpan({ m_pressX0, m_pressX1 }, -dxS, timeLimits());
        setTimeRange(span.min, span.max);
    }
    if (m_zoomY) {
        const double dyRows = (pos.y() - m_pressPos.y()) / std::max(1.0, plot.height()) * (m_pressY1 - m_pressY0);
        const AxisSpan span = pannedSpan({ m_pressY0, m_pressY1 }, -dyRows, rowLimits());
        setRowRange(span.min, span.max);
    }
    scheduleRefresh();
    event->accept();
}

void TokenTimelineChart::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QChartView::mouseReleaseEvent(event);
        return;
    }
    const bool click = m_pressed && !m_dragging;
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        viewport()->unsetCursor();
    }
    if (click)
        emitClicked(event->position().toPoint());
    event->accept();
}

void TokenTimelineChart::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QChartView::mouseDoubleClickEvent(event);
        return;
    }
    m_pressed = false; // its release is not a click
    resetZoom();
    event->accept();
}

void TokenTimelineChart::leaveEvent(QEvent *event)
{
    m_hoverPos.reset();
    if (m_readoutShown)
        viewport()->update();
    m_readoutShown = false;
    QChartView::leaveEvent(event);
}

// The readout is painted by drawForeground(): the pointer's moves repaint the view, never rebuild
// a series, and not at all while the pointer is where there is nothing to read out.
void TokenTimelineChart::showReadout(const QPointF &viewPos)
{
    m_hoverPos = viewPos;
    const bool shown = !readoutAt(viewPos).isEmpty();
    if (shown || m_readoutShown)
        viewport()->update();
    m_readoutShown = shown;
}

} // namespace TokenScope
