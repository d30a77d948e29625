// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "repeatsummary.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace TokenScope::Stats {

namespace {

const Distribution *distributionOf(const LevelSummary &level, RepeatMetric metric)
{
    switch (metric) {
    case RepeatMetric::TtftP50:
    case RepeatMetric::TtftP95:
        return &level.ttftMs;
    case RepeatMetric::TpotP50:
        return &level.tpotMs;
    case RepeatMetric::ItlP50:
        return &level.itlMs;
    case RepeatMetric::E2elP50:
        return &level.e2elMs;
    case RepeatMetric::OutputThroughput:
        break;
    }
    return nullptr;
}

std::optional<double> valueOf(const LevelSummary &level, RepeatMetric metric)
{
    if (metric == RepeatMetric::OutputThroughput)
        return level.completed > 0 ? std::optional<double>(level.outputThroughput) : std::nullopt;
    const Distribution *d = distributionOf(level, metric);
    if (d->count == 0)
        return std::nullopt;
    return metric == RepeatMetric::TtftP95 ? d->p95 : d->p50;
}

ConfidenceInterval intervalOf(const LevelSummary &level, RepeatMetric metric)
{
    if (metric == RepeatMetric::OutputThroughput)
        return level.outputThroughputCi;
    const Distribution *d = distributionOf(level, metric);
    return metric == RepeatMetric::TtftP95 ? d->p95Ci : d->p50Ci;
}

const LevelSummary *levelAt(const RunResult &run, const LoadPoint &point)
{
    for (const LevelSummary &level : run.levels)
        if (level.levelIndex == point.index && level.loadPoint().sameLoad(point))
            return &level;
    return nullptr;
}

/// Every load point any repeat measured, in the order of the run.
QList<LoadPoint> pointsOf(const QList<RunResult> &runs)
{
    QList<LoadPoint> points;
    for (const RunResult &run : runs)
        for (const LevelSummary &level : run.levels) {
            const LoadPoint point = level.loadPoint();
            const bool known = std::any_of(points.cbegin(), points.cend(),
                [&point](const LoadPoint &p) { return p.index == point.index && p.sameLoad(point); });
            if (!known)
                points.append(point);
        }
    std::stable_sort(
        points.begin(), points.end(), [](const LoadPoint &a, const LoadPoint &b) { return a.index < b.index; });
    return points;
}

void setBetweenRuns(RepeatFigure &figure)
{
    QList<double> present;
    for (const std::optional<double> &value : std::as_const(figure.values))
        if (value)
            present.append(*value);
    if (present.isEmpty())
        return;
    const double n = double(present.size());
    const double mean = std::accumulate(present.cbegin(), present.cend(), 0.0) / n;
    figure.mean = mean;
    figure.min = *std::min_element(present.cbegin(), present.cend());
    figure.max = *std::max_element(present.cbegin(), present.cend());
    if (present.size() < 2)
        return;
    double squares = 0;
    for (double value : std::as_const(present))
        squares += (value - mean) * (value - mean);
    figure.stdDev = std::sqrt(squares / (n - 1));
    if (mean != 0)
        figure.cvPct = 100 * *figure.stdDev / std::abs(mean);
}

/// Within each run: the intervals' half-widths, and whether two of them leave a gap between them.
void setWithinRuns(RepeatFigure &figure, const QList<ConfidenceInterval> &intervals)
{
    double halfWidthPctSum = 0;
    int halfWidths = 0;
    double highestLo = -INFINITY, lowestHi = INFINITY;
    for (qsizetype i = 0; i < intervals.size(); ++i) {
        const ConfidenceInterval &ci = intervals.at(i);
        if (!ci.valid || !figure.values.at(i))
            continue;
        ++figure.intervals;
        highestLo = std::max(highestLo, ci.lo);
        lowestHi = std::min(lowestHi, ci.hi);
        if (*figure.values.at(i) != 0) {
            halfWidthPctSum += 100 * (ci.hi - ci.lo) / 2 / std::abs(*figure.values.at(i));
            ++halfWidths;
        }
    }
    if (halfWidths > 0)
        figure.withinHalfWidthPct = halfWidthPctSum / halfWidths;
    figure.apart = figure.intervals >= 2 && highestLo > lowestHi;
}

RepeatFigure figureOf(const QList<RunResult> &runs, const LoadPoint &point, RepeatMetric metric)
{
    RepeatFigure figure;
    figure.metric = metric;
    QList<ConfidenceInterval> intervals;
    for (const RunResult &run : runs) {
        const LevelSummary *level = levelAt(run, point);
        figure.values.append(level ? valueOf(*level, metric) : std::nullopt);
        intervals.append(level ? intervalOf(*level, metric) : ConfidenceInterval {});
    }
    setBetweenRuns(figure);
    setWithinRuns(figure, intervals);
    figure.drifted = figure.apart && *figure.mean != 0
        && 100 * (*figure.max - *figure.min) / std::abs(*figure.mean) >= kMinDriftPercent;
    return figure;
}

void setVerdict(RepeatLevel &level)
{
    QStringList drifted, apartOnly;
    bool comparable = false;
    for (const RepeatFigure &figure : std::as_const(level.figures)) {
        comparable = comparable || figure.intervals >= 2;
        if (figure.drifted)
            drifted << repeatMetricLabel(figure.metric);
        else if (figure.apart)
            apartOnly << repeatMetricLabel(figure.metric);
    }
    if (!drifted.isEmpty()) {
        level.verdict = RepeatLevel::Verdict::Drift;
        level.sentence = QCoreApplication::translate("RepeatSummary", "The server drifted between repeats: %1 moved by more than the repeats' 95 % "
                                        "intervals explain (two of them do not overlap).")
                             .arg(drifted.join(QStringLiteral(", ")));
    } else if (!apartOnly.isEmpty()) {
        level.verdict = RepeatLevel::Verdict::Agree;
        level.sentence = QCoreApplication::translate("RepeatSummary", "Repeats agree: they differ beyond their 95 % intervals in %1, but by less "
                                        "than %2 % of the mean, which matters to no measurement.")
                             .arg(apartOnly.join(QStringLiteral(", ")))
                             .arg(kMinDriftPercent);
    } else if (comparable) {
        level.verdict = RepeatLevel::Verdict::Agree;
        level.sentence = QCoreApplication::translate("RepeatSummary", "Repeats agree within their 95 % intervals.");
    } else {
        level.verdict = RepeatLevel::Verdict::NotEnoughData;
        level.sentence
            = QCoreApplication::translate("RepeatSummary", "Fewer than two repeats have 95 % intervals here: too few to tell drift from noise.");
    }
}

} // namespace

QList<RepeatMetric> repeatMetrics()
{
    return { RepeatMetric::TtftP50, RepeatMetric::TtftP95, RepeatMetric::TpotP50, RepeatMetric::ItlP50,
        RepeatMetric::E2elP50, RepeatMetric::OutputThroughput };
}

QString repeatMetricKey(RepeatMetric metric)
{
    switch (metric) {
    case RepeatMetric::TtftP50:
        return QStringLiteral("median_ttft_ms");
    case RepeatMetric::TtftP95:
        return QStringLiteral("p95_ttft_ms");
    case RepeatMetric::TpotP50:
        return QStringLiteral("median_tpot_ms");
    case RepeatMetric::ItlP50:
        return QStringLiteral("median_itl_ms");
    case RepeatMetric::E2elP50:
        return QStringLiteral("median_e2el_ms");
    case RepeatMetric::OutputThroughput:
        break;
    }
    return QStringLiteral("output_throughput");
}

QString repeatMetricLabel(RepeatMetric metric)
{
    switch (metric) {
    case RepeatMetric::TtftP50:
        return QStringLiteral("TTFT P50");
    case RepeatMetric::TtftP95:
        return QStringLiteral("TTFT P95");
    case RepeatMetric::TpotP50:
        return QStringLiteral("TPOT P50");
    case RepeatMetric::ItlP50:
        return QStringLiteral("ITL P50");
    case RepeatMetric::E2elP50:
        return QStringLiteral("E2E P50");
    case RepeatMetric::OutputThroughput:
        break;
    }
    return QCoreApplication::translate("RepeatSummary", "Output throughput");
}

QString repeatMetricUnit(RepeatMetric metric)
{
    return metric == RepeatMetric::OutputThroughput ? QStringLiteral("tok/s") : QStringLiteral("ms");
}

QString repeatVerdictName(RepeatLevel::Verdict verdict)
{
    switch (verdict) {
    case RepeatLevel::Verdict::Agree:
        return QStringLiteral("agree");
    case RepeatLevel::Verdict::Drift:
        return QStringLiteral("drift");
    case RepeatLevel::Verdict::NotEnoughData:
        break;
    }
    return QStringLiteral("not_enough_data");
}

RepeatSummary summarizeRepeats(const QList<RunResult> &runs, int repeats, bool stopped)
{
    RepeatSummary summary;
    summary.repeats = repeats;
    summary.finished = int(runs.size());
    summary.stopped = stopped;
    for (const LoadPoint &point : pointsOf(runs)) {
        RepeatLevel level;
        level.point = point;
        for (RepeatMetric metric : repeatMetrics())
            level.figures.append(figureOf(runs, point, metric));
        setVerdict(level);
        summary.levels.append(level);
    }
    return summary;
}

} // namespace TokenScope::Stats
