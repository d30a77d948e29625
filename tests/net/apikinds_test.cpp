// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every API kind end to end: captured streams served over loopback HTTP by a replay peer and
// measured by the real engine, and the requests each kind sends (docs/endpoints.md).
#include "engine/runcheck.h"
#include "net/endpointurl.h"
#include "net/requestbuilder.h"
#include "support/enginerun.h"
#include "support/replaypeer.h"

#include <QJsonArray>
#include <cctype>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

const QString kPrompt = QStringLiteral("Say something long about caches.");

// One request of `api` to `peer` at its Base URL plus `basePath`.
RunConfig replayConfig(const ReplayPeer &peer, const QString &basePath, ApiKind api)
{
    RunConfig config = quickConfig(peer.baseUrl() + basePath, 1, 1, 64);
    config.api = api;
    config.prompt = kPrompt;
    return config;
}

// The single measured record of `config`'s run.
RequestRecord runOnce(const RunConfig &config)
{
    const QList<RequestRecord> records = measured(runAndWait(config));
    EXPECT_EQ(records.size(), 1);
    return records.value(0);
}

// `capture` (under tests/data) served with `delayMs` between events, measured once.
RequestRecord replayOnce(const QString &capture, ApiKind api, int delayMs = 1)
{
    ReplayPeer peer(ReplayScript(testData(capture), delayMs));
    EXPECT_TRUE(peer.start());
    return runOnce(replayConfig(peer, QStringLiteral("/v1"), api));
}

struct CaptureCase
{
    const char *file;
    ApiKind api;
    int textChunks;
    int outputTokens; ///< from usage
    int promptTokens;
    int cachedTokens;
    bool doneMarker;
    const char *responseId;
};

void PrintTo(const CaptureCase &c, std::ostream *os)
{
    *os << c.file;
}

class ReplayedCapture : public ::testing::TestWithParam<CaptureCase>
{
};

} // namespace

// Numbers counted by hand from the files (see the fixture table in chunkdecoder_test.cpp).
TEST_P(ReplayedCapture, MeasuresTextChunksUsageAndHowTheStreamEnded)
{
    const CaptureCase &c = GetParam();
    const RequestRecord r = replayOnce(QStringLiteral("sse/") + QLatin1String(c.file), c.api);
    EXPECT_TRUE(r.ok) << r.errorKind.toStdString() << ": " << r.errorMessage.toStdString();
    EXPECT_TRUE(r.errorKind.isEmpty());
    EXPECT_EQ(r.chunkTimesNs.size(), c.textChunks);
    EXPECT_TRUE(r.outputTokensFromUsage);
    EXPECT_EQ(r.outputTokens, c.outputTokens);
    EXPECT_EQ(r.promptTokens, c.promptTokens);
    EXPECT_EQ(r.cachedTokens, c.cachedTokens);
    EXPECT_EQ(r.doneMarker, c.doneMarker);
    EXPECT_EQ(r.responseId, QLatin1String(c.responseId));
    EXPECT_GE(r.ttftNs, 0);
    EXPECT_GE(r.doneNs, r.lastTokenNs);
}

INSTANTIATE_TEST_SUITE_P(Captures, ReplayedCapture,
    ::testing::Values(CaptureCase { "anthropic-messages-text.sse", ApiKind::AnthropicMessages, 1, 5, 20, 0, false,
                          "msg_018E1hg8GoVTGEKQY3ovMcSJ" },
        // 13 non-empty thinking_delta and 95 text_delta; signature_delta and ping are no text.
        CaptureCase { "anthropic-messages-thinking.sse", ApiKind::AnthropicMessages, 108, 282, 43, 0, false,
            "msg_01ALwQ87pTS7hH1PjSdC9wJD" },
        CaptureCase { "openai-responses-text-2025-03.sse", ApiKind::Responses, 7, 9, 278, 0, false,
            "resp_67e554a21aa88191b65876ac5e5bbe0406c52f0e511c76ed" },
        CaptureCase { "openai-responses-text-obfuscation.sse", ApiKind::Responses, 9, 10, 25, 0, false,
            "resp_0ecff685e411ca7b0069e063569c7c819bbc74c80d853802e6" },
        // Regression: these two end after their finish_reason chunk without [DONE] and were
        // reported as incomplete_stream.
        CaptureCase { "deepseek-reasoner-reframed.sse", ApiKind::ChatCompletions, 39, 83, 339, 320, false,
            "cca85624-4056-401f-b220-d77601d1f70d" },
        CaptureCase { "azure-openai-model-router-reframed.sse", ApiKind::ChatCompletions, 4, 78, 15, 0, false,
            "chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt" },
        CaptureCase { "openai-chat-include-usage.sse", ApiKind::ChatCompletions, 8, 9, 78, 0, true,
            "chatcmpl-Dx0Xq5Xx9rHB2ehcHZCRDsnuymUXc" }),
    [](const ::testing::TestParamInfo<CaptureCase> &p) {
        std::string name = p.param.file;
        name = name.substr(0, name.find('.'));
        for (char &ch : name)
            ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
        return name;
    });

TEST(ApiKinds, ThinkingBeforeTextGivesTtftBeforeTtfc)
{
    const RequestRecord anthropic
        = replayOnce(QStringLiteral("sse/anthropic-messages-thinking.sse"), ApiKind::AnthropicMessages, 5);
    ASSERT_TRUE(anthropic.ok) << anthropic.errorMessage.toStdString();
    // 14 thinking events (one empty), a signature, a block's end and start, then text: the first
    // text comes 17 pauses after the first thinking.
    EXPECT_LT(anthropic.ttftNs, anthropic.ttfcNs);

    const RequestRecord responses
        = replayOnce(QStringLiteral("sse-extra/responses-reasoning-summary.sse"), ApiKind::Responses, 5);
    ASSERT_TRUE(responses.ok) << responses.errorMessage.toStdString();
    EXPECT_EQ(responses.chunkTimesNs.size(), 3) << "two reasoning-summary deltas and one text delta";
    EXPECT_LT(responses.ttftNs, responses.ttfcNs);
    EXPECT_EQ(responses.ttfcNs, responses.chunkTimesNs.constLast());
}

TEST(ApiKinds, AnthropicErrorEventMidStreamIsAClassifiedFailure)
{
    const RequestRecord r
        = replayOnce(QStringLiteral("sse-extra/anthropic-overloaded-error.sse"), ApiKind::AnthropicMessages);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.errorKind, QStringLiteral("stream_error"));
    EXPECT_TRUE(r.errorMessage.contains(QStringLiteral("Overloaded (overloaded_error)")))
        << r.errorMessage.toStdString();
    EXPECT_EQ(r.chunkTimesNs.size(), 1) << "the text before the error stays measured";
    EXPECT_EQ(r.promptTokens, 12);
    EXPECT_FALSE(r.doneMarker);
}

TEST(ApiKinds, BodyEndingBeforeTheFinishSignalIsIncomplete)
{
    struct Case
    {
        const char *file;
        ApiKind api;
        int keptEvents; ///< the events served; the rest, finish signal included, are cut
        const char *signal;
    };
    for (const Case &c : { Case { "anthropic-messages-text.sse", ApiKind::AnthropicMessages, 6, "message_stop" },
             Case { "openai-responses-text-2025-03.sse", ApiKind::Responses, 14, "response.completed" },
             Case { "deepseek-reasoner-reframed.sse", ApiKind::ChatCompletions, 51, "finish_reason or [DONE]" } }) {
        const QList<QByteArray> events = sseEventPieces(testData(QStringLiteral("sse/") + QLatin1String(c.file)));
        ReplayPeer peer(ReplayScript(events.mid(0, c.keptEvents).join()));
        ASSERT_TRUE(peer.start());
        const RequestRecord r = runOnce(replayConfig(peer, QStringLiteral("/v1"), c.api));
        EXPECT_EQ(r.errorKind, QStringLiteral("incomplete_stream")) << c.file;
        EXPECT_TRUE(r.errorMessage.contains(QLatin1String(c.signal))) << r.errorMessage.toStdString();
        EXPECT_FALSE(r.chunkTimesNs.isEmpty()) << c.file;
    }
}

TEST(ApiKinds, AnthropicRequestGoesToV1MessagesWithItsHeadersAndBody)
{
    struct Case
    {
        const char *basePath;
        const char *requestPath;
    };
    for (const Case &c : { Case { "", "/v1/messages" }, Case { "/v1", "/v1/messages" },
             Case { "/anthropic", "/anthropic/v1/messages" } }) {
        ReplayPeer peer(ReplayScript(testData(QStringLiteral("sse/anthropic-messages-text.sse"))));
        ASSERT_TRUE(peer.start());
        RunConfig config = replayConfig(peer, QLatin1String(c.basePath), ApiKind::AnthropicMessages);
        config.apiKey = QStringLiteral("sk-ant-replay-1");
        config.extraBody = { { QStringLiteral("thinking"),
            QJsonObject {
                { QStringLiteral("type"), QStringLiteral("enabled") }, { QStringLiteral("budget_tokens"), 1024 } } } };
        EXPECT_TRUE(runOnce(config).ok);
        ASSERT_EQ(peer.requests().size(), 1);
        const ReplayRequest request = peer.requests().constFirst();
        EXPECT_EQ(request.method, "POST");
        EXPECT_EQ(request.path, QByteArray(c.requestPath)) << "Base URL path: " << c.basePath;
        EXPECT_EQ(request.header("x-api-key"), "sk-ant-replay-1");
        EXPECT_EQ(request.header("anthropic-version"), "2023-06-01");
        EXPECT_EQ(request.headerCount("authorization"), 0);
        const QJsonObject body = request.json();
        EXPECT_EQ(body.value(u"model").toString(), config.model);
        EXPECT_EQ(body.value(u"max_tokens").toInt(), 64);
        EXPECT_EQ(body.value(u"temperature").toDouble(-1), 0.0);
        EXPECT_TRUE(body.value(u"stream").toBool());
        const QJsonObject message = body.value(u"messages").toArray().at(0).toObject();
        EXPECT_EQ(message.value(u"role").toString(), QStringLiteral("user"));
        EXPECT_EQ(message.value(u"content").toString(), kPrompt);
        EXPECT_EQ(body.value(u"thinking").toObject().value(u"budget_tokens").toInt(), 1024) << "extra body passes";
        EXPECT_FALSE(body.contains(u"stream_options"));
        EXPECT_FALSE(body.contains(u"system")) << "the prompt has no system text";
    }
}

TEST(ApiKinds, UserHeaderReplacesAnthropicVersion)
{
    ReplayPeer peer(ReplayScript(testData(QStringLiteral("sse/anthropic-messages-text.sse"))));
    ASSERT_TRUE(peer.start());
    RunConfig config = replayConfig(peer, QString(), ApiKind::AnthropicMessages);
    config.headers.append({ QByteArrayLiteral("Anthropic-Version"), QByteArrayLiteral("2023-01-01") });
    EXPECT_TRUE(runOnce(config).ok);
    ASSERT_EQ(peer.requests().size(), 1);
    const ReplayRequest request = peer.requests().constFirst();
    EXPECT_EQ(request.headerCount("anthropic-version"), 1);
    EXPECT_EQ(request.header("anthropic-version"), "2023-01-01");
    EXPECT_EQ(request.headerCount("x-api-key"), 0) << "no key, no key header";
    EXPECT_TRUE(RequestBuilder::curlCommand(config, false).contains(QStringLiteral("Anthropic-Version: 2023-01-01")));
    EXPECT_FALSE(RequestBuilder::curlCommand(config, false).contains(QStringLiteral("2023-06-01")));
}

TEST(ApiKinds, ResponsesRequestGoesToResponsesWithItsBody)
{
    ReplayPeer peer(ReplayScript(testData(QStringLiteral("sse/openai-responses-text-2025-03.sse"))));
    ASSERT_TRUE(peer.start());
    RunConfig config = replayConfig(peer, QStringLiteral("/v1"), ApiKind::Responses);
    config.apiKey = QStringLiteral("sk-responses-replay-2");
    EXPECT_TRUE(runOnce(config).ok);
    ASSERT_EQ(peer.requests().size(), 1);
    const ReplayRequest request = peer.requests().constFirst();
    EXPECT_EQ(request.path, "/v1/responses");
    EXPECT_EQ(request.header("authorization"), "Bearer sk-responses-replay-2");
    const QJsonObject body = request.json();
    EXPECT_EQ(body.value(u"model").toString(), config.model);
    EXPECT_EQ(body.value(u"input").toString(), kPrompt);
    EXPECT_EQ(body.value(u"max_output_tokens").toInt(), 64);
    EXPECT_EQ(body.value(u"temperature").toDouble(-1), 0.0);
    EXPECT_TRUE(body.value(u"stream").toBool());
    for (const char *key : { "max_tokens", "messages", "stream_options" })
        EXPECT_FALSE(body.contains(QLatin1String(key))) << key;
}

TEST(ApiKinds, EndpointRulesPerKind)
{
    const auto url = [](const char *base, ApiKind api) {
        return resolveEndpoint(QLatin1String(base), api).url.toString().toStdString();
    };
    const ApiKind anthropic = ApiKind::AnthropicMessages;
    EXPECT_EQ(url("https://api.anthropic.com", anthropic), "https://api.anthropic.com/v1/messages");
    EXPECT_EQ(url("https://api.anthropic.com/v1/", anthropic), "https://api.anthropic.com/v1/messages");
    EXPECT_EQ(
        url("https://gateway.example.com/anthropic", anthropic), "https://gateway.example.com/anthropic/v1/messages");
    EXPECT_EQ(url("https://api.openai.com/v1", ApiKind::Responses), "https://api.openai.com/v1/responses");

    const ResolvedEndpoint pasted = resolveEndpoint(QStringLiteral("https://api.anthropic.com/v1/messages"), anthropic);
    EXPECT_FALSE(pasted.ok());
    EXPECT_TRUE(pasted.error.contains(QStringLiteral("/v1/messages"))) << pasted.error.toStdString();
    EXPECT_TRUE(pasted.error.contains(QStringLiteral("https://api.anthropic.com"))) << pasted.error.toStdString();
    EXPECT_EQ(suggestedBaseUrl(QStringLiteral("https://api.anthropic.com/v1/messages"), anthropic),
        QStringLiteral("https://api.anthropic.com"));
    EXPECT_FALSE(resolveEndpoint(QStringLiteral("https://api.anthropic.com/v1/v1"), anthropic).ok());
    EXPECT_FALSE(resolveEndpoint(QStringLiteral("https://api.openai.com/v1/responses"), ApiKind::Responses).ok());

    RunConfig config;
    config.api = anthropic;
    config.baseUrl = QStringLiteral("https://api.anthropic.com/v1/messages/");
    EXPECT_EQ(RunCheck::problem(config), pasted.error) << "a run refuses it before sending";
}

TEST(ApiKinds, ExtraBodyOverridesAreFlaggedPerKindAndStreamIsRefused)
{
    const QJsonObject extra { { QStringLiteral("model"), 1 }, { QStringLiteral("messages"), 1 },
        { QStringLiteral("input"), 1 }, { QStringLiteral("prompt"), 1 }, { QStringLiteral("top_k"), 1 } };
    EXPECT_EQ(RequestBuilder::overriddenRequestKeys(extra, ApiKind::AnthropicMessages),
        QStringList({ QStringLiteral("messages"), QStringLiteral("model") }));
    EXPECT_EQ(RequestBuilder::overriddenRequestKeys(extra, ApiKind::Responses),
        QStringList({ QStringLiteral("input"), QStringLiteral("model") }));
    EXPECT_EQ(RequestBuilder::overriddenRequestKeys(extra, ApiKind::ChatCompletions),
        QStringList({ QStringLiteral("messages"), QStringLiteral("model") }));
    EXPECT_EQ(RequestBuilder::overriddenRequestKeys(extra, ApiKind::Completions),
        QStringList({ QStringLiteral("model"), QStringLiteral("prompt") }));
    for (ApiKind api : apiKinds()) {
        RunConfig config;
        config.api = api;
        config.baseUrl = QStringLiteral("https://host/v1");
        config.extraBody = { { QStringLiteral("stream"), false } };
        EXPECT_TRUE(RunCheck::problem(config).contains(QStringLiteral("\"stream\""))) << apiKindName(api).toStdString();
    }
}

TEST(ApiKinds, CurlCommandNamesEachKindsKeyHeaderAndVariable)
{
    RunConfig config;
    config.baseUrl = QStringLiteral("https://api.anthropic.com");
    config.api = ApiKind::AnthropicMessages;
    config.apiKey = QStringLiteral("sk-ant-curl-SECRET-77");
    const QString anthropic = RequestBuilder::curlCommand(config, false);
    EXPECT_FALSE(anthropic.contains(config.apiKey)) << anthropic.toStdString();
    EXPECT_TRUE(anthropic.contains(QStringLiteral("\"x-api-key: $ANTHROPIC_API_KEY\""))) << anthropic.toStdString();
    EXPECT_TRUE(anthropic.contains(QStringLiteral("'anthropic-version: 2023-06-01'")));
    EXPECT_TRUE(anthropic.contains(QStringLiteral("https://api.anthropic.com/v1/messages")));

    config.api = ApiKind::Responses;
    config.baseUrl = QStringLiteral("https://api.openai.com/v1");
    const QString responses = RequestBuilder::curlCommand(config, false);
    EXPECT_FALSE(responses.contains(config.apiKey));
    EXPECT_TRUE(responses.contains(QStringLiteral("\"Authorization: Bearer $OPENAI_API_KEY\"")))
        << responses.toStdString();
    EXPECT_FALSE(responses.contains(QStringLiteral("anthropic-version")));
}
