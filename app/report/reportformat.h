// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "stats/servingcurve.h"

#include <QJsonValue>
#include <QList>
#include <QString>
#include <functional>
#include <optional>
#include <variant>

/// Helpers shared by the writers (internal to app/report). Pure; thread-safe.
namespace TokenScope::Report::Detail {

/// `value` rounded to `decimals` places (half away from zero).
double roundTo(double value, int decimals);

/// An offset in ns as ms rounded to µs (3 decimals); null when the offset is absent (< 0).
QJsonValue msOrNull(qint64 ns);

/// `value` rounded to `decimals`; null when it is undefined (< 0, the per-request convention).
QJsonValue roundedOrNull(double value, int decimals);

/// `value` with `decimals` places and no trailing zeros ("12.5", "1024"), C locale.
QString plainNumber(double value, int decimals);

/// `value` with exactly `decimals` places, C locale.
QString fixedNumber(double value, int decimals);

/// Text from outside (model names, URLs, error bodies) for Markdown, on one line: it must not open
/// links, emphasis, HTML or new table cells. The secret goes first: escaping could split it past
/// recognition.
QString markdownEscape(const QString &text, const QString &secret);

/// Whether any level or load point of `run` is open loop (a rate): its tables then name levels by
/// their load point ("r=40/s c≤4") and gain the schedule columns.
bool hasRateLevels(const RunResult &run);

/// The serving curve of `run`'s levels: of its arm when it is one arm of an A/B run (armResult()
/// keeps each level's arm), else of arm 0.
QList<Stats::ServingPoint> servingCurveOf(const RunResult &run);

/// One level's row, with what the summary does not hold itself.
struct LevelRow
{
    const RunResult *run = nullptr;
    const LevelSummary *level = nullptr;
    std::optional<double> meanInputTokens; ///< over completed requests that reported prompt tokens
};
QList<LevelRow> levelRows(const RunResult &run);

/// Each arm of an interleaved run as its own result (RunResult::armResult), A first; `run` alone
/// when it is an ordinary run.
QList<RunResult> armResults(const RunResult &run);
/// The rows of every arm in `arms` (armResults()), level by level and A before B within a level, each
/// row pointing into its own arm's result: its model, its figures, never the other arm's.
QList<LevelRow> armLevelRows(const QList<RunResult> &arms);

/// A cell of a results table: missing, a number, or text.
using CellValue = std::variant<std::monostate, double, QString>;

struct ResultsColumn
{
    QString key; ///< CSV header name
    QString header; ///< human header with its unit (Markdown, terminal)
    int decimals = 0; ///< places shown to humans; CSV keeps up to 3
    std::function<CellValue(const LevelRow &)> value;
    bool numeric = true; ///< right-aligned for humans
};

/// The parameter-log columns of results.csv and of report.md's table
/// (docs/metrics.md#resultscsv-one-row-per-level).
QList<ResultsColumn> parameterLogColumns();
/// The same for `run`: with rate levels, the level column holds the load point's label and the
/// schedule columns follow (rate asked, achieved, send lag P99, and goodput when an SLO is set).
/// A closed-loop run gets exactly parameterLogColumns().
QList<ResultsColumn> parameterLogColumns(const RunResult &run);

/// "A", "B": the arm of a row from armLevelRows() (column key "arm", header "Arm"), for the tables
/// of an A/B run (docs/history-and-compare.md#the-ab-report).
ResultsColumn armColumn();

/// The narrower table the CLI prints.
QList<ResultsColumn> terminalColumns();
/// The same for `run`, with the changes parameterLogColumns(run) makes.
QList<ResultsColumn> terminalColumns(const RunResult &run);

/// A figure with its 95 % interval for humans: "44.5 ms [43.9, 45.2]", or "44.5 ms" without one
/// (docs/metrics.md#confidence-intervals).
QString withInterval(double value, const ConfidenceInterval &ci, int decimals, const QString &unit);

/// A table of display text: its header and rows of as many cells.
struct TextTable
{
    QStringList header;
    QList<QStringList> rows;
};

/// The request latencies' percentiles with their 95 % intervals: one row per level and measured
/// latency (TTFT, TPOT, ITL, E2E), P50 .. P99, and the level's output throughput on its first row.
TextTable intervalTable(const RunResult &run);

/// The levels' slices (docs/metrics.md#slices): one row per slice of every sliced level, its start,
/// requests sent and ended, TTFT P50/P95, output throughput and mean requests in flight. No rows
/// when the run sliced nothing.
TextTable sliceTable(const RunResult &run);

/// A conversation run's figures by turn (docs/metrics.md#conversations): one row per level and turn
/// index, its requests, TTFT P50/P95, TPOT P50, the server's prompt tokens and the share of them it
/// served from its cache; then per level, the conversations' time and tokens. No rows for a run of
/// single requests.
TextTable turnTable(const RunResult &run);
/// What the By turn section's title says of the run's conversations: "4 turns per conversation", or
/// a trace's "up to 7 turns per conversation".
QString turnsCaption(const RunResult &run);

/// `rows` (the header first) as plain text in aligned columns two spaces apart, each line ending in
/// LF without trailing spaces: the columns `isWords(column, columnCount)` names are left-aligned,
/// the figures right-aligned. By default only the first column holds words.
QString alignedText(const QList<QStringList> &rows,
    const std::function<bool(qsizetype column, qsizetype columnCount)> &isWords
    = [](qsizetype column, qsizetype) { return column == 0; });

/// A Markdown table, one row per entry of `rows`, every cell escaped (`secret` out first).
QString markdownLevelTable(const QList<LevelRow> &rows, const QList<ResultsColumn> &columns, const QString &secret);

/// A cell for humans: fixed decimals, `missing` when absent.
QString displayCell(const CellValue &cell, int decimals, const QString &missing);

/// A cell for machines: up to 3 decimals without trailing zeros, empty when absent.
QString machineCell(const CellValue &cell);

/// Text on one line (whitespace collapsed), cut to `maxChars` with an ellipsis.
QString oneLine(const QString &text, int maxChars);

/// A RunConfig::toJson() value for humans: "true", "12.5", "1, 4, 8", "(none)" for an empty
/// list or object, compact JSON for a non-empty object. Not escaped.
QString configValueText(const QJsonValue &value);

/// How the run ended, for the reports (English, as the reports are; docs/metrics.md#outcomes):
/// "Completed.", "Completed with failures: 9 of 28 requests failed.", "Failed: no request
/// succeeded (6 of 6 failed).", "Cancelled: the results are partial."
QString outcomeSentence(const RunResult &run);

} // namespace TokenScope::Report::Detail
