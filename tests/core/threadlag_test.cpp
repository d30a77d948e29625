// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The lag probe's parts: the bounded histogram, and the kernel timer whose lateness it records.
#include "core/clock.h"
#include "core/threadlag.h"

#include <gtest/gtest.h>
#include <poll.h>

#include <chrono>
#include <thread>

using namespace TokenScope;

TEST(LagRecord, PercentilesAreTheUpperEdgeOfTheirBucketAndNeverPastTheMaximum)
{
    LagRecord record;
    for (int i = 0; i < 99; ++i)
        record.add(15'000); // 15 µs: the 10–20 µs bucket
    record.add(7'500'000); // 7.5 ms
    EXPECT_EQ(record.count(), 100);
    EXPECT_DOUBLE_EQ(record.percentileMs(50), 0.02);
    EXPECT_DOUBLE_EQ(record.percentileMs(99), 0.02);
    EXPECT_DOUBLE_EQ(record.percentileMs(100), 7.5);
    EXPECT_DOUBLE_EQ(record.maxMs(), 7.5);
}

TEST(LagRecord, LatenessPastTheLastBucketCountsThereAndKeepsItsMaximum)
{
    LagRecord record;
    record.add(-5); // an early wake-up counts as on time
    record.add(2'000'000'000); // 2 s
    EXPECT_DOUBLE_EQ(record.percentileMs(0), 0.01) << "its bucket's upper edge: 10 µs resolution";
    EXPECT_DOUBLE_EQ(record.percentileMs(100), 2000.0);
    EXPECT_DOUBLE_EQ(LagRecord {}.percentileMs(99), 0.0);
}

TEST(LagRecord, MergeAddsCountsAndKeepsTheWorst)
{
    LagRecord a, b;
    a.add(1'000'000);
    b.add(3'000'000);
    b.add(3'000'000);
    a.merge(b);
    EXPECT_EQ(a.count(), 3);
    EXPECT_DOUBLE_EQ(a.maxMs(), 3.0);
    EXPECT_DOUBLE_EQ(a.percentileMs(30), 1.01);
}

TEST(LagTimer, AnExpiryHandledLateRecordsHowLate)
{
    LagTimer timer;
    ASSERT_GE(timer.fd(), 0);
    LagRecord record;
    EXPECT_FALSE(timer.handle(&record)) << "nothing expired before it was armed";
    timer.arm();
    std::this_thread::sleep_for(std::chrono::milliseconds(20)); // the thread is "busy" past the expiry
    pollfd readable { timer.fd(), POLLIN, 0 };
    ASSERT_EQ(poll(&readable, 1, 1000), 1);
    ASSERT_TRUE(timer.handle(&record));
    ASSERT_EQ(record.count(), 1);
    EXPECT_GE(record.maxMs(), 19.0) << "due 1 ms after arming, handled at least 20 ms after it";
    // It re-armed itself: the next expiry comes about a millisecond later.
    ASSERT_EQ(poll(&readable, 1, 1000), 1);
    EXPECT_TRUE(timer.handle(&record));
    EXPECT_EQ(record.count(), 2);
    timer.disarm();
    EXPECT_EQ(poll(&readable, 1, 20), 0) << "a disarmed timer stays quiet";
}
