// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace TokenScope {

/// The per-request service-level objectives behind goodput (docs/metrics.md#goodput): vLLM's
/// `--goodput ttft:MS tpot:MS e2el:MS`, any subset. A negative value is "not set".
struct GoodputSlo {
    double ttftMs = -1;
    double tpotMs = -1;
    double e2elMs = -1;

    bool isSet() const { return ttftMs >= 0 || tpotMs >= 0 || e2elMs >= 0; }
    /// "ttft:500 tpot:50", the set ones in that order; empty when none is set.
    QString spec() const;
    /// Parses vLLM's syntax: `name:MS` pairs separated by spaces or commas, names ttft, tpot and
    /// e2el. False and a message naming the bad part otherwise.
    static bool parse(const QString &text, GoodputSlo *slo, QString *error);
    friend bool operator==(const GoodputSlo &, const GoodputSlo &) = default;
};

/// One constraint a level must meet, e.g. `p95_ttft_ms<=500`: a summary.json level key, a
/// comparison and a bound (docs/metrics.md#finding-the-highest-rate-that-meets-an-slo).
struct SloConstraint {
    enum class Op { AtMost, Below, AtLeast, Above };
    QString metric; ///< "p95_ttft_ms", "median_tpot_ms", "request_goodput", …
    Op op = Op::AtMost;
    double bound = 0;

    QString text() const; ///< "p95_ttft_ms<=500"
    /// Whether `value` meets it.
    bool holdsFor(double value) const;
    /// Parses a comma-separated list such as "p95_ttft_ms<=500,p95_tpot_ms<=50". False and a
    /// message naming the bad part. The metric is checked against `knownMetric` when given
    /// (Stats::isLevelMetric), so that a typo fails before the run, not after it.
    static bool parseList(const QString &text, QList<SloConstraint> *constraints, QString *error,
                          bool (*knownMetric)(const QString &) = nullptr);
    static QString listText(const QList<SloConstraint> &constraints);
    friend bool operator==(const SloConstraint &, const SloConstraint &) = default;
};

} // namespace TokenScope
