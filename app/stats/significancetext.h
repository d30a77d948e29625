// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/comparison.h"

#include <QCoreApplication>
#include <QString>

namespace TokenScope {

/// How Compare::significance() judged one figure of a run against the baseline, in the words the
/// Compare tab shows in its headline and the delta table's tooltips, and `tokenscope-cli compare`
/// and its reports print (docs/history-and-compare.md#4-the-compare-tab). Translated
/// (QCoreApplication::translate, context "SignificanceText"); the thread that installs translators
/// only, like tr().
struct SignificanceText
{
    Q_DECLARE_TR_FUNCTIONS(SignificanceText)

public:
    /// One sentence: "TTFT P50 is 12% higher in B, and the difference is real (95 % intervals
    /// [43.9, 45.2] vs [49.1, 50.6] do not overlap)." or "…, within noise (95 % intervals … overlap).";
    /// when an interval is missing, the band's verdict and why the band judged. `runLabel` names the
    /// compared run. Empty when the cell has no change to describe (a figure absent in either run).
    static QString sentence(const Compare::DeltaCell &cell, Compare::DeltaMetric metric, const QString &runLabel);

    /// The verdict alone, for a table cell: "real", "within noise", or, when a band judged, the
    /// verdict and why: "real (no interval: 5% band)", "within noise (too few samples: 5% band)",
    /// "within noise (1-point band)" for the error rate. "not judged" for a change from 0 a band
    /// cannot size; empty when the cell has no change (a figure absent in either run).
    static QString verdict(const Compare::DeltaCell &cell, Compare::DeltaMetric metric);

    /// The figure's name without its unit, to start a sentence: "TTFT P50", "Output throughput".
    static QString figureName(Compare::DeltaMetric metric);

    /// Why the 5 % band judged a figure that can carry an interval: "no interval (too few samples):
    /// judged by the 5% band". Empty when both intervals were there (or for a cell without change).
    static QString fallbackNote(const Compare::DeltaCell &cell);

    /// "[43.9, 45.2]", the ends rounded like the figure, with intervalDecimals(ci) places.
    static QString interval(const ConfidenceInterval &ci);
    /// The decimals interval() shows: by the ends' magnitude, and fine enough to show the width
    /// with two digits (a tight interval of a large figure, [99.5, 100.5], would otherwise round to
    /// [100, 101]).
    static int intervalDecimals(const ConfidenceInterval &ci);
};

} // namespace TokenScope
