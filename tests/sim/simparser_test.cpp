// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulator's pure pieces: HTTP request parsing, OpenAI request parsing, chunk framing.
#include "sim/chunkcomposer.h"
#include "sim/httprequestparser.h"
#include "sim/simrequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace TokenScope;

TEST(SimParser, RequestInManyPiecesComesOutWhole)
{
    const QByteArray raw = "POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n"
                           "Authorization:  Bearer k \r\n\r\nhello world";
    HttpRequestParser parser;
    HttpRequest request;
    for (qsizetype i = 0; i < raw.size() - 1; ++i) {
        parser.append(raw.mid(i, 1));
        ASSERT_EQ(parser.next(&request), HttpRequestParser::Status::NeedMore) << "after byte " << i;
    }
    parser.append(raw.right(1));
    ASSERT_EQ(parser.next(&request), HttpRequestParser::Status::Complete);
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.path, "/v1/chat/completions");
    EXPECT_EQ(request.header("authorization"), "Bearer k");
    EXPECT_EQ(request.body, "hello world");
    EXPECT_TRUE(request.keepAlive());
    EXPECT_FALSE(parser.hasBufferedBytes());
}

TEST(SimParser, PipelinedRequestsComeOutInOrder)
{
    HttpRequestParser parser;
    parser.append("GET /a HTTP/1.1\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 2\r\n\r\nokGET /c HTTP/1.0\r\n\r\n");
    HttpRequest request;
    ASSERT_EQ(parser.next(&request), HttpRequestParser::Status::Complete);
    EXPECT_EQ(request.path, "/a");
    ASSERT_EQ(parser.next(&request), HttpRequestParser::Status::Complete);
    EXPECT_EQ(request.path, "/b");
    EXPECT_EQ(request.body, "ok");
    ASSERT_EQ(parser.next(&request), HttpRequestParser::Status::Complete);
    EXPECT_EQ(request.path, "/c");
    EXPECT_FALSE(request.keepAlive()) << "HTTP/1.0 closes unless asked otherwise";
    EXPECT_EQ(parser.next(&request), HttpRequestParser::Status::NeedMore);
}

TEST(SimParser, BadRequestsAreRefused)
{
    HttpRequest request;
    HttpRequestParser garbage;
    garbage.append("hello\r\n\r\n");
    EXPECT_EQ(garbage.next(&request), HttpRequestParser::Status::Error);
    EXPECT_EQ(garbage.errorStatus(), 400);

    HttpRequestParser chunkedBody;
    chunkedBody.append("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n");
    EXPECT_EQ(chunkedBody.next(&request), HttpRequestParser::Status::Error);
    EXPECT_EQ(chunkedBody.errorStatus(), 411);

    HttpRequestParser endless;
    endless.append("GET / HTTP/1.1\r\nX: " + QByteArray(HttpRequestParser::MaxHeaderBytes + 10, 'a'));
    EXPECT_EQ(endless.next(&request), HttpRequestParser::Status::Error);
    EXPECT_EQ(endless.errorStatus(), 431);
}

TEST(SimParser, ExpectContinueIsReportedOnce)
{
    HttpRequestParser parser;
    parser.append("POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n");
    HttpRequest request;
    EXPECT_EQ(parser.next(&request), HttpRequestParser::Status::NeedMore);
    EXPECT_TRUE(parser.takeContinueRequest());
    EXPECT_FALSE(parser.takeContinueRequest());
    parser.append("abc");
    EXPECT_EQ(parser.next(&request), HttpRequestParser::Status::Complete);
}

TEST(SimParser, OpenAiRequestFields)
{
    SimRequest request;
    QString error;
    ASSERT_TRUE(parseSimRequest(SimApi::Chat,
                                R"({"model":"m","messages":[{"role":"system","content":"abcdefgh"},
                                    {"role":"user","content":[{"type":"text","text":"abcdefgh"}]}],
                                    "stream":true,"stream_options":{"include_usage":true}})",
                                &request, &error));
    EXPECT_EQ(request.model, QStringLiteral("m"));
    EXPECT_EQ(request.promptTokens, 2 + 2 + 2 * 3 + 3); // 8 letters 2 each, 3 per message, 3 for the primer
    EXPECT_EQ(request.messages, 2);
    EXPECT_EQ(request.maxTokens, 256);
    EXPECT_TRUE(request.stream);
    EXPECT_TRUE(request.includeUsage);

    ASSERT_TRUE(parseSimRequest(SimApi::Completions, R"({"prompt":"ab","max_completion_tokens":7})", &request, &error));
    EXPECT_EQ(request.promptTokens, 1 + 3 + 3) << "the prompt string is one message";
    EXPECT_EQ(request.maxTokens, 7);
    EXPECT_FALSE(request.stream);

    EXPECT_FALSE(parseSimRequest(SimApi::Chat, "[1,2]", &request, &error));
    EXPECT_FALSE(parseSimRequest(SimApi::Chat, R"({"messages":[],"max_tokens":-3})", &request, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(SimParser, ChunksAreFramedAsHttpChunksOfSseEvents)
{
    ChunkComposer composer;
    composer.begin(SimApi::Chat, "chatcmpl-x", QStringLiteral("a \"quoted\" model"), 1700000000);
    QByteArray out;
    composer.appendTextChunk(out, ChunkComposer::TextKind::Content, 0, 2);
    const qsizetype lineEnd = out.indexOf("\r\n");
    bool ok = false;
    const qsizetype size = out.left(lineEnd).toLongLong(&ok, 16);
    ASSERT_TRUE(ok);
    ASSERT_EQ(out.size(), lineEnd + 2 + size + 2);
    EXPECT_TRUE(out.endsWith("\n\n\r\n"));
    const QByteArray event = out.mid(lineEnd + 2, size);
    ASSERT_TRUE(event.startsWith("data: "));
    const QJsonObject chunk = QJsonDocument::fromJson(event.mid(6).trimmed()).object();
    EXPECT_EQ(chunk.value(QLatin1String("model")).toString(), QStringLiteral("a \"quoted\" model"));
    const QString text = chunk.value(QLatin1String("choices"))
                             .toArray()
                             .first()
                             .toObject()
                             .value(QLatin1String("delta"))
                             .toObject()
                             .value(QLatin1String("content"))
                             .toString();
    EXPECT_EQ(text, QString::fromLatin1(ChunkComposer::tokenText(0) + ChunkComposer::tokenText(1)));
}
