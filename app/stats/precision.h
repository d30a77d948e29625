// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"
#include "stats/comparison.h"

#include <QList>
#include <QString>

#include <optional>

/// Stop when precise (docs/metrics.md#stop-when-precise): how precisely a level's records pin a
/// percentile down, as the relative half-width of its 95 % bootstrap interval. Pure functions;
/// thread-safe.
namespace TokenScope::Stats {

/// A figure a level can stop on: a percentile of a per-request metric.
struct PrecisionFigure
{
    Compare::Metric metric = Compare::Metric::Ttft;
    double percentile = 95;
};

/// `<stat>_<metric>_ms` (stat p50|median|p90|p95|p99; metric ttft|tpot|itl|e2el) as a figure;
/// false for any other name.
bool parsePrecisionFigure(const QString &name, PrecisionFigure *figure);

/// Half the width of the figure's 95 % interval over `records` (measured, completed ones, as the
/// level summary chooses them), in percent of the figure; nothing while too few samples give an
/// interval (docs/metrics.md#confidence-intervals) or the figure is 0.
std::optional<double> precisionPct(
    const QList<RequestRecord> &records, const PrecisionFigure &figure, int minTokensForTpot, int levelIndex);

/// What the level's stop says, lower-case: "stopped when precise: …", "stopped at the
/// request limit: …"; empty for a level that did not aim at a precision. Translated
/// (QCoreApplication::translate("Precision", ...)) where a translator is installed.
QString stopText(const LevelSummary &level);

} // namespace TokenScope::Stats
