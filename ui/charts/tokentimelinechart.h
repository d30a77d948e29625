// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/loadpoint.h"
#include "core/requestrecord.h"
#include "core/runconfig.h"
#include "core/runresult.h"
#include "chartsupport.h"

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QTimer>

#include <algorithm>
#include <optional>

class QFontMetricsF;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace TokenScope {

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
/// requestClicked(). setLevelFilter() shows one level, setSelectedRequest() highlights a row.
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
    int levelFilter() const { return m_levelFilter; }

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
    int requestRowCount() const { return int(m_rowSlots.size()); }
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
    /// A click (press and release without a drag) on a posted request's row. A finished request
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
    bool m_runBegun = false; ///< beginRun() or setRun() was called: no longer the first start
    /// One request of the run, by its slot in the run's layout (warm-ups, then each level).
    struct RowState
    {
        int levelIndex = -1; ///< -1 for a warm-up
        int level = 0; ///< its level's concurrency, as the engine reported it
        int index = 0;
        int arm = 0; ///< the A/B endpoint it went to
        qint64 startNs = -1; ///< posted, since the run started; -1 until then
        qint64 firstTokenNs = -1; ///< since the run started; -1 while waiting
        qint64 endNs = -1; ///< the reply finished, since the run started; -1 while in flight
        bool finished = false;
        bool failed = false;
        QList<qint64> chunksNs; ///< every text-bearing chunk's arrival, since the run started
        bool warmup() const { return levelIndex < 0; }
    };
    struct LevelBand
    {
        QString label; ///< "concurrency 4", "warm-up"
        int levelIndex; ///< -1: the warm-ups
        int firstRow; ///< shown rows
        int rowCount;
    };
    struct Segment
    {
        double t0S;
        double t1S;
        int row;
        bool warmup;
        int armSeries; ///< armSeriesOf() its row
    };
    /// Linear map between values and chart (item) coordinates of the plot area, as Qt Charts draws it.
    struct Mapper
    {
        QRectF plot;
        double x0, x1, y0, y1;
        double x(double s) const { return plot.left() + (s - x0) / (x1 - x0) * plot.width(); }
        double y(double row) const { return plot.top() + (row - y0) / (y1 - y0) * plot.height(); }
        double valueX(double px) const { return x0 + (px - plot.left()) / plot.width() * (x1 - x0); }
        double valueY(double py) const { return y0 + (py - plot.top()) / plot.height() * (y1 - y0); }
        double rowPx() const { return plot.height() / std::max(1e-9, y1 - y0); }
    };
    struct LabelPlacement
    {
        QString text;
        QRectF rect; ///< chart coordinates
    };

    void resetRun(const RunConfig &config, int arms);
    int slotOf(int levelIndex, int index, bool warmup) const;
    /// slotOf(), adding the rows up to `index` of a measured level that has fewer; -1 for a
    /// warm-up beyond the warm-up rows. Sets `*grew` when rows were added (layoutRows() is due).
    int ensureSlot(int levelIndex, int index, bool warmup, bool *grew);
    /// Rows for the level's first `count` requests (none are removed).
    void growLevel(int levelIndex, int count);
    /// The level's known count of requests (every arm's), or 0 when it is bounded by a duration.
    int plannedRequests(const LoadPoint &point) const;
    QString bandLabel(int levelIndex) const;
    void layoutRows();
    void updateTitle();
    void scheduleRefresh();
    void refresh();
    void followData();
    void autoTimeRange(double *minS, double *maxS, double *step) const;
    void setTimeRange(double minS, double maxS, double step = 0); ///< step 0: from the span
    void setRowRange(double minRow, double maxRow);
    AxisSpan timeLimits() const;
    AxisSpan rowLimits() const;
    void zoomTime(double centerS, int angleDelta);
    void zoomRows(double centerRow, int angleDelta);
    void updateMarkerSizes(double rowPx);
    QList<QPointF> decimated(bool warmup, int arm, int bins, const Mapper &m) const;
    void nameArmSeries();
    int armSeriesOf(const RowState &r) const;
    void buildSegments(const Mapper &m);
    Mapper mapper() const;
    QPointF toChart(const QPointF &viewPos) const;
    RequestRecord recordOfSlot(int slot) const;
    QString statusOf(const RowState &r, int slot) const;
    QList<LabelPlacement> placeLevelLabels(const Mapper &m, const QFontMetricsF &metrics) const;
    QFont labelFont() const;
    void paintBands(QPainter *painter);
    void paintBars(QPainter *painter);
    void updateLayerGeometry();
    void showReadout(const QPointF &viewPos);
    void emitClicked(const QPoint &viewPos);

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
    class Layer;
    Layer *m_bandLayer; ///< level bands and the selection, under the grid
    Layer *m_barLayer; ///< spans, stream and in-flight bars, over the grid, under the markers
    QTimer m_refreshTimer;

    QList<LoadPoint> m_points;
    int m_arms = 1;
    /// By level index, then request index: its slot. Levels bounded by count get their rows when
    /// they are known (beginRun, addLevel); a level bounded by a duration, or one the config did not
    /// list, grows a row per request as its requests start (ensureSlot()).
    QList<QList<int>> m_levelSlots;
    bool m_byCount = true; ///< the run's levels send a known count (durationS == 0)
    RunConfig m_config; ///< for a level's count (requestsForPoint)
    int m_warmupSlots = 0;
    QList<RowState> m_rows; ///< by slot
    QHash<int, RequestRecord> m_records; ///< finished requests, by slot
    double m_latestS = 0; ///< newest time seen (batch send time or arrival): "now"

    // What is shown: rows (repacked when filtered) and their level bands.
    int m_levelFilter = -1;
    QString m_runLabel;
    QList<int> m_rowSlots; ///< by shown row: its slot
    QList<int> m_slotRows; ///< by slot: its shown row or -1
    QList<LevelBand> m_bands; ///< in row order
    QList<Segment> m_segments; ///< built by refresh() for the rows and times in view
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
