// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportformat.h"

#include "core/runoutcome.h"
#include "redaction.h"
#include "stats/turnfigures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <limits>

namespace TokenScope::Report::Detail {

namespace {

using Metric = Distribution LevelSummary::*;
using Field = double Distribution::*;

// Absent when no sample fed the distribution: a 0 there would read as a measurement.
CellValue statCell(const LevelRow &row, Metric metric, Field field)
{
    const Distribution &d = row.level->*metric;
    if (d.count == 0)
        return {};
    return d.*field;
}

ResultsColumn statColumn(const QString &key, const QString &header, int decimals, Metric metric, Field field)
{
    return { key, header, decimals, [metric, field](const LevelRow &row) { return statCell(row, metric, field); } };
}

ResultsColumn countColumn(const QString &key, const QString &header, int LevelSummary::*count)
{
    return { key, header, 0, [count](const LevelRow &row) { return CellValue(double(row.level->*count)); } };
}

// The latencies the intervals table shows, with the decimals the results table gives them.
struct IntervalMetricRow
{
    QString name;
    const Distribution *distribution;
    int decimals;
};

QList<IntervalMetricRow> intervalMetrics(const LevelSummary &l)
{
    return { { QStringLiteral("TTFT"), &l.ttftMs, 1 }, { QStringLiteral("TPOT"), &l.tpotMs, 2 },
        { QStringLiteral("ITL"), &l.itlMs, 2 }, { QStringLiteral("E2E"), &l.e2elMs, 1 } };
}

ResultsColumn figureColumn(const QString &key, const QString &header, int decimals, double LevelSummary::*figure)
{
    return { key, header, decimals, [figure](const LevelRow &row) { return CellValue(row.level->*figure); } };
}

ResultsColumn textColumn(const QString &key, const QString &header, std::function<CellValue(const LevelRow &)> value)
{
    return { key, header, 0, std::move(value), false };
}

CellValue meanInputCell(const LevelRow &row)
{
    if (!row.meanInputTokens)
        return {};
    return *row.meanInputTokens;
}

// The level's name among the run's load points: "r=40/s c≤4", "c=1 · level 3" for a repeat.
CellValue levelNameCell(const LevelRow &row)
{
    const LoadPoint point = row.level->loadPoint();
    const QList<LoadPoint> points = row.run->points();
    const int index = row.level->levelIndex;
    if (index >= 0 && index < points.size() && points.at(index).sameLoad(point))
        return levelName(points, index);
    return point.label();
}

// The rate asked: "inf" for all at once; absent for a closed-loop level (a sweep's synchronous one).
CellValue askedRateCell(const LevelRow &row)
{
    const LoadPoint point = row.level->loadPoint();
    if (!point.isOpenLoop())
        return {};
    if (point.allAtOnce())
        return QStringLiteral("inf");
    return point.rate;
}

// Fewer than two sends have no rate: absent rather than 0. All at once has no pace to keep: the
// rate of a burst sent in a few ms says nothing (summary.json still has it).
CellValue achievedRateCell(const LevelRow &row)
{
    const LoadPoint point = row.level->loadPoint();
    if (!point.isOpenLoop() || point.allAtOnce() || row.level->achievedRequestRate <= 0)
        return {};
    return row.level->achievedRequestRate;
}

CellValue goodputCell(const LevelRow &row)
{
    if (!row.level->hasGoodput)
        return {};
    return row.level->requestGoodput;
}

bool hasGoodput(const RunResult &run)
{
    return run.config.goodput.isSet()
        || std::any_of(run.levels.cbegin(), run.levels.cend(), [](const LevelSummary &l) { return l.hasGoodput; });
}

// `columns` with the level column (key "concurrency") replaced by the load point's name and the
// schedule columns right after it.
QList<ResultsColumn> withRateColumns(QList<ResultsColumn> columns, const RunResult &run, bool terminal)
{
    const auto at
        = std::find_if(columns.begin(), columns.end(), [](const ResultsColumn &c) { return c.key == u"concurrency"; });
    if (at == columns.end())
        return columns;
    const qsizetype i = at - columns.begin();
    columns[i] = textColumn(
        QStringLiteral("load_point"), terminal ? QStringLiteral("level") : QStringLiteral("Level"), levelNameCell);
    QList<ResultsColumn> added {
        { QStringLiteral("request_rate"), terminal ? QStringLiteral("rate/s") : QStringLiteral("Rate (req/s)"), 2,
            askedRateCell },
        { QStringLiteral("achieved_request_rate"),
            terminal ? QStringLiteral("achieved/s") : QStringLiteral("Achieved (req/s)"), 2, achievedRateCell },
        statColumn(QStringLiteral("send_lag_p99_ms"),
            terminal ? QStringLiteral("lag p99 ms") : QStringLiteral("Send lag P99 (ms)"), 2, &LevelSummary::sendLagMs,
            &Distribution::p99),
    };
    if (hasGoodput(run))
        added.append({ QStringLiteral("request_goodput"),
            terminal ? QStringLiteral("goodput/s") : QStringLiteral("Goodput (req/s)"), 2, goodputCell });
    for (qsizetype k = 0; k < added.size(); ++k)
        columns.insert(i + 1 + k, added.at(k));
    return columns;
}

CellValue dateCell(const LevelRow &row)
{
    if (!row.run->startedAt.isValid())
        return {};
    return row.run->startedAt.date().toString(Qt::ISODate);
}

} // namespace

bool hasRateLevels(const RunResult &run)
{
    const QList<LoadPoint> points = run.points();
    return std::any_of(points.cbegin(), points.cend(), [](const LoadPoint &p) { return p.isOpenLoop(); })
        || std::any_of(
            run.levels.cbegin(), run.levels.cend(), [](const LevelSummary &l) { return l.point.isOpenLoop(); });
}

QList<Stats::ServingPoint> servingCurveOf(const RunResult &run)
{
    return Stats::servingCurve(run.levels, std::max(0, run.armOf));
}

double roundTo(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

QJsonValue msOrNull(qint64 ns)
{
    if (ns < 0)
        return QJsonValue::Null;
    // Round in integer µs first: exact, whatever the magnitude of the offset.
    return static_cast<double>(std::llround(static_cast<double>(ns) / 1e3)) / 1e3;
}

QJsonValue roundedOrNull(double value, int decimals)
{
    if (value < 0 || !std::isfinite(value))
        return QJsonValue::Null;
    return roundTo(value, decimals);
}

QString plainNumber(double value, int decimals)
{
    QString s = fixedNumber(value, decimals);
    if (s.contains(u'.')) {
        while (s.endsWith(u'0'))
            s.chop(1);
        if (s.endsWith(u'.'))
            s.chop(1);
    }
    return s == u"-0" ? QStringLiteral("0") : s;
}

QString fixedNumber(double value, int decimals)
{
    return QString::number(roundTo(value, decimals), 'f', decimals);
}

QString markdownEscape(const QString &text, const QString &secret)
{
    static const QString special = QStringLiteral("\\`*_[]<>|#~!");
    QString out;
    out.reserve(text.size());
    for (QChar c : oneLine(redactSecret(text, secret), std::numeric_limits<int>::max())) {
        if (special.contains(c))
            out += u'\\';
        out += c;
    }
    return out;
}

QList<LevelRow> levelRows(const RunResult &run)
{
    QList<LevelRow> rows;
    for (const LevelSummary &level : run.levels)
        rows.append({ &run, &level, level.meanInputTokens });
    return rows;
}

QList<RunResult> armResults(const RunResult &run)
{
    if (!run.isInterleaved())
        return { run };
    QList<RunResult> out;
    for (int arm = 0; arm < run.arms.size(); ++arm)
        out.append(run.armResult(arm));
    return out;
}

QList<LevelRow> armLevelRows(const QList<RunResult> &arms)
{
    QList<QList<LevelRow>> each;
    qsizetype longest = 0;
    for (const RunResult &arm : arms) {
        each.append(levelRows(arm));
        longest = std::max(longest, each.constLast().size());
    }
    // Every arm ran the same levels in the same order: the i-th level of each belongs together.
    QList<LevelRow> rows;
    for (qsizetype i = 0; i < longest; ++i)
        for (const QList<LevelRow> &armRows : std::as_const(each))
            if (i < armRows.size())
                rows.append(armRows.at(i));
    return rows;
}

ResultsColumn armColumn()
{
    return textColumn(QStringLiteral("arm"), QStringLiteral("Arm"),
        [](const LevelRow &row) { return CellValue(armLetter(std::max(0, row.run->armOf))); });
}

QList<ResultsColumn> parameterLogColumns()
{
    return {
        textColumn(QStringLiteral("date"), QStringLiteral("Date"), dateCell),
        textColumn(QStringLiteral("model"), QStringLiteral("Model"),
            [](const LevelRow &row) { return CellValue(row.run->config.model); }),
        textColumn(QStringLiteral("api"), QStringLiteral("API"),
            [](const LevelRow &row) { return CellValue(apiKindName(row.run->config.api)); }),
        countColumn(QStringLiteral("concurrency"), QStringLiteral("Concurrency"), &LevelSummary::concurrency),
        countColumn(QStringLiteral("requests"), QStringLiteral("Requests"), &LevelSummary::requests),
        countColumn(QStringLiteral("completed"), QStringLiteral("Completed"), &LevelSummary::completed),
        countColumn(QStringLiteral("failed"), QStringLiteral("Failed"), &LevelSummary::failed),
        { QStringLiteral("input_tokens"), QStringLiteral("Input tokens (mean)"), 1, meanInputCell },
        { QStringLiteral("max_tokens"), QStringLiteral("Max tokens"), 0,
            [](const LevelRow &row) { return CellValue(double(row.run->config.maxTokens)); } },
        statColumn(QStringLiteral("ttft_p50_ms"), QStringLiteral("TTFT P50 (ms)"), 1, &LevelSummary::ttftMs,
            &Distribution::p50),
        statColumn(QStringLiteral("ttft_p95_ms"), QStringLiteral("TTFT P95 (ms)"), 1, &LevelSummary::ttftMs,
            &Distribution::p95),
        statColumn(QStringLiteral("tpot_p50_ms"), QStringLiteral("TPOT P50 (ms)"), 2, &LevelSummary::tpotMs,
            &Distribution::p50),
        statColumn(QStringLiteral("tpot_p95_ms"), QStringLiteral("TPOT P95 (ms)"), 2, &LevelSummary::tpotMs,
            &Distribution::p95),
        statColumn(
            QStringLiteral("itl_p50_ms"), QStringLiteral("ITL P50 (ms)"), 2, &LevelSummary::itlMs, &Distribution::p50),
        statColumn(
            QStringLiteral("e2e_p50_ms"), QStringLiteral("E2E P50 (ms)"), 1, &LevelSummary::e2elMs, &Distribution::p50),
        figureColumn(QStringLiteral("output_throughput_tok_s"), QStringLiteral("Output (tok/s)"), 1,
            &LevelSummary::outputThroughput),
        figureColumn(QStringLiteral("request_throughput_req_s"), QStringLiteral("Requests (req/s)"), 2,
            &LevelSummary::requestThroughput),
    };
}

QList<ResultsColumn> parameterLogColumns(const RunResult &run)
{
    return hasRateLevels(run) ? withRateColumns(parameterLogColumns(), run, false) : parameterLogColumns();
}

QList<ResultsColumn> terminalColumns(const RunResult &run)
{
    return hasRateLevels(run) ? withRateColumns(terminalColumns(), run, true) : terminalColumns();
}

QList<ResultsColumn> terminalColumns()
{
    return {
        countColumn(QStringLiteral("concurrency"), QStringLiteral("conc"), &LevelSummary::concurrency),
        countColumn(QStringLiteral("requests"), QStringLiteral("req"), &LevelSummary::requests),
        countColumn(QStringLiteral("completed"), QStringLiteral("ok"), &LevelSummary::completed),
        countColumn(QStringLiteral("failed"), QStringLiteral("fail"), &LevelSummary::failed),
        statColumn(
            QStringLiteral("ttft_p50_ms"), QStringLiteral("TTFT p50 ms"), 1, &LevelSummary::ttftMs, &Distribution::p50),
        statColumn(
            QStringLiteral("ttft_p95_ms"), QStringLiteral("TTFT p95 ms"), 1, &LevelSummary::ttftMs, &Distribution::p95),
        statColumn(
            QStringLiteral("tpot_p50_ms"), QStringLiteral("TPOT p50 ms"), 2, &LevelSummary::tpotMs, &Distribution::p50),
        statColumn(
            QStringLiteral("tpot_p95_ms"), QStringLiteral("TPOT p95 ms"), 2, &LevelSummary::tpotMs, &Distribution::p95),
        statColumn(
            QStringLiteral("itl_p50_ms"), QStringLiteral("ITL p50 ms"), 2, &LevelSummary::itlMs, &Distribution::p50),
        statColumn(
            QStringLiteral("itl_p99_ms"), QStringLiteral("ITL p99 ms"), 2, &LevelSummary::itlMs, &Distribution::p99),
        statColumn(
            QStringLiteral("e2e_p50_ms"), QStringLiteral("E2E p50 ms"), 1, &LevelSummary::e2elMs, &Distribution::p50),
        figureColumn(
            QStringLiteral("output_throughput_tok_s"), QStringLiteral("out tok/s"), 1, &LevelSummary::outputThroughput),
        figureColumn(
            QStringLiteral("request_throughput_req_s"), QStringLiteral("req/s"), 2, &LevelSummary::requestThroughput),
    };
}

QString alignedText(
    const QList<QStringList> &rows, const std::function<bool(qsizetype column, qsizetype columnCount)> &isWords)
{
    qsizetype columns = 0;
    for (const QStringList &row : rows)
        columns = std::max(columns, row.size());
    QList<qsizetype> widths(columns, 0);
    for (const QStringList &row : rows)
        for (qsizetype i = 0; i < row.size(); ++i)
            widths[i] = std::max(widths[i], row.at(i).size());
    QString out;
    for (const QStringList &row : rows) {
        QString line;
        for (qsizetype i = 0; i < row.size(); ++i) {
            const auto width = static_cast<int>(widths.at(i));
            line += (i > 0 ? QStringLiteral("  ") : QString())
                + (isWords(i, columns) ? row.at(i).leftJustified(width) : row.at(i).rightJustified(width));
        }
        while (line.endsWith(u' '))
            line.chop(1);
        out += line + u'\n';
    }
    return out;
}

QString withInterval(double value, const ConfidenceInterval &ci, int decimals, const QString &unit)
{
    QString out = fixedNumber(value, decimals) + u' ' + unit;
    if (ci.valid)
        out += QStringLiteral(" [%1, %2]").arg(fixedNumber(ci.lo, decimals), fixedNumber(ci.hi, decimals));
    return out;
}

TextTable intervalTable(const RunResult &run)
{
    const QList<ResultsColumn> columns = parameterLogColumns(run);
    const ResultsColumn &levelColumn = *std::find_if(columns.cbegin(), columns.cend(),
        [](const ResultsColumn &c) { return c.key == u"concurrency" || c.key == u"load_point"; });
    TextTable table { { levelColumn.header, QStringLiteral("Metric"), QStringLiteral("P50"), QStringLiteral("P90"),
                          QStringLiteral("P95"), QStringLiteral("P99"), QStringLiteral("Output throughput") },
        {} };
    for (const LevelRow &row : levelRows(run)) {
        const LevelSummary &l = *row.level;
        const QString level = displayCell(levelColumn.value(row), 0, QStringLiteral("-"));
        QString throughput = withInterval(l.outputThroughput, l.outputThroughputCi, 1, QStringLiteral("tok/s"));
        for (const auto &[name, d, decimals] : intervalMetrics(l)) {
            if (d->count == 0)
                continue;
            const auto cell = [&](double value, const ConfidenceInterval &ci) {
                return withInterval(value, ci, decimals, QStringLiteral("ms"));
            };
            table.rows.append({ level, name, cell(d->p50, d->p50Ci), cell(d->p90, d->p90Ci), cell(d->p95, d->p95Ci),
                cell(d->p99, d->p99Ci), throughput });
            throughput.clear(); // once per level, on its first row
        }
    }
    return table;
}

TextTable sliceTable(const RunResult &run)
{
    const QList<ResultsColumn> columns = parameterLogColumns(run);
    const ResultsColumn &levelColumn = *std::find_if(columns.cbegin(), columns.cend(),
        [](const ResultsColumn &c) { return c.key == u"concurrency" || c.key == u"load_point"; });
    TextTable table { { levelColumn.header, QStringLiteral("Slice (s)"), QStringLiteral("Sent"),
                          QStringLiteral("Ended"), QStringLiteral("TTFT P50 (ms)"), QStringLiteral("TTFT P95 (ms)"),
                          QStringLiteral("Output (tok/s)"), QStringLiteral("In flight") },
        {} };
    const auto ms = [](std::optional<double> value) { return value ? fixedNumber(*value, 1) : QStringLiteral("-"); };
    for (const LevelRow &row : levelRows(run)) {
        const QString level = displayCell(levelColumn.value(row), 0, QStringLiteral("-"));
        for (const LevelSlice &slice : row.level->slices)
            table.rows.append({ level, fixedNumber(slice.startS, 1) + QStringLiteral("-") + fixedNumber(slice.endS, 1),
                QString::number(slice.started), QString::number(slice.finished), ms(slice.ttftP50Ms),
                ms(slice.ttftP95Ms), fixedNumber(slice.outputThroughput, 1), fixedNumber(slice.meanInFlight, 1) });
    }
    return table;
}

QString turnsCaption(const RunResult &run)
{
    return (run.config.conversation.isOn() ? QStringLiteral("%1 turns per conversation")
                                           : QStringLiteral("up to %1 turns per conversation"))
        .arg(Stats::turnsPerConversation(run));
}

TextTable turnTable(const RunResult &run)
{
    TextTable table { { QStringLiteral("Level"), QStringLiteral("Turn"), QStringLiteral("Requests"),
                          QStringLiteral("Completed"), QStringLiteral("TTFT P50 (ms)"), QStringLiteral("TTFT P95 (ms)"),
                          QStringLiteral("TPOT P50 (ms)"), QStringLiteral("Prompt tokens"), QStringLiteral("Cached") },
        {} };
    if (Stats::turnsPerConversation(run) == 0)
        return table;
    const auto figure
        = [](double value, int decimals) { return value >= 0 ? fixedNumber(value, decimals) : QStringLiteral("-"); };
    for (const LevelRow &row : levelRows(run)) {
        const QString level = row.level->point.label();
        for (const Stats::TurnFigures &t : Stats::figuresByTurn(run.records, row.level->levelIndex))
            table.rows.append({ level, QString::number(t.turn), QString::number(t.requests),
                QString::number(t.completed), figure(t.ttftP50Ms, 1), figure(t.ttftP95Ms, 1), figure(t.tpotP50Ms, 2),
                figure(t.promptTokensMean, 0),
                t.cachedShare >= 0 ? fixedNumber(t.cachedShare * 100, 0) + u'%' : QStringLiteral("-") });
    }
    return table;
}

QString displayCell(const CellValue &cell, int decimals, const QString &missing)
{
    if (const auto *number = std::get_if<double>(&cell))
        return fixedNumber(*number, decimals);
    if (const auto *text = std::get_if<QString>(&cell))
        return *text;
    return missing;
}

QString machineCell(const CellValue &cell)
{
    if (const auto *number = std::get_if<double>(&cell))
        return plainNumber(*number, 3);
    if (const auto *text = std::get_if<QString>(&cell))
        return *text;
    return {};
}

QString oneLine(const QString &text, int maxChars)
{
    const QString flat = text.simplified();
    if (flat.size() <= maxChars)
        return flat;
    return flat.left(std::max(0, maxChars - 3)) + QStringLiteral("...");
}

QString configValueText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return plainNumber(value.toDouble(), 6);
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        if (array.isEmpty())
            return QStringLiteral("(none)");
        QStringList items;
        for (const QJsonValue &v : array)
            items.append(configValueText(v));
        return items.join(QStringLiteral(", "));
    }
    case QJsonValue::Object:
        if (value.toObject().isEmpty())
            return QStringLiteral("(none)");
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    default:
        return {};
    }
}

QString outcomeSentence(const RunResult &run)
{
    const RequestCounts counts = requestCounts(run);
    const int failed = counts.failed;
    const int requests = counts.requests;
    switch (runOutcome(run)) {
    case Outcome::Completed:
    case Outcome::Running:
        return QStringLiteral("Completed.");
    case Outcome::CompletedWithFailures:
        return QStringLiteral("Completed with failures: %1 of %2 requests failed.").arg(failed).arg(requests);
    case Outcome::Failed:
        return QStringLiteral("Failed: no request succeeded (%1 of %2 failed).").arg(failed).arg(requests);
    case Outcome::Cancelled:
        break;
    }
    return QStringLiteral("Cancelled: the results are partial.");
}

} // namespace TokenScope::Report::Detail
