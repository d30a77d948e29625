// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include <QApplication>
#include <QTemporaryDir>
#include <gtest/gtest.h>

// One main for every test: a QApplication (offscreen unless the caller chose a platform) so that
// QSignalSpy::wait, timers and QNetworkAccessManager work inside tests. Settings, history and
// caches go to a throwaway XDG home, so tests never read or change the user's own.
int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    for (const char *variable : { "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME" })
        qputenv(variable, home.filePath(QString::fromLatin1(variable)).toLocal8Bit());
    ::testing::InitGoogleTest(&argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TokenScope"));
    QApplication::setApplicationName(QStringLiteral("TokenScope-tests"));
    return RUN_ALL_TESTS();
}
