// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// `--repeat K` through the real tokenscope-cli binary: K run directories, the repeat summary, the
// refusals, and Ctrl-C between repeats (docs/metrics.md#repeats).
#include "sim/simconfig.h"
#include "sim/simulatorserver.h"
#include "store/historyimport.h"
#include "store/historystore.h"
#include "support/clirun.h"
#include "support/enginerun.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <cmath>
#include <gtest/gtest.h>

using namespace TokenScope;

using TokenScope::Testing::CliResult;
using TokenScope::Testing::runCli;

namespace {

QJsonObject jsonFile(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(file.readAll()).object();
}

QStringList runArgs(const SimulatorServer &sim, const QStringList &extra)
{
    return QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
        QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--max-tokens"),
        QStringLiteral("24") }
    + extra;
}

} // namespace

TEST(CliRepeat, DemoWritesEveryRepeatAsARunDirectoryAndTheirSpread)
{
    QTemporaryDir out;
    const CliResult r = runCli({ QStringLiteral("demo"), QStringLiteral("--repeat"), QStringLiteral("3"),
        QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--requests"), QStringLiteral("12"),
        QStringLiteral("--max-tokens"), QStringLiteral("24"), QStringLiteral("--format"), QStringLiteral("json"),
        QStringLiteral("--out"), out.path() });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    for (int index = 1; index <= 3; ++index) {
        const QString dir = out.filePath(QStringLiteral("repeat-%1").arg(index));
        QString error;
        const std::optional<HistoryImport::ImportedRun> imported = HistoryImport::readRunDirectory(dir, &error);
        ASSERT_TRUE(imported) << dir.toStdString() << ": " << error.toStdString();
        EXPECT_EQ(imported->status, HistoryRunStatus::Completed);
        EXPECT_EQ(imported->run.levels.size(), 2) << "each repeat is a whole run, every level";
    }
    EXPECT_FALSE(QFileInfo::exists(out.filePath(QStringLiteral("repeat-4"))));
    EXPECT_TRUE(r.err.contains("repeat 3 of 3")) << r.err.toStdString();

    const QJsonObject repeats = jsonFile(out.filePath(QStringLiteral("repeats.json")));
    EXPECT_EQ(QJsonDocument::fromJson(r.out).object(), repeats) << "stdout holds the same summary";
    EXPECT_EQ(repeats.value(u"repeats").toInt(), 3);
    EXPECT_EQ(repeats.value(u"finished").toInt(), 3);
    EXPECT_FALSE(repeats.value(u"stopped").toBool());
    const QJsonArray levels = repeats.value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 2);
    EXPECT_EQ(levels.at(0).toObject().value(u"load_point").toString(), QStringLiteral("c=1"));
    EXPECT_EQ(levels.at(1).toObject().value(u"load_point").toString(), QStringLiteral("c=2"));
    for (const QJsonValue &level : levels) {
        EXPECT_NE(level.toObject().value(u"verdict").toString(), QString());
        const QJsonObject ttft = level.toObject().value(u"metrics").toObject().value(u"median_ttft_ms").toObject();
        const QJsonArray values = ttft.value(u"values").toArray();
        ASSERT_EQ(values.size(), 3);
        for (const QJsonValue &value : values)
            EXPECT_GT(value.toDouble(), 0);
        const double mean = ttft.value(u"mean").toDouble();
        EXPECT_LE(ttft.value(u"min").toDouble(), mean);
        EXPECT_GE(ttft.value(u"max").toDouble(), mean);
        EXPECT_GE(ttft.value(u"std").toDouble(), 0);
        // The CV is the spread of the three values as written, to their 0.01 ms rounding (a bound
        // on the values themselves would test the machine's load, not the arithmetic).
        double sumSquares = 0;
        for (const QJsonValue &value : values)
            sumSquares += (value.toDouble() - mean) * (value.toDouble() - mean);
        const double sampleStd = std::sqrt(sumSquares / (values.size() - 1));
        EXPECT_NEAR(ttft.value(u"std").toDouble(), sampleStd, 0.02);
        EXPECT_NEAR(ttft.value(u"cv_pct").toDouble(), 100 * sampleStd / mean, 0.02 + 100 * 0.02 / mean);
        // 12 requests per level give a P50 interval (docs/metrics.md#confidence-intervals).
        EXPECT_GT(ttft.value(u"within_ci95_half_width_pct").toDouble(), 0);
        EXPECT_GE(ttft.value(u"intervals").toInt(), 2);
    }
    QFile markdown(out.filePath(QStringLiteral("repeats.md")));
    ASSERT_TRUE(markdown.open(QIODevice::ReadOnly));
    EXPECT_TRUE(markdown.readAll().contains("| TTFT P50 (ms) |"));

    // History → Import of DIR: the three repeats as one series.
    QTemporaryDir historyDir;
    HistoryStore history;
    QString error;
    ASSERT_TRUE(history.open(historyDir.filePath(QStringLiteral("h.sqlite")), &error)) << error.toStdString();
    const qint64 lastId = history.importRunDirectory(out.path(), &error);
    ASSERT_GT(lastId, 0) << error.toStdString();
    QList<HistoryRunInfo> stored = history.listRuns();
    ASSERT_EQ(stored.size(), 3);
    std::sort(stored.begin(), stored.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(stored.at(i).repeatGroup, stored.first().id);
        EXPECT_EQ(stored.at(i).repeatIndex, i + 1);
        EXPECT_EQ(stored.at(i).repeatCount, 3);
        EXPECT_TRUE(stored.at(i).name.endsWith(QStringLiteral(" repeat-%1").arg(i + 1)))
            << stored.at(i).name.toStdString();
    }
    EXPECT_EQ(stored.last().id, lastId);
}

TEST(CliRepeat, IsRefusedWhereRepeatsCannotBeMatchedWithTheReason)
{
    const auto refusal = [](const QStringList &extra) {
        const CliResult r = runCli(QStringList { QStringLiteral("demo"), QStringLiteral("--repeat") } + extra);
        EXPECT_EQ(r.exitCode, 2) << r.err.toStdString();
        return QString::fromUtf8(r.err);
    };
    EXPECT_TRUE(refusal({ QStringLiteral("0") }).contains(QStringLiteral("--repeat expects")));
    EXPECT_TRUE(refusal({ QStringLiteral("101") }).contains(QStringLiteral("1 to 100 times")));
    EXPECT_TRUE(refusal({ QStringLiteral("2"), QStringLiteral("--sweep"), QStringLiteral("4") })
                    .contains(QStringLiteral("choose its own rates")));
    EXPECT_TRUE(refusal({ QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("csv") })
                    .contains(QStringLiteral("repeat-N")));
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    const CliResult ab = runCli(runArgs(sim,
        { QStringLiteral("--repeat"), QStringLiteral("2"), QStringLiteral("--ab-model"), QStringLiteral("other") }));
    EXPECT_EQ(ab.exitCode, 2);
    EXPECT_TRUE(ab.err.contains("--repeat: An A/B run cannot be repeated")) << ab.err.toStdString();
    EXPECT_EQ(sim.requestsServed(), 0) << "nothing is sent";
}

TEST(CliRepeat, InterruptKeepsTheFinishedRepeatsAndSummarisesThem)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.decodeIntervalMs = 20;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        runArgs(sim,
            { QStringLiteral("--repeat"), QStringLiteral("3"), QStringLiteral("--concurrency"), QStringLiteral("1"),
                QStringLiteral("--duration"), QStringLiteral("4"), QStringLiteral("--warmup"), QStringLiteral("0"),
                QStringLiteral("--out"), out.path() }));
    ASSERT_TRUE(process.waitForStarted());
    // Each repeat sends for 4 s: Ctrl-C once the second has its first request lands inside it.
    const QString second = out.filePath(QStringLiteral("repeat-2/requests.jsonl"));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            QFile file(second);
            return file.open(QIODevice::ReadOnly) && file.readAll().count('\n') >= 1;
        },
        60000));
    ::kill(pid_t(process.processId()), SIGINT);
    ASSERT_TRUE(process.waitForFinished(30000));
    const QByteArray err = process.readAllStandardError();
    EXPECT_EQ(process.exitCode(), 130) << err.toStdString();
    EXPECT_TRUE(err.contains("Stopped after 2 of 3 repeats")) << err.toStdString();

    const QJsonObject repeats = jsonFile(out.filePath(QStringLiteral("repeats.json")));
    EXPECT_EQ(repeats.value(u"finished").toInt(), 2);
    EXPECT_TRUE(repeats.value(u"stopped").toBool());
    EXPECT_EQ(jsonFile(out.filePath(QStringLiteral("repeat-2/summary.json"))).value(u"status").toString(),
        QStringLiteral("cancelled"));
    EXPECT_FALSE(QFileInfo::exists(out.filePath(QStringLiteral("repeat-3"))));
}
