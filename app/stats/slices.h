// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"
#include "core/requestrecord.h"

#include <QList>

/// A level cut into consecutive windows (docs/metrics.md#slices): how its latency, output and load
/// moved while it ran. Pure functions; thread-safe.
namespace TokenScope::Stats {

/// The width of a level's slices: `sliceS`, or for a level longer than RunConfig::kMaxSlicesPerLevel
/// of them the smallest multiple of it that keeps within that count.
double sliceWidthS(double levelSpanS, double sliceS);

/// The slices of one arm's measured records of a level (warm-ups and ramp-up requests left out, as
/// summarizeLevel() leaves them out), from its first send to its last end; none when `sliceS` <= 0
/// or no request counted. Output tokens are the completed requests' (their count spread evenly over
/// their text chunks, untimed chunks past the cap at the last token), so the slices add up to
/// the level's total_output_tokens.
QList<LevelSlice> levelSlices(const QList<RequestRecord> &measured, double sliceS);

} // namespace TokenScope::Stats
