// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runresult.h"

#include <QString>

namespace TokenScope {

/// How a run or a level ended (docs/metrics.md#outcomes). Every view, export and exit code says
/// the same: a run where every request failed is never "completed".
enum class Outcome {
    Running,
    Completed, ///< every measured request succeeded
    CompletedWithFailures, ///< some succeeded, some failed
    Failed, ///< no measured request succeeded (or the run could not go on)
    Cancelled, ///< stopped by the user; what it measured is kept
};

/// "running", "completed", "completed_with_failures", "failed", "cancelled" (summary.json's `status`).
QString outcomeKey(Outcome outcome);
bool parseOutcome(const QString &key, Outcome *outcome);

/// A run's measured requests over all its levels (and arms).
struct RequestCounts {
    int completed = 0;
    int failed = 0;
    int requests = 0;
};
RequestCounts requestCounts(const RunResult &run);

/// From the counts of measured requests. `cancelled` wins: the run (or level) was cut short.
Outcome outcomeOf(int completed, int failed, bool cancelled);
/// A level of `run`: the last level of a cancelled run is the one the cancel cut short.
Outcome levelOutcome(const RunResult &run, const LevelSummary &level);
/// The whole run, over all its levels (and arms).
Outcome runOutcome(const RunResult &run);

/// Translated, for views and reports: "Completed", "Completed with failures (9 of 28 failed)",
/// "Failed: no request succeeded (29 of 29 failed)", "Cancelled". Context "Outcome".
QString outcomeText(Outcome outcome, int failed, int requests);
/// The run's outcome text with its own counts.
QString runOutcomeText(const RunResult &run);

} // namespace TokenScope
