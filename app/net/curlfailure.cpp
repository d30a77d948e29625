// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "curlfailure.h"

#include <QRegularExpression>

namespace TokenScope::CurlFailure {

namespace {

QString environment(const char *name)
{
    return qEnvironmentVariable(name).trimmed();
}

bool bypassed(const QUrl &url)
{
    QString noProxy = environment("no_proxy");
    if (noProxy.isEmpty())
        noProxy = environment("NO_PROXY");
    const QString host = url.host().toLower();
    for (QString entry : noProxy.split(u',', Qt::SkipEmptyParts)) {
        entry = entry.trimmed().toLower();
        if (entry.startsWith(u'.'))
            entry.remove(0, 1);
        if (entry == u"*" || host == entry || host.endsWith(u'.' + entry))
            return true;
    }
    return false;
}

QString hostPort(const QString &proxyUrl)
{
    // libcurl takes "host:port" without a scheme as an HTTP proxy, and 1080 without a port.
    const QString text = proxyUrl.contains(QStringLiteral("://")) ? proxyUrl : QStringLiteral("http://") + proxyUrl;
    const QUrl url(text);
    return url.host().isEmpty() ? QString() : QStringLiteral("%1:%2").arg(url.host()).arg(url.port(1080));
}

/// libcurl's words for an HTTP/2 stream the server reset: "... was not closed cleanly: CODE (err N)".
QString http2ResetCode(const QString &errorText)
{
    static const QRegularExpression pattern(QStringLiteral("not closed cleanly: ([A-Z_0-9]+)"));
    return pattern.match(errorText).captured(1);
}

} // namespace

QString proxyFor(const QUrl &url, ProxyMode mode, const QString &proxyUrl)
{
    if (mode == ProxyMode::Custom)
        return hostPort(proxyUrl.trimmed());
    if (mode == ProxyMode::None || bypassed(url))
        return {};
    QString proxy;
    if (url.scheme() == u"https") {
        proxy = environment("https_proxy");
        if (proxy.isEmpty())
            proxy = environment("HTTPS_PROXY");
    } else {
        proxy = environment("http_proxy"); // libcurl reads no HTTP_PROXY (CGI's HTTP_ headers)
    }
    if (proxy.isEmpty())
        proxy = environment("all_proxy");
    if (proxy.isEmpty())
        proxy = environment("ALL_PROXY");
    return proxy.isEmpty() ? QString() : hostPort(proxy);
}

Failure::Description describe(
    CURLcode result, const QString &errorText, const QUrl &url, const QString &proxy, bool answered)
{
    const QString text = errorText.isEmpty() ? QString::fromUtf8(curl_easy_strerror(result)) : errorText;
    FailureKind kind = FailureKind::Network;
    switch (result) {
    case CURLE_OK:
        return {};
    case CURLE_COULDNT_RESOLVE_HOST:
        kind = FailureKind::Dns;
        break;
    case CURLE_COULDNT_CONNECT:
        kind = FailureKind::ConnectionRefused;
        break;
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_PROXY:
        kind = FailureKind::Proxy;
        break;
    case CURLE_OPERATION_TIMEDOUT:
        kind = FailureKind::Timeout;
        break;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_USE_SSL_FAILED:
        kind = FailureKind::Tls;
        break;
    case CURLE_HTTP2_STREAM:
    case CURLE_HTTP2:
        // nghttp2 refuses a response head that breaks HTTP/2 (no :status, say) with PROTOCOL_ERROR.
        if (!answered && http2ResetCode(text) == u"PROTOCOL_ERROR")
            return { FailureKind::Protocol,
                QStringLiteral("The HTTP/2 response broke the protocol before a valid head came (a head without "
                               ":status, say): libcurl refused it (%1). The server or a proxy is misbehaving.")
                    .arg(text) };
        if (const QString code = http2ResetCode(text); !code.isEmpty())
            return { FailureKind::Reset,
                QStringLiteral("The server reset the HTTP/2 stream with error code %1 (an RST_STREAM frame, or a "
                               "GOAWAY that closed the connection; libcurl said: %2).")
                    .arg(code, text) };
        kind = FailureKind::Reset;
        break;
    case CURLE_RECV_ERROR:
        // Bad chunked framing ends the body where it broke, as with the default transport: the
        // record then says what arrived and names the chunked ending (docs/metrics.md#failure-kinds).
        if (text.contains(u"chunked-encoding"))
            return {};
        kind = FailureKind::Reset;
        break;
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
    case CURLE_GOT_NOTHING:
        kind = FailureKind::Reset;
        break;
    default:
        break;
    }
    // A refused or unresolvable proxy reads as a failed server connection: with a proxy in the
    // way, the connection that failed was the one to it (libcurl names its host).
    if (!proxy.isEmpty() && (kind == FailureKind::ConnectionRefused || kind == FailureKind::Dns))
        return { FailureKind::Proxy,
            Failure::explainNetwork(FailureKind::Proxy, text + QStringLiteral(" (proxy %1)").arg(proxy), url, 0) };
    if (result == CURLE_PEER_FAILED_VERIFICATION) { // "SSL certificate problem: <what OpenSSL said>"
        static const QRegularExpression prefix(QStringLiteral("^SSL certificate problem: "));
        return { kind, Failure::explainTls(QString(text).remove(prefix), text, url) };
    }
    if (kind == FailureKind::Tls)
        return { kind, Failure::explainTls({}, text, url) };
    return { kind, Failure::explainNetwork(kind, text, url, 0) };
}

} // namespace TokenScope::CurlFailure
