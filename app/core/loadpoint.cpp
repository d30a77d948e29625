// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadpoint.h"

namespace TokenScope {

QString arrivalName(Arrival arrival)
{
    switch (arrival) {
    case Arrival::Gamma:
        return QStringLiteral("gamma");
    case Arrival::Constant:
        return QStringLiteral("constant");
    case Arrival::Trace:
        return QStringLiteral("trace");
    case Arrival::Poisson:
        break;
    }
    return QStringLiteral("poisson");
}

bool parseArrival(const QString &name, Arrival *arrival)
{
    for (Arrival a : { Arrival::Poisson, Arrival::Gamma, Arrival::Constant, Arrival::Trace }) {
        if (name == arrivalName(a)) {
            *arrival = a;
            return true;
        }
    }
    return false;
}

QString rateText(double rate)
{
    return std::isinf(rate) ? QStringLiteral("inf") : QString::number(rate, 'g', 6);
}

QString LoadPoint::label() const
{
    if (!isOpenLoop())
        return QStringLiteral("c=%1").arg(concurrency);
    if (arrival == Arrival::Trace) {
        const QString traceLabel
            = rate > 0 ? QStringLiteral("trace r=%1/s").arg(QString::number(rate, 'g', 4)) : QStringLiteral("trace");
        return concurrency > 0 ? QStringLiteral("%1 c≤%2").arg(traceLabel).arg(concurrency) : traceLabel;
    }
    const QString rateLabel = allAtOnce() ? QStringLiteral("r=inf") : QStringLiteral("r=%1/s").arg(QString::number(rate, 'g', 4));
    return concurrency > 0 ? QStringLiteral("%1 c≤%2").arg(rateLabel).arg(concurrency) : rateLabel;
}

QString LoadPoint::roleName() const
{
    switch (role) {
    case Role::Synchronous:
        return QStringLiteral("synchronous");
    case Role::Throughput:
        return QStringLiteral("throughput");
    case Role::Swept:
        return QStringLiteral("swept");
    case Role::Probe:
        return QStringLiteral("probe");
    case Role::Listed:
        break;
    }
    return QStringLiteral("listed");
}

bool parseLoadPointKind(const QString &name, LoadPoint::Kind *kind)
{
    if (name == QLatin1String("concurrency") || name == QLatin1String("rate")) {
        *kind = name == QLatin1String("rate") ? LoadPoint::Kind::Rate : LoadPoint::Kind::Concurrency;
        return true;
    }
    return false;
}

bool parseLoadPointRole(const QString &name, LoadPoint::Role *role)
{
    using Role = LoadPoint::Role;
    for (Role r : {Role::Listed, Role::Synchronous, Role::Throughput, Role::Swept, Role::Probe}) {
        LoadPoint p;
        p.role = r;
        if (p.roleName() == name) {
            *role = r;
            return true;
        }
    }
    return false;
}

} // namespace TokenScope
