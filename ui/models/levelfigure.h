// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/levelsummary.h"

#include <QVariant>

namespace TokenScope {

/// The figures of one level the tables show (the results table per level, the history per run).
enum class LevelFigure {
    Requests,
    Failed,
    InputTokens,
    TtftP50,
    TtftP95,
    TpotP50,
    TpotP95,
    ItlP50,
    E2eP50,
    OutputThroughput
};

/// The raw value of `figure` for `level`, as a table's SortRole and RawValueRole give it. A
/// latency is absent (an invalid QVariant, which sorts before every number and displays as a
/// dash, never as a fake 0) when nothing was measured, e.g. every request too short for TPOT;
/// the throughput when the level has no duration; the input tokens when neither the server's
/// count nor the older mean was stored.
QVariant levelFigure(const LevelSummary &level, LevelFigure figure);

} // namespace TokenScope
