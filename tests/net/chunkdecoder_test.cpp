// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/chunkdecoder.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QString>

#include <gtest/gtest.h>

#include <map>

namespace {

using namespace TokenScope;
using Kind = ChunkInfo::Kind;

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// What a whole stream amounts to, the way the engine reads it.
struct Summary
{
    int events = 0;
    int textEvents = 0;
    int contentEvents = 0; ///< events with visible text
    int reasoningEvents = 0;
    QString firstId; ///< first non-empty response id
    int completionTokens = -1; ///< from the last event that carried usage
    int promptTokens = -1;
    bool done = false;
    bool streamError = false;
    QString errorMessage;
    int malformed = 0;
};

// The API whose stream a fixture holds, as its file name says.
StreamFormat formatOfFixture(const QString &name)
{
    if (name.startsWith(u"anthropic"))
        return StreamFormat::Anthropic;
    if (name.startsWith(u"responses") || name.contains(u"-responses-"))
        return StreamFormat::Responses;
    if (name.startsWith(u"gemini"))
        return StreamFormat::Gemini;
    return StreamFormat::OpenAi;
}

Summary summarize(const QByteArray &body, StreamFormat format)
{
    SseParser parser;
    QList<SseEvent> events;
    parser.feed(body, &events);
    parser.finish(&events);
    Summary s;
    for (const SseEvent &event : std::as_const(events)) {
        const ChunkInfo info = decodeChunk(event, format);
        ++s.events;
        if (info.hasText())
            ++s.textEvents;
        if (info.contentChars > 0)
            ++s.contentEvents;
        if (info.reasoningChars > 0)
            ++s.reasoningEvents;
        if (s.firstId.isEmpty())
            s.firstId = info.responseId;
        if (info.completionTokens >= 0)
            s.completionTokens = info.completionTokens;
        if (info.promptTokens >= 0)
            s.promptTokens = info.promptTokens;
        s.done = s.done || info.kind == Kind::Done;
        if (info.kind == Kind::StreamError && !s.streamError) {
            s.streamError = true;
            s.errorMessage = info.errorMessage;
        }
        if (info.kind == Kind::Malformed)
            ++s.malformed;
    }
    return s;
}

Summary summarizeFixture(const QString &dir, const QString &name)
{
    return summarize(readFile(dir + name), formatOfFixture(name));
}

// ---------------------------------------------------------------------------------------------
// Every captured fixture, against numbers counted by hand from the files (grep and reading), not
// computed by the code under test.

struct Expected
{
    int events;
    int textEvents;
    int contentEvents;
    int reasoningEvents;
    const char *firstId;
    int completionTokens; ///< -1: the stream carries no usage
    int promptTokens;
    bool done;
    bool streamError;
};

const std::map<QString, Expected> &fixtureExpectations()
{
    static const std::map<QString, Expected> table = {
        // message_start (input 20), content_block_start, ping, one text_delta "2", content_block_stop,
        // message_delta (output 5), message_stop.
        { QStringLiteral("anthropic-messages-text.sse"),
            { 7, 1, 1, 0, "msg_018E1hg8GoVTGEKQY3ovMcSJ", 5, 20, true, false } },
        // 14 thinking_delta but one of them is empty (line 50), 1 signature_delta, 95 text_delta.
        { QStringLiteral("anthropic-messages-thinking.sse"),
            { 118, 108, 95, 13, "msg_01ALwQ87pTS7hH1PjSdC9wJD", 282, 43, true, false } },
        // prompt_filter_results chunk (empty id, choices []), role chunk, 3 text, finish, [DONE]
        // without a blank line.
        { QStringLiteral("azure-openai-content-filter.sse"),
            { 7, 3, 3, 0, "chatcmpl-BleatwEUn3D8iXsgXpDqeOPEMuW3j", -1, -1, true, false } },
        // prompt filter, role, 4 text, finish, usage chunk; no [DONE].
        { QStringLiteral("azure-openai-model-router-reframed.sse"),
            { 8, 4, 4, 0, "chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt", 78, 15, false, false } },
        // role chunk (reasoning_content ""), 39 reasoning_content, 11 tool_calls fragments, finish
        // chunk carrying usage; no [DONE].
        { QStringLiteral("deepseek-reasoner-reframed.sse"),
            { 52, 39, 0, 39, "cca85624-4056-401f-b220-d77601d1f70d", 83, 339, false, false } },
        // Three events, each with several tokens; cumulative usageMetadata; no [DONE].
        { QStringLiteral("gemini-native-crlf.sse"), { 3, 3, 3, 0, "ru1garvBEoOiqtsP2fznmQw", 80, 18, false, false } },
        // role chunk, 93 `reasoning` deltas, `event: error`; no usage, no [DONE].
        { QStringLiteral("groq-error-in-stream.sse"),
            { 95, 93, 0, 93, "chatcmpl-4f39f3af-3267-4ac1-a0cf-6aa7451877dc", -1, -1, false, true } },
        // role, "Paris", finish, usage, [DONE].
        { QStringLiteral("huggingface-novita-sla-metrics.sse"),
            { 5, 1, 1, 0, "ebafdc26c3296ed027c5cd6565fa1bce", 2, 40, true, false } },
        // role, 30 text, finish, usage, [DONE].
        { QStringLiteral("openai-chat-include-usage-2024.sse"),
            { 34, 30, 30, 0, "chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL", 30, 14, true, false } },
        // role, 8 text, finish, usage, [DONE].
        { QStringLiteral("openai-chat-include-usage.sse"),
            { 12, 8, 8, 0, "chatcmpl-Dx0Xq5Xx9rHB2ehcHZCRDsnuymUXc", 9, 78, true, false } },
        // role, 48 text, finish, [DONE]; no usage anywhere.
        { QStringLiteral("openai-chat-obfuscation.sse"),
            { 51, 48, 48, 0, "chatcmpl-C4HqHBe4xca0k0EzsCnf1t6V3YFXp", -1, -1, true, false } },
        // role, finish (length), usage 100, [DONE]: no text at all.
        { QStringLiteral("openai-chat-reasoning-only-no-content.sse"),
            { 4, 0, 0, 0, "chatcmpl-C4Hq5a6K3RaPMymUv70btQNYv6SvY", 100, 12, true, false } },
        // 6 tool_calls fragments (the first also has the role), finish, usage, [DONE].
        { QStringLiteral("openai-chat-tool-calls.sse"),
            { 9, 0, 0, 0, "chatcmpl-Dx0XpqH8w09uBXwq1zFGYdETjtnEl", 15, 53, true, false } },
        // 25 choices[].text chunks, usage chunk (choices [] after usage), [DONE].
        { QStringLiteral("openai-completions-include-usage.sse"),
            { 27, 25, 25, 0, "cmpl-CKzHhit4D82m3cp2zRTC2fpTNlJCX", 25, 31, true, false } },
        // 25 text chunks (the last with finish_reason), [DONE].
        { QStringLiteral("openai-completions.sse"),
            { 26, 25, 25, 0, "cmpl-CKz4pmtksE5Tg3sqmeOXcZtoQEw7O", -1, -1, true, false } },
        // created, in_progress, item added, part added, 7 output_text.delta, text done, part done,
        // item done, completed.
        { QStringLiteral("openai-responses-text-2025-03.sse"),
            { 15, 7, 7, 0, "resp_67e554a21aa88191b65876ac5e5bbe0406c52f0e511c76ed", 9, 278, true, false } },
        // The same shape with 9 output_text.delta events.
        { QStringLiteral("openai-responses-text-obfuscation.sse"),
            { 17, 9, 9, 0, "resp_0ecff685e411ca7b0069e063569c7c819bbc74c80d853802e6", 10, 25, true, false } },
        // 2 reasoning chunks, an empty finish chunk, the error chunk carrying usage, [DONE].
        { QStringLiteral("openrouter-error-in-stream.sse"),
            { 5, 2, 0, 2, "gen-1762179802-UN8pkJI4AGZvryk0kFnb", 10, 43, true, true } },
        // 3 `reasoning` chunks and 2 content chunks among 14 JSON chunks, then [DONE].
        { QStringLiteral("openrouter-reasoning-processing-comments.sse"),
            { 15, 5, 2, 3, "gen-1765226419-AGrwjunAftQIAgweibL8", 36, 43, true, false } },
        // role (usage 0), 25 text (usage 1..25), finish with content "" (26), usage chunk, [DONE]
        // without a line end.
        { QStringLiteral("vllm-continuous-usage-stats.sse"),
            { 29, 25, 25, 0, "chat-b183bb5829194e8891cacceabfdb5274", 26, 46, true, false } },
        // role, 13 text, finish, usage, [DONE].
        { QStringLiteral("vllm-include-usage.sse"),
            { 17, 13, 13, 0, "chatcmpl-bcfbe349402eb3d2", 14, 46, true, false } },
    };
    return table;
}

TEST(ChunkFixtures, EveryFixtureMatchesHandCountedExpectations)
{
    const QString dir = QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse");
    const QStringList names = QDir(dir).entryList({ QStringLiteral("*.sse") }, QDir::Files, QDir::Name);
    EXPECT_EQ(names.size(), 21);
    EXPECT_EQ(fixtureExpectations().size(), size_t(21));
    for (const QString &name : names) {
        SCOPED_TRACE(name.toStdString());
        const auto it = fixtureExpectations().find(name);
        ASSERT_TRUE(it != fixtureExpectations().end()) << "no expectation for this fixture";
        const Expected &e = it->second;
        const Summary s = summarizeFixture(dir + u'/', name);
        EXPECT_EQ(s.events, e.events);
        EXPECT_EQ(s.textEvents, e.textEvents);
        EXPECT_EQ(s.contentEvents, e.contentEvents);
        EXPECT_EQ(s.reasoningEvents, e.reasoningEvents);
        EXPECT_EQ(s.firstId, QString::fromLatin1(e.firstId));
        EXPECT_EQ(s.completionTokens, e.completionTokens);
        EXPECT_EQ(s.promptTokens, e.promptTokens);
        EXPECT_EQ(s.done, e.done);
        EXPECT_EQ(s.streamError, e.streamError);
        EXPECT_EQ(s.malformed, 0) << "every fixture is valid JSON";
    }
}

TEST(ChunkFixtures, ErrorMessagesComeFromTheServer)
{
    const QString dir = QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse/");
    EXPECT_EQ(summarizeFixture(dir, QStringLiteral("openrouter-error-in-stream.sse")).errorMessage,
        QStringLiteral("Token limit reached"));
    const Summary groq = summarizeFixture(dir, QStringLiteral("groq-error-in-stream.sse"));
    EXPECT_TRUE(groq.errorMessage.startsWith(u"Tool call validation failed: tool call validation failed: "))
        << groq.errorMessage.toStdString();
    EXPECT_TRUE(groq.errorMessage.endsWith(u"additionalProperties 'invalid_param' not allowed]"))
        << groq.errorMessage.toStdString();
}

TEST(ChunkFixtures, HandWrittenExtras)
{
    const QString dir = QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse-extra/");
    const Summary anthropic = summarizeFixture(dir, QStringLiteral("anthropic-overloaded-error.sse"));
    EXPECT_EQ(anthropic.events, 5);
    EXPECT_EQ(anthropic.textEvents, 1);
    EXPECT_EQ(anthropic.firstId, QStringLiteral("msg_handwritten01"));
    EXPECT_EQ(anthropic.promptTokens, 12);
    EXPECT_EQ(anthropic.completionTokens, -1); // message_start's output_tokens:1 is not a count
    EXPECT_FALSE(anthropic.done);
    EXPECT_TRUE(anthropic.streamError);
    EXPECT_EQ(anthropic.errorMessage, QStringLiteral("Overloaded (overloaded_error)"));

    const Summary responses = summarizeFixture(dir, QStringLiteral("responses-reasoning-summary.sse"));
    EXPECT_EQ(responses.events, 6);
    EXPECT_EQ(responses.textEvents, 3);
    EXPECT_EQ(responses.reasoningEvents, 2);
    EXPECT_EQ(responses.contentEvents, 1);
    EXPECT_EQ(responses.firstId, QStringLiteral("resp_handwritten01"));
    EXPECT_EQ(responses.completionTokens, 21);
    EXPECT_EQ(responses.promptTokens, 7);
    EXPECT_TRUE(responses.done);
    EXPECT_FALSE(responses.streamError);
}

// ---------------------------------------------------------------------------------------------
// Unit tests, one shape at a time.

ChunkInfo decode(const char *data, const char *eventName = "", StreamFormat format = StreamFormat::OpenAi)
{
    SseEvent event;
    event.event = eventName;
    event.data = data;
    return decodeChunk(event, format);
}

ChunkInfo responses(const char *data, const char *eventName = "")
{
    return decode(data, eventName, StreamFormat::Responses);
}

ChunkInfo anthropic(const char *data, const char *eventName = "")
{
    return decode(data, eventName, StreamFormat::Anthropic);
}

ChunkInfo gemini(const char *data, const char *eventName = "")
{
    return decode(data, eventName, StreamFormat::Gemini);
}

TEST(ChunkDecoder, RoleOnlyChunkIsNotText)
{
    const ChunkInfo info = decode(
        R"({"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant"},"finish_reason":null}]})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_FALSE(info.hasText());
    EXPECT_EQ(info.responseId, QStringLiteral("c1"));
    EXPECT_FALSE(info.emptyChoices);
    EXPECT_EQ(info.completionTokens, -1);
}

TEST(ChunkDecoder, EmptyContentIsNotText)
{
    // OpenAI's first chunk: role, content "" and refusal null.
    EXPECT_FALSE(
        decode(R"({"id":"c","choices":[{"index":0,"delta":{"role":"assistant","content":"","refusal":null}}]})")
            .hasText());
    EXPECT_FALSE(decode(R"({"id":"c","choices":[{"index":0,"delta":{"content":""}}]})").hasText());
    EXPECT_FALSE(decode(R"({"id":"c","choices":[{"index":0,"delta":{"content":null}}]})").hasText());
    EXPECT_FALSE(decode(R"({"id":"c","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})").hasText());
}

TEST(ChunkDecoder, ContentIsText)
{
    const ChunkInfo info = decode(R"({"id":"c","choices":[{"index":0,"delta":{"content":" London"}}],"usage":null})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_EQ(info.contentChars, 7);
    EXPECT_EQ(info.reasoningChars, 0);
    EXPECT_TRUE(info.hasText());
    EXPECT_EQ(info.completionTokens, -1); // usage: null is absent
    EXPECT_EQ(info.promptTokens, -1);
}

TEST(ChunkDecoder, CharsAreQCharLength)
{
    EXPECT_EQ(decode(R"({"choices":[{"delta":{"content":"你好"}}]})").contentChars, 2);
    // Outside the BMP: a surrogate pair is two QChars.
    EXPECT_EQ(decode("{\"choices\":[{\"delta\":{\"content\":\"\xF0\x9F\x98\x80\"}}]}").contentChars, 2);
    EXPECT_EQ(decode(R"({"choices":[{"delta":{"content":"\u2019d"}}]})").contentChars, 2);
}

TEST(ChunkDecoder, ReasoningContentIsTextButNotContent)
{
    const ChunkInfo info = decode(
        R"({"id":"d","choices":[{"index":0,"delta":{"content":null,"reasoning_content":"The"}}],"usage":null})");
    EXPECT_TRUE(info.hasText());
    EXPECT_EQ(info.reasoningChars, 3);
    EXPECT_EQ(info.contentChars, 0);
}

TEST(ChunkDecoder, ReasoningFieldIsReasoning)
{
    // Groq / OpenRouter name it `reasoning`; OpenRouter also sends reasoning_details (not counted twice).
    const ChunkInfo info = decode(
        R"({"choices":[{"delta":{"role":"assistant","content":"","reasoning":"This","reasoning_details":[{"type":"reasoning.text","text":"This"}]}}]})");
    EXPECT_EQ(info.reasoningChars, 4);
    EXPECT_EQ(info.contentChars, 0);
    EXPECT_EQ(decode(R"({"choices":[{"delta":{"reasoning":null,"content":""}}]})").reasoningChars, 0);
}

TEST(ChunkDecoder, ReasoningUnderBothNamesCountsOnce)
{
    const ChunkInfo info = decode(R"({"choices":[{"delta":{"reasoning_content":"abc","reasoning":"abc"}}]})");
    EXPECT_EQ(info.reasoningChars, 3);
}

TEST(ChunkDecoder, ContentAndReasoningInOneChunk)
{
    const ChunkInfo info = decode(R"({"choices":[{"delta":{"reasoning_content":"ab","content":"xyz"}}]})");
    EXPECT_EQ(info.reasoningChars, 2);
    EXPECT_EQ(info.contentChars, 3);
}

TEST(ChunkDecoder, ToolCallFragmentsAreNotText)
{
    const ChunkInfo info = decode(
        R"({"id":"t","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"country"}}]}}],"usage":null})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_FALSE(info.hasText());
}

TEST(ChunkDecoder, RefusalIsVisibleText)
{
    EXPECT_EQ(decode(R"({"choices":[{"delta":{"refusal":"No."}}]})").contentChars, 3);
}

TEST(ChunkDecoder, LegacyTextCompletion)
{
    const ChunkInfo info = decode(
        R"({"id":"cmpl-1","object":"text_completion","choices":[{"text":" fib","index":0,"logprobs":null,"finish_reason":null}],"usage":null})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_EQ(info.contentChars, 4);
    EXPECT_EQ(info.responseId, QStringLiteral("cmpl-1"));
    EXPECT_EQ(decode(R"({"object":"text_completion","choices":[{"text":""}]})").hasText(), false);
}

TEST(ChunkDecoder, UsageWithEmptyChoices)
{
    const ChunkInfo info
        = decode(R"({"id":"u","choices":[],"usage":{"prompt_tokens":78,"completion_tokens":9,"total_tokens":87}})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_TRUE(info.emptyChoices);
    EXPECT_FALSE(info.hasText());
    EXPECT_EQ(info.completionTokens, 9);
    EXPECT_EQ(info.promptTokens, 78);
}

TEST(ChunkDecoder, EmptyChoicesWithoutUsage)
{
    const ChunkInfo info = decode(R"({"choices":[],"created":0,"id":"","prompt_filter_results":[]})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_TRUE(info.emptyChoices);
    EXPECT_TRUE(info.responseId.isEmpty());
    EXPECT_EQ(info.completionTokens, -1);
}

TEST(ChunkDecoder, UsageOnEveryChunkIsReportedPerEvent)
{
    const ChunkInfo info = decode(
        R"({"choices":[{"delta":{"content":"Hello"}}],"usage":{"prompt_tokens":46,"total_tokens":47,"completion_tokens":1}})");
    EXPECT_EQ(info.contentChars, 5);
    EXPECT_EQ(info.completionTokens, 1);
    EXPECT_EQ(info.promptTokens, 46);
}

TEST(ChunkDecoder, GroqUsageInsideXGroq)
{
    const ChunkInfo info = decode(
        R"({"id":"g","choices":[{"delta":{},"finish_reason":"stop"}],"x_groq":{"id":"req","usage":{"prompt_tokens":5,"completion_tokens":7}}})");
    EXPECT_EQ(info.completionTokens, 7);
    EXPECT_EQ(info.promptTokens, 5);
}

TEST(ChunkDecoder, Done)
{
    EXPECT_EQ(decode("[DONE]").kind, Kind::Done);
    EXPECT_EQ(decode(" [DONE] ").kind, Kind::Done);
    EXPECT_FALSE(decode("[DONE]").hasText());
}

TEST(ChunkDecoder, EmptyDataIsIgnored)
{
    EXPECT_EQ(decode("").kind, Kind::Ignored);
    EXPECT_EQ(decode(" ").kind, Kind::Ignored);
}

TEST(ChunkDecoder, MalformedJsonReportsParserMessageAndOffset)
{
    const char *broken = R"({"id":"x","choices":[{"delta":{"content":"a"}})";
    QJsonParseError expected;
    QJsonDocument::fromJson(broken, &expected);
    ASSERT_NE(expected.error, QJsonParseError::NoError);

    const ChunkInfo info = decode(broken);
    EXPECT_EQ(info.kind, Kind::Malformed);
    EXPECT_FALSE(info.hasText());
    EXPECT_TRUE(info.errorMessage.contains(expected.errorString())) << info.errorMessage.toStdString();
    EXPECT_TRUE(info.errorMessage.contains(QString::number(expected.offset))) << info.errorMessage.toStdString();

    EXPECT_EQ(decode("not json").kind, Kind::Malformed);
    EXPECT_EQ(decode("[1,2]").kind, Kind::Malformed); // valid JSON, but not a chunk
}

TEST(ChunkDecoder, ErrorObjectInStream)
{
    const ChunkInfo info
        = decode(R"({"error":{"message":"The server had an error","type":"server_error","code":null}})");
    EXPECT_EQ(info.kind, Kind::StreamError);
    EXPECT_EQ(info.errorMessage, QStringLiteral("The server had an error"));
}

TEST(ChunkDecoder, ErrorChunkKeepsIdAndUsage)
{
    const ChunkInfo info = decode(
        R"({"id":"gen-1","error":{"code":400,"message":"Token limit reached"},"choices":[{"delta":{"role":"assistant","content":""}}],"usage":{"prompt_tokens":43,"completion_tokens":10}})");
    EXPECT_EQ(info.kind, Kind::StreamError);
    EXPECT_EQ(info.errorMessage, QStringLiteral("Token limit reached"));
    EXPECT_EQ(info.responseId, QStringLiteral("gen-1"));
    EXPECT_EQ(info.completionTokens, 10);
}

TEST(ChunkDecoder, NullErrorIsNotAnError)
{
    EXPECT_EQ(decode(R"({"id":"c","error":null,"choices":[{"delta":{"content":"a"}}]})").kind, Kind::Data);
}

TEST(ChunkDecoder, NamedErrorEvent)
{
    const ChunkInfo json = decode(R"({"error":{"message":"tool_use_failed","status_code":400}})", "error");
    EXPECT_EQ(json.kind, Kind::StreamError);
    EXPECT_EQ(json.errorMessage, QStringLiteral("tool_use_failed"));

    const ChunkInfo text = decode("Internal Server Error", "error");
    EXPECT_EQ(text.kind, Kind::StreamError);
    EXPECT_EQ(text.errorMessage, QStringLiteral("Internal Server Error"));
}

TEST(ChunkDecoder, ErrorWithoutMessageStillSaysSomething)
{
    const ChunkInfo info = decode(R"({"error":{"code":500}})");
    EXPECT_EQ(info.kind, Kind::StreamError);
    EXPECT_FALSE(info.errorMessage.isEmpty());
    EXPECT_EQ(decode(R"({"error":{"code":429,"metadata":{"raw":"upstream busy"}}})").errorMessage,
        QStringLiteral("upstream busy"));
}

TEST(ChunkDecoder, ResponsesApi)
{
    const ChunkInfo created = responses(
        R"({"type":"response.created","response":{"id":"resp_1","status":"in_progress","error":null,"usage":null}})",
        "response.created");
    EXPECT_EQ(created.kind, Kind::Data);
    EXPECT_EQ(created.responseId, QStringLiteral("resp_1"));
    EXPECT_FALSE(created.hasText());
    EXPECT_EQ(created.completionTokens, -1);

    const ChunkInfo text = responses(
        R"({"type":"response.output_text.delta","item_id":"msg","delta":"The"})", "response.output_text.delta");
    EXPECT_EQ(text.contentChars, 3);
    EXPECT_EQ(text.reasoningChars, 0);

    EXPECT_EQ(responses(R"({"type":"response.reasoning_text.delta","delta":"hmm"})").reasoningChars, 3);
    EXPECT_EQ(responses(R"({"type":"response.reasoning_summary_text.delta","delta":"ok"})").reasoningChars, 2);
    EXPECT_FALSE(responses(R"({"type":"response.output_text.done","text":"The capital"})").hasText());
    EXPECT_FALSE(responses(R"({"type":"response.content_part.added","part":{"type":"output_text","text":""}})").hasText());

    const ChunkInfo completed = responses(
        R"({"type":"response.completed","response":{"id":"resp_1","status":"completed","error":null,"usage":{"input_tokens":278,"output_tokens":9,"total_tokens":287}}})");
    EXPECT_EQ(completed.kind, Kind::Done);
    EXPECT_EQ(completed.responseId, QStringLiteral("resp_1"));
    EXPECT_EQ(completed.completionTokens, 9);
    EXPECT_EQ(completed.promptTokens, 278);

    const ChunkInfo failed = responses(
        R"({"type":"response.failed","response":{"id":"resp_1","status":"failed","error":{"code":"server_error","message":"went wrong"}}})");
    EXPECT_EQ(failed.kind, Kind::StreamError);
    EXPECT_EQ(failed.errorMessage, QStringLiteral("went wrong"));

    const ChunkInfo error
        = responses(R"({"type":"error","code":"rate_limit_exceeded","message":"slow down","param":null})", "error");
    EXPECT_EQ(error.kind, Kind::StreamError);
    EXPECT_EQ(error.errorMessage, QStringLiteral("slow down"));
}

TEST(ChunkDecoder, AnthropicMessages)
{
    const ChunkInfo start = anthropic(
        R"({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"usage":{"input_tokens":20,"output_tokens":1}}            })",
        "message_start");
    EXPECT_EQ(start.kind, Kind::Data);
    EXPECT_EQ(start.responseId, QStringLiteral("msg_1"));
    EXPECT_EQ(start.promptTokens, 20);
    EXPECT_EQ(start.completionTokens, -1);
    EXPECT_FALSE(start.hasText());

    EXPECT_FALSE(
        anthropic(R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})").hasText());

    const ChunkInfo text
        = anthropic(R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"2"}      })",
            "content_block_delta");
    EXPECT_EQ(text.kind, Kind::Data);
    EXPECT_EQ(text.contentChars, 1);

    const ChunkInfo thinking
        = anthropic(R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Let me"}})");
    EXPECT_EQ(thinking.reasoningChars, 6);
    EXPECT_EQ(thinking.contentChars, 0);

    EXPECT_FALSE(anthropic(R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":""}})")
                     .hasText());
    EXPECT_FALSE(
        anthropic(R"({"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"Eu8B"}})")
            .hasText());
    EXPECT_FALSE(
        anthropic(R"({"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a"}})")
            .hasText());

    const ChunkInfo delta = anthropic(
        R"({"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":20,"output_tokens":5}       })",
        "message_delta");
    EXPECT_EQ(delta.kind, Kind::Data);
    EXPECT_EQ(delta.completionTokens, 5);
    EXPECT_EQ(delta.promptTokens, 20);
    EXPECT_FALSE(delta.emptyChoices);

    EXPECT_EQ(anthropic(R"({"type":"message_stop"    })", "message_stop").kind, Kind::Done);
    EXPECT_EQ(anthropic(R"({"type": "ping"})", "ping").kind, Kind::Ignored);
    EXPECT_EQ(anthropic(R"({"type": "ping"})").kind, Kind::Ignored);

    const ChunkInfo error
        = anthropic(R"({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})", "error");
    EXPECT_EQ(error.kind, Kind::StreamError);
    EXPECT_EQ(error.errorMessage, QStringLiteral("Overloaded (overloaded_error)")) << "the type says a retry may help";
    EXPECT_FALSE(error.finishes);
}

// What says a stream is complete, apart from `[DONE]` itself (docs/metrics.md).
TEST(ChunkDecoder, FinishSignalsOfEveryFormat)
{
    const ChunkInfo done = decode("[DONE]");
    EXPECT_TRUE(done.endMarker);
    EXPECT_EQ(done.kind, Kind::Done);

    EXPECT_TRUE(decode(R"({"id":"c","choices":[{"delta":{},"finish_reason":"stop"}]})").finishes);
    EXPECT_TRUE(decode(R"({"id":"c","choices":[{"text":"","finish_reason":"length"}]})").finishes);
    EXPECT_FALSE(decode(R"({"id":"c","choices":[{"delta":{"content":"a"},"finish_reason":null}]})").finishes);
    EXPECT_FALSE(decode(R"({"id":"c","choices":[{"delta":{"content":"a"}}]})").endMarker);

    const ChunkInfo stop = anthropic(R"({"type":"message_stop"})");
    EXPECT_TRUE(stop.finishes);
    EXPECT_FALSE(stop.endMarker) << "Anthropic sends no [DONE]";
    EXPECT_FALSE(anthropic(R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}})")
                     .finishes);

    EXPECT_TRUE(responses(R"({"type":"response.completed","response":{"id":"r"}})").finishes);
    EXPECT_TRUE(responses(R"({"type":"response.incomplete","response":{"id":"r"}})").finishes);
    EXPECT_FALSE(responses(R"({"type":"response.failed","response":{"id":"r","error":{"message":"x"}}})").finishes);
    EXPECT_FALSE(responses(R"({"type":"response.output_text.delta","delta":"a"})").finishes);

    EXPECT_TRUE(gemini(R"({"candidates":[{"content":{"parts":[]},"finishReason":"STOP"}]})").finishes);
}

TEST(ChunkDecoder, CachedTokensOfEveryFormat)
{
    EXPECT_EQ(decode(R"({"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":1,"prompt_tokens_details":{"cached_tokens":6}}})")
                  .cachedTokens,
        6);
    EXPECT_EQ(decode(R"({"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":1,"prompt_cache_hit_tokens":4}})")
                  .cachedTokens,
        4)
        << "DeepSeek's name";
    EXPECT_EQ(decode(R"({"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":1}})").cachedTokens, -1);
    EXPECT_EQ(anthropic(R"({"type":"message_start","message":{"id":"m","usage":{"input_tokens":3,"cache_read_input_tokens":2048}}})")
                  .cachedTokens,
        2048);
    EXPECT_EQ(anthropic(R"({"type":"message_delta","usage":{"output_tokens":5,"cache_read_input_tokens":7}})").cachedTokens,
        7);
    EXPECT_EQ(responses(R"({"type":"response.completed","response":{"id":"r","usage":{"input_tokens":9,"output_tokens":2,"input_tokens_details":{"cached_tokens":5}}}})")
                  .cachedTokens,
        5);
}

TEST(ChunkDecoder, GeminiNative)
{
    const ChunkInfo info = gemini(
        R"({"candidates": [{"content": {"parts": [{"text": "plan", "thought": true}, {"text": "1\n2"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 18,"candidatesTokenCount": 31,"thoughtsTokenCount": 35},"modelVersion": "gemini-2.5-flash","responseId": "r1"})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_EQ(info.reasoningChars, 4);
    EXPECT_EQ(info.contentChars, 3);
    EXPECT_EQ(info.completionTokens, 31);
    EXPECT_EQ(info.promptTokens, 18);
    EXPECT_EQ(info.responseId, QStringLiteral("r1"));

    const ChunkInfo usageOnly = gemini(R"({"usageMetadata": {"promptTokenCount": 3}})");
    EXPECT_FALSE(usageOnly.hasText());
    EXPECT_EQ(usageOnly.promptTokens, 3);
    EXPECT_EQ(usageOnly.completionTokens, -1);

    const ChunkInfo error
        = gemini(R"({"error": {"code": 429, "message": "Resource exhausted", "status": "RESOURCE_EXHAUSTED"}})");
    EXPECT_EQ(error.kind, Kind::StreamError);
    EXPECT_EQ(error.errorMessage, QStringLiteral("Resource exhausted"));
}

// The decoder is told the API instead of guessing it from the JSON's shape: an OpenAI-compatible
// usage chunk that carries a `type` and no `choices` (some gateways add one) was read as an
// Anthropic event, and its usage was lost.
TEST(ChunkDecoder, TheRequestsApiDecidesHowAChunkIsRead)
{
    const char *usage = R"({"id":"gw-1","type":"chunk","usage":{"prompt_tokens":9,"completion_tokens":31}})";
    const ChunkInfo asOpenAi = decode(usage);
    EXPECT_EQ(asOpenAi.kind, Kind::Data);
    EXPECT_EQ(asOpenAi.completionTokens, 31);
    EXPECT_EQ(asOpenAi.promptTokens, 9);
    EXPECT_EQ(asOpenAi.responseId, QStringLiteral("gw-1"));
    EXPECT_EQ(anthropic(usage).completionTokens, -1) << "the same bytes mean nothing to the Anthropic reader";
}

TEST(ChunkDecoder, UnknownJsonIsDataWithoutText)
{
    const ChunkInfo info = decode(R"({"hello":"world"})");
    EXPECT_EQ(info.kind, Kind::Data);
    EXPECT_FALSE(info.hasText());
}

} // namespace
