// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// `tokenscope-cli report DIR --definitions …` on a run directory the real CLI wrote from the
// built-in simulator (docs/metrics.md#8-the-same-names-in-other-tools).
#include "sim/simulatorserver.h"
#include "support/clirun.h"
#include "support/enginerun.h"
#include "testpaths.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using TokenScope::Testing::CliResult;
using TokenScope::Testing::runCli;

namespace {

class CliReport : public ::testing::Test
{
protected:
    // One demo run for the suite: 12 tokens, under TokenScope's 20-token TPOT limit but not the others'.
    static void SetUpTestSuite()
    {
        s_dir = new QTemporaryDir;
        const CliResult demo = runCli({ QStringLiteral("demo"), QStringLiteral("--concurrency"), QStringLiteral("1,2"),
            QStringLiteral("--max-tokens"), QStringLiteral("12"), QStringLiteral("--out"), runDir() });
        ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
    }
    static void TearDownTestSuite()
    {
        delete s_dir;
        s_dir = nullptr;
    }
    static QString runDir() { return s_dir->filePath(QStringLiteral("run")); }

    static QJsonObject peerJson(const char *tool)
    {
        const CliResult r = runCli({ QStringLiteral("report"), runDir(), QStringLiteral("--definitions"),
            QLatin1String(tool), QStringLiteral("--format"), QStringLiteral("json") });
        EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << r.out.toStdString();
        return doc.object();
    }

    static double meanOf(const QJsonObject &peer, const char *metric, int level = 0)
    {
        return peer.value(u"levels").toArray().at(level).toObject().value(QLatin1String(metric))[u"mean"].toDouble(-1);
    }

    static inline QTemporaryDir *s_dir = nullptr;
};

} // namespace

TEST_F(CliReport, EveryDefinitionParsesWithBothLevels)
{
    for (const char *tool : { "vllm", "sglang", "aiperf", "guidellm", "llmperf" }) {
        SCOPED_TRACE(tool);
        const QJsonObject peer = peerJson(tool);
        EXPECT_EQ(peer.value(u"definitions").toString(), QLatin1String(tool));
        EXPECT_FALSE(peer.value(u"rules").toString().isEmpty());
        const QJsonArray levels = peer.value(u"levels").toArray();
        ASSERT_EQ(levels.size(), 2);
        for (const QJsonValue &level : levels) {
            EXPECT_GT(level[u"completed"].toInt(), 0);
            EXPECT_GT(level[u"ttft_ms"][u"median"].toDouble(), 0);
            EXPECT_GT(level[u"output_throughput"].toDouble(), 0);
        }
    }
}

TEST_F(CliReport, DefinitionsDifferWhereTheRulesDo)
{
    const QJsonObject vllm = peerJson("vllm");
    const QJsonObject guidellm = peerJson("guidellm");
    const QJsonObject llmperf = peerJson("llmperf");
    const QJsonObject sglang = peerJson("sglang");
    EXPECT_GT(meanOf(vllm, "tpot_ms"), 0) << "vLLM keeps 12-token outputs in TPOT";
    EXPECT_GT(meanOf(guidellm, "tpot_ms"), meanOf(vllm, "tpot_ms")) << "time_per_output_token includes TTFT";
    EXPECT_TRUE(llmperf.value(u"levels").toArray().at(0)[u"tpot_ms"].isNull()) << "LLMPerf has no TPOT";
    EXPECT_GT(meanOf(llmperf, "itl_ms"), meanOf(vllm, "itl_ms")) << "LLMPerf's ITL is about E2E/n, TTFT included";
    EXPECT_GE(meanOf(guidellm, "e2el_ms"), meanOf(vllm, "e2el_ms")) << "GuideLLM's E2E ends with the response";
    EXPECT_GE(meanOf(sglang, "e2el_ms"), meanOf(vllm, "e2el_ms")) << "SGLang's E2E ends at [DONE]";
}

TEST_F(CliReport, WithoutDefinitionsPrintsTokenScopesTable)
{
    const CliResult r = runCli({ QStringLiteral("report"), runDir() });
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("TTFT p50 ms")) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains("fewer than 20 output tokens")) << "TokenScope's short-output note";
}

TEST_F(CliReport, OutFileHoldsWhatWasPrinted)
{
    const QString file = s_dir->filePath(QStringLiteral("vllm.md"));
    const CliResult r = runCli({ QStringLiteral("report"), runDir(), QStringLiteral("--definitions"),
        QStringLiteral("vllm"), QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--out"), file });
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.startsWith("vLLM's definitions")) << r.out.toStdString();
    QFile written(file);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    EXPECT_EQ(written.readAll(), r.out);
}

TEST_F(CliReport, UnknownDefinitionListsTheValidOnes)
{
    const CliResult r
        = runCli({ QStringLiteral("report"), runDir(), QStringLiteral("--definitions"), QStringLiteral("genai-perf") });
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_TRUE(r.err.contains("vllm, sglang, aiperf, guidellm, llmperf")) << r.err.toStdString();
}

TEST_F(CliReport, UnreadableDirectoryNamesTheFile)
{
    const CliResult r = runCli({ QStringLiteral("report"), s_dir->filePath(QStringLiteral("absent")) });
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(r.err.contains("summary.json")) << r.err.toStdString();
}

TEST(CliReportAb, AnAbParentGivesEachArmItsOwnFigures)
{
    TokenScope::SimulatorServer sim;
    ASSERT_TRUE(sim.start(TokenScope::Testing::quickSim()));
    QTemporaryDir dir;
    const QString parent = dir.filePath(QStringLiteral("ab"));
    const CliResult run = runCli({ QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
        QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--ab-model"),
        QStringLiteral("other"), QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--max-tokens"),
        QStringLiteral("12"), QStringLiteral("--out"), parent });
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const CliResult r = runCli({ QStringLiteral("report"), parent, QStringLiteral("--definitions"),
        QStringLiteral("vllm"), QStringLiteral("--format"), QStringLiteral("json") });
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject arms = QJsonDocument::fromJson(r.out).object();
    for (const QString &arm : { QStringLiteral("A"), QStringLiteral("B") }) {
        const QJsonArray levels = arms.value(arm)[u"levels"].toArray();
        ASSERT_EQ(levels.size(), 1) << arm.toStdString();
        EXPECT_EQ(levels.at(0)[u"completed"].toInt(), levels.at(0)[u"requests"].toInt()) << arm.toStdString();
        EXPECT_GT(levels.at(0)[u"completed"].toInt(), 0) << arm.toStdString();
    }
}
