// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "zoomablechartview.h"
#include "core/livebatch.h"
#include "core/loadpoint.h"
#include "core/requestrecord.h"
#include "core/runresult.h"
#include "core/servermetrics.h"

#include <QChartView>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <optional>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace TokenScope {

/// Output throughput and requests in flight over the run, live. x = seconds since the run
/// started (the token timeline's axis); left y = output tokens per second over a sliding window
/// (1 s by default) of chunk arrivals; right y = LiveBatch::inFlight as a step line. Dashed
/// vertical lines mark where the warm-up and each level started, each level labelled with its load
/// point as levelName() names it: "c=4", "r=40/s" (the rate asked for), or "c=1 · level 3" when the
/// run repeats that load (1,4,1). When the run scraped the server's metrics, the right axis also
/// holds what the server said it was running and queueing, as two more step lines from the first
/// scrape that gave each on (failed scrapes draw nothing and are counted).
///
/// A shown run whose levels were sliced (docs/metrics.md#slices) also draws each slice's output
/// tokens/s as a dark step line on the rate axis; the hover readout adds the slice's TTFT P50.
///
/// Chunks carry no token count, so the rate counts text-bearing chunks and scales them by the
/// tokens per chunk seen so far in finished requests whose count came from usage (1 until one
/// is known; the legend says when the factor is not 1).
///
/// The user can question it: hovering reads out the time, the rate and the requests in flight under
/// the pointer (readoutAt()); the mouse wheel zooms the time axis around the pointer, a left drag
/// pans, a double-click goes back to the whole run (resetZoom()). While zoomed, the series hold
/// the visible span at full resolution and live batches do not move the range. Without data, the
/// plot area says what to do (emptyStateText()).
///
/// Fed only with LiveBatch values; arrivals are counted in 10 ms bins, and the series are rebuilt
/// with replace() from a 40 ms single-shot timer, at most a few thousand points each, so a long
/// run costs the same per redraw as a short one. Hovering redraws the view without rebuilding the
/// series. No OpenGL (must render under offscreen).
class ThroughputChart : public ZoomableChartView
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
    /// A level began (LoadRunner::levelStarted): its marker is labelled with its load point
    /// ("r=40/s c≤4": an open-loop level's asked rate), also for a level the config did not list
    /// (a sweep's or a max-rate search's).
    void addLevel(const LoadPoint &point);
    /// Learns the tokens per chunk from completed requests that reported usage.
    void addFinished(const RequestRecord &record);
    /// One scrape of the server's metrics (RunController::serverMetricsSampled), drawn with the
    /// next refresh; a failed one is only counted.
    void addServerSample(const ServerMetricsSample &sample);
    /// Shows a finished or stored run from its records alone: chunk arrivals from chunkTimesNs,
    /// requests in flight from each record's start and end, the server's figures from its scrapes.
    void setRun(const RunResult &run);
    /// Draws the slices of `run`'s levels (docs/metrics.md#slices), e.g. once a live run has ended;
    /// a run without slices clears them.
    void setSlices(const RunResult &run);
    /// Width of the sliding window, seconds (default 1). A run shorter than ten windows uses a
    /// narrower one (a tenth of the run on a 1-2-5 step, at least 0.1 s): a 2 s run averaged over
    /// 1 s would read as one slow ramp. The legend names the window in use.
    void setWindowS(double seconds);
    double windowS() const { return m_windowS; }
    double effectiveWindowS() const;
    /// Draws what is pending now (the refresh timer otherwise does it within 40 ms).
    void refreshNow();
    /// Names the run in the title: "Output throughput and requests in flight — <label>". Empty: no
    /// run name. Kept until set again.
    void setRunLabel(const QString &label);
    QString runLabel() const { return m_runLabel; }

    /// The text shown on hover at `viewPos` (viewport coordinates): the time since the run started,
    /// the level then under way, output tokens/s (the line's value at that time), requests in
    /// flight and, after the server's first scrape, "server: N running, M waiting" as its latest
    /// scrape at or before that time said. Empty outside the plot area and outside the run's time so far.
    QString readoutAt(const QPointF &viewPos) const;
    /// What the plot area says instead of curves (no run yet, waiting for the first request, a run
    /// without requests); empty when there is something to draw.
    QString emptyStateText() const;
    /// Output tokens/s at `tS` seconds since the run started, over the window ending there, and
    /// the requests in flight then: what the two curves show at full resolution.
    double tokensPerSAt(double tS) const;
    int inFlightAt(double tS) const;
    /// What the server's latest successful scrape at or before `tS` said; nullopt before its first
    /// or when it does not expose the figure.
    std::optional<double> serverRunningAt(double tS) const;
    std::optional<double> serverWaitingAt(double tS) const;

    // What is drawn, for tests and the status line.
    int throughputPointCount() const;
    int inFlightPointCount() const;
    double peakTokensPerS() const { return m_peakTokensPerS; }
    int peakInFlight() const { return m_peakInFlight; }
    int serverRunningPointCount() const; ///< 0 while hidden
    int serverWaitingPointCount() const;
    int slicePointCount() const; ///< 0 unless the shown run has slices
    int serverScrapesOk() const { return m_serverScrapesOk; }
    int serverScrapesFailed() const { return m_serverScrapesFailed; }
    double tokensPerChunk() const;
    int chunkCount() const { return m_chunkCount; }
    int levelMarkerCount() const { return static_cast<int>(m_levelStarts.size()); } ///< warm-up included
    QStringList levelLabels() const; ///< one per marker, in order: "warm-up", "c=1 · level 1", …

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    bool hasZoomableData() const override;
    AxisSpan zoomLimits() const override;
    double minZoomWidth() const override;
    QAbstractSeries *zoomSeries() const override;
    void zoomChanged(ZoomChange change) override;

private:
    struct InFlightSample
    {
        double tS;
        int inFlight;
    };
    /// One figure of a successful scrape: it holds until the next scrape that gave it.
    struct ServerFigure
    {
        double tS;
        double value;
    };
    /// A slice of a shown run's level, placed on the run's time axis.
    struct PlacedSlice
    {
        double fromS, toS;
        LevelSlice slice;
    };
    struct LevelStart
    {
        double tS;
        bool warmup;
        int levelIndex; ///< RequestStart::levelIndex
        int concurrency;
    };

    enum class State { NoRun, Live, Shown };

    void startRun(const QList<LoadPoint> &loadPoints);
    QList<LoadPoint> levelPoints() const;
    void scheduleRefresh();
    void refresh();
    void addStarted(const RequestStart &start);
    void addChunkAt(qint64 arrivalNs);
    void addServerSampleAt(const ServerMetricsSample &sample);
    QString serverReadoutAt(double tS) const;
    QList<QPointF> slicePoints() const;
    QString sliceReadoutAt(double tS) const;
    int countAxisPeak() const; ///< the highest of in flight, server running and waiting
    void updateServerSeries(const AxisSpan &span, double endS);
    QList<QPointF> throughputPoints(const AxisSpan &span, int maxPoints) const;
    QList<QPointF> inFlightSteps(const AxisSpan &span, double endS, int maxPoints) const;
    void updateAxes();
    void updateXAxis();
    AxisSpan fullSpanS() const;
    bool hasData() const;
    int levelAt(double tS) const; ///< index into m_levelStarts of the level under way at tS, or -1

    QChart *m_chart;
    QValueAxis *m_axisX;
    QValueAxis *m_axisRate;
    QValueAxis *m_axisInFlight;
    QLineSeries *m_rateLine;
    QAreaSeries *m_rateArea;
    QLineSeries *m_inFlightLine;
    QLineSeries *m_serverRunningLine;
    QLineSeries *m_serverWaitingLine;
    QLineSeries *m_sliceLine;
    QTimer m_refreshTimer;
    QString m_runLabel;
    State m_state = State::NoRun;

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
    QList<ServerFigure> m_serverRunning; ///< in time order, successful scrapes that gave it only
    QList<ServerFigure> m_serverWaiting;
    double m_peakServer = 0; ///< the highest running or waiting count of the run
    int m_serverScrapesOk = 0;
    int m_serverScrapesFailed = 0;
    QList<PlacedSlice> m_slices; ///< in time order; arm A's levels only
    double m_sliceS = 0; ///< the shown run's slice width (RunConfig::sliceS)
};

} // namespace TokenScope
