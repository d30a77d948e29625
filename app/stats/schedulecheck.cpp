// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "schedulecheck.h"

#include "core/englishcount.h"

namespace TokenScope::Stats {

namespace {

QString ms(double value)
{
    return QString::number(value, 'f', 1);
}

// "6.67", "10", "8": two decimals under 10, one above, without trailing zeros.
QString reqPerS(double value)
{
    QString text = QString::number(value, 'f', value < 10 ? 2 : 1);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

} // namespace

namespace {

struct ScheduleKept
{
    bool rateShort = false; ///< sent below kKeptRateShare of the rate asked
    bool clientLate = false; ///< the client's own send lag p99 above kMaxSendLagP99Ms
    bool capHeld = false; ///< the cap held requests back
};

ScheduleKept scheduleKept(const LevelSummary &l, double asked)
{
    ScheduleKept kept;
    kept.rateShort
        = !l.point.allAtOnce() && l.achievedRequestRate > 0 && l.achievedRequestRate < kKeptRateShare * asked;
    kept.clientLate = l.sendLagMs.count > 0 && l.sendLagMs.p99 > kMaxSendLagP99Ms;
    kept.capHeld = l.capWaitMs.count > 0;
    return kept;
}

double rateAsked(const LevelSummary &l)
{
    return l.scheduledRequestRate > 0 ? l.scheduledRequestRate : l.point.rate;
}

} // namespace

bool clientFellBehindSchedule(const LevelSummary &l)
{
    if (!l.point.isOpenLoop() || l.requests == 0)
        return false;
    const ScheduleKept kept = scheduleKept(l, rateAsked(l));
    return kept.clientLate || (kept.rateShort && !kept.capHeld);
}

QString scheduleProblem(const LevelSummary &l)
{
    const LoadPoint &point = l.point;
    if (!point.isOpenLoop() || l.requests == 0)
        return {};
    const double asked = rateAsked(l);
    const auto [rateShort, clientLate, capHeld] = scheduleKept(l, asked);
    const QString shortfall = QStringLiteral("it sent %1 req/s, below %2 % of the %3 req/s the schedule asked")
                                  .arg(reqPerS(l.achievedRequestRate), QString::number(100 * kKeptRateShare, 'f', 0), reqPerS(asked));
    const QString consequence = QStringLiteral(" The load the server saw was lower or later than asked; "
                                               "ttft_from_scheduled counts the lag a user arriving on time would have seen.");
    if (clientLate)
        return QStringLiteral("the client did not keep the schedule: its p99 send lag was %1 ms, over %2 ms%3.")
                   .arg(ms(l.sendLagMs.p99), QString::number(kMaxSendLagP99Ms, 'f', 0),
                       rateShort ? QStringLiteral(", and ") + shortfall : QString())
            + consequence;
    if (rateShort && capHeld) // the client sent on time whenever the cap let it: the shortfall is the cap's
        return QStringLiteral("the schedule was not kept: %1, because the cap held requests back (below); the client itself "
                              "sent on time (p99 send lag %2 ms).")
                   .arg(shortfall, ms(l.sendLagMs.p99))
            + consequence;
    if (rateShort)
        return QStringLiteral("the client did not keep the schedule: %1.").arg(shortfall) + consequence;
    return {};
}

QString capWaitText(const LevelSummary &l)
{
    if (l.capWaitMs.count == 0)
        return {};
    return QStringLiteral("%1 waited for a place under the cap of %2 in flight (p99 %3 ms): the cap, not the "
                          "client, held %4, so that wait is not send lag; ttft_from_scheduled includes it.")
        .arg(countOf(l.capWaitMs.count, u"request", u"requests"))
        .arg(l.point.maxConcurrency())
        .arg(ms(l.capWaitMs.p99), wordFor(l.capWaitMs.count, u"it", u"them"));
}

} // namespace TokenScope::Stats
