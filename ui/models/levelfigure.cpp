// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "levelfigure.h"

#include "stats/comparison.h"

namespace TokenScope {

namespace {

// The figures Compare also reads, by its rules (an empty distribution or a level without a
// duration has none): one definition for the tables and the comparison.
QVariant comparedFigure(const LevelSummary &l, Compare::DeltaMetric metric)
{
    const std::optional<double> value = Compare::deltaMetricValue(l, metric);
    return value ? QVariant(*value) : QVariant();
}

// The prompts' length as the server counted it; the older mean for a level stored without it.
QVariant inputTokens(const LevelSummary &l)
{
    if (l.inputTokens.count > 0)
        return l.inputTokens.mean;
    return l.meanInputTokens ? QVariant(*l.meanInputTokens) : QVariant();
}

} // namespace

QVariant levelFigure(const LevelSummary &l, LevelFigure figure)
{
    switch (figure) {
    case LevelFigure::Requests:
        return l.requests;
    case LevelFigure::Failed:
        return l.failed;
    case LevelFigure::InputTokens:
        return inputTokens(l);
    case LevelFigure::TtftP50:
        return comparedFigure(l, Compare::DeltaMetric::TtftP50);
    case LevelFigure::TtftP95:
        return comparedFigure(l, Compare::DeltaMetric::TtftP95);
    case LevelFigure::TpotP50:
        return comparedFigure(l, Compare::DeltaMetric::TpotP50);
    case LevelFigure::TpotP95:
        return comparedFigure(l, Compare::DeltaMetric::TpotP95);
    case LevelFigure::ItlP50:
        return comparedFigure(l, Compare::DeltaMetric::ItlP50);
    case LevelFigure::E2eP50:
        return comparedFigure(l, Compare::DeltaMetric::E2eP50);
    case LevelFigure::OutputThroughput:
        return comparedFigure(l, Compare::DeltaMetric::OutputThroughput);
    }
    return {};
}

} // namespace TokenScope
