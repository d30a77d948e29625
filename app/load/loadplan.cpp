// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadplan.h"

#include "core/englishcount.h"
#include "stats/schedulecheck.h"
#include "stats/statistics.h"

#include <cmath>

namespace TokenScope {

namespace {

constexpr double kSaturatedTtftFactor = 3; // median TTFT this many times the synchronous one: saturated
constexpr double kBracketResolution = 0.02; // a search stops once its bracket is this narrow (relative)

QString rate(double r)
{
    return QString::number(r, 'f', r < 10 ? 2 : 1);
}

// The rate the level's own schedule asked: under a duration a random draw around the point's
// rate (a short Poisson level can ask well below it), bounded by count the point's rate exactly.
double askedRate(const LevelSummary &level)
{
    return level.scheduledRequestRate > 0 ? level.scheduledRequestRate : level.point.rate;
}

bool sentBelowSchedule(const LevelSummary &level)
{
    return level.point.isOpenLoop() && !level.point.allAtOnce() && level.achievedRequestRate > 0
        && level.achievedRequestRate < Stats::kKeptRateShare * askedRate(level);
}

double medianTtftFromSchedule(const LevelSummary &level)
{
    const Distribution &d = level.point.isOpenLoop() ? level.ttftFromScheduledMs : level.ttftMs;
    return d.count > 0 ? d.p50 : -1;
}

} // namespace

LoadPlan::LoadPlan(const RunConfig &config)
    : m_config(config)
    , m_listed(config.loadPoints())
{
}

LoadPoint LoadPlan::first() const
{
    return m_listed.value(0);
}

std::optional<LoadPoint> LoadPlan::next(const LevelSummary &finished)
{
    switch (m_config.loadMode) {
    case LoadMode::Sweep:
        return nextSwept(finished);
    case LoadMode::FindMaxRate:
        return nextProbe(finished);
    case LoadMode::Concurrency:
    case LoadMode::Rates:
    case LoadMode::Trace:
        break;
    }
    return nextListed(finished);
}

std::optional<LoadPoint> LoadPlan::nextListed(const LevelSummary &finished)
{
    const int next = finished.levelIndex + 1;
    if (next < m_listed.size())
        return m_listed.at(next);
    return std::nullopt;
}

std::optional<LoadPoint> LoadPlan::finish(const QString &outcome)
{
    m_outcome = outcome;
    return std::nullopt;
}

std::optional<LoadPoint> LoadPlan::nextSwept(const LevelSummary &finished)
{
    const int index = finished.levelIndex + 1;
    if (finished.point.role == LoadPoint::Role::Synchronous) {
        m_synchronousTtftMs = medianTtftFromSchedule(finished);
        m_previousTtftMs = m_synchronousTtftMs;
        if (finished.completed == 0)
            return finish(QStringLiteral("The sweep stopped after the synchronous level: none of its requests completed."));
        m_sweepRates = { finished.requestThroughput }; // r_sync, until the throughput level gives r_max
        return m_listed.at(1);
    }
    if (finished.point.role == LoadPoint::Role::Throughput) {
        const double low = m_sweepRates.value(0);
        const double high = finished.requestThroughput;
        m_sweepRates.clear();
        if (finished.completed == 0 || high <= low)
            return finish(QStringLiteral("The sweep stopped: the throughput level (%1 req/s) was no faster than the "
                                         "synchronous one (%2 req/s), so there is no range of rates to sweep.")
                              .arg(rate(high), rate(low)));
        const int n = std::max(1, m_config.sweepRates);
        for (int k = 1; k <= n; ++k) // GuideLLM's spacing: evenly above r_sync, the last one r_max itself
            m_sweepRates.append(low + (high - low) * k / n);
        m_outcome = QStringLiteral("The sweep ran %1 from %2 (synchronous) to %3 req/s (throughput).")
                        .arg(countOf(n, u"rate", u"rates"), rate(low), rate(high));
    } else {
        const QString saturated = saturation(finished, m_synchronousTtftMs, m_previousTtftMs);
        m_previousTtftMs = medianTtftFromSchedule(finished);
        if (!saturated.isEmpty() && !m_sweepRates.isEmpty())
            return finish(QStringLiteral("The sweep stopped early at %1, skipping %2: %3")
                              .arg(finished.point.label(),
                                  countOf(m_sweepRates.size(), u"higher rate", u"higher rates"), saturated));
    }
    if (m_sweepRates.isEmpty())
        return std::nullopt; // every rate ran: the outcome set at the throughput level stands
    return m_config.ratePoint(m_sweepRates.takeFirst(), index, LoadPoint::Role::Swept);
}

std::optional<LoadPoint> LoadPlan::nextProbe(const LevelSummary &finished)
{
    const int index = finished.levelIndex + 1;
    if (finished.point.role == LoadPoint::Role::Throughput) {
        if (finished.completed == 0 || finished.requestThroughput <= 0)
            return finish(QStringLiteral("The search stopped: no request of the throughput level completed, so there "
                                         "is no rate to start from."));
        ++m_probes;
        return m_config.ratePoint(finished.requestThroughput, index, LoadPoint::Role::Probe); // its own maximum first
    }
    const QString failure = probeFailure(finished, m_config.maxRateConstraints);
    const double probed = finished.point.rate;
    m_probeLog << QStringLiteral("%1 req/s %2").arg(rate(probed), failure.isEmpty() ? QStringLiteral("met") : QStringLiteral("missed (%1)").arg(failure));
    if (failure.isEmpty()) {
        m_low = std::max(m_low, probed);
        m_maxRate = m_low;
    } else {
        m_high = m_high > 0 ? std::min(m_high, probed) : probed;
    }
    const bool narrow = m_low > 0 && m_high > 0 && (m_high - m_low) <= kBracketResolution * m_high;
    if (narrow || m_probes >= std::max(1, m_config.maxRateProbes))
        return finishSearch();
    ++m_probes;
    // No miss yet: the throughput level can underestimate (a cap, a client limit), so look higher;
    // otherwise halve the bracket, from 0 when nothing has met the constraints yet.
    const double next = m_high <= 0 ? 2 * m_low : (m_low + m_high) / 2;
    return m_config.ratePoint(next, index, LoadPoint::Role::Probe);
}

std::optional<LoadPoint> LoadPlan::finishSearch()
{
    const QString constraints = SloConstraint::listText(m_config.maxRateConstraints);
    const QString tried = m_probeLog.join(QStringLiteral("; "));
    if (m_maxRate < 0)
        return finish(QStringLiteral("No rate tried met %1. Probes: %2.").arg(constraints, tried));
    const QString bracket = m_high > 0 ? QStringLiteral(" (%1 req/s missed)").arg(rate(m_high))
                                       : QStringLiteral(" (no probe missed: the highest tried)");
    return finish(QStringLiteral("The highest rate that met %1 is %2 req/s%3. Probes: %4.").arg(constraints, rate(m_maxRate), bracket, tried));
}

QString LoadPlan::saturation(const LevelSummary &level, double synchronousTtftMs, double previousTtftMs)
{
    if (sentBelowSchedule(level))
        return QStringLiteral("requests went out at %1 req/s of the %2 asked.").arg(rate(level.achievedRequestRate), rate(askedRate(level)));
    const double ttft = medianTtftFromSchedule(level);
    if (synchronousTtftMs > 0 && ttft > kSaturatedTtftFactor * synchronousTtftMs && ttft > previousTtftMs)
        return QStringLiteral("median TTFT rose to %1 ms, more than %2 times the synchronous %3 ms, and still climbing: "
                              "requests queue at the server.")
            .arg(ttft, 0, 'f', 1).arg(kSaturatedTtftFactor).arg(synchronousTtftMs, 0, 'f', 1);
    return {};
}

QString LoadPlan::probeFailure(const LevelSummary &level, const QList<SloConstraint> &constraints)
{
    QStringList misses;
    if (level.failed > 0)
        misses << QStringLiteral("%1 failed").arg(level.failed);
    if (sentBelowSchedule(level))
        misses << QStringLiteral("sent at %1 req/s").arg(rate(level.achievedRequestRate));
    for (const SloConstraint &c : constraints) {
        double value = 0;
        if (!Stats::levelMetric(level, c.metric, &value))
            misses << QStringLiteral("no %1").arg(c.metric);
        else if (!c.holdsFor(value))
            misses << QStringLiteral("%1 = %2").arg(c.metric, QString::number(value, 'f', 1));
    }
    return misses.join(QStringLiteral(", "));
}

} // namespace TokenScope
