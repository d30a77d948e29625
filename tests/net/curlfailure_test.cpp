// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// libcurl's results named as the default transport names them (docs/metrics.md#failure-kinds).
// The transports' own behaviour against real peers is in the "curl." runs of the server tests;
// these are the cases a peer cannot easily provoke (a refused proxy named in the message, the
// system proxy's environment, an HTTP/2 reset's code).
#include "core/failurekind.h"
#include "net/curlfailure.h"

#include <QScopeGuard>

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

std::string kindOf(const Failure::Description &d)
{
    return failureKindName(d.kind).toStdString();
}

const QUrl kUrl(QStringLiteral("https://api.example.com/v1/chat/completions"));

} // namespace

TEST(CurlFailure, NetworkResultsGetTheDefaultTransportsKinds)
{
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_OK, {}, kUrl, {}, true)), "");
    EXPECT_EQ(
        kindOf(CurlFailure::describe(CURLE_COULDNT_CONNECT, QStringLiteral("Failed to connect"), kUrl, {}, false)),
        "connection_refused");
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_COULDNT_RESOLVE_HOST, {}, kUrl, {}, false)), "dns");
    EXPECT_EQ(
        kindOf(CurlFailure::describe(CURLE_RECV_ERROR, QStringLiteral("Connection reset by peer"), kUrl, {}, true)),
        "reset");
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_PARTIAL_FILE, {}, kUrl, {}, true)), "reset");
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_SSL_CONNECT_ERROR, {}, kUrl, {}, false)), "tls");
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_WEIRD_SERVER_REPLY, {}, kUrl, {}, false)), "network");
}

TEST(CurlFailure, AnUntrustedCertificateSaysHowToTrustItsCa)
{
    const Failure::Description d = CurlFailure::describe(CURLE_PEER_FAILED_VERIFICATION,
        QStringLiteral("SSL certificate problem: self-signed certificate"), kUrl, {}, false);
    EXPECT_EQ(kindOf(d), "tls");
    EXPECT_TRUE(d.message.contains(u"is not trusted: self-signed certificate")) << d.message.toStdString();
    EXPECT_TRUE(d.message.contains(u"--ca-file")) << d.message.toStdString();
}

TEST(CurlFailure, AConnectionThatFailsThroughAProxyIsTheProxys)
{
    const Failure::Description d = CurlFailure::describe(CURLE_COULDNT_CONNECT,
        QStringLiteral("Failed to connect to 127.0.0.1 port 9"), kUrl, QStringLiteral("127.0.0.1:9"), false);
    EXPECT_EQ(kindOf(d), "proxy");
    EXPECT_TRUE(d.message.contains(u"(proxy 127.0.0.1:9)")) << d.message.toStdString();
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_COULDNT_RESOLVE_PROXY, {}, kUrl, {}, false)), "proxy");
}

TEST(CurlFailure, AnHttp2ResetNamesItsCodeAndABrokenHeadIsAProtocolFailure)
{
    const QString reset = QStringLiteral("HTTP/2 stream 1 was not closed cleanly: INTERNAL_ERROR (err 2)");
    const Failure::Description d = CurlFailure::describe(CURLE_HTTP2_STREAM, reset, kUrl, {}, true);
    EXPECT_EQ(kindOf(d), "reset");
    EXPECT_TRUE(d.message.contains(u"error code INTERNAL_ERROR")) << d.message.toStdString();

    const QString broken = QStringLiteral("HTTP/2 stream 1 was not closed cleanly: PROTOCOL_ERROR (err 1)");
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_HTTP2_STREAM, broken, kUrl, {}, false)), "protocol");
    EXPECT_EQ(kindOf(CurlFailure::describe(CURLE_HTTP2_STREAM, broken, kUrl, {}, true)), "reset")
        << "after a valid head, a PROTOCOL_ERROR reset is the server's";
}

TEST(CurlFailure, BadChunkedFramingEndsTheBodyForTheRecordToExplain)
{
    const Failure::Description d = CurlFailure::describe(CURLE_RECV_ERROR,
        QStringLiteral("Illegal or missing hexadecimal sequence in chunked-encoding"), kUrl, {}, true);
    EXPECT_EQ(d.kind, FailureKind::None);
}

TEST(CurlFailure, TheProxyOfARequestIsTheCustomOneOrTheEnvironments)
{
    EXPECT_EQ(CurlFailure::proxyFor(kUrl, ProxyMode::None, QStringLiteral("http://p:1")), QString());
    EXPECT_EQ(CurlFailure::proxyFor(kUrl, ProxyMode::Custom, QStringLiteral("http://user:pw@proxy.example:3128")),
        QStringLiteral("proxy.example:3128"));
    EXPECT_EQ(CurlFailure::proxyFor(kUrl, ProxyMode::Custom, QStringLiteral("socks5://proxy.example")),
        QStringLiteral("proxy.example:1080"));

    const QByteArray names[]
        = { "https_proxy", "HTTPS_PROXY", "http_proxy", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY" };
    QList<QPair<QByteArray, QByteArray>> saved;
    for (const QByteArray &name : names) {
        saved.append({ name, qgetenv(name.constData()) });
        qunsetenv(name.constData());
    }
    const auto restore = qScopeGuard([&saved] {
        for (const auto &[name, value] : saved) {
            if (value.isEmpty())
                qunsetenv(name.constData());
            else
                qputenv(name.constData(), value);
        }
    });
    EXPECT_EQ(CurlFailure::proxyFor(kUrl, ProxyMode::System, {}), QString());
    qputenv("https_proxy", "http://secure.example:8443");
    qputenv("http_proxy", "http://plain.example:8080");
    EXPECT_EQ(CurlFailure::proxyFor(kUrl, ProxyMode::System, {}), QStringLiteral("secure.example:8443"));
    EXPECT_EQ(CurlFailure::proxyFor(QUrl(QStringLiteral("http://api.example.com/v1")), ProxyMode::System, {}),
        QStringLiteral("plain.example:8080"));
    qputenv("no_proxy", "localhost,.example.com");
    EXPECT_EQ(CurlFailure::proxyFor(kUrl, ProxyMode::System, {}), QString()) << "no_proxy names the host's domain";
}
