// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/bootstrap.h"
#include "stats/statistics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace TokenScope;

namespace {

constexpr quint64 kSeed = 42;

// A right-skewed latency sample (lognormal around 100 ms), ascending; fixed for a given n and seed.
std::vector<double> latencySample(size_t n, quint64 seed = 7)
{
    std::mt19937_64 engine(seed);
    std::vector<double> out(n);
    for (double &v : out) {
        const double u1 = 1.0 - static_cast<double>(engine() >> 11) * 0x1.0p-53;
        const double u2 = static_cast<double>(engine() >> 11) * 0x1.0p-53;
        const double normal = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
        v = 100.0 * std::exp(0.3 * normal);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The textbook bootstrap: draw n values with replacement, take the percentile, B times.
ConfidenceInterval naiveInterval(const std::vector<double> &sorted, double p)
{
    std::mt19937_64 engine(kSeed);
    std::vector<double> stats, resample(sorted.size());
    for (int b = 0; b < Stats::kBootstrapResamples; ++b) {
        for (double &v : resample)
            v = sorted[engine() % sorted.size()];
        std::sort(resample.begin(), resample.end());
        stats.push_back(Stats::percentile(resample, p));
    }
    std::sort(stats.begin(), stats.end());
    return { Stats::percentile(stats, 2.5), Stats::percentile(stats, 97.5), true };
}

} // namespace

TEST(Bootstrap, IntervalContainsTheSamplePercentile)
{
    const std::vector<double> sample = latencySample(1000);
    for (double p : { 50.0, 90.0, 95.0, 99.0 }) {
        const ConfidenceInterval ci = Stats::percentileInterval(sample, p, kSeed);
        ASSERT_TRUE(ci.valid) << p;
        EXPECT_LE(ci.lo, Stats::percentile(sample, p)) << p;
        EXPECT_GE(ci.hi, Stats::percentile(sample, p)) << p;
        EXPECT_LT(ci.lo, ci.hi) << p;
    }
}

TEST(Bootstrap, SameInputAndSeedGiveTheSameInterval)
{
    const std::vector<double> sample = latencySample(300);
    const ConfidenceInterval a
        = Stats::percentileInterval(sample, 95, Stats::intervalSeed(1, Stats::IntervalMetric::Ttft, 95));
    const ConfidenceInterval b
        = Stats::percentileInterval(sample, 95, Stats::intervalSeed(1, Stats::IntervalMetric::Ttft, 95));
    EXPECT_EQ(a.lo, b.lo);
    EXPECT_EQ(a.hi, b.hi);
}

TEST(Bootstrap, SeedsDifferByLevelMetricAndPercentile)
{
    using Stats::IntervalMetric;
    const quint64 seed = Stats::intervalSeed(0, IntervalMetric::Ttft, 95);
    EXPECT_NE(seed, Stats::intervalSeed(1, IntervalMetric::Ttft, 95));
    EXPECT_NE(seed, Stats::intervalSeed(0, IntervalMetric::Itl, 95));
    EXPECT_NE(seed, Stats::intervalSeed(0, IntervalMetric::Ttft, 99));
}

TEST(Bootstrap, IntervalNarrowsAsTheSampleGrows)
{
    const ConfidenceInterval small = Stats::percentileInterval(latencySample(100), 50, kSeed);
    const ConfidenceInterval large = Stats::percentileInterval(latencySample(10000), 50, kSeed);
    ASSERT_TRUE(small.valid);
    ASSERT_TRUE(large.valid);
    // The width of a percentile's interval shrinks as 1/√n: 10x here; 4x leaves room for noise.
    EXPECT_LT(4 * (large.hi - large.lo), small.hi - small.lo);
}

TEST(Bootstrap, ConstantSampleGivesAPointInterval)
{
    const std::vector<double> sample(50, 44.5);
    const ConfidenceInterval ci = Stats::percentileInterval(sample, 50, kSeed);
    ASSERT_TRUE(ci.valid);
    EXPECT_EQ(ci.lo, 44.5);
    EXPECT_EQ(ci.hi, 44.5);
}

TEST(Bootstrap, MatchesTheTextbookResamplingBootstrap)
{
    // Drawing a resample through its order statistics is the same distribution as drawing its n
    // values: the two intervals agree up to their resampling noise.
    const std::vector<double> sample = latencySample(400);
    for (double p : { 50.0, 95.0 }) {
        const ConfidenceInterval fast = Stats::percentileInterval(sample, p, kSeed);
        const ConfidenceInterval naive = naiveInterval(sample, p);
        const double width = naive.hi - naive.lo;
        EXPECT_NEAR(fast.lo, naive.lo, 0.25 * width) << p;
        EXPECT_NEAR(fast.hi, naive.hi, 0.25 * width) << p;
    }
}

TEST(Bootstrap, TooFewSamplesRefuseTailPercentiles)
{
    const std::vector<double> sixteen = latencySample(16);
    EXPECT_FALSE(Stats::percentileInterval(sixteen, 99, kSeed).valid);
    EXPECT_FALSE(Stats::percentileInterval(sixteen, 90, kSeed).valid);
    EXPECT_TRUE(Stats::percentileInterval(sixteen, 50, kSeed).valid);
    EXPECT_FALSE(Stats::percentileInterval(latencySample(9), 50, kSeed).valid);
}

TEST(Bootstrap, MinimumSamplesPerPercentile)
{
    EXPECT_EQ(Stats::minSamplesForInterval(50), 10);
    EXPECT_EQ(Stats::minSamplesForInterval(90), 50);
    EXPECT_EQ(Stats::minSamplesForInterval(95), 100);
    EXPECT_EQ(Stats::minSamplesForInterval(99), 500);
    EXPECT_TRUE(Stats::hasEnoughSamplesForInterval(500, 99));
    EXPECT_FALSE(Stats::hasEnoughSamplesForInterval(499, 99));
}

TEST(Bootstrap, LargeSampleStaysTight)
{
    // 100,000 ITL gaps: the interval of P99 is narrow and holds the sample's P99.
    const std::vector<double> sample = latencySample(100000);
    const ConfidenceInterval ci = Stats::percentileInterval(sample, 99, kSeed);
    ASSERT_TRUE(ci.valid);
    const double p99 = Stats::percentile(sample, 99);
    EXPECT_LE(ci.lo, p99);
    EXPECT_GE(ci.hi, p99);
    EXPECT_LT(ci.hi - ci.lo, 0.05 * p99);
}

TEST(Bootstrap, ThroughputIntervalHoldsTheFigure)
{
    std::vector<double> tokens;
    for (int i = 0; i < 40; ++i)
        tokens.push_back(i % 5 == 0 ? 0.0 : 100.0 + i); // every fifth request failed: no tokens
    const double durationS = 10;
    double total = 0;
    for (double t : tokens)
        total += t;
    const ConfidenceInterval ci = Stats::throughputInterval(tokens, durationS, kSeed);
    ASSERT_TRUE(ci.valid);
    EXPECT_LE(ci.lo, total / durationS);
    EXPECT_GE(ci.hi, total / durationS);
    EXPECT_LT(ci.lo, ci.hi);
    EXPECT_FALSE(Stats::throughputInterval(std::vector<double>(9, 100.0), durationS, kSeed).valid);
    EXPECT_FALSE(Stats::throughputInterval(tokens, 0, kSeed).valid);
}

TEST(Bootstrap, ThroughputOfEqualRequestsHasAPointInterval)
{
    const ConfidenceInterval ci = Stats::throughputInterval(std::vector<double>(30, 200.0), 6, kSeed);
    ASSERT_TRUE(ci.valid);
    EXPECT_DOUBLE_EQ(ci.lo, 1000.0);
    EXPECT_DOUBLE_EQ(ci.hi, 1000.0);
}

TEST(Bootstrap, ThroughputOfManyRequestsDrawsTheSumsNormalLimit)
{
    // 8,000 requests of 100 or 200 tokens (sd 50) over 100 s: the sum's sd is √8000 · 50 tokens,
    // so the interval spans about 2 · 1.96 · 4472 / 100 = 175 tok/s around 12,000 tok/s.
    std::vector<double> tokens(8000);
    for (size_t i = 0; i < tokens.size(); ++i)
        tokens[i] = i % 2 == 0 ? 100.0 : 200.0;
    const ConfidenceInterval ci = Stats::throughputInterval(tokens, 100, kSeed);
    ASSERT_TRUE(ci.valid);
    EXPECT_LT(ci.lo, 12000);
    EXPECT_GT(ci.hi, 12000);
    EXPECT_NEAR(ci.hi - ci.lo, 175.3, 20);
}
