// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrivalschedule.h"

#include <cmath>
#include <random>

namespace TokenScope::Schedule {

namespace {

constexpr double kNsPerS = 1e9;

/// Gaps of a process at `rate` per second, in seconds.
class GapSource
{
public:
    GapSource(const LoadPoint &point, quint32 seed)
        : m_point(point)
        , m_random(seed)
        , m_gamma(point.burstiness > 0 ? point.burstiness : 1.0, 1.0 / (point.rate * (point.burstiness > 0 ? point.burstiness : 1.0)))
        , m_exponential(point.rate)
    {
    }
    double next()
    {
        switch (m_point.arrival) {
        case Arrival::Constant:
            return 1.0 / m_point.rate;
        case Arrival::Gamma:
            return m_gamma(m_random);
        case Arrival::Poisson:
        case Arrival::Trace: // never drawn: a trace's times come from its file (LoadRunner::traceSchedule())
            break;
        }
        return m_exponential(m_random);
    }

private:
    LoadPoint m_point;
    std::mt19937_64 m_random;
    std::gamma_distribution<double> m_gamma;
    std::exponential_distribution<double> m_exponential;
};

/// Operational time s (of a rate-r process) onto wall time under a linear ramp of `rampS`.
double warped(double s, double rampS)
{
    if (rampS <= 0)
        return s;
    return s < rampS / 2 ? std::sqrt(2 * rampS * s) : s + rampS / 2;
}

qint64 toNs(double seconds)
{
    return qint64(std::llround(seconds * kNsPerS));
}

/// Rescales the measured sends (from `first` on) so that they span exactly (n-1)/rate.
void rescaleMeasured(QList<double> &times, qsizetype first, double rate)
{
    const qsizetype n = times.size() - first;
    if (n < 2)
        return;
    const double start = times.at(first);
    const double span = times.last() - start;
    const double wanted = double(n - 1) / rate;
    if (span <= 0)
        return;
    for (qsizetype i = first; i < times.size(); ++i)
        times[i] = start + (times.at(i) - start) * wanted / span;
}

} // namespace

QList<Send> arrivals(const LoadPoint &point, const Bounds &bounds, quint32 seed)
{
    QList<Send> sends;
    if (!point.isOpenLoop() || point.rate <= 0)
        return sends;
    if (point.allAtOnce()) {
        sends.fill(Send {}, std::max(0, bounds.count));
        return sends;
    }
    GapSource gaps(point, seed);
    const double rampS = std::max(0.0, bounds.rampUpS);
    QList<double> times; // seconds from the level's start
    double s = 0; // operational time: the first send is due at once
    constexpr double kEpsilonS = 1e-9; // summed constant gaps land a hair below S/2: that send is the ramp's end, not in it
    for (; rampS > 0 && s < rampS / 2 - kEpsilonS; s += gaps.next())
        times.append(warped(s, rampS));
    const qsizetype rampCount = times.size();
    if (bounds.durationS > 0) {
        for (; warped(s, rampS) < rampS + bounds.durationS; s += gaps.next())
            times.append(warped(s, rampS));
    } else {
        for (int i = 0; i < bounds.count; ++i, s += gaps.next())
            times.append(warped(s, rampS));
        if (point.arrival != Arrival::Constant)
            rescaleMeasured(times, rampCount, point.rate);
    }
    sends.reserve(times.size());
    for (qsizetype i = 0; i < times.size(); ++i)
        sends.append({ toNs(times.at(i)), i < rampCount });
    return sends;
}

GapStats gapStats(const QList<qint64> &times)
{
    if (times.size() < 3)
        return {};
    double sum = 0;
    double sumSquares = 0;
    const qsizetype n = times.size() - 1;
    for (qsizetype i = 1; i < times.size(); ++i) {
        const double gap = double(times.at(i) - times.at(i - 1));
        sum += gap;
        sumSquares += gap * gap;
    }
    const double mean = sum / double(n);
    const double variance = std::max(0.0, sumSquares / double(n) - mean * mean);
    return { mean, mean > 0 ? std::sqrt(variance) / mean : 0.0 };
}

} // namespace TokenScope::Schedule
