// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runresult.h"
#include "core/slo.h"
#include "stats/servingcurve.h"
#include "whiskers.h"
#include "zoomablechartview.h"

#include <QChartView>
#include <QList>
#include <QString>
#include <QTimer>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace TokenScope {

/// The serving curve of one run (Stats::servingCurve): TTFT P50 and P95 (left axis, ms) and TPOT
/// P50 (right axis, ms) against the throughput each level achieved (completed requests per
/// second), one point per level with a completed request, each labelled with its load point
/// ("r=4/s"). Where median TTFT takes off (Stats::findKnee) the span between the two levels is
/// shaded and the take-off point ringed; the knee's sentence is written under the plot.
///
/// Live: addLevel() for each finished level (a sweep or a max-rate search chooses its levels as it
/// goes, so nothing is assumed from the config); the series are rebuilt with replace() from a
/// 40 ms single-shot timer. setRun() shows a finished or stored run from its level summaries, with
/// how a sweep or a max-rate search ended and the rate the search found (ringed in green). A
/// search's constraints on a TTFT or TPOT figure are drawn as dash-dot lines on that axis, each
/// labelled with its text ("p95_ttft_ms<=500"); the knee, the rate found and the constraints have
/// legend keys while they are drawn. An
/// A/B run shows arm A's curve. Hovering reads out the level nearest the pointer (readoutAt()); the
/// wheel zooms the throughput axis, a drag pans, a double-click resets (ZoomableChartView).
class ServingCurveChart : public ZoomableChartView
{
    Q_OBJECT
public:
    explicit ServingCurveChart(QWidget *parent = nullptr);

    /// Forgets the previous run; the curve fills in as levels finish. `config`: a max-rate search's
    /// constraints are drawn from the start.
    void beginRun(const RunConfig &config = RunConfig());
    void addLevel(const LevelSummary &summary);
    /// A finished or stored run at once.
    void setRun(const RunResult &run);
    /// Draws what is pending now (the refresh timer otherwise does it within 40 ms).
    void refreshNow();
    /// Names the run in the title: "Serving curve — <label>". Kept until set again.
    void setRunLabel(const QString &label);

    // What is drawn, for tests and screenshots.
    const QList<Stats::ServingPoint> &curve() const { return m_curve; }
    int pointCount() const; ///< points of the TTFT P50 series
    const Stats::Knee &knee() const { return m_knee; }
    /// The line under the plot: the knee's sentence, or what the curve still needs.
    QString kneeText() const;
    /// A finished sweep's or max-rate search's outcome (RunResult::loadPlanOutcome), written under
    /// the knee's sentence; empty otherwise.
    QString planOutcome() const { return m_planOutcome; }
    /// The curve point of the highest rate a max-rate search found (ringed in green), or -1.
    int maxRatePoint() const;
    /// A search constraint drawn as a line: on the TTFT axis (ttft) or the TPOT axis, at `bound` ms.
    struct ConstraintLine
    {
        QString label; ///< the constraint's text, "p95_ttft_ms<=500"
        bool ttft;
        double boundMs;
    };
    /// The lines drawn for the run's max-rate constraints; other constraints (throughput,
    /// goodput, other metrics) have no axis here and are left to the footer's outcome.
    QList<ConstraintLine> constraintLines() const;
    /// Whether the legend lists `name` ("Search constraint", "Highest passing rate", …) now.
    bool legendShows(const QString &name) const;
    /// The level nearest the pointer at `viewPos` (viewport coordinates), in words; empty when no
    /// point is within reach.
    QString readoutAt(const QPointF &viewPos) const;
    /// The 95 % intervals drawn as whiskers: TTFT P50, TTFT P95 and TPOT P50 of each point that has
    /// one (docs/metrics.md#confidence-intervals).
    QList<WhiskerSet> whiskerSets() const;
    /// What the plot area says instead of a curve; empty when there is one to draw.
    QString emptyStateText() const;

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void resizeEvent(QResizeEvent *event) override;
    bool hasZoomableData() const override;
    AxisSpan zoomLimits() const override;
    double minZoomWidth() const override;
    QAbstractSeries *zoomSeries() const override;
    void zoomChanged(ZoomChange change) override;

private:
    enum class State { NoRun, Live, Shown };

    void scheduleRefresh();
    void refresh();
    void updateAxes();
    void updateBottomMargin();
    QString footerText() const; ///< kneeText() and planOutcome()
    AxisSpan fullSpan() const;
    QPointF scenePos(double throughput, double valueMs, QAbstractSeries *series) const;
    int nearestPoint(const QPointF &viewPos) const; ///< index into m_curve, or -1
    void drawKnee(QPainter *painter, const QRectF &plot) const;
    void drawSearchAnswer(QPainter *painter) const;
    void drawConstraintLines(QPainter *painter, const QRectF &plot) const;
    void addLegendKeys();
    void updateLegendKeys();
    void drawPointLabels(QPainter *painter, const QRectF &plot) const;

    QChart *m_chart;
    QValueAxis *m_axisX;
    QValueAxis *m_axisTtft;
    QValueAxis *m_axisTpot;
    QLineSeries *m_ttftP50;
    QLineSeries *m_ttftP95;
    QLineSeries *m_tpotP50;
    QScatterSeries *m_ttftP50Dots;
    // Legend keys without points: the marks drawn in drawForeground().
    QScatterSeries *m_kneeKey;
    QScatterSeries *m_foundKey;
    QLineSeries *m_constraintKey;
    QList<SloConstraint> m_constraints; ///< a max-rate search's
    QTimer m_refreshTimer;
    QString m_runLabel;
    State m_state = State::NoRun;
    QList<LevelSummary> m_levels;
    QList<Stats::ServingPoint> m_curve;
    Stats::Knee m_knee;
    QString m_planOutcome;
    double m_maxRateFound = -1;
    int m_textHeight = 0; ///< the bottom margin that holds kneeText()
};

} // namespace TokenScope
