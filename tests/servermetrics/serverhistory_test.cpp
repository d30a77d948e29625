// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The server's metrics in history (docs/metrics.md#server-metrics): every scrape and each level's
// server figures come back from a real SQLite file as they went in.
#include "servermetrics/serverlevel.h"
#include "store/historystore.h"

#include <QDateTime>
#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace TokenScope;

TEST(ServerMetricsHistory, KeepsTheScrapesAndTheLevelsFigures)
{
    RunResult run;
    run.startedAt = QDateTime::currentDateTime();
    run.config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:8000/metrics");
    ServerMetricsSample ok;
    ok.offsetNs = 1'000'000'000;
    ok.durationNs = 2'000'000;
    ok.ok = true;
    ok.server = QStringLiteral("vllm");
    ok.running = 8;
    ok.waiting = 4; // cacheUsage and the counters stay absent
    ok.series.insert(QStringLiteral("vllm:num_requests_running{model_name=\"m\"}"), 8);
    ok.seriesDropped = 999744; // a body of a million series, past the bound
    ok.valuesRejected = 2;
    ServerMetricsSample failed;
    failed.offsetNs = 2'000'000'000;
    failed.error = QStringLiteral("Connection refused");
    run.serverMetrics = { ok, failed };
    LevelSummary level;
    level.concurrency = 8;
    summarizeServerMetrics(run.serverMetrics, 0, 3'000'000'000, &level);
    run.levels = { level };

    QTemporaryDir dir;
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(QDir(dir.path()).filePath(QStringLiteral("history.sqlite")), &error)) << error.toStdString();
    const qint64 id = store.storeRun(run, HistoryRunStatus::Completed, QStringLiteral("r"), QStringLiteral("test"), {}, &error);
    ASSERT_GT(id, 0) << error.toStdString();
    const std::optional<RunResult> loaded = store.loadRun(id, &error);
    ASSERT_TRUE(loaded) << error.toStdString();
    ASSERT_EQ(loaded->serverMetrics.size(), 2);
    const ServerMetricsSample &back = loaded->serverMetrics.constFirst();
    EXPECT_TRUE(back.ok);
    EXPECT_EQ(back.offsetNs, ok.offsetNs);
    EXPECT_EQ(back.running, 8);
    EXPECT_EQ(back.waiting, 4);
    EXPECT_FALSE(ServerMetricsSample::has(back.cacheUsage));
    EXPECT_EQ(back.series, ok.series);
    EXPECT_EQ(back.seriesDropped, 999744);
    EXPECT_EQ(back.valuesRejected, 2);
    EXPECT_FALSE(loaded->serverMetrics.at(1).ok);
    EXPECT_EQ(loaded->serverMetrics.at(1).error, failed.error);
    ASSERT_EQ(loaded->levels.size(), 1);
    EXPECT_EQ(loaded->levels.constFirst().serverScrapes, 1);
    EXPECT_EQ(loaded->levels.constFirst().serverWaitingMax.value_or(-1), 4);
    EXPECT_FALSE(loaded->levels.constFirst().serverCacheUsageMax.has_value());
}
