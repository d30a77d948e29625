// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QColor>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <optional>

namespace TokenScope {

/// The compare view's first line for one run against the baseline: which is faster, by how
/// much, and whether the difference comes from the wait for the first token or from the
/// decode speed. Read at the highest concurrency both runs measured (where load shows).
///
/// - Outcome from output throughput (higher is better) and E2E P50 (lower is better): Similar
///   when both moved less than kSimilarPercent; Faster when neither got worse by more than that
///   and at least one got better by more; Slower the other way round; Mixed otherwise.
/// - The cause: E2E = TTFT + decode time, so the part of the E2E P50 change that TTFT P50 does
///   not explain is put down to decoding (TPOT); the larger part is named.
struct CompareHeadline
{
    Q_DECLARE_TR_FUNCTIONS(CompareHeadline)

public:
    enum class Outcome { NotComparable, Similar, Faster, Slower, Mixed };
    enum class Cause { None, FirstToken, Decode };

    /// Changes under this % of the baseline count as "about the same" (run-to-run noise).
    static constexpr double kSimilarPercent = 5.0;

    Outcome outcome = Outcome::NotComparable;
    Cause cause = Cause::None;
    int concurrency = 0; ///< the level read; 0 when NotComparable
    std::optional<double> throughputPercent, e2ePercent, ttftPercent, tpotPercent; ///< other vs baseline
    QString html; ///< one translated paragraph, percentages coloured good / bad / neutral

    static CompareHeadline compute(const QList<LevelSummary> &baseline, const QList<LevelSummary> &other,
        const QString &baselineLabel, const QString &otherLabel, const QColor &otherColor = {});
};

} // namespace TokenScope
