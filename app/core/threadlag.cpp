// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "threadlag.h"

#include "clock.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <sys/timerfd.h>
#include <unistd.h>

namespace TokenScope {

void LagRecord::add(qint64 lateNs)
{
    lateNs = std::max<qint64>(0, lateNs);
    ++m_buckets[std::size_t(std::min<qint64>(lateNs / kBucketNs, kBuckets - 1))];
    ++m_count;
    m_maxNs = std::max(m_maxNs, lateNs);
}

void LagRecord::merge(const LagRecord &other)
{
    for (int i = 0; i < kBuckets; ++i)
        m_buckets[std::size_t(i)] += other.m_buckets[std::size_t(i)];
    m_count += other.m_count;
    m_maxNs = std::max(m_maxNs, other.m_maxNs);
}

double LagRecord::percentileMs(double p) const
{
    if (m_count == 0)
        return 0;
    const auto rank = qint64(std::ceil(double(m_count) * std::clamp(p, 0.0, 100.0) / 100.0));
    qint64 seen = 0;
    for (int i = 0; i < kBuckets; ++i) {
        seen += m_buckets[std::size_t(i)];
        if (seen >= std::max<qint64>(1, rank)) // the last bucket holds everything later: its edge is the maximum
            return i == kBuckets - 1 ? maxMs() : std::min(double((i + 1) * kBucketNs), double(m_maxNs)) / 1e6;
    }
    return maxMs();
}

LagTimer::LagTimer()
    : m_fd(timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)) // the clock of nowNs()
{
}

LagTimer::~LagTimer()
{
    if (m_fd >= 0)
        close(m_fd);
}

void LagTimer::arm()
{
    if (m_fd < 0)
        return;
    m_dueNs = nowNs() + kPeriodNs;
    itimerspec spec {};
    spec.it_value.tv_sec = time_t(m_dueNs / 1'000'000'000);
    spec.it_value.tv_nsec = long(m_dueNs % 1'000'000'000);
    timerfd_settime(m_fd, TFD_TIMER_ABSTIME, &spec, nullptr);
}

void LagTimer::disarm()
{
    if (m_fd < 0)
        return;
    const itimerspec off {};
    timerfd_settime(m_fd, 0, &off, nullptr);
}

bool LagTimer::handle(LagRecord *record)
{
    const qint64 now = nowNs();
    std::uint64_t expirations = 0;
    if (read(m_fd, &expirations, sizeof expirations) != sizeof expirations)
        return false;
    record->add(now - m_dueNs);
    arm();
    return true;
}

} // namespace TokenScope
