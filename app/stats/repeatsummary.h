// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/runresult.h"
#include "stats/comparison.h"

#include <QList>
#include <QString>
#include <optional>

/// The spread of one configuration run several times (docs/metrics.md#repeats): per level and
/// figure, the spread between the repeats next to the spread within each (its 95 % interval).
/// Pure functions; thread-safe.
namespace TokenScope::Stats {

/// The figures a repeat summary follows, each with the key summary.json gives it.
enum class RepeatMetric { TtftP50, TtftP95, TpotP50, ItlP50, E2elP50, OutputThroughput };
QList<RepeatMetric> repeatMetrics(); ///< in the order reports show them
QString repeatMetricKey(RepeatMetric metric); ///< "median_ttft_ms", …, "output_throughput"
QString repeatMetricLabel(RepeatMetric metric); ///< "TTFT P50", …, "Output throughput"
QString repeatMetricUnit(RepeatMetric metric); ///< "ms" or "tok/s"

/// A spread between repeats below this share of their mean (in %) is never called drift, even
/// when their intervals do not overlap: a deterministic server gives intervals narrower than any
/// difference that matters (docs/metrics.md#repeats). Compare's floor for a real change.
inline constexpr double kMinDriftPercent = Compare::kMinRealChangePercent;

/// One figure of one level over the repeats.
struct RepeatFigure
{
    RepeatMetric metric = RepeatMetric::TtftP50;
    /// One per repeat, in order; absent where that repeat did not measure it (no such level, or
    /// no sample: every response too short for TPOT).
    QList<std::optional<double>> values;
    /// Over the present values; absent when none is.
    std::optional<double> mean, min, max;
    /// Sample standard deviation across repeats (n - 1) and its share of the mean in percent;
    /// absent below two values (or a zero mean, for the share).
    std::optional<double> stdDev, cvPct;
    /// Within a run: the mean over the repeats of half their 95 % interval's width, in percent of
    /// their value; absent when no repeat had an interval.
    std::optional<double> withinHalfWidthPct;
    /// Two repeats whose 95 % intervals do not overlap: the runs differ by more than the noise
    /// inside each explains. False when fewer than two intervals were there to compare.
    bool apart = false;
    /// Apart, and the spread (max - min) is at least kMinDriftPercent of the mean: what the
    /// level's verdict calls drift.
    bool drifted = false;
    int intervals = 0; ///< repeats that had a 95 % interval of this figure
};

/// One level (one load point, at the same place in every repeat) over the repeats.
struct RepeatLevel
{
    LoadPoint point;
    QList<RepeatFigure> figures; ///< in repeatMetrics() order
    enum class Verdict { Agree, Drift, NotEnoughData } verdict = Verdict::NotEnoughData;
    QString sentence; ///< the verdict in one plain sentence, naming the figures that moved
};

struct RepeatSummary
{
    int repeats = 0; ///< asked for
    int finished = 0; ///< runs measured (a stopped series has fewer, the last maybe cancelled)
    bool stopped = false; ///< the series was stopped before its last repeat ended
    QList<RepeatLevel> levels;
};

/// Matches the levels of `runs` (the repeats, in order) by their load point and position in the
/// run, and sets each figure's spreads and each level's verdict. `repeats` is the number asked for.
RepeatSummary summarizeRepeats(const QList<RunResult> &runs, int repeats, bool stopped);

QString repeatVerdictName(RepeatLevel::Verdict verdict); ///< "agree" | "drift" | "not_enough_data"

} // namespace TokenScope::Stats
