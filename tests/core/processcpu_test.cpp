// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The client's CPU leaves out an in-process simulator's threads; the machine's share is a share.
#include "core/processcpu.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <time.h>

#include <atomic>
#include <thread>

using namespace TokenScope;

namespace {

/// Keeps the calling thread on the CPU for `seconds` of its own CPU time.
void burnCpu(double seconds)
{
    const auto threadCpu = [] {
        timespec ts {};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
    };
    const double until = threadCpu() + seconds;
    volatile unsigned sink = 0;
    while (threadCpu() < until)
        for (int i = 0; i < 10000; ++i)
            sink = sink + unsigned(i);
}

double burnOnThreadNamed(const char *name, double seconds)
{
    const double before = clientCpuSeconds();
    std::thread burner([name, seconds] {
        pthread_setname_np(pthread_self(), name);
        burnCpu(seconds);
    });
    burner.join();
    return clientCpuSeconds() - before;
}

} // namespace

TEST(ProcessCpu, TheClientsCpuCountsItsOwnThreadsButNotTheSimulators)
{
    ASSERT_GE(clientCpuSeconds(), 0.0) << "/proc/self is readable here";
    // A simulator thread still alive when it is read is left out; once it has ended, the process
    // total holds it, so the simulator's threads are read while they run (as during a level).
    const double before = clientCpuSeconds();
    std::atomic<bool> burnt { false }, read { false };
    std::thread simulator([&] {
        pthread_setname_np(pthread_self(), "sim-worker-9");
        burnCpu(0.3);
        burnt = true;
        while (!read)
            std::this_thread::yield();
    });
    while (!burnt)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const double whileSimulating = clientCpuSeconds() - before;
    read = true;
    simulator.join();
    EXPECT_LT(whileSimulating, 0.15) << "0.3 s burnt on a sim- thread";
    EXPECT_GE(burnOnThreadNamed("TokenScope x", 0.3), 0.25) << "0.3 s burnt on a client thread";
}

TEST(ProcessCpu, TheMachinesShareIsBetweenZeroAndOne)
{
    EXPECT_GE(usableCores(), 1);
    const MachineCpuTimes from = machineCpuTimes();
    ASSERT_GE(from.busy, 0);
    burnCpu(0.1);
    const double share = machineCpuShare(from, machineCpuTimes());
    EXPECT_GT(share, 0.0) << "this thread was busy all along";
    EXPECT_LE(share, 1.0);
    EXPECT_EQ(machineCpuShare(from, from), -1) << "no time passed: unknown";
}
