// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

#include <algorithm>

namespace TokenScope {

/// What load one level of a run applies. A run is an ordered list of load points, and a level is
/// identified by its point's index in that list, never by its value: `1,4,1` is a drift check with
/// three levels (docs/metrics.md#levels-and-load-points). Plain value type.
struct LoadPoint {
    /// Closed loop: `concurrency` users, each sending its next request when its previous one ends.
    enum class Kind { Concurrency };

    Kind kind = Kind::Concurrency;
    int index = 0; ///< position in the run's list of load points
    int concurrency = 0;

    static LoadPoint closedLoop(int concurrency, int index = 0) { return { Kind::Concurrency, index, concurrency }; }
    /// The same load, wherever in the run (the index aside).
    bool sameLoad(const LoadPoint &other) const { return kind == other.kind && concurrency == other.concurrency; }
    /// "c=4"
    QString label() const { return QStringLiteral("c=%1").arg(concurrency); }
    friend bool operator==(const LoadPoint &, const LoadPoint &) = default;
};

/// The closed-loop load points of a list of concurrencies, indexed in order.
inline QList<LoadPoint> concurrencyLoadPoints(const QList<int> &concurrencies)
{
    QList<LoadPoint> points;
    for (int concurrency : concurrencies)
        points.append({ LoadPoint::Kind::Concurrency, int(points.size()), concurrency });
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
