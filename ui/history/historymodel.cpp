// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historymodel.h"

#include "charts/palette.h"
#include "models/levelfigure.h"
#include "outcomestyle.h"
#include "session/runsession.h"
#include "sim/simconfig.h"
#include "store/endpointprofile.h"

#include <QColor>
#include <QFont>
#include <QLocale>
#include <algorithm>

namespace TokenScope {

namespace {

// Whether the summary carries its load point; one read back without it holds a default point.
bool hasPoint(const LevelSummary &level)
{
    return !(level.point == LoadPoint());
}

// The same load: the same point, or for summaries without one, the same concurrency.
bool sameLoad(const LevelSummary &a, const LevelSummary &b)
{
    return hasPoint(a) && hasPoint(b) ? a.point.sameLoad(b.point) : a.concurrency == b.concurrency;
}

// Least load first: closed loop by its users, open loop by its rate (all at once last); a sweep's
// one-at-a-time level (c=1) comes before its rates.
bool lessLoad(const LevelSummary &a, const LevelSummary &b)
{
    const double x = hasPoint(a) && a.point.isOpenLoop() ? a.point.rate : a.concurrency;
    const double y = hasPoint(b) && b.point.isOpenLoop() ? b.point.rate : b.concurrency;
    return x < y;
}

// "4" for a closed-loop level (as before), "r=40/s" for an open-loop one.
QString loadText(const LevelSummary &level)
{
    return hasPoint(level) && level.point.isOpenLoop() ? level.point.label() : QString::number(level.concurrency);
}

// The levels the figures are read from: arm 0 (an A/B run's first endpoint), one per
// load (the first), least load first.
QList<LevelSummary> figureLevels(const HistoryRunInfo &run)
{
    QList<LevelSummary> out;
    for (const HistoryLevelInfo &info : run.levels) {
        const LevelSummary &level = info.summary;
        const bool seen
            = std::any_of(out.cbegin(), out.cend(), [&level](const LevelSummary &l) { return sameLoad(l, level); });
        if (level.arm == 0 && !seen)
            out.append(level);
    }
    std::stable_sort(out.begin(), out.end(), lessLoad);
    return out;
}

// Each load once, in run order: "1,4,8" or "r=1/s,r=2/s".
QStringList loadTexts(const HistoryRunInfo &run)
{
    QList<LevelSummary> seen;
    QStringList out;
    for (const HistoryLevelInfo &info : run.levels) {
        const LevelSummary &level = info.summary;
        if (std::any_of(seen.cbegin(), seen.cend(), [&level](const LevelSummary &l) { return sameLoad(l, level); }))
            continue;
        seen.append(level);
        out.append(loadText(level));
    }
    return out;
}

bool isInterleaved(const HistoryRunInfo &run)
{
    return std::any_of(
        run.levels.cbegin(), run.levels.cend(), [](const HistoryLevelInfo &l) { return l.summary.arm != 0; });
}

QString msText(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0);
}

// The sum of one count over the run's stored levels (every arm's).
int sumOverLevels(const HistoryRunInfo &run, int LevelSummary::*count)
{
    int sum = 0;
    for (const HistoryLevelInfo &info : run.levels)
        sum += info.summary.*count;
    return sum;
}

int failedRequests(const HistoryRunInfo &run)
{
    return sumOverLevels(run, &LevelSummary::failed);
}

int measuredRequests(const HistoryRunInfo &run)
{
    return sumOverLevels(run, &LevelSummary::requests);
}

int completedRequests(const HistoryRunInfo &run)
{
    return sumOverLevels(run, &LevelSummary::completed);
}

// A run stored as completed reads as the window said when it ended: completed, completed with
// failures, or failed when no request succeeded (docs/metrics.md#outcomes).
Outcome completedRunOutcome(const HistoryRunInfo &run)
{
    return outcomeOf(completedRequests(run), failedRequests(run), false);
}

QString statusText(const HistoryRunInfo &run)
{
    switch (run.status) {
    case HistoryRunStatus::Running:
        return HistoryModel::tr("Running");
    case HistoryRunStatus::Completed:
        return outcomeText(completedRunOutcome(run), failedRequests(run), measuredRequests(run));
    case HistoryRunStatus::Cancelled:
        return HistoryModel::tr("Cancelled");
    case HistoryRunStatus::Failed:
        return HistoryModel::tr("Failed");
    case HistoryRunStatus::Interrupted:
        return HistoryModel::tr("Interrupted");
    }
    return {};
}

} // namespace

HistoryModel::HistoryModel(HistoryStore *store, QObject *parent)
    : QAbstractTableModel(parent)
    , m_store(store)
{
}

bool HistoryModel::reload()
{
    if (!m_store)
        return false;
    QString error;
    QList<HistoryRunInfo> runs = m_store->listRuns(&error);
    if (!error.isEmpty()) {
        m_lastError = error;
        Q_EMIT loadFailed(error);
        return false;
    }
    m_lastError.clear();
    setRuns(runs);
    return true;
}

void HistoryModel::setRuns(const QList<HistoryRunInfo> &runs)
{
    beginResetModel();
    m_runs = runs;
    QList<RunLabel::Parts> parts;
    for (const HistoryRunInfo &run : runs)
        parts.append(labelParts(run));
    m_names = RunLabel::distinctNames(parts);
    endResetModel();
}

int HistoryModel::rowOfRun(qint64 runId) const
{
    for (qsizetype row = 0; row < m_runs.size(); ++row)
        if (m_runs.at(row).id == runId)
            return static_cast<int>(row);
    return -1;
}

RunLabel::Parts HistoryModel::labelParts(const HistoryRunInfo &run)
{
    return { run.name, EndpointProfile::shownProfileName(run.profile), run.model, run.load, run.startedAt, run.id };
}

QString HistoryModel::displayName(const HistoryRunInfo &run)
{
    return RunLabel::fullName(labelParts(run));
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::rawValue(const HistoryRunInfo &run, int column) const
{
    const QList<LevelSummary> levels = figureLevels(run);
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return run.name;
    case DateColumn:
        return run.startedAt;
    case ModelColumn:
        return run.model;
    case ProfileColumn:
        return EndpointProfile::shownProfileName(run.profile);
    case ApiColumn:
        return apiKindName(run.api);
    case EndpointColumn:
        return shownEndpointLabel(run.endpoint);
    case LevelsColumn:
        // Sorts by the highest concurrency reached.
        return levels.isEmpty() ? QVariant() : QVariant(levels.constLast().concurrency);
    case RequestsColumn:
        return run.requestCount;
    case TtftP50Column:
        // The least loaded level's TTFT: the endpoint's latency before any queueing.
        return levels.isEmpty() ? QVariant() : levelFigure(levels.constFirst(), LevelFigure::TtftP50);
    case OutputThroughputColumn:
        return levels.isEmpty() ? QVariant() : levelFigure(levels.constLast(), LevelFigure::OutputThroughput);
    case FailedColumn:
        return failedRequests(run);
    case StatusColumn:
        return static_cast<int>(run.status);
    case TagsColumn:
        return run.tags.join(QStringLiteral(", "));
    case RepeatColumn:
        // The series (its first run's id; a run that is no repeat is a series of its own), then the
        // place in it: a sort keeps each series together, in the order the series began.
        return (run.isRepeat() ? run.repeatGroup : run.id) * (RunSession::kMaxRepeats + 1) + run.repeatIndex;
    case ColumnCount:
        break;
    }
    return {};
}

QString HistoryModel::displayText(const HistoryRunInfo &run, int column) const
{
    const QLocale locale;
    const QList<LevelSummary> levels = figureLevels(run);
    switch (static_cast<Column>(column)) {
    case NameColumn:
        return displayName(run);
    case DateColumn:
        // ISO order reads the same in every locale.
        return run.startedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    case ModelColumn:
        return isInterleaved(run) ? tr("%1 (A/B)").arg(run.model) : run.model;
    case ProfileColumn:
    case ApiColumn:
    case EndpointColumn:
    case TagsColumn:
        return rawValue(run, column).toString();
    case LevelsColumn: {
        const QStringList parts = loadTexts(run);
        return parts.isEmpty() ? tr("—") : parts.join(u',');
    }
    case RequestsColumn:
        return locale.toString(run.requestCount);
    case TtftP50Column: {
        if (!rawValue(run, column).isValid())
            return tr("—");
        const LevelSummary &low = levels.constFirst();
        const LevelSummary &high = levels.constLast();
        if (levels.size() == 1 || high.ttftMs.count == 0)
            return tr("%1 ms").arg(msText(low.ttftMs.p50));
        //: TTFT P50 at the lowest, then at the highest concurrency
        return tr("%1 → %2 ms").arg(msText(low.ttftMs.p50), msText(high.ttftMs.p50));
    }
    case OutputThroughputColumn: {
        const QVariant raw = rawValue(run, column);
        if (!raw.isValid())
            return tr("—");
        const LevelSummary &top = levels.constLast();
        if (hasPoint(top) && top.point.isOpenLoop())
            //: output tokens per second at the level's load point, e.g. "r=40/s"
            return tr("%1 (%2)").arg(locale.toString(raw.toDouble(), 'f', 1), top.point.label());
        //: output tokens per second at concurrency %2
        return tr("%1 (c=%2)").arg(locale.toString(raw.toDouble(), 'f', 1)).arg(top.concurrency);
    }
    case FailedColumn: {
        const int failed = failedRequests(run);
        return failed > 0 ? tr("%1 of %2").arg(failed).arg(measuredRequests(run)) : locale.toString(0);
    }
    case StatusColumn:
        return statusText(run);
    case RepeatColumn:
        //: a run's place in a repeated run: repeat 2 of 3
        return run.isRepeat() ? tr("%1/%2").arg(run.repeatIndex).arg(run.repeatCount) : QString();
    case ColumnCount:
        break;
    }
    return {};
}

QVariant HistoryModel::toolTip(const HistoryRunInfo &run, int column) const
{
    switch (static_cast<Column>(column)) {
    case DateColumn:
        return QLocale().toString(run.startedAt.toLocalTime(), QLocale::LongFormat);
    case EndpointColumn:
        return run.environment.value(u"hostname").toString().isEmpty()
            ? QVariant()
            : tr("Measured from %1").arg(run.environment.value(u"hostname").toString());
    case TtftP50Column: {
        QStringList lines;
        for (const LevelSummary &level : figureLevels(run))
            if (level.ttftMs.count > 0)
                lines.append(hasPoint(level) && level.point.isOpenLoop()
                        ? tr("%1: %2 ms").arg(level.point.label(), msText(level.ttftMs.p50))
                        : tr("concurrency %1: %2 ms").arg(level.concurrency).arg(msText(level.ttftMs.p50)));
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(u'\n'));
    }
    case RequestsColumn:
        return tr("Requests measured: warm-ups and requests sent while the rate ramped up are left out, as in "
                  "every other view");
    case StatusColumn:
        return run.error.isEmpty() ? QVariant() : QVariant(run.error);
    case RepeatColumn:
        return run.isRepeat() ? QVariant(tr("Repeat %1 of %2 of the series that began with run #%3")
                                             .arg(run.repeatIndex)
                                             .arg(run.repeatCount)
                                             .arg(run.repeatGroup))
                              : QVariant();
    default:
        return {};
    }
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HistoryRunInfo &run = m_runs.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        // Two runs started in the same minute are told apart by their seconds (docs/history-and-compare.md#run-names).
        return column == NameColumn ? m_names.at(index.row()) : displayText(run, column);
    case Qt::EditRole:
        return column == NameColumn ? QVariant(run.name) : QVariant();
    case SortRole:
    case RawValueRole:
        return rawValue(run, column);
    case RunIdRole:
        return run.id;
    case Qt::ToolTipRole:
        if (column == NameColumn) // the whole name, which a narrow column cuts in the middle
            return run.name.isEmpty() ? tr("%1\nNot named yet: Rename… gives it a name.").arg(m_names.at(index.row()))
                                      : run.name;
        return toolTip(run, column);
    case Qt::TextAlignmentRole:
        switch (column) {
        case RequestsColumn:
        case TtftP50Column:
        case OutputThroughputColumn:
        case FailedColumn:
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        }
    case Qt::ForegroundRole:
        if (column == NameColumn && run.name.isEmpty())
            return Palette::faintText;
        if (column == FailedColumn && failedRequests(run) > 0)
            return Palette::errorText;
        if (column == StatusColumn) {
            switch (run.status) {
            case HistoryRunStatus::Failed:
                return Palette::errorText;
            case HistoryRunStatus::Cancelled:
            case HistoryRunStatus::Interrupted:
                return Palette::warningText;
            case HistoryRunStatus::Running:
                return Palette::running;
            case HistoryRunStatus::Completed:
                if (completedRunOutcome(run) != Outcome::Completed)
                    return outcomeColor(completedRunOutcome(run));
                break;
            }
        }
        return {};
    case Qt::FontRole:
        if (column == NameColumn && !run.name.isEmpty()) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (static_cast<Column>(section)) {
        case TtftP50Column:
            return tr("Median time to first token at the lowest and at the highest concurrency");
        case OutputThroughputColumn:
            return tr("Output tokens per second at the highest concurrency (c)");
        case LevelsColumn:
            return tr("Concurrency levels measured");
        case RepeatColumn:
            return tr("The run's place in a repeated run; sort by it to keep each series together");
        case ProfileColumn:
            return tr("The endpoint profile the run used; empty for runs of tokenscope-cli and runs recorded "
                      "before profiles were kept");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (static_cast<Column>(section)) {
    case NameColumn:
        return tr("Name");
    case DateColumn:
        return tr("Date");
    case ModelColumn:
        return tr("Model");
    case ProfileColumn:
        return tr("Profile");
    case ApiColumn:
        return tr("API");
    case EndpointColumn:
        return tr("Endpoint");
    case LevelsColumn:
        return tr("Levels");
    case RequestsColumn:
        return tr("Requests");
    case TtftP50Column:
        return tr("TTFT P50");
    case OutputThroughputColumn:
        return tr("Output tok/s");
    case FailedColumn:
        return tr("Failed");
    case StatusColumn:
        return tr("Status");
    case TagsColumn:
        return tr("Tags");
    case RepeatColumn:
        return tr("Repeat");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace TokenScope
