// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "stats/comparison.h"
#include "whiskers.h"

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QWidget>
#include <array>

class QChart;
class QFont;
class QLabel;
class QLineSeries;

namespace TokenScope {

/// The compare view's charts (docs/history-and-compare.md#4-the-compare-tab): the TTFT, TPOT and
/// ITL distributions as overlaid CDF curves (over every level or one), and output throughput,
/// TTFT P50/P95 and TPOT P50 against concurrency, one line per run (against achieved throughput,
/// the serving curve, when a run chose its load by rate). Each run is drawn in its own colour,
/// the baseline a little wider. A grid of six charts with their captions.
class CompareCharts : public QWidget
{
    // The compare view's words: the translations keep their context.
    Q_DECLARE_TR_FUNCTIONS(TokenScope::CompareView)

public:
    /// The charts against concurrency.
    enum class LevelChart { OutputThroughput, Ttft, Tpot };

    /// A run as the charts draw it.
    struct Run
    {
        RunResult result;
        QString label; ///< short and unique (RunLabel::distinctLabels); names its P95 line ("<label> P95")
        QString fullName; ///< the run's whole name (RunLabel::fullName), in the charts' tooltips
        QColor color;
        bool baseline = false;
    };

    explicit CompareCharts(QWidget *parent = nullptr);

    /// The runs every chart draws, in order; updateDistributions() and updateLevels() draw them.
    void setRuns(const QList<Run> &runs);
    /// What names a run's curves in a legend: its label, elided in the middle past `maxPx`
    /// (where two labels differ, at their ends: a time, a #n), then " (baseline)" for the baseline,
    /// within the same width.
    static QString legendName(const Run &run, const QFont &legendFont, int maxPx);
    /// Each of `entries` labels' share of `chart`'s legend, in px.
    static int legendLabelWidthPx(const QChart *chart, int entries);
    static constexpr int kLegendLabelMaxPx = 220;
    static constexpr int kLegendLabelMinPx = 60;
    static constexpr int kLegendMarkerPx = 64; ///< a legend entry's marker, spacing and the legend's margins

protected:
    void resizeEvent(QResizeEvent *event) override;

public:
    /// Draws the distributions over the level of this concurrency (0 = every level).
    void updateDistributions(int concurrency);
    void updateLevels();

    /// The CDF curves drawn for `metric` (Ttft, Tpot or Itl), one per run that has samples, in run order.
    QList<QLineSeries *> cdfSeries(Compare::Metric metric) const;
    /// The lines of a chart against concurrency (for Ttft: P50 then P95 per run).
    QList<QLineSeries *> levelSeries(LevelChart chart) const;
    /// The 95 % intervals a chart against the load draws as whiskers, one set per line of
    /// levelSeries(chart) (docs/metrics.md#confidence-intervals).
    const QList<WhiskerSet> &levelWhiskers(LevelChart chart) const
    {
        return m_levelWhiskers[static_cast<size_t>(chart)];
    }
    /// Whether the level charts are drawn against the throughput each level achieved (some run
    /// chose its load by rate) rather than concurrency.
    bool levelsByThroughput() const { return m_levelsByThroughput; }

private:
    /// One line against the load: its points, their intervals and how high they reach.
    struct LevelLine
    {
        QList<QPointF> points;
        QList<Whisker> whiskers;
        double top = 0;
        void add(double x, double y, const ConfidenceInterval &ci);
    };
    /// What one run's lines against the load hold.
    struct LevelLines
    {
        LevelLine throughput, ttftP50, ttftP95, tpotP50;
    };
    struct Extent
    {
        int minC = 0;
        int maxC = 0;
        double maxX = 0;
        std::array<double, 3> maxY { 0, 0, 0 };
    };

    void updateDistribution(Compare::Metric metric, int concurrency);
    QLineSeries *makeRunLine(qsizetype runIndex) const;
    /// Names every run's lines in each legend, the labels cut to their share of its width.
    void nameLegendEntries();
    static constexpr const char *kRunIndexProperty = "runIndex";
    /// Each chart's tooltip: every legend entry with the run's whole name.
    void updateToolTips();
    void resetLevelAxes();
    LevelLines levelLines(const RunResult &run, Extent *extent) const;
    void addLevelLine(LevelChart which, QLineSeries *series, const LevelLine &line, bool legend);
    void rangeLevelAxes(const Extent &extent);

    QList<Run> m_runs;
    bool m_levelsByThroughput = false;
    QLabel *m_levelCaption = nullptr;
    std::array<QChart *, 3> m_cdfCharts {}; ///< TTFT, TPOT, ITL
    std::array<QList<QLineSeries *>, 3> m_cdfSeries;
    std::array<QChart *, 3> m_levelCharts {}; ///< by LevelChart
    std::array<QList<QLineSeries *>, 3> m_levelSeries;
    std::array<WhiskerChartView *, 3> m_levelViews {};
    std::array<QList<WhiskerSet>, 3> m_levelWhiskers;
};

} // namespace TokenScope
