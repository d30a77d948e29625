// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "precision.h"

#include "stats/bootstrap.h"
#include "stats/statistics.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace TokenScope::Stats {

namespace {

Stats::IntervalMetric intervalMetricOf(Compare::Metric metric)
{
    switch (metric) {
    case Compare::Metric::Ttft:
        return IntervalMetric::Ttft;
    case Compare::Metric::Tpot:
        return IntervalMetric::Tpot;
    case Compare::Metric::Itl:
        return IntervalMetric::Itl;
    case Compare::Metric::E2e:
        return IntervalMetric::E2el;
    }
    return IntervalMetric::Ttft;
}

QString pct(double value)
{
    return QString::number(value, 'g', 2);
}

} // namespace

bool parsePrecisionFigure(const QString &name, PrecisionFigure *figure)
{
    static const QRegularExpression pattern(QStringLiteral("^(p50|median|p90|p95|p99)_(ttft|tpot|itl|e2el)_ms$"));
    const QRegularExpressionMatch match = pattern.match(name);
    if (!match.hasMatch())
        return false;
    const QString stat = match.captured(1);
    figure->percentile = stat == u"median" ? 50 : stat.mid(1).toDouble();
    const QString metric = match.captured(2);
    figure->metric = metric == u"ttft" ? Compare::Metric::Ttft
        : metric == u"tpot"            ? Compare::Metric::Tpot
        : metric == u"itl"             ? Compare::Metric::Itl
                                       : Compare::Metric::E2e;
    return true;
}

std::optional<double> precisionPct(
    const QList<RequestRecord> &records, const PrecisionFigure &figure, int minTokensForTpot, int levelIndex)
{
    const std::vector<double> sorted = Compare::metricSamples(records, figure.metric, minTokensForTpot);
    if (!hasEnoughSamplesForInterval(int(sorted.size()), figure.percentile))
        return std::nullopt;
    const double value = percentile(sorted, figure.percentile);
    const ConfidenceInterval interval = percentileInterval(
        sorted, figure.percentile, intervalSeed(levelIndex, intervalMetricOf(figure.metric), figure.percentile));
    if (!interval.valid || value <= 0)
        return std::nullopt;
    return 100.0 * (interval.hi - interval.lo) / 2.0 / value;
}

QString stopText(const LevelSummary &level)
{
    const LevelStop &stop = level.stop;
    if (stop.targetPct <= 0)
        return {};
    const QString reached = stop.achievedPct
        ? QCoreApplication::translate("Precision", "%1 within ±%2 % (target ±%3 %)").arg(stop.metric, pct(*stop.achievedPct), pct(stop.targetPct))
        : QCoreApplication::translate("Precision", "%1 had too few samples for an interval (target ±%2 %)").arg(stop.metric, pct(stop.targetPct));
    if (stop.by == u"precision")
        return QCoreApplication::translate("Precision", "stopped when precise: %1 after %2 requests").arg(reached).arg(level.requests);
    if (stop.by == u"duration")
        return QCoreApplication::translate("Precision", "stopped at the end of --duration before the target: %1").arg(reached);
    if (stop.by == u"cancelled")
        return QCoreApplication::translate("Precision", "cancelled before the target: %1").arg(reached);
    return QCoreApplication::translate("Precision", "stopped at the request limit (%1) before the target: %2").arg(level.requests).arg(reached);
}

} // namespace TokenScope::Stats
