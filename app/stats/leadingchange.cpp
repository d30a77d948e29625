// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "leadingchange.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace TokenScope::Compare {

namespace {

// The size a change ranks by: the log of other / baseline, so that halving a latency and
// doubling a throughput weigh the same; |%| when a value is not positive. A real change in the
// error rate ranks above every other: failures are read first.
double changeSize(const DeltaCell &cell, DeltaMetric metric)
{
    if (metric == DeltaMetric::ErrorRate)
        return std::numeric_limits<double>::infinity();
    if (cell.baseline && cell.other && *cell.baseline > 0 && *cell.other > 0)
        return std::abs(std::log(*cell.other / *cell.baseline));
    return cell.percent ? std::abs(*cell.percent) / 100.0 : 0.0;
}

} // namespace

QList<DeltaMetric> realChangesLargestFirst(const LevelDelta &row, std::initializer_list<DeltaMetric> metrics)
{
    QList<DeltaMetric> real;
    for (DeltaMetric metric : metrics)
        if (significance(row.cell(metric), metric).significance == Significance::Real)
            real.append(metric);
    std::stable_sort(real.begin(), real.end(),
        [&row](DeltaMetric a, DeltaMetric b) { return changeSize(row.cell(a), a) > changeSize(row.cell(b), b); });
    return real;
}

QList<DeltaMetric> realChangesLargestFirst(const LevelDelta &row)
{
    return realChangesLargestFirst(row,
        { DeltaMetric::ErrorRate, DeltaMetric::TtftP50, DeltaMetric::TtftP95, DeltaMetric::TpotP50,
            DeltaMetric::TpotP95, DeltaMetric::ItlP50, DeltaMetric::E2eP50, DeltaMetric::OutputThroughput,
            DeltaMetric::RequestThroughput });
}

} // namespace TokenScope::Compare
