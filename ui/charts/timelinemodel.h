// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/loadpoint.h"
#include "core/requestrecord.h"
#include "core/runconfig.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <algorithm>

class QFontMetricsF;

namespace TokenScope {

/// Linear map between values (x: seconds since the run started, y: shown row) and chart
/// coordinates of the plot area, as Qt Charts draws it.
struct TimelineMapper
{
    QRectF plot;
    double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    double x(double s) const { return plot.left() + (s - x0) / (x1 - x0) * plot.width(); }
    double y(double row) const { return plot.top() + (row - y0) / (y1 - y0) * plot.height(); }
    double valueX(double px) const { return x0 + (px - plot.left()) / plot.width() * (x1 - x0); }
    double valueY(double py) const { return y0 + (py - plot.top()) / plot.height() * (y1 - y0); }
    double rowPx() const { return plot.height() / std::max(1e-9, y1 - y0); }
    /// The shown rows the view touches (may be empty: first > last).
    int firstRow() const;
    int lastRow(int rowCount) const;
};

/// What the token timeline draws, without a widget: the run's requests as rows (warm-ups first,
/// then each level's requests in order, each level a band), what the live batches told of each
/// (post, chunks, first token, end), the rows shown under a level filter, the marks thinned to
/// what a view of a given size can show, and the request and mark at a point.
///
/// A slot is a request's place in the whole run; a row is its place among the shown rows (the
/// same unless a level filter repacks them). Fed from the GUI thread only.
class TimelineModel
{
    // The chart's words: the translations keep their context.
    Q_DECLARE_TR_FUNCTIONS(TokenScope::TokenTimelineChart)

public:
    /// One request of the run, by its slot in the run's layout (warm-ups, then each level).
    struct Row
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
    struct Band
    {
        QString label; ///< "concurrency 4", "warm-up"
        int levelIndex; ///< -1: the warm-ups
        int firstRow; ///< shown rows
        int rowCount;
    };
    /// A stretch of a row's close chunks, drawn as one stream bar.
    struct Segment
    {
        double t0S;
        double t1S;
        int row;
        bool warmup;
        int armSeries; ///< armSeriesOf() its row
    };
    /// The per-row marks of the shown rows (every row, not thinned: one each at most).
    struct RowMarks
    {
        QList<QPointF> starts; ///< measured requests' posts
        QList<QPointF> firstTokens; ///< measured requests' first tokens
        QList<QPointF> failed; ///< where a failed request ended
        int inFlight = 0; ///< posted, not finished
    };
    /// The chunk markers a view shows, thinned (decimated()).
    struct ChunkMarks
    {
        QList<QPointF> chunks; ///< an ordinary run's, or endpoint A's
        QList<QPointF> chunksB; ///< endpoint B's in an A/B run
        QList<QPointF> warmup;
    };
    struct LabelPlacement
    {
        QString text;
        QRectF rect; ///< chart coordinates
    };
    struct TimeRange
    {
        double minS = 0, maxS = 1, step = 0.2;
    };

    /// Forgets the previous run and lays out the rows for this one. `arms` > 1: an A/B run, whose
    /// levels hold that many times the requests.
    void reset(const RunConfig &config, int arms = 1);
    /// A level began: its band is named after `point` and, when it sends a known count, gets its rows.
    void addLevel(const LoadPoint &point);
    void addBatch(const LiveBatch &batch);
    /// Ends the request's row (growing its level when it had none); the record is kept.
    void addFinished(const RequestRecord &record);
    /// Only the rows of the level at this index (warm-ups only with -1 = every level), repacked.
    void setLevelFilter(int levelIndex);

    int levelFilter() const { return m_levelFilter; }
    int arms() const { return m_arms; }
    const QList<LoadPoint> &points() const { return m_points; }
    double latestS() const { return m_latestS; } ///< newest time seen: "now"

    /// Rows shown: every request of the run, or one level's when filtered.
    int rowCount() const { return int(m_rowSlots.size()); }
    /// The rows the row axis follows: the shown rows through the last one whose request was
    /// posted, rounded up to a readable step (at most rowCount()); 0 before any post. Rows planned
    /// for requests not sent yet, or never sent after a Cancel, take no room.
    int followedRowCount() const;
    const Row &row(int row) const { return m_rows.at(m_rowSlots.at(row)); }
    const QList<Band> &bands() const { return m_bands; }
    /// The row a request is shown on, -1 when it is not in this run or filtered out (warm-ups:
    /// levelIndex -1).
    int requestRow(int levelIndex, int index) const;
    /// Which chunk series a row's marks go to: endpoint B's own (1), every other arm A's (0).
    int armSeriesOf(const Row &r) const { return m_arms > 1 && r.arm == 1 ? 1 : 0; }

    /// The time range that follows the data: the whole run from 0, or the shown level's own span,
    /// on a nice step.
    TimeRange autoTimeRange() const;

    RowMarks rowMarks() const;
    /// One marker per time bin of each shown row in view (and half a view either side, so that a
    /// pan does not start on an empty plot), `bins` across the view: markers closer than a bin
    /// overlap on screen anyway. Of the measured rows only those of chunk series `arm`.
    QList<QPointF> decimated(bool warmup, int arm, int bins, const TimelineMapper &m) const;
    /// The chunk markers of the rows in view: about one bin per 2 px of plot width, coarser while
    /// there are more than `maxPoints` of A's and B's together. No row is dropped for another.
    ChunkMarks chunkMarks(const TimelineMapper &m, qsizetype maxPoints) const;
    /// The chunk stream of each shown row in view as bars: chunks closer than `mergePx` on screen,
    /// or than 1.5 mean gaps of their row, are one bar, merged coarser until at most `maxSegments`.
    QList<Segment> segments(const TimelineMapper &m, double mergePx, qsizetype maxSegments) const;

    /// The shown row at `chartPos` (chart coordinates) that holds a posted request; -1 when none.
    int postedRowAt(const TimelineMapper &m, const QPointF &chartPos) const;
    /// The request of a shown row: its record when finished, else what the batches told of it
    /// (post, chunks so far as offsets from the post, endNs -1, ok false).
    RequestRecord recordOfRow(int row) const;
    /// The readout at `chartPos`: the request of the row there and, within `nearPx` of a mark,
    /// that mark. Empty outside the plot and on a row whose request was not posted yet.
    QString readoutAt(const TimelineMapper &m, const QPointF &chartPos, double nearPx) const;
    /// Each band's name at the right edge of the plot; see the definition for the rules.
    QList<LabelPlacement> placeLevelLabels(const TimelineMapper &m, const QFontMetricsF &metrics) const;

private:
    bool coversBars(const Band &band, const QRectF &rect, const TimelineMapper &m) const;
    int slotOf(int levelIndex, int index, bool warmup) const;
    int ensureSlot(int levelIndex, int index, bool warmup, bool *grew);
    void growLevel(int levelIndex, int count);
    int plannedRequests(const LoadPoint &point) const;
    QString bandLabel(int levelIndex) const;
    void layoutRows();
    QString statusOf(const Row &r, int slot) const;
    QString chunkText(const Row &r, qsizetype nearest) const;

    QList<LoadPoint> m_points;
    int m_arms = 1;
    /// By level index, then request index: its slot. Levels bounded by count get their rows when
    /// they are known (reset, addLevel); a level bounded by a duration, or one the config did not
    /// list, grows a row per request as its requests start (ensureSlot()).
    QList<QList<int>> m_levelSlots;
    bool m_byCount = true; ///< the run's levels send a known count (durationS == 0)
    RunConfig m_config; ///< for a level's count (requestsForPoint)
    int m_warmupSlots = 0;
    QList<Row> m_rows; ///< by slot
    QHash<int, RequestRecord> m_records; ///< finished requests, by slot
    double m_latestS = 0;
    int m_levelFilter = -1;
    QList<int> m_rowSlots; ///< by shown row: its slot
    QList<int> m_slotRows; ///< by slot: its shown row or -1
    QList<Band> m_bands; ///< in row order
};

} // namespace TokenScope
