// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/histogram.h"

#include <gtest/gtest.h>
#include <limits>
#include <numeric>

using namespace TokenScope::Stats;

TEST(Histogram, NiceBinWidthIsOneTwoOrFiveTimesAPowerOfTen)
{
    EXPECT_DOUBLE_EQ(niceBinWidth(100, 20), 5);
    EXPECT_DOUBLE_EQ(niceBinWidth(101, 20), 10);
    EXPECT_DOUBLE_EQ(niceBinWidth(30, 20), 2);
    EXPECT_DOUBLE_EQ(niceBinWidth(0.3, 3), 0.1);
    EXPECT_DOUBLE_EQ(niceBinWidth(7, 10), 1);
    EXPECT_DOUBLE_EQ(niceBinWidth(2600, 20), 200);
    EXPECT_DOUBLE_EQ(niceBinWidth(0, 20), 1);
    EXPECT_DOUBLE_EQ(niceBinWidth(-5, 20), 1);
}

TEST(Histogram, EmptySampleHasNoBins)
{
    const Histogram h = histogram({});
    EXPECT_TRUE(h.isEmpty());
    EXPECT_EQ(h.binCount(), 0);
    EXPECT_EQ(h.maxCount(), 0);
}

TEST(Histogram, EvenSampleFillsNiceBinsFromAMultipleOfTheWidth)
{
    std::vector<double> values(100);
    std::iota(values.begin(), values.end(), 1000.0); // 1000 .. 1099
    const Histogram h = histogram(values, 20);
    EXPECT_DOUBLE_EQ(h.binWidth, 5);
    EXPECT_DOUBLE_EQ(h.firstEdge, 1000);
    ASSERT_EQ(h.binCount(), 20);
    EXPECT_DOUBLE_EQ(h.lastEdge(), 1100);
    for (int bin = 0; bin < h.binCount(); ++bin)
        EXPECT_EQ(h.counts.at(bin), 5) << bin;
    EXPECT_EQ(h.total, 100);
    EXPECT_EQ(h.clamped, 0);
    EXPECT_DOUBLE_EQ(h.minValue, 1000);
    EXPECT_DOUBLE_EQ(h.maxValue, 1099);
}

TEST(Histogram, MaximumOnTheLastEdgeStaysInTheLastBin)
{
    const Histogram h = histogram({ 0, 25, 50, 75, 100 }, 20);
    EXPECT_DOUBLE_EQ(h.binWidth, 5);
    ASSERT_EQ(h.binCount(), 20);
    EXPECT_EQ(h.counts.constLast(), 1); // 100 is on the upper edge of [95, 100]
    EXPECT_EQ(h.clamped, 0);
}

TEST(Histogram, FarOutliersAreClampedIntoTheLastBinAndCounted)
{
    // 40 TTFTs between 20 and 29.75 ms and two stragglers: without clamping, 20 bins of 50 ms
    // would put every normal request into one bar. The far-out fence is Q3 + 3 IQR = 43.1 ms.
    std::vector<double> values;
    for (int i = 0; i < 40; ++i)
        values.push_back(20 + i * 0.25);
    values.push_back(900);
    values.push_back(1000);
    const Histogram h = histogram(values, 20);
    EXPECT_EQ(h.clamped, 2);
    EXPECT_DOUBLE_EQ(h.maxValue, 1000);
    // The ordinary values get nice bins up to their maximum; one more bin holds only the two.
    EXPECT_DOUBLE_EQ(h.binWidth, 0.5);
    EXPECT_DOUBLE_EQ(h.firstEdge, 20);
    ASSERT_EQ(h.binCount(), 21); // [20, 30] in 0.5 ms bins, then the far-out bin
    EXPECT_DOUBLE_EQ(h.lowerEdge(h.binCount() - 1), 30);
    EXPECT_EQ(h.counts.constLast(), 2);
    EXPECT_EQ(h.counts.at(h.binCount() - 2), 2); // 29.5 and 29.75 are ordinary
    int sum = 0;
    for (int c : h.counts)
        sum += c;
    EXPECT_EQ(sum, 42);
    EXPECT_EQ(h.total, 42);
}

TEST(Histogram, ALongTailIsNotClampedWhenItIsPartOfTheShape)
{
    // Spread evenly up to 100: the maximum is inside the fence.
    std::vector<double> values;
    for (int i = 0; i <= 100; i += 2)
        values.push_back(i);
    const Histogram h = histogram(values, 20);
    EXPECT_EQ(h.clamped, 0);
    EXPECT_GE(h.lastEdge(), 100);
}

TEST(Histogram, ASecondModeIsNotClampedAsOutliers)
{
    // 85 requests served at once (~20 ms) and 15 that queued (~1000 ms): a shape to show, not
    // stragglers to fold away.
    std::vector<double> values;
    for (int i = 0; i < 85; ++i)
        values.push_back(20 + (i % 10) * 0.5);
    for (int i = 0; i < 15; ++i)
        values.push_back(1000 + i);
    const Histogram h = histogram(values, 20);
    EXPECT_EQ(h.clamped, 0);
    EXPECT_GE(h.lastEdge(), 1014);
}

// An ITL sample under 15 ms with 2 % of gaps out to 78 ms (a busy client's stalls): beyond the
// far-out fence, stretching the axis by more than a quarter, so they go to the last bar and the
// axis reads at the sample's scale, not at 80 ms.
TEST(Histogram, AFewPercentOfLongGapsDoNotStretchTheAxis)
{
    std::vector<double> values;
    for (int i = 0; i < 980; ++i)
        values.push_back(5 + (i % 100) * 0.1);
    for (int i = 0; i < 20; ++i)
        values.push_back(40 + i * 2);
    const Histogram h = histogram(values, 20);
    EXPECT_EQ(h.clamped, 20);
    EXPECT_DOUBLE_EQ(h.maxValue, 78);
    EXPECT_LE(h.lowerEdge(h.binCount() - 1), 16) << "the ordinary bins end after 14.9 ms";
}

// More than 5 % beyond the fence is part of the shape and keeps its place; the last percent, out
// to a second, still goes to the last bar: the bins end at the P99.
TEST(Histogram, ALongTailEndsAtItsP99)
{
    std::vector<double> values;
    for (int i = 0; i < 900; ++i)
        values.push_back(5 + (i % 100) * 0.1);
    for (int i = 0; i < 90; ++i)
        values.push_back(30 + i * 0.33);
    for (int i = 0; i < 10; ++i)
        values.push_back(500 + i * 50);
    const Histogram h = histogram(values, 20);
    EXPECT_EQ(h.clamped, 10);
    EXPECT_GE(h.lowerEdge(h.binCount() - 1), 59) << "the tail up to 59.4 ms is drawn";
    EXPECT_LE(h.lowerEdge(h.binCount() - 1), 70);
}

TEST(Histogram, FewValuesAreNeverClamped)
{
    const Histogram h = histogram({ 10, 11, 12, 500 }, 20);
    EXPECT_EQ(h.clamped, 0);
    EXPECT_GE(h.lastEdge(), 500);
}

TEST(Histogram, OneRepeatedValueGetsOneBinAroundIt)
{
    const Histogram h = histogram({ 21.3, 21.3, 21.3 }, 20);
    ASSERT_EQ(h.binCount(), 1);
    EXPECT_LE(h.firstEdge, 21.3);
    EXPECT_GE(h.lastEdge(), 21.3);
    EXPECT_GT(h.binWidth, 0);
    EXPECT_EQ(h.counts.constFirst(), 3);
}

TEST(Histogram, NeverMoreThanTwoBinsOverTheTarget)
{
    for (double span : { 0.37, 1.0, 9.9, 123.4, 9999.0 }) {
        for (double offset : { 0.0, 0.13, 17.7 }) {
            const Histogram h = histogram({ offset, offset + span }, 20);
            EXPECT_LE(h.binCount(), 22) << span << " " << offset;
            EXPECT_GE(h.binCount(), 5) << span << " " << offset;
            EXPECT_LE(h.firstEdge, offset);
            EXPECT_GE(h.lastEdge(), offset + span - 1e-9);
        }
    }
}

TEST(Histogram, NonFiniteValuesAreIgnored)
{
    const Histogram h = histogram({ 1, 2, std::numeric_limits<double>::quiet_NaN(), 3 }, 20);
    EXPECT_EQ(h.total, 3);
}
