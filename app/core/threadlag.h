// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <array>

namespace TokenScope {

/// How late a thread's 1 ms probe timer fired, over a stretch of time: a bounded histogram
/// (10 µs buckets up to 100 ms, one overflow bucket) and the worst lateness seen
/// (docs/metrics.md#measurement-quality). A value type: copy it across threads; not thread-safe.
class LagRecord
{
public:
    static constexpr qint64 kBucketNs = 10'000;
    static constexpr int kBuckets = 10'000; ///< 0 .. 100 ms; later ones count in the last bucket

    void add(qint64 lateNs);
    void merge(const LagRecord &other);
    int count() const { return m_count; }
    /// The p-th percentile (0..100) in milliseconds, at its bucket's upper edge; 0 when empty.
    double percentileMs(double p) const;
    double maxMs() const { return double(m_maxNs) / 1e6; }

private:
    std::array<int, kBuckets> m_buckets {};
    int m_count = 0;
    qint64 m_maxNs = 0;
};

/// A 1 ms kernel timer (timerfd, nanosecond deadlines) for a thread's event loop to watch: each
/// expiry the loop handles adds its lateness to a LagRecord — the thread's own delay, waking up or
/// busy with other events, without the millisecond rounding of an event loop's timers. Linux only.
class LagTimer
{
public:
    static constexpr qint64 kPeriodNs = 1'000'000;

    LagTimer(); ///< fd() is -1 when the kernel gave no timer
    ~LagTimer();
    LagTimer(const LagTimer &) = delete;
    LagTimer &operator=(const LagTimer &) = delete;

    int fd() const { return m_fd; }
    /// The next expiry, kPeriodNs from now: a late thread is not asked to catch up.
    void arm();
    void disarm();
    /// Call when fd() is readable: records the expiry's lateness in `record` and re-arms. False
    /// (nothing recorded) on a wake-up before the expiry.
    bool handle(LagRecord *record);

private:
    int m_fd = -1;
    qint64 m_dueNs = 0;
};

} // namespace TokenScope
