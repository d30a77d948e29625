// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "schedulecheck.h"

#include <QStringList>

namespace TokenScope::Stats {

QString scheduleProblem(const LevelSummary &level)
{
    const LoadPoint &p = level.point;
    if (!p.isOpenLoop() || level.requests == 0)
        return {};
    QStringList problems;
    // All at once has no rate to keep; a cap that held requests back explains a low rate itself.
    if (!p.allAtOnce() && level.achievedRequestRate < kKeptRateShare * p.rate && level.capWaitMs.count == 0)
        problems << QStringLiteral("requests went out at %1 req/s, below 95 % of the %2 asked")
                        .arg(level.achievedRequestRate, 0, 'f', 2)
                        .arg(p.rate, 0, 'g', 6);
    if (level.sendLagMs.count > 0 && level.sendLagMs.p99 > kMaxSendLagP99Ms)
        problems << QStringLiteral("send lag p99 was %1 ms (over %2 ms; max %3 ms)")
                        .arg(level.sendLagMs.p99, 0, 'f', 1)
                        .arg(kMaxSendLagP99Ms)
                        .arg(level.sendLagMs.max, 0, 'f', 1);
    if (problems.isEmpty())
        return {};
    return QStringLiteral("%1: the client could not keep the schedule: %2. Latency from the schedule "
                          "(ttft_from_scheduled) shows what a user would have seen; the figures from the send "
                          "understate it.")
        .arg(p.label(), problems.join(QStringLiteral("; ")));
}

QString capWaitText(const LevelSummary &level)
{
    if (level.capWaitMs.count == 0)
        return {};
    return QStringLiteral("%1: %2 of %3 requests waited for a place under the concurrency cap of %4 (p50 %5 ms, "
                          "p99 %6 ms). The cap, not the client, held them; TTFT and E2E from the schedule include the wait.")
        .arg(level.point.label())
        .arg(level.capWaitMs.count)
        .arg(level.requests)
        .arg(level.point.concurrency)
        .arg(level.capWaitMs.p50, 0, 'f', 1)
        .arg(level.capWaitMs.p99, 0, 'f', 1);
}

} // namespace TokenScope::Stats
