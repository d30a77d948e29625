// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// `tokenscope-cli compare` and an A/B run's comparison files, on run directories the real binary
// wrote against the real simulator (docs/history-and-compare.md#8-comparing-from-the-command-line).
#include "sim/simconfig.h"
#include "sim/simulatorserver.h"
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
#include <gtest/gtest.h>
#include <memory>

using namespace TokenScope;

using TokenScope::Testing::CliResult;
using TokenScope::Testing::runCli;

namespace {

// 30 requests at concurrency 2 whose prompts are drawn from 150..250 tokens: the demo's
// simulator prefills at 200 us per token, so TTFT spreads over 30..50 ms above its base, and the
// P50's 95 % interval is a few ms wide, far more than the machine's jitter between two runs.
// Two streams stay inside its batch of 8 (docs/simulator.md#models): nothing queues.
const QStringList kWorkload { QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"),
    QStringLiteral("30"), QStringLiteral("--max-tokens"), QStringLiteral("2"), QStringLiteral("--input-tokens"),
    QStringLiteral("200"), QStringLiteral("--input-tokens-spread"), QStringLiteral("0.25") };

// The demo's simulator with every timing `slowdown` times as long.
SimConfig demoSim(double slowdown)
{
    SimConfig sim = builtInSimulatorConfig();
    sim.baseTtftMs *= slowdown;
    sim.prefillUsPerToken *= slowdown;
    sim.decodeIntervalMs *= slowdown;
    return sim;
}

QJsonObject jsonOf(const QByteArray &bytes)
{
    return QJsonDocument::fromJson(bytes).object();
}

// The `metric` entry of the level at `levelIndex` in comparison.json.
QJsonObject metricOf(const QJsonObject &comparison, int levelIndex, const QString &metric)
{
    const QJsonArray metrics
        = comparison.value(u"levels").toArray().at(levelIndex).toObject().value(u"metrics").toArray();
    for (const QJsonValue &m : metrics)
        if (m.toObject().value(u"metric").toString() == metric)
            return m.toObject();
    return {};
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

// Three run directories written once for the suite: two demos of one config, and the same
// workload against a simulator 20 % slower.
class CliCompare : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        s_dirs = std::make_unique<QTemporaryDir>();
        for (const QString &name : { QStringLiteral("first"), QStringLiteral("again") }) {
            const CliResult r
                = runCli(QStringList { QStringLiteral("demo"), QStringLiteral("--out"), dir(name) } + kWorkload);
            ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
        }
        SimulatorServer slower;
        ASSERT_TRUE(slower.start(demoSim(1.2)));
        const CliResult r
            = runCli(QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), slower.baseUrl().toString(),
                         QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--out"),
                         dir(QStringLiteral("slower")) }
                    + kWorkload,
                Testing::environmentWithApiKey(QStringLiteral("sk-unused-by-the-simulator")));
        ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    }
    static void TearDownTestSuite() { s_dirs.reset(); }

    static QString dir(const QString &name) { return s_dirs->filePath(name); }

    static std::unique_ptr<QTemporaryDir> s_dirs;
};

std::unique_ptr<QTemporaryDir> CliCompare::s_dirs;

} // namespace

TEST_F(CliCompare, SameConfigIsWithinNoiseAndATwentyPercentSlowerSimulatorIsReal)
{
    CliResult r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("again")),
        QStringLiteral("--format"), QStringLiteral("json") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject same = metricOf(jsonOf(r.out), 0, QStringLiteral("ttft_p50_ms"));
    EXPECT_EQ(same.value(u"judged_by").toString(), QStringLiteral("intervals")) << r.out.toStdString();
    EXPECT_EQ(same.value(u"verdict").toString(), QStringLiteral("within_noise")) << r.out.toStdString();

    r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("slower")),
        QStringLiteral("--format"), QStringLiteral("json") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject comparison = jsonOf(r.out);
    const QJsonObject slowed = metricOf(comparison, 0, QStringLiteral("ttft_p50_ms"));
    EXPECT_EQ(slowed.value(u"judged_by").toString(), QStringLiteral("intervals")) << r.out.toStdString();
    EXPECT_EQ(slowed.value(u"verdict").toString(), QStringLiteral("real")) << r.out.toStdString();
    EXPECT_NEAR(slowed.value(u"change_pct").toDouble(), 20.0, 6.0);
    // Every figure is about 20 % worse: the headline leads with whichever real change is largest.
    EXPECT_TRUE(comparison.value(u"headline").toString().startsWith(QStringLiteral("At c=2: ")))
        << comparison.value(u"headline").toString().toStdString();
    EXPECT_TRUE(
        comparison.value(u"headline").toString().contains(QStringLiteral("in slower, and the difference is real")))
        << comparison.value(u"headline").toString().toStdString();
}

TEST_F(CliCompare, TheTablePrintsTheHeadlineInputsAndAVerdictPerFigure)
{
    const CliResult r
        = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("again")) });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QString out = QString::fromUtf8(r.out);
    EXPECT_TRUE(out.startsWith(QStringLiteral("Comparison: again ("))) << out.toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("\nInputs: The runs have the same inputs")))
        << "two demos, one simulator timing: " << out.toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("\n== c=2\n"))) << out.toStdString();
    const qsizetype ttftRow = out.indexOf(QStringLiteral("\nTTFT P50 (ms)"));
    ASSERT_GE(ttftRow, 0) << out.toStdString();
    EXPECT_TRUE(out.mid(ttftRow + 1).section(u'\n', 0, 0).endsWith(QStringLiteral("within noise")))
        << out.toStdString();
}

TEST_F(CliCompare, HtmlAndMarkdownGoIntoOutAtomically)
{
    QTemporaryDir target;
    const QString page = target.filePath(QStringLiteral("comparison.html"));
    CliResult r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("slower")),
        QStringLiteral("--format"), QStringLiteral("html"), QStringLiteral("--out"), page });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty()) << "the page goes into --out only";
    const QByteArray html = fileBytes(page);
    EXPECT_TRUE(html.startsWith("<!DOCTYPE html>"));
    EXPECT_TRUE(html.contains("<style>")) << "self-contained: report.html's inline CSS";
    EXPECT_FALSE(html.contains("<script")) << "no script, nothing fetched";
    EXPECT_FALSE(html.contains("src=\"http")) << "no script, nothing fetched";
    EXPECT_TRUE(html.contains(">real (") || html.contains(">real<")) << "a verdict cell";

    const QString markdown = target.filePath(QStringLiteral("comparison.md"));
    r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("slower")),
        QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--out"), markdown });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(fileBytes(markdown).contains("| TTFT P50 (ms) |"));
    EXPECT_EQ(QDir(target.path()).entryList(QDir::Files).size(), 2) << "no temporary file left beside them";
}

TEST_F(CliCompare, ExitCodesSayWhatWentWrong)
{
    const QString missing = dir(QStringLiteral("no-such-run"));
    CliResult r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), missing });
    EXPECT_EQ(r.exitCode, 1) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("summary.json")) << "the message names the file: " << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty());

    r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")) });
    EXPECT_EQ(r.exitCode, 2) << "one directory that is no A/B run: " << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("not an A/B run")) << r.err.toStdString();

    r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("again")),
        QStringLiteral("--format"), QStringLiteral("csv") });
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString();

    r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), dir(QStringLiteral("again")),
        dir(QStringLiteral("slower")) });
    EXPECT_EQ(r.exitCode, 2) << r.err.toStdString();
}

TEST(CliCompareAb, AnAbRunWritesAndPrintsItsVerdictsPerLevelAndCompareReadsItsDirectory)
{
    SimConfig simConfig = Testing::quickSim();
    simConfig.decodeIntervalMsByModel = { { QStringLiteral("sim-slow"), 15.0 } };
    simConfig.models.append(QStringLiteral("sim-slow"));
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    QTemporaryDir out;
    const CliResult r
        = runCli({ QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
                     QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--ab-model"),
                     QStringLiteral("sim-slow"), QStringLiteral("--concurrency"), QStringLiteral("2,4"),
                     QStringLiteral("--requests-per-concurrency"), QStringLiteral("3"), QStringLiteral("--max-tokens"),
                     QStringLiteral("8"), QStringLiteral("--out"), out.path() },
            Testing::environmentWithApiKey(QStringLiteral("sk-unused-by-the-simulator")));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    // Under the arms' tables, where the table goes: B's verdicts against A.
    const qsizetype comparison = r.out.indexOf("Comparison: B (");
    ASSERT_GT(comparison, r.out.indexOf("== B: ")) << r.out.toStdString();
    EXPECT_TRUE(r.out.mid(comparison).contains("Inputs: Only one input differs (Model)")) << r.out.toStdString();

    const QJsonObject json = jsonOf(fileBytes(out.filePath(QStringLiteral("comparison.json"))));
    const QJsonArray levels = json.value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 2) << "a row per level";
    for (int level = 0; level < levels.size(); ++level) {
        const QJsonObject e2e = metricOf(json, level, QStringLiteral("e2e_p50_ms"));
        EXPECT_EQ(e2e.value(u"verdict").toString(), QStringLiteral("real")) << "at level " << level;
        // 20 ms + 8 tokens x 15 ms against 20 ms + 8 x 5 ms: more than 100 % longer.
        EXPECT_GT(e2e.value(u"change_pct").toDouble(), 100.0) << "at level " << level;
    }
    const QByteArray markdown = fileBytes(out.filePath(QStringLiteral("comparison.md")));
    EXPECT_TRUE(markdown.contains("## c=2")) << markdown.toStdString();
    EXPECT_TRUE(markdown.contains("## c=4")) << markdown.toStdString();

    const CliResult mixed = runCli({ QStringLiteral("compare"), out.path(), out.filePath(QStringLiteral("A")) });
    EXPECT_EQ(mixed.exitCode, 1) << "an A/B run's directory is not one run";
    EXPECT_TRUE(mixed.err.contains("holds an A/B run: compare it alone")) << mixed.err.toStdString();

    // The parent directory compares arm B with arm A, as the run printed it.
    const CliResult again
        = runCli({ QStringLiteral("compare"), out.path(), QStringLiteral("--format"), QStringLiteral("json") });
    ASSERT_EQ(again.exitCode, 0) << again.err.toStdString();
    EXPECT_EQ(jsonOf(again.out).value(u"levels").toArray().size(), 2);
    EXPECT_EQ(jsonOf(again.out).value(u"other").toObject().value(u"label").toString(), QStringLiteral("B"));
}

TEST_F(CliCompare, LevelsWithoutAPartnerAreNamed)
{
    QTemporaryDir single;
    const CliResult demo = runCli({ QStringLiteral("demo"), QStringLiteral("--out"), single.path(),
        QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("2"),
        QStringLiteral("--max-tokens"), QStringLiteral("2") });
    ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
    const CliResult r = runCli({ QStringLiteral("compare"), dir(QStringLiteral("first")), single.path(),
        QStringLiteral("--format"), QStringLiteral("json") });
    ASSERT_EQ(r.exitCode, 0) << "compared, with a warning: " << r.err.toStdString();
    const QJsonArray unmatched = jsonOf(r.out).value(u"unmatched_levels").toArray();
    ASSERT_EQ(unmatched.size(), 2) << r.out.toStdString();
    EXPECT_TRUE(unmatched.at(0).toString().startsWith(QStringLiteral("c=1: only in "))) << r.out.toStdString();
    EXPECT_TRUE(unmatched.at(1).toString().startsWith(QStringLiteral("c=2: only in first"))) << r.out.toStdString();
    EXPECT_TRUE(r.err.contains("warning: c=1: only in")) << r.err.toStdString();
    EXPECT_TRUE(jsonOf(r.out).value(u"headline").toString().contains(QStringLiteral("no load point in common")));
}

TEST(CliCompareAb, WithJsonTheVerdictsGoToStderrAndStdoutStaysOneDocument)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    const CliResult r = runCli(
        { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(), QStringLiteral("--model"),
            QStringLiteral("tokenscope-sim"), QStringLiteral("--ab-model"), QStringLiteral("other"),
            QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"), QStringLiteral("2"),
            QStringLiteral("--max-tokens"), QStringLiteral("4"), QStringLiteral("--format"), QStringLiteral("json") },
        Testing::environmentWithApiKey(QStringLiteral("sk-unused-by-the-simulator")));
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_EQ(jsonOf(r.out).keys(), (QStringList { QStringLiteral("A"), QStringLiteral("B") })) << r.out.toStdString();
    EXPECT_TRUE(r.err.contains("Comparison: B vs the baseline A\n")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("\n== c=2\n")) << r.err.toStdString();
}
