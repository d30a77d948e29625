// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The real window on a machine without a keyring: the session bus address points nowhere, so the
// real QtKeychainKeyStore the window makes finds no Secret Service. The window has to say so and
// still measure an endpoint that needs a key, read from an environment variable.
// With TOKENSCOPE_SCREENSHOT_DIR set, the window with the banner is saved there as no-keyring.png.
#include "support/widgettest.h"
#include "mainwindow.h"
#include "profiles/profileeditor.h"
#include "profiles/profilepanel.h"
#include "runsettingsform.h"
#include "sim/simconfig.h"
#include "sim/simulatorserver.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDBusConnection>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr int kWaitMs = 30000; // an upper bound for the keychain's answer and the run, not a timing assertion
const QString kKey = QStringLiteral("sk-nokeyring-test-SECRET-5e07");
const QString kEnvVar = QStringLiteral("TOKENSCOPE_NOKEYRING_TEST_KEY");
// Qt's name for the process's default session bus connection (qdbusconnection.cpp).
const QString kDefaultSessionBus = QStringLiteral("qt_default_session_bus");

void saveScreenshot(QWidget &window, const QString &name)
{
    const QString dir = qEnvironmentVariable("TOKENSCOPE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    EXPECT_TRUE(window.grab().save(dir + QLatin1Char('/') + name)) << name.toStdString();
}

QByteArray fileContents(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST(UiNoKeyring, WindowExplainsAndRunsWithTheKeyFromTheEnvironment)
{
    // A process keeps its first session bus connection: the address only counts before that.
    if (QDBusConnection(kDefaultSessionBus).isConnected())
        GTEST_SKIP() << "this process is already connected to a D-Bus session bus, so a keyring may answer; "
                        "run this test in a process of its own (ctest does)";
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent-tokenscope-test");
    qunsetenv(kEnvVar.toLocal8Bit().constData());

    SimConfig simConfig;
    simConfig.apiKey = kKey;
    simConfig.decodeIntervalMs = 1.0;
    SimulatorServer server;
    QString error;
    ASSERT_TRUE(server.start(simConfig, &error)) << error.toStdString();

    MainWindow window;
    window.show();
    auto *panel = window.findChild<ProfilePanel *>();
    ASSERT_NE(panel, nullptr);
    ProfileEditor *editor = panel->editor();

    // A new profile keeps its key in the keychain by default; reading it finds no Secret Service.
    panel->createProfile(QStringLiteral("Keyed simulator"));
    type(editor, "baseUrl", server.baseUrl().toString());
    type(editor, "model", QStringLiteral("tokenscope-sim"));
    ASSERT_TRUE(QTest::qWaitFor([editor] { return editor->isNoSecureStorageBannerVisible(); }, kWaitMs))
        << "no banner: the keychain answered, or its failure was not shown";
    auto *bannerText = child<QLabel>(editor, "noSecureStorageText");
    ASSERT_NE(bannerText, nullptr);
    EXPECT_TRUE(bannerText->isVisible());
    EXPECT_TRUE(bannerText->text().contains(QStringLiteral("No secure key storage on this system")))
        << bannerText->text().toStdString();
    EXPECT_TRUE(bannerText->text().contains(QStringLiteral("environment variable"))) << bannerText->text().toStdString();
    saveScreenshot(window, QStringLiteral("no-keyring.png"));

    // The way out the banner offers: the environment.
    auto *useEnvironment = child<QPushButton>(editor, "useEnvironment");
    ASSERT_NE(useEnvironment, nullptr);
    QTest::mouseClick(useEnvironment, Qt::LeftButton);
    EXPECT_FALSE(editor->isNoSecureStorageBannerVisible());
    EXPECT_EQ(editor->profile().keySource, KeySource::EnvironmentVariable);
    type(editor, "keyEnvVar", kEnvVar);
    qputenv(kEnvVar.toLocal8Bit().constData(), kKey.toLatin1());

    auto *settings = window.findChild<RunSettingsForm *>();
    ASSERT_NE(settings, nullptr);
    QLineEdit *levels = nullptr;
    for (QLineEdit *edit : settings->findChildren<QLineEdit *>()) {
        if (edit->text() == QStringLiteral("1,4,8,16"))
            levels = edit;
    }
    ASSERT_NE(levels, nullptr);
    levels->setText(QStringLiteral("1"));
    QSpinBox *maxTokens = nullptr;
    for (QSpinBox *box : settings->findChildren<QSpinBox *>()) {
        if (box->value() == 256)
            maxTokens = box;
    }
    ASSERT_NE(maxTokens, nullptr);
    maxTokens->setValue(8);

    const qsizetype runsBefore = window.runs().size();
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(window.isRunning()) << window.errorText().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, kWaitMs));
    EXPECT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();

    ASSERT_EQ(window.runs().size(), runsBefore + 1);
    const RunResult &run = window.runs().last();
    EXPECT_EQ(run.config.baseUrl, server.baseUrl().toString());
    ASSERT_EQ(run.records.size(), 5) << "1 warm-up + 4 requests at concurrency 1";
    for (const RequestRecord &record : run.records) {
        EXPECT_TRUE(record.ok) << record.errorKind.toStdString() << ": " << record.errorMessage.toStdString();
        EXPECT_EQ(record.outputTokens, 8);
    }
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels.first().completed, 4);
    EXPECT_EQ(run.levels.first().failed, 0);

    // The key reached the server through the environment and was never written down.
    panel->saveNow();
    QSettings().sync();
    const QString settingsPath = QSettings().fileName();
    const QByteArray settingsFile = fileContents(settingsPath);
    ASSERT_FALSE(settingsFile.isEmpty()) << settingsPath.toStdString();
    EXPECT_TRUE(settingsFile.contains(kEnvVar.toLatin1())) << "the profile names its variable";
    EXPECT_FALSE(settingsFile.contains(kKey.toLatin1())) << settingsPath.toStdString();

    qunsetenv(kEnvVar.toLocal8Bit().constData());
}
