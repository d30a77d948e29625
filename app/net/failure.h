// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/failurekind.h"

#include <QByteArray>
#include <QNetworkReply>
#include <QString>
#include <QUrl>

/// How a failed request is named and explained. Pure functions; thread-safe.
namespace TokenScope::Failure {

/// A failure as a transport reports it: its kind and the explanation a user reads.
struct Description
{
    FailureKind kind = FailureKind::None;
    QString message;
};

FailureKind kindForNetworkError(QNetworkReply::NetworkError error);
/// A reply that failed without an HTTP error status, described: redirects not followed, a proxy
/// it could not reach (Qt names the target host then), TLS with `sslError` (the first
/// certificate problem its handshake met, or empty) and the other network errors.
Description describeReplyFailure(const QNetworkReply *reply, const QString &sslError);

/// The most of a server's own words a record keeps, from an HTTP error body or an error event
/// inside the stream alike.
constexpr qsizetype kServerMessageChars = 500;
/// `text` cut to kServerMessageChars, with "…" where it was cut.
QString capServerText(const QString &text);

/// The server's own words from an error body: `error.message` (OpenAI, Anthropic), `message`,
/// `detail`, or the trimmed text itself; capServerText() applied.
QString serverMessage(const QByteArray &body);

/// A message a user can act on: what happened, what to check, and the server's words.
QString explainHttp(int status, const QString &serverText, const QUrl &url, const QByteArray &retryAfter);
QString explainNetwork(FailureKind kind, const QString &qtMessage, const QUrl &url, int timeoutMs);
/// A failed TLS handshake: `sslError` is the first QSslError's text when the certificate was
/// refused (empty when Qt gave none), `qtMessage` the reply's error string. Says how to trust a CA.
QString explainTls(const QString &sslError, const QString &qtMessage, const QUrl &url);
/// A redirect the engine did not follow (kind "redirect"): `location` is the Location header
/// (possibly relative to `url`, possibly empty), `error` InsecureRedirectError (another origin) or
/// TooManyRedirectsError.
QString explainRedirect(QNetworkReply::NetworkError error, const QUrl &location, const QUrl &url);
/// A 301, 302 or 303 answer to the streaming POST (kind "redirect"): those let a client turn the POST
/// into a GET, so TokenScope does not follow them; names the target to use as the Base URL.
QString explainMethodChangingRedirect(int status, const QUrl &location, const QUrl &url);

} // namespace TokenScope::Failure
