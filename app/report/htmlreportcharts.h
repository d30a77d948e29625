// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QString>
#include <functional>
#include <optional>

/// The charts of report.html, drawn from a RunResult as inline SVG (internal to app/report).
/// Pure; thread-safe. A figure with an empty `svg` had no data to draw; its caption says why.
namespace TokenScope::Report::Detail {

struct ChartFigure
{
    QString title;
    QString caption; ///< plain text; the page escapes it
    QString svg; ///< an <svg> element, or empty
};

/// Every request as a row over time since run start: the wait for the first token, the stream,
/// a tick per chunk arrival (at most `maxMarks`, see HtmlReportOptions), failures marked.
ChartFigure tokenTimelineFigure(const RunResult &run, int maxMarks);
/// Requests in flight over the timeline's time axis (the report's counterpart of the window's
/// ThroughputChart): the client's, from each record's start and end, as a step line; with the
/// server's running and waiting requests beside it as step lines when successful scrapes of its
/// metrics gave them (docs/metrics.md#server-metrics). Failed scrapes are gaps.
ChartFigure inFlightFigure(const RunResult &run);
/// TTFT of completed measured requests, stacked by concurrency level.
ChartFigure ttftHistogramFigure(const RunResult &run);
/// Inter-token latencies of the requests that count for ITL (enough output tokens), by level.
ChartFigure itlHistogramFigure(const RunResult &run);
/// TTFT P50 and P95 against concurrency.
ChartFigure ttftByConcurrencyFigure(const RunResult &run);
/// Output throughput (tok/s) against concurrency.
ChartFigure throughputByConcurrencyFigure(const RunResult &run);
/// The serving curve (docs/metrics.md#the-serving-curve-and-its-knee): TTFT P50 and P95 against the
/// throughput achieved, one labelled point per level with completions, the knee marked. Empty
/// `svg` with fewer than two such levels.
ChartFigure servingCurveFigure(const RunResult &run);
/// TPOT P50 against the throughput achieved, on its own axis (a queued level's TTFT, seconds,
/// would flatten it on the serving curve's). Empty `svg` with fewer than two levels with a TPOT.
ChartFigure tpotServingFigure(const RunResult &run);

/// A conversation run (docs/metrics.md#conversations): TTFT P50 (solid) and P95 (dashed) against the
/// turn index, one colour per level. Empty `svg` for a run of single requests.
ChartFigure byTurnFigure(const RunResult &run);

// ---- An A/B run (docs/history-and-compare.md#the-ab-report): both arms on one chart ----

/// The arms' colours, A first, and the legend's name of an arm: "A: tokenscope-sim".
QString armColor(int arm);
QString armName(const RunResult &arm);

/// One figure of a level for the arms' charts: its value and its 95 % interval; absent when the
/// level did not measure it.
struct ArmFigureValue
{
    double value = 0;
    ConfidenceInterval ci;
};
struct ArmFigureSpec
{
    QString title;
    QString yTitle; ///< with its unit
    QString caption;
    std::function<std::optional<ArmFigureValue>(const LevelSummary &)> value;
};
/// `spec`'s figure of each arm in `arms` (armResults() of the run) against concurrency: one
/// arm-coloured line per arm, whiskers where a level has an interval. Empty `svg` when no level
/// of any arm has the figure. Closed-loop levels only (a rate level's concurrency is its cap).
ChartFigure armsByConcurrencyFigure(const QList<RunResult> &arms, const ArmFigureSpec &spec);
/// Each arm's serving curve on one chart: TTFT P50 against the throughput the arm achieved, in its
/// arm's colour. Empty `svg` when no arm has two levels with completions.
ChartFigure armsServingCurveFigure(const QList<RunResult> &arms);
/// The same for TPOT P50, on a chart of its own: on TTFT's axis its milliseconds lie flat on zero.
ChartFigure armsTpotCurveFigure(const QList<RunResult> &arms);

} // namespace TokenScope::Report::Detail
