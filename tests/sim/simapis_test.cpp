// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulator's Anthropic Messages (/v1/messages) and OpenAI Responses (/v1/responses) routes,
// event by event as the real APIs send them (tests/data/sse/anthropic-*.sse,
// openai-responses-text-obfuscation.sse), over real loopback sockets.
#include "simtesthelpers.h"

#include <QSet>

using namespace TokenScope;
using namespace TokenScope::SimTest;

namespace {

SimConfig keyedSim(const QString &key)
{
    SimConfig config = fastSim();
    config.apiKey = key;
    return config;
}

CapturedResponse postOnce(quint16 port, const QByteArray &path, const QByteArray &body,
                          const QByteArray &headers = {})
{
    RawClient client(port);
    client.post(path, body, headers);
    EXPECT_TRUE(client.waitAll());
    return client.hasResponse() ? client.last() : CapturedResponse();
}

QJsonObject anthropicError(const CapturedResponse &response)
{
    EXPECT_EQ(response.headers.value("content-type"), "application/json");
    const QJsonObject body = response.json();
    EXPECT_EQ(body.value(QLatin1String("type")).toString(), QStringLiteral("error"));
    return body.value(QLatin1String("error")).toObject();
}

QStringList withoutRepeats(const QStringList &names)
{
    QStringList out;
    for (const QString &name : names) {
        if (out.isEmpty() || out.last() != name)
            out.append(name);
    }
    return out;
}

} // namespace

// ---- Anthropic Messages ----

TEST(SimAnthropic, StreamHasTheRealEventSequence)
{
    SimConfig config = fastSim();
    config.outputTokens = 6;
    StartedSim sim(config);
    const CapturedResponse response = postOnce(sim.port(), "/v1/messages", anthropicBody(64), anthropicHeaders());
    EXPECT_EQ(response.status, 200);
    EXPECT_TRUE(response.chunked());
    EXPECT_TRUE(response.headers.value("content-type").startsWith("text/event-stream"));

    const AnthropicSummary s = summarizeAnthropic(response);
    EXPECT_EQ(s.names.join(u' '),
              QStringLiteral("message_start content_block_start ping content_block_delta content_block_delta "
                             "content_block_delta content_block_delta content_block_delta content_block_delta "
                             "content_block_stop message_delta message_stop"));
    EXPECT_TRUE(s.typesMatchNames);
    EXPECT_EQ(s.unparsable, 0);
    EXPECT_EQ(s.textDeltas, 6);
    EXPECT_EQ(s.stopReason, QStringLiteral("end_turn"));
    EXPECT_FALSE(response.body.contains("[DONE]"));

    // Usage as the real capture has it: input and output_tokens 1 at the start, the total at the end.
    // The simulator's rule (docs/simulator.md#prompt-tokens): "Be brief." 3, "Say something, anything
    // at all." 9, 3 per message (the system prompt is one) and 3 for the reply primer.
    const int promptTokens = 3 + 9 + 2 * 3 + 3;
    EXPECT_EQ(s.startUsage.value(QLatin1String("input_tokens")).toInt(), promptTokens);
    EXPECT_EQ(s.startUsage.value(QLatin1String("output_tokens")).toInt(), 1);
    EXPECT_EQ(s.usage.value(QLatin1String("output_tokens")).toInt(), 6);
    EXPECT_EQ(s.usage.value(QLatin1String("input_tokens")).toInt(), promptTokens);

    const QJsonObject start = response.events.first().json().value(QLatin1String("message")).toObject();
    EXPECT_TRUE(s.id.startsWith(QLatin1String("msg_")));
    EXPECT_EQ(start.value(QLatin1String("model")).toString(), QStringLiteral("tokenscope-sim"));
    EXPECT_EQ(start.value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
    EXPECT_TRUE(start.value(QLatin1String("content")).toArray().isEmpty());
    const QJsonObject block = response.events.at(1).json().value(QLatin1String("content_block")).toObject();
    EXPECT_EQ(block.value(QLatin1String("type")).toString(), QStringLiteral("text"));
    EXPECT_EQ(response.events.at(3).json().value(QLatin1String("index")).toInt(), 0);
    EXPECT_EQ(response.headers.value("x-request-id"), s.id.toLatin1());
}

TEST(SimAnthropic, MaxTokensReachedStopsWithMaxTokens)
{
    StartedSim sim(fastSim());
    const AnthropicSummary s
        = summarizeAnthropic(postOnce(sim.port(), "/v1/messages", anthropicBody(5), anthropicHeaders()));
    EXPECT_EQ(s.textDeltas, 5);
    EXPECT_EQ(s.stopReason, QStringLiteral("max_tokens"));
    EXPECT_EQ(s.usage.value(QLatin1String("output_tokens")).toInt(), 5);
}

TEST(SimAnthropic, ReasoningComesAsAThinkingBlockWithASignatureFirst)
{
    SimConfig config = fastSim();
    config.reasoningTokens = 4;
    config.outputTokens = 10;
    StartedSim sim(config);
    const CapturedResponse response = postOnce(sim.port(), "/v1/messages", anthropicBody(64), anthropicHeaders());
    const AnthropicSummary s = summarizeAnthropic(response);
    EXPECT_EQ(s.thinkingDeltas, 4);
    EXPECT_EQ(s.textDeltas, 6);
    EXPECT_EQ(s.signatures, 1);
    EXPECT_EQ(s.usage.value(QLatin1String("output_tokens")).toInt(), 10) << "thinking tokens count too";
    EXPECT_EQ(withoutRepeats(s.names).join(u' '),
              QStringLiteral("message_start content_block_start ping content_block_delta content_block_stop "
                             "content_block_start content_block_delta content_block_stop message_delta message_stop"));

    QStringList blocks; // the content blocks' types with their indexes
    QStringList deltas; // "t" thinking, "s" signature, "x" text, in order
    for (const SseEvent &event : response.events) {
        const QJsonObject data = event.json();
        if (event.event == "content_block_start") {
            blocks.append(QStringLiteral("%1:%2").arg(data.value(QLatin1String("index")).toInt()).arg(
                data.value(QLatin1String("content_block")).toObject().value(QLatin1String("type")).toString()));
        } else if (event.event == "content_block_delta") {
            const QString type = data.value(QLatin1String("delta")).toObject().value(QLatin1String("type")).toString();
            deltas.append(type == u"thinking_delta" ? QStringLiteral("t")
                                                    : type == u"signature_delta" ? QStringLiteral("s")
                                                                                 : QStringLiteral("x"));
        }
    }
    EXPECT_EQ(blocks, (QStringList {QStringLiteral("0:thinking"), QStringLiteral("1:text")}));
    EXPECT_EQ(deltas.join(QString()), QStringLiteral("ttttsxxxxxx"));
}

TEST(SimAnthropic, NonStreamingAnswersOneMessage)
{
    SimConfig config = fastSim();
    config.reasoningTokens = 2;
    StartedSim sim(config);
    const CapturedResponse response
        = postOnce(sim.port(), "/v1/messages", anthropicBody(7, false), anthropicHeaders());
    EXPECT_EQ(response.status, 200);
    EXPECT_FALSE(response.chunked());
    const QJsonObject message = response.json();
    EXPECT_EQ(message.value(QLatin1String("type")).toString(), QStringLiteral("message"));
    EXPECT_TRUE(message.value(QLatin1String("id")).toString().startsWith(QLatin1String("msg_")));
    EXPECT_EQ(message.value(QLatin1String("stop_reason")).toString(), QStringLiteral("max_tokens"));
    const QJsonArray content = message.value(QLatin1String("content")).toArray();
    ASSERT_EQ(content.size(), 2);
    EXPECT_EQ(content[0].toObject().value(QLatin1String("type")).toString(), QStringLiteral("thinking"));
    EXPECT_FALSE(content[0].toObject().value(QLatin1String("signature")).toString().isEmpty());
    EXPECT_EQ(content[1].toObject().value(QLatin1String("type")).toString(), QStringLiteral("text"));
    EXPECT_FALSE(content[1].toObject().value(QLatin1String("text")).toString().isEmpty());
    EXPECT_EQ(message.value(QLatin1String("usage")).toObject().value(QLatin1String("output_tokens")).toInt(), 7);
}

TEST(SimAnthropic, KeyIsCheckedInXApiKeyOrAsBearer)
{
    StartedSim sim(keyedSim(QStringLiteral("sk-ant-right")));
    const CapturedResponse missing = postOnce(sim.port(), "/v1/messages", anthropicBody(3), anthropicHeaders());
    EXPECT_EQ(missing.status, 401);
    EXPECT_EQ(anthropicError(missing).value(QLatin1String("type")).toString(), QStringLiteral("authentication_error"));

    const CapturedResponse wrong
        = postOnce(sim.port(), "/v1/messages", anthropicBody(3), anthropicHeaders("sk-ant-wrong"));
    EXPECT_EQ(wrong.status, 401);
    const QJsonObject error = anthropicError(wrong);
    EXPECT_EQ(error.value(QLatin1String("type")).toString(), QStringLiteral("authentication_error"));
    EXPECT_EQ(error.value(QLatin1String("message")).toString(), QStringLiteral("invalid x-api-key"));
    EXPECT_FALSE(wrong.body.contains("sk-ant")) << "the key is never echoed";

    // Current Anthropic SDKs send the key as a Bearer token; the API takes that too.
    const CapturedResponse bearer = postOnce(sim.port(), "/v1/messages", anthropicBody(3),
                                             anthropicHeaders() + "Authorization: Bearer sk-ant-right\r\n");
    EXPECT_EQ(bearer.status, 200);
    const CapturedResponse wrongBearer = postOnce(sim.port(), "/v1/messages", anthropicBody(3),
                                                  anthropicHeaders() + "Authorization: Bearer sk-ant-wrong\r\n");
    EXPECT_EQ(wrongBearer.status, 401);
    EXPECT_EQ(anthropicError(wrongBearer).value(QLatin1String("message")).toString(),
              QStringLiteral("invalid x-api-key"));
    EXPECT_EQ(anthropicError(missing).value(QLatin1String("message")).toString(),
              QStringLiteral("x-api-key header is required"));

    const CapturedResponse right
        = postOnce(sim.port(), "/v1/messages", anthropicBody(3), anthropicHeaders("sk-ant-right"));
    EXPECT_EQ(right.status, 200);
    EXPECT_EQ(summarizeAnthropic(right).textDeltas, 3);
}

TEST(SimAnthropic, MissingVersionHeaderGets400)
{
    StartedSim sim(fastSim());
    const CapturedResponse response = postOnce(sim.port(), "/v1/messages", anthropicBody(3));
    EXPECT_EQ(response.status, 400);
    const QJsonObject error = anthropicError(response);
    EXPECT_EQ(error.value(QLatin1String("type")).toString(), QStringLiteral("invalid_request_error"));
    EXPECT_EQ(error.value(QLatin1String("message")).toString(),
              QStringLiteral("anthropic-version: header is required"));
}

TEST(SimAnthropic, BadBodiesGet400InAnthropicsShape)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/messages", "{\"model\": ", anthropicHeaders());
    client.post("/v1/messages", R"({"model":"m","max_tokens":5})", anthropicHeaders()); // no messages
    client.post("/v1/messages", R"({"model":"m","messages":[]})", anthropicHeaders()); // no max_tokens
    ASSERT_TRUE(client.waitAll());
    ASSERT_EQ(client.responses().size(), 3);
    for (const CapturedResponse &response : client.responses()) {
        EXPECT_EQ(response.status, 400);
        EXPECT_EQ(anthropicError(response).value(QLatin1String("type")).toString(),
                  QStringLiteral("invalid_request_error"));
    }
    EXPECT_EQ(anthropicError(client.responses()[2]).value(QLatin1String("message")).toString(),
              QStringLiteral("max_tokens: Field required"));
}

TEST(SimAnthropic, ModelsAnswerInAnthropicsShapeWhenAsked)
{
    SimConfig config = keyedSim(QStringLiteral("k"));
    config.models = QStringList {QStringLiteral("alpha"), QStringLiteral("beta")};
    StartedSim sim(config);
    RawClient client(sim.port());
    client.get("/v1/models", anthropicHeaders("k"));
    client.get("/v1/models", "Authorization: Bearer k\r\n");
    client.get("/v1/models", anthropicHeaders("wrong"));
    ASSERT_TRUE(client.waitAll());

    const QJsonObject anthropic = client.responses()[0].json();
    EXPECT_EQ(client.responses()[0].status, 200);
    const QJsonArray data = anthropic.value(QLatin1String("data")).toArray();
    ASSERT_EQ(data.size(), 2);
    EXPECT_EQ(data[0].toObject().value(QLatin1String("type")).toString(), QStringLiteral("model"));
    EXPECT_EQ(data[0].toObject().value(QLatin1String("id")).toString(), QStringLiteral("alpha"));
    EXPECT_EQ(data[0].toObject().value(QLatin1String("display_name")).toString(), QStringLiteral("alpha"));
    EXPECT_TRUE(data[0].toObject().value(QLatin1String("created_at")).toString().endsWith(u'Z'));
    EXPECT_FALSE(anthropic.value(QLatin1String("has_more")).toBool(true));
    EXPECT_EQ(anthropic.value(QLatin1String("first_id")).toString(), QStringLiteral("alpha"));
    EXPECT_EQ(anthropic.value(QLatin1String("last_id")).toString(), QStringLiteral("beta"));
    EXPECT_FALSE(anthropic.contains(QLatin1String("object")));

    EXPECT_EQ(client.responses()[1].json().value(QLatin1String("object")).toString(), QStringLiteral("list"))
        << "without anthropic-version: OpenAI's shape";
    EXPECT_EQ(client.responses()[2].status, 401);
    EXPECT_EQ(anthropicError(client.responses()[2]).value(QLatin1String("type")).toString(),
              QStringLiteral("authentication_error"));
}

TEST(SimAnthropic, UnknownPathFromAnAnthropicClientGetsNotFoundError)
{
    StartedSim sim(fastSim());
    const CapturedResponse response = postOnce(sim.port(), "/v1/message", "{}", anthropicHeaders());
    EXPECT_EQ(response.status, 404);
    EXPECT_EQ(anthropicError(response).value(QLatin1String("type")).toString(), QStringLiteral("not_found_error"));
}

TEST(SimAnthropic, WireLogHasEveryEventAndTheTextOnes)
{
    SimConfig config = fastSim();
    config.outputTokens = 4;
    StartedSim sim(config);
    const CapturedResponse response = postOnce(sim.port(), "/v1/messages", anthropicBody(64), anthropicHeaders());
    sim.server.stop();
    const QList<WireEvent> wire = sim.server.wireLog();
    ASSERT_EQ(wire.size(), response.events.size()) << "one entry per SSE event";
    int textEvents = 0;
    for (qsizetype i = 0; i < wire.size(); ++i) {
        EXPECT_EQ(wire[i].chunkIndex, i);
        EXPECT_EQ(wire[i].responseId, summarizeAnthropic(response).id);
        textEvents += wire[i].text ? 1 : 0;
        EXPECT_EQ(wire[i].text, response.events[i].event == "content_block_delta") << i;
    }
    EXPECT_EQ(textEvents, 4);
    // message_start, content_block_start and ping go out in the same write as the first delta.
    EXPECT_EQ(wire[0].writtenNs, wire[3].writtenNs);
}

// ---- OpenAI Responses ----

TEST(SimResponses, StreamHasTheRealEventSequence)
{
    SimConfig config = fastSim();
    config.outputTokens = 5;
    StartedSim sim(config);
    const CapturedResponse response = postOnce(sim.port(), "/v1/responses", responsesBody(64));
    EXPECT_EQ(response.status, 200);
    EXPECT_TRUE(response.headers.value("content-type").startsWith("text/event-stream"));
    const ResponsesSummary s = summarizeResponses(response);
    EXPECT_EQ(withoutRepeats(s.names).join(u' '),
              QStringLiteral("response.created response.in_progress response.output_item.added "
                             "response.content_part.added response.output_text.delta response.output_text.done "
                             "response.content_part.done response.output_item.done response.completed"));
    EXPECT_EQ(s.textDeltas, 5);
    EXPECT_TRUE(s.typesMatchNames);
    EXPECT_TRUE(s.sequenceFromZero);
    EXPECT_EQ(s.unparsable, 0);
    EXPECT_FALSE(response.body.contains("[DONE]"));
    EXPECT_TRUE(s.id.startsWith(QLatin1String("resp_")));
    EXPECT_EQ(s.doneText, s.text);
    EXPECT_FALSE(s.text.isEmpty());

    const QJsonObject usage = s.finalResponse.value(QLatin1String("usage")).toObject();
    EXPECT_EQ(s.finalResponse.value(QLatin1String("status")).toString(), QStringLiteral("completed"));
    EXPECT_EQ(s.finalResponse.value(QLatin1String("id")).toString(), s.id);
    EXPECT_EQ(usage.value(QLatin1String("input_tokens")).toInt(), 15); // 9 for the words, 3 + 3 template
    EXPECT_EQ(usage.value(QLatin1String("output_tokens")).toInt(), 5);
    EXPECT_EQ(usage.value(QLatin1String("total_tokens")).toInt(), 20);
    const QJsonArray output = s.finalResponse.value(QLatin1String("output")).toArray();
    ASSERT_EQ(output.size(), 1);
    const QJsonObject item = output[0].toObject();
    EXPECT_EQ(item.value(QLatin1String("type")).toString(), QStringLiteral("message"));
    EXPECT_EQ(item.value(QLatin1String("content")).toArray().first().toObject().value(QLatin1String("text")).toString(),
              s.text);

    // A delta names its item and indexes, as the capture's do.
    for (const SseEvent &event : response.events) {
        if (event.event != "response.output_text.delta")
            continue;
        const QJsonObject delta = event.json();
        EXPECT_EQ(delta.value(QLatin1String("item_id")).toString(), item.value(QLatin1String("id")).toString());
        EXPECT_EQ(delta.value(QLatin1String("output_index")).toInt(-1), 0);
        EXPECT_EQ(delta.value(QLatin1String("content_index")).toInt(-1), 0);
    }
}

TEST(SimResponses, MessageArrayInputAndInstructionsCountAsPrompt)
{
    StartedSim sim(fastSim());
    const QByteArray body = R"({"model":"m","instructions":"Be brief.","max_output_tokens":3,"stream":true,)"
                            R"("input":[{"role":"user","content":[{"type":"input_text","text":"0123456789abcdef"}]}]})";
    const ResponsesSummary s = summarizeResponses(postOnce(sim.port(), "/v1/responses", body));
    EXPECT_EQ(s.textDeltas, 3);
    EXPECT_EQ(s.finalResponse.value(QLatin1String("usage")).toObject().value(QLatin1String("input_tokens")).toInt(),
              (3 + 3) + (3 + 3) + 3)
        << "instructions 3 and 16 letters 3, each a message of 3 template tokens, and the primer";
}

TEST(SimResponses, MaxOutputTokensReachedEndsIncomplete)
{
    StartedSim sim(fastSim());
    const ResponsesSummary s = summarizeResponses(postOnce(sim.port(), "/v1/responses", responsesBody(4)));
    EXPECT_EQ(s.names.last(), QStringLiteral("response.incomplete"));
    EXPECT_EQ(s.finalResponse.value(QLatin1String("status")).toString(), QStringLiteral("incomplete"));
    EXPECT_EQ(jsonAt(s.finalResponse, {"incomplete_details", "reason"}).toString(),
              QStringLiteral("max_output_tokens"));
    EXPECT_EQ(jsonAt(s.finalResponse, {"usage", "output_tokens"}).toInt(), 4);

    SimConfig config = fastSim();
    config.outputTokens = 3;
    StartedSim unlimited(config);
    const ResponsesSummary open = summarizeResponses(postOnce(unlimited.port(), "/v1/responses", responsesBody(0)));
    EXPECT_EQ(open.names.last(), QStringLiteral("response.completed")) << "no limit was asked for";
}

TEST(SimResponses, ReasoningSummaryComesFirstInItsOwnItem)
{
    SimConfig config = fastSim();
    config.reasoningTokens = 3;
    config.outputTokens = 8;
    StartedSim sim(config);
    const CapturedResponse response = postOnce(sim.port(), "/v1/responses", responsesBody(64));
    const ResponsesSummary s = summarizeResponses(response);
    EXPECT_EQ(s.reasoningDeltas, 3);
    EXPECT_EQ(s.textDeltas, 5);
    EXPECT_TRUE(s.sequenceFromZero);
    EXPECT_EQ(withoutRepeats(s.names).join(u' '),
              QStringLiteral("response.created response.in_progress response.output_item.added "
                             "response.reasoning_summary_part.added response.reasoning_summary_text.delta "
                             "response.reasoning_summary_text.done response.reasoning_summary_part.done "
                             "response.output_item.done response.output_item.added response.content_part.added "
                             "response.output_text.delta response.output_text.done response.content_part.done "
                             "response.output_item.done response.completed"));
    const QJsonObject usage = s.finalResponse.value(QLatin1String("usage")).toObject();
    EXPECT_EQ(usage.value(QLatin1String("output_tokens")).toInt(), 8);
    EXPECT_EQ(jsonAt(usage, {"output_tokens_details", "reasoning_tokens"}).toInt(), 3);
    const QJsonArray output = s.finalResponse.value(QLatin1String("output")).toArray();
    ASSERT_EQ(output.size(), 2);
    EXPECT_EQ(output[0].toObject().value(QLatin1String("type")).toString(), QStringLiteral("reasoning"));
    EXPECT_EQ(output[1].toObject().value(QLatin1String("type")).toString(), QStringLiteral("message"));
    for (const SseEvent &event : response.events) {
        if (event.event == "response.output_text.delta") {
            EXPECT_EQ(event.json().value(QLatin1String("output_index")).toInt(), 1);
        } else if (event.event == "response.reasoning_summary_text.delta") {
            EXPECT_EQ(event.json().value(QLatin1String("output_index")).toInt(-1), 0);
        }
    }
}

TEST(SimResponses, NonStreamingAnswersOneResponse)
{
    SimConfig config = fastSim();
    config.outputTokens = 4;
    StartedSim sim(config);
    const CapturedResponse response = postOnce(sim.port(), "/v1/responses", responsesBody(64, false));
    EXPECT_EQ(response.status, 200);
    const QJsonObject body = response.json();
    EXPECT_EQ(body.value(QLatin1String("object")).toString(), QStringLiteral("response"));
    EXPECT_EQ(body.value(QLatin1String("status")).toString(), QStringLiteral("completed"));
    EXPECT_EQ(body.value(QLatin1String("usage")).toObject().value(QLatin1String("output_tokens")).toInt(), 4);
    const QJsonArray output = body.value(QLatin1String("output")).toArray();
    ASSERT_EQ(output.size(), 1);
    EXPECT_FALSE(output[0].toObject().value(QLatin1String("content")).toArray().first().toObject()
                     .value(QLatin1String("text")).toString().isEmpty());
}

TEST(SimResponses, BearerKeyAndBadBodiesAnswerLikeOpenAi)
{
    StartedSim sim(keyedSim(QStringLiteral("sk-right")));
    RawClient client(sim.port());
    client.post("/v1/responses", responsesBody(3), "Authorization: Bearer sk-wrong\r\n");
    client.post("/v1/responses", R"({"model":"m"})", "Authorization: Bearer sk-right\r\n"); // no input
    client.post("/v1/responses", responsesBody(3), "Authorization: Bearer sk-right\r\n");
    ASSERT_TRUE(client.waitAll());
    EXPECT_EQ(client.responses()[0].status, 401);
    EXPECT_EQ(jsonAt(client.responses()[0].json(), {"error", "code"}).toString(), QStringLiteral("invalid_api_key"));
    EXPECT_EQ(client.responses()[1].status, 400);
    EXPECT_EQ(jsonAt(client.responses()[1].json(), {"error", "type"}).toString(),
              QStringLiteral("invalid_request_error"));
    EXPECT_EQ(summarizeResponses(client.responses()[2]).textDeltas, 3);
}

// ---- all routes ----

TEST(SimApis, EveryRouteOnOneKeptAliveConnectionGetsItsOwnIdKind)
{
    StartedSim sim(fastSim());
    RawClient client(sim.port());
    client.post("/v1/chat/completions", chatBody(2));
    client.post("/v1/messages", anthropicBody(2), anthropicHeaders());
    client.post("/v1/responses", responsesBody(2));
    client.post("/v1/completions", completionsBody(2));
    ASSERT_TRUE(client.waitAll());
    ASSERT_EQ(client.responses().size(), 4);
    EXPECT_TRUE(summarize(client.responses()[0]).ids.value(0).startsWith(QLatin1String("chatcmpl-")));
    EXPECT_TRUE(summarizeAnthropic(client.responses()[1]).id.startsWith(QLatin1String("msg_")));
    EXPECT_TRUE(summarizeResponses(client.responses()[2]).id.startsWith(QLatin1String("resp_")));
    EXPECT_TRUE(summarize(client.responses()[3]).ids.value(0).startsWith(QLatin1String("cmpl-")));
    EXPECT_FALSE(client.disconnected());
    QSet<QByteArray> requestIds;
    for (const CapturedResponse &response : client.responses())
        requestIds.insert(response.headers.value("x-request-id"));
    EXPECT_EQ(requestIds.size(), 4);
}
