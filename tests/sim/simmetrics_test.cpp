// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulator's GET /metrics (docs/simulator.md#metrics): vLLM's names, and figures that follow
// the load the simulator carries.
#include "sim/simmetrics.h"
#include "simtesthelpers.h"

#include <QRegularExpression>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

using namespace TokenScope;
using namespace TokenScope::SimTest;

namespace {

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

const char *const kGauges[] = {"vllm:num_requests_running", "vllm:num_requests_waiting", "vllm:gpu_cache_usage_perc",
                               "vllm:kv_cache_usage_perc"};
const char *const kCounters[]
    = {"vllm:num_preemptions_total", "vllm:prompt_tokens_total", "vllm:generation_tokens_total"};

/// One GET of `path` on its own connection; an empty response when none came.
CapturedResponse fetch(quint16 port, const QByteArray &path = "/metrics", const QByteArray &headers = {})
{
    RawClient client(port);
    client.get(path, headers);
    EXPECT_TRUE(client.waitAll(10000)) << path.constData();
    return client.hasResponse() ? client.last() : CapturedResponse();
}

/// The value of the sample line `name{...} value`, NaN when there is none.
double sampleOf(const QByteArray &body, const char *name)
{
    const QRegularExpression line(
        QStringLiteral("^%1\\{[^}]*\\} (\\S+)$").arg(QRegularExpression::escape(QLatin1String(name))),
        QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = line.match(QString::fromUtf8(body));
    return match.hasMatch() ? match.captured(1).toDouble() : kMissing;
}

struct Figures {
    double running = kMissing;
    double waiting = kMissing;
    double cacheUsage = kMissing;
    double kvCacheUsage = kMissing;
    double promptTokens = kMissing;
    double generationTokens = kMissing;
};

Figures scrape(quint16 port)
{
    const QByteArray body = fetch(port).body;
    Figures f;
    f.running = sampleOf(body, "vllm:num_requests_running");
    f.waiting = sampleOf(body, "vllm:num_requests_waiting");
    f.cacheUsage = sampleOf(body, "vllm:gpu_cache_usage_perc");
    f.kvCacheUsage = sampleOf(body, "vllm:kv_cache_usage_perc");
    f.promptTokens = sampleOf(body, "vllm:prompt_tokens_total");
    f.generationTokens = sampleOf(body, "vllm:generation_tokens_total");
    return f;
}

/// Slow enough that a stream is surely in flight while the test looks: 30 tokens at 50 ms. One
/// worker thread (the default): it frees a finished stream's slot before it serves the next scrape.
SimConfig slowSim(int maxBatch)
{
    SimConfig config;
    config.baseTtftMs = 20;
    config.prefillUsPerToken = 0;
    config.decodeIntervalMs = 50;
    config.maxBatch = maxBatch;
    config.recordWire = true;
    return config;
}

constexpr int kSlowTokens = 30;

std::vector<std::unique_ptr<RawClient>> startStreams(quint16 port, int count)
{
    std::vector<std::unique_ptr<RawClient>> clients;
    for (int i = 0; i < count; ++i) {
        clients.push_back(std::make_unique<RawClient>(port));
        clients.back()->post("/v1/chat/completions", chatBody(kSlowTokens));
    }
    return clients;
}

bool allFinished(const std::vector<std::unique_ptr<RawClient>> &clients)
{
    return std::all_of(clients.begin(), clients.end(),
                       [](const auto &c) { return c->completedCount() == 1 || c->disconnected(); });
}

} // namespace

TEST(SimMetrics, AnswersPrometheusTextWithEveryVllmName)
{
    StartedSim sim(fastSim());
    const CapturedResponse response = fetch(sim.port());
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.headers.value("content-type"), "text/plain; version=0.0.4; charset=utf-8");
    const QByteArray &body = response.body;
    for (const char *name : kGauges) {
        EXPECT_TRUE(body.contains(QByteArray(QByteArray("# HELP ") + name + ' '))) << name;
        EXPECT_TRUE(body.contains(QByteArray(QByteArray("# TYPE ") + name + " gauge\n"))) << name;
        EXPECT_TRUE(body.contains(QByteArray(QByteArray(name) + "{model_name=\"tokenscope-sim\"} "))) << name;
    }
    for (const char *name : kCounters) {
        EXPECT_TRUE(body.contains(QByteArray(QByteArray("# HELP ") + name + ' '))) << name;
        EXPECT_TRUE(body.contains(QByteArray(QByteArray("# TYPE ") + name + " counter\n"))) << name;
        EXPECT_EQ(sampleOf(body, name), 0.0) << name;
    }
}

TEST(SimMetrics, AcceptsAQueryString)
{
    StartedSim sim(fastSim());
    const CapturedResponse response = fetch(sim.port(), "/metrics?name[]=vllm:num_requests_running");
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(sampleOf(response.body, "vllm:num_requests_running"), 0.0);
}

TEST(SimMetrics, AnIdleServerHasNothingRunningWaitingOrCached)
{
    SimConfig config = fastSim();
    config.maxBatch = 2;
    StartedSim sim(config);
    const Figures idle = scrape(sim.port());
    EXPECT_EQ(idle.running, 0.0);
    EXPECT_EQ(idle.waiting, 0.0);
    EXPECT_EQ(idle.cacheUsage, 0.0);
    EXPECT_EQ(idle.kvCacheUsage, 0.0);
}

TEST(SimMetrics, IsNotARequestOfTheWorkload)
{
    StartedSim sim(fastSim());
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(fetch(sim.port()).status, 200);
    EXPECT_EQ(sim.server.requestsServed(), 0);
    EXPECT_EQ(sim.server.inFlight(), 0);
    EXPECT_EQ(sim.server.maxInFlight(), 0);
    EXPECT_TRUE(sim.server.requestLog().isEmpty());
    EXPECT_TRUE(sim.server.requestArrivalsNs().isEmpty());
    EXPECT_TRUE(sim.server.wireLog().isEmpty());
}

TEST(SimMetrics, AnswersBetweenPipelinedRequestsOnOneConnection)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.sendRaw(RawClient::request("GET", "/metrics", {})
                   + RawClient::request("POST", "/v1/chat/completions", chatBody(5))
                   + RawClient::request("GET", "/metrics", {}));
    client.expectResponses(3);
    ASSERT_TRUE(client.waitAll());
    const QList<CapturedResponse> &responses = client.responses();
    EXPECT_EQ(responses[0].status, 200);
    EXPECT_EQ(summarize(responses[1]).textChunks, 5);
    EXPECT_EQ(sampleOf(responses[2].body, "vllm:generation_tokens_total"), 5.0);
    EXPECT_EQ(sim.server.requestsServed(), 1);
}

// The built-in simulator (docs/simulator.md#models), decoding slowly enough to look: 10 streams of
// tokenscope-sim fill its batch of 8 and 2 wait; 3 of tokenscope-sim-ideal run beside them, uncontended.
TEST(SimMetrics, TheBuiltInSimulatorQueuesBeyondEightAndItsIdealModelNever)
{
    SimConfig config = builtInSimulatorConfig();
    config.decodeIntervalMs = 50;
    StartedSim sim(config);
    auto clients = startStreams(sim.port(), 10);
    QJsonObject ideal = QJsonDocument::fromJson(chatBody(kSlowTokens)).object();
    ideal.insert(QStringLiteral("model"), QString::fromUtf16(kSimIdealModel));
    for (int i = 0; i < 3; ++i) {
        clients.push_back(std::make_unique<RawClient>(sim.port()));
        clients.back()->post("/v1/chat/completions", QJsonDocument(ideal).toJson(QJsonDocument::Compact));
    }
    Figures during;
    const bool allArrived = waitUntil(
        [&] {
            during = scrape(sim.port());
            return during.running + during.waiting == 13;
        },
        15000);
    ASSERT_TRUE(allArrived) << "running " << during.running << ", waiting " << during.waiting;
    EXPECT_EQ(during.running, 11.0) << "8 in the batch and the 3 uncontended";
    EXPECT_EQ(during.waiting, 2.0);
    ASSERT_TRUE(waitUntil([&clients] { return allFinished(clients); }, 30000));
    EXPECT_EQ(scrape(sim.port()).running, 0.0);
}

TEST(SimMetrics, MaxBatchTwoWithSixStreamsShowsTwoRunningAndFourWaiting)
{
    constexpr int Streams = 6;
    StartedSim sim(slowSim(2));
    const Figures before = scrape(sim.port());
    const auto clients = startStreams(sim.port(), Streams);

    // running + waiting reaches 6 only once every stream arrived and before the first one ends.
    Figures during;
    const bool allArrived = waitUntil(
        [&] {
            during = scrape(sim.port());
            return during.running + during.waiting == Streams;
        },
        15000);
    ASSERT_TRUE(allArrived) << "running " << during.running << ", waiting " << during.waiting;
    EXPECT_EQ(during.running, 2.0);
    EXPECT_EQ(during.waiting, 4.0);
    EXPECT_GT(during.cacheUsage, 0.0);
    EXPECT_LT(during.cacheUsage, 1.0);
    EXPECT_EQ(during.kvCacheUsage, during.cacheUsage);

    ASSERT_TRUE(waitUntil([&clients] { return allFinished(clients); }, 30000));
    double promptTokens = 0;
    for (const auto &client : clients)
        promptTokens += summarize(client->last()).usage.value(QLatin1String("prompt_tokens")).toDouble();
    const Figures after = scrape(sim.port());
    EXPECT_EQ(after.generationTokens - before.generationTokens, double(Streams * kSlowTokens));
    EXPECT_EQ(after.promptTokens - before.promptTokens, promptTokens);
    EXPECT_EQ(after.running, 0.0);
    EXPECT_EQ(after.waiting, 0.0);
    EXPECT_EQ(after.cacheUsage, 0.0);
    EXPECT_EQ(sim.server.requestsServed(), Streams);
}

TEST(SimMetrics, UnlimitedBatchRunsEveryStreamAndNeverWaits)
{
    constexpr int Streams = 3;
    StartedSim sim(slowSim(0));
    const auto clients = startStreams(sim.port(), Streams);
    Figures during;
    const bool allRunning = waitUntil(
        [&] {
            during = scrape(sim.port());
            return during.running == Streams;
        },
        15000);
    EXPECT_TRUE(allRunning) << "running " << during.running;
    EXPECT_EQ(during.waiting, 0.0);
    ASSERT_TRUE(waitUntil([&clients] { return allFinished(clients); }, 30000));
}

TEST(SimMetrics, CacheUsageIsHeldTokensOverTheConfiguredCapacity)
{
    SimConfig config = slowSim(0);
    config.kvCacheTokens = 10; // less than one prompt: a single stream fills it
    StartedSim sim(config);
    const auto clients = startStreams(sim.port(), 1);
    Figures during;
    EXPECT_TRUE(waitUntil(
        [&] {
            during = scrape(sim.port());
            return during.running == 1;
        },
        15000));
    EXPECT_EQ(during.cacheUsage, 1.0); // clamped
    ASSERT_TRUE(waitUntil([&clients] { return allFinished(clients); }, 30000));
    EXPECT_EQ(scrape(sim.port()).cacheUsage, 0.0);
}

TEST(SimMetrics, IsServedWithoutTheKeyTheSimulatorRequires)
{
    SimConfig config = fastSim();
    config.apiKey = QStringLiteral("sk-metrics");
    StartedSim sim(config);
    EXPECT_EQ(fetch(sim.port(), "/v1/models").status, 401);
    const CapturedResponse response = fetch(sim.port());
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(sampleOf(response.body, "vllm:num_requests_running"), 0.0);
    EXPECT_EQ(fetch(sim.port(), "/metrics", anthropicHeaders()).status, 200);
}

TEST(SimMetrics, ExpositionEscapesTheModelLabelAndWritesValuesAsVllmDoes)
{
    SimMetricsSnapshot snapshot;
    snapshot.modelName = QStringLiteral("a\"b\\c");
    snapshot.running = 2;
    snapshot.kvTokens = 1;
    snapshot.kvCapacityTokens = 4;
    const QByteArray text = simMetricsExposition(snapshot);
    EXPECT_TRUE(text.contains("vllm:num_requests_running{model_name=\"a\\\"b\\\\c\"} 2.0\n")) << text.constData();
    EXPECT_TRUE(text.contains("vllm:kv_cache_usage_perc{model_name=\"a\\\"b\\\\c\"} 0.25\n")) << text.constData();
}
