// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runstablemodel.h"

#include "charts/palette.h"
#include "levelfigure.h"
#include "stats/measurementcheck.h"
#include "stats/schedulecheck.h"
#include "stats/workloadcheck.h"

#include "outcomestyle.h"

#include <QApplication>
#include <QBrush>
#include <QFont>
#include <QIcon>
#include <QLocale>
#include <QStyle>
#include <algorithm>

namespace TokenScope {

RunsTableRow RunsTableRow::ofLevel(const QList<RunConfig> &arms, const QDateTime &startedAt, const LevelSummary &level)
{
    RunsTableRow row;
    row.startedAt = startedAt;
    row.model = arms.value(level.arm, arms.first()).model;
    row.api = arms.first().api;
    row.maxTokens = arms.first().maxTokens;
    row.outputSpread = arms.first().workload.outputSpread;
    row.datasetLengths = arms.first().workload.kind == WorkloadKind::Dataset;
    row.level = level;
    row.armCount = std::max(1, int(arms.size()));
    return row;
}

namespace {

// A lower-case line as a sentence: its first letter upper-case (a no-op for Chinese).
QString capitalized(QString text)
{
    if (!text.isEmpty())
        text[0] = text.at(0).toUpper();
    return text;
}

bool isTpotColumn(int column)
{
    return column == RunsTableModel::TpotP50Column || column == RunsTableModel::TpotP95Column;
}

QStringList nonEmpty(const QStringList &texts)
{
    QStringList kept;
    for (const QString &text : texts)
        if (!text.isEmpty())
            kept.append(text);
    return kept;
}

} // namespace

// A cell that says its figure is not what it seems: amber, with the reason as its tooltip.
bool RunsTableModel::isWarned(const RunsTableRow &row, int column)
{
    const LevelSummary &l = row.level;
    if (column == ConcurrencyColumn)
        return !Stats::scheduleProblem(l).isEmpty();
    if (column == InputTokensColumn)
        return l.inputTokensTargeted > 0 && l.inputTokensOffTarget > 0;
    if (isTpotColumn(column))
        return l.outputsShort > 0;
    return false;
}

namespace {

} // namespace

RunsTableModel::RunsTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int RunsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int RunsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool RunsTableModel::isDefinedColumn(int column)
{
    return column >= TtftP50Column && column <= OutputThroughputColumn;
}

bool RunsTableModel::showsPeer(int column) const
{
    return m_definitions != Stats::PeerTool::TokenScope && isDefinedColumn(column);
}

QVariant RunsTableModel::peerValue(const RunsTableRow &row, int column) const
{
    if (!row.peer)
        return {};
    const Stats::PeerLevelSummary &p = *row.peer;
    const auto orNone = [](const Distribution &d, double value) { return d.count > 0 ? QVariant(value) : QVariant(); };
    switch (static_cast<Column>(column)) {
    case TtftP50Column:
        return orNone(p.ttft, p.ttft.p50);
    case TtftP95Column:
        return orNone(p.ttft, p.ttft.p95);
    case TpotP50Column:
        return orNone(p.tpot, p.tpot.p50);
    case TpotP95Column:
        return orNone(p.tpot, p.tpot.p95);
    case ItlP50Column:
        return orNone(p.itl, p.itl.p50);
    case E2eP50Column:
        return orNone(p.e2e, p.e2e.p50);
    case OutputThroughputColumn:
        return p.outputThroughput;
    default:
        return {};
    }
}

QVariant RunsTableModel::rawValue(const RunsTableRow &row, int column) const
{
    if (showsPeer(column))
        return peerValue(row, column);
    const LevelSummary &l = row.level;
    switch (static_cast<Column>(column)) {
    case DateColumn:
        return row.startedAt;
    case ArmColumn:
        return row.armCount > 1 ? armLetter(row.level.arm) : QString();
    case ModelColumn:
        return row.model;
    case ApiColumn:
        return apiKindName(row.api);
    case ConcurrencyColumn:
        // Open loop sorts by the rate asked for (inf = all at once last), closed loop by its users.
        return l.point.isOpenLoop() ? QVariant(l.point.rate) : QVariant(l.concurrency);
    case MaxTokensColumn:
        return row.maxTokens;
    case RequestsColumn:
        return levelFigure(l, LevelFigure::Requests);
    case InputTokensColumn:
        return levelFigure(l, LevelFigure::InputTokens);
    case TtftP50Column:
        return levelFigure(l, LevelFigure::TtftP50);
    case TtftP95Column:
        return levelFigure(l, LevelFigure::TtftP95);
    case TpotP50Column:
        return levelFigure(l, LevelFigure::TpotP50);
    case TpotP95Column:
        return levelFigure(l, LevelFigure::TpotP95);
    case ItlP50Column:
        return levelFigure(l, LevelFigure::ItlP50);
    case E2eP50Column:
        return levelFigure(l, LevelFigure::E2eP50);
    case OutputThroughputColumn:
        return levelFigure(l, LevelFigure::OutputThroughput);
    case FailedColumn:
        return levelFigure(l, LevelFigure::Failed);
    case ColumnCount:
        break;
    }
    return {};
}

QString RunsTableModel::displayText(const RunsTableRow &row, int column) const
{
    const QVariant raw = rawValue(row, column);
    if (!raw.isValid())
        return tr("—");
    const QLocale locale;
    switch (static_cast<Column>(column)) {
    case DateColumn:
        // ISO order reads the same in every locale and sorts as text too.
        return row.startedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    case ArmColumn:
    case ModelColumn:
    case ApiColumn:
        return raw.toString();
    case ConcurrencyColumn:
        if (row.level.point.isOpenLoop())
            return row.level.point.label(); // "r=40/s c≤8", as the charts name the level
        return locale.toString(raw.toInt());
    case RequestsColumn:
        return locale.toString(raw.toInt());
    case MaxTokensColumn:
        if (row.outputSpread > 0)
            //: max_tokens and its spread, e.g. 256 ±20 %
            return tr("%1 ±%2 %").arg(locale.toString(raw.toInt()), locale.toString(100 * row.outputSpread, 'g', 3));
        return locale.toString(raw.toInt());
    case InputTokensColumn:
        return tr("%1 tok").arg(locale.toString(raw.toDouble(), 'f', 0));
    case TtftP50Column:
    case TtftP95Column:
    case TpotP50Column:
    case TpotP95Column:
    case ItlP50Column:
    case E2eP50Column:
        //: milliseconds
        return tr("%1 ms").arg(locale.toString(raw.toDouble(), 'f', raw.toDouble() < 100 ? 2 : 1));
    case OutputThroughputColumn:
        //: output tokens per second
        return tr("%1 tok/s").arg(locale.toString(raw.toDouble(), 'f', 1));
    case FailedColumn:
        return row.level.failed > 0 ? tr("%1 of %2").arg(row.level.failed).arg(row.level.requests) : locale.toString(0);
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunsTableRow &row = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayText(row, index.column());
    case SortRole:
    case RawValueRole:
        return rawValue(row, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == ArmColumn)
            return QVariant(Qt::AlignCenter);
        if (index.column() == ModelColumn || index.column() == ApiColumn || index.column() == DateColumn)
            return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (!showsPeer(index.column()) && isWarned(row, index.column()))
            return QBrush(Palette::cautionText);
        if (index.column() == FailedColumn && row.level.failed > 0)
            return QBrush(outcomeColor(outcomeOf(row.level.completed, row.level.failed, false)));
        return {};
    case Qt::BackgroundRole:
        // The client could not keep the level's schedule (docs/metrics.md#did-the-client-keep-the-schedule),
        // the prompts missed their length, or answers stopped before their max_tokens.
        if (!showsPeer(index.column()) && isWarned(row, index.column()))
            return QBrush(Palette::cautionBackground);
        if (index.column() == FailedColumn && row.level.failed > 0)
            return QBrush(row.level.completed == 0 ? Palette::allFailedBackground : Palette::someFailedBackground);
        return {};
    case Qt::DecorationRole:
        // The level's own grade of its measurement (docs/metrics.md#measurement-quality).
        if (index.column() == ConcurrencyColumn && !row.level.quality.verdict.isEmpty())
            return QApplication::style()->standardIcon(
                row.level.quality.reasons.isEmpty() ? QStyle::SP_DialogApplyButton : QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::FontRole:
        if (index.column() == FailedColumn && row.level.failed > 0) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole:
        if (showsPeer(index.column()))
            return Stats::peerRulesLine(m_definitions);
        if (index.column() == FailedColumn && row.level.failed > 0)
            return failureToolTip(row.level);
        if (index.column() == ArmColumn && row.armCount > 1)
            //: %1 the arm's letter, %2 its model ID
            return tr("Arm %1 of the A/B run: %2").arg(armLetter(row.level.arm), row.model);
        if (index.column() == ConcurrencyColumn)
            return levelToolTip(row.level);
        if (index.column() == InputTokensColumn)
            return inputToolTip(row.level);
        if (index.column() == MaxTokensColumn && row.datasetLengths)
            return tr("The run's max_tokens; a dataset entry's own output length wins");
        if (isTpotColumn(index.column()) || index.column() == ItlP50Column)
            return nonEmpty({ intervalToolTip(row.level, index.column()), outputToolTip(row.level, index.column()) })
                .join(QStringLiteral("\n"));
        return intervalToolTip(row.level, index.column());
    default:
        return {};
    }
}

QString RunsTableModel::levelToolTip(const LevelSummary &level) const
{
    QStringList parts;
    if (!level.quality.verdict.isEmpty())
        parts.append(level.quality.reasons.isEmpty() ? capitalized(Stats::measurementText(level))
                                                     : tr("Measurement degraded:") + QStringLiteral("\n• ")
                    + level.quality.reasons.join(QStringLiteral("\n• ")));
    if (const QString schedule = scheduleToolTip(level); !schedule.isEmpty())
        parts.append(schedule);
    return parts.join(QStringLiteral("\n\n"));
}

QString RunsTableModel::scheduleToolTip(const LevelSummary &level) const
{
    QStringList lines;
    for (const QString &text : { Stats::scheduleProblem(level), Stats::capWaitText(level) })
        if (!text.isEmpty())
            lines.append(text);
    if (lines.isEmpty())
        return {};
    return tr("%1: %2").arg(level.point.label(), lines.join(QStringLiteral("\n")));
}

QString RunsTableModel::inputToolTip(const LevelSummary &level) const
{
    if (level.inputTokensTargeted > 0 && level.inputTokensOffTarget > 0)
        return Stats::offTargetProblem(level);
    return nonEmpty({ Stats::inputTokensText(level), Stats::cacheText(level) }).join(QStringLiteral("\n"));
}

/// The 95 % interval of a percentile or throughput cell (docs/metrics.md#confidence-intervals).
QString RunsTableModel::intervalToolTip(const LevelSummary &level, int column) const
{
    const std::optional<ConfidenceInterval> interval = intervalOf(level, column);
    if (!interval)
        return {};
    if (!interval->valid)
        return tr("No 95 % interval: too few samples at or beyond this percentile");
    const QLocale locale;
    const int decimals = interval->hi < 100 ? 2 : 1;
    //: a 95 % confidence interval, e.g. [43.9, 45.2]
    return tr("95 % interval: [%1, %2]")
        .arg(locale.toString(interval->lo, 'f', decimals), locale.toString(interval->hi, 'f', decimals));
}

/// The interval behind a cell, or nothing for a column that has none (or an empty figure).
std::optional<ConfidenceInterval> RunsTableModel::intervalOf(const LevelSummary &level, int column)
{
    const auto of = [](const Distribution &d, const ConfidenceInterval &ci) {
        return d.count > 0 ? std::optional<ConfidenceInterval>(ci) : std::nullopt;
    };
    switch (static_cast<Column>(column)) {
    case TtftP50Column:
        return of(level.ttftMs, level.ttftMs.p50Ci);
    case TtftP95Column:
        return of(level.ttftMs, level.ttftMs.p95Ci);
    case TpotP50Column:
        return of(level.tpotMs, level.tpotMs.p50Ci);
    case TpotP95Column:
        return of(level.tpotMs, level.tpotMs.p95Ci);
    case ItlP50Column:
        return of(level.itlMs, level.itlMs.p50Ci);
    case E2eP50Column:
        return of(level.e2elMs, level.e2elMs.p50Ci);
    case OutputThroughputColumn:
        return level.durationS > 0 ? std::optional<ConfidenceInterval>(level.outputThroughputCi) : std::nullopt;
    default:
        return std::nullopt;
    }
}

QString RunsTableModel::outputToolTip(const LevelSummary &level, int column) const
{
    QStringList lines;
    if (isTpotColumn(column))
        lines.append(Stats::shortOutputProblem(level));
    if (level.shortOutputExcluded > 0)
        lines.append(tr("%n request(s) with too few output tokens left out of TPOT and ITL.", nullptr,
            level.shortOutputExcluded));
    return nonEmpty(lines).join(QStringLiteral("\n"));
}

QString RunsTableModel::failureToolTip(const LevelSummary &level) const
{
    QStringList kinds;
    for (auto it = level.errorsByKind.cbegin(); it != level.errorsByKind.cend(); ++it)
        kinds.append(tr("%1 × %2").arg(it.value()).arg(it.key()));
    return outcomeText(outcomeOf(level.completed, level.failed, false), level.failed, level.requests)
        + (kinds.isEmpty() ? QString() : QStringLiteral("\n") + kinds.join(QStringLiteral(", ")));
}

// The definitions of docs/metrics.md#runs-table-one-row-per-finished-concurrency-level, short.
QString RunsTableModel::headerToolTip(int section) const
{
    switch (static_cast<Column>(section)) {
    case DateColumn:
        return tr("When the run started (local time)");
    case ArmColumn:
        return tr("The endpoint of an A/B interleaved run the level measured; hover a cell for its model");
    case ModelColumn:
        return tr("The model ID the level measured (in an A/B run, that arm's)");
    case ApiColumn:
        return tr("The streaming API the requests used");
    case ConcurrencyColumn:
        return tr("The level's load. A number: closed-loop users, each sending its next request when its "
                  "previous one ends. r=…/s: requests arriving at that rate (open loop), c≤N their cap on "
                  "requests in flight");
    case RequestsColumn:
        return tr("Measured requests of the level (warm-ups are not counted)");
    case FailedColumn:
        return tr("Requests that got no complete stream: an HTTP error, a reset, a timeout. Hover a cell for the kinds");
    case InputTokensColumn:
        return tr("Mean usage.prompt_tokens over the completed requests that reported it: the prompt's length as "
                  "the server counted it. Amber: prompts that aimed at a length missed it");
    case MaxTokensColumn:
        return tr("The max_tokens sent with every request");
    case TtftP50Column:
    case TtftP95Column:
        return tr("Time to first token: from posting the request to the first event that carries text; "
                  "completed requests only");
    case TpotP50Column:
    case TpotP95Column:
        return tr("Time per output token after the first: (last token − first token) / (output tokens − 1); "
                  "short responses left out");
    case ItlP50Column:
        return tr("Inter-chunk latency: the gaps between successive text-bearing chunks of every request, pooled");
    case E2eP50Column:
        return tr("End to end: from posting the request to its last text-bearing chunk");
    case OutputThroughputColumn:
        return tr("Output tokens of all completed requests per second of the level, all streams together");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant RunsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && showsPeer(section))
        //: %1 the tool's rules ("vLLM's definitions (vllm bench serve): TTFT at …")
        return tr("%1\nRecomputed from the stored timestamps.").arg(Stats::peerRulesLine(m_definitions));
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section >= 0 && section < ColumnCount)
        return headerToolTip(section);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (showsPeer(section))
        //: a column header and whose definitions it follows, e.g. "TTFT P50 (vLLM)"
        return tr("%1 (%2)").arg(ownHeader(section), Stats::peerToolTitle(m_definitions));
    return ownHeader(section);
}

QString RunsTableModel::ownHeader(int section) const
{
    switch (static_cast<Column>(section)) {
    case DateColumn:
        return tr("Date");
    case ArmColumn:
        return tr("Arm");
    case ModelColumn:
        return tr("Model");
    case ApiColumn:
        return tr("API");
    case ConcurrencyColumn:
        return tr("Load");
    case RequestsColumn:
        return tr("Requests");
    case InputTokensColumn:
        return tr("Input tokens");
    case MaxTokensColumn:
        return tr("max_tokens");
    case TtftP50Column:
        return tr("TTFT P50");
    case TtftP95Column:
        return tr("TTFT P95");
    case TpotP50Column:
        return tr("TPOT P50");
    case TpotP95Column:
        return tr("TPOT P95");
    case ItlP50Column:
        return tr("ITL P50");
    case E2eP50Column:
        return tr("E2E P50");
    case OutputThroughputColumn:
        return tr("Output tok/s");
    case FailedColumn:
        return tr("Failed");
    case ColumnCount:
        break;
    }
    return {};
}

bool RunsTableModel::hasArms() const
{
    return std::any_of(m_rows.cbegin(), m_rows.cend(), [](const RunsTableRow &row) { return row.armCount > 1; });
}

void RunsTableModel::addRow(const RunsTableRow &row)
{
    addRows({ row });
}

void RunsTableModel::addRows(const QList<RunsTableRow> &rows)
{
    if (rows.isEmpty())
        return;
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
    m_rows.append(rows);
    endInsertRows();
}

void RunsTableModel::setDefinitions(Stats::PeerTool tool)
{
    m_definitions = tool;
    for (RunsTableRow &row : m_rows)
        row.peer.reset();
    Q_EMIT headerDataChanged(Qt::Horizontal, TtftP50Column, OutputThroughputColumn);
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, TtftP50Column), index(rowCount() - 1, OutputThroughputColumn));
}

void RunsTableModel::setPeerLevel(int row, const Stats::PeerLevelSummary &level)
{
    m_rows[row].peer = level;
    Q_EMIT dataChanged(index(row, TtftP50Column), index(row, OutputThroughputColumn));
}

void RunsTableModel::computePeerLevels(const std::function<std::optional<RunResult>(const RunsTableRow &)> &runOf)
{
    if (m_definitions == Stats::PeerTool::TokenScope)
        return;
    std::optional<RunResult> run;
    std::pair<int, qint64> runKey { -2, -2 };
    for (int i = 0; i < rowCount(); ++i) {
        const RunsTableRow &row = m_rows.at(i);
        const std::pair<int, qint64> key { row.sessionIndex, row.historyId };
        if (key != runKey) {
            run = runOf(row);
            runKey = key;
        }
        if (run)
            setPeerLevel(
                i, Stats::summarizePeerLevel(m_definitions, run->records, row.level, run->config.minTokensForTpot));
    }
}

void RunsTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

} // namespace TokenScope
