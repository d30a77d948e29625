// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/loadpoint.h"
#include "core/requestrecord.h"
#include "core/runresult.h"

#include <QChartView>
#include <QList>
#include <QStringList>
#include <QTimer>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace TokenScope {

/// Output throughput and requests in flight over the run, live. x = seconds since the run
/// started (the token timeline's axis); left y = output tokens per second over a sliding window
/// (1 s by default) of chunk arrivals; right y = LiveBatch::inFlight as a step line. Dashed
/// vertical lines mark where the warm-up and each level started, each level labelled with its load
/// point as levelName() names it: "c=4", or "c=1 · level 3" when the run repeats that load (1,4,1).
///
/// Chunks carry no token count, so the rate counts text-bearing chunks and scales them by the
/// tokens per chunk seen so far in finished requests whose count came from usage (1 until one
/// is known; the legend says when the factor is not 1).
///
/// Fed only with LiveBatch values; arrivals are counted in 10 ms bins, and the series are rebuilt
/// with replace() from a 40 ms single-shot timer, at most a few thousand points each, so a long
/// run costs the same per redraw as a short one. No OpenGL (must render under offscreen).
class ThroughputChart : public QChartView
{
    Q_OBJECT
public:
    explicit ThroughputChart(QWidget *parent = nullptr);

    /// Forgets the previous run. Given the run's config, the chart knows its levels from the start;
    /// without it, it learns them from the requests, so a level's label gains its position only
    /// once a later level repeats its load.
    void beginRun();
    void beginRun(const RunConfig &config);
    void addBatch(const LiveBatch &batch);
    /// Learns the tokens per chunk from completed requests that reported usage.
    void addFinished(const RequestRecord &record);
    /// Shows a finished or stored run from its records alone: chunk arrivals from chunkTimesNs,
    /// requests in flight from each record's start and end.
    void setRun(const RunResult &run);
    /// Width of the sliding window, seconds (default 1). A run shorter than ten windows uses a
    /// narrower one (a tenth of the run on a 1-2-5 step, at least 0.1 s): a 2 s run averaged over
    /// 1 s would read as one slow ramp. The legend names the window in use.
    void setWindowS(double seconds);
    double windowS() const { return m_windowS; }
    double effectiveWindowS() const;
    /// Draws what is pending now (the refresh timer otherwise does it within 40 ms).
    void refreshNow();

    // What is drawn, for tests and the status line.
    int throughputPointCount() const;
    int inFlightPointCount() const;
    double peakTokensPerS() const { return m_peakTokensPerS; }
    int peakInFlight() const { return m_peakInFlight; }
    double tokensPerChunk() const;
    int chunkCount() const { return m_chunkCount; }
    int levelMarkerCount() const { return static_cast<int>(m_levelStarts.size()); } ///< warm-up included
    QStringList levelLabels() const; ///< one per marker, in order: "warm-up", "c=1 · level 1", …

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    struct InFlightSample
    {
        double tS;
        int inFlight;
    };
    struct LevelStart
    {
        double tS;
        bool warmup;
        int levelIndex; ///< RequestStart::levelIndex
        int concurrency;
    };

    void startRun(const QList<LoadPoint> &loadPoints);
    QList<LoadPoint> levelPoints() const;
    void scheduleRefresh();
    void refresh();
    void addStarted(const RequestStart &start);
    void addChunkAt(qint64 arrivalNs);
    QList<QPointF> throughputPoints(double endS, int maxPoints) const;
    QList<QPointF> inFlightSteps(double endS, int maxPoints) const;
    void updateAxes(double endS);

    QChart *m_chart;
    QValueAxis *m_axisX;
    QValueAxis *m_axisRate;
    QValueAxis *m_axisInFlight;
    QLineSeries *m_rateLine;
    QAreaSeries *m_rateArea;
    QLineSeries *m_inFlightLine;
    QTimer m_refreshTimer;

    double m_windowS = 1.0;
    QList<int> m_binChunks; ///< text-bearing chunks per 10 ms bin since the run started
    int m_chunkCount = 0;
    qint64 m_usageTokens = 0; ///< over completed requests whose count came from usage
    qint64 m_usageChunks = 0;
    QList<InFlightSample> m_inFlight;
    QList<LevelStart> m_levelStarts;
    QList<LoadPoint> m_loadPoints; ///< the run's, when beginRun() or setRun() was given them
    int m_lastLevelIndex = -1; ///< level of the newest measured request seen
    double m_latestS = 0;
    double m_peakTokensPerS = 0;
    int m_peakInFlight = 0;
};

} // namespace TokenScope
