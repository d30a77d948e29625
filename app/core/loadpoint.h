// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

#include <algorithm>
#include <cmath>
#include <limits>

namespace TokenScope {

/// How an open-loop level spaces its requests (docs/metrics.md#open-loop-arrivals).
enum class Arrival {
    Poisson, ///< exponential gaps, mean 1/r
    Gamma, ///< gamma gaps, shape B (burstiness) and scale 1/(r·B): vLLM's --burstiness
    Constant, ///< every gap 1/r
    Trace, ///< the times a trace gives (LoadMode::Trace); `rate` is its mean once read
};

QString arrivalName(Arrival arrival); ///< "poisson" | "gamma" | "constant" | "trace"
bool parseArrival(const QString &name, Arrival *arrival);

/// What load one level of a run applies. A run is an ordered list of load points, and a level is
/// identified by its point's index in that list, never by its value: `1,4,1` is a drift check with
/// three levels (docs/metrics.md#levels-and-load-points). Plain value type.
struct LoadPoint {
    enum class Kind {
        /// Closed loop: `concurrency` users, each sending its next request when its previous one ends.
        Concurrency,
        /// Open loop: requests arrive at `rate` per second on a precomputed schedule, whether or not
        /// earlier ones have ended; at most `concurrency` in flight when it is above 0.
        Rate,
    };
    /// Why the run has this level: the user listed it, or a sweep or a max-rate search chose it.
    enum class Role { Listed, Synchronous, Throughput, Swept, Probe };

    Kind kind = Kind::Concurrency;
    int index = 0; ///< position in the run's list of load points
    int concurrency = 0; ///< Concurrency: the users. Rate: the cap on requests in flight, 0 = none
    double rate = 0; ///< Rate: requests per second; infinity = all at once
    Arrival arrival = Arrival::Poisson;
    double burstiness = 1; ///< gamma shape (Arrival::Gamma only)
    Role role = Role::Listed;

    static LoadPoint closedLoop(int concurrency, int index = 0) { return { Kind::Concurrency, index, concurrency }; }
    static LoadPoint openLoop(double rate, Arrival arrival, double burstiness, int maxConcurrency, int index = 0)
    {
        LoadPoint p;
        p.kind = Kind::Rate;
        p.index = index;
        p.concurrency = maxConcurrency;
        p.rate = rate;
        p.arrival = arrival;
        p.burstiness = arrival == Arrival::Gamma ? burstiness : 1.0;
        return p;
    }
    bool isOpenLoop() const { return kind == Kind::Rate; }
    bool allAtOnce() const { return isOpenLoop() && std::isinf(rate); }
    /// Rate: the cap on requests in flight, or 0 for none. Concurrency: its users.
    int maxConcurrency() const { return concurrency; }
    /// The same load, wherever in the run (the index and the role aside).
    bool sameLoad(const LoadPoint &other) const
    {
        return kind == other.kind && concurrency == other.concurrency && rate == other.rate
            && arrival == other.arrival && burstiness == other.burstiness;
    }
    /// "c=4", "r=40/s", "r=40/s c≤4", "r=inf c≤16", "trace", "trace r=12.5/s"
    QString label() const;
    /// "concurrency" | "rate" (summary.json's `kind`)
    QString kindName() const { return isOpenLoop() ? QStringLiteral("rate") : QStringLiteral("concurrency"); }
    /// "listed" | "synchronous" | "throughput" | "swept" | "probe"
    QString roleName() const;
    friend bool operator==(const LoadPoint &, const LoadPoint &) = default;
};

bool parseLoadPointKind(const QString &name, LoadPoint::Kind *kind);
bool parseLoadPointRole(const QString &name, LoadPoint::Role *role);

/// "40", "2.5", "inf": a request rate as the CLI and the window write it.
QString rateText(double rate);

/// The closed-loop load points of a list of concurrencies, indexed in order.
inline QList<LoadPoint> concurrencyLoadPoints(const QList<int> &concurrencies)
{
    QList<LoadPoint> points;
    for (int concurrency : concurrencies)
        points.append(LoadPoint::closedLoop(concurrency, int(points.size())));
    return points;
}

/// Whether the load point at `index` appears more than once in `points` (a drift check).
inline bool isRepeated(const QList<LoadPoint> &points, int index)
{
    if (index < 0 || index >= points.size())
        return false;
    const LoadPoint &point = points.at(index);
    return std::count_if(points.cbegin(), points.cend(), [&point](const LoadPoint &p) { return p.sameLoad(point); }) > 1;
}

/// A level's name in charts: its load point ("c=4"), and where the run lists that point more than
/// once, its position too ("c=1 · level 3"). `index` out of range: "level N".
inline QString levelName(const QList<LoadPoint> &points, int index)
{
    if (index < 0 || index >= points.size())
        return QStringLiteral("level %1").arg(index + 1);
    const QString label = points.at(index).label();
    return isRepeated(points, index) ? QStringLiteral("%1 · level %2").arg(label).arg(index + 1) : label;
}

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::LoadPoint)
