// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/palette.h"

#include <gtest/gtest.h>

// The palette keeps the colours the charts were drawn in before it named them.

using namespace TokenScope;

TEST(Palette, FromRgbSplitsTheChannelsAndKeepsTheAlpha)
{
    constexpr QColor c = Palette::fromRgb(0x1565c0, 170);
    EXPECT_EQ(c, QColor(0x15, 0x65, 0xc0, 170));
    EXPECT_EQ(Palette::fromRgb(0xffffff), QColor(Qt::white));
}

TEST(Palette, SharedRolesShareTheirColour)
{
    // The timeline's chunk blue is the ITL histogram's, the throughput line's and the serving TTFT's.
    EXPECT_EQ(Palette::chunk.name(), QStringLiteral("#1565c0"));
    EXPECT_EQ(Palette::chunkStream.rgb(), Palette::chunk.rgb());
    EXPECT_EQ(Palette::chunkStream.alpha(), 170);
    EXPECT_EQ(Palette::armBStream.rgb(), Palette::armB.rgb());
    EXPECT_EQ(Palette::warmupSpan.rgb(), Palette::warmup.rgb());
    EXPECT_EQ(Palette::warmupSpan.alpha(), 150);
    EXPECT_EQ(Palette::ttftSpan, QColor(0xff, 0x98, 0x00, 150));
    EXPECT_EQ(Palette::failure.name(), QStringLiteral("#c62828"));
    EXPECT_EQ(Palette::errorText.name(), QStringLiteral("#b71c1c"));
    EXPECT_EQ(Palette::outcomeFailed, Palette::errorText);
}

TEST(Palette, RunColoursAreDistinct)
{
    for (size_t i = 0; i < Palette::runs.size(); ++i)
        for (size_t j = i + 1; j < Palette::runs.size(); ++j)
            EXPECT_NE(Palette::runs[i], Palette::runs[j]);
    EXPECT_EQ(Palette::runs[0].name(), QStringLiteral("#0072b2"));
}
