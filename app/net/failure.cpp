// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "failure.h"

#include "core/secrets.h"
#include "net/clientpool.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSslError>

#include <utility>

namespace TokenScope::Failure {

FailureKind kindForNetworkError(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
        return FailureKind::ConnectionRefused;
    case QNetworkReply::HostNotFoundError:
        return FailureKind::Dns;
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError: // Qt's transfer timeout aborts with this
        return FailureKind::Timeout;
    case QNetworkReply::SslHandshakeFailedError:
        return FailureKind::Tls;
    case QNetworkReply::RemoteHostClosedError:
        return FailureKind::Reset;
    case QNetworkReply::InsecureRedirectError: // SameOriginRedirectPolicy met another origin
    case QNetworkReply::TooManyRedirectsError:
        return FailureKind::Redirect;
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyTimeoutError:
    case QNetworkReply::ProxyAuthenticationRequiredError:
    case QNetworkReply::UnknownProxyError:
        return FailureKind::Proxy;
    default: // UnknownNetworkError included: TLS library missing or refused
        return FailureKind::Network;
    }
}

// The HTTP/2 error code behind one of Qt's texts for an RST_STREAM or GOAWAY frame (Qt 6.4's
// qt_error() in qhttp2protocolhandler.cpp turns the code into a text and a NetworkError, e.g.
// INTERNAL_ERROR into InternalServerError "Internal server error"); empty for any other text.
static QString http2ErrorCodeIn(const QString &qtMessage)
{
    static const std::pair<const char *, const char *> codes[] = {
        { "HTTP/2 protocol error", "PROTOCOL_ERROR" },
        { "Internal server error", "INTERNAL_ERROR" },
        { "Flow control error", "FLOW_CONTROL_ERROR" },
        { "Server received frame(s) on a half-closed stream", "STREAM_CLOSED" },
        { "Server received a frame with an invalid size", "FRAME_SIZE_ERROR" },
        { "Server refused a stream", "REFUSED_STREAM" },
        { "Stream is no longer needed", "CANCEL" },
        { "Server is unable to maintain the header compression context", "COMPRESSION_ERROR" },
        { "The connection established in response to a CONNECT request", "CONNECT_ERROR" },
        { "Server dislikes our behavior", "ENHANCE_YOUR_CALM" },
        { "The underlying transport has properties", "INADEQUATE_SECURITY" },
        { "Server requires that HTTP/1.1 be used", "HTTP_1_1_REQUIRED" },
        { "RST_STREAM with unknown error code", "an unknown code" },
    };
    for (const auto &[text, code] : codes)
        if (qtMessage.startsWith(QLatin1String(text)))
            return QLatin1String(code);
    return {};
}

Description describeReplyFailure(const QNetworkReply *reply, const QString &sslError)
{
    const QNetworkReply::NetworkError error = reply->error();
    const QUrl url = reply->request().url();
    if (error == QNetworkReply::InsecureRedirectError || error == QNetworkReply::TooManyRedirectsError) {
        // Qt keeps the refused redirect's headers: name where the server wanted to send us.
        return { FailureKind::Redirect,
            explainRedirect(error, reply->header(QNetworkRequest::LocationHeader).toUrl(), url) };
    }
    QString qtMessage = reply->errorString();
    if (reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool()) {
        // Over HTTP/2, Qt names the server's stream reset only through these texts (INTERNAL_ERROR
        // reads "Internal server error", as if the server had answered 500).
        if (const QString code = http2ErrorCodeIn(qtMessage); !code.isEmpty())
            return { FailureKind::Reset,
                QStringLiteral("The server reset the HTTP/2 stream with error code %1 (an RST_STREAM frame, or a "
                               "GOAWAY that closed the connection; Qt said: %2).")
                    .arg(code, qtMessage) };
    }
    FailureKind kind = kindForNetworkError(error);
    if (const QString proxy = ClientPool::unreachableProxy(reply); !proxy.isEmpty()) {
        kind = FailureKind::Proxy;
        qtMessage += QStringLiteral(" (proxy %1)").arg(proxy);
    }
    if (kind == FailureKind::Tls)
        return { kind, explainTls(sslError, qtMessage, url) };
    return { kind, explainNetwork(kind, qtMessage, url, reply->request().transferTimeout()) };
}

QString capServerText(const QString &text)
{
    if (text.size() <= kServerMessageChars)
        return text;
    return text.left(kServerMessageChars - 1) + QChar(0x2026);
}

QString serverMessage(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonObject obj = doc.object();
        const QJsonValue error = obj.value(u"error");
        if (error.isObject() && error.toObject().value(u"message").isString()) {
            QString message = error.toObject().value(u"message").toString();
            // Gateways (OpenRouter) put the upstream provider's own words in error.metadata.raw.
            const QJsonValue raw = error.toObject().value(u"metadata").toObject().value(u"raw");
            if (raw.isString() && !raw.toString().isEmpty())
                message += QStringLiteral(" (upstream: ") + raw.toString() + u')';
            return capServerText(message);
        }
        if (error.isString())
            return capServerText(error.toString());
        for (const auto key : { u"message", u"detail" }) {
            if (obj.value(key).isString())
                return capServerText(obj.value(key).toString());
        }
    }
    QString text = QString::fromUtf8(body);
    if (text.trimmed().startsWith(u'<')) {
        // An HTML page from a proxy or gateway: its words without the markup.
        static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
        text.replace(tags, QStringLiteral(" "));
    }
    return capServerText(text.simplified());
}

static QString hintForStatus(int status, const QUrl &url, const QByteArray &retryAfter)
{
    switch (status) {
    case 401:
        return QStringLiteral("The server rejected the API key: check the key (no spaces or quotes around it) and "
                              "that it belongs to this provider.");
    case 403:
        return QStringLiteral("The key was accepted but is not allowed to use this model or endpoint.");
    case 404:
        return QStringLiteral("Nothing at %1. Check the Base URL: enter what the provider prints (often ending in "
                              "/v1) and TokenScope appends the API's path (/chat/completions, /responses; "
                              "/v1/messages for Anthropic); look for a missing or doubled /v1. Also check the model "
                              "ID and the API kind.")
            .arg(urlForDisplay(url.toString()));
    case 429:
        return retryAfter.isEmpty() ? QStringLiteral("Rate limited: lower the concurrency or request rate.")
                                    : QStringLiteral("Rate limited (Retry-After: %1 s): lower the concurrency.")
                                          .arg(QString::fromLatin1(retryAfter));
    default:
        return status >= 500 ? QStringLiteral("The server failed (HTTP %1).").arg(status)
                             : QStringLiteral("The server refused the request (HTTP %1).").arg(status);
    }
}

QString explainHttp(int status, const QString &serverText, const QUrl &url, const QByteArray &retryAfter)
{
    const QString hint = hintForStatus(status, url, retryAfter);
    return serverText.isEmpty() ? hint : hint + QStringLiteral(" Server said: ") + serverText;
}

// The certificate problem named in Qt's handshake error ("SSL handshake failed: <QSslError text>"),
// or empty. Compared with QSslError's own texts, so a translated Qt still matches.
static QString certificateProblemIn(const QString &qtMessage)
{
    for (int e = QSslError::UnableToGetIssuerCertificate; e <= QSslError::OcspStatusUnknown; ++e) {
        if (e == QSslError::NoSslSupport)
            continue;
        const QString text = QSslError(static_cast<QSslError::SslError>(e)).errorString();
        if (!text.isEmpty() && qtMessage.contains(text))
            return text;
    }
    return {};
}

QString explainTls(const QString &sslError, const QString &qtMessage, const QUrl &url)
{
    const QString hostPort = QStringLiteral("%1:%2").arg(url.host()).arg(url.port(443));
    static const QString fix = QStringLiteral(
        "If the server uses a private or self-signed certificate authority, trust its CA certificate (PEM) with "
        "--ca-file FILE (the profile's \"CA certificates\" option); certificate checks are never turned off.");
    // Qt hands the QSslError list only to the reply whose handshake met it (often a preconnect);
    // the other replies learn of it through the error string alone.
    const QString problem = sslError.isEmpty() ? certificateProblemIn(qtMessage) : sslError;
    if (!problem.isEmpty())
        return QStringLiteral("The TLS certificate of %1 is not trusted: %2. %3").arg(hostPort, problem, fix);
    return QStringLiteral("TLS handshake failed with %1: %2. Check that the server speaks TLS on this port (https "
                          "vs http). %3")
        .arg(hostPort, qtMessage, fix);
}

QString explainNetwork(FailureKind kind, const QString &qtMessage, const QUrl &url, int timeoutMs)
{
    const QString hostPort = QStringLiteral("%1:%2").arg(url.host()).arg(url.port(url.scheme() == u"https" ? 443 : 80));
    switch (kind) {
    case FailureKind::ConnectionRefused:
        return QStringLiteral("Connection refused: nothing listens at %1. Check the host and port.").arg(hostPort);
    case FailureKind::Dns:
        return QStringLiteral("The host name %1 could not be resolved. Check the Base URL for typos.").arg(url.host());
    case FailureKind::Timeout:
        return QStringLiteral("No data for %1 s (transfer timeout): the server stalled or is overloaded.")
            .arg(timeoutMs / 1000.0);
    case FailureKind::Reset:
        return QStringLiteral("The server closed the connection before the response was complete (%1).").arg(qtMessage);
    case FailureKind::Tls:
        return explainTls({}, qtMessage, url);
    case FailureKind::Proxy:
        return QStringLiteral("Proxy error: %1. Check the HTTP(S)_PROXY settings.").arg(qtMessage);
    default:
        return qtMessage;
    }
}

QString explainRedirect(QNetworkReply::NetworkError error, const QUrl &location, const QUrl &url)
{
    const QString target
        = location.isEmpty() ? QStringLiteral("(no Location)") : urlForDisplay(url.resolved(location).toString());
    if (error == QNetworkReply::TooManyRedirectsError)
        return QStringLiteral("Too many redirects (the last to %1). Check the Base URL.").arg(target);
    // Following it would send the Authorization header to a host the user never configured.
    const QUrl origin
        = url.adjusted(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment | QUrl::RemoveUserInfo);
    return QStringLiteral("The server redirected to %1, another origin than %2 (scheme, host or port differ). "
                          "TokenScope follows redirects only within the Base URL's origin so that the API key "
                          "goes nowhere else: if the endpoint moved, use the new address as the Base URL.")
        .arg(target, urlForDisplay(origin.toString()));
}

QString explainMethodChangingRedirect(int status, const QUrl &location, const QUrl &url)
{
    const QString target
        = location.isEmpty() ? QStringLiteral("(no Location)") : urlForDisplay(url.resolved(location).toString());
    return QStringLiteral("The server answered HTTP %1, a redirect to %2 that turns the streaming POST into a GET. "
                          "TokenScope follows only 307 and 308 (which keep the method and body) within the Base URL's "
                          "origin: if the endpoint moved, use the new address as the Base URL.")
        .arg(status)
        .arg(target);
}

} // namespace TokenScope::Failure
