// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartsupport.h"
#include "core/livebatch.h"
#include "core/loadpoint.h"
#include "core/requestrecord.h"
#include "core/runconfig.h"
#include "core/runresult.h"
#include "timelinemodel.h"

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QTimer>

#include <optional>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace TokenScope {

class TimelineLayer;

/// The live token timeline: x = seconds since the run started, y = one row per request (warm-ups
/// first, then each level's requests in order, each level on its own light band). A marker per
/// text-bearing chunk, a larger one at the first token, the TTFT span (post → first token) as a
/// bar on the request's row, the chunk stream as a thin bar, and while a request is in flight a
/// thinner bar from its post to "now" (the newest time a live batch told), so a stalled stream
/// shows as a bar that goes on without chunks.
///
/// It can be questioned: hovering shows a readout of the request and the mark under the cursor
/// (readoutAt()); the wheel zooms the time axis about the cursor (Shift+wheel: the rows), a drag
/// pans, a double-click or resetZoom() goes back to following the data; a click emits
/// requestClicked() once the double-click interval has passed without a second click, so a
/// double-click only resets the zoom. setLevelFilter() shows one level, setSelectedRequest()
/// highlights a row. The row axis follows the rows posted so far (TimelineModel::followedRowCount()).
///
/// Fed only with LiveBatch values (at most ~30 a second); the series are rebuilt with replace()
/// from a 40 ms single-shot timer and decimated to a few thousand points, so 256 streams x 256
/// tokens stay smooth. Hover never rebuilds a series; a zoom or pan asks for one coalesced refresh.
/// No OpenGL: it must render under the offscreen platform.
class TokenTimelineChart : public QChartView
{
    Q_OBJECT
public:
    explicit TokenTimelineChart(QWidget *parent = nullptr);

    /// Forgets the previous run (its zoom and selection too) and lays out the rows for this one.
    /// `arms` > 1: an A/B interleaved run, whose levels hold that many times the requests; endpoint
    /// B's chunks and stream bars are drawn in their own colour ("Chunk · A", "Chunk · B").
    void beginRun(const RunConfig &config, int arms = 1);
    /// Draws a finished (stored, re-opened) run at once. Keeps the selection, so a window that
    /// selects before or after showing the run gets the same highlight.
    void setRun(const RunResult &run);
    /// A level began (LoadRunner::levelStarted): its band is named after its load point ("c=4",
    /// "r=40/s") and, when it sends a known count, gets its rows, also for a level the config did
    /// not list (a sweep's or a max-rate search's).
    void addLevel(const LoadPoint &point);
    void addBatch(const LiveBatch &batch);
    /// Ends the request's row: a failed one gets a red marker where it ended, and a span still
    /// waiting for its first token stops growing. The record is kept for requestClicked().
    void addFinished(const RequestRecord &record);
    /// Draws what is pending now (the refresh timer otherwise does it within 40 ms).
    void refreshNow();

    /// The title becomes "Token timeline — <label>" (an empty label: "Token timeline").
    void setRunLabel(const QString &label);
    int levelFilter() const { return m_model.levelFilter(); }

    /// The readout shown for `viewPos` (viewport coordinates): the request of the row there (level,
    /// index, status) and, within a few pixels of a mark, that mark (post, first token, chunk or
    /// failure) with its time since the request's post and its gap to the previous chunk. Empty
    /// outside the plot and on a row whose request was not posted yet.
    QString readoutAt(const QPointF &viewPos) const;
    /// What the empty plot says: press Run before any run, "waiting" once one began; empty with rows.
    QString emptyStateText() const;

    // For tests and the status line: points currently shown per series.
    int chunkPointCount() const;
    /// Of those, the ones drawn in endpoint `arm`'s colour (A/B: 0 = A, 1 = B).
    int armChunkPointCount(int arm) const;
    int firstTokenPointCount() const;
    int warmupPointCount() const;
    int failedPointCount() const;
    /// Rows shown: every request of the run, or one level's when filtered.
    int requestRowCount() const { return m_model.rowCount(); }
    /// The row a request is shown on, -1 when it is not in this run or filtered out. Warm-ups:
    /// levelIndex -1.
    int requestRow(int levelIndex, int index) const;
    /// Where (viewport coordinates) the point `timeS` seconds into the run on `row` is drawn.
    QPointF viewPosition(double timeS, double row) const;
    /// The selected request's row; -1 when none is selected or it is not shown.
    int selectedRow() const;
    /// Requests drawn as in flight (posted, not finished) at the last refresh.
    int inFlightBarCount() const { return m_inFlightCount; }
    /// Stretches of close chunks drawn as one bar at the last refresh (every row that streamed
    /// has at least one).
    int streamSegmentCount() const { return int(m_segments.size()); }
    /// Where the level names at the right edge go (viewport coordinates); a name that would
    /// collide with another is moved left of it, or left out when there is no room.
    QList<QRectF> levelLabelRects() const;
    /// Whether the user zoomed or panned (the axes no longer follow the data).
    bool isZoomed() const { return m_zoomX || m_zoomY; }

public Q_SLOTS:
    /// Only the requests of the level at this index of the run's load points, repacked from the top
    /// (warm-ups only with -1 = every level). Resets the zoom; the title names the level.
    void setLevelFilter(int levelIndex);
    /// Highlights the request's row (a band behind it and an outline). `(levelIndex, index)` is
    /// unique in a run, A/B arms included; `arm` is kept for the record. Survives refreshes and
    /// filter changes; beginRun() clears it.
    void setSelectedRequest(int levelIndex, int index, int arm);
    void clearSelection();
    /// Back to following the data on both axes.
    void resetZoom();

Q_SIGNALS:
    /// A click (press and release without a drag, not the first of a double-click) on a posted
    /// request's row, emitted a double-click interval after the release. A finished request
    /// gives its record; one still in flight what the chart knows of it (post, chunks so far,
    /// endNs -1, ok false).
    void requestClicked(const TokenScope::RequestRecord &record);

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void drawEmptyState(QPainter *painter) const;
    void drawSelectionOutline(QPainter *painter, const TimelineMapper &m) const;
    void drawLevelLabels(QPainter *painter, const TimelineMapper &m) const;
    void resetRun(const RunConfig &config, int arms);
    void updateTitle();
    void scheduleRefresh();
    void refresh();
    void updateSeries(const TimelineMapper &m);
    void updateLegend(bool anyFailed);
    void followData();
    void setTimeRange(double minS, double maxS, double step = 0); ///< step 0: from the span
    void setRowRange(double minRow, double maxRow);
    AxisSpan timeLimits() const;
    AxisSpan rowLimits() const;
    void zoomTime(double centerS, int angleDelta);
    void zoomRows(double centerRow, int angleDelta);
    void updateMarkerSizes(double rowPx);
    void nameArmSeries();
    TimelineMapper mapper() const;
    QPointF toChart(const QPointF &viewPos) const;
    QFont labelFont() const;
    void updateLayerGeometry();
    void showReadout(const QPointF &viewPos);
    void emitClicked();

    bool m_runBegun = false; ///< beginRun() or setRun() was called: no longer the first start
    TimelineModel m_model; ///< the run's rows, what is known of each request, the shown rows
    QChart *m_chart;
    QValueAxis *m_axisX;
    QValueAxis *m_axisY;
    QScatterSeries *m_starts;
    QScatterSeries *m_chunks; ///< an ordinary run's chunks, or endpoint A's
    QScatterSeries *m_chunksB; ///< endpoint B's chunks in an A/B run
    QScatterSeries *m_firstTokens;
    QScatterSeries *m_warmup;
    QScatterSeries *m_failed;
    QLineSeries *m_inFlightKey; ///< no points: the legend entry of the in-flight bars
    TimelineLayer *m_bandLayer; ///< level bands and the selection, under the grid
    TimelineLayer *m_barLayer; ///< spans, stream and in-flight bars, over the grid, under the markers
    QTimer m_refreshTimer;
    QTimer m_clickTimer; ///< a click waits for the double-click interval: a second click resets the zoom
    QPoint m_clickPos; ///< where the waiting click was, viewport coordinates

    QString m_runLabel;
    QList<TimelineModel::Segment> m_segments; ///< built by refresh() for the rows and times in view
    int m_inFlightCount = 0;
    QSizeF m_lastPlotSize; ///< at the last refresh

    // Selection, by request (it outlives the rows' layout).
    int m_selectedLevel = -1;
    int m_selectedIndex = -1;
    bool m_hasSelection = false;

    // Zoom and pan: while set, refresh() leaves that axis alone.
    bool m_zoomX = false;
    bool m_zoomY = false;
    bool m_pressed = false;
    bool m_dragging = false;
    QPoint m_pressPos;
    double m_pressX0 = 0, m_pressX1 = 0, m_pressY0 = 0, m_pressY1 = 0;
    std::optional<QPointF> m_hoverPos; ///< viewport coordinates, while the pointer is over the view
    bool m_readoutShown = false;
};

} // namespace TokenScope
