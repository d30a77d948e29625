// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QtGlobal>
#include <vector>

/// 95 % confidence intervals of a level's percentiles and output throughput: a seeded percentile
/// bootstrap (docs/metrics.md#confidence-intervals). Pure functions; thread-safe: no state.
namespace TokenScope::Stats {

/// Resamples per interval. 1,000 puts the 2.5th and 97.5th percentiles of the resampled figures
/// 25 resamples in from either end: enough for the ends of a 95 % interval to settle to a small
/// fraction of its width, and cheap, since a resample's cost does not grow with the sample.
inline constexpr int kBootstrapResamples = 1000;
/// A percentile's interval needs at least this many samples at or beyond it (on its nearer tail):
/// with fewer, every resample's percentile is one of the same few extreme values and the interval
/// claims a precision the sample does not have.
inline constexpr int kMinSamplesBeyondPercentile = 5;
/// No interval of any figure from fewer samples than this (P50 from 10 needs only 5 either side).
inline constexpr int kMinIntervalSamples = 10;

/// What an interval is of: mixed into its seed, so each figure of each level draws its own fixed
/// stream and the same records always give the same interval. Values are stable (they make seeds).
enum class IntervalMetric : quint64 { Ttft = 1, TtftFromSent = 2, Tpot = 3, Itl = 4, E2el = 5, OutputThroughput = 6 };

/// The seed of one interval: the level's index, the metric and the percentile (0 for throughput).
quint64 intervalSeed(int levelIndex, IntervalMetric metric, double p = 0);

/// The fewest samples whose percentile p (0..100) gets an interval: max(kMinIntervalSamples,
/// ceil(kMinSamplesBeyondPercentile / tail)) with tail = min(p, 100 - p) / 100. P50: 10, P90: 50,
/// P95: 100, P99: 500.
int minSamplesForInterval(double p);
bool hasEnoughSamplesForInterval(int n, double p);

/// The 95 % interval of percentile p (Stats::percentile's method) of an ascending-sorted sample:
/// the 2.5th and 97.5th percentiles of the percentile over kBootstrapResamples resamples of the
/// sample with replacement. Not valid when hasEnoughSamplesForInterval() says no. Each resample is
/// drawn through the order statistics it needs, so its cost does not depend on the sample's size.
ConfidenceInterval percentileInterval(const std::vector<double> &sorted, double p, quint64 seed);

/// Fills d's p50Ci .. p99Ci from the sorted sample d summarizes.
void setPercentileIntervals(Distribution &d, const std::vector<double> &sorted, int levelIndex, IntervalMetric metric);

/// The 95 % interval of output throughput: the level's requests (`tokensPerRequest`: output tokens
/// of each, 0 for a failed one) resampled with replacement, their tokens summed over the level's
/// fixed `durationS`. Not valid from fewer than kMinIntervalSamples requests or without a duration.
ConfidenceInterval throughputInterval(const std::vector<double> &tokensPerRequest, double durationS, quint64 seed);

} // namespace TokenScope::Stats
