// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runconfig.h"
#include "core/runresult.h"
#include "stats/peerdefinitions.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>
#include <functional>
#include <optional>

namespace TokenScope {

/// One finished level with the run inputs the parameter log records next to it.
struct RunsTableRow
{
    QDateTime startedAt; ///< when the run started (the log's date)
    QString model;
    ApiKind api = ApiKind::ChatCompletions;
    int maxTokens = 0;
    double outputSpread = 0; ///< each request's max_tokens drawn within maxTokens × (1 ± this)
    bool datasetLengths = false; ///< dataset entries may bring their own max_tokens
    LevelSummary level;
    /// The run's arm count: 2 or more for an A/B interleaved run (level.arm says which arm the
    /// row measured), 1 for an ordinary run.
    int armCount = 1;
    int sessionIndex = -1; ///< index into the window's runs of this session; -1 for a stored run
    qint64 historyId = -1; ///< the run's id in the history store; -1 when it is not stored
    /// The level under the model's chosen definitions when they are another tool's; unset until
    /// the window computed it from the run's records.
    std::optional<Stats::PeerLevelSummary> peer;

    /// The row of `level` of a run of these arms started at `startedAt` (not yet in any session or
    /// history: sessionIndex and historyId are left for the caller).
    static RunsTableRow ofLevel(const QList<RunConfig> &arms, const QDateTime &startedAt, const LevelSummary &level);
};

/// The runs table: one row per finished level, with the parameter-log columns
/// (docs/metrics.md#runs-table-one-row-per-finished-concurrency-level).
/// DisplayRole formats with units; SortRole returns raw numbers (or the date / text) so a
/// QSortFilterProxyModel sorts numerically. Rows are only appended (finished levels do not change).
class RunsTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        DateColumn,
        ArmColumn, ///< "A" or "B" in an A/B run, its model in the tooltip; empty otherwise
        ModelColumn,
        ApiColumn,
        ConcurrencyColumn,
        RequestsColumn,
        FailedColumn, ///< beside Requests, highlighted when a request failed
        InputTokensColumn,
        MaxTokensColumn,
        TtftP50Column,
        TtftP95Column,
        TpotP50Column,
        TpotP95Column,
        ItlP50Column,
        E2eP50Column,
        OutputThroughputColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, RawValueRole };

    explicit RunsTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void addRow(const RunsTableRow &row);
    void addRows(const QList<RunsTableRow> &rows);
    void clear();
    /// Whether a row comes from an A/B run: the view shows the Arm column only then.
    bool hasArms() const;
    const RunsTableRow &row(int row) const { return m_rows.at(row); }
    /// Whose definitions the latency and throughput columns follow
    /// (docs/metrics.md#8-the-same-names-in-other-tools); TokenScope's by default. Another tool's
    /// shows each row's `peer` figures (none until setPeerLevel gives them).
    void setDefinitions(Stats::PeerTool tool);
    Stats::PeerTool definitions() const { return m_definitions; }
    void setPeerLevel(int row, const Stats::PeerLevelSummary &level);
    /// Under another tool's definitions: every row's figures from its run's records, `runOf`
    /// giving the run (asked once per run: a run's rows are adjacent). Nothing under TokenScope's.
    void computePeerLevels(const std::function<std::optional<RunResult>(const RunsTableRow &)> &runOf);
    /// The columns whose figures depend on the definitions: TTFT, TPOT, ITL, E2E, output throughput.
    static bool isDefinedColumn(int column);
    /// The cell's figure is not what it seems (a missed schedule, prompts off their length, answers
    /// that stopped early): shown amber, with the reason as its tooltip.
    static bool isWarned(const RunsTableRow &row, int column);

private:
    QVariant rawValue(const RunsTableRow &row, int column) const;
    QString failureToolTip(const LevelSummary &level) const;
    /// Why the level did not keep its schedule and how the cap held it back; empty when neither.
    /// The concurrency cell's: the level's measurement verdict, then its schedule.
    QString levelToolTip(const LevelSummary &level) const;
    QString scheduleToolTip(const LevelSummary &level) const;
    QString intervalToolTip(const LevelSummary &level, int column) const;
    static std::optional<ConfidenceInterval> intervalOf(const LevelSummary &level, int column);
    QString inputToolTip(const LevelSummary &level) const;
    QString outputToolTip(const LevelSummary &level, int column) const;
    QString headerToolTip(int section) const;
    QString ownHeader(int section) const;
    QString displayText(const RunsTableRow &row, int column) const;
    QVariant peerValue(const RunsTableRow &row, int column) const;
    bool showsPeer(int column) const;

    QList<RunsTableRow> m_rows;
    Stats::PeerTool m_definitions = Stats::PeerTool::TokenScope;
};

} // namespace TokenScope
