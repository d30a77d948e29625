// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/loadpoint.h"
#include "core/runconfig.h"
#include "core/runresult.h"

#include <QDateTime>
#include <QList>
#include <QTabWidget>

class QComboBox;

namespace TokenScope {

class ByTurnChart;
class HistogramChart;
class ServingCurveChart;
class ThroughputChart;
class TokenTimelineChart;

/// The run's charts, one tab each: token timeline, TTFT and ITL histograms, throughput and in
/// flight, serving curve, by turn (a conversation run's). One level picker in the corner shows one
/// level of the run in the timeline, both histograms and the By turn chart ("All levels": its last
/// level). Every chart's title names the run it shows. Alt+1…6 shows a chart from anywhere in the
/// window, Ctrl+PgUp/PgDn steps through them within the pane (each tab's tooltip says so). The live
/// batches and the server's samples go to the charts directly (timeline(), throughput()).
class ChartsPane : public QTabWidget
{
    Q_OBJECT
public:
    explicit ChartsPane(QWidget *parent = nullptr);

    TokenTimelineChart *timeline() const { return m_timeline; }
    HistogramChart *ttftHistogram() const { return m_ttftHistogram; }
    HistogramChart *itlHistogram() const { return m_itlHistogram; }
    ThroughputChart *throughput() const { return m_throughput; }
    ServingCurveChart *servingCurve() const { return m_servingCurve; }
    ByTurnChart *byTurn() const { return m_byTurn; }
    /// The levels of the run shown, as far as they are known (a sweep's are learned as it goes).
    const QList<LoadPoint> &levelPoints() const { return m_levelPoints; }

    /// A run of `arms` endpoints (A/B: 2) with `config` starts at `startedAt`: every chart empties.
    void beginRun(const RunConfig &config, int arms, const QDateTime &startedAt);
    void addFinished(const RequestRecord &record);
    /// A level began: one a sweep or a max-rate search chose joins the picker and the charts.
    void addLevel(const LoadPoint &point);
    /// A level ended: its point joins the serving curve.
    void addLevelSummary(const LevelSummary &summary);
    /// The run ended: the charts draw what is pending; the serving curve says how a sweep or a
    /// search ended.
    void finishRun(const RunResult &result);
    /// Shows a finished or stored run in every chart, on all of its levels.
    void setRun(const RunResult &run);
    /// Shows one level (-1: all) in the timeline, both histograms and the By turn chart, and in the
    /// picker.
    void showLevel(int levelIndex);

private:
    void addTabShortcuts();
    void nameChartsAfter(const RunConfig &config, const QDateTime &startedAt, const QList<LoadPoint> &points);
    /// The picker's entries, named after m_levelPoints.
    void fillLevelPicker();

    TokenTimelineChart *m_timeline;
    HistogramChart *m_ttftHistogram;
    HistogramChart *m_itlHistogram;
    ThroughputChart *m_throughput;
    ServingCurveChart *m_servingCurve;
    ByTurnChart *m_byTurn;
    QComboBox *m_levelPicker;
    QList<LoadPoint> m_levelPoints;
};

} // namespace TokenScope
