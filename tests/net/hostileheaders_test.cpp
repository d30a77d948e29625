// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Hostile input against a peer that records every byte: custom headers that would smuggle a request
// or break the framing (docs/metrics.md#custom-headers), a server that keeps a stream alive with
// comments forever (docs/metrics.md#request-deadline), and same-origin 307/308 redirects.
#include "net/failure.h"
#include "net/headerrules.h"
#include "net/requestbuilder.h"
#include "support/enginerun.h"
#include "support/hostilepeer.h"
#include "testpaths.h"

#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <atomic>
#include <memory>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

const QByteArray kToken = QByteArrayLiteral("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}]}\n\n");
const QByteArray kDone = QByteArrayLiteral("data: [DONE]\n\n");

// A complete chat stream with a Content-Length, so that it ends on a kept-open connection too.
QByteArray sseWithLength(const QByteArray &body)
{
    return QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: ")
        + QByteArray::number(body.size()) + QByteArrayLiteral("\r\n\r\n") + body;
}

QList<ReplayRequest> posts(const HostilePeer &peer)
{
    QList<ReplayRequest> out;
    for (const ReplayRequest &r : peer.requests()) {
        if (r.method == "POST")
            out.append(r);
    }
    return out;
}

struct CliResult
{
    int exitCode = -1;
    QByteArray out, err;
};

CliResult runCli(const QStringList &args)
{
    QProcess process;
    QProcessEnvironment env = environmentWithApiKey(QStringLiteral("sk-test-hostile-headers"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    EXPECT_TRUE(process.waitForFinished(60000)) << "tokenscope-cli did not finish";
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError() };
}

QStringList runArgs(const HostilePeer &peer, const QStringList &extra)
{
    return QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), peer.baseUrl() + QStringLiteral("/v1"),
        QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--concurrency"), QStringLiteral("1"),
        QStringLiteral("--requests"), QStringLiteral("1"), QStringLiteral("--warmup"), QStringLiteral("0"),
        QStringLiteral("--no-preconnect"), QStringLiteral("--timeout"), QStringLiteral("10") }
    + transportArgs() + extra;
}

} // namespace

TEST(HostileHeadersCli, ASmugglingHeaderIsRefusedAndNothingReachesTheServer)
{
    HostilePeer peer(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(peer.start());
    const CliResult r = runCli(
        runArgs(peer, { QStringLiteral("--header"), QStringLiteral("X: a\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x") }));
    EXPECT_NE(r.exitCode, 0);
    EXPECT_TRUE(r.err.contains("header X")) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("control character")) << r.err.toStdString();
    EXPECT_EQ(peer.requests().size(), 0);
    EXPECT_EQ(peer.connections(), 0);
}

TEST(HostileHeadersCli, HeadersTheTransportOwnsAreRefused)
{
    HostilePeer peer(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(peer.start());
    for (const QString &header : { QStringLiteral("Content-Length: 5"), QStringLiteral("Transfer-Encoding: chunked"),
             QStringLiteral("Host: evil.example"), QStringLiteral("connection: close") }) {
        const CliResult r = runCli(runArgs(peer, { QStringLiteral("--header"), header }));
        EXPECT_NE(r.exitCode, 0) << header.toStdString();
        const QByteArray named = QByteArray("header ") + header.section(u':', 0, 0).toUtf8();
        EXPECT_TRUE(r.err.contains(named)) << r.err.toStdString();
        EXPECT_TRUE(r.err.contains("transport writes it itself")) << r.err.toStdString();
    }
    EXPECT_EQ(peer.requests().size(), 0);
}

TEST(HostileHeadersCli, AValidCustomHeaderArrivesExactlyOnce)
{
    HostilePeer peer(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(peer.start());
    const CliResult r = runCli(runArgs(peer, { QStringLiteral("--header"), QStringLiteral("X-Trace: abc") }));
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QList<ReplayRequest> sent = posts(peer);
    ASSERT_EQ(sent.size(), 1);
    EXPECT_EQ(sent[0].headerCount("x-trace"), 1);
    EXPECT_EQ(sent[0].header("x-trace"), "abc");
    EXPECT_EQ(sent[0].headerCount("content-length"), 1);
    EXPECT_EQ(sent[0].header("content-length").toInt(), sent[0].body.size());
    EXPECT_EQ(sent[0].headerCount("transfer-encoding"), 0);
}

TEST(HostileHeadersCli, TheKeyHeaderIsReplacedOnlyWhenAskedTo)
{
    HostilePeer peer(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(peer.start());
    CliResult r = runCli(runArgs(peer, { QStringLiteral("--header"), QStringLiteral("Authorization: Bearer other") }));
    EXPECT_NE(r.exitCode, 0);
    EXPECT_TRUE(r.err.contains("--replace-auth-header")) << r.err.toStdString();
    EXPECT_EQ(peer.requests().size(), 0);

    r = runCli(runArgs(peer,
        { QStringLiteral("--header"), QStringLiteral("Authorization: Bearer other"),
            QStringLiteral("--replace-auth-header") }));
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QList<ReplayRequest> sent = posts(peer);
    ASSERT_EQ(sent.size(), 1);
    EXPECT_EQ(sent[0].headerCount("authorization"), 1);
    EXPECT_EQ(sent[0].header("authorization"), "Bearer other");
}

TEST(HostileHeadersRule, OneRuleForNamesValuesAndOwnedHeaders)
{
    EXPECT_TRUE(HeaderRules::problem("X-Trace", "a\tb", ApiKind::ChatCompletions, false).isEmpty());
    EXPECT_FALSE(HeaderRules::problem("X Trace", "a", ApiKind::ChatCompletions, false).isEmpty());
    EXPECT_FALSE(HeaderRules::problem("X-Trace", QByteArray("a\0b", 3), ApiKind::ChatCompletions, false).isEmpty());
    EXPECT_FALSE(HeaderRules::problem("X-Trace", "a\nb", ApiKind::ChatCompletions, false).isEmpty());
    EXPECT_FALSE(HeaderRules::problem("TE", "trailers", ApiKind::ChatCompletions, false).isEmpty());
    // The key header is the API kind's: Anthropic's is x-api-key, so Authorization passes there.
    EXPECT_FALSE(HeaderRules::problem("x-api-key", "k", ApiKind::AnthropicMessages, false).isEmpty());
    EXPECT_TRUE(HeaderRules::problem("Authorization", "Bearer t", ApiKind::AnthropicMessages, false).isEmpty());
    EXPECT_TRUE(HeaderRules::problem("x-api-key", "k", ApiKind::AnthropicMessages, true).isEmpty());
}

TEST(HostileHeadersEngine, AConfigFromAFileWithCrLfNeverReachesTheServer)
{
    // A profile loaded from a settings file never went through the form: the run check refuses it.
    HostilePeer peer(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(peer.start());
    RunConfig config = quickConfig(peer.baseUrl() + QStringLiteral("/v1"), 1, 1, 8);
    config.preconnect = false;
    config.headers = { { "X", "a\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x" } };
    const QString message = runFailureOf(config, 20000);
    EXPECT_TRUE(message.contains(QStringLiteral("control character"))) << message.toStdString();
    EXPECT_EQ(peer.connections(), 0);
    // And whoever builds a request from it, the header is left off.
    const QList<RequestHeader> headers = RequestBuilder::requestHeaders(config);
    for (const RequestHeader &h : headers)
        EXPECT_NE(h.name, "X");
}

TEST(HostileHeadersDeadline, KeepAliveCommentsForeverEndAsDeadlineAndTheRunGoesOn)
{
    // The first request gets one token, then a comment every 200 ms for a minute, then nothing more;
    // every other request a normal stream.
    auto served = std::make_shared<std::atomic<int>>(0);
    HostileScript script;
    script.ending = HostileScript::Ending::Close;
    script.answer = [served](const ReplayRequest &) {
        if (served->fetch_add(1) > 0)
            return QList<HostileStep> { { sseWithLength(kToken + kToken + kDone), 0 } };
        QList<HostileStep> steps { { QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                                       "Connection: close\r\n\r\n")
                + kToken,
            0 } };
        for (int i = 0; i < 300; ++i)
            steps.append({ QByteArrayLiteral(": keep-alive\n\n"), 200 });
        return steps;
    };
    HostilePeer peer(script);
    ASSERT_TRUE(peer.start());
    RunConfig config = quickConfig(peer.baseUrl() + QStringLiteral("/v1"), 1, 2, 8);
    config.preconnect = false;
    config.timeoutMs = 3000; // inactivity: the comments keep resetting it
    config.requestDeadlineMs = 1000;
    const RunResult run = runAndWait(config, 30000); // far below the minute of comments
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 2);
    EXPECT_EQ(records[0].errorKind.toStdString(), "deadline") << records[0].errorMessage.toStdString();
    EXPECT_FALSE(records[0].ok);
    EXPECT_TRUE(records[0].errorMessage.contains(QStringLiteral("request deadline")));
    EXPECT_TRUE(records[1].ok) << records[1].errorKind.toStdString() << ": " << records[1].errorMessage.toStdString();
    EXPECT_EQ(failureKindName(FailureKind::Deadline).toStdString(), "deadline");
}

TEST(HostileHeadersDeadline, TheCliTakesRequestDeadlineAndRecordsIt)
{
    HostilePeer peer(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(peer.start());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const CliResult r = runCli(runArgs(
        peer, { QStringLiteral("--request-deadline"), QStringLiteral("2.5"), QStringLiteral("--out"), dir.path() }));
    EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
    QFile summary(dir.filePath(QStringLiteral("summary.json")));
    ASSERT_TRUE(summary.open(QIODevice::ReadOnly));
    EXPECT_TRUE(summary.readAll().contains("\"request_deadline_ms\": 2500"));
    EXPECT_NE(runCli(runArgs(peer, { QStringLiteral("--request-deadline"), QStringLiteral("-1") })).exitCode, 0);
}

namespace {

// The first answer to each request a same-origin redirect (`status`) to the same path with ?x=1;
// the redirected request a complete stream.
HostileScript redirectThenStream(int status, HostileScript::Ending ending)
{
    HostileScript script;
    script.ending = ending;
    script.answer = [status](const ReplayRequest &request) {
        if (request.path.contains("x=1"))
            return QList<HostileStep> { { sseWithLength(kToken + kToken + kDone), 0 } };
        const QByteArray reason = status == 307 ? "Temporary Redirect" : "Permanent Redirect";
        return QList<HostileStep> { { "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason
                + "\r\nLocation: /v1/chat/completions?x=1\r\nContent-Length: 0\r\n\r\n",
            0 } };
    };
    return script;
}

void expectEveryRedirectedStreamOk(int status, HostileScript::Ending ending)
{
    HostilePeer peer(redirectThenStream(status, ending));
    ASSERT_TRUE(peer.start());
    RunConfig config = quickConfig(peer.baseUrl() + QStringLiteral("/v1"), 8, 32, 8);
    config.apiKey = QStringLiteral("sk-test-redirect");
    const RunResult run = runAndWait(config, 60000);
    const QList<RequestRecord> records = measured(run);
    ASSERT_EQ(records.size(), 32);
    for (const RequestRecord &r : records)
        EXPECT_TRUE(r.ok) << r.errorKind.toStdString() << ": " << r.errorMessage.toStdString();
    // The body went again with the redirected request (307/308 keep method and body).
    for (const ReplayRequest &r : posts(peer)) {
        if (r.path.contains("x=1")) {
            EXPECT_FALSE(r.body.isEmpty());
            EXPECT_EQ(r.header("authorization"), "Bearer " + config.apiKey.toUtf8());
        }
    }
}

} // namespace

TEST(HostileHeadersRedirect, SameOrigin307OnAKeptOpenConnectionCompletesEveryStream)
{
    expectEveryRedirectedStreamOk(307, HostileScript::Ending::KeepOpen);
}

TEST(HostileHeadersRedirect, SameOrigin307ThenCloseCompletesEveryStream)
{
    expectEveryRedirectedStreamOk(307, HostileScript::Ending::Close);
}

TEST(HostileHeadersRedirect, SameOrigin308OnAKeptOpenConnectionCompletesEveryStream)
{
    expectEveryRedirectedStreamOk(308, HostileScript::Ending::KeepOpen);
}

// A redirect TokenScope does not follow: to another origin (the key would go with it), a 302 (a
// client may turn the POST into a GET), or a same-origin loop past the hop limit. Each request
// ends as `redirect`, and the other origin never hears of the request.
TEST(HostileHeadersRedirect, ARedirectToAnotherOriginA302OrALoopIsRefusedAndTheKeyStaysHome)
{
    HostilePeer elsewhere(HostileScript::sse({ kToken, kDone }));
    ASSERT_TRUE(elsewhere.start());
    const QByteArray away = elsewhere.baseUrl().toUtf8() + "/v1/chat/completions";
    const auto answering = [](const QByteArray &status, const QByteArray &location) {
        HostileScript script;
        script.ending = HostileScript::Ending::KeepOpen;
        script.answer = [status, location](const ReplayRequest &) {
            return QList<HostileStep> { { "HTTP/1.1 " + status + "\r\nLocation: " + location
                    + "\r\nContent-Length: 0\r\n\r\n",
                0 } };
        };
        return script;
    };
    for (const auto &[status, location] : { std::pair { QByteArray("307 Temporary Redirect"), away },
             std::pair { QByteArray("302 Found"), QByteArray("/v1/chat/completions?x=1") },
             std::pair { QByteArray("308 Permanent Redirect"), QByteArray("/v1/chat/completions?loop=1") } }) {
        HostilePeer peer(answering(status, location));
        ASSERT_TRUE(peer.start());
        RunConfig config = quickConfig(peer.baseUrl() + QStringLiteral("/v1"), 2, 4, 8);
        config.apiKey = QStringLiteral("sk-test-stays-home");
        const RunResult run = runAndWait(config, 60000);
        const QList<RequestRecord> records = measured(run);
        ASSERT_EQ(records.size(), 4) << status.toStdString();
        for (const RequestRecord &r : records) {
            EXPECT_EQ(r.errorKind.toStdString(), "redirect") << status.toStdString() << ": "
                                                             << r.errorMessage.toStdString();
        }
    }
    EXPECT_EQ(elsewhere.connections(), 0) << "the other origin was never contacted";
}
