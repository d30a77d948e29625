// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"
#include "core/runconfig.h"
#include "core/runresult.h"
#include "stats/turnfigures.h"
#include "zoomablechartview.h"

#include <QChartView>
#include <QList>
#include <QString>
#include <QStringList>

class QLineSeries;
class QValueAxis;

namespace TokenScope {

/// A conversation run's figures by turn (Stats::figuresByTurn, docs/metrics.md#conversations) for
/// one level: TTFT P50 and P95 (left axis, ms) and the share of the prompt the server served from
/// its cache (right axis, %, dashed; drawn only when the server reported cached tokens) against the
/// turn index, one point per turn. A prefix cache shows as TTFT falling after turn 1 while the
/// cached share rises.
///
/// Drawn from a finished or stored run (setRun()); during a live run it says it is shown when the
/// run ends. setLevel() picks the level; -1 shows the last level with conversation turns and the
/// title says which. Hovering reads out the turn nearest the pointer (readoutAt()); the wheel zooms
/// the turn axis, a drag pans, a double-click resets (ZoomableChartView).
class ByTurnChart : public ZoomableChartView
{
    Q_OBJECT
public:
    explicit ByTurnChart(QWidget *parent = nullptr);

    /// A run with `config` starts: the chart empties and says whether it will have anything to show.
    void beginRun(const RunConfig &config = RunConfig());
    /// A finished or stored run: its records' turns on the level picked (setLevel()).
    void setRun(const RunResult &run);
    /// The level shown; -1: the last level with conversation turns.
    void setLevel(int levelIndex);
    /// Names of the run's levels by index ("c=4"), for the title; an index past them is "level N".
    void setLevelNames(const QStringList &names);
    /// Names the run in the title: "By turn · <level> — <label>". Kept until set again.
    void setRunLabel(const QString &label);

    // What is drawn, for tests and screenshots.
    /// The level whose turns are drawn: the one picked, or for -1 the last with conversation turns
    /// (-1 when the run has none).
    int shownLevel() const;
    const QList<Stats::TurnFigures> &turns() const { return m_turns; }
    /// Whether the cached-share series and its axis are drawn (some turn has cachedShare >= 0).
    bool showsCachedShare() const;
    QString title() const;
    /// What the plot area says instead of the chart; empty when there are turns to draw.
    QString emptyStateText() const;
    /// The turn nearest the pointer at `viewPos` (viewport coordinates), in words; empty when no
    /// turn is within reach.
    QString readoutAt(const QPointF &viewPos) const;

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    bool hasZoomableData() const override;
    AxisSpan zoomLimits() const override;
    double minZoomWidth() const override;
    QAbstractSeries *zoomSeries() const override;
    void zoomChanged(ZoomChange change) override;

private:
    enum class State { NoRun, Live, Shown };

    void refresh();
    void updateAxes();
    void updateTitle();
    int nearestTurn(const QPointF &viewPos) const; ///< index into m_turns, or -1

    QChart *m_chart;
    QValueAxis *m_axisTurn;
    QValueAxis *m_axisTtft;
    QValueAxis *m_axisCached;
    QLineSeries *m_ttftP50;
    QLineSeries *m_ttftP95;
    QLineSeries *m_cachedShare;
    State m_state = State::NoRun;
    bool m_conversations = false; ///< the run's config holds conversations (turns > 1)
    QList<RequestRecord> m_records;
    int m_pickedLevel = -1;
    QStringList m_levelNames;
    QString m_runLabel;
    QList<Stats::TurnFigures> m_turns;
};

} // namespace TokenScope
