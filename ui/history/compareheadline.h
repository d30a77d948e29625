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
/// much, and why. Read at the highest concurrency both runs measured (where load shows).
///
/// - Failures first: when the error rates differ by kErrorRateBandPoints or more, the headline
///   says so with both counts, and failures are the cause it names (a run that lost requests to
///   429s has less throughput for that reason, not for its speed).
/// - A figure "moved" when Compare::significance() calls its change real: both runs' 95 %
///   intervals apart, or, when either run has no interval, a change of at least
///   Compare::kNoiseBandPercent (the headline then says which figures the band judged and why).
/// - Outcome from output throughput (higher is better) and E2E P50 (lower is better), or, when
///   neither moved, from TTFT and TPOT P50: Similar when none of the four moved; Faster when
///   neither figure read got worse and at least one got better; Slower the other way round;
///   Mixed otherwise.
/// - The figures shown: the real changes first, the largest first (Compare::realChangesLargestFirst()).
/// - Otherwise the cause is named only among figures that moved: E2E = TTFT + decode time, so of
///   TTFT P50 and TPOT P50 the one that explains more of the E2E change; none when neither moved.
struct CompareHeadline
{
    Q_DECLARE_TR_FUNCTIONS(CompareHeadline)

public:
    enum class Outcome { NotComparable, Similar, Faster, Slower, Mixed };
    enum class Cause { None, Failures, FirstToken, Decode };

    Outcome outcome = Outcome::NotComparable;
    Cause cause = Cause::None;
    int concurrency = 0; ///< the level read; 0 when NotComparable
    std::optional<double> throughputPercent, e2ePercent, ttftPercent, tpotPercent; ///< other vs baseline
    std::optional<double> errorRatePoints; ///< other's error rate minus the baseline's, in percentage points
    QString html; ///< one translated paragraph, percentages coloured good / bad / neutral
    /// Plain text, one sentence per figure of the headline: its change and how it was judged
    /// (SignificanceText::sentence()); empty when NotComparable.
    QString toolTip;

    static CompareHeadline compute(const QList<LevelSummary> &baseline, const QList<LevelSummary> &other,
        const QString &baselineLabel, const QString &otherLabel, const QColor &otherColor = {});
};

} // namespace TokenScope
