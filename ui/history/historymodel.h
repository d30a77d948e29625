// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runlabel.h"
#include "store/historystore.h"

#include <QAbstractTableModel>
#include <QList>

namespace TokenScope {

/// The history list: one row per stored run (HistoryStore::listRuns, newest first), with the
/// parameter-log columns and a few figures to tell runs apart at a glance.
///
/// Figures come from the run's level summaries (arm 0 of an A/B run): TTFT P50 at the lowest
/// and the highest concurrency ("41.2 → 312 ms"), output throughput at the highest, failed
/// requests over every level. DisplayRole formats with units; SortRole returns raw values (the
/// date as QDateTime, numbers as numbers, an absent figure as an invalid QVariant);
/// RunIdRole returns the run's id in every column.
class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        DateColumn,
        ModelColumn,
        ProfileColumn, ///< the endpoint profile the run used; empty for the CLI's and older runs
        ApiColumn,
        EndpointColumn,
        LevelsColumn,
        RequestsColumn,
        TtftP50Column,
        OutputThroughputColumn,
        FailedColumn,
        StatusColumn,
        TagsColumn,
        /// "2/3": the run's place in a repeated run (docs/metrics.md#repeats); sorts a series
        /// together, in repeat order; empty for a run that is no repeat.
        RepeatColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, RawValueRole, RunIdRole };

    /// `store` may be null (then only setRuns() fills the model); it must outlive the model.
    explicit HistoryModel(HistoryStore *store = nullptr, QObject *parent = nullptr);

    /// Shows exactly these runs (a model reset).
    void setRuns(const QList<HistoryRunInfo> &runs);
    const HistoryRunInfo &run(int row) const { return m_runs.at(row); }
    /// The row of run `runId`, or -1.
    int rowOfRun(qint64 runId) const;
    QString lastError() const { return m_lastError; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// A run's name: its own, else "profile · load · yyyy-MM-dd HH:mm" (RunLabel::fullName).
    static QString displayName(const HistoryRunInfo &run);
    static RunLabel::Parts labelParts(const HistoryRunInfo &run);

public Q_SLOTS:
    /// Reads the list again from the store (a model reset). On failure the rows stay as they
    /// were, lastError() says why and loadFailed is emitted. Returns whether it read.
    bool reload();

Q_SIGNALS:
    void loadFailed(const QString &message);

private:
    QVariant rawValue(const HistoryRunInfo &run, int column) const;
    QString displayText(const HistoryRunInfo &run, int column) const;
    QVariant toolTip(const HistoryRunInfo &run, int column) const;

    HistoryStore *m_store;
    QList<HistoryRunInfo> m_runs;
    QStringList m_names; ///< by row: RunLabel::distinctNames of the runs
    QString m_lastError;
};

} // namespace TokenScope
