// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/levelfigure.h"

#include <gtest/gtest.h>

// The raw values the results table and the history share for a level's figures.

using namespace TokenScope;

TEST(LevelFigure, ALatencyNothingMeasuredIsAbsentNotZero)
{
    LevelSummary level;
    level.requests = 4;
    level.ttftMs.count = 4;
    level.ttftMs.p50 = 42;
    level.ttftMs.p95 = 80;
    EXPECT_EQ(levelFigure(level, LevelFigure::TtftP50).toDouble(), 42);
    EXPECT_EQ(levelFigure(level, LevelFigure::TtftP95).toDouble(), 80);
    EXPECT_FALSE(levelFigure(level, LevelFigure::TpotP50).isValid()) << "every request too short for TPOT";
    EXPECT_FALSE(levelFigure(level, LevelFigure::ItlP50).isValid());
    EXPECT_EQ(levelFigure(level, LevelFigure::Requests).toInt(), 4);
}

TEST(LevelFigure, ThroughputNeedsADurationAndInputTokensACount)
{
    LevelSummary level;
    level.outputThroughput = 120;
    EXPECT_FALSE(levelFigure(level, LevelFigure::OutputThroughput).isValid());
    level.durationS = 2;
    EXPECT_DOUBLE_EQ(levelFigure(level, LevelFigure::OutputThroughput).toDouble(), 120);

    EXPECT_FALSE(levelFigure(level, LevelFigure::InputTokens).isValid());
    level.meanInputTokens = 300.0; // an older level: the mean only
    EXPECT_DOUBLE_EQ(levelFigure(level, LevelFigure::InputTokens).toDouble(), 300);
    level.inputTokens.count = 2;
    level.inputTokens.mean = 310;
    EXPECT_DOUBLE_EQ(levelFigure(level, LevelFigure::InputTokens).toDouble(), 310) << "the server's count wins";
}
