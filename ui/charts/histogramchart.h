// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "zoomablechartview.h"
#include "core/requestrecord.h"
#include "core/runresult.h"
#include "stats/histogram.h"

#include <QChartView>
#include <QList>
#include <QString>
#include <QTimer>

#include <optional>
#include <vector>

class QAreaSeries;
class QFontMetricsF;
class QLineSeries;
class QValueAxis;

namespace TokenScope {

/// A latency histogram of one run: TTFT (one value per request) or ITL (one value per gap between
/// successive text-bearing chunks). Only finished, completed, measured requests count: warm-ups
/// and failed requests are left out, and for ITL so are requests with fewer output tokens than the
/// run's minTokensForTpot, as in the level summaries. P50 and P95 of the raw values (not of the
/// bins) are drawn as vertical lines. Bins come from Stats::histogram(); far outliers go into a
/// hatched last bar whose legend entry says how many and how far.
///
/// The user can question it: hovering shows the bin under the pointer (readoutAt()), the mouse
/// wheel zooms the x axis around the pointer, a left drag pans, a double-click goes back to the
/// whole sample (resetZoom()). While zoomed, the visible range is binned anew, finer where it
/// holds fewer values (never coarser than the whole sample's bins), and live refreshes keep the
/// range. Without bars, the plot area says why
/// (emptyStateText()).
///
/// addFinished() only stores the values; one redraw follows on a 100 ms single-shot timer, so a
/// burst of finished requests costs one refresh. Hovering and zooming redraw the view but never
/// rebuild the series. No OpenGL (bars are a few hundred points).
class HistogramChart : public ZoomableChartView
{
    Q_OBJECT
public:
    enum class Metric { Ttft, Itl };

    explicit HistogramChart(Metric metric, QWidget *parent = nullptr);

    /// Forgets the previous run. `config` supplies minTokensForTpot for the ITL sample.
    void beginRun(const RunConfig &config = RunConfig());
    void addFinished(const RequestRecord &record);
    /// A level began (LoadRunner::levelStarted): its name for the title, also for a level the
    /// config did not list (a sweep's or a search's).
    void addLevel(const LoadPoint &point);
    /// Shows a finished (or stored) run at once: beginRun + addFinished for each record + refresh.
    void setRun(const RunResult &run);
    /// Only requests of the level at this index of the run's load points; -1 (the default) pools
    /// every level. Kept across runs (beginRun(), setRun()); the title names the level
    /// (levelName(): "c=4", "c=1 · level 3").
    void setLevelFilter(int levelIndex);
    int levelFilter() const { return m_levelFilter; }
    /// Names the run in the title: "TTFT histogram — <label>" (then " · <level>" when filtered,
    /// and n). Empty: no run name. Kept until set again.
    void setRunLabel(const QString &label);
    QString runLabel() const { return m_runLabel; }
    /// Draws what is pending now (the refresh timer otherwise does it within 100 ms).
    void refreshNow();

    Metric metric() const { return m_metric; }
    /// The text shown on hover at `viewPos` (viewport coordinates): the bin under it, its range in
    /// ms, its count and share of the sample, and the share below its upper edge; for the hatched
    /// bar of far-out values, how many and how far. Empty outside the plot area or the bins.
    QString readoutAt(const QPointF &viewPos) const;
    /// What the plot area says instead of bars (no run yet, waiting, every response too short for
    /// ITL, nothing at the chosen level); empty when bars are drawn.
    QString emptyStateText() const;

    // What is drawn, for tests and the status line.
    const Stats::Histogram &histogram() const { return m_histogram; } ///< of the whole (filtered) sample
    /// The bins drawn: histogram(), or while zoomed, the visible range's own bins (no far-out bar).
    const Stats::Histogram &shownHistogram() const { return m_shown; }
    int sampleCount() const { return m_histogram.total; }
    int drawnBarCount() const;
    double p50Ms() const { return m_p50Ms; }
    double p95Ms() const { return m_p95Ms; }

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    bool hasZoomableData() const override;
    AxisSpan zoomLimits() const override;
    double minZoomWidth() const override;
    QAbstractSeries *zoomSeries() const override;
    void zoomChanged(ZoomChange change) override;

private:
    struct Sample
    {
        int levelIndex;
        double ms;
    };
    /// Every measured request the chart was given, for the empty-state message.
    struct Outcome
    {
        int levelIndex;
        bool ok;
        bool tooShortForItl; ///< completed with fewer than m_minTokensForItl output tokens
    };
    enum class State { NoRun, Live, Shown };

    void scheduleRefresh();
    void refresh();
    std::vector<double> filteredValues() const;
    void updateTitle();
    void updateView();
    void binShownRange();
    void updateAxes();
    void updateXAxis();
    AxisSpan dataSpan() const;
    int binAt(const QPointF &viewPos) const;
    void updateBars();
    void updatePercentileLines();
    void drawPercentileLabels(QPainter *painter, const QFontMetricsF &metrics, const QRectF &plot);
    void drawOverflowLabel(QPainter *painter, const QFontMetricsF &metrics);

    Metric m_metric;
    QChart *m_chart;
    QValueAxis *m_axisX;
    QValueAxis *m_axisY;
    QLineSeries *m_barsUpper;
    QAreaSeries *m_bars;
    QLineSeries *m_overflowUpper;
    QAreaSeries *m_overflow;
    QLineSeries *m_p50Line;
    QLineSeries *m_p95Line;
    QTimer m_refreshTimer;
    QString m_runLabel;
    State m_state = State::NoRun;

    int m_minTokensForItl = 0;
    int m_levelFilter = -1;
    QList<LoadPoint> m_loadPoints; ///< the run's, for the title
    QList<Sample> m_samples;
    QList<Outcome> m_outcomes;
    std::vector<double> m_sortedMs; ///< the filtered sample, ascending
    Stats::Histogram m_histogram;
    Stats::Histogram m_shown;
    double m_p50Ms = 0;
    double m_p95Ms = 0;
};

} // namespace TokenScope
