// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "responsehead.h"

#include <QNetworkReply>

namespace TokenScope {

ResponseHead ResponseHead::of(const QNetworkReply *reply)
{
    ResponseHead head;
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    head.httpStatus = status.toInt();
    head.httpVersion = reply->attribute(QNetworkRequest::Http2WasUsedAttribute).toBool() ? 2 : 1;
    head.retryAfter = reply->rawHeader(QByteArrayLiteral("Retry-After"));
    head.contentType = reply->rawHeader(QByteArrayLiteral("Content-Type"));
    head.contentEncoding = reply->rawHeader(QByteArrayLiteral("Content-Encoding"));
    head.transferEncoding = reply->rawHeader(QByteArrayLiteral("Transfer-Encoding"));
    head.hasContentLength = reply->hasRawHeader(QByteArrayLiteral("Content-Length"));
    for (const auto &[name, value] : reply->rawHeaderPairs()) {
        head.headerBytes += name.size() + value.size();
        ++head.headerCount;
    }
    return head;
}

QString ResponseHead::refusal() const
{
    // Qt 6.4 keeps its parser's initial 100 when an HTTP/2 head has no :status; a 1xx never ends
    // an HTTP/1 head.
    if (httpStatus < 200)
        return QStringLiteral("The response had no final status (Qt reports %1): an HTTP/2 response head without "
                              ":status. The server broke the protocol.")
            .arg(httpStatus);
    // Past 100 header fields Qt 6.4 drops every header and hands the reply over as if it had none.
    if (httpVersion == 1 && headerCount == 0)
        return QStringLiteral("The response came without any header Qt kept: more than 100 header fields (Qt 6.4 "
                              "then drops them all), or none at all, not even Content-Type. A server or proxy is "
                              "misbehaving.");
    if (headerBytes > kMaxHeaderBytes || headerCount > kMaxHeaders)
        return QStringLiteral("The response headers are too large: %1 headers, %2 KiB (TokenScope accepts at most %3 "
                              "headers and %4 KiB). A server or proxy is misbehaving; the time spent reading them is "
                              "in headers_ms.")
            .arg(headerCount)
            .arg(double(headerBytes) / 1024, 0, 'f', 1)
            .arg(kMaxHeaders)
            .arg(kMaxHeaderBytes / 1024);
    const QByteArray encoding = contentEncoding.trimmed().toLower();
    // "none" is no coding either: some gateways send it so that proxies pass the stream on unbuffered.
    if (!encoding.isEmpty() && encoding != "identity" && encoding != "none")
        return QStringLiteral("The response is compressed (Content-Encoding: %1): TokenScope reads an event stream "
                              "uncompressed, as it arrives, and asks for that (Accept-Encoding: identity) unless a "
                              "--header says otherwise. Turn compression off for text/event-stream at the server or "
                              "proxy.")
            .arg(QString::fromLatin1(contentEncoding));
    return {};
}

} // namespace TokenScope
