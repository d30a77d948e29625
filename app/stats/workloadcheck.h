// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runresult.h"

#include <QString>

/// What the server made of a level's workload (docs/metrics.md#workload-figures), in plain words
/// for the CLI, the report notes and the window. Pure functions; thread-safe. Empty when there
/// is nothing to say. Sentences start lower-case so a caller can put the level's name first.
namespace TokenScope::Stats {

inline constexpr double kMostlyCachedShare = 0.5; ///< more requests than this with cached tokens: "mostly cached"

/// "input tokens as the server counted them: mean 500.0 (sd 0.0, 500–500)", and, for prompts
/// that aimed at a length, how many missed it by more than 1 %.
QString inputTokensText(const LevelSummary &level);
/// Prompts counted more than 1 % away from their aim, or empty when none was.
QString offTargetProblem(const LevelSummary &level);
/// Answers shorter than the max_tokens they asked, or empty when none was.
QString shortOutputProblem(const LevelSummary &level);
/// "the server's cache held 45 % of prompt tokens (40 of 40 requests)", or empty when it reported
/// none.
QString cacheText(const LevelSummary &level);
/// A run whose prompts were mostly served from the server's cache though they were not meant to
/// share a prefix (a fixed prompt, a dataset that repeats, synthetic prompts without a shared
/// prefix): its TTFT measured cache hits, not prefills. Empty otherwise.
QString cacheWarning(const RunResult &run);

} // namespace TokenScope::Stats
