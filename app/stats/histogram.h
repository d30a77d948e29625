// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <vector>

namespace TokenScope::Stats {

/// Equal-width bins over a sample, with edges at multiples of a "nice" width so the axis reads
/// 20, 25, 30 ms rather than 20.37, 24.81 ms. When a few far-out values would squeeze every other
/// bar into a corner, the bins end after the largest ordinary value and one more bin, the last,
/// holds only the far-out values: `clamped` says how many, `maxValue` how far they went (the last
/// bin's edges do not contain them). Plain value type.
struct Histogram
{
    double firstEdge = 0; ///< lower edge of bin 0
    double binWidth = 0; ///< 0 for an empty sample
    QList<int> counts; ///< one per bin; the last bin's upper edge is inclusive
    int total = 0; ///< values binned (= sum of counts)
    int clamped = 0; ///< far-out values, all counted in the last bin (and only they are)
    double minValue = 0;
    double maxValue = 0;

    bool isEmpty() const { return total == 0; }
    int binCount() const { return static_cast<int>(counts.size()); }
    double lowerEdge(int bin) const { return firstEdge + binWidth * bin; }
    double lastEdge() const { return lowerEdge(binCount()); }
    int maxCount() const;
};

/// The smallest width of 1, 2 or 5 times a power of ten that covers `span` in at most
/// `targetBins` bins (> 0 for any input; 1 for a span <= 0).
double niceBinWidth(double span, int targetBins);

/// Bins `values` into about `targetBins` (at most targetBins + 2) bins of a nice width, starting at
/// the multiple of the width at or below the minimum. The bins end at a bound taken from the data:
/// the far-out fence Q3 + 3 x IQR when at most 5 % of the values lie beyond it, else the P99 (a
/// long tail of more than 5 % keeps 99 % of its values on the axis). Values beyond the bound are
/// clamped when the sample has at least 8 values and they would stretch the axis by more than a
/// quarter: the ordinary values are then binned as above and the far-out ones go into one extra
/// bin after them. An empty sample gives an empty histogram; a sample of one repeated value one bin
/// around it. Pure; thread-safe.
Histogram histogram(std::vector<double> values, int targetBins = 20);

} // namespace TokenScope::Stats
