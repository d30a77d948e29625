// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Workloads end to end against the real simulator over loopback: prompts calibrated against its
// own count of prompt tokens (a rule TokenScope does not share), lengths, datasets, its cache.
#include "support/enginerun.h"

#include "report/reportwriters.h"
#include "sim/simrequestlog.h"
#include "stats/workloadcheck.h"
#include "workload/synthetictext.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QSet>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

namespace SyntheticTextForTests {
// About 300 tokens of prose: long enough for whole 16-token cache blocks.
QString longPrompt()
{
    return SyntheticText::passage(0, 240).join(QLatin1Char(' '));
}
} // namespace SyntheticTextForTests

RunConfig syntheticConfig(const QString &url, int n, int requests, double spread = 0)
{
    RunConfig config = quickConfig(url, 2, requests, 8);
    config.workload.kind = WorkloadKind::Synthetic;
    config.workload.inputTokens = n;
    config.workload.inputSpread = spread;
    config.warmupRequests = 1;
    return config;
}

QList<RequestRecord> probesOf(const RunResult &run)
{
    QList<RequestRecord> out;
    for (const RequestRecord &r : run.records)
        if (r.probe)
            out.append(r);
    return out;
}

} // namespace

TEST(Workload, SyntheticPromptsAreCountedAsNByTheServer)
{
    StartedSim sim(quickSim());
    for (int n : { 64, 300, 1200 }) {
        const RunResult run = runAndWait(syntheticConfig(sim.url(), n, 12));
        const QList<RequestRecord> requests = measured(run);
        ASSERT_EQ(requests.size(), 12) << "N=" << n;
        QSet<QString> prompts;
        for (const RequestRecord &r : requests) {
            EXPECT_TRUE(r.ok) << r.errorMessage.toStdString();
            EXPECT_EQ(r.targetInputTokens, n);
            EXPECT_EQ(r.promptTokens, n) << "N=" << n << " request " << r.index;
            prompts.insert(r.promptId);
        }
        EXPECT_EQ(prompts.size(), 12) << "every request sends its own prompt";
        const QList<RequestRecord> probes = probesOf(run);
        ASSERT_FALSE(probes.isEmpty());
        for (const RequestRecord &p : probes) {
            EXPECT_TRUE(p.warmup) << "probes are left out like warm-ups";
            EXPECT_EQ(p.levelIndex, -2);
            EXPECT_EQ(p.maxTokens, 1);
        }
        EXPECT_EQ(probes.last().promptTokens, n) << "the last probe verified the length";
        ASSERT_EQ(run.levels.size(), 1);
        EXPECT_EQ(run.levels.first().inputTokensTargeted, 12);
        EXPECT_EQ(run.levels.first().inputTokensOffTarget, 0);
        EXPECT_DOUBLE_EQ(run.levels.first().inputTokens.mean, n);
        const QJsonObject measuredJson = run.config.workload.measured;
        EXPECT_FALSE(measuredJson.value(QLatin1String("calibration")).toObject().value(QLatin1String("probes")).toArray().isEmpty());
        EXPECT_EQ(run.config.promptSourceSpec().value(QLatin1String("kind")).toString(), QStringLiteral("synthetic"));
    }
}

TEST(Workload, SpreadLengthsLandWithinOnePercentOfEachRequestsDraw)
{
    StartedSim sim(quickSim());
    const RunResult run = runAndWait(syntheticConfig(sim.url(), 400, 40, 0.25));
    QSet<int> aims;
    for (const RequestRecord &r : measured(run)) {
        ASSERT_TRUE(r.ok);
        EXPECT_GE(r.targetInputTokens, 300);
        EXPECT_LE(r.targetInputTokens, 500);
        EXPECT_LE(std::abs(r.promptTokens - r.targetInputTokens), 0.01 * r.targetInputTokens)
            << "aim " << r.targetInputTokens << ", counted " << r.promptTokens;
        aims.insert(r.targetInputTokens);
    }
    EXPECT_GT(aims.size(), 20) << "lengths drawn over the range";
    EXPECT_EQ(run.levels.first().inputTokensOffTarget, 0);
}

TEST(Workload, AServerThatSendsNoUsageStopsTheRunWithTheAlternative)
{
    StartedSim sim(quickSim());
    RunConfig config = syntheticConfig(sim.url(), 300, 4);
    // Asked off through the extra body: the simulator then streams no usage at all.
    config.extraBody.insert(QStringLiteral("stream_options"), QJsonObject { { QStringLiteral("include_usage"), false } });
    const QString message = runFailureOf(config);
    EXPECT_TRUE(message.contains(QStringLiteral("usage"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("--dataset"))) << message.toStdString();
    EXPECT_EQ(sim.server.requestArrivalsNs().size(), 1) << "one probe, then nothing more is sent";
}

TEST(Workload, OutputLengthsAreDrawnPerRequest)
{
    StartedSim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 2, 30, 20);
    config.workload.outputSpread = 0.5;
    const RunResult run = runAndWait(config);
    QSet<int> asked;
    for (const RequestRecord &r : measured(run)) {
        ASSERT_TRUE(r.ok);
        EXPECT_GE(r.maxTokens, 10);
        EXPECT_LE(r.maxTokens, 30);
        EXPECT_EQ(r.outputTokens, r.maxTokens) << "the simulator answers up to max_tokens";
        asked.insert(r.maxTokens);
    }
    EXPECT_GT(asked.size(), 5);
    EXPECT_EQ(run.levels.first().outputsShort, 0);
}

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    QFile file(dir.filePath(name));
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    return file.fileName();
}

RunConfig datasetConfig(const QString &url, const QString &path, int requests)
{
    RunConfig config = quickConfig(url, 1, requests, 64);
    config.workload.kind = WorkloadKind::Dataset;
    config.workload.datasetPath = path;
    return config;
}

} // namespace

TEST(Workload, ATwelveLineCustomDatasetReachesTheServerPromptByPromptWithItsOwnMaxTokens)
{
    QTemporaryDir dir;
    QByteArray lines;
    for (int i = 1; i <= 12; ++i)
        lines += QStringLiteral(R"({"prompt": "Question %1: name a river.", "output_tokens": %2})").arg(i).arg(i + 2).toUtf8() + '\n';
    const QString path = writeFile(dir, QStringLiteral("custom.jsonl"), lines);
    StartedSim sim(quickSim());
    const RunResult run = runAndWait(datasetConfig(sim.url(), path, 12));
    const QList<RequestRecord> requests = measured(run);
    ASSERT_EQ(requests.size(), 12);
    for (const RequestRecord &r : requests) {
        EXPECT_TRUE(r.ok);
        EXPECT_EQ(r.promptId, QStringLiteral("ds-%1").arg(r.index + 1)) << "in file order";
        EXPECT_EQ(r.maxTokens, r.index + 3) << "the line's output_tokens";
        EXPECT_EQ(r.outputTokens, r.index + 3) << "the server was asked for exactly that many";
    }
    const QJsonObject source = run.config.promptSourceSpec();
    EXPECT_EQ(source.value(QLatin1String("kind")).toString(), QStringLiteral("dataset"));
    EXPECT_EQ(source.value(QLatin1String("file")).toString(), QStringLiteral("custom.jsonl"));
    EXPECT_EQ(source.value(QLatin1String("sha256")).toString().size(), 64);
    EXPECT_FALSE(QJsonDocument(run.config.toJson()).toJson().contains("name a river")) << "never the contents";
}

TEST(Workload, AMalformedDatasetLineStopsTheRunBeforeAnythingIsSent)
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("bad.jsonl"),
        QByteArrayLiteral("{\"prompt\": \"a\"}\n{\"prompt\": \"b\"}\n{\"prompt\": 3}\n"));
    StartedSim sim(quickSim());
    const QString message = runFailureOf(datasetConfig(sim.url(), path, 3));
    EXPECT_TRUE(message.contains(QStringLiteral("line 3"))) << message.toStdString();
    EXPECT_TRUE(sim.server.requestArrivalsNs().isEmpty()) << "nothing was sent";
}

TEST(Workload, TheDatasetsPromptsAndLimitsAreWhatTheServerReceived)
{
    QTemporaryDir dir;
    QByteArray lines;
    for (int i = 1; i <= 12; ++i)
        lines += QStringLiteral(R"({"prompt": "Question %1: name a river.", "output_tokens": %2})").arg(i).arg(i + 2).toUtf8() + '\n';
    const QString path = writeFile(dir, QStringLiteral("custom.jsonl"), lines);
    StartedSim sim(quickSim());
    const RunResult run = runAndWait(datasetConfig(sim.url(), path, 12));
    ASSERT_EQ(countOk(run), 12);
    const QList<SimRequestLog> log = sim.server.requestLog();
    ASSERT_EQ(log.size(), 12);
    for (int i = 0; i < 12; ++i) {
        EXPECT_EQ(log.at(i).promptText, QStringLiteral("Question %1: name a river.").arg(i + 1));
        EXPECT_EQ(log.at(i).maxTokens, i + 3);
    }
}

TEST(Workload, ShortAnswersAreCountedAndIgnoreEosOrMinTokensForceTheLength)
{
    SimConfig simConfig = quickSim();
    simConfig.outputTokens = 5; // the simulated model stops after 5 tokens unless told otherwise
    StartedSim sim(simConfig);
    RunConfig config = quickConfig(sim.url(), 2, 6, 16);
    const RunResult natural = runAndWait(config);
    ASSERT_EQ(natural.levels.size(), 1);
    EXPECT_EQ(natural.levels.first().outputsShort, 6);
    EXPECT_FALSE(Stats::shortOutputProblem(natural.levels.first()).isEmpty());

    config.workload.ignoreEos = true;
    const RunResult forced = runAndWait(config);
    EXPECT_EQ(forced.levels.first().outputsShort, 0);
    EXPECT_TRUE(sim.server.requestLog().last().ignoreEos);

    config.workload.ignoreEos = false;
    config.workload.minTokens = true;
    const RunResult atLeast = runAndWait(config);
    EXPECT_EQ(atLeast.levels.first().outputsShort, 0);
    EXPECT_EQ(sim.server.requestLog().last().minTokens, 16);
}

TEST(Workload, AFixedPromptServedFromACacheCarriesTheWarningAndDistinctPromptsDoNot)
{
    SimConfig simConfig = quickSim();
    simConfig.prefixCache = true;
    StartedSim sim(simConfig);
    RunConfig fixed = quickConfig(sim.url(), 2, 8, 4);
    fixed.prompt = SyntheticTextForTests::longPrompt();
    fixed.warmupRequests = 1;
    const RunResult cached = runAndWait(fixed);
    ASSERT_EQ(cached.levels.size(), 1);
    EXPECT_EQ(cached.levels.first().cacheHitRequests, 8);
    EXPECT_GT(cached.levels.first().cacheHitShare, 0.5);
    EXPECT_FALSE(Stats::cacheWarning(cached).isEmpty());
    bool noted = false;
    for (const QString &note : Report::reportNotes(cached))
        noted = noted || note.contains(QStringLiteral("cache hit, not a prefill"));
    EXPECT_TRUE(noted) << "the report says so";

    const RunResult distinct = runAndWait(syntheticConfig(sim.url(), 200, 8));
    EXPECT_EQ(distinct.levels.first().cacheHitRequests, 0) << "no two synthetic prompts share a cacheable prefix";
    EXPECT_TRUE(Stats::cacheWarning(distinct).isEmpty());
}

TEST(Workload, ASharedPrefixIsCachedAndReportedAsIntended)
{
    SimConfig simConfig = quickSim();
    simConfig.prefixCache = true;
    StartedSim sim(simConfig);
    RunConfig config = syntheticConfig(sim.url(), 400, 8);
    config.workload.sharedPrefixTokens = 200;
    const RunResult run = runAndWait(config);
    ASSERT_EQ(run.levels.size(), 1);
    const LevelSummary &level = run.levels.first();
    EXPECT_EQ(level.inputTokensOffTarget, 0);
    EXPECT_EQ(level.cacheHitRequests, 8);
    for (const RequestRecord &r : measured(run)) {
        EXPECT_EQ(r.promptTokens, 400);
        EXPECT_GE(r.cachedTokens, 176) << "the shared 200 tokens' whole 16-token blocks";
        EXPECT_LE(r.cachedTokens, 208);
    }
    EXPECT_TRUE(Stats::cacheWarning(run).isEmpty()) << "a shared prefix is there to be cached";
}
