// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "levelfigure.h"

namespace TokenScope {

namespace {

QVariant percentile(const Distribution &d, double value)
{
    return d.count > 0 ? QVariant(value) : QVariant();
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
        return percentile(l.ttftMs, l.ttftMs.p50);
    case LevelFigure::TtftP95:
        return percentile(l.ttftMs, l.ttftMs.p95);
    case LevelFigure::TpotP50:
        return percentile(l.tpotMs, l.tpotMs.p50);
    case LevelFigure::TpotP95:
        return percentile(l.tpotMs, l.tpotMs.p95);
    case LevelFigure::ItlP50:
        return percentile(l.itlMs, l.itlMs.p50);
    case LevelFigure::E2eP50:
        return percentile(l.e2elMs, l.e2elMs.p50);
    case LevelFigure::OutputThroughput:
        return l.durationS > 0 ? QVariant(l.outputThroughput) : QVariant();
    }
    return {};
}

} // namespace TokenScope
