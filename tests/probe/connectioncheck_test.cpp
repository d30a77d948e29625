// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run → Test connection (README.md#a-five-minute-tour, step 4): one short streaming request against
// the real simulator over loopback, on the check's own thread, and what it reports for a healthy
// server and for each fault.
#include "net/endpointurl.h"
#include "probe/connectioncheck.h"
#include "sim/simulatorserver.h"
#include "support/enginerun.h"

#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTcpServer>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// Runs one check and waits for its result (failing the test when none comes).
ConnectionCheckResult checkAndWait(const RunConfig &config)
{
    ConnectionCheck check;
    QSignalSpy spy(&check, &ConnectionCheck::finished);
    check.start(config);
    EXPECT_TRUE(check.isRunning());
    if (!spy.wait(30000)) {
        ADD_FAILURE() << "no result within 30 s";
        return {};
    }
    EXPECT_FALSE(check.isRunning());
    return spy.first().first().value<ConnectionCheckResult>();
}

struct Sim {
    explicit Sim(SimConfig config = quickSim())
    {
        QString error;
        started = server.start(config, &error);
        EXPECT_TRUE(started) << error.toStdString();
    }
    RunConfig config(int maxTokens = 256) const
    {
        RunConfig c = quickConfig(server.baseUrl().toString(), 1, 1, maxTokens);
        c.minTokensForTpot = 20;
        return c;
    }
    SimulatorServer server;
    bool started = false;
};

RunConfig withFault(RunConfig config, const char *fault)
{
    config.headers.append({QByteArrayLiteral("X-Sim-Fault"), QByteArray(fault)});
    return config;
}

// A loopback port with nothing listening on it.
quint16 closedPort()
{
    QTcpServer probe;
    EXPECT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    return port;
}

bool hasDiagnosis(const ConnectionCheckResult &result, Diagnosis::Severity severity, const QString &titlePart)
{
    for (const Diagnosis &d : result.diagnoses) {
        if (d.severity == severity && d.title.contains(titlePart))
            return true;
    }
    return false;
}

QString allText(const ConnectionCheckResult &result)
{
    QString text;
    for (const Diagnosis &d : result.diagnoses)
        text += d.title + u'\n' + d.explanation + u'\n';
    return text;
}

// A self-signed certificate for 127.0.0.1 made with the openssl tool in `dir`; empty strings when
// that tool is missing or fails.
QPair<QString, QString> selfSignedCertificate(const QTemporaryDir &dir)
{
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty() || !dir.isValid())
        return {};
    const QString cert = dir.filePath(QStringLiteral("cert.pem"));
    const QString key = dir.filePath(QStringLiteral("key.pem"));
    QProcess process;
    process.start(openssl, {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                            QStringLiteral("ec"), QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                            QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                            QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
                            QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"), key,
                            QStringLiteral("-out"), cert});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        return {};
    return {cert, key};
}

} // namespace

TEST(ConnectionCheck, HealthySimulatorStreamsWithUsage)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    const ConnectionCheckResult r = checkAndWait(sim.config());
    EXPECT_TRUE(r.ok()) << r.errorMessage.toStdString();
    EXPECT_TRUE(r.sent);
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_EQ(r.reasonPhrase, QStringLiteral("OK"));
    EXPECT_TRUE(r.isStreaming()) << r.contentType.toStdString();
    EXPECT_EQ(r.server, QByteArrayLiteral("tokenscope-sim"));
    EXPECT_GT(r.ttftMs, 0.0);
    EXPECT_GE(r.ttftMs, r.headersMs);
    EXPECT_TRUE(r.usageReturned);
    // The check caps max_tokens (256 configured) and the simulator answers with max_tokens tokens.
    EXPECT_EQ(r.outputTokens, ConnectionCheck::kProbeMaxTokens);
    EXPECT_EQ(r.textChunks, ConnectionCheck::kProbeMaxTokens);
    EXPECT_DOUBLE_EQ(r.tokensPerChunk(), 1.0);
    EXPECT_TRUE(r.sawDone);
    EXPECT_TRUE(r.rawBody.startsWith("data:")) << r.rawBody.left(80).toStdString();
    EXPECT_LE(r.rawBody.size(), ConnectionCheckResult::kRawBodyLimit);
    EXPECT_GE(r.bodyBytes, r.rawBody.size());
    ASSERT_FALSE(r.diagnoses.isEmpty());
    EXPECT_EQ(r.diagnoses.first().severity, Diagnosis::Severity::Ok);
}

TEST(ConnectionCheck, RawBodyKeepsOnlyTheFirstBytes)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    config.minTokensForTpot = 200; // the check then asks for 200 tokens: far more than 2 KB of stream
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.outputTokens, 200);
    EXPECT_EQ(r.rawBody.size(), ConnectionCheckResult::kRawBodyLimit);
    EXPECT_GT(r.bodyBytes, 4 * ConnectionCheckResult::kRawBodyLimit);
}

TEST(ConnectionCheck, UsageOffCountsChunksAndSaysSo)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    config.includeUsage = false;
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_TRUE(r.ok()) << r.errorMessage.toStdString();
    EXPECT_FALSE(r.usageReturned);
    EXPECT_FALSE(r.includeUsageRequested);
    EXPECT_EQ(r.outputTokens, r.textChunks);
    EXPECT_LT(r.tokensPerChunk(), 0.0); // unknown
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Warning, QStringLiteral("No token usage")));
}

TEST(ConnectionCheck, WrongKeyIs401AndTheKeyIsNeverInTheResult)
{
    SimConfig simConfig = quickSim();
    simConfig.apiKey = QStringLiteral("sk-right-key-0123456789");
    Sim sim(simConfig);
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    config.apiKey = QStringLiteral("sk-wrong-key-9876543210");
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 401);
    EXPECT_EQ(r.errorKind, QStringLiteral("http_401"));
    EXPECT_EQ(r.reasonPhrase, QStringLiteral("Unauthorized"));
    EXPECT_TRUE(r.serverMessage.contains(QStringLiteral("Incorrect API key"))) << r.serverMessage.toStdString();
    EXPECT_TRUE(r.rawBody.contains("Incorrect API key"));
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("401")));
    EXPECT_TRUE(allText(r).contains(QStringLiteral("Authorization: Bearer <key>")));
    EXPECT_FALSE(allText(r).contains(config.apiKey));
    EXPECT_FALSE(r.errorMessage.contains(config.apiKey));

    config.apiKey = simConfig.apiKey; // the right key passes
    EXPECT_EQ(checkAndWait(config).httpStatus, 200);
}

TEST(ConnectionCheck, DoubledV1IsSentAnywayAnd404Explained)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    const QString goodBase = sim.server.baseUrl().toString();
    config.baseUrl = goodBase + QStringLiteral("/v1");
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_TRUE(r.sent);
    EXPECT_TRUE(r.baseUrlRefusedByRun);
    EXPECT_EQ(r.requestedUrl.path(), QStringLiteral("/v1/v1/chat/completions"));
    EXPECT_EQ(r.httpStatus, 404);
    EXPECT_EQ(r.errorKind, QStringLiteral("http_404"));
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("404")));
    const QString text = allText(r);
    EXPECT_TRUE(text.contains(r.requestedUrl.toString())) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("instead: ") + goodBase)) << text.toStdString();
}

TEST(ConnectionCheck, PastedEndpointPathIs404WithTheBaseUrlToType)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    const QString goodBase = sim.server.baseUrl().toString();
    config.baseUrl = goodBase + QStringLiteral("/chat/completions");
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 404);
    EXPECT_TRUE(allText(r).contains(QStringLiteral("instead: ") + goodBase)) << allText(r).toStdString();
}

TEST(ConnectionCheck, ClosedPortIsConnectionRefused)
{
    RunConfig config = quickConfig(QStringLiteral("http://127.0.0.1:%1/v1").arg(closedPort()), 1, 1, 16);
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_TRUE(r.sent);
    EXPECT_EQ(r.httpStatus, 0);
    EXPECT_EQ(r.errorKind, QStringLiteral("connection_refused"));
    EXPECT_TRUE(r.rawBody.isEmpty());
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("Nothing is listening")));
}

TEST(ConnectionCheck, UnusableBaseUrlIsNotSent)
{
    RunConfig config = quickConfig(QStringLiteral("ftp://example.com/v1"), 1, 1, 16);
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_FALSE(r.sent);
    EXPECT_EQ(r.errorKind, QStringLiteral("base_url"));
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("Base URL")));
}

TEST(ConnectionCheck, ServerErrorIs5xx)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    const ConnectionCheckResult r = checkAndWait(withFault(sim.config(), "500"));
    EXPECT_EQ(r.httpStatus, 500);
    EXPECT_EQ(r.errorKind, QStringLiteral("http_5xx"));
    EXPECT_FALSE(r.serverMessage.isEmpty());
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("The server failed (HTTP 500")));
}

TEST(ConnectionCheck, RateLimitCarriesRetryAfter)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    const ConnectionCheckResult r = checkAndWait(withFault(sim.config(), "429"));
    EXPECT_EQ(r.httpStatus, 429);
    EXPECT_EQ(r.retryAfter, QByteArrayLiteral("1"));
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Warning, QStringLiteral("Rate limited")));
    EXPECT_TRUE(allText(r).contains(QStringLiteral("Retry-After")));
}

TEST(ConnectionCheck, EmptyChoicesStreamIsNamed)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    const ConnectionCheckResult r = checkAndWait(withFault(sim.config(), "empty_choices"));
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_EQ(r.errorKind, QStringLiteral("empty_response"));
    EXPECT_GT(r.emptyChoiceChunks, 0);
    EXPECT_EQ(r.textChunks, 0);
    EXPECT_LT(r.ttftMs, 0.0);
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("empty \"choices\"")));
}

TEST(ConnectionCheck, TooFewTokensForTpotBlamesMaxTokens)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config(3);
    config.minTokensForTpot = 20;
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_TRUE(r.ok()) << r.errorMessage.toStdString();
    EXPECT_EQ(r.outputTokens, 3);
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Warning, QStringLiteral("too short to compute TPOT")));
    EXPECT_TRUE(allText(r).contains(QStringLiteral("max_tokens is 3"))) << allText(r).toStdString();
}

TEST(ConnectionCheck, ModelStoppingEarlyIsToldApartFromMaxTokens)
{
    SimConfig simConfig = quickSim();
    simConfig.outputTokens = 5; // the "model" stops after 5 tokens whatever max_tokens says
    Sim sim(simConfig);
    ASSERT_TRUE(sim.started);
    const ConnectionCheckResult r = checkAndWait(sim.config(256));
    EXPECT_EQ(r.outputTokens, 5);
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Warning, QStringLiteral("too short")));
    EXPECT_TRUE(allText(r).contains(QStringLiteral("stopped on its own"))) << allText(r).toStdString();
}

TEST(ConnectionCheck, NonStreamingAnswerIsDetected)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    // A server that ignores "stream": true and answers one JSON body.
    const RunConfig config = withFault(sim.config(), "not_streaming");
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_FALSE(r.isStreaming());
    EXPECT_TRUE(r.contentType.startsWith("application/json")) << r.contentType.toStdString();
    EXPECT_EQ(r.errorKind, QStringLiteral("not_streaming"));
    EXPECT_FALSE(r.streamOffInExtraBody);
    EXPECT_TRUE(r.rawBody.startsWith("{"));
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("does not stream")));
    EXPECT_TRUE(allText(r).contains(QStringLiteral("TTFT would be meaningless")));
}

// Turning streaming off in the extra body is refused before anything is sent.
TEST(ConnectionCheck, StreamOffInTheExtraBodyIsRefusedBeforeSending)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    config.extraBody.insert(QStringLiteral("stream"), false);
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.errorKind, QStringLiteral("config"));
    EXPECT_EQ(r.httpStatus, 0) << "nothing was sent";
    EXPECT_TRUE(allText(r).contains(QStringLiteral("always streams"))) << allText(r).toStdString();
}

TEST(ConnectionCheck, StalledServerTimesOut)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = withFault(sim.config(), "stall");
    config.timeoutMs = 500;
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.errorKind, QStringLiteral("timeout"));
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("No answer in time")));
}

TEST(ConnectionCheck, CancelStopsAStalledRequest)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    ConnectionCheck check;
    QSignalSpy spy(&check, &ConnectionCheck::finished);
    check.start(withFault(sim.config(), "stall"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return sim.server.inFlight() == 1; }, 10000));
    check.cancel();
    ASSERT_TRUE(spy.wait(10000));
    const auto r = spy.first().first().value<ConnectionCheckResult>();
    EXPECT_EQ(r.errorKind, QStringLiteral("cancelled"));
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Info, QStringLiteral("Cancelled")));
}

TEST(ConnectionCheck, UnreachableProxyIsNamedWithoutItsPassword)
{
    // Not a loopback target: Qt never sends those through a proxy. Nothing goes to this
    // documentation-only address (TEST-NET-1): the proxy refuses first.
    RunConfig config = quickConfig(QStringLiteral("http://192.0.2.1/v1"), 1, 1, 16);
    config.proxyMode = ProxyMode::Custom;
    const quint16 proxyPort = closedPort();
    config.proxyUrl = QStringLiteral("http://alice:s3cret-pw@127.0.0.1:%1").arg(proxyPort);
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 0);
    EXPECT_EQ(r.errorKind, QStringLiteral("proxy")) << r.errorMessage.toStdString();
    EXPECT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("proxy"))) << allText(r).toStdString();
    EXPECT_TRUE(allText(r).contains(QStringLiteral("127.0.0.1:%1").arg(proxyPort))) << allText(r).toStdString();
    EXPECT_FALSE(allText(r).contains(QStringLiteral("s3cret-pw")));
    EXPECT_FALSE(r.proxyUrl.contains(QStringLiteral("s3cret-pw")));
}

TEST(ConnectionCheck, UntrustedCertificatePointsToTheCaFileAndTheCaFileFixesIt)
{
    QTemporaryDir dir;
    const auto [cert, key] = selfSignedCertificate(dir);
    if (cert.isEmpty())
        GTEST_SKIP() << "the openssl command-line tool is missing or failed (apt-get install openssl)";
    SimConfig simConfig = quickSim();
    simConfig.tlsCertificatePath = cert;
    simConfig.tlsKeyPath = key;
    Sim sim(simConfig);
    ASSERT_TRUE(sim.started);
    RunConfig config = sim.config();
    ASSERT_EQ(sim.server.baseUrl().scheme(), QStringLiteral("https"));

    const ConnectionCheckResult refused = checkAndWait(config);
    EXPECT_EQ(refused.errorKind, QStringLiteral("tls")) << refused.errorMessage.toStdString();
    EXPECT_FALSE(refused.sslError.isEmpty());
    ASSERT_TRUE(hasDiagnosis(refused, Diagnosis::Severity::Error, QStringLiteral("not trusted"))) << allText(refused).toStdString();
    EXPECT_TRUE(allText(refused).contains(QStringLiteral("\"CA certificates\"")));

    config.caCertificatesPath = cert;
    const ConnectionCheckResult trusted = checkAndWait(config);
    EXPECT_TRUE(trusted.ok()) << trusted.errorMessage.toStdString();
    EXPECT_EQ(trusted.httpStatus, 200);
}

TEST(ConnectionCheck, UnusableProxyUrlIsNotSent)
{
    RunConfig config = quickConfig(QStringLiteral("http://192.0.2.1/v1"), 1, 1, 16);
    config.proxyMode = ProxyMode::Custom;
    config.proxyUrl = QStringLiteral("ftp://proxy.example:21");
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_FALSE(r.sent);
    EXPECT_EQ(r.errorKind, QStringLiteral("config"));
    EXPECT_TRUE(allText(r).contains(QStringLiteral("ftp"))) << allText(r).toStdString();
}

TEST(ConnectionCheck, ProbeConfigCapsMaxTokensButKeepsWhatTpotNeeds)
{
    RunConfig config;
    config.maxTokens = 256;
    config.minTokensForTpot = 20;
    EXPECT_EQ(ConnectionCheck::probeConfig(config).maxTokens, ConnectionCheck::kProbeMaxTokens);
    config.minTokensForTpot = 100;
    EXPECT_EQ(ConnectionCheck::probeConfig(config).maxTokens, 100);
    config.maxTokens = 3;
    EXPECT_EQ(ConnectionCheck::probeConfig(config).maxTokens, 3);
}

TEST(ConnectionCheck, ProxyPasswordsAreRedacted)
{
    EXPECT_EQ(redactProxyPassword(QStringLiteral("http://bob:hunter2@proxy.corp:3128")),
              QStringLiteral("http://bob:***@proxy.corp:3128"));
    EXPECT_EQ(redactProxyPassword(QStringLiteral("http://proxy.corp:3128")), QStringLiteral("http://proxy.corp:3128"));
    EXPECT_EQ(redactProxyPassword(QStringLiteral("localhost,127.0.0.1")), QStringLiteral("localhost,127.0.0.1"));

    qputenv("HTTPS_PROXY", "http://carol:pa55word@10.0.0.1:8080");
    const auto found = proxyEnvironment();
    qunsetenv("HTTPS_PROXY");
    ASSERT_TRUE(found.contains(qMakePair(QStringLiteral("HTTPS_PROXY"), QStringLiteral("http://carol:***@10.0.0.1:8080"))));
}

// --- every API kind, through its dialect, against the simulator's route for it ---

namespace {

class ConnectionCheckKind : public ::testing::TestWithParam<ApiKind>
{
};

RunConfig forKind(const Sim &sim, ApiKind api)
{
    RunConfig config = sim.config();
    config.api = api;
    return config;
}

QString kindName(const ::testing::TestParamInfo<ApiKind> &p)
{
    return apiKindName(p.param);
}

} // namespace

// The request goes to the kind's path with its key header, and the answer is measured in its
// stream format: TTFT, one text chunk per token, usage, and the kind's closing signal.
TEST_P(ConnectionCheckKind, HealthyStreamIsMeasuredInTheKindsFormat)
{
    const ApiKind api = GetParam();
    SimConfig simConfig = quickSim();
    simConfig.apiKey = QStringLiteral("sk-kind-right-0123456789");
    Sim sim(simConfig);
    ASSERT_TRUE(sim.started);
    RunConfig config = forKind(sim, api);
    config.apiKey = simConfig.apiKey;
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_TRUE(r.ok()) << r.errorKind.toStdString() << ": " << r.errorMessage.toStdString();
    EXPECT_EQ(r.api, api);
    EXPECT_EQ(r.requestedUrl.path(), resolveEndpoint(config.baseUrl, api).url.path());
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_TRUE(r.isStreaming());
    EXPECT_GT(r.ttftMs, 0.0);
    EXPECT_TRUE(r.usageReturned);
    EXPECT_EQ(r.outputTokens, ConnectionCheck::kProbeMaxTokens);
    EXPECT_EQ(r.textChunks, ConnectionCheck::kProbeMaxTokens);
    EXPECT_TRUE(r.sawDone) << "[DONE], message_stop or response.completed";
    ASSERT_FALSE(r.diagnoses.isEmpty());
    EXPECT_EQ(r.diagnoses.first().severity, Diagnosis::Severity::Ok) << allText(r).toStdString();
    EXPECT_EQ(r.diagnoses.size(), 1) << allText(r).toStdString();
}

// A wrong key is refused in the kind's own words, and the key is nowhere in the result.
TEST_P(ConnectionCheckKind, WrongKeyIsExplainedForTheKindAndNeverKept)
{
    const ApiKind api = GetParam();
    SimConfig simConfig = quickSim();
    simConfig.apiKey = QStringLiteral("sk-ant-api03-right-0123456789");
    Sim sim(simConfig);
    ASSERT_TRUE(sim.started);
    RunConfig config = forKind(sim, api);
    config.apiKey = QStringLiteral("sk-wrong-key-for-kind-987654");
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 401);
    EXPECT_FALSE(r.keyLooksAnthropic);
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("401"))) << allText(r).toStdString();
    const QString text = allText(r);
    if (api == ApiKind::AnthropicMessages) {
        EXPECT_TRUE(text.contains(QStringLiteral("invalid x-api-key"))) << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("\"x-api-key: <key>\""))) << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("ANTHROPIC_API_KEY")));
        EXPECT_FALSE(text.contains(QStringLiteral("Authorization: Bearer <key>")));
    } else {
        EXPECT_TRUE(text.contains(QStringLiteral("Authorization: Bearer <key>"))) << text.toStdString();
    }
    EXPECT_FALSE(text.contains(config.apiKey));
    EXPECT_FALSE(r.errorMessage.contains(config.apiKey));
    EXPECT_FALSE(r.serverMessage.contains(config.apiKey));
    EXPECT_FALSE(r.rawBody.contains(config.apiKey.toUtf8()));
}

INSTANTIATE_TEST_SUITE_P(Kinds, ConnectionCheckKind, ::testing::ValuesIn(apiKinds()),
                         [](const ::testing::TestParamInfo<ApiKind> &p) { return kindName(p).toStdString(); });

TEST(ConnectionCheck, AnthropicOverloadedIsRetryLaterAsAnAnswerAndInTheStream)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    const RunConfig config = forKind(sim, ApiKind::AnthropicMessages);
    ConnectionCheckResult r = checkAndWait(withFault(config, "overloaded"));
    EXPECT_EQ(r.httpStatus, 529);
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Warning, QStringLiteral("overloaded (HTTP 529)"))) << allText(r).toStdString();
    EXPECT_TRUE(allText(r).contains(QStringLiteral("retry later")));

    r = checkAndWait(withFault(config, "error_in_stream"));
    EXPECT_EQ(r.httpStatus, 200);
    EXPECT_EQ(r.errorKind, QStringLiteral("stream_error"));
    EXPECT_TRUE(r.serverMessage.contains(QStringLiteral("overloaded_error"))) << r.serverMessage.toStdString();
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Warning, QStringLiteral("The server is overloaded"))) << allText(r).toStdString();
    EXPECT_TRUE(allText(r).contains(QStringLiteral("retry later")));
}

TEST(ConnectionCheck, AnthropicVersionHeaderOverriddenEmptyIsNamed)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = forKind(sim, ApiKind::AnthropicMessages);
    config.headers.append({QByteArrayLiteral("anthropic-version"), QByteArrayLiteral("")});
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 400);
    EXPECT_TRUE(r.serverMessage.contains(QStringLiteral("anthropic-version: header is required"))) << r.serverMessage.toStdString();
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("anthropic-version"))) << allText(r).toStdString();
    EXPECT_TRUE(allText(r).contains(QStringLiteral("custom anthropic-version header replaces"))) << allText(r).toStdString();
}

TEST(ConnectionCheck, ResponsesWhereTheServerHasNoneSuggestsChat)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = forKind(sim, ApiKind::Responses);
    config.baseUrl = sim.server.baseUrl().toString() + QStringLiteral("/openai"); // the simulator serves nothing there
    const ConnectionCheckResult r = checkAndWait(config);
    EXPECT_EQ(r.httpStatus, 404);
    ASSERT_TRUE(hasDiagnosis(r, Diagnosis::Severity::Error, QStringLiteral("No Responses endpoint"))) << allText(r).toStdString();
    EXPECT_TRUE(allText(r).contains(QStringLiteral("choose the API kind \"chat\"")));
}

TEST(ConnectionCheck, KeyShapeFactsKeepNoCharacterOfTheKey)
{
    Sim sim;
    ASSERT_TRUE(sim.started);
    RunConfig config = forKind(sim, ApiKind::AnthropicMessages);
    config.apiKey = QStringLiteral("sk-ant-oat01-subscription-token-0123456789");
    ConnectionCheckResult r = checkAndWait(config);
    EXPECT_TRUE(r.keyLooksAnthropic);
    EXPECT_TRUE(r.keyLooksLikeOAuthToken);
    config.apiKey = QStringLiteral("eyJhbGciOiJSUzI1NiJ9.eyJzY3AiOlsib3BlbmlkIl19.c2lnbmF0dXJl");
    r = checkAndWait(config);
    EXPECT_FALSE(r.keyLooksAnthropic);
    EXPECT_TRUE(r.keyLooksLikeOAuthToken);
    config.apiKey = QStringLiteral("sk-ant-api03-ordinary-key-0123456789");
    r = checkAndWait(config);
    EXPECT_TRUE(r.keyLooksAnthropic);
    EXPECT_FALSE(r.keyLooksLikeOAuthToken);
}
