// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/loadpoint.h"
#include "core/requestrecord.h"

#include <QAbstractTableModel>
#include <QList>

namespace TokenScope {

/// One row per request of a run, warm-ups included and flagged, in the order given. DisplayRole
/// formats with units ("—" where a metric is not defined for the request); SortRole and
/// RawValueRole return raw numbers (ms as double) or an invalid QVariant for "not defined".
///
/// Filtering by kind needs no subclass: FilterKeyRole (any column) returns "ok", "failed",
/// "warmup-ok" or "warmup-failed", so a QSortFilterProxyModel with that filter role and the
/// patterns from filterPattern() shows all / failed only / no warm-ups.
class RequestsTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        LevelColumn,
        IndexColumn,
        StatusColumn,
        HttpStatusColumn,
        TtftColumn,
        TtftFromSentColumn,
        TpotColumn,
        ItlP50Column,
        E2eColumn,
        OutputTokensColumn,
        TpsColumn,
        ConnectionsColumn,
        ResponseIdColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, RawValueRole, FilterKeyRole, WarmupRole, FailedRole };
    enum class Filter { All, FailedOnly, HideWarmup };

    explicit RequestsTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Replaces every row (a model reset).
    void setRecords(const QList<RequestRecord> &records);
    /// The run's load points (RunResult::points()), which the Load column names each level by
    /// ("c=4", "r=2/s"): a record only knows its level's index and concurrency, and an open-loop
    /// level's concurrency is its cap (0 without one). Kept until the next call or clear().
    void setLevelPoints(const QList<LoadPoint> &points);
    /// One more level of the run under way (a sweep chooses its levels as it goes).
    void addLevelPoint(const LoadPoint &point);
    /// Appends rows with one beginInsertRows for the whole batch.
    void addRecords(const QList<RequestRecord> &records);
    void addRecord(const RequestRecord &record) { addRecords({ record }); }
    void clear();
    RequestRecord record(int row) const { return m_records.value(row); }
    const QList<RequestRecord> &records() const { return m_records; }

    /// What `column` measures, from docs/metrics.md: its header's tooltip, and the drill-down's.
    static QString columnDefinition(Column column);
    /// The regular expression for a proxy's setFilterRegularExpression with FilterKeyRole.
    static QString filterPattern(Filter filter);

private:
    QVariant rawValue(const RequestRecord &r, int column) const;
    QString displayText(const RequestRecord &r, int column) const;
    /// The Load column's text: the level's name ("c=4", "r=2/s c≤8"), "warm-up", or without the
    /// run's load points, its concurrency (closed loop) or its place in the run (open loop).
    QString loadText(const RequestRecord &r) const;
    const LoadPoint *pointOf(const RequestRecord &r) const;
    QVariant toolTip(const RequestRecord &r, int column) const;

    QList<RequestRecord> m_records;
    QList<LoadPoint> m_levelPoints;
    QList<double> m_itlP50Ms; ///< per row, computed once on insert (-1: fewer than two chunks)
};

} // namespace TokenScope
