// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/exportoffer.h"

#include <QDir>
#include <QPushButton>
#include <QStatusBar>
#include <gtest/gtest.h>

using namespace TokenScope;

// Open and Show in folder stand beside "Exported to …" for as long as that message shows, and a
// second export reuses them.
TEST(UiExportOffer, TheButtonsBelongToTheExportMessage)
{
    QStatusBar bar;
    ExportOffer offer(&bar);
    EXPECT_EQ(offer.openButton(), nullptr) << "no buttons before an export";
    const QString path = QDir::tempPath() + QStringLiteral("/run.md");
    offer.offer(path);
    EXPECT_EQ(bar.currentMessage(), QStringLiteral("Exported to %1").arg(QDir::toNativeSeparators(path)));
    ASSERT_NE(offer.openButton(), nullptr);
    ASSERT_NE(offer.showButton(), nullptr);
    EXPECT_EQ(offer.openButton()->text(), QStringLiteral("Open"));
    EXPECT_EQ(offer.showButton()->text(), QStringLiteral("Show in folder"));
    EXPECT_FALSE(offer.openButton()->isHidden());
    EXPECT_FALSE(offer.showButton()->isHidden());

    bar.showMessage(QStringLiteral("Running against http://localhost"));
    EXPECT_TRUE(offer.openButton()->isHidden()) << "gone with the message";
    EXPECT_TRUE(offer.showButton()->isHidden());

    offer.offer(QDir::tempPath());
    EXPECT_FALSE(offer.openButton()->isHidden());
    EXPECT_EQ(bar.findChildren<QPushButton *>().size(), 2);
    bar.clearMessage();
    EXPECT_TRUE(offer.showButton()->isHidden());
}
