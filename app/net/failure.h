// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QNetworkReply>
#include <QString>
#include <QUrl>

/// How a failed request is named and explained. Kinds are stable strings written to exports:
/// http_401, http_403, http_404, http_429, http_4xx codes as http_<code>, http_5xx, timeout,
/// connection_refused, dns, tls, reset, proxy, redirect, network, malformed_stream, stream_error,
/// empty_response, incomplete_stream. Pure functions; thread-safe.
namespace TokenScope::Failure {

QString kindForHttpStatus(int status);
QString kindForNetworkError(QNetworkReply::NetworkError error);

/// The server's own words from an error body: `error.message` (OpenAI, Anthropic), `message`,
/// `detail`, or the trimmed text itself; at most 500 characters.
QString serverMessage(const QByteArray &body);

/// A message a user can act on: what happened, what to check, and the server's words.
QString explainHttp(int status, const QString &serverText, const QUrl &url, const QByteArray &retryAfter);
QString explainNetwork(const QString &kind, const QString &qtMessage, const QUrl &url, int timeoutMs);
/// A failed TLS handshake: `sslError` is the first QSslError's text when the certificate was
/// refused (empty when Qt gave none), `qtMessage` the reply's error string. Says how to trust a CA.
QString explainTls(const QString &sslError, const QString &qtMessage, const QUrl &url);
/// A redirect the engine did not follow (kind "redirect"): `location` is the Location header
/// (possibly relative to `url`, possibly empty), `error` InsecureRedirectError (another origin) or
/// TooManyRedirectsError.
QString explainRedirect(QNetworkReply::NetworkError error, const QUrl &location, const QUrl &url);

} // namespace TokenScope::Failure
