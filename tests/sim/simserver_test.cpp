// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulator's HTTP and OpenAI protocol, over real loopback sockets.
#include "simtesthelpers.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSet>
#include <QTemporaryDir>

using namespace TokenScope;
using namespace TokenScope::SimTest;

namespace {

struct QnamReply {
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

QnamReply qnamRequest(const QUrl &url, const QByteArray &verb, const QByteArray &body = {},
                      const QByteArray &bearer = {})
{
    QNetworkAccessManager manager;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (!bearer.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + bearer);
    QNetworkReply *reply = manager.sendCustomRequest(request, verb, body);
    EXPECT_TRUE(waitUntil([reply] { return reply->isFinished(); }, 10000));
    QnamReply out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = reply->readAll();
    reply->deleteLater();
    return out;
}

QUrl endpoint(const SimulatorServer &server, const QString &path)
{
    return QUrl(server.baseUrl().toString() + path);
}

void expectOpenAiError(const QJsonObject &body, const QString &type)
{
    const QJsonObject error = body.value(QLatin1String("error")).toObject();
    EXPECT_FALSE(error.value(QLatin1String("message")).toString().isEmpty());
    EXPECT_EQ(error.value(QLatin1String("type")).toString(), type);
    EXPECT_TRUE(error.contains(QLatin1String("code")));
}

} // namespace

TEST(SimServer, StartsBoundAndReportsItsUrl)
{
    StartedSim sim(fastSim());
    EXPECT_TRUE(sim.server.isRunning());
    EXPECT_GT(sim.port(), 0);
    EXPECT_EQ(sim.server.baseUrl().toString(), QStringLiteral("http://127.0.0.1:%1/v1").arg(sim.port()));
    sim.server.stop();
    EXPECT_FALSE(sim.server.isRunning());
    EXPECT_EQ(sim.server.port(), 0);
}

TEST(SimServer, RestartsAfterStop)
{
    StartedSim sim(fastSim());
    sim.server.stop();
    QString error;
    ASSERT_TRUE(sim.server.start(fastSim(), &error)) << error.toStdString();
    RawClient client(sim.port());
    client.get("/v1/models");
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(client.last().status, 200);
}

TEST(SimServer, SecondStartWhileRunningFails)
{
    StartedSim sim(fastSim());
    QString error;
    EXPECT_FALSE(sim.server.start(fastSim(), &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(SimServer, PortInUseIsReported)
{
    StartedSim first(fastSim());
    SimConfig config = fastSim();
    config.port = first.port();
    SimulatorServer second;
    QString error;
    EXPECT_FALSE(second.start(config, &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(second.isRunning());
}

TEST(SimServer, ModelsListsTheConfiguredModels)
{
    SimConfig config = fastSim();
    config.models = QStringList {QStringLiteral("alpha"), QStringLiteral("beta")};
    StartedSim sim(config);
    const QnamReply reply = qnamRequest(endpoint(sim.server, QStringLiteral("/models")), "GET");
    ASSERT_EQ(reply.status, 200);
    EXPECT_EQ(reply.json().value(QLatin1String("object")).toString(), QStringLiteral("list"));
    const QJsonArray data = reply.json().value(QLatin1String("data")).toArray();
    ASSERT_EQ(data.size(), 2);
    EXPECT_EQ(data[0].toObject().value(QLatin1String("id")).toString(), QStringLiteral("alpha"));
    EXPECT_EQ(data[1].toObject().value(QLatin1String("id")).toString(), QStringLiteral("beta"));
    EXPECT_EQ(data[0].toObject().value(QLatin1String("object")).toString(), QStringLiteral("model"));
}

// The window's and the demo's simulator is known by its behaviour (docs/simulator.md#models): the
// label is stored and compared, so it names the batch, the slowdown and the uncontended model, and
// never matches the ideal server's.
TEST(SimServer, TheBuiltInSimulatorsLabelNamesEachBehaviour)
{
    EXPECT_EQ(simulatorEndpointLabel(builtInSimulatorConfig()).toStdString(),
        "built-in simulator (TTFT 40 ms + 200 µs/prompt token, 10 ms/token, slowdown 0.04/stream, batch 8; "
        "tokenscope-sim-fast 5 ms/token; tokenscope-sim-ideal uncontended)");
    EXPECT_EQ(simulatorEndpointLabel(builtInSimulatorConfig()), simulatorEndpointLabel(builtInSimulatorConfig()));
    EXPECT_NE(simulatorEndpointLabel(builtInSimulatorConfig()), simulatorEndpointLabel(SimConfig {}));

    StartedSim sim(builtInSimulatorConfig());
    const QnamReply reply = qnamRequest(endpoint(sim.server, QStringLiteral("/models")), "GET");
    ASSERT_EQ(reply.status, 200);
    QStringList ids;
    for (const QJsonValue &model : reply.json().value(QLatin1String("data")).toArray())
        ids.append(model.toObject().value(QLatin1String("id")).toString());
    EXPECT_EQ(ids,
        (QStringList { QStringLiteral("tokenscope-sim"), QStringLiteral("tokenscope-sim-fast"),
            QStringLiteral("tokenscope-sim-ideal") }));
}

TEST(SimServer, ChatStreamHasRoleContentFinishUsageAndDone)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(8));
    ASSERT_TRUE(client.waitAll());
    const CapturedResponse &response = client.last();
    EXPECT_EQ(response.status, 200);
    EXPECT_TRUE(response.chunked());
    EXPECT_TRUE(response.headers.value("content-type").startsWith("text/event-stream"));

    const StreamSummary s = summarize(response);
    EXPECT_EQ(s.roleChunks, 1);
    EXPECT_EQ(s.textChunks, 8);
    EXPECT_EQ(s.finishReason, QStringLiteral("length"));
    EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), 8);
    EXPECT_EQ(s.usage.value(QLatin1String("prompt_tokens")).toInt(), 15); // 9 for the words, 3 + 3 template
    EXPECT_EQ(s.usage.value(QLatin1String("total_tokens")).toInt(), 23);
    EXPECT_TRUE(s.doneLast);
    EXPECT_EQ(s.unparsable, 0);

    // Shape of a content chunk, field by field as OpenAI sends it.
    const QJsonObject chunk = response.events.at(1).json();
    EXPECT_TRUE(chunk.value(QLatin1String("id")).toString().startsWith(QLatin1String("chatcmpl-")));
    EXPECT_EQ(chunk.value(QLatin1String("object")).toString(), QStringLiteral("chat.completion.chunk"));
    EXPECT_GT(chunk.value(QLatin1String("created")).toInteger(), 1'600'000'000);
    EXPECT_EQ(chunk.value(QLatin1String("model")).toString(), QStringLiteral("tokenscope-sim"));
    EXPECT_EQ(firstChoice(chunk).value(QLatin1String("index")).toInt(), 0);
    EXPECT_TRUE(firstChoice(chunk).value(QLatin1String("finish_reason")).isNull());
    EXPECT_FALSE(firstChoice(chunk).value(QLatin1String("delta")).toObject().value(QLatin1String("content"))
                     .toString()
                     .isEmpty());

    // The role-only chunk is the first event; every chunk carries the same id.
    const QJsonObject role = firstChoice(response.events.first().json()).value(QLatin1String("delta")).toObject();
    EXPECT_EQ(role.value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
    EXPECT_EQ(role.value(QLatin1String("content")).toString(), QString());
    EXPECT_EQ(QSet<QString>(s.ids.begin(), s.ids.end()).size(), 1);
    EXPECT_EQ(response.headers.value("x-request-id"), s.ids.first().toLatin1());
}

TEST(SimServer, ChatStreamWithoutIncludeUsageHasNoUsageChunk)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(5, true, false));
    ASSERT_TRUE(client.waitAll());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.textChunks, 5);
    EXPECT_TRUE(s.usage.isEmpty());
    EXPECT_TRUE(s.doneLast);
}

TEST(SimServer, UsageByDefaultSendsUsageUnasked)
{
    SimConfig config = fastSim();
    config.usageByDefault = true;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(5, true, false));
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(summarize(client.last()).usage.value(QLatin1String("completion_tokens")).toInt(), 5);
}

TEST(SimServer, RoleChunkCanBeTurnedOff)
{
    SimConfig config = fastSim();
    config.roleFirstChunk = false;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(4));
    ASSERT_TRUE(client.waitAll());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.roleChunks, 0);
    EXPECT_EQ(s.textChunks, 4);
}

TEST(SimServer, OutputTokensBelowMaxTokensFinishWithStop)
{
    SimConfig config = fastSim();
    config.outputTokens = 3;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(10));
    ASSERT_TRUE(client.waitAll());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.textChunks, 3);
    EXPECT_EQ(s.finishReason, QStringLiteral("stop"));
    EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), 3);
}

TEST(SimServer, CompletionsStreamHasTextChoices)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/completions", completionsBody(6));
    ASSERT_TRUE(client.waitAll());
    const CapturedResponse &response = client.last();
    const StreamSummary s = summarize(response);
    EXPECT_EQ(s.roleChunks, 0);
    EXPECT_EQ(s.textChunks, 6);
    EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), 6);
    EXPECT_EQ(s.usage.value(QLatin1String("prompt_tokens")).toInt(), 10); // 4 words, 3 + 3 template
    EXPECT_TRUE(s.doneLast);
    const QJsonObject chunk = response.events.first().json();
    EXPECT_EQ(chunk.value(QLatin1String("object")).toString(), QStringLiteral("text_completion"));
    EXPECT_TRUE(chunk.value(QLatin1String("id")).toString().startsWith(QLatin1String("cmpl-")));
    EXPECT_FALSE(firstChoice(chunk).value(QLatin1String("text")).toString().isEmpty());
    EXPECT_FALSE(firstChoice(chunk).contains(QLatin1String("delta")));
}

TEST(SimServer, NonStreamingChatAnswersOneJsonAfterTheGeneration)
{
    SimConfig config = fastSim();
    config.decodeIntervalMs = 5;
    StartedSim sim(config);
    const qint64 startNs = nowNs();
    const QnamReply reply = qnamRequest(endpoint(sim.server, QStringLiteral("/chat/completions")), "POST",
                                        chatBody(10, false));
    const double elapsedMs = (nowNs() - startNs) / 1e6;
    ASSERT_EQ(reply.status, 200);
    const QJsonObject body = reply.json();
    EXPECT_EQ(body.value(QLatin1String("object")).toString(), QStringLiteral("chat.completion"));
    const QJsonObject message = firstChoice(body).value(QLatin1String("message")).toObject();
    EXPECT_EQ(message.value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
    EXPECT_FALSE(message.value(QLatin1String("content")).toString().isEmpty());
    EXPECT_EQ(firstChoice(body).value(QLatin1String("finish_reason")).toString(), QStringLiteral("length"));
    EXPECT_EQ(body.value(QLatin1String("usage")).toObject().value(QLatin1String("completion_tokens")).toInt(), 10);
    EXPECT_GE(elapsedMs, 5 + 9 * 5 * 0.9) << "the answer waits for the whole generation";
}

TEST(SimServer, NonStreamingCompletionsAnswersTextCompletion)
{
    StartedSim sim(fastSim());
    const QnamReply reply = qnamRequest(endpoint(sim.server, QStringLiteral("/completions")), "POST",
                                        completionsBody(4, false));
    ASSERT_EQ(reply.status, 200);
    EXPECT_EQ(reply.json().value(QLatin1String("object")).toString(), QStringLiteral("text_completion"));
    EXPECT_FALSE(firstChoice(reply.json()).value(QLatin1String("text")).toString().isEmpty());
    EXPECT_EQ(reply.json().value(QLatin1String("usage")).toObject().value(QLatin1String("completion_tokens")).toInt(),
              4);
}

TEST(SimServer, WrongApiKeyGets401Json)
{
    SimConfig config = fastSim();
    config.apiKey = QStringLiteral("sk-right");
    StartedSim sim(config);
    const QnamReply wrong = qnamRequest(endpoint(sim.server, QStringLiteral("/chat/completions")), "POST",
                                        chatBody(4), "sk-wrong");
    EXPECT_EQ(wrong.status, 401);
    expectOpenAiError(wrong.json(), QStringLiteral("invalid_request_error"));
    const QString message
        = wrong.json().value(QLatin1String("error")).toObject().value(QLatin1String("message")).toString();
    EXPECT_TRUE(message.startsWith(QLatin1String("Incorrect API key provided")));
    EXPECT_FALSE(message.contains(QLatin1String("sk-"))) << "the key is never echoed";

    const QnamReply missing = qnamRequest(endpoint(sim.server, QStringLiteral("/models")), "GET");
    EXPECT_EQ(missing.status, 401);

    const QnamReply right = qnamRequest(endpoint(sim.server, QStringLiteral("/chat/completions")), "POST",
                                        chatBody(4, false), "sk-right");
    EXPECT_EQ(right.status, 200);
}

TEST(SimServer, UnknownPathGets404Json)
{
    StartedSim sim(fastSim());
    const QnamReply reply = qnamRequest(endpoint(sim.server, QStringLiteral("/engines")), "POST", "{}");
    EXPECT_EQ(reply.status, 404);
    expectOpenAiError(reply.json(), QStringLiteral("invalid_request_error"));
    EXPECT_EQ(reply.json().value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
              QStringLiteral("not_found"));

    const QnamReply wrongMethod = qnamRequest(endpoint(sim.server, QStringLiteral("/chat/completions")), "GET");
    EXPECT_EQ(wrongMethod.status, 404);
}

TEST(SimServer, BadJsonGets400)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", "{\"model\": ");
    client.post("/v1/chat/completions", "{\"model\":\"m\"}"); // no messages
    client.post("/v1/chat/completions", "{\"messages\":[],\"max_tokens\":0}");
    ASSERT_TRUE(client.waitAll());
    ASSERT_EQ(client.responses().size(), 3);
    for (const CapturedResponse &response : client.responses()) {
        EXPECT_EQ(response.status, 400);
        expectOpenAiError(response.json(), QStringLiteral("invalid_request_error"));
    }
}

TEST(SimServer, KeepAliveServesSequentialRequestsOnOneConnection)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    for (int i = 1; i <= 3; ++i) {
        client.post("/v1/chat/completions", chatBody(3));
        ASSERT_TRUE(client.waitAll());
        EXPECT_EQ(client.responses().size(), i);
    }
    client.get("/v1/models");
    ASSERT_TRUE(client.waitAll());
    EXPECT_FALSE(client.disconnected());
    EXPECT_EQ(client.completedCount(), 4);
    // The server counts a request once its last byte is written, a moment after the client has it.
    EXPECT_TRUE(waitUntil([&sim] { return sim.server.requestsServed() == 4; }, 5000));
}

TEST(SimServer, PipelinedRequestsAreAnsweredInOrder)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.sendRaw(RawClient::request("POST", "/v1/chat/completions", chatBody(2))
                   + RawClient::request("GET", "/v1/models", {})
                   + RawClient::request("POST", "/v1/completions", completionsBody(3)));
    client.expectResponses(3);
    ASSERT_TRUE(client.waitAll());
    ASSERT_EQ(client.responses().size(), 3);
    EXPECT_EQ(summarize(client.responses()[0]).textChunks, 2);
    EXPECT_EQ(client.responses()[1].json().value(QLatin1String("object")).toString(), QStringLiteral("list"));
    EXPECT_EQ(summarize(client.responses()[2]).textChunks, 3);
}

TEST(SimServer, BodyArrivingInPiecesIsReassembled)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    const QByteArray raw = RawClient::request("POST", "/v1/chat/completions", chatBody(4));
    const qsizetype headEnd = raw.indexOf("\r\n\r\n") + 4;
    const QList<QByteArray> pieces {raw.left(10), raw.mid(10, headEnd - 10), raw.mid(headEnd, 7),
                                    raw.mid(headEnd + 7, 20), raw.mid(headEnd + 27)};
    for (const QByteArray &piece : pieces) {
        EXPECT_FALSE(client.hasResponse()) << "answered before the body was complete";
        client.sendRaw(piece);
        waitUntil([] { return false; }, 30); // let each piece arrive on its own
    }
    client.expectResponses(1);
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(summarize(client.last()).textChunks, 4);
}

TEST(SimServer, ExpectContinueGetsInterimResponse)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    const QByteArray body = chatBody(2);
    client.sendRaw("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: "
                   + QByteArray::number(body.size()) + "\r\n\r\n");
    ASSERT_TRUE(waitUntil([&client] { return client.interimResponses() > 0; }, 5000));
    client.sendRaw(body);
    client.expectResponses(1);
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(client.last().status, 200);
}

TEST(SimServer, ConnectionCloseIsHonoured)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(2), "Connection: close\r\n");
    ASSERT_TRUE(client.waitAll());
    EXPECT_TRUE(client.waitDisconnected(5000));
    EXPECT_EQ(summarize(client.last()).textChunks, 2);
}

TEST(SimServer, ResponseIdsAreUniquePerRequest)
{
    StartedSim sim(fastSim());
    QSet<QString> ids;
    RawClient client(sim.port());
    for (int i = 0; i < 5; ++i)
        client.post("/v1/chat/completions", chatBody(1));
    ASSERT_TRUE(client.waitAll());
    for (const CapturedResponse &response : client.responses())
        ids.insert(summarize(response).ids.value(0));
    EXPECT_EQ(ids.size(), 5);

    // And across restarts.
    sim.server.stop();
    ASSERT_TRUE(sim.server.start(fastSim()));
    RawClient again(sim.port());
    again.post("/v1/chat/completions", chatBody(1));
    ASSERT_TRUE(again.waitAll());
    EXPECT_FALSE(ids.contains(summarize(again.last()).ids.value(0)));
}

TEST(SimServer, TokensPerChunkGroupsTokens)
{
    SimConfig config = fastSim();
    config.tokensPerChunk = 4;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(10));
    ASSERT_TRUE(client.waitAll());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.textChunks, 3); // 4 + 4 + 2
    EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), 10);
}

TEST(SimServer, MixedChunksCarryMoreTokensThanChunks)
{
    SimConfig config = fastSim();
    config.mixedChunks = true;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(20));
    ASSERT_TRUE(client.waitAll());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), 20);
    EXPECT_EQ(s.textChunks, 8); // 1+3+2+4 twice
    EXPECT_GT(s.usage.value(QLatin1String("completion_tokens")).toInt(), s.textChunks);

    QList<int> sizes;
    for (const WireEvent &event : sim.server.wireLog()) {
        if (event.text)
            sizes.append(event.tokens);
    }
    EXPECT_EQ(sizes, (QList<int> {1, 3, 2, 4, 1, 3, 2, 4}));
}

TEST(SimServer, ReasoningTokensComeFirstAsReasoningContent)
{
    SimConfig config = fastSim();
    config.reasoningTokens = 5;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(12));
    ASSERT_TRUE(client.waitAll());
    const CapturedResponse &response = client.last();
    const StreamSummary s = summarize(response);
    EXPECT_EQ(s.reasoningChunks, 5);
    EXPECT_EQ(s.textChunks, 12);
    EXPECT_EQ(s.usage.value(QLatin1String("completion_tokens")).toInt(), 12) << "reasoning tokens count too";

    QStringList order; // "r" or "c" per text chunk
    for (const SseEvent &event : response.events) {
        const QJsonObject delta = firstChoice(event.json()).value(QLatin1String("delta")).toObject();
        if (!delta.value(QLatin1String("reasoning_content")).toString().isEmpty())
            order.append(QStringLiteral("r"));
        else if (!delta.value(QLatin1String("content")).toString().isEmpty())
            order.append(QStringLiteral("c"));
    }
    EXPECT_EQ(order.join(QString()), QStringLiteral("rrrrrccccccc"));
}

TEST(SimServer, WireLogFileHasOneJsonLinePerChunk)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("wire.jsonl"));
    SimConfig config = fastSim();
    config.wireLogPath = path;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(6));
    ASSERT_TRUE(client.waitAll());
    sim.server.stop(); // flushes the file; the in-memory log survives
    const QList<WireEvent> memory = sim.server.wireLog();

    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    ASSERT_EQ(lines.size(), memory.size());
    // role + 6 text + finish + usage + [DONE]
    EXPECT_EQ(lines.size(), 10);
    int textLines = 0;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QJsonObject line = QJsonDocument::fromJson(lines[i]).object();
        EXPECT_EQ(line.value(QLatin1String("response_id")).toString(), memory[i].responseId);
        EXPECT_EQ(line.value(QLatin1String("chunk")).toInt(), i);
        EXPECT_EQ(line.value(QLatin1String("written_ns")).toInteger(), memory[i].writtenNs);
        textLines += line.value(QLatin1String("text")).toBool() ? 1 : 0;
        EXPECT_EQ(line.value(QLatin1String("tokens")).toInt(), memory[i].tokens);
    }
    EXPECT_EQ(textLines, 6);
}

TEST(SimServer, ClearWireLogEmptiesIt)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(2));
    ASSERT_TRUE(client.waitAll());
    EXPECT_FALSE(sim.server.wireLog().isEmpty());
    sim.server.clearWireLog();
    EXPECT_TRUE(sim.server.wireLog().isEmpty());
}

TEST(SimServer, CountersTrackServedAndInFlight)
{
    SimConfig config = fastSim();
    config.decodeIntervalMs = 20;
    StartedSim sim(config);
    RawClient a(sim.port());
    RawClient b(sim.port());
    a.post("/v1/chat/completions", chatBody(10));
    b.post("/v1/chat/completions", chatBody(10));
    ASSERT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 2; }, 5000));
    ASSERT_TRUE(a.waitAll());
    ASSERT_TRUE(b.waitAll());
    ASSERT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 0; }, 5000));
    EXPECT_EQ(sim.server.maxInFlight(), 2);
    EXPECT_EQ(sim.server.requestsServed(), 2);
    sim.server.resetCounters();
    EXPECT_EQ(sim.server.maxInFlight(), 0);
    EXPECT_EQ(sim.server.requestsServed(), 0);
}

TEST(SimServer, ClientDisconnectMidStreamLeavesNothingInFlight)
{
    SimConfig config = fastSim();
    config.decodeIntervalMs = 20;
    StartedSim sim(config);
    {
        RawClient client(sim.port());
        client.post("/v1/chat/completions", chatBody(100));
        ASSERT_TRUE(waitUntil([&client] { return client.hasResponse() && client.last().events.size() >= 3; }, 5000));
        EXPECT_EQ(sim.server.inFlight(), 1);
        client.socket().abort();
    }
    EXPECT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 0; }, 5000));
    EXPECT_EQ(sim.server.requestsServed(), 0);
}

TEST(SimServer, StopWithOpenStreamsReturnsPromptly)
{
    SimConfig config = fastSim();
    config.decodeIntervalMs = 50;
    config.threads = 2;
    StartedSim sim(config);
    QList<RawClient *> clients;
    for (int i = 0; i < 8; ++i) {
        clients.append(new RawClient(sim.port()));
        clients.last()->post("/v1/chat/completions", chatBody(1000));
    }
    ASSERT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 8; }, 5000));
    const qint64 startNs = nowNs();
    sim.server.stop();
    EXPECT_LT((nowNs() - startNs) / 1e6, 2000.0);
    EXPECT_TRUE(waitUntil([&clients] {
        return std::all_of(clients.begin(), clients.end(), [](RawClient *c) { return c->disconnected(); });
    }, 5000));
    qDeleteAll(clients);
}
