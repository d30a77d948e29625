// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "histogram.h"

#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace TokenScope::Stats {

namespace {

constexpr int kMinValuesToClamp = 8; // quartiles of fewer values say little about what is "far out"
constexpr double kFarOutIqr = 3.0; // Tukey's far-out fence
// More than this share beyond the fence is a tail of the shape (queueing, say), not a few
// stragglers: the bins then run to the P99 and only the last percent is folded away.
constexpr double kMaxFarOutShare = 0.05;
constexpr double kTailPercentile = 99;
// Folding values away is worth its hatched bar only when they would stretch the axis by more than
// this share: an ITL sample under 20 ms with 2 % of gaps up to 78 ms reads at 20 ms, not at 80.
constexpr double kMinStretch = 0.25;

// Where the bins should end: the maximum, or a bound taken from the data (the far-out fence, or
// the P99 behind a long tail) when the values beyond it would stretch the axis by more than
// kMinStretch.
double binnedUpperBound(const std::vector<double> &sorted)
{
    const double min = sorted.front();
    const double max = sorted.back();
    if (sorted.size() < kMinValuesToClamp)
        return max;
    const double q1 = percentile(sorted, 25);
    const double q3 = percentile(sorted, 75);
    const double fence = q3 + kFarOutIqr * (q3 - q1);
    const auto farOut = std::distance(std::upper_bound(sorted.begin(), sorted.end(), fence), sorted.end());
    const bool fewFarOut = static_cast<double>(farOut) <= kMaxFarOutShare * static_cast<double>(sorted.size());
    const double bound = fewFarOut ? fence : percentile(sorted, kTailPercentile);
    if (max <= bound || bound <= min)
        return max;
    return (max - min) > (1 + kMinStretch) * (bound - min) ? bound : max;
}

} // namespace

int Histogram::maxCount() const
{
    return counts.isEmpty() ? 0 : *std::max_element(counts.cbegin(), counts.cend());
}

double niceBinWidth(double span, int targetBins)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1;
    const double raw = span / std::max(1, targetBins);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : { 1.0, 2.0, 5.0 }) {
        // A relative tolerance so 0.3 / 3 lands on 0.1, not on 0.2 through rounding error.
        if (m * magnitude >= raw * (1 - 1e-9))
            return m * magnitude;
    }
    return 10 * magnitude;
}

Histogram histogram(std::vector<double> values, int targetBins)
{
    Histogram h;
    values.erase(
        std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }), values.end());
    if (values.empty())
        return h;
    std::sort(values.begin(), values.end());
    h.minValue = values.front();
    h.maxValue = values.back();

    const double fence = binnedUpperBound(values);
    const bool clamp = fence < h.maxValue;
    // The largest ordinary value: the bins end after it, the far-out ones get a bin of their own.
    const double top = clamp ? *std::prev(std::upper_bound(values.begin(), values.end(), fence)) : h.maxValue;
    const double span = top - h.minValue;
    // One repeated value: a bin about a twentieth of its size, so the bar still has a readable edge.
    h.binWidth = span > 0 ? niceBinWidth(span, targetBins) : niceBinWidth(std::max(std::abs(h.minValue), 1.0), 20);
    h.firstEdge = std::floor(h.minValue / h.binWidth) * h.binWidth;
    const int ordinaryBins = std::max(1, static_cast<int>(std::ceil((top - h.firstEdge) / h.binWidth - 1e-9)));
    const double ordinaryEdge = h.lowerEdge(ordinaryBins) + h.binWidth * 1e-9; // a value on it, rounded, is ordinary
    h.counts = QList<int>(ordinaryBins + (clamp ? 1 : 0), 0);
    for (double v : values) {
        if (clamp && v > ordinaryEdge) {
            ++h.counts.last();
            ++h.clamped;
            continue;
        }
        ++h.counts[std::clamp(static_cast<int>(std::floor((v - h.firstEdge) / h.binWidth)), 0, ordinaryBins - 1)];
    }
    h.total = static_cast<int>(values.size());
    return h;
}

} // namespace TokenScope::Stats
