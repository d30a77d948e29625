// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"
#include "core/runresult.h"
#include "stats/histogram.h"

#include <QChartView>
#include <QList>
#include <QTimer>

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
/// addFinished() only stores the values; one redraw follows on a 100 ms single-shot timer, so a
/// burst of finished requests costs one refresh. No OpenGL (bars are a few hundred points).
class HistogramChart : public QChartView
{
    Q_OBJECT
public:
    enum class Metric { Ttft, Itl };

    explicit HistogramChart(Metric metric, QWidget *parent = nullptr);

    /// Forgets the previous run. `config` supplies minTokensForTpot for the ITL sample.
    void beginRun(const RunConfig &config = RunConfig());
    void addFinished(const RequestRecord &record);
    /// Shows a finished (or stored) run at once: beginRun + addFinished for each record + refresh.
    void setRun(const RunResult &run);
    /// Only requests of the level at this index of the run's load points; -1 (the default) pools
    /// every level.
    void setLevelFilter(int levelIndex);
    /// Draws what is pending now (the refresh timer otherwise does it within 100 ms).
    void refreshNow();

    Metric metric() const { return m_metric; }
    // What is drawn, for tests and the status line.
    const Stats::Histogram &histogram() const { return m_histogram; }
    int sampleCount() const { return m_histogram.total; }
    int drawnBarCount() const;
    double p50Ms() const { return m_p50Ms; }
    double p95Ms() const { return m_p95Ms; }

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    struct Sample
    {
        int levelIndex;
        double ms;
    };

    void scheduleRefresh();
    void refresh();
    std::vector<double> filteredValues() const;
    void updateTitle();
    void updateAxes();
    void updateBars();
    void updatePercentileLines();
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

    int m_minTokensForItl = 0;
    int m_levelFilter = -1;
    QList<LoadPoint> m_loadPoints; ///< the run's, for the title
    QList<Sample> m_samples;
    Stats::Histogram m_histogram;
    double m_p50Ms = 0;
    double m_p95Ms = 0;
};

} // namespace TokenScope
