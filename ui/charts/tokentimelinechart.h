// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/requestrecord.h"
#include "core/runconfig.h"
#include "core/runresult.h"

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QTimer>

class QScatterSeries;
class QValueAxis;

namespace TokenScope {

/// The live token timeline: x = seconds since the run started, y = one row per request (warm-ups
/// first, then each level's requests in order). A marker per text-bearing chunk, a larger one at
/// the first token, and the TTFT span (post → first token) as a bar on the request's row.
///
/// Fed only with LiveBatch values (at most ~30 a second); the series are rebuilt with replace()
/// from a 40 ms single-shot timer and decimated to a few thousand points, so 256 streams x 256
/// tokens stay smooth. No OpenGL: it must render under the offscreen platform.
class TokenTimelineChart : public QChartView
{
    Q_OBJECT
public:
    explicit TokenTimelineChart(QWidget *parent = nullptr);

    /// Forgets the previous run and lays out the rows for this one.
    /// `arms` > 1: an A/B interleaved run, whose levels hold that many times the requests.
    void beginRun(const RunConfig &config, int arms = 1);
    /// Draws a finished (stored, re-opened) run at once.
    void setRun(const RunResult &run);
    void addBatch(const LiveBatch &batch);
    /// Ends the request's row: a failed one gets a red marker where it ended, and a span still
    /// waiting for its first token stops growing.
    void addFinished(const RequestRecord &record);
    /// Draws what is pending now (the refresh timer otherwise does it within 40 ms).
    void refreshNow();

    // For tests and the status line: points currently shown per series.
    int chunkPointCount() const;
    int firstTokenPointCount() const;
    int warmupPointCount() const;
    int failedPointCount() const;
    int requestRowCount() const { return m_rowCount; }

protected:
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    struct RowState
    {
        double startS = -1; ///< when the request was posted
        double firstTokenS = -1; ///< -1 while waiting
        double endS = -1; ///< when the reply finished; -1 while in flight
        bool failed = false;
        bool warmup = false;
    };
    struct Chunk
    {
        double tS;
        int row;
        bool warmup;
    };

    int rowOf(int levelIndex, int index, bool warmup) const;
    void scheduleRefresh();
    void refresh();
    QList<QPointF> decimated(bool warmup, int bins, int rowStep) const;

    QChart *m_chart;
    QValueAxis *m_axisX;
    QValueAxis *m_axisY;
    QScatterSeries *m_starts;
    QScatterSeries *m_chunks;
    QScatterSeries *m_firstTokens;
    QScatterSeries *m_warmup;
    QScatterSeries *m_failed;
    QTimer m_refreshTimer;

    struct LevelBand
    {
        QString label; ///< "concurrency 4"
        int firstRow;
    };
    QList<int> m_levelOffset; ///< by level index: the row of the level's first request
    QList<LevelBand> m_levelBands; ///< in row order, for the separators between levels
    int m_warmupRows = 0;
    int m_rowCount = 0;
    QList<RowState> m_rows;
    QList<Chunk> m_allChunks; ///< every chunk of the run; decimated on each refresh
    double m_latestS = 0; ///< newest time seen (batch send time or arrival)
};

} // namespace TokenScope
