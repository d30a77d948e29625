// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tokentimelinechart.h"

#include "axis.h"
#include "chartsupport.h"
#include "palette.h"
#include "timelinepainting.h"

#include <QApplication>
#include <QChart>
#include <QElapsedTimer>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QKeySequence>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

constexpr int kRefreshMs = 40; // one redraw per 40 ms at most, however many batches arrive
// Qt Charts 6.4 spends ~12 ms per 1,000 scatter points in replace() (Release): 3,000 keeps a
// refresh near 40 ms in the worst case, and the refresh interval stretches when it costs more.
constexpr qsizetype kMaxPointsPerSeries = 3000;
// Below this row pitch a chunk marker would cover its neighbours' rows: the stream bars alone
// show the chunks (one bar per stretch of chunks closer than kMergePx).
constexpr double kMinRowPxForChunkMarks = 3.0;
// A row's chunks closer than this on screen (or than 1.5 times the row's mean gap) are one stream
// bar: a bar breaks where the stream paused, not at every chunk of a steady stream.
constexpr double kMergePx = 4.0;
constexpr qsizetype kMaxSegments = 8000; // bars painted per repaint at most; coarser above
constexpr double kNearMarkPx = 6.0; // how close the cursor must be to a mark for the readout to name it
constexpr double kMinTimeSpanS = 1e-4; // the deepest time zoom: 0.1 ms across the plot
constexpr double kMinRowSpan = 4; // the deepest row zoom

} // namespace

TokenTimelineChart::TokenTimelineChart(QWidget *parent)
    : QChartView(parent)
    , m_chart(new QChart)
    , m_axisX(new QValueAxis)
    , m_axisY(new QValueAxis)
{
    m_starts = makeTimelineScatter(
        tr("TTFT span (posted → first token)"), Palette::ttftSpan, 7, QScatterSeries::MarkerShapeRectangle);
    m_chunks = makeTimelineScatter(tr("Chunk"), Palette::chunk, 5);
    m_chunksB = makeTimelineScatter(tr("Chunk · B"), Palette::armB, 5);
    m_firstTokens = makeTimelineScatter(tr("First token"), Palette::firstToken, 7);
    m_warmup = makeTimelineScatter(tr("Warm-up (not measured)"), Palette::warmup, 5);
    m_failed = makeTimelineScatter(tr("Failed"), Palette::failure, 9, QScatterSeries::MarkerShapeRectangle);
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

    m_bandLayer = new TimelineLayer(m_chart, TimelineLayer::kBandZ,
        [this](QPainter *painter) { paintTimelineBands(painter, m_model, mapper(), selectedRow()); });
    m_barLayer = new TimelineLayer(m_chart, TimelineLayer::kBarZ,
        [this](QPainter *painter) { paintTimelineBars(painter, m_model, mapper(), m_segments); });
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
    m_clickTimer.setSingleShot(true);
    m_clickTimer.setInterval(QApplication::doubleClickInterval());
    connect(&m_clickTimer, &QTimer::timeout, this, &TokenTimelineChart::emitClicked);
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
    m_clickTimer.stop(); // the row it was on belongs to the previous run
    m_model.reset(config, arms);
    nameArmSeries();
    m_zoomX = m_zoomY = false;
    updateTitle();
    refresh();
}

void TokenTimelineChart::addLevel(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    m_model.addLevel(point);
    updateTitle();
    scheduleRefresh();
}

void TokenTimelineChart::updateTitle()
{
    QString title = m_runLabel.isEmpty() ? tr("Token timeline") : tr("Token timeline — %1").arg(m_runLabel);
    if (m_model.levelFilter() >= 0)
        title += QStringLiteral(" · ") + levelName(m_model.points(), m_model.levelFilter());
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
    if (levelIndex == m_model.levelFilter())
        return;
    m_model.setLevelFilter(levelIndex);
    m_zoomX = m_zoomY = false; // the rows were repacked: the old window shows other requests
    updateTitle();
    refreshNow();
}

int TokenTimelineChart::requestRow(int levelIndex, int index) const
{
    return m_model.requestRow(levelIndex, index);
}

// ---- live data ----

void TokenTimelineChart::addBatch(const LiveBatch &batch)
{
    m_model.addBatch(batch);
    scheduleRefresh();
}

void TokenTimelineChart::addFinished(const RequestRecord &record)
{
    m_model.addFinished(record);
    scheduleRefresh();
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
        const TimelineModel::TimeRange range = m_model.autoTimeRange();
        setTimeRange(range.minS, range.maxS, range.step);
    }
    if (!m_zoomY) {
        const AxisSpan rows = rowLimits();
        setRowRange(rows.min, rows.max);
    }
}

TimelineMapper TokenTimelineChart::mapper() const
{
    return { m_chart->plotArea(), m_axisX->min(), m_axisX->max(), m_axisY->min(), m_axisY->max() };
}

void TokenTimelineChart::updateMarkerSizes(double rowPx)
{
    resizeTimelineMarker(m_chunks, timelineMarkerSize(rowPx, 0.8, 2.5, 5));
    resizeTimelineMarker(m_chunksB, timelineMarkerSize(rowPx, 0.8, 2.5, 5));
    resizeTimelineMarker(m_warmup, timelineMarkerSize(rowPx, 0.8, 2.5, 5));
    resizeTimelineMarker(m_firstTokens, timelineMarkerSize(rowPx, 1.0, 2.5, 7));
    resizeTimelineMarker(m_starts, timelineMarkerSize(rowPx, 0.8, 2, 7));
    resizeTimelineMarker(m_failed, timelineMarkerSize(rowPx, 1.2, 4, 9)); // a failure stays visible at any density
}

void TokenTimelineChart::refresh()
{
    QElapsedTimer cost;
    cost.start();
    followData();
    const TimelineMapper m = mapper();
    m_lastPlotSize = m.plot.size();
    updateMarkerSizes(m.rowPx());
    updateSeries(m);
    updateLayerGeometry();
    m_bandLayer->update();
    m_barLayer->update();
    viewport()->update(); // the labels and the selection's outline are painted in drawForeground
    // Never spend more than about a third of the GUI thread on this chart, however dense the run.
    m_refreshTimer.setInterval(std::max(kRefreshMs, static_cast<int>(3 * cost.elapsed())));
}

void TokenTimelineChart::updateSeries(const TimelineMapper &m)
{
    const TimelineModel::RowMarks marks = m_model.rowMarks();
    m_inFlightCount = marks.inFlight;
    // Every row in view keeps its markers (no row is dropped for another), and below 3 px a row
    // shows its stream bars only.
    TimelineModel::ChunkMarks chunks;
    if (m.rowPx() >= kMinRowPxForChunkMarks)
        chunks = m_model.chunkMarks(m, kMaxPointsPerSeries);
    m_segments = m_model.segments(m, kMergePx, kMaxSegments);
    m_starts->replace(marks.starts);
    m_firstTokens->replace(marks.firstTokens);
    m_chunks->replace(chunks.chunks);
    m_chunksB->replace(chunks.chunksB);
    m_warmup->replace(chunks.warmup);
    m_failed->replace(marks.failed);
    updateLegend(!marks.failed.isEmpty());
}

// "Failed" and "In flight" in the legend only when there is one: a clean, finished run needs
// neither key. Qt Charts 6.4 does not lay the legend out again when a marker is shown, so a late
// key was drawn over another; invalidating its layout places every key anew.
void TokenTimelineChart::updateLegend(bool anyFailed)
{
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
    showKey(m_failed, anyFailed);
    showKey(m_inFlightKey, m_inFlightCount > 0);
    showKey(m_chunksB, m_model.arms() > 1);
    if (legendChanged)
        m_chart->legend()->layout()->invalidate();
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
    m_chunks->setName(m_model.arms() > 1 ? tr("Chunk · A") : tr("Chunk"));
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

QFont TokenTimelineChart::labelFont() const
{
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    return font;
}

QList<QRectF> TokenTimelineChart::levelLabelRects() const
{
    QList<QRectF> rects;
    const QList<TimelineModel::LabelPlacement> placed = m_model.placeLevelLabels(mapper(), QFontMetricsF(labelFont()));
    for (const TimelineModel::LabelPlacement &p : placed)
        rects.append(viewportTransform().mapRect(m_chart->mapRectToScene(p.rect)));
    return rects;
}

QString TokenTimelineChart::emptyStateText() const
{
    if (m_model.rowCount() > 0)
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
    if (m_model.rowCount() == 0) {
        drawEmptyState(painter);
        return;
    }
    const TimelineMapper m = mapper();
    painter->save();
    painter->setClipRect(m_chart->mapRectToScene(m.plot));
    drawSelectionOutline(painter, m);
    drawLevelLabels(painter, m);
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

// The selected row's outline, over its markers: its band alone is hidden under a dense row.
void TokenTimelineChart::drawSelectionOutline(QPainter *painter, const TimelineMapper &m) const
{
    const int selected = selectedRow();
    if (selected < 0)
        return;
    const double height = selectionHeight(m);
    const QRectF band(m.plot.left(), m.y(selected) - height / 2, m.plot.width(), height);
    painter->setPen(QPen(Palette::selectionEdge, 1));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(m_chart->mapRectToScene(band).adjusted(0.5, 0.5, -0.5, -0.5));
}

void TokenTimelineChart::drawLevelLabels(QPainter *painter, const TimelineMapper &m) const
{
    const QFont font = labelFont();
    painter->setFont(font);
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QList<TimelineModel::LabelPlacement> labels = m_model.placeLevelLabels(m, QFontMetricsF(font));
    for (const TimelineModel::LabelPlacement &label : labels) {
        const QRectF box = m_chart->mapRectToScene(label.rect);
        painter->fillRect(box, Palette::labelPlate); // readable over the markers it covers
        painter->setPen(Palette::chartText);
        painter->drawText(box, Qt::AlignCenter, label.text);
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

QString TokenTimelineChart::readoutAt(const QPointF &viewPos) const
{
    return m_model.readoutAt(mapper(), toChart(viewPos), kNearMarkPx);
}

int TokenTimelineChart::selectedRow() const
{
    if (!m_hasSelection)
        return -1;
    return m_model.requestRow(m_selectedLevel, m_selectedIndex);
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

void TokenTimelineChart::emitClicked()
{
    const int row = m_model.postedRowAt(mapper(), toChart(m_clickPos));
    if (row < 0)
        return; // outside the plot, or not posted yet: there is no request to show
    const RequestRecord record = m_model.recordOfRow(row);
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
// axis, the shown rows posted so far on the other.
AxisSpan TokenTimelineChart::timeLimits() const
{
    const TimelineModel::TimeRange range = m_model.autoTimeRange();
    return { range.minS, range.maxS };
}

AxisSpan TokenTimelineChart::rowLimits() const
{
    return { -0.5, std::max(1, m_model.followedRowCount()) - 0.5 };
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
    const TimelineMapper m = mapper();
    const QPointF p = toChart(event->position());
    const int delta = event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (!m.plot.contains(p) || delta == 0 || m_model.rowCount() == 0) {
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
    if (click) {
        m_clickPos = event->position().toPoint();
        m_clickTimer.start();
    }
    event->accept();
}

void TokenTimelineChart::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QChartView::mouseDoubleClickEvent(event);
        return;
    }
    m_pressed = false; // its release is not a click
    m_clickTimer.stop(); // nor was its first click: a double-click only resets the zoom
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
