// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requeststablemodel.h"

#include "charts/palette.h"
#include "stats/statistics.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <algorithm>

namespace TokenScope {

namespace {

// -1 is the statistics' "not defined": an invalid QVariant sorts after every number (ascending;
// QSortFilterProxyModel puts invalid values last) and shows a dash, never a fake 0.
QVariant msOrNothing(double ms)
{
    return ms >= 0 ? QVariant(ms) : QVariant();
}

double itlP50Ms(const RequestRecord &r)
{
    std::vector<double> gaps = Stats::itlMs(r);
    if (gaps.empty())
        return -1;
    std::sort(gaps.begin(), gaps.end());
    return Stats::percentile(gaps, 50);
}

QString formatMs(double ms)
{
    //: milliseconds
    return RequestsTableModel::tr("%1 ms").arg(QLocale().toString(ms, 'f', ms < 100 ? 2 : 1));
}

bool isMsColumn(int column)
{
    switch (column) {
    case RequestsTableModel::TtftColumn:
    case RequestsTableModel::TtftFromSentColumn:
    case RequestsTableModel::TpotColumn:
    case RequestsTableModel::ItlP50Column:
    case RequestsTableModel::E2eColumn:
        return true;
    default:
        return false;
    }
}

} // namespace

RequestsTableModel::RequestsTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int RequestsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_records.size());
}

int RequestsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RequestsTableModel::rawValue(const RequestRecord &r, int column) const
{
    switch (static_cast<Column>(column)) {
    case LevelColumn: {
        // Open loop sorts and exports by its rate, closed loop by its users.
        const LoadPoint *point = pointOf(r);
        return point && point->isOpenLoop() ? QVariant(point->rate) : QVariant(r.level);
    }
    case IndexColumn:
        return r.index;
    case StatusColumn:
        return r.ok ? QStringLiteral("ok") : Stats::errorKindOf(r);
    case HttpStatusColumn:
        return r.httpStatus > 0 ? QVariant(r.httpStatus) : QVariant();
    case TtftColumn:
        return msOrNothing(Stats::ttftMs(r));
    case TtftFromSentColumn:
        return msOrNothing(Stats::ttftFromSentMs(r));
    case TpotColumn:
        return msOrNothing(Stats::tpotMs(r));
    case ItlP50Column:
        return QVariant(); // per row, filled in by data() from m_itlP50Ms
    case E2eColumn:
        // A failed request has no end to end: its last token was not its last (Status says when it failed).
        return r.ok ? msOrNothing(r.e2eMs()) : QVariant();
    case OutputTokensColumn:
        return r.outputTokens;
    case TpsColumn:
        return r.ok ? msOrNothing(Stats::tps(r)) : QVariant();
    case ConnectionsColumn:
        return r.connectionsOpened;
    case ResponseIdColumn:
        return r.responseId.isEmpty() ? QVariant() : QVariant(r.responseId);
    case ColumnCount:
        break;
    }
    return {};
}

const LoadPoint *RequestsTableModel::pointOf(const RequestRecord &r) const
{
    if (r.warmup || r.levelIndex < 0 || r.levelIndex >= m_levelPoints.size())
        return nullptr;
    return &m_levelPoints.at(r.levelIndex);
}

QString RequestsTableModel::loadText(const RequestRecord &r) const
{
    if (r.warmup)
        return tr("warm-up");
    if (pointOf(r))
        return levelName(m_levelPoints, r.levelIndex); // as the charts name the level
    if (r.scheduledNs != RequestRecord::kNever) // open loop: its concurrency is a cap, not its load
        //: an open-loop level whose rate is not known yet, by its place in the run: "level 2"
        return tr("level %1").arg(r.levelIndex + 1);
    //: a closed-loop level's concurrency, e.g. "c=4"
    return tr("c=%1").arg(QLocale().toString(r.level));
}

QString RequestsTableModel::displayText(const RequestRecord &r, int column) const
{
    if (column == LevelColumn)
        return loadText(r);
    const QVariant raw = rawValue(r, column);
    if (!raw.isValid())
        return tr("—");
    const QLocale locale;
    if (isMsColumn(column))
        return formatMs(raw.toDouble());
    switch (static_cast<Column>(column)) {
    case StatusColumn:
        if (r.ok)
            return tr("ok");
        //: a failed request: its error kind and when it failed, e.g. "timeout at 3,200.0 ms"
        return r.endNs >= 0 ? tr("%1 at %2").arg(raw.toString(), formatMs(r.endNs / 1e6)) : raw.toString();
    case OutputTokensColumn:
        //: output tokens and where the count came from (the server's usage or counted chunks)
        return r.outputTokensFromUsage ? tr("%1 (usage)").arg(locale.toString(r.outputTokens))
                                       : tr("%1 (chunks)").arg(locale.toString(r.outputTokens));
    case TpsColumn:
        //: output tokens per second
        return tr("%1 tok/s").arg(locale.toString(raw.toDouble(), 'f', 1));
    case ResponseIdColumn:
        return raw.toString();
    default:
        return locale.toString(raw.toInt());
    }
}

QVariant RequestsTableModel::toolTip(const RequestRecord &r, int column) const
{
    if (column == StatusColumn && !r.ok)
        return r.errorMessage.isEmpty() ? Stats::errorKindOf(r) : r.errorMessage;
    if (column == OutputTokensColumn)
        return r.outputTokensFromUsage ? tr("Reported by the server (usage.completion_tokens)")
                                       : tr("The server sent no usage: the number of text-bearing chunks");
    if (column == LevelColumn && r.warmup)
        return tr("Warm-up request: sent before the first level and left out of every statistic");
    return {};
}

QVariant RequestsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RequestRecord &r = m_records.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == ItlP50Column) {
            const double ms = m_itlP50Ms.at(index.row());
            return ms >= 0 ? formatMs(ms) : tr("—");
        }
        return displayText(r, column);
    case SortRole:
        if (column == LevelColumn)
            return r.warmup ? -1 : r.levelIndex; // run order; warm-ups before every level
        [[fallthrough]];
    case RawValueRole:
        if (column == ItlP50Column)
            return msOrNothing(m_itlP50Ms.at(index.row()));
        return rawValue(r, column);
    case FilterKeyRole: {
        const QString kind = r.ok ? QStringLiteral("ok") : QStringLiteral("failed");
        return r.warmup ? QString(QStringLiteral("warmup-") + kind) : kind;
    }
    case WarmupRole:
        return r.warmup;
    case FailedRole:
        return !r.ok;
    case Qt::ToolTipRole:
        return toolTip(r, column);
    case Qt::ForegroundRole:
        if (!r.ok && (column == StatusColumn || (column == HttpStatusColumn && r.httpStatus >= 400)))
            return QBrush(Palette::failure);
        if (r.warmup)
            return QBrush(Palette::faintText);
        return {};
    case Qt::FontRole:
        if (r.warmup) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        if (!r.ok && column == StatusColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == StatusColumn || column == ResponseIdColumn || column == LevelColumn)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QString RequestsTableModel::columnDefinition(Column column)
{
    switch (column) {
    case LevelColumn:
        return tr("The load of the request's level: c=N users sending one request after another (closed loop), or "
                  "r=N/s requests arriving per second (open loop, c≤N the cap on requests in flight); warm-ups are "
                  "sent first and left out of every figure");
    case StatusColumn:
        return tr("ok, or the kind of failure and when it happened (hover a cell for the message)");
    case HttpStatusColumn:
        return tr("The HTTP status the server answered; empty when no status line arrived");
    case TtftColumn:
        return tr("Time to first token: from posting the request to the first event that carries text");
    case OutputTokensColumn:
        return tr("Output tokens: the server's usage.completion_tokens, or counted text-bearing chunks without it");
    case TpsColumn:
        return tr("Output tokens / E2E: includes the wait for the first token");
    case ResponseIdColumn:
        return tr("The id of the stream's chunks, to find the request in the server's logs");
    case IndexColumn:
        return tr("0-based within its level, as “index” in requests.jsonl");
    case TtftFromSentColumn:
        return tr("TTFT minus the time the request was sent: without connection setup and queueing in the client");
    case TpotColumn:
        return tr("(E2E − TTFT) / (output tokens − 1)");
    case ItlP50Column:
        return tr("Median gap between successive text-bearing chunks of this request");
    case E2eColumn:
        return tr("From posting the request to its last token; empty for a failed request (Status says when it failed)");
    case ConnectionsColumn:
        return tr("Connections this request opened (0: it reused a pre-opened connection)");
    default:
        return {};
    }
}

QVariant RequestsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        const QString definition = columnDefinition(static_cast<Column>(section));
        return definition.isEmpty() ? QVariant() : QVariant(definition);
    }
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case LevelColumn:
        return tr("Load");
    case IndexColumn:
        return tr("#");
    case StatusColumn:
        return tr("Status");
    case HttpStatusColumn:
        return tr("HTTP");
    case TtftColumn:
        return tr("TTFT");
    case TtftFromSentColumn:
        return tr("TTFT from sent");
    case TpotColumn:
        return tr("TPOT");
    case ItlP50Column:
        return tr("ITL P50");
    case E2eColumn:
        return tr("E2E");
    case OutputTokensColumn:
        return tr("Output tokens");
    case TpsColumn:
        return tr("TPS");
    case ConnectionsColumn:
        return tr("Connections");
    case ResponseIdColumn:
        return tr("Response ID");
    case ColumnCount:
        break;
    }
    return {};
}

void RequestsTableModel::setRecords(const QList<RequestRecord> &records)
{
    beginResetModel();
    m_records = records;
    m_itlP50Ms.clear();
    m_itlP50Ms.reserve(records.size());
    for (const RequestRecord &r : records)
        m_itlP50Ms.append(itlP50Ms(r));
    endResetModel();
}

void RequestsTableModel::addRecords(const QList<RequestRecord> &records)
{
    if (records.isEmpty())
        return;
    const int first = static_cast<int>(m_records.size());
    beginInsertRows({}, first, first + static_cast<int>(records.size()) - 1);
    m_records.append(records);
    for (const RequestRecord &r : records)
        m_itlP50Ms.append(itlP50Ms(r));
    endInsertRows();
}

void RequestsTableModel::setLevelPoints(const QList<LoadPoint> &points)
{
    m_levelPoints = points;
    if (!m_records.isEmpty())
        Q_EMIT dataChanged(index(0, LevelColumn), index(rowCount() - 1, LevelColumn));
}

void RequestsTableModel::addLevelPoint(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    QList<LoadPoint> points = m_levelPoints;
    if (points.size() <= point.index)
        points.resize(point.index + 1);
    points[point.index] = point;
    setLevelPoints(points);
}

void RequestsTableModel::clear()
{
    beginResetModel();
    m_records.clear();
    m_itlP50Ms.clear();
    m_levelPoints.clear();
    endResetModel();
}

QString RequestsTableModel::filterPattern(Filter filter)
{
    switch (filter) {
    case Filter::All:
        return {};
    case Filter::FailedOnly:
        return QStringLiteral("failed$");
    case Filter::HideWarmup:
        return QStringLiteral("^(ok|failed)$");
    }
    return {};
}

} // namespace TokenScope
