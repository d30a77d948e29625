// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The plain-words diagnoses of a connection check (Run → Test connection, README.md#a-five-minute-tour),
// as a pure function of its result.
#include "net/endpointurl.h"
#include "net/failure.h"
#include "probe/diagnosis.h"

#include <gtest/gtest.h>

using namespace TokenScope;
using Severity = Diagnosis::Severity;

namespace {

// A healthy streamed answer: HTTP 200, SSE, 32 tokens in 32 chunks with usage.
ConnectionCheckResult healthy()
{
    ConnectionCheckResult r;
    r.baseUrl = QStringLiteral("https://api.example.com/v1");
    r.requestedUrl = QUrl(QStringLiteral("https://api.example.com/v1/chat/completions"));
    r.sent = true;
    r.requestedMaxTokens = 32;
    r.minTokensForTpot = 20;
    r.timeoutMs = 60000;
    r.keyEmpty = false;
    r.httpStatus = 200;
    r.reasonPhrase = QStringLiteral("OK");
    r.contentType = QByteArrayLiteral("text/event-stream");
    r.ttftMs = 123.4;
    r.textChunks = 32;
    r.outputTokens = 32;
    r.usageReturned = true;
    r.sawDone = true;
    return r;
}

ConnectionCheckResult httpError(int status, const QString &serverMessage = {})
{
    ConnectionCheckResult r = healthy();
    r.httpStatus = status;
    r.contentType = QByteArrayLiteral("application/json");
    r.textChunks = r.outputTokens = 0;
    r.usageReturned = false;
    r.ttftMs = -1;
    r.serverMessage = serverMessage;
    r.errorKind = status >= 500 ? QStringLiteral("http_5xx") : QStringLiteral("http_%1").arg(status);
    return r;
}

ConnectionCheckResult networkError(const QString &kind)
{
    ConnectionCheckResult r = httpError(200);
    r.httpStatus = 0;
    r.contentType.clear();
    r.errorKind = kind;
    r.errorMessage = QStringLiteral("Qt said something");
    return r;
}

QString textOf(const QList<Diagnosis> &diagnoses)
{
    QString text;
    for (const Diagnosis &d : diagnoses)
        text += d.title + u'\n' + d.explanation + u'\n';
    return text;
}

const Diagnosis *find(const QList<Diagnosis> &diagnoses, const QString &titlePart)
{
    for (const Diagnosis &d : diagnoses) {
        if (d.title.contains(titlePart))
            return &d;
    }
    return nullptr;
}

} // namespace

TEST(Diagnosis, HealthyStreamIsAllGoodAndNothingElse)
{
    const QList<Diagnosis> d = diagnose(healthy());
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    EXPECT_EQ(d.first().severity, Severity::Ok);
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("123 ms"))) << d.first().explanation.toStdString();
    EXPECT_EQ(worstSeverity(d), Severity::Ok);
}

TEST(Diagnosis, MultiTokenChunksAreANoteAfterAllGood)
{
    ConnectionCheckResult r = healthy();
    r.textChunks = 12; // 32 tokens in 12 chunks
    const QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 2);
    EXPECT_EQ(d[0].severity, Severity::Ok);
    EXPECT_EQ(d[1].severity, Severity::Info);
    EXPECT_TRUE(d[1].explanation.contains(QStringLiteral("2.7 tokens per chunk"))) << d[1].explanation.toStdString();
}

TEST(Diagnosis, UnauthorizedNamesKeyProblemsAndTheHeaderFormat)
{
    ConnectionCheckResult r = httpError(401, QStringLiteral("Incorrect API key provided."));
    r.keyHasWhitespace = true;
    r.wwwAuthenticate = QByteArrayLiteral("Bearer realm=\"api\"");
    r.customHeaderNames = {QByteArrayLiteral("X-Team")};
    const QList<Diagnosis> d = diagnose(r);
    ASSERT_FALSE(d.isEmpty());
    EXPECT_EQ(d.first().severity, Severity::Error);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("401")));
    const QString text = d.first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("space or a line break"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Authorization: Bearer <key>")));
    EXPECT_TRUE(text.contains(QStringLiteral("api-key"))); // a gateway wanting another header
    EXPECT_TRUE(text.contains(QStringLiteral("Bearer realm")));
    EXPECT_TRUE(text.contains(QStringLiteral("X-Team")));
    EXPECT_TRUE(text.contains(QStringLiteral("Incorrect API key provided.")));
    EXPECT_FALSE(text.contains(QStringLiteral("\"Bearer \"")));

    r.keyHasWhitespace = false;
    r.keyHasBearerPrefix = true;
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("starts with \"Bearer \"")));

    r.keyHasBearerPrefix = false;
    r.keyEmpty = true;
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("No API key is set")));
}

TEST(Diagnosis, ForbiddenPointsAtPermissions)
{
    const QList<Diagnosis> d = diagnose(httpError(403));
    ASSERT_EQ(d.size(), 1);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("403")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("permissions")));
}

TEST(Diagnosis, NotFoundWithDoubledV1SaysWhatWasRequestedAndWhatToType)
{
    ConnectionCheckResult r = httpError(404);
    r.baseUrl = QStringLiteral("https://api.example.com/v1/v1");
    r.requestedUrl = QUrl(QStringLiteral("https://api.example.com/v1/v1/chat/completions"));
    r.baseUrlRefusedByRun = true;
    const QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    const QString text = d.first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("requested https://api.example.com/v1/v1/chat/completions"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("/v1 twice")));
    EXPECT_TRUE(text.contains(QStringLiteral("instead: https://api.example.com/v1")));
}

TEST(Diagnosis, NotFoundWithPastedEndpointPath)
{
    ConnectionCheckResult r = httpError(404);
    r.baseUrl = QStringLiteral("https://api.example.com/v1/chat/completions");
    r.requestedUrl = QUrl(QStringLiteral("https://api.example.com/v1/chat/completions/chat/completions"));
    const QString text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("already ends with the endpoint path"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("instead: https://api.example.com/v1")));
}

TEST(Diagnosis, NotFoundWithoutV1SuggestsAddingIt)
{
    ConnectionCheckResult r = httpError(404);
    r.baseUrl = QStringLiteral("http://gpu-box:8000/");
    r.requestedUrl = QUrl(QStringLiteral("http://gpu-box:8000/chat/completions"));
    const QString text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("try http://gpu-box:8000/v1"))) << text.toStdString();
}

TEST(Diagnosis, ServedAtARefusedBaseUrlWarnsThatARunRefusesIt)
{
    ConnectionCheckResult r = healthy();
    r.baseUrl = QStringLiteral("https://api.example.com/v1/v1");
    r.baseUrlRefusedByRun = true;
    const QList<Diagnosis> d = diagnose(r);
    const Diagnosis *warning = find(d, QStringLiteral("refuse this Base URL"));
    ASSERT_NE(warning, nullptr) << textOf(d).toStdString();
    EXPECT_EQ(warning->severity, Severity::Warning);
    EXPECT_EQ(find(d, QStringLiteral("streams correctly")), nullptr);
}

TEST(Diagnosis, RateLimitQuotesRetryAfter)
{
    ConnectionCheckResult r = httpError(429);
    r.retryAfter = QByteArrayLiteral("7");
    const QList<Diagnosis> d = diagnose(r);
    EXPECT_EQ(d.first().severity, Severity::Warning);
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("wait 7 s"))) << d.first().explanation.toStdString();
}

TEST(Diagnosis, GatewayErrorsBlameTheServerSide)
{
    ConnectionCheckResult r = httpError(502);
    r.reasonPhrase = QStringLiteral("Bad Gateway");
    const QList<Diagnosis> d = diagnose(r);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("HTTP 502 Bad Gateway"))) << d.first().title.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("gateway")));
}

TEST(Diagnosis, BadRequestMentionsModelAndExtraBody)
{
    const QList<Diagnosis> d = diagnose(httpError(400, QStringLiteral("unknown field foo")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("extra body")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("unknown field foo")));
}

TEST(Diagnosis, ProxyErrorListsVariablesWithoutPasswords)
{
    ConnectionCheckResult r = networkError(QStringLiteral("proxy"));
    r.proxyEnvironment = {{QStringLiteral("HTTPS_PROXY"), redactProxyPassword(QStringLiteral("http://u:secret@proxy:3128"))},
                          {QStringLiteral("NO_PROXY"), QStringLiteral("localhost")}};
    const QString text = textOf(diagnose(r));
    EXPECT_TRUE(text.contains(QStringLiteral("HTTPS_PROXY=http://u:***@proxy:3128"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("NO_PROXY=localhost")));
    EXPECT_FALSE(text.contains(QStringLiteral("secret")));

    r.proxyEnvironment.clear();
    EXPECT_TRUE(textOf(diagnose(r)).contains(QStringLiteral("No HTTP_PROXY, HTTPS_PROXY or NO_PROXY")));
}

TEST(Diagnosis, DirectConnectionFailureMentionsUnusedProxyVariables)
{
    ConnectionCheckResult r = networkError(QStringLiteral("connection_refused"));
    r.requestedUrl = QUrl(QStringLiteral("http://10.1.2.3:8000/v1/chat/completions"));
    EXPECT_FALSE(textOf(diagnose(r)).contains(QStringLiteral("proxy")));
    r.proxyEnvironment = {{QStringLiteral("http_proxy"), QStringLiteral("http://proxy:3128")}};
    const QList<Diagnosis> d = diagnose(r);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("10.1.2.3:8000"))) << d.first().title.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("proxy: none"))) << d.first().explanation.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("http_proxy=http://proxy:3128")));
}

TEST(Diagnosis, UntrustedCertificatePointsToTheCaFileOption)
{
    ConnectionCheckResult r = networkError(QStringLiteral("tls"));
    r.sslError = QStringLiteral("The certificate is self-signed, and untrusted");
    QList<Diagnosis> d = diagnose(r);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("not trusted")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("self-signed, and untrusted")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("\"CA certificates\"")));
    r.caCertificatesPath = QStringLiteral("/etc/corp-ca.pem");
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("/etc/corp-ca.pem")));
}

TEST(Diagnosis, TimeoutAndDnsAndReset)
{
    ConnectionCheckResult r = networkError(QStringLiteral("timeout"));
    r.timeoutMs = 2000;
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("Nothing arrived for 2 s")));
    r = networkError(QStringLiteral("dns"));
    r.requestedUrl = QUrl(QStringLiteral("https://api.exampel.com/v1/chat/completions"));
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("api.exampel.com could not be resolved")));
    EXPECT_TRUE(diagnose(networkError(QStringLiteral("reset"))).first().title.contains(QStringLiteral("closed early")));
}

TEST(Diagnosis, EmptyChoicesStream)
{
    ConnectionCheckResult r = healthy();
    r.textChunks = r.outputTokens = 0;
    r.usageReturned = false;
    r.ttftMs = -1;
    r.emptyChoiceChunks = 6;
    r.errorKind = QStringLiteral("empty_response");
    const QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("6 chunk(s)"))) << d.first().explanation.toStdString();
}

TEST(Diagnosis, NoUsageExplainsWhatItMeansForTpot)
{
    ConnectionCheckResult r = healthy();
    r.usageReturned = false;
    const QList<Diagnosis> d = diagnose(r);
    const Diagnosis *noUsage = find(d, QStringLiteral("No token usage"));
    ASSERT_NE(noUsage, nullptr);
    EXPECT_EQ(noUsage->severity, Severity::Warning);
    EXPECT_TRUE(noUsage->explanation.contains(QStringLiteral("asked for it")));
    EXPECT_TRUE(noUsage->explanation.contains(QStringLiteral("undercounts")));
    EXPECT_TRUE(noUsage->explanation.contains(QStringLiteral("TPOT")));
    EXPECT_EQ(find(d, QStringLiteral("streams correctly")), nullptr);

    r.includeUsageRequested = false;
    EXPECT_TRUE(find(diagnose(r), QStringLiteral("No token usage"))->explanation.contains(QStringLiteral("switched off")));
}

TEST(Diagnosis, TooFewTokensTellsMaxTokensFromAnEarlyStop)
{
    ConnectionCheckResult r = healthy();
    r.requestedMaxTokens = 3;
    r.outputTokens = r.textChunks = 3;
    const Diagnosis *d = nullptr;
    const QList<Diagnosis> limited = diagnose(r);
    d = find(limited, QStringLiteral("too short"));
    ASSERT_NE(d, nullptr);
    EXPECT_TRUE(d->explanation.contains(QStringLiteral("max_tokens is 3"))) << d->explanation.toStdString();
    EXPECT_TRUE(d->explanation.contains(QStringLiteral("at least 20")));

    r.requestedMaxTokens = 32;
    const QList<Diagnosis> stopped = diagnose(r);
    d = find(stopped, QStringLiteral("too short"));
    ASSERT_NE(d, nullptr);
    EXPECT_TRUE(d->explanation.contains(QStringLiteral("stopped on its own")));

    // TPOT needs two tokens even when the minimum is set lower.
    r.minTokensForTpot = 0;
    r.outputTokens = r.textChunks = 1;
    EXPECT_NE(find(diagnose(r), QStringLiteral("too short")), nullptr);
}

TEST(Diagnosis, NonStreamingAnswer)
{
    ConnectionCheckResult r = healthy();
    r.contentType = QByteArrayLiteral("application/json");
    r.textChunks = 0;
    r.ttftMs = -1;
    r.errorKind = QStringLiteral("not_streaming");
    QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("does not stream")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("\"application/json\"")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("stream\": true")));
    r.streamOffInExtraBody = true;
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("extra body")));
}

TEST(Diagnosis, StreamLabelledAsJsonIsANote)
{
    ConnectionCheckResult r = healthy();
    r.contentType = QByteArrayLiteral("application/json");
    const QList<Diagnosis> d = diagnose(r);
    EXPECT_EQ(d.first().severity, Severity::Ok);
    EXPECT_NE(find(d, QStringLiteral("Unusual content type")), nullptr);
}

TEST(Diagnosis, NothingSent)
{
    ConnectionCheckResult r;
    r.baseUrl = QStringLiteral("api.example.com");
    r.errorKind = QStringLiteral("base_url");
    QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 1);
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("\"api.example.com\" is not an http://")));

    r.baseUrl = QStringLiteral("https://api.example.com/v1");
    r.errorKind = QStringLiteral("config");
    r.errorMessage = QStringLiteral("The model ID is empty.");
    d = diagnose(r);
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("The model ID is empty.")));
}

TEST(Diagnosis, SuggestedBaseUrl)
{
    const auto chat = ApiKind::ChatCompletions;
    EXPECT_EQ(suggestedBaseUrl(QStringLiteral("https://h/v1/v1"), chat), QStringLiteral("https://h/v1"));
    EXPECT_EQ(suggestedBaseUrl(QStringLiteral("https://h/v1/v1/v1/"), chat), QStringLiteral("https://h/v1"));
    EXPECT_EQ(suggestedBaseUrl(QStringLiteral("https://h/api/v1/chat/completions"), chat), QStringLiteral("https://h/api/v1"));
    EXPECT_EQ(suggestedBaseUrl(QStringLiteral("https://h/v1/v1/chat/completions"), chat), QStringLiteral("https://h/v1"));
    EXPECT_EQ(suggestedBaseUrl(QStringLiteral("http://h:8000/v1/completions"), ApiKind::Completions),
              QStringLiteral("http://h:8000/v1"));
    EXPECT_TRUE(suggestedBaseUrl(QStringLiteral("https://h/v1"), chat).isEmpty()); // fine as it is
    EXPECT_TRUE(suggestedBaseUrl(QStringLiteral("not a url"), chat).isEmpty());
}

// --- per API kind, each from an answer shaped as the provider sends it ---

namespace {

// An HTTP error of `api` whose body is `body`, read as the engine reads it (Failure::serverMessage()).
ConnectionCheckResult answered(ApiKind api, int status, const QByteArray &body, const QString &baseUrl)
{
    ConnectionCheckResult r = httpError(status, Failure::serverMessage(body));
    r.api = api;
    r.baseUrl = baseUrl;
    r.requestedUrl = literalEndpointUrl(baseUrl, api);
    if (resolveEndpoint(baseUrl, api).ok())
        r.requestedUrl = resolveEndpoint(baseUrl, api).url;
    r.rawBody = body;
    return r;
}

ConnectionCheckResult anthropicAnswer(int status, const char *type, const char *message,
                                      const QString &baseUrl = QStringLiteral("https://api.anthropic.com"))
{
    const QByteArray body = QByteArrayLiteral(R"({"type":"error","error":{"type":")") + type
        + R"(","message":")" + message + R"("},"request_id":"req_011CSHa1FurUZv2Lu8mxQdXf"})";
    ConnectionCheckResult r = answered(ApiKind::AnthropicMessages, status, body, baseUrl);
    r.keyLooksAnthropic = true;
    return r;
}

} // namespace

TEST(DiagnosisAnthropic, UnauthorizedAsksForAnAnthropicKeyInXApiKey)
{
    ConnectionCheckResult r = anthropicAnswer(401, "authentication_error", "invalid x-api-key");
    QList<Diagnosis> d = diagnose(r);
    ASSERT_FALSE(d.isEmpty());
    EXPECT_EQ(d.first().severity, Severity::Error);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("401"))) << d.first().title.toStdString();
    QString text = d.first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("\"x-api-key: <key>\""))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("anthropic-version: 2023-06-01")));
    EXPECT_TRUE(text.contains(QStringLiteral("ANTHROPIC_API_KEY")));
    EXPECT_TRUE(text.contains(QStringLiteral("not a Bearer token")));
    EXPECT_TRUE(text.contains(QStringLiteral("The server said: \"invalid x-api-key\"")));
    EXPECT_FALSE(text.contains(QStringLiteral("Authorization: Bearer <key>"))) << "not the OpenAI format";
    EXPECT_FALSE(text.contains(QStringLiteral("sk-ant-\" as Anthropic's keys do"))) << "the key has the right shape";
    EXPECT_EQ(find(d, QStringLiteral("subscription login")), nullptr);

    // A key of another provider, a pasted "Bearer " and a custom Authorization header.
    r.keyLooksAnthropic = false;
    r.keyHasBearerPrefix = true;
    r.customHeaderNames = {QByteArrayLiteral("Authorization")};
    text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("does not start with \"sk-ant-\""))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("starts with \"Bearer \": x-api-key takes the bare key")));
    EXPECT_TRUE(text.contains(QStringLiteral("custom Authorization header")));
}

TEST(DiagnosisAnthropic, MissingVersionHeaderIsNamedWithItsCause)
{
    ConnectionCheckResult r = anthropicAnswer(400, "invalid_request_error", "anthropic-version: header is required");
    QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("anthropic-version"))) << d.first().title.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("proxy or gateway"))) << d.first().explanation.toStdString();

    r.customHeaderNames = {QByteArrayLiteral("Anthropic-Version")};
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("custom anthropic-version header replaces")));

    // An Anthropic server measured as chat: the kind is wrong.
    r.api = ApiKind::ChatCompletions;
    r.customHeaderNames.clear();
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("choose the API kind \"anthropic\"")));
}

TEST(DiagnosisAnthropic, NotFoundExplainsTheV1RulesOfAnthropicBaseUrls)
{
    // A doubled /v1: the Base URL to type.
    ConnectionCheckResult r = anthropicAnswer(404, "not_found_error", "Not Found", QStringLiteral("https://api.anthropic.com/v1/v1"));
    r.baseUrlRefusedByRun = true;
    QString text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("requested https://api.anthropic.com/v1/v1/v1/messages"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("/v1 twice")));
    EXPECT_TRUE(text.contains(QStringLiteral("instead: https://api.anthropic.com/v1")));

    // A gateway path: ANTHROPIC_BASE_URL's form, and that path named.
    r = anthropicAnswer(404, "not_found_error", "Not Found", QStringLiteral("https://gateway.example.com/claude"));
    text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("requested https://gateway.example.com/claude/v1/messages"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("as ANTHROPIC_BASE_URL holds it, without /v1")));
    EXPECT_TRUE(text.contains(QStringLiteral("\"/claude\"")));
    EXPECT_FALSE(text.contains(QStringLiteral("Most OpenAI-compatible servers"))) << "not the OpenAI /v1 advice";

    // A Base URL ending in /v1 the gateway does not serve: try it without.
    r = anthropicAnswer(404, "not_found_error", "Not Found", QStringLiteral("https://gateway.example.com/v1"));
    text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("without its /v1: try https://gateway.example.com"))) << text.toStdString();
}

TEST(DiagnosisAnthropic, OverloadedIsRetryLaterAsAnAnswerOrInTheStream)
{
    QList<Diagnosis> d = diagnose(anthropicAnswer(529, "overloaded_error", "Overloaded"));
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    EXPECT_EQ(d.first().severity, Severity::Warning);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("overloaded (HTTP 529)"))) << d.first().title.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("retry later")));

    // Anthropic also sends it as an `event: error` inside a 200 stream.
    ConnectionCheckResult r = healthy();
    r.api = ApiKind::AnthropicMessages;
    r.textChunks = r.outputTokens = 5;
    r.errorKind = QStringLiteral("stream_error");
    r.serverMessage = QStringLiteral("Overloaded (overloaded_error)");
    d = diagnose(r);
    ASSERT_FALSE(d.isEmpty());
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("overloaded"))) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("5 text chunk(s)"))) << d.first().explanation.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("retry later")));
}

TEST(DiagnosisAnthropic, UsageAndTheFinishSignalAreNamedForTheApi)
{
    ConnectionCheckResult r = healthy();
    r.api = ApiKind::AnthropicMessages;
    r.usageReturned = false;
    const Diagnosis *noUsage = nullptr;
    const QList<Diagnosis> d = diagnose(r);
    noUsage = find(d, QStringLiteral("No token usage"));
    ASSERT_NE(noUsage, nullptr);
    EXPECT_TRUE(noUsage->explanation.contains(QStringLiteral("message_start"))) << noUsage->explanation.toStdString();
    EXPECT_FALSE(noUsage->explanation.contains(QStringLiteral("include_usage")));

    r = healthy();
    r.api = ApiKind::AnthropicMessages;
    r.errorKind = QStringLiteral("incomplete_stream");
    const Diagnosis *cut = find(diagnose(r), QStringLiteral("finish signal"));
    ASSERT_NE(cut, nullptr);
    EXPECT_TRUE(cut->explanation.contains(QStringLiteral("without message_stop"))) << cut->explanation.toStdString();
    r.api = ApiKind::ChatCompletions;
    EXPECT_TRUE(find(diagnose(r), QStringLiteral("finish signal"))->explanation.contains(QStringLiteral("finish_reason or data: [DONE]")));
}

TEST(DiagnosisResponses, NotFoundSaysTheGatewayHasNoResponsesEndpoint)
{
    const QByteArray body = R"({"detail":"Not Found"})"; // FastAPI's 404, as vLLM and LiteLLM send it
    ConnectionCheckResult r = answered(ApiKind::Responses, 404, body, QStringLiteral("http://gpu-box:8000/v1"));
    QList<Diagnosis> d = diagnose(r);
    ASSERT_EQ(d.size(), 1) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("No Responses endpoint"))) << d.first().title.toStdString();
    const QString text = d.first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("requested http://gpu-box:8000/v1/responses"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("choose the API kind \"chat\"")));
    EXPECT_FALSE(text.contains(QStringLiteral("end in /v1"))) << "the Base URL has its /v1";

    r = answered(ApiKind::Responses, 404, body, QStringLiteral("http://gpu-box:8000"));
    EXPECT_TRUE(diagnose(r).first().explanation.contains(QStringLiteral("try http://gpu-box:8000/v1")));

    ConnectionCheckResult noUsage = healthy();
    noUsage.api = ApiKind::Responses;
    noUsage.usageReturned = false;
    EXPECT_TRUE(find(diagnose(noUsage), QStringLiteral("No token usage"))->explanation.contains(QStringLiteral("response.completed")));
}

// A subscription's sign-in (Claude Code, Codex) pasted where an API key belongs, for every kind.
TEST(DiagnosisLogin, OAuthOrSubscriptionWordsSayItIsNotAnApiKey)
{
    // Anthropic's answer to a Claude Code OAuth token sent as a Bearer token.
    ConnectionCheckResult r = anthropicAnswer(401, "authentication_error", "OAuth authentication is currently not supported.");
    QList<Diagnosis> d = diagnose(r);
    ASSERT_GE(d.size(), 2) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("subscription login is not an API key"))) << d.first().title.toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("Claude Code or Codex")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("Create an API key in the provider's console")));
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("OAuth authentication is currently not supported.")));
    EXPECT_TRUE(d[1].title.contains(QStringLiteral("401")));

    // The other words, from gateways, for the OpenAI kinds, on 401 and 403.
    const QList<QPair<int, QByteArray>> answers {
        {401, R"({"error":{"message":"This endpoint does not accept the auth mode chatgpt; use an API key.","type":"invalid_request_error"}})"},
        {403, R"({"error":{"message":"Your subscription does not include API access.","type":"permission_error"}})"},
        {401, R"({"error":{"message":"Please login again: your session has expired."}})"},
    };
    for (const auto &[status, body] : answers) {
        for (ApiKind api : {ApiKind::ChatCompletions, ApiKind::Responses}) {
            d = diagnose(answered(api, status, body, QStringLiteral("https://api.example.com/v1")));
            ASSERT_FALSE(d.isEmpty());
            EXPECT_TRUE(d.first().title.contains(QStringLiteral("subscription login"))) << body.toStdString();
        }
    }

    // OpenAI's answer to a ChatGPT sign-in's token names no login: the key's shape does.
    r = answered(ApiKind::Responses, 401,
                 R"({"error":{"message":"You have insufficient permissions for this operation. Missing scopes: api.responses.write.","type":"invalid_request_error","param":null,"code":null}})",
                 QStringLiteral("https://api.openai.com/v1"));
    EXPECT_EQ(find(diagnose(r), QStringLiteral("subscription login")), nullptr) << "an ordinary restricted key says the same";
    r.keyLooksLikeOAuthToken = true;
    d = diagnose(r);
    EXPECT_TRUE(d.first().title.contains(QStringLiteral("subscription login"))) << textOf(d).toStdString();
    EXPECT_TRUE(d.first().explanation.contains(QStringLiteral("shape of a login token")));

    // An ordinary wrong key is not a login.
    r = answered(ApiKind::ChatCompletions, 401, R"({"error":{"message":"Incorrect API key provided."}})",
                 QStringLiteral("https://api.example.com/v1"));
    EXPECT_EQ(find(diagnose(r), QStringLiteral("subscription login")), nullptr);
}

TEST(DiagnosisLogin, AnAnthropicKeySentAsChatIsPointedToTheAnthropicKind)
{
    ConnectionCheckResult r = answered(ApiKind::ChatCompletions, 401,
                                       R"({"type":"error","error":{"type":"authentication_error","message":"x-api-key header is required"}})",
                                       QStringLiteral("https://api.anthropic.com/v1"));
    const QString text = diagnose(r).first().explanation;
    EXPECT_TRUE(text.contains(QStringLiteral("choose the API kind \"anthropic\""))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Authorization: Bearer <key>")));
}
