// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The plain-words diagnoses of a connection check (Run → Test connection, README.md#a-five-minute-tour),
// as a pure function of its result.
#include "net/diagnosis.h"
#include "net/endpointurl.h"

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
