// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/comparecharts.h"
#include "core/runresult.h"
#include "stats/comparison.h"
#include "stats/turnfigures.h"

#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineSeries;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTableView;
class QTextBrowser;

namespace TokenScope {

class DeltaTableModel;
struct CompareInput;

/// Two or more runs side by side (docs/history-and-compare.md#4-the-compare-tab): which is faster, by how
/// much, and why.
///
/// From top to bottom: a headline per run against the baseline (CompareHeadline); what differs
/// between the runs' inputs, with a warning when more than one input changed (the method: one
/// variable at a time); the TTFT, TPOT and ITL distributions as overlaid CDF curves (over every
/// level or one); output throughput, TTFT P50/P95 and TPOT P50 against concurrency, one line per
/// run (against achieved throughput, the serving curve, when a run chose its load by rate) — these
/// six drawn by CompareCharts; the delta table level by level against the baseline
/// (DeltaTableModel); and each run's generated reading (Reading::readRun).
///
/// Each run keeps its colour in every chart, the table and the readings, whichever is the
/// baseline. An A/B interleaved run is shown as its arms, each an ordinary run.
class CompareView : public QWidget
{
    Q_OBJECT
public:
    /// The charts against concurrency.
    using LevelChart = CompareCharts::LevelChart;

    explicit CompareView(QWidget *parent = nullptr);

    /// Shows `runs`, named `names` (by index; a missing or empty one: the run is named by its
    /// profile, load and time, docs/history-and-compare.md#run-names), each labelled short and
    /// unique (RunLabel::distinctLabels; `historyIds`, by index, tell apart runs that started in
    /// the same second). `toolVersions` (optional, by index) let the config diff compare the
    /// TokenScope versions too. The baseline becomes the first run.
    void setRuns(const QList<RunResult> &runs, const QStringList &names, const QStringList &toolVersions = {},
        const QList<qint64> &historyIds = {});
    void setRuns(const CompareInput &input);
    void clear();

    int runCount() const { return static_cast<int>(m_runs.size()); }
    QStringList labels() const { return m_labels; } ///< after A/B runs were split into their arms
    QStringList fullNames() const { return m_fullNames; } ///< by label: what each label's tooltip says
    int baselineIndex() const { return m_baseline; }
    QColor runColor(int index) const;

    /// The CDF curves drawn for `metric` (Ttft, Tpot or Itl), one per run that has samples, in run order.
    QList<QLineSeries *> cdfSeries(Compare::Metric metric) const;
    /// The lines of a chart against concurrency (for Ttft: P50 then P95 per run).
    QList<QLineSeries *> levelSeries(LevelChart chart) const;
    /// The 95 % intervals drawn as whiskers on those lines, one set per line.
    QList<WhiskerSet> levelWhiskers(LevelChart chart) const;
    /// Whether those charts are drawn against the throughput each level achieved (completed
    /// requests/s, the serving curve) rather than concurrency: when a run chose its load by rate
    /// (request rates, a sweep, a max-rate search), whose levels have no concurrency to stand on.
    bool levelChartsByThroughput() const;
    /// 0 = the distributions cover every level, else the concurrency they cover.
    int cdfConcurrency() const { return m_cdfConcurrency; }

    DeltaTableModel *deltaModel() const { return m_deltaModel; }
    /// By turn (docs/metrics.md#conversations): a row per level, turn and run: its TTFT P50, the change
    /// against the baseline's, its cached share and prompt tokens; empty when no run measured conversations.
    QStandardItemModel *turnModel() const { return m_turnModel; }
    const Compare::ConfigDiff &configDiff() const { return m_diff; }
    /// Whether the "one variable at a time" warning is up (more than one input differs).
    bool isDiffWarningShown() const { return m_diffWarning; }
    QString diffBannerText() const;
    QString headlineText() const; ///< plain text of the headlines
    QString readingText() const; ///< plain text of the readings

public Q_SLOTS:
    void setBaseline(int index);
    /// Draws the distributions over one level (0 = every level).
    void setCdfConcurrency(int concurrency);

Q_SIGNALS:
    void baselineChanged(int index);

private:
    void styleHeadline();
    QWidget *createSummary();
    QWidget *createCharts();
    QWidget *createTables();
    QWidget *createTurnBox();
    void rebuild();
    void updateBaselineCombo();
    void updateLevelCombo();
    void updateHeadline();
    void updateDiff();
    void updateCharts();
    void updateDeltaTable();
    void updateTurnTable();
    QList<QStandardItem *> turnRow(
        const QString &level, int run, const Stats::TurnFigures &turn, const Stats::TurnFigures &baseline) const;
    void updateReadings();
    /// The run's label with " (baseline)" for the baseline, as the tables' headers and the readings say it.
    QString headerName(int run) const;

    QList<RunResult> m_runs;
    QStringList m_labels;
    QStringList m_fullNames;
    QStringList m_toolVersions;
    int m_baseline = 0;
    int m_cdfConcurrency = 0;
    Compare::ConfigDiff m_diff;
    bool m_diffWarning = false;

    QComboBox *m_baselineCombo = nullptr;
    QComboBox *m_levelCombo = nullptr;
    QLabel *m_headline = nullptr;
    QLabel *m_diffBanner = nullptr;
    QStandardItemModel *m_diffModel = nullptr;
    QTableView *m_diffTable = nullptr;
    CompareCharts *m_charts = nullptr; ///< the distributions and the charts against the load
    DeltaTableModel *m_deltaModel = nullptr;
    QSortFilterProxyModel *m_deltaProxy = nullptr;
    QTableView *m_deltaTable = nullptr;
    QLabel *m_deltaNote = nullptr;
    QWidget *m_turnBox = nullptr; ///< shown when a run measured conversations
    QStandardItemModel *m_turnModel = nullptr;
    QTextBrowser *m_readings = nullptr;
};

} // namespace TokenScope
