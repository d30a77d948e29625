// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "servingcurve.h"

#include <QCoreApplication>

#include <algorithm>

namespace TokenScope::Stats {

namespace {

constexpr double kTakeOffFactor = 2; // median TTFT more than twice the lowest load's: it took off

double p50OrNone(const Distribution &d)
{
    return d.count > 0 ? d.p50 : -1;
}

QString ms(double value)
{
    return QString::number(value, 'f', value < 10 ? 1 : 0);
}

QString rate(double value)
{
    return QString::number(value, 'f', value < 10 ? 2 : 1);
}

} // namespace

QList<ServingPoint> servingCurve(const QList<LevelSummary> &levels, int arm)
{
    QList<ServingPoint> curve;
    for (const LevelSummary &l : levels) {
        if (l.arm != arm || l.completed == 0)
            continue;
        ServingPoint p;
        p.levelIndex = l.levelIndex;
        p.label = l.point.label();
        p.throughput = l.requestThroughput;
        p.outputThroughput = l.outputThroughput;
        p.ttftP50Ms = p50OrNone(l.ttftMs);
        p.ttftP95Ms = l.ttftMs.count > 0 ? l.ttftMs.p95 : -1;
        p.tpotP50Ms = p50OrNone(l.tpotMs);
        p.ttftP50Ci = l.ttftMs.p50Ci;
        p.ttftP95Ci = l.ttftMs.p95Ci;
        p.tpotP50Ci = l.tpotMs.p50Ci;
        p.outputThroughputCi = l.outputThroughputCi;
        curve.append(p);
    }
    std::stable_sort(curve.begin(), curve.end(), [](const ServingPoint &a, const ServingPoint &b) { return a.throughput < b.throughput; });
    return curve;
}

Knee findKnee(const QList<ServingPoint> &curve)
{
    Knee knee;
    if (curve.size() < 2 || curve.first().ttftP50Ms <= 0)
        return knee;
    const ServingPoint &base = curve.first();
    const double limit = kTakeOffFactor * base.ttftP50Ms;
    for (qsizetype i = 1; i < curve.size(); ++i) {
        if (curve.at(i).ttftP50Ms > limit) {
            knee.before = int(i - 1);
            knee.takeOff = int(i);
            break;
        }
    }
    if (knee.takeOff < 0) {
        knee.sentence = QCoreApplication::translate("ServingCurve",
            "No knee in the levels run: median TTFT stayed within twice its %1 ms at the lowest load (%2) up to %3 "
            "req/s served (%4).")
                            .arg(ms(base.ttftP50Ms), base.label, rate(curve.last().throughput), curve.last().label);
        return knee;
    }
    const ServingPoint &before = curve.at(knee.before);
    const ServingPoint &after = curve.at(knee.takeOff);
    // Equal rates as printed: the server served no more, only the wait grew (a full batch queues).
    const QString where = rate(before.throughput) == rate(after.throughput)
        ? QCoreApplication::translate("ServingCurve", "The knee is at %1 req/s served, where throughput stops growing")
              .arg(rate(after.throughput))
        : QCoreApplication::translate("ServingCurve", "The knee is between %1 and %2 req/s served")
              .arg(rate(before.throughput), rate(after.throughput));
    knee.sentence = where
        + QCoreApplication::translate("ServingCurve",
            ": median TTFT is %1 ms at %2 and takes off to %3 ms at %4, more than twice the %5 ms of the lowest load.")
              .arg(ms(before.ttftP50Ms), before.label, ms(after.ttftP50Ms), after.label, ms(base.ttftP50Ms));
    return knee;
}

} // namespace TokenScope::Stats
