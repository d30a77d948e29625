// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window against a server that echoes the key and the Base URL's credentials into every field
// it can reach: none of them reaches the history database, the settings or any export
// (docs/hostile-input.md#secrets).
#include "dialogs/runexport.h"
#include "mainwindow.h"
#include "session/runsession.h"
#include "store/historystore.h"
#include "support/keyecho.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

TEST(KeyEchoWindow, TheWindowStoresAndExportsNoSecretAServerEchoesIntoAnyField)
{
    QSettings().clear();
    HostilePeer peer(keyEchoScript());
    ASSERT_TRUE(peer.start());
    const EchoedSecrets secrets;
    {
        MainWindow window;
        window.show();
        RunConfig config = window.configFromForm();
        config.baseUrl = secrets.baseUrlFor(peer.baseUrl());
        config.apiKey = secrets.key;
        config.model = QStringLiteral("echo-model");
        config.endpointLabel.clear();
        config.concurrencyLevels = { 1, 2 };
        config.requestsPerConcurrency = 4;
        config.warmupRequests = 1;
        config.maxTokens = 24;
        config.serverMetricsUrl = peer.baseUrl() + QStringLiteral("/metrics?token=") + secrets.querySecret;
        config.serverMetricsIntervalMs = 200;
        QSignalSpy ended(&window, &MainWindow::runEnded);
        QString error;
        ASSERT_TRUE(window.session()->start({ config }, &error)) << error.toStdString();
        ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 60000));
        ASSERT_GE(peer.requests().size(), 13) << "every kind of echo was served";

        const QList<HistoryRunInfo> stored = window.session()->history()->listRuns();
        ASSERT_FALSE(stored.isEmpty());
        const std::optional<RunResult> run = window.session()->history()->loadRun(stored.first().id);
        ASSERT_TRUE(run.has_value());
        ASSERT_FALSE(run->records.isEmpty());
        QTemporaryDir exports;
        ASSERT_TRUE(exports.isValid());
        using Format = RunExporter::Format;
        const QList<QPair<Format, QString>> formats { { Format::Csv, QStringLiteral("run.csv") },
            { Format::Json, QStringLiteral("run.json") }, { Format::Markdown, QStringLiteral("run.md") },
            { Format::Html, QStringLiteral("run.html") }, { Format::RunDirectory, QStringLiteral("dir") } };
        for (const auto &[format, name] : formats) {
            ASSERT_TRUE(RunExporter::exportTo(*run, format, exports.filePath(name), &error)) << error.toStdString();
        }
        expectNoSecretIn(exports.path(), secrets.all());
        // The records kept what the server said around the secrets.
        bool sawEcho = false;
        for (const RequestRecord &r : run->records)
            sawEcho = sawEcho || r.errorMessage.contains(u"Incorrect API key provided: [redacted]");
        EXPECT_TRUE(sawEcho);
        window.close(); // saves the window's settings
    }
    // Everything the window wrote in its home: the history database (and its journal) and settings.
    for (const auto location : { QStandardPaths::GenericDataLocation, QStandardPaths::GenericConfigLocation,
             QStandardPaths::GenericCacheLocation }) {
        const QString dir = QStandardPaths::writableLocation(location);
        expectNoSecretIn(dir, secrets.all());
    }
    QSettings().clear();
}
