// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "deltatablemodel.h"

#include "charts/palette.h"
#include "stats/significancetext.h"

#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <cmath>

namespace TokenScope {

namespace {

constexpr int kFirstMetricColumn = DeltaTableModel::ErrorRateColumn;
constexpr double kRateSortOffset = 1e9; // rate levels sort after every concurrency

// "4", or a rate level's load point "r=40/s c≤4".
QString levelNumberText(const Compare::LevelDelta &delta)
{
    return delta.point.isOpenLoop() ? delta.label : QLocale().toString(delta.concurrency);
}

// The Level column: with the repeat when a run measured the load point more than once (1,4,1).
QString levelCellText(const Compare::LevelDelta &delta)
{
    //: a level a run measured more than once (1,4,1): %2 counts the repeats
    return delta.occurrence > 0 ? DeltaTableModel::tr("%1 (repeat %2)").arg(levelNumberText(delta)).arg(delta.occurrence)
                                : levelNumberText(delta);
}

// "concurrency 4" or "r=40/s c≤4", for sentences.
QString levelText(const Compare::LevelDelta &delta)
{
    return delta.point.isOpenLoop() ? delta.label
                                    : DeltaTableModel::tr("concurrency %1").arg(QLocale().toString(delta.concurrency));
}

// Light tints with dark text: readable on light and dark palettes alike.

bool isMetricColumn(int column)
{
    return column >= kFirstMetricColumn && column < DeltaTableModel::ColumnCount;
}

bool isLatency(Compare::DeltaMetric metric)
{
    return !Compare::higherIsBetter(metric);
}

int decimalsFor(Compare::DeltaMetric metric, double value)
{
    const double magnitude = std::abs(value);
    if (metric == Compare::DeltaMetric::ErrorRate)
        return 1;
    if (isLatency(metric))
        return magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0;
    if (metric == Compare::DeltaMetric::RequestThroughput)
        return 2;
    return 1;
}

QString signedNumber(double value, int decimals)
{
    const QLocale locale;
    const QString digits = locale.toString(std::abs(value), 'f', decimals);
    if (digits == locale.toString(0.0, 'f', decimals))
        return digits; // no sign on a zero that rounding produced
    return (value < 0 ? locale.negativeSign() : locale.positiveSign()) + digits;
}

QString plainNumber(Compare::DeltaMetric metric, double value)
{
    return QLocale().toString(value, 'f', decimalsFor(metric, value));
}

// Better = moved the good way by more than its noise (Compare::significance(): the 95 % intervals
// apart, or beyond the band without them); within noise, neither (no colour).
int direction(const Compare::DeltaCell &cell, Compare::DeltaMetric metric)
{
    return Compare::deltaDirection(cell, metric);
}

// A metric column's header tooltip: the direction that is better, and when a change is coloured.
QString metricHeaderToolTip(Compare::DeltaMetric metric)
{
    const QString band = QLocale().toString(Compare::kNoiseBandPercent, 'f', 0);
    const QString better = Compare::higherIsBetter(metric)
        ? DeltaTableModel::tr("Run minus baseline, and that in % of the baseline. Higher is better.")
        : DeltaTableModel::tr("Run minus baseline, and that in % of the baseline. Lower is better.");
    if (!Compare::hasInterval(metric))
        return better + u' ' + DeltaTableModel::tr("A change under %1% is not coloured.").arg(band);
    return better + u' '
        + DeltaTableModel::tr("Coloured when the difference is real: the two runs' 95 % intervals do not overlap "
                              "(without an interval in either run: a change of %1% or more).")
              .arg(band);
}

QPixmap swatch(const QColor &color)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(color.darker(130));
    painter.setBrush(color);
    painter.drawRoundedRect(QRectF(0.5, 0.5, 11, 11), 2, 2);
    return pixmap;
}

} // namespace

DeltaTableModel::DeltaTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

Compare::DeltaMetric DeltaTableModel::metricOfColumn(int column)
{
    Q_ASSERT(isMetricColumn(column));
    return static_cast<Compare::DeltaMetric>(column - kFirstMetricColumn);
}

int DeltaTableModel::columnOfMetric(Compare::DeltaMetric metric)
{
    return kFirstMetricColumn + static_cast<int>(metric);
}

void DeltaTableModel::setComparison(const QList<QList<LevelSummary>> &levelsPerRun, const QStringList &labels,
    int baselineIndex, const QList<QColor> &colors)
{
    beginResetModel();
    m_rows.clear();
    m_unmatched.clear();
    m_colors = colors;
    m_baselineLabel = labels.value(baselineIndex);
    if (baselineIndex >= 0 && baselineIndex < levelsPerRun.size()) {
        const QList<LevelSummary> &baseline = levelsPerRun.at(baselineIndex);
        for (int run = 0; run < levelsPerRun.size(); ++run) {
            if (run == baselineIndex)
                continue;
            const QList<Compare::LevelDelta> deltas = Compare::levelDeltas(baseline, levelsPerRun.at(run));
            for (const Compare::LevelDelta &delta : deltas) {
                if (delta.inBaseline && delta.inOther)
                    m_rows.append(Row { run, labels.value(run), delta });
                else
                    m_unmatched[run].append(delta.concurrency);
            }
        }
    }
    endResetModel();
}

void DeltaTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_unmatched.clear();
    m_baselineLabel.clear();
    endResetModel();
}

int DeltaTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int DeltaTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DeltaTableModel::cellText(const Compare::DeltaCell &cell, Compare::DeltaMetric metric) const
{
    if (!cell.absolute)
        return tr("—");
    const QString absolute = signedNumber(*cell.absolute, decimalsFor(metric, *cell.absolute));
    if (metric == Compare::DeltaMetric::ErrorRate)
        //: a change of the error rate in percentage points, e.g. "+32.1 pts"
        return tr("%1 pts").arg(absolute);
    if (!cell.percent)
        return absolute;
    //: a delta: absolute change, then the change in % of the baseline, e.g. "-3.40 (-22.0%)"
    return tr("%1 (%2%)").arg(absolute, signedNumber(*cell.percent, 1));
}

QString DeltaTableModel::cellToolTip(const Row &row, Compare::DeltaMetric metric) const
{
    const Compare::DeltaCell &cell = row.delta.cell(metric);
    if (!cell.baseline || !cell.other)
        return tr("Not measured in one of the runs at this concurrency.");
    QString verdict;
    switch (direction(cell, metric)) {
    case 1:
        verdict = tr("better than the baseline");
        break;
    case -1:
        verdict = tr("worse than the baseline");
        break;
    default:
        verdict = tr("within noise of the baseline");
        break;
    }
    //: %1 metric title, %2 run, %3 its value, %4 baseline run, %5 its value, %6 better/worse, %7 the level
    const QString figures
        = tr("%1 at %7: %2 %3, baseline %4 %5 (%6)")
              .arg(Compare::deltaMetricTitle(metric), row.runLabel, plainNumber(metric, *cell.other), m_baselineLabel,
                  plainNumber(metric, *cell.baseline), verdict, levelText(row.delta));
    if (!Compare::hasInterval(metric))
        return figures; // the error rate and request throughput keep their bands, stated in the header
    return figures + u'\n' + SignificanceText::sentence(cell, metric, row.runLabel);
}

QVariant DeltaTableModel::cellBackground(const Compare::DeltaCell &cell, Compare::DeltaMetric metric) const
{
    switch (direction(cell, metric)) {
    case 1:
        return Palette::betterBackground;
    case -1:
        return Palette::worseBackground;
    default:
        return {};
    }
}

QVariant DeltaTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    const int column = index.column();
    if (role == RunIndexRole)
        return r.runIndex;
    if (column == RunColumn) {
        switch (role) {
        case Qt::DisplayRole:
        case SortRole:
        case RawValueRole:
            return r.runLabel;
        case Qt::DecorationRole:
            return r.runIndex < m_colors.size() ? QVariant(swatch(m_colors.at(r.runIndex))) : QVariant();
        case Qt::ToolTipRole:
            return tr("%1 against the baseline %2").arg(r.runLabel, m_baselineLabel);
        default:
            return {};
        }
    }
    if (column == ConcurrencyColumn) {
        switch (role) {
        case Qt::DisplayRole:
            return levelCellText(r.delta);
        case SortRole:
        case RawValueRole:
            // Closed-loop levels by concurrency, then rate levels by rate (all at once last).
            return (r.delta.point.isOpenLoop() ? kRateSortOffset + std::min(r.delta.point.rate, kRateSortOffset / 2)
                                               : double(r.delta.concurrency))
                + r.delta.occurrence / 1000.0;
        case Qt::TextAlignmentRole:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return {};
        }
    }
    const Compare::DeltaMetric metric = metricOfColumn(column);
    const Compare::DeltaCell &cell = r.delta.cell(metric);
    const auto optional = [](const std::optional<double> &v) { return v ? QVariant(*v) : QVariant(); };
    switch (role) {
    case Qt::DisplayRole:
        return cellText(cell, metric);
    case SortRole:
        return optional(cell.percent);
    case RawValueRole:
        return optional(cell.absolute);
    case BaselineValueRole:
        return optional(cell.baseline);
    case OtherValueRole:
        return optional(cell.other);
    case Qt::TextAlignmentRole:
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        return cellBackground(cell, metric);
    case Qt::ForegroundRole:
        switch (direction(cell, metric)) {
        case 1:
            return Palette::better;
        case -1:
            return Palette::worse;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return cellToolTip(r, metric);
    default:
        return {};
    }
}

QVariant DeltaTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section == ErrorRateColumn)
        return tr("Failed requests in % of the level's requests: the run's rate minus the baseline's, in percentage "
                  "points. Lower is better; a change under %1 point is not coloured.")
            .arg(Compare::kErrorRateBandPoints);
    if (role == Qt::ToolTipRole && isMetricColumn(section))
        return metricHeaderToolTip(metricOfColumn(section));
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case RunColumn:
        return tr("Run");
    case ConcurrencyColumn:
        return tr("Concurrency");
    case ColumnCount:
        break;
    default:
        //: a delta column's title: "Δ" then the metric with its unit, e.g. "Δ TTFT P50 (ms)"
        return tr("Δ %1").arg(Compare::deltaMetricTitle(metricOfColumn(section)));
    }
    return {};
}

} // namespace TokenScope
