// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The texts app/ writes count in English: one takes the singular, every other number the plural.
#include "core/englishcount.h"

#include <gtest/gtest.h>

using namespace TokenScope;

TEST(EnglishCount, OneTakesTheSingularEveryOtherNumberThePlural)
{
    EXPECT_EQ(countOf(1, u"request", u"requests"), QStringLiteral("1 request"));
    EXPECT_EQ(countOf(65, u"request", u"requests"), QStringLiteral("65 requests"));
    EXPECT_EQ(countOf(0, u"scrape", u"scrapes"), QStringLiteral("0 scrapes"));
    EXPECT_EQ(countOf(2, u"probe request", u"probe requests"), QStringLiteral("2 probe requests"));
}

TEST(EnglishCount, LargeCountsAreWrittenInFull)
{
    EXPECT_EQ(countOf(Q_INT64_C(10000000000), u"sample", u"samples"), QStringLiteral("10000000000 samples"));
}

TEST(EnglishCount, WordForPicksTheVerbThatAgreesWithTheCount)
{
    EXPECT_EQ(wordFor(1, u"was", u"were"), QStringLiteral("was"));
    EXPECT_EQ(wordFor(3, u"was", u"were"), QStringLiteral("were"));
    EXPECT_EQ(wordFor(0, u"was", u"were"), QStringLiteral("were"));
}
