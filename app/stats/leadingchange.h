// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/comparison.h"

#include <QList>
#include <initializer_list>

/// Which figures a comparison's verdict leads with, for every headline (the A/B and compare
/// reports, the Compare tab): only changes Compare::significance() calls real, largest first, so
/// a headline never opens with a change inside the noise. Pure functions; thread-safe.
namespace TokenScope::Compare {

/// The figures of `metrics` whose change in `row` is real, largest first by |log(other / baseline)|
/// (a halved latency and a doubled throughput weigh the same; ties keep the order of `metrics`).
/// A real change in the error rate comes first. Empty when no figure changed beyond noise.
QList<DeltaMetric> realChangesLargestFirst(const LevelDelta &row, std::initializer_list<DeltaMetric> metrics);
/// The same over every figure of the delta table.
QList<DeltaMetric> realChangesLargestFirst(const LevelDelta &row);

} // namespace TokenScope::Compare
