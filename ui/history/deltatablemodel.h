// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "stats/comparison.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QList>
#include <QMap>
#include <QStringList>

namespace TokenScope {

/// The compare view's delta table: for each run other than the baseline, one row per
/// concurrency level both runs measured, and one column per Compare::DeltaMetric showing the
/// run's figure minus the baseline's, absolute and as % of the baseline ("−3.40 (−22.0%)").
/// The error rate comes first, as a change in percentage points. A cell is green when the run is
/// better than the baseline on that figure and red when worse (Compare::deltaDirection), text and
/// background, and neutral within noise (Compare::significance(): the two runs' 95 % intervals
/// overlap, or without them the change is under Compare::kNoiseBandPercent, or under
/// kErrorRateBandPoints for the error rate). A figure's tooltip says how it was judged.
///
/// SortRole returns the % (a raw double; invalid when not computable), RawValueRole the absolute
/// delta, BaselineValueRole / OtherValueRole the two figures compared.
class DeltaTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        RunColumn,
        ConcurrencyColumn,
        ErrorRateColumn, // then one column per Compare::DeltaMetric, in its order: failures first
        TtftP50Column,
        TtftP95Column,
        TpotP50Column,
        TpotP95Column,
        ItlP50Column,
        E2eP50Column,
        OutputThroughputColumn,
        RequestThroughputColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole, RawValueRole, BaselineValueRole, OtherValueRole, RunIndexRole };

    /// One row: a compared run at one concurrency.
    struct Row
    {
        int runIndex = 0; ///< index into the runs given to setComparison
        QString runLabel;
        Compare::LevelDelta delta;
    };

    explicit DeltaTableModel(QObject *parent = nullptr);

    /// Rebuilds the rows (a model reset): every run but `baselineIndex` against that one, levels
    /// matched by concurrency; a level only one of the two measured has no row (see
    /// unmatchedLevels()). `colors` (optional, by run index) tint the run column's swatch.
    void setComparison(const QList<QList<LevelSummary>> &levelsPerRun, const QStringList &labels, int baselineIndex,
        const QList<QColor> &colors = {});
    void clear();

    /// The figure a column shows; the column must be a metric column.
    static Compare::DeltaMetric metricOfColumn(int column);
    static int columnOfMetric(Compare::DeltaMetric metric);

    const Row &row(int row) const { return m_rows.at(row); }
    /// Concurrencies left out because only one of a pair measured them, per compared run index.
    QList<int> unmatchedLevels(int runIndex) const { return m_unmatched.value(runIndex); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString cellText(const Compare::DeltaCell &cell, Compare::DeltaMetric metric) const;
    QString cellToolTip(const Row &row, Compare::DeltaMetric metric) const;
    QVariant cellBackground(const Compare::DeltaCell &cell, Compare::DeltaMetric metric) const;

    QList<Row> m_rows;
    QList<QColor> m_colors;
    QString m_baselineLabel;
    QMap<int, QList<int>> m_unmatched;
};

} // namespace TokenScope
