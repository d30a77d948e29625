// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Open-loop schedules: the arrival processes checked statistically, over fixed seeds (deterministic,
// so the bounds cannot flake), and the count, duration and ramp-up bounds.
#include "load/arrivalschedule.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace TokenScope;

namespace {

QList<qint64> times(const QList<Schedule::Send> &sends, bool measuredOnly = true)
{
    QList<qint64> out;
    for (const Schedule::Send &s : sends)
        if (!measuredOnly || !s.rampUp)
            out.append(s.atNs);
    return out;
}

Schedule::GapStats gapsOf(Arrival arrival, double burstiness, int count, quint32 seed)
{
    const LoadPoint point = LoadPoint::openLoop(40, arrival, burstiness, 0);
    return Schedule::gapStats(times(Schedule::arrivals(point, { count, 0, 0 }, seed)));
}

} // namespace

TEST(ArrivalSchedule, PoissonGapsHaveACoefficientOfVariationNearOne)
{
    for (quint32 seed : {0u, 1u, 2u, 3u, 4u}) {
        const Schedule::GapStats g = gapsOf(Arrival::Poisson, 1, 3000, seed);
        EXPECT_NEAR(g.cv, 1.0, 0.1) << "seed " << seed; // sd of the estimate at n = 3000 is about 0.02
        EXPECT_NEAR(g.mean / 1e9, 1.0 / 40, 1e-6) << "rescaled to exactly 40 req/s";
    }
}

TEST(ArrivalSchedule, ConstantGapsAreAllOneOverTheRate)
{
    const Schedule::GapStats g = gapsOf(Arrival::Constant, 1, 300, 7);
    EXPECT_LT(g.cv, 1e-6);
    EXPECT_NEAR(g.mean, 25e6, 1); // 1/40 s in ns
}

TEST(ArrivalSchedule, GammaGapsHaveACoefficientOfVariationOfOneOverRootB)
{
    for (double b : {0.25, 0.5, 4.0}) {
        for (quint32 seed : {0u, 1u, 2u}) {
            const Schedule::GapStats g = gapsOf(Arrival::Gamma, b, 5000, seed);
            const double expected = 1 / std::sqrt(b);
            EXPECT_NEAR(g.cv, expected, 0.15 * expected) << "B " << b << " seed " << seed;
        }
    }
}

TEST(ArrivalSchedule, TheSameSeedGivesTheSameScheduleAndAnotherSeedAnother)
{
    const LoadPoint point = LoadPoint::openLoop(10, Arrival::Poisson, 1, 0);
    EXPECT_EQ(times(Schedule::arrivals(point, { 50, 0, 0 }, 42)), times(Schedule::arrivals(point, { 50, 0, 0 }, 42)));
    EXPECT_NE(times(Schedule::arrivals(point, { 50, 0, 0 }, 42)), times(Schedule::arrivals(point, { 50, 0, 0 }, 43)));
}

TEST(ArrivalSchedule, ACountBoundSpansExactlyNMinusOneGaps)
{
    const LoadPoint point = LoadPoint::openLoop(20, Arrival::Gamma, 0.25, 0);
    const QList<qint64> t = times(Schedule::arrivals(point, { 300, 0, 0 }, 3));
    ASSERT_EQ(t.size(), 300);
    EXPECT_EQ(t.first(), 0);
    EXPECT_NEAR(double(t.last()), 299 / 20.0 * 1e9, 1e3);
    EXPECT_TRUE(std::is_sorted(t.cbegin(), t.cend()));
}

TEST(ArrivalSchedule, ADurationBoundSendsUntilTheDurationEnds)
{
    const LoadPoint point = LoadPoint::openLoop(50, Arrival::Poisson, 1, 0);
    const QList<qint64> t = times(Schedule::arrivals(point, { 0, 10, 0 }, 5));
    EXPECT_LT(t.last(), qint64(10e9));
    EXPECT_NEAR(double(t.size()), 500, 4 * std::sqrt(500.0)); // Poisson count over 10 s at 50/s
}

TEST(ArrivalSchedule, ARampUpRisesLinearlyAndIsMarked)
{
    const LoadPoint point = LoadPoint::openLoop(40, Arrival::Constant, 1, 0);
    const QList<Schedule::Send> sends = Schedule::arrivals(point, { 100, 0, 4 }, 0);
    int ramp = 0;
    qint64 lastRampNs = 0;
    for (const Schedule::Send &s : sends) {
        if (s.rampUp) {
            ++ramp;
            lastRampNs = s.atNs;
        }
    }
    EXPECT_EQ(ramp, 80); // r·S/2 = 40 × 4 / 2
    EXPECT_LT(lastRampNs, qint64(4e9));
    EXPECT_EQ(int(sends.size()) - ramp, 100);
    // Linear rise: the first half of the ramp (2 s) holds a quarter of its sends.
    const auto firstHalf = std::count_if(sends.cbegin(), sends.cend(), [](const Schedule::Send &s) { return s.rampUp && s.atNs < qint64(2e9); });
    EXPECT_NEAR(double(firstHalf), 20, 1);
    // After the ramp, the full rate.
    const QList<qint64> measured = times(sends);
    EXPECT_NEAR(Schedule::gapStats(measured).mean, 25e6, 1);
    EXPECT_GE(measured.first(), qint64(4e9));
}

TEST(ArrivalSchedule, AllAtOnceSendsEverythingAtZero)
{
    const LoadPoint point = LoadPoint::openLoop(std::numeric_limits<double>::infinity(), Arrival::Poisson, 1, 8);
    const QList<Schedule::Send> sends = Schedule::arrivals(point, { 32, 0, 5 }, 0);
    ASSERT_EQ(sends.size(), 32);
    for (const Schedule::Send &s : sends) {
        EXPECT_EQ(s.atNs, 0);
        EXPECT_FALSE(s.rampUp);
    }
}
