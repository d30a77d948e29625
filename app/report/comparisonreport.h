// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "core/secrets.h"
#include "stats/comparison.h"

#include <QJsonObject>
#include <QList>
#include <QString>

/// Two runs compared, as `tokenscope-cli compare` prints it and an A/B run writes it
/// (docs/history-and-compare.md#8-comparing-from-the-command-line): a headline, the inputs that differ,
/// and per level the delta table with each figure's verdict. The renderers read only what
/// Compare computed (levelDeltas, diffConfigs, significance); no statistics here. Pure functions;
/// thread-safe except for translated wording, which follows SignificanceText.
namespace TokenScope::Report {

// The files an A/B run writes beside its arms' directories A/ and B/.
inline constexpr char kComparisonMarkdownFile[] = "comparison.md";
inline constexpr char kComparisonJsonFile[] = "comparison.json";

/// One run of a comparison.
struct ComparedSide
{
    RunResult run; ///< its levels summarized (Stats::summarizeRun, or as read from its directory)
    QString label; ///< how sentences name it: "A", "B", or its directory's name
    QString source; ///< where it was read from (a directory), shown in the reports; may be empty
    QString toolVersion; ///< the version that measured it; empty when unknown
};

/// One turn index of a level both runs measured as conversations (docs/metrics.md#conversations):
/// each run's TTFT P50 and cached share there (-1: not measured or not reported).
struct TurnDelta
{
    QString level; ///< the level's label, "c=4"
    int turn = 0;
    double baselineTtftP50Ms = -1, otherTtftP50Ms = -1;
    double baselineCachedShare = -1, otherCachedShare = -1;
};

/// What the renderers show: Compare's results for `other` against `baseline`.
struct RunComparison
{
    QString baselineLabel, otherLabel;
    QString baselineSource, otherSource;
    Compare::ConfigDiff configDiff; ///< baseline's value first in each difference
    QList<Compare::LevelDelta> levels; ///< Compare::levelDeltas() order
    QList<TurnDelta> turns; ///< when both runs are conversation runs: by level, then turn
    Secrets secrets; ///< both runs' keys and URL credentials, redacted from every output
};

/// Compare::levelDeltas and Compare::diffConfigs of the two sides.
RunComparison compareRuns(const ComparedSide &baseline, const ComparedSide &other);

/// One or two sentences on the most important figure, TTFT P50, at the highest load point both
/// runs measured (Compare::highestCommonLevel), then which other figures changed for real there:
/// "At c=4: TTFT P50 is 12% higher in B, and the difference is real (95 % intervals … do not
/// overlap). Other real changes there: E2E P50." Says so when the runs share no load point.
QString comparisonHeadline(const RunComparison &comparison);

/// "c=8: only in A (no partner in B)", one per level that only one run measured.
QStringList unmatchedLevels(const RunComparison &comparison);

/// "Model: m1 -> m2", one line per input that differs (Compare::diffConfigs), baseline's value first.
/// Not escaped.
QStringList inputDifferences(const RunComparison &comparison);

/// For a terminal: the headline, the inputs, then per level an aligned table (metric, baseline,
/// other, change, verdict).
QString comparisonText(const RunComparison &comparison);
/// comparison.md: the same as Markdown tables.
QString comparisonMarkdown(const RunComparison &comparison);
/// comparison.json (docs/history-and-compare.md#comparisonjson): every figure with both values,
/// both 95 % intervals, the change, and the verdict with the rule that judged it.
QJsonObject comparisonJson(const RunComparison &comparison);
/// One self-contained page with report.html's style (no script, nothing fetched).
QString comparisonHtml(const RunComparison &comparison);

/// The part of comparisonMarkdown() and comparisonHtml() a page holding a comparison shares (the
/// A/B report): per level both runs measured, a heading of `headingLevel` (2 for <h2>, "##") with
/// its delta table and each figure's verdict, then the levels only one run measured. Not redacted:
/// the page that holds it redacts itself.
QString comparisonLevelsMarkdown(const RunComparison &comparison, int headingLevel);
QString comparisonLevelsHtml(const RunComparison &comparison, int headingLevel);

} // namespace TokenScope::Report
