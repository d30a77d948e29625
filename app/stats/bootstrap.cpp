// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bootstrap.h"

#include "statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace TokenScope::Stats {

namespace {

constexpr double kLowerPercentile = 2.5; // the ends of a 95 % interval
constexpr double kUpperPercentile = 97.5;
// Past this many requests a resample's token sum is drawn from its normal limit (mean n·m, sd √n·s
// of the per-request tokens) instead of from n draws, so a resample costs at most this many draws
// however many requests the level held; at this size the two give the same interval to well within
// its resampling noise.
constexpr size_t kDirectThroughputResampleLimit = 5000;

// Random draws from std::mt19937_64 with hand-written transforms: the standard distributions may
// differ between standard libraries, and an interval must not change with the build.
class BootstrapRng
{
public:
    explicit BootstrapRng(quint64 seed)
        : m_engine(seed)
    {
    }

    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; } // [0, 1)
    double uniformPositive() { return 1.0 - uniform(); } // (0, 1]
    size_t index(size_t n) { return static_cast<size_t>(m_engine() % n); } // bias < n / 2^64

    double normal() // Box-Muller
    {
        constexpr double kTwoPi = 6.283185307179586;
        return std::sqrt(-2.0 * std::log(uniformPositive())) * std::cos(kTwoPi * uniform());
    }

    double gamma(double shape) // Marsaglia and Tsang (2000), shape >= 1
    {
        const double d = shape - 1.0 / 3.0;
        const double c = 1.0 / std::sqrt(9.0 * d);
        for (;;) {
            const double x = normal();
            const double v = std::pow(1.0 + c * x, 3);
            if (v <= 0)
                continue;
            if (std::log(uniformPositive()) < 0.5 * x * x + d - d * v + d * std::log(v))
                return d * v;
        }
    }

    double beta(double a, double b) // a, b >= 1
    {
        const double x = gamma(a);
        return x / (x + gamma(b));
    }

private:
    std::mt19937_64 m_engine;
};

quint64 splitMix64(quint64 x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// The sample value a uniform draw u in [0, 1) picks when drawing one of n sorted values.
double valueAt(const std::vector<double> &sorted, double u)
{
    const auto i = static_cast<size_t>(u * static_cast<double>(sorted.size()));
    return sorted[std::min(i, sorted.size() - 1)];
}

// Percentile p of one resample of n values with replacement. A resample is n uniforms mapped onto
// the sorted sample, so its k-th smallest value is the value at the k-th smallest of n uniforms,
// which is Beta(k, n - k + 1); the next one lies a Beta(1, n - k) share of the rest above it. The
// percentile interpolates between those two ranks exactly as Stats::percentile does.
double resampledPercentile(const std::vector<double> &sorted, double p, BootstrapRng &rng)
{
    const double n = static_cast<double>(sorted.size());
    const double rank = p / 100.0 * (n - 1);
    const double lower = std::floor(rank);
    const double fraction = rank - lower;
    const double u = rng.beta(lower + 1, n - lower);
    const double atLower = valueAt(sorted, u);
    if (fraction <= 0 || lower + 1 >= n)
        return atLower;
    const double above = 1.0 - std::pow(rng.uniformPositive(), 1.0 / (n - lower - 1));
    const double atUpper = valueAt(sorted, u + (1.0 - u) * above);
    return atLower + (atUpper - atLower) * fraction;
}

ConfidenceInterval intervalOf(std::vector<double> resampled)
{
    std::sort(resampled.begin(), resampled.end());
    return { percentile(resampled, kLowerPercentile), percentile(resampled, kUpperPercentile), true };
}

double resampledSum(const std::vector<double> &values, BootstrapRng &rng)
{
    double sum = 0;
    for (size_t i = 0; i < values.size(); ++i)
        sum += values[rng.index(values.size())];
    return sum;
}

} // namespace

quint64 intervalSeed(int levelIndex, IntervalMetric metric, double p)
{
    const auto tenths = static_cast<quint64>(std::llround(p * 10));
    const quint64 key = (static_cast<quint64>(static_cast<quint32>(levelIndex)) << 32)
        ^ (static_cast<quint64>(metric) << 16) ^ tenths;
    return splitMix64(key);
}

int minSamplesForInterval(double p)
{
    const double tail = std::min(p, 100.0 - p) / 100.0;
    if (tail <= 0)
        return std::numeric_limits<int>::max(); // min and max: no sample lies beyond them
    // The small allowance keeps 5 / 0.01 from rounding up to 501.
    const auto needed = static_cast<int>(std::ceil(kMinSamplesBeyondPercentile / tail - 1e-9));
    return std::max(kMinIntervalSamples, needed);
}

bool hasEnoughSamplesForInterval(int n, double p)
{
    return n >= minSamplesForInterval(p);
}

ConfidenceInterval percentileInterval(const std::vector<double> &sorted, double p, quint64 seed)
{
    if (!hasEnoughSamplesForInterval(static_cast<int>(sorted.size()), p))
        return {};
    BootstrapRng rng(seed);
    std::vector<double> resampled(kBootstrapResamples);
    for (double &value : resampled)
        value = resampledPercentile(sorted, p, rng);
    return intervalOf(std::move(resampled));
}

void setPercentileIntervals(Distribution &d, const std::vector<double> &sorted, int levelIndex, IntervalMetric metric)
{
    const auto interval = [&](double p) { return percentileInterval(sorted, p, intervalSeed(levelIndex, metric, p)); };
    d.p50Ci = interval(50);
    d.p90Ci = interval(90);
    d.p95Ci = interval(95);
    d.p99Ci = interval(99);
}

ConfidenceInterval throughputInterval(const std::vector<double> &tokensPerRequest, double durationS, quint64 seed)
{
    if (tokensPerRequest.size() < static_cast<size_t>(kMinIntervalSamples) || durationS <= 0)
        return {};
    const auto n = static_cast<double>(tokensPerRequest.size());
    const double mean = std::accumulate(tokensPerRequest.begin(), tokensPerRequest.end(), 0.0) / n;
    double sumSq = 0;
    for (double v : tokensPerRequest)
        sumSq += (v - mean) * (v - mean);
    const double sumSd = std::sqrt(sumSq); // sd of the sum of n draws: √n · population sd
    const bool direct = tokensPerRequest.size() <= kDirectThroughputResampleLimit;
    BootstrapRng rng(seed);
    std::vector<double> resampled(kBootstrapResamples);
    for (double &value : resampled) {
        const double sum = direct ? resampledSum(tokensPerRequest, rng) : n * mean + sumSd * rng.normal();
        value = sum / durationS;
    }
    return intervalOf(std::move(resampled));
}

} // namespace TokenScope::Stats
