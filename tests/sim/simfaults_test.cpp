// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Faults on demand (README.md#the-built-in-simulator): from the config (every n-th request) or per request
// (X-Sim-Fault).
#include "simtesthelpers.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace TokenScope;
using namespace TokenScope::SimTest;

namespace {

SimConfig faultSim(SimFault fault)
{
    SimConfig config = fastSim();
    config.fault = fault;
    config.faultAfterChunks = 3;
    return config;
}

void expectJsonError(const CapturedResponse &response, int status, const QString &type)
{
    EXPECT_EQ(response.status, status);
    EXPECT_EQ(response.headers.value("content-type"), "application/json");
    const QJsonObject error = response.json().value(QLatin1String("error")).toObject();
    EXPECT_FALSE(error.value(QLatin1String("message")).toString().isEmpty());
    EXPECT_EQ(error.value(QLatin1String("type")).toString(), type);
}

} // namespace

TEST(SimFaults, NamesRoundTrip)
{
    for (SimFault fault : {SimFault::None, SimFault::Unauthorized, SimFault::RateLimited, SimFault::ServerError,
                           SimFault::ResetMidStream, SimFault::Stall, SimFault::MalformedSse, SimFault::EmptyChoices}) {
        SimFault parsed = SimFault::None;
        ASSERT_TRUE(parseSimFault(simFaultName(fault), &parsed)) << simFaultName(fault).toStdString();
        EXPECT_EQ(parsed, fault);
    }
    SimFault parsed = SimFault::None;
    EXPECT_TRUE(parseSimFault(QStringLiteral(" Reset "), &parsed));
    EXPECT_EQ(parsed, SimFault::ResetMidStream);
    EXPECT_FALSE(parseSimFault(QStringLiteral("explode"), &parsed));
    EXPECT_EQ(simFaultName(SimFault::EmptyChoices), QStringLiteral("empty_choices"));
}

TEST(SimFaults, UnauthorizedAnswers401Json)
{
    StartedSim sim(faultSim(SimFault::Unauthorized));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(4));
    ASSERT_TRUE(client.waitAll());
    expectJsonError(client.last(), 401, QStringLiteral("invalid_request_error"));
}

TEST(SimFaults, RateLimitedAnswers429WithRetryAfter)
{
    StartedSim sim(faultSim(SimFault::RateLimited));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(4));
    ASSERT_TRUE(client.waitAll());
    expectJsonError(client.last(), 429, QStringLiteral("requests"));
    EXPECT_EQ(client.last().headers.value("retry-after"), "1");
    EXPECT_FALSE(client.disconnected()) << "an error answer keeps the connection alive";
}

TEST(SimFaults, ServerErrorAnswers500Json)
{
    StartedSim sim(faultSim(SimFault::ServerError));
    RawClient client(sim.port());
    client.post("/v1/completions", completionsBody(4));
    ASSERT_TRUE(client.waitAll());
    expectJsonError(client.last(), 500, QStringLiteral("server_error"));
}

TEST(SimFaults, ResetAbortsTheConnectionAfterSomeChunks)
{
    StartedSim sim(faultSim(SimFault::ResetMidStream));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(20));
    ASSERT_TRUE(client.waitDisconnected());
    ASSERT_TRUE(client.hasResponse());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.textChunks, 3);
    EXPECT_FALSE(s.done);
    EXPECT_FALSE(client.last().complete);
    EXPECT_EQ(client.error(), QAbstractSocket::RemoteHostClosedError) << "a reset, as Qt reports ECONNRESET";
    EXPECT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 0; }, 5000));
    EXPECT_EQ(sim.server.requestsServed(), 0);
}

TEST(SimFaults, StallGoesSilentWithTheConnectionOpen)
{
    SimConfig config = faultSim(SimFault::Stall);
    config.faultAfterChunks = 2;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(20));
    ASSERT_TRUE(waitUntil([&client] { return client.hasResponse() && summarize(client.last()).textChunks >= 2; },
                          5000));
    waitUntil([] { return false; }, 300); // 20 tokens at 1 ms would long be over
    EXPECT_EQ(summarize(client.last()).textChunks, 2);
    EXPECT_FALSE(client.last().complete);
    EXPECT_FALSE(client.disconnected());
    EXPECT_EQ(sim.server.inFlight(), 1) << "a stalled request is still in flight";

    client.socket().abort(); // the client gives up
    EXPECT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 0; }, 5000));
}

TEST(SimFaults, MalformedSendsABrokenDataLineAndCarriesOn)
{
    StartedSim sim(faultSim(SimFault::MalformedSse));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(6));
    ASSERT_TRUE(client.waitAll());
    const CapturedResponse &response = client.last();
    const StreamSummary s = summarize(response);
    EXPECT_EQ(s.unparsable, 1);
    EXPECT_TRUE(response.body.contains("data: {\"id\": broken\n\n"));
    EXPECT_EQ(s.textChunks, 6);
    EXPECT_TRUE(s.doneLast);

    qsizetype brokenAt = -1;
    for (qsizetype i = 0; i < response.events.size(); ++i) {
        if (response.events[i].data.startsWith("{\"id\": broken"))
            brokenAt = i;
    }
    EXPECT_EQ(brokenAt, 4) << "role + 3 text chunks, then the broken line";
}

TEST(SimFaults, EmptyChoicesSendsNoTextThenDone)
{
    StartedSim sim(faultSim(SimFault::EmptyChoices));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(5));
    ASSERT_TRUE(client.waitAll());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.textChunks, 0);
    EXPECT_EQ(s.roleChunks, 0);
    EXPECT_EQ(s.emptyChoiceChunks, 5);
    EXPECT_TRUE(s.doneLast);
    EXPECT_EQ(s.unparsable, 0);
}

TEST(SimFaults, FaultEveryHitsEveryNthRequest)
{
    SimConfig config = faultSim(SimFault::ServerError);
    config.faultEvery = 2;
    StartedSim sim(config);
    RawClient client(sim.port());
    for (int i = 0; i < 4; ++i)
        client.post("/v1/chat/completions", chatBody(2));
    ASSERT_TRUE(client.waitAll());
    QList<int> statuses;
    for (const CapturedResponse &response : client.responses())
        statuses.append(response.status);
    EXPECT_EQ(statuses, (QList<int> {200, 500, 200, 500}));
}

TEST(SimFaults, HeaderPicksTheFaultPerRequest)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(2), "X-Sim-Fault: 429\r\n");
    client.post("/v1/chat/completions", chatBody(2));
    client.post("/v1/chat/completions", chatBody(2), "X-Sim-Fault: empty_choices\r\n");
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(client.responses()[0].status, 429);
    EXPECT_EQ(summarize(client.responses()[1]).textChunks, 2);
    EXPECT_EQ(summarize(client.responses()[2]).emptyChoiceChunks, 2);
}

TEST(SimFaults, HeaderNoneOverridesTheConfiguredFault)
{
    StartedSim sim(faultSim(SimFault::ServerError));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(2), "X-Sim-Fault: none\r\n");
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(client.last().status, 200);
}

TEST(SimFaults, ResetOnNonStreamingRequestClosesWithoutAnswer)
{
    StartedSim sim(faultSim(SimFault::ResetMidStream));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(10, false));
    ASSERT_TRUE(client.waitDisconnected());
    EXPECT_FALSE(client.hasResponse());
}

TEST(SimFaults, MalformedNonStreamingBodyIsBrokenJson)
{
    StartedSim sim(faultSim(SimFault::MalformedSse));
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(3, false));
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(client.last().status, 200);
    QJsonParseError error {};
    QJsonDocument::fromJson(client.last().body, &error);
    EXPECT_NE(error.error, QJsonParseError::NoError);
}

TEST(SimFaults, FewerChunksThanFaultAfterStillFaults)
{
    SimConfig config = faultSim(SimFault::ResetMidStream);
    config.faultAfterChunks = 50;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(4));
    ASSERT_TRUE(client.waitDisconnected());
    const StreamSummary s = summarize(client.last());
    EXPECT_EQ(s.textChunks, 4);
    EXPECT_FALSE(s.done);
}

TEST(SimFaults, ResetIsATcpResetNotAnOrderlyClose)
{
    // Qt reports FIN and RST alike (RemoteHostClosedError); a plain socket tells them apart.
    StartedSim sim(faultSim(SimFault::ResetMidStream));
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_port = htons(sim.port());
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)), 0);
    const timeval timeout {5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof(timeout));
    const QByteArray request = RawClient::request("POST", "/v1/chat/completions", chatBody(20));
    ASSERT_EQ(::send(fd, request.constData(), request.size(), 0), request.size());

    QByteArray received;
    int lastErrno = 0;
    for (;;) {
        char buffer[4096];
        const ssize_t n = ::recv(fd, buffer, sizeof(buffer), 0);
        if (n > 0) {
            received.append(buffer, n);
            continue;
        }
        lastErrno = n < 0 ? errno : 0;
        break;
    }
    ::close(fd);
    EXPECT_EQ(lastErrno, ECONNRESET) << "0 would mean an orderly FIN";
    EXPECT_TRUE(received.startsWith("HTTP/1.1 200"));
    EXPECT_FALSE(received.contains("[DONE]"));
}

// ---- the same faults on /v1/messages (Anthropic) and /v1/responses ----

namespace {

QJsonObject anthropicErrorOf(const CapturedResponse &response, int status)
{
    EXPECT_EQ(response.status, status);
    EXPECT_EQ(response.headers.value("content-type"), "application/json");
    EXPECT_EQ(response.json().value(QLatin1String("type")).toString(), QStringLiteral("error"));
    const QJsonObject error = response.json().value(QLatin1String("error")).toObject();
    EXPECT_FALSE(error.value(QLatin1String("message")).toString().isEmpty());
    return error;
}

CapturedResponse anthropicWith(quint16 port, const QByteArray &fault, int maxTokens = 6, bool stream = true)
{
    RawClient client(port);
    client.post("/v1/messages", anthropicBody(maxTokens, stream),
                anthropicHeaders() + "X-Sim-Fault: " + fault + "\r\n");
    EXPECT_TRUE(client.waitAll());
    return client.hasResponse() ? client.last() : CapturedResponse();
}

CapturedResponse responsesWith(quint16 port, const QByteArray &fault, int maxTokens = 6, bool stream = true)
{
    RawClient client(port);
    client.post("/v1/responses", responsesBody(maxTokens, stream), "X-Sim-Fault: " + fault + "\r\n");
    EXPECT_TRUE(client.waitAll());
    return client.hasResponse() ? client.last() : CapturedResponse();
}

} // namespace

TEST(SimFaults, NewFaultNamesRoundTrip)
{
    for (SimFault fault : {SimFault::Overloaded, SimFault::ErrorInStream}) {
        SimFault parsed = SimFault::None;
        ASSERT_TRUE(parseSimFault(simFaultName(fault), &parsed)) << simFaultName(fault).toStdString();
        EXPECT_EQ(parsed, fault);
    }
    EXPECT_EQ(simFaultName(SimFault::ErrorInStream), QStringLiteral("error_in_stream"));
}

TEST(SimFaults, StatusFaultsOnMessagesAnswerInAnthropicsShape)
{
    StartedSim sim(fastSim());
    const struct {
        QByteArray fault;
        int status;
        const char *type;
    } cases[] = {{"401", 401, "authentication_error"}, {"403", 403, "permission_error"},
                 {"429", 429, "rate_limit_error"},     {"500", 500, "api_error"},
                 {"overloaded", 529, "overloaded_error"}};
    for (const auto &c : cases) {
        const CapturedResponse response = anthropicWith(sim.port(), c.fault);
        EXPECT_EQ(anthropicErrorOf(response, c.status).value(QLatin1String("type")).toString(),
                  QString::fromLatin1(c.type))
            << c.fault.constData();
    }
    EXPECT_EQ(anthropicWith(sim.port(), "429").headers.value("retry-after"), "1");
    EXPECT_EQ(anthropicErrorOf(anthropicWith(sim.port(), "401"), 401).value(QLatin1String("message")).toString(),
              QStringLiteral("invalid x-api-key"));
    EXPECT_EQ(anthropicWith(sim.port(), "502").status, 502) << "a proxy's page, whatever the API";
    EXPECT_EQ(anthropicWith(sim.port(), "503").status, 503);
}

TEST(SimFaults, StatusFaultsOnResponsesAnswerInOpenAisShape)
{
    StartedSim sim(fastSim());
    expectJsonError(responsesWith(sim.port(), "429"), 429, QStringLiteral("requests"));
    expectJsonError(responsesWith(sim.port(), "500"), 500, QStringLiteral("server_error"));
    expectJsonError(responsesWith(sim.port(), "overloaded"), 503, QStringLiteral("server_error"));
    expectJsonError(responsesWith(sim.port(), "401"), 401, QStringLiteral("invalid_request_error"));
}

TEST(SimFaults, ConfiguredFaultCountsMessagesAndResponsesRequests)
{
    SimConfig config = faultSim(SimFault::Overloaded);
    config.faultEvery = 2;
    StartedSim sim(config);
    RawClient client(sim.port());
    client.post("/v1/messages", anthropicBody(2), anthropicHeaders());
    client.post("/v1/messages", anthropicBody(2), anthropicHeaders());
    client.post("/v1/responses", responsesBody(2));
    client.post("/v1/responses", responsesBody(2));
    ASSERT_TRUE(client.waitAll());
    QList<int> statuses;
    for (const CapturedResponse &response : client.responses())
        statuses.append(response.status);
    EXPECT_EQ(statuses, (QList<int> {200, 529, 200, 503}));
}

TEST(SimFaults, ErrorInStreamSendsEachApisErrorEventAfterSomeChunks)
{
    StartedSim sim(faultSim(SimFault::None));

    const CapturedResponse anthropic = anthropicWith(sim.port(), "error_in_stream", 20);
    const AnthropicSummary a = summarizeAnthropic(anthropic);
    EXPECT_EQ(anthropic.status, 200);
    EXPECT_TRUE(anthropic.complete) << "the body ends cleanly after the error";
    EXPECT_EQ(a.textDeltas, 3);
    EXPECT_EQ(a.names.last(), QStringLiteral("error"));
    EXPECT_EQ(a.error.value(QLatin1String("type")).toString(), QStringLiteral("overloaded_error"));
    EXPECT_FALSE(a.names.contains(QStringLiteral("message_stop")));

    const CapturedResponse responses = responsesWith(sim.port(), "error_in_stream", 20);
    const ResponsesSummary r = summarizeResponses(responses);
    EXPECT_TRUE(responses.complete);
    EXPECT_EQ(r.textDeltas, 3);
    EXPECT_EQ(r.names.last(), QStringLiteral("response.failed"));
    EXPECT_TRUE(r.sequenceFromZero);
    EXPECT_EQ(r.finalResponse.value(QLatin1String("status")).toString(), QStringLiteral("failed"));
    EXPECT_EQ(r.finalResponse.value(QLatin1String("error")).toObject().value(QLatin1String("code")).toString(),
              QStringLiteral("server_error"));

    RawClient chat(sim.port());
    chat.post("/v1/chat/completions", chatBody(20), "X-Sim-Fault: error_in_stream\r\n");
    ASSERT_TRUE(chat.waitAll());
    const StreamSummary c = summarize(chat.last());
    EXPECT_EQ(c.textChunks, 3);
    EXPECT_FALSE(c.done);
    EXPECT_EQ(chat.last().events.last().json().value(QLatin1String("error")).toObject().value(QLatin1String("type"))
                  .toString(),
              QStringLiteral("server_error"));
}

TEST(SimFaults, ErrorInStreamOnNonStreamingRequestsIsTheAnswer)
{
    StartedSim sim(fastSim());
    EXPECT_EQ(anthropicErrorOf(anthropicWith(sim.port(), "error_in_stream", 10, false), 529)
                  .value(QLatin1String("type"))
                  .toString(),
              QStringLiteral("overloaded_error"));
    expectJsonError(responsesWith(sim.port(), "error_in_stream", 10, false), 500, QStringLiteral("server_error"));
}

TEST(SimFaults, ResetAndStallCutAnthropicAndResponsesStreams)
{
    StartedSim sim(fastSim());
    {
        RawClient client(sim.port());
        client.post("/v1/messages", anthropicBody(20), anthropicHeaders() + "X-Sim-Fault: reset\r\n");
        ASSERT_TRUE(client.waitDisconnected());
        EXPECT_EQ(summarizeAnthropic(client.last()).textDeltas, 3);
        EXPECT_FALSE(client.last().complete);
    }
    {
        RawClient client(sim.port());
        client.post("/v1/responses", responsesBody(20), "X-Sim-Fault: stall\r\n");
        ASSERT_TRUE(waitUntil(
            [&client] { return client.hasResponse() && summarizeResponses(client.last()).textDeltas >= 3; }, 5000));
        waitUntil([] { return false; }, 200);
        EXPECT_EQ(summarizeResponses(client.last()).textDeltas, 3);
        EXPECT_FALSE(client.last().complete);
        EXPECT_EQ(sim.server.inFlight(), 1);
        client.socket().abort();
    }
    EXPECT_TRUE(waitUntil([&sim] { return sim.server.inFlight() == 0; }, 5000));
}

TEST(SimFaults, MalformedBreaksOneEventOfAnthropicAndResponsesStreams)
{
    StartedSim sim(fastSim());
    const CapturedResponse anthropic = anthropicWith(sim.port(), "malformed", 6);
    const AnthropicSummary a = summarizeAnthropic(anthropic);
    EXPECT_EQ(a.unparsable, 1);
    EXPECT_EQ(a.textDeltas, 6);
    EXPECT_EQ(a.names.last(), QStringLiteral("message_stop"));
    qsizetype brokenAt = -1;
    for (qsizetype i = 0; i < anthropic.events.size(); ++i) {
        if (anthropic.events[i].data.startsWith("{\"type\": broken"))
            brokenAt = i;
    }
    EXPECT_EQ(brokenAt, 6) << "message_start, content_block_start, ping and 3 deltas, then the broken one";

    const ResponsesSummary r = summarizeResponses(responsesWith(sim.port(), "malformed", 6));
    EXPECT_EQ(r.unparsable, 1);
    EXPECT_EQ(r.textDeltas, 6);
    EXPECT_EQ(r.names.last(), QStringLiteral("response.incomplete"));
}

TEST(SimFaults, EmptyChoicesSendsTextlessDeltasOnAnthropicAndResponses)
{
    StartedSim sim(fastSim());
    const AnthropicSummary a = summarizeAnthropic(anthropicWith(sim.port(), "empty_choices", 5));
    EXPECT_EQ(a.textDeltas, 0);
    EXPECT_EQ(a.emptyDeltas, 5);
    EXPECT_EQ(a.usage.value(QLatin1String("output_tokens")).toInt(-1), 0);
    EXPECT_EQ(a.names.last(), QStringLiteral("message_stop"));

    const ResponsesSummary r = summarizeResponses(responsesWith(sim.port(), "empty_choices", 5));
    EXPECT_EQ(r.textDeltas, 0);
    EXPECT_EQ(r.emptyDeltas, 5);
    EXPECT_EQ(r.finalResponse.value(QLatin1String("usage")).toObject().value(QLatin1String("output_tokens")).toInt(-1),
              0);
    EXPECT_TRUE(r.doneText.isEmpty());
}

TEST(SimFaults, NotStreamingAnswersAnthropicAndResponsesJson)
{
    StartedSim sim(fastSim());
    const CapturedResponse anthropic = anthropicWith(sim.port(), "not_streaming", 4);
    EXPECT_FALSE(anthropic.chunked());
    EXPECT_EQ(anthropic.json().value(QLatin1String("type")).toString(), QStringLiteral("message"));
    const CapturedResponse responses = responsesWith(sim.port(), "not_streaming", 4);
    EXPECT_FALSE(responses.chunked());
    EXPECT_EQ(responses.json().value(QLatin1String("object")).toString(), QStringLiteral("response"));
}

TEST(SimFaults, NoDoneLeavesAnthropicAndResponsesStreamsWhole)
{
    // Neither API sends [DONE]; their streams end with message_stop / response.completed as always.
    SimConfig config = fastSim();
    config.outputTokens = 3;
    StartedSim sim(config);
    EXPECT_EQ(summarizeAnthropic(anthropicWith(sim.port(), "no_done")).names.last(), QStringLiteral("message_stop"));
    EXPECT_EQ(summarizeResponses(responsesWith(sim.port(), "no_done")).names.last(),
              QStringLiteral("response.completed"));
}
