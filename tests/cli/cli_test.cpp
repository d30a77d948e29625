// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The real tokenscope-cli binary, driven as a user would, against the real simulator.
#include "net/apidialect.h"
#include "net/endpointurl.h"
#include "sim/simconfig.h"
#include "sim/simrequestlog.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"
#include "support/replaypeer.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <gtest/gtest.h>
#include <iostream>

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

// app/'s texts with a count are tr("%n …(s)", n): the CLI loads their English forms, as the window does.
// The client-CPU figure is printed only when the measurement is ok: on a busy machine a run may read
// "degraded" instead, so up to three runs are made for one that prints it.
TEST(Cli, CountsReadInEnglishWithoutPluralParentheses)
{
    bool sawCpu = false;
    for (int attempt = 0; attempt < 3 && !sawCpu; ++attempt) {
        const CliResult r = runCli({ QStringLiteral("demo"), QStringLiteral("--concurrency"), QStringLiteral("2"),
            QStringLiteral("--requests"), QStringLiteral("2"), QStringLiteral("--max-tokens"), QStringLiteral("8") });
        EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_FALSE(r.err.contains("(s)")) << r.err.toStdString();
        EXPECT_FALSE(r.out.contains("(s)")) << r.out.toStdString();
        // "client CPU 3 % of 2 cores", "… of 1 core"
        const QRegularExpressionMatch cpu
            = QRegularExpression(QStringLiteral("client CPU \\d+ % of (\\d+) (cores?)\\b"))
                  .match(QString::fromUtf8(r.err));
        if (!cpu.hasMatch())
            continue;
        sawCpu = true;
        EXPECT_EQ(cpu.captured(2), cpu.captured(1) == u"1" ? QStringLiteral("core") : QStringLiteral("cores"))
            << r.err.toStdString();
    }
    if (!sawCpu)
        std::cout << "[ note     ] three runs read as degraded: the client-CPU figure was not printed\n";
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

    // The simulator's fault names, all of them, as serve --help lists them.
    r = runCli({QStringLiteral("serve"), QStringLiteral("--fault"), QStringLiteral("bogus")});
    EXPECT_EQ(r.exitCode, 2);
    for (const QString &name : simFaultNames())
        EXPECT_TRUE(r.err.contains(name.toUtf8())) << name.toStdString() << " missing from: " << r.err.toStdString();

    r = runCli({QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://h/v1"), QStringLiteral("--model"),
                QStringLiteral("m"), QStringLiteral("--api"), QStringLiteral("gemini")});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("chat, completions, responses or anthropic")) << r.err.toStdString();

    r = runCli({QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("https://api.anthropic.com/v1/messages"),
                QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--api"), QStringLiteral("anthropic")});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("Enter the part before it: https://api.anthropic.com")) << r.err.toStdString();

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
    QProcessEnvironment env = Testing::environmentWithApiKey(key);
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

// Regression: a repeated concurrency (`1,4,1`, a drift check) was summarised from both of its
// passes (4, 16 and 8 requests) and its records shared (level, index) pairs.
TEST(Cli, RepeatedConcurrencyLevelsAreKeptApart)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    QTemporaryDir out;
    const CliResult r = runCli(runArgs(sim, {QStringLiteral("--concurrency"), QStringLiteral("1,4,1"), QStringLiteral("--out"),
                                             out.path(), QStringLiteral("--format"), QStringLiteral("json")}));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject summary = QJsonDocument::fromJson(r.out).object();
    const QJsonObject config = summary.value(u"config").toObject();
    EXPECT_EQ(config.value(u"transport").toString().toStdString(), "qnam") << "the run says how requests travelled";
    const QString promptId = config.value(u"prompt_source").toObject().value(u"prompt_id").toString();
    EXPECT_TRUE(promptId.startsWith(u"fixed-")) << promptId.toStdString();
    const QJsonArray levels = summary.value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 3);
    const int want[][3] = {{0, 1, 4}, {1, 4, 16}, {2, 1, 4}}; // level_index, concurrency, requests
    for (int i = 0; i < 3; ++i) {
        const QJsonObject level = levels.at(i).toObject();
        EXPECT_EQ(level.value(u"level_index").toInt(-1), want[i][0]) << "level " << i;
        EXPECT_EQ(level.value(u"concurrency").toInt(), want[i][1]) << "level " << i;
        EXPECT_EQ(level.value(u"requests").toInt(), want[i][2]) << "level " << i;
        EXPECT_EQ(level.value(u"completed").toInt(), want[i][2]) << "level " << i;
    }

    QFile jsonl(QDir(out.path()).filePath(QStringLiteral("requests.jsonl")));
    ASSERT_TRUE(jsonl.open(QIODevice::ReadOnly));
    QSet<QPair<int, int>> seen;
    int measured = 0;
    for (const QByteArray &line : jsonl.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject record = QJsonDocument::fromJson(line).object();
        EXPECT_EQ(record.value(u"prompt_id").toString(), promptId) << "every request names the prompt it sent";
        if (record.value(u"warmup").toBool()) {
            EXPECT_EQ(record.value(u"level_index").toInt(), -1) << "a warm-up belongs to no level";
            continue;
        }
        ++measured;
        const QPair<int, int> key(record.value(u"level_index").toInt(-9), record.value(u"index").toInt(-9));
        EXPECT_FALSE(seen.contains(key)) << "(level_index, index) = (" << key.first << ", " << key.second << ") twice";
        seen.insert(key);
        EXPECT_EQ(record.value(u"level").toInt(), want[key.first][1]) << "level is the concurrency";
    }
    EXPECT_EQ(measured, 24);
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

    // Without --api-key-env, each kind's own variable: Anthropic's key header names $ANTHROPIC_API_KEY.
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), key);
    r = runCli({QStringLiteral("curl"), QStringLiteral("--base-url"), QStringLiteral("https://api.anthropic.com"),
                QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--api"), QStringLiteral("anthropic")},
               env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("\"x-api-key: $ANTHROPIC_API_KEY\"")) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains("https://api.anthropic.com/v1/messages")) << r.out.toStdString();
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
}

// --transport, --transport-threads and --busy-poll reach the config, and what cannot run is
// refused with RunCheck::transportProblem()'s words before anything is sent. No request travels
// here: `curl` parses and checks every run option, then prints the request.
TEST(Cli, TransportOptionsAreReadAndABadOneIsRefusedBeforeAnythingIsSent)
{
    const QStringList base { QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1"),
        QStringLiteral("--model"), QStringLiteral("m") };
    const auto run
        = [&base](const QStringList &extra) { return runCli(QStringList { QStringLiteral("run") } + base + extra); };

    CliResult r = run({ QStringLiteral("--transport"), QStringLiteral("bogus") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("The transport \"bogus\" is not known: use qnam")) << r.err.toStdString();

    // Each value is read into the config: the error quotes it.
    for (const char *threads : { "9", "-1" }) {
        r = run({ QStringLiteral("--transport"), QStringLiteral("curl"), QStringLiteral("--transport-threads"),
            QLatin1String(threads) });
        EXPECT_EQ(r.exitCode, 2) << threads;
        EXPECT_TRUE(r.err.contains(QByteArray(QByteArray("Transport threads ") + threads + " is out of range")))
            << r.err.toStdString();
    }
    r = run({ QStringLiteral("--transport"), QStringLiteral("curl"), QStringLiteral("--transport-threads"),
        QStringLiteral("two") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("--transport-threads expects a whole number")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("\"two\"")) << r.err.toStdString();

    // Worker threads and busy-poll are curl's, with qnam given or by default; `demo` reads them too.
    for (const QStringList &args :
        { QStringList { QStringLiteral("run") } + base + QStringList { QStringLiteral("--busy-poll") },
            QStringList { QStringLiteral("run") } + base
                + QStringList { QStringLiteral("--transport"), QStringLiteral("qnam"),
                    QStringLiteral("--transport-threads"), QStringLiteral("2") },
            QStringList { QStringLiteral("demo"), QStringLiteral("--busy-poll") } }) {
        r = runCli(args);
        EXPECT_EQ(r.exitCode, 2) << args.join(u' ').toStdString();
        EXPECT_TRUE(r.err.contains("apply to the curl transport only")) << r.err.toStdString();
    }

    // The three together parse and pass the check (the curl command does not depend on them).
    r = runCli(QStringList { QStringLiteral("curl") } + base
        + QStringList { QStringLiteral("--transport"), QStringLiteral("curl"), QStringLiteral("--transport-threads"),
            QStringLiteral("2"), QStringLiteral("--busy-poll") });
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.startsWith("curl ")) << r.out.toStdString();
    r = runCli(QStringList { QStringLiteral("curl") } + base
        + QStringList { QStringLiteral("--transport"), QStringLiteral("qnam") });
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();

    EXPECT_TRUE(runCli({ QStringLiteral("run"), QStringLiteral("--help") }).out.contains("--transport-threads"));
}

// --- A/B interleaved runs (--ab-model, --ab-base-url, --ab-api-key-env) ---

namespace {

/// One server with a slow default model and a fast one (SimConfig::decodeIntervalMsByModel).
SimConfig twoSpeedSim()
{
    SimConfig sim = Testing::quickSim();
    sim.decodeIntervalMs = 12;
    sim.decodeIntervalMsByModel = {{QStringLiteral("sim-fast"), 3.0}};
    sim.models.append(QStringLiteral("sim-fast"));
    return sim;
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

QList<QJsonObject> jsonLines(const QString &path)
{
    QList<QJsonObject> out;
    for (const QByteArray &line : fileBytes(path).split('\n')) {
        if (!line.isEmpty())
            out.append(QJsonDocument::fromJson(line).object());
    }
    return out;
}

double medianTpotAt(const QJsonObject &summary, int levelIndex)
{
    return summary.value(u"levels").toArray().at(levelIndex).toObject().value(u"median_tpot_ms").toDouble();
}

const QStringList kRunFiles {QStringLiteral("summary.json"), QStringLiteral("requests.jsonl"), QStringLiteral("results.csv"),
                             QStringLiteral("report.md"), QStringLiteral("report.html")};

} // namespace

TEST(CliAb, AbModelWritesARunDirectoryPerArmWithAlternatingRequests)
{
    SimConfig simConfig = twoSpeedSim();
    const QString key = QStringLiteral("sk-ab-cli-KEY-5150");
    simConfig.apiKey = key;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    QProcessEnvironment env = Testing::environmentWithApiKey(key);
    const CliResult r = runCli(runArgs(sim, {QStringLiteral("--ab-model"), QStringLiteral("sim-fast"), QStringLiteral("--concurrency"),
                                             QStringLiteral("1,2"), QStringLiteral("--requests-per-concurrency"), QStringLiteral("2"),
                                             QStringLiteral("--out"), out.path()}),
                               env);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();

    // stdout: each arm's table under its heading, A first.
    const qsizetype headingA = r.out.indexOf("== A: "), headingB = r.out.indexOf("== B: ");
    ASSERT_GE(headingA, 0) << r.out.toStdString();
    EXPECT_GT(headingB, headingA) << r.out.toStdString();
    const QByteArray headingLineB = "== B: " + sim.baseUrl().toString().toUtf8() + " model sim-fast\n";
    EXPECT_TRUE(r.out.mid(headingB).startsWith(headingLineB)) << r.out.toStdString();

    const QStringList models {QStringLiteral("tokenscope-sim"), QStringLiteral("sim-fast")};
    QList<QJsonObject> summaries;
    for (int arm = 0; arm < 2; ++arm) {
        const QDir dir(out.filePath(arm == 0 ? QStringLiteral("A") : QStringLiteral("B")));
        for (const QString &name : kRunFiles) {
            const QByteArray bytes = fileBytes(dir.filePath(name));
            EXPECT_FALSE(bytes.isEmpty()) << dir.filePath(name).toStdString();
            EXPECT_FALSE(bytes.contains(key.toUtf8())) << dir.filePath(name).toStdString();
        }
        const QJsonObject summary = QJsonDocument::fromJson(fileBytes(dir.filePath(QStringLiteral("summary.json")))).object();
        EXPECT_EQ(summary.value(u"status").toString(), QStringLiteral("completed"));
        EXPECT_EQ(summary.value(u"endpoint").toObject().value(u"model").toString(), models.at(arm));
        EXPECT_EQ(summary.value(u"levels").toArray().size(), 2);
        summaries.append(summary);

        // The engine alternates A, B, A, B in each level's issue order: index % 2 == arm.
        const QList<QJsonObject> records = jsonLines(dir.filePath(QStringLiteral("requests.jsonl")));
        EXPECT_EQ(records.size(), 1 + 2 + 4) << "its warm-up, then 2 x concurrency per level";
        for (const QJsonObject &record : records) {
            EXPECT_EQ(record.value(u"index").toInt() % 2, arm) << QJsonDocument(record).toJson().toStdString();
            EXPECT_EQ(record.value(u"status").toString(), QStringLiteral("ok"));
        }
    }
    // B decodes at 3 ms per token, A at 12: B's TPOT is clearly lower at every level.
    for (int level = 0; level < 2; ++level) {
        EXPECT_GT(medianTpotAt(summaries.at(0), level), 0.0);
        EXPECT_LT(medianTpotAt(summaries.at(1), level), 0.6 * medianTpotAt(summaries.at(0), level)) << "level " << level;
    }
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
    EXPECT_FALSE(r.err.contains(key.toUtf8()));
}

TEST(CliAb, BadArmBOptionsExitWithTwoAndNameTheOption)
{
    const QStringList a {QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1"),
                         QStringLiteral("--model"), QStringLiteral("m")};
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("TOKENSCOPE_NO_SUCH_KEY"));

    CliResult r = runCli(a + QStringList {QStringLiteral("--ab-base-url"), QStringLiteral("http://h/v1/v1")}, env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("--ab-base-url")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("doubled /v1")) << r.err.toStdString();

    r = runCli(a + QStringList {QStringLiteral("--ab-model="), QStringLiteral("--concurrency"), QStringLiteral("1")}, env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("--ab-model")) << r.err.toStdString();

    r = runCli(a + QStringList {QStringLiteral("--ab-model"), QStringLiteral("m2"), QStringLiteral("--ab-api-key-env"),
                                QStringLiteral("TOKENSCOPE_NO_SUCH_KEY")},
               env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("--ab-api-key-env")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("TOKENSCOPE_NO_SUCH_KEY")) << r.err.toStdString();

    // Both B options bad: the Base URL is checked first, so it is the one named.
    r = runCli(a + QStringList {QStringLiteral("--ab-model="), QStringLiteral("--ab-base-url"), QStringLiteral("ftp://x")}, env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("--ab-base-url (arm B)")) << r.err.toStdString();
}

// B inherits A's Base URL, which carries A's key, but authenticates with its own: B's exports,
// redacted with B's key, would show A's. Refused before anything is sent or written.
TEST(CliAb, ArmCarryingTheOtherArmsKeyIsRefused)
{
    const QString keyA = QStringLiteral("sk-arm-A-KEY-31337"), keyB = QStringLiteral("sk-arm-B-KEY-27182");
    QProcessEnvironment env = Testing::environmentWithApiKey(keyA);
    env.insert(QStringLiteral("TOKENSCOPE_B_KEY"), keyB);
    QTemporaryDir out;
    const CliResult r = runCli({QStringLiteral("run"), QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:9/v1?key=") + keyA,
                                QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--ab-model"), QStringLiteral("m2"),
                                QStringLiteral("--ab-api-key-env"), QStringLiteral("TOKENSCOPE_B_KEY"), QStringLiteral("--out"),
                                out.filePath(QStringLiteral("ab"))},
                               env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("contain arm A's API key")) << r.err.toStdString();
    EXPECT_FALSE(r.err.contains(keyA.toUtf8()) || r.out.contains(keyA.toUtf8()));
    EXPECT_FALSE(QDir(out.filePath(QStringLiteral("ab"))).exists()) << "nothing written";
}

namespace {
/// An A/B run of the simulator's two models: 2 requests per arm and level, no warm-up.
QStringList quickAbArgs(const SimulatorServer &sim, const QString &levels, const QString &format)
{
    return runArgs(sim, {QStringLiteral("--ab-model"), QStringLiteral("sim-fast"), QStringLiteral("--concurrency"), levels,
                         QStringLiteral("--requests"), QStringLiteral("2"), QStringLiteral("--warmup"), QStringLiteral("0"),
                         QStringLiteral("--format"), format});
}
} // namespace

TEST(CliAb, FormatJsonPrintsOneObjectWithBothArms)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(twoSpeedSim()));
    const CliResult r = runCli(quickAbArgs(sim, QStringLiteral("1"), QStringLiteral("json")));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    QJsonParseError error;
    const QJsonObject both = QJsonDocument::fromJson(r.out, &error).object();
    ASSERT_EQ(error.error, QJsonParseError::NoError) << r.out.toStdString();
    EXPECT_EQ(both.keys(), (QStringList {QStringLiteral("A"), QStringLiteral("B")}));
    EXPECT_EQ(both.value(u"A").toObject().value(u"endpoint").toObject().value(u"model").toString(), QStringLiteral("tokenscope-sim"));
    EXPECT_EQ(both.value(u"B").toObject().value(u"endpoint").toObject().value(u"model").toString(), QStringLiteral("sim-fast"));
    for (const QString &arm : {QStringLiteral("A"), QStringLiteral("B")}) {
        const QJsonArray levels = both.value(arm).toObject().value(u"levels").toArray();
        ASSERT_EQ(levels.size(), 1) << arm.toStdString();
        EXPECT_EQ(levels.at(0).toObject().value(u"completed").toInt(), 2) << arm.toStdString();
    }
}

TEST(CliAb, FormatCsvIsOneFileWithAnArmColumn)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(twoSpeedSim()));
    const CliResult r = runCli(quickAbArgs(sim, QStringLiteral("1,2"), QStringLiteral("csv")));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    QList<QByteArray> lines = r.out.split('\n');
    ASSERT_TRUE(lines.last().isEmpty()) << "every record ends in CRLF";
    lines.removeLast();
    ASSERT_EQ(lines.size(), 1 + 2 + 2) << r.out.toStdString();
    EXPECT_TRUE(lines.at(0).startsWith("arm,")) << lines.at(0).toStdString();
    const QList<QByteArray> header = lines.at(0).trimmed().split(',');
    const qsizetype modelColumn = header.indexOf("model");
    ASSERT_GT(modelColumn, 0);
    // Level by level, A before B: the rows to compare sit together.
    const QList<QByteArray> expected { "A,tokenscope-sim", "B,sim-fast", "A,tokenscope-sim", "B,sim-fast" };
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> fields = lines.at(i).trimmed().split(',');
        EXPECT_EQ(fields.size(), header.size()) << lines.at(i).toStdString();
        EXPECT_EQ(QByteArray(fields.at(0) + ',' + fields.value(modelColumn)), expected.at(i - 1)) << lines.at(i).toStdString();
    }
}

// --format html prints the A/B report of both arms, and --out DIR writes it beside A/ and B/.
TEST(CliAb, FormatHtmlAndOutWriteOneReportOfBothArms)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(twoSpeedSim()));
    QTemporaryDir out;
    const CliResult r = runCli(quickAbArgs(sim, QStringLiteral("1,2"), QStringLiteral("html"))
        + QStringList { QStringLiteral("--out"), out.path() });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QByteArray page = fileBytes(QDir(out.path()).filePath(QStringLiteral("report.html")));
    EXPECT_TRUE(r.out.startsWith("<!DOCTYPE html>")) << r.out.left(200).toStdString();
    EXPECT_TRUE(r.out.contains("<h1>A: tokenscope-sim · B: sim-fast</h1>")) << r.out.left(2000).toStdString();
    EXPECT_TRUE(page.contains("<h1>A: tokenscope-sim · B: sim-fast</h1>"));
    EXPECT_TRUE(r.err.contains("report.html (both arms)")) << r.err.toStdString();
    for (const QString &name : { QStringLiteral("comparison.md"), QStringLiteral("report.md"),
             QStringLiteral("A/report.html"), QStringLiteral("B/report.html") })
        EXPECT_TRUE(QFileInfo::exists(QDir(out.path()).filePath(name))) << name.toStdString();

    // The results table: an Arm column, and each arm's own TPOT (12 ms and 3 ms per token) in its rows.
    const QString html = QString::fromUtf8(page);
    const qsizetype table = html.indexOf(QStringLiteral("<h2>Results</h2>"));
    const QString results = html.mid(table, html.indexOf(QStringLiteral("</table>"), table) - table);
    static const QRegularExpression row(QStringLiteral("<tr>(.*?)</tr>")),
        cell(QStringLiteral("<t[hd][^>]*>(.*?)</t[hd]>"));
    QList<QStringList> rows;
    for (auto rowMatch = row.globalMatch(results); rowMatch.hasNext();) {
        QStringList cells;
        const QString inner = rowMatch.next().captured(1);
        for (auto cellMatch = cell.globalMatch(inner); cellMatch.hasNext();)
            cells.append(cellMatch.next().captured(1));
        rows.append(cells);
    }
    ASSERT_EQ(rows.size(), 1 + 4) << results.toStdString();
    ASSERT_EQ(rows.first().value(0), QStringLiteral("Arm"));
    const qsizetype tpot = rows.first().indexOf(QStringLiteral("TPOT P50 (ms)"));
    ASSERT_GT(tpot, 0);
    for (qsizetype i = 1; i < rows.size(); ++i) {
        const bool armA = rows.at(i).value(0) == u"A";
        EXPECT_EQ(armA, i % 2 == 1) << "level by level, A before B";
        EXPECT_NEAR(rows.at(i).value(tpot).toDouble(), armA ? 12.0 : 3.0, 1.0) << rows.at(i).join(u'|').toStdString();
    }
    EXPECT_TRUE(html.contains(QStringLiteral("<h2>B against A, level by level</h2>")));

    // `report DIR` on the parent gives the same page again, read back from A/ and B/.
    const CliResult again
        = runCli({ QStringLiteral("report"), out.path(), QStringLiteral("--format"), QStringLiteral("html") });
    ASSERT_EQ(again.exitCode, 0) << again.err.toStdString();
    EXPECT_TRUE(again.out.contains("<h1>A: tokenscope-sim · B: sim-fast</h1>")) << again.out.left(2000).toStdString();
    EXPECT_TRUE(again.out.contains("<th>Arm</th>"));
}

TEST(CliAb, ArmBKeyComesFromItsVariableAndAFailingArmExitsWithThree)
{
    SimConfig simConfig = twoSpeedSim();
    const QString keyB = QStringLiteral("sk-arm-b-KEY-8080"), wrongKeyA = QStringLiteral("sk-arm-a-WRONG-1234");
    simConfig.apiKey = keyB;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    QProcessEnvironment env = Testing::environmentWithApiKey(wrongKeyA);
    env.insert(QStringLiteral("ARM_B_KEY"), keyB);
    const CliResult r = runCli(runArgs(sim, {QStringLiteral("--ab-model"), QStringLiteral("sim-fast"), QStringLiteral("--ab-api-key-env"),
                                             QStringLiteral("ARM_B_KEY"), QStringLiteral("--concurrency"), QStringLiteral("1"),
                                             QStringLiteral("--requests"), QStringLiteral("2"), QStringLiteral("--warmup"),
                                             QStringLiteral("0"), QStringLiteral("--format"), QStringLiteral("json"),
                                             QStringLiteral("--out"), out.path()}),
                               env);
    EXPECT_EQ(r.exitCode, 3) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("on arm A")) << r.err.toStdString();
    EXPECT_FALSE(r.err.contains("on arm B")) << r.err.toStdString();
    const QJsonObject both = QJsonDocument::fromJson(r.out).object();
    const auto levelOf = [&both](const char16_t *arm) {
        return both.value(QStringView(arm)).toObject().value(u"levels").toArray().at(0).toObject();
    };
    EXPECT_EQ(levelOf(u"A").value(u"completed").toInt(), 0) << "A sent the wrong key";
    EXPECT_EQ(levelOf(u"B").value(u"completed").toInt(), 2) << "B sent its own key";

    QByteArray everything = r.out + r.err;
    for (const QString &arm : {QStringLiteral("A"), QStringLiteral("B")}) {
        for (const QString &name : kRunFiles)
            everything += fileBytes(QDir(out.filePath(arm)).filePath(name));
    }
    // The files of both arms beside A/ and B/: the comparison and the A/B report.
    for (const QString &name : { QStringLiteral("comparison.md"), QStringLiteral("comparison.json"),
             QStringLiteral("report.md"), QStringLiteral("report.html") })
        everything += fileBytes(out.filePath(name));
    EXPECT_TRUE(everything.contains("TokenScope A/B report"));
    EXPECT_FALSE(everything.contains(keyB.toUtf8()));
    EXPECT_FALSE(everything.contains(wrongKeyA.toUtf8()));
}

TEST(CliAb, InterruptKeepsBothArmsAsCancelledRuns)
{
    SimConfig simConfig = twoSpeedSim();
    simConfig.decodeIntervalMs = 20;
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
                  runArgs(sim, {QStringLiteral("--ab-model"), QStringLiteral("sim-fast"), QStringLiteral("--concurrency"),
                                QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("200"), QStringLiteral("--out"),
                                out.path()}));
    ASSERT_TRUE(process.waitForStarted());
    ASSERT_TRUE(QTest::qWaitFor([&sim] { return sim.requestsServed() >= 8; }, 30000));
    ::kill(pid_t(process.processId()), SIGINT);
    ASSERT_TRUE(process.waitForFinished(20000));
    EXPECT_EQ(process.exitCode(), 130) << process.readAllStandardError().toStdString();

    for (const QString &arm : {QStringLiteral("A"), QStringLiteral("B")}) {
        const QDir dir(out.filePath(arm));
        const QJsonObject summary = QJsonDocument::fromJson(fileBytes(dir.filePath(QStringLiteral("summary.json")))).object();
        EXPECT_EQ(summary.value(u"status").toString(), QStringLiteral("cancelled")) << arm.toStdString();
        const QJsonArray levels = summary.value(u"levels").toArray();
        ASSERT_EQ(levels.size(), 1) << arm.toStdString() << ": the level under way keeps what it finished";
        const QJsonObject level = levels.at(0).toObject();
        const int measured = level.value(u"completed").toInt() + level.value(u"failed").toInt();
        EXPECT_GE(measured, 1) << arm.toStdString();
        EXPECT_EQ(jsonLines(dir.filePath(QStringLiteral("requests.jsonl"))).size(), measured + 1)
            << arm.toStdString() << ": its warm-up plus its measured requests, each once";
        EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("report.html")))) << arm.toStdString();
    }
}

// --- API kinds (--api anthropic, --api responses) ---

namespace {

class CliApiKind : public ::testing::TestWithParam<ApiKind>
{
};

} // namespace

// Anthropic and Responses measured end to end through tokenscope-cli: the key comes from the kind's
// own variable (a wrong OPENAI_API_KEY would be refused by the Anthropic peer) and stays out of
// every output; the streams end without [DONE] and are complete.
TEST_P(CliApiKind, RunMeasuresTheKindAndKeepsTheKeyOut)
{
    const ApiKind api = GetParam();
    const bool anthropic = api == ApiKind::AnthropicMessages;
    const QString key = QStringLiteral("sk-cli-kind-KEY-5151");
    const RequestHeader auth = apiDialect(api).authHeaders(key).value(0);
    const QString capture = anthropic ? QStringLiteral("sse/anthropic-messages-thinking.sse")
                                      : QStringLiteral("sse/openai-responses-text-2025-03.sse");
    Testing::ReplayPeer peer(Testing::ReplayScript(Testing::testData(capture)).requiringHeader(auth.name, auth.value));
    ASSERT_TRUE(peer.start());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENAI_API_KEY"), anthropic ? QStringLiteral("sk-not-this-one") : key);
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), anthropic ? key : QStringLiteral("sk-not-this-one"));
    QTemporaryDir out;
    const CliResult r = runCli({QStringLiteral("run"), QStringLiteral("--api"), apiKindName(api), QStringLiteral("--base-url"),
                                peer.baseUrl() + (anthropic ? QString() : QStringLiteral("/v1")), QStringLiteral("--model"),
                                QStringLiteral("m"), QStringLiteral("--concurrency"), QStringLiteral("1"),
                                QStringLiteral("--requests"), QStringLiteral("2"), QStringLiteral("--out"), out.path(),
                                QStringLiteral("--format"), QStringLiteral("json")},
                               env);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
    EXPECT_FALSE(r.err.contains(key.toUtf8()));
    EXPECT_EQ(peer.requests().size(), 3) << "a warm-up and two measured requests";
    const QJsonObject summary = QJsonDocument::fromJson(r.out).object();
    EXPECT_EQ(summary.value(u"endpoint").toObject().value(u"api").toString(), apiKindName(api));
    for (const QString &name : kRunFiles)
        EXPECT_FALSE(fileBytes(QDir(out.path()).filePath(name)).contains(key.toUtf8())) << name.toStdString();
    const QList<QJsonObject> records = jsonLines(QDir(out.path()).filePath(QStringLiteral("requests.jsonl")));
    ASSERT_EQ(records.size(), 3);
    for (const QJsonObject &record : records) {
        EXPECT_EQ(record.value(u"status").toString(), QStringLiteral("ok")) << record.value(u"error_message").toString().toStdString();
        EXPECT_EQ(record.value(u"done_marker"), QJsonValue(false));
        EXPECT_EQ(record.value(u"output_tokens").toInt(), anthropic ? 282 : 9);
        EXPECT_EQ(record.value(u"output_tokens_source").toString(), QStringLiteral("usage"));
        EXPECT_EQ(record.value(u"chunks").toInt(), anthropic ? 108 : 7);
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, CliApiKind, ::testing::Values(ApiKind::AnthropicMessages, ApiKind::Responses),
                         [](const ::testing::TestParamInfo<ApiKind> &p) { return apiKindName(p.param).toStdString(); });

// --- tokenscope-cli models ---

namespace {

SimConfig keyedModelsSim(const QString &key)
{
    SimConfig sim = Testing::quickSim();
    sim.apiKey = key;
    sim.models = {QStringLiteral("tokenscope-sim"), QStringLiteral("b-model")};
    return sim;
}

QStringList modelsArgs(const QString &baseUrl, const QStringList &extra = {})
{
    return QStringList {QStringLiteral("models"), QStringLiteral("--base-url"), baseUrl} + extra;
}

} // namespace

TEST(CliModels, ListsTheModelsOnePerLineWithEachKindsKeyAndNeverPrintsIt)
{
    const QString key = QStringLiteral("sk-cli-models-KEY-4242");
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(keyedModelsSim(key)));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("OPENAI_API_KEY"), key);
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-not-this-one"));
    CliResult r = runCli(modelsArgs(sim.baseUrl().toString()), env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(r.out, "b-model\ntokenscope-sim\n");
    EXPECT_FALSE(r.err.contains(key.toUtf8()));

    // Anthropic: its own variable, sent as x-api-key with anthropic-version (the simulator then
    // answers in Anthropic's shape and checks that header).
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-not-this-one"));
    env.insert(QStringLiteral("ANTHROPIC_API_KEY"), key);
    r = runCli(modelsArgs(sim.baseUrl().toString(), {QStringLiteral("--api"), QStringLiteral("anthropic")}), env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(r.out, "b-model\ntokenscope-sim\n");

    // --api-key-env names another variable.
    env.insert(QStringLiteral("MY_GATEWAY_KEY"), key);
    r = runCli(modelsArgs(sim.baseUrl().toString(), {QStringLiteral("--api-key-env"), QStringLiteral("MY_GATEWAY_KEY")}), env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(r.out, "b-model\ntokenscope-sim\n");
}

TEST(CliModels, KeyFromStandardInputIsUsedAndNeverPrinted)
{
    const QString key = QStringLiteral("sk-cli-models-stdin-777");
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(keyedModelsSim(key)));
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("OPENAI_API_KEY"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), modelsArgs(sim.baseUrl().toString(), {QStringLiteral("--api-key-stdin")}));
    ASSERT_TRUE(process.waitForStarted());
    process.write(key.toUtf8() + '\n');
    process.closeWriteChannel();
    ASSERT_TRUE(process.waitForFinished(60000));
    const QByteArray out = process.readAllStandardOutput(), err = process.readAllStandardError();
    EXPECT_EQ(process.exitCode(), 0) << err.toStdString();
    EXPECT_EQ(out, "b-model\ntokenscope-sim\n");
    EXPECT_FALSE(err.contains(key.toUtf8()));
}

TEST(CliModels, FailuresSayWhyOnStderrWithTheirOwnExitCodes)
{
    const QString key = QStringLiteral("sk-cli-models-right-5150");
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(keyedModelsSim(key)));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString wrong = QStringLiteral("sk-cli-models-WRONG-0000");
    env.insert(QStringLiteral("OPENAI_API_KEY"), wrong);

    // A refused key: 1, and the sentence says what to check.
    CliResult r = runCli(modelsArgs(sim.baseUrl().toString()), env);
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.out.isEmpty());
    EXPECT_TRUE(r.err.contains("HTTP 401")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("check")) << r.err.toStdString();
    EXPECT_FALSE(r.err.contains(wrong.toUtf8()));

    // Nothing lists models there: 4, distinct from a failure.
    env.insert(QStringLiteral("OPENAI_API_KEY"), key);
    r = runCli(modelsArgs(sim.baseUrl().toString() + QStringLiteral("/nowhere")), env);
    EXPECT_EQ(r.exitCode, 4) << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty());
    EXPECT_TRUE(r.err.contains("does not list models")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("type the model ID")) << r.err.toStdString();

    // Bad arguments: 2.
    r = runCli({QStringLiteral("models")}, env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("--base-url")) << r.err.toStdString();
    r = runCli(modelsArgs(sim.baseUrl().toString(), {QStringLiteral("--api"), QStringLiteral("gemini")}), env);
    EXPECT_EQ(r.exitCode, 2);
    r = runCli(modelsArgs(QStringLiteral("https://api.anthropic.com/v1/messages"), {QStringLiteral("--api"), QStringLiteral("anthropic")}), env);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("Enter the part before it: https://api.anthropic.com")) << r.err.toStdString();

    r = runCli({QStringLiteral("--help")});
    EXPECT_TRUE(r.out.contains("models")) << "listed among the commands";
}

// --- curl: every kind writes its key as a variable ---

namespace {

class CliCurlKind : public ::testing::TestWithParam<ApiKind>
{
};

} // namespace

TEST_P(CliCurlKind, KeyIsWrittenAsTheVariableInUseNeverAsItsValue)
{
    const ApiKind api = GetParam();
    const ApiDialect &dialect = apiDialect(api);
    const QString key = QStringLiteral("sk-curl-kind-SECRET-2718");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(dialect.keyVariable, key);
    env.insert(QStringLiteral("MY_GATEWAY_KEY"), key);
    const QString base = api == ApiKind::AnthropicMessages ? QStringLiteral("https://api.anthropic.com")
                                                           : QStringLiteral("https://api.example.com/v1");
    const QStringList args {QStringLiteral("curl"), QStringLiteral("--api"), apiKindName(api), QStringLiteral("--base-url"), base,
                            QStringLiteral("--model"), QStringLiteral("m")};
    const QByteArray header = api == ApiKind::AnthropicMessages ? "x-api-key: $" : "Authorization: Bearer $";

    CliResult r = runCli(args, env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QByteArray('"' + header + dialect.keyVariable.toUtf8() + '"'))) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains(resolveEndpoint(base, api).url.toString().toUtf8())) << r.out.toStdString();
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
    EXPECT_FALSE(r.err.contains(key.toUtf8()));

    r = runCli(args + QStringList {QStringLiteral("--api-key-env"), QStringLiteral("MY_GATEWAY_KEY")}, env);
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains(QByteArray('"' + header + "MY_GATEWAY_KEY\""))) << r.out.toStdString();
    EXPECT_FALSE(r.out.contains(key.toUtf8()));
}

INSTANTIATE_TEST_SUITE_P(Kinds, CliCurlKind, ::testing::ValuesIn(apiKinds()),
                         [](const ::testing::TestParamInfo<ApiKind> &p) { return apiKindName(p.param).toStdString(); });

TEST(Cli, WorkloadOptionsReachTheServerAndAMalformedDatasetIsRefusedByLine)
{
    SimConfig simConfig;
    simConfig.baseTtftMs = 5;
    simConfig.decodeIntervalMs = 1;
    simConfig.recordWire = true;
    SimulatorServer sim;
    QString error;
    ASSERT_TRUE(sim.start(simConfig, &error)) << error.toStdString();

    CliResult r = runCli(runArgs(sim, { QStringLiteral("--input-tokens"), QStringLiteral("250"),
        QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("6"),
        QStringLiteral("--format"), QStringLiteral("json") }));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("calibration probe 1")) << r.err.toStdString();
    const QJsonObject level = QJsonDocument::fromJson(r.out).object().value(u"levels").toArray().at(0).toObject();
    EXPECT_EQ(level.value(u"mean_input_tokens_counted").toDouble(), 250);
    EXPECT_EQ(level.value(u"input_tokens_off_target").toInt(), 0);

    QTemporaryDir dir;
    QFile bad(dir.filePath(QStringLiteral("bad.jsonl")));
    ASSERT_TRUE(bad.open(QIODevice::WriteOnly));
    bad.write("{\"prompt\": \"a\"}\n{\"prompt\": 5}\n");
    bad.close();
    sim.resetCounters();
    r = runCli(runArgs(sim, { QStringLiteral("--dataset"), bad.fileName() }));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("line 2: \"prompt\" must be a string")) << r.err.toStdString();
    EXPECT_TRUE(sim.requestLog().isEmpty()) << "nothing was sent";

    r = runCli(runArgs(sim, { QStringLiteral("--input-tokens"), QStringLiteral("100"), QStringLiteral("--dataset"),
        bad.fileName() }));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("Choose one source of prompts")) << r.err.toStdString();
}
