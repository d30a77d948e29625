// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/loadpoint.h"
#include "core/runprogress.h"
#include "core/runresult.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace TokenScope {

/// What the progress bar shows for one progress report: the range 0..maximum, the value, the text.
struct ProgressShown
{
    int maximum = 1;
    int value = 0;
    QString text;
};

/// The window's sentences about a run: its progress, how it ended, what the server made of it.
/// Functions of value types only, no widgets, so they are tested without a window. The words keep
/// the window's translation context (resources/translations: TokenScope::MainWindow).
class RunStatus
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::MainWindow)
public:
    /// "In flight: 3" (the status bar's count of requests under way).
    static QString inFlight(int requests);
    /// "Elapsed 1:05" (display only: measurements come from the engine's clock).
    static QString elapsed(qint64 ms);
    /// The progress bar during a run: "Level 3 of 10 · r=40/s · 120/300", with "12.5 s of 30 s" for a
    /// level bounded by a duration, the warm-up or the calibration. The bar fills with the whole
    /// run (OverallProgress), not the level: it does not start over at each level.
    /// `levelPoints` names the levels known so far; `arms` is 2 in an A/B run.
    static ProgressShown progress(const RunProgress &progress, const QList<LoadPoint> &levelPoints, int arms);
    /// The whole run beside the bar: "Run 45% · about 1:20 left", or for a sweep or a max-rate
    /// search, whose levels follow what it measures, "2 levels done · about 4 more · about 3:10
    /// left"; the time once it means something (OverallProgress::remainingS). Empty during the
    /// warm-up and the calibration.
    static QString overall(const OverallProgress &overall);
    /// The status bar's sentence once a run has ended: cancelled (the finished requests kept), failed
    /// (no request succeeded), or finished with its outcome, its late levels and its notes.
    static QString finished(const RunResult &result);
    /// The status bar's sentence when a stored run is opened from History.
    static QString opened(const RunResult &run);
    /// What the server made of the workload: prompts off their length, answers cut short, a cache
    /// that served what was meant to be prefilled. Empty, or sentences with a leading space.
    static QString workloadNotes(const RunResult &result);
    /// How the scrapes of the server's metrics went, failures counted, never hidden: empty when the
    /// run read no metrics URL, else a sentence with a leading space.
    static QString serverMetricsNote(const RunResult &result);
    /// A level known only by its position (a stored sweep's level without its point).
    static bool isUnnamed(const LoadPoint &point);

private:
    /// " First error: …" for a run with a failed scrape that said why, else empty.
    static QString firstScrapeError(const RunResult &result);
    /// What the scrapes left out: no known series, series over the bounds, values out of range.
    static QString serverSeriesNotes(const RunResult &result);
};

} // namespace TokenScope
