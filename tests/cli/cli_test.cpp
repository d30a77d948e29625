// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The real tokenscope-cli binary, driven as a user would, against the real simulator.
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

struct CliResult {
    int exitCode = -1;
    QByteArray out, err;
};

CliResult runCli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                 int timeoutMs = 60000)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    EXPECT_TRUE(process.waitForFinished(timeoutMs)) << "tokenscope-cli did not finish";
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

QStringList runArgs(const SimulatorServer &sim, const QStringList &extra)
{
    return QStringList {QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
                        QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--max-tokens"),
                        QStringLiteral("24")}
        + extra;
}

} // namespace

TEST(Cli, DemoPrintsTheResultsTable)
{
    const CliResult r = runCli({QStringLiteral("demo"), QStringLiteral("--concurrency"), QStringLiteral("1,2"),
                                QStringLiteral("--max-tokens"), QStringLiteral("24")});
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("TTFT")) << r.out.toStdString();
    EXPECT_TRUE(r.err.contains("concurrency 2")) << "a progress line per level on stderr";
}

TEST(Cli, BadArgumentsExitWithTwoAndSayWhy)
{
    CliResult r = runCli({QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://h/v1/v1"),
                          QStringLiteral("--model"), QStringLiteral("m")});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("doubled /v1")) << r.err.toStdString();

    r = runCli({QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://h/v1"), QStringLiteral("--model"),
                QStringLiteral("m"), QStringLiteral("--extra-body"), QStringLiteral("{oops")});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("Extra body is not valid JSON")) << r.err.toStdString();

    r = runCli({QStringLiteral("frobnicate")});
    EXPECT_EQ(r.exitCode, 2);
}

TEST(Cli, RunWritesEveryExportAndKeepsTheKeyOut)
{
    SimConfig simConfig = Testing::quickSim();
    const QString key = QStringLiteral("sk-cli-test-KEY-4242");
    simConfig.apiKey = key;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENAI_API_KEY"), key);
    const CliResult r = runCli(runArgs(sim, {QStringLiteral("--concurrency"), QStringLiteral("1,3"), QStringLiteral("--out"),
                                             out.path(), QStringLiteral("--format"), QStringLiteral("json")}),
                               env);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject summary = QJsonDocument::fromJson(r.out).object();
    EXPECT_EQ(summary.value(u"levels").toArray().size(), 2);
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
    EXPECT_FALSE(r.err.contains(key.toUtf8()));
    for (const QString &name : {QStringLiteral("summary.json"), QStringLiteral("requests.jsonl"),
                                QStringLiteral("results.csv"), QStringLiteral("report.md")}) {
        QFile file(QDir(out.path()).filePath(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
        const QByteArray bytes = file.readAll();
        EXPECT_FALSE(bytes.isEmpty()) << name.toStdString();
        EXPECT_FALSE(bytes.contains(key.toUtf8())) << name.toStdString();
    }
}

TEST(Cli, FormatHtmlPrintsTheSelfContainedReport)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    const CliResult r = runCli(runArgs(sim, {QStringLiteral("--concurrency"), QStringLiteral("1,2"), QStringLiteral("--format"),
                                             QStringLiteral("html")}));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.startsWith("<!DOCTYPE html>")) << r.out.left(200).toStdString();
    EXPECT_TRUE(r.out.trimmed().endsWith("</html>"));
    EXPECT_TRUE(r.out.contains("<svg")) << "the charts are inline SVG";
    EXPECT_FALSE(r.out.contains("<script")) << "the page runs no script";
    EXPECT_FALSE(r.out.contains("conc  req")) << "only the page on stdout, not the table";
}

TEST(Cli, LevelWithoutASuccessExitsWithThree)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.fault = SimFault::ServerError;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    const CliResult r = runCli(runArgs(sim, {QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--warmup"),
                                             QStringLiteral("0")}));
    EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("http_5xx")) << r.err.toStdString();
}

TEST(Cli, KeyFromStandardInputIsUsedAndNeverPrinted)
{
    SimConfig simConfig = Testing::quickSim();
    const QString key = QStringLiteral("sk-from-stdin-7788");
    simConfig.apiKey = key;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
                  runArgs(sim, {QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"),
                                QStringLiteral("2"), QStringLiteral("--api-key-stdin")}));
    ASSERT_TRUE(process.waitForStarted());
    process.write(key.toUtf8() + '\n');
    process.closeWriteChannel();
    ASSERT_TRUE(process.waitForFinished(60000));
    const QByteArray out = process.readAllStandardOutput(), err = process.readAllStandardError();
    EXPECT_EQ(process.exitCode(), 0) << err.toStdString();
    EXPECT_FALSE(out.contains(key.toUtf8()));
    EXPECT_FALSE(err.contains(key.toUtf8()));
}

TEST(Cli, CurlCommandNamesTheKeyVariableNotTheKey)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString key = QStringLiteral("sk-curl-cli-31337");
    env.insert(QStringLiteral("MY_KEY"), key);
    CliResult r = runCli({QStringLiteral("curl"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1"),
                          QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--api-key-env"), QStringLiteral("MY_KEY")},
                         env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("Bearer $MY_KEY")) << r.out.toStdString();
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
    EXPECT_FALSE(r.err.contains(key.toUtf8()));

    r = runCli({QStringLiteral("curl"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("--model"),
                QStringLiteral("m"), QStringLiteral("--api-key-env"), QStringLiteral("MY_KEY"), QStringLiteral("--show-key")},
               env);
    EXPECT_TRUE(r.out.contains(key.toUtf8())) << "only when asked";
}
