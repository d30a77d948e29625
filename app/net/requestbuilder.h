// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "net/apidialect.h"

#include <QByteArray>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QString>
#include <QUrl>

/// Turns a RunConfig into the HTTP request the engine sends. Pure functions; thread-safe.
namespace TokenScope::RequestBuilder {

/// The JSON body of the config's API dialect (apiDialect(); for OpenAI chat: model, messages,
/// stream: true, temperature, max_tokens, stream_options.include_usage unless switched off, then
/// extraBody's keys on top) with config.prompt.
QByteArray body(const RunConfig &config);
/// The same for `prompt` (a request of a PromptSource): its text or conversation and its own
/// max_tokens when it has one.
QByteArray body(const RunConfig &config, const Prompt &prompt);

/// Every header the request carries, in order: JSON content type, `Accept: text/event-stream`,
/// `Accept-Encoding: identity` (so Qt does not buffer to decompress), the dialect's auth headers
/// and API headers (`anthropic-version`), then the custom headers, each of which replaces one of
/// the former with its name (case-insensitive). networkRequest() and curlCommand() both send
/// exactly these.
QList<RequestHeader> requestHeaders(const RunConfig &config);

/// requestHeaders() and the attributes: transfer timeout, HTTP/2 only when opted in, redirects only to the same origin
/// (the key never leaves it); with caCertificatesPath, a TLS configuration trusting the system's CAs plus that file's.
QNetworkRequest networkRequest(const RunConfig &config, const QUrl &url);

/// Parses the user's extra-body text; on error returns false and the parser's message with its offset.
bool parseExtraBody(const QString &text, QJsonObject *out, QString *error);

/// The keys of `extraBody` that replace what TokenScope itself sends for `api` and so change what is
/// measured (ApiDialect::measuredBodyKeys: model, messages, prompt, input, stream_options), sorted.
/// "stream" is refused by the run check (engine/runcheck.h).
QStringList overriddenRequestKeys(const QJsonObject &extraBody, ApiKind api = ApiKind::ChatCompletions);

/// The certificates of the PEM file at `path` (a regular file of at most 16 MiB), or an empty list
/// and what is wrong in `error`. networkRequest() trusts them beside the system's CAs.
QList<QSslCertificate> caCertificates(const QString &path, QString *error);

/// The same streaming request as a shell command (`curl -N ...`), for reproducing it outside
/// TokenScope. Unless `revealSecrets`, the key appears as `$<keyVariable>` (empty: the API's own,
/// ApiDialect::keyVariable, e.g. $ANTHROPIC_API_KEY), the values of custom headers that look
/// like credentials as `<redacted>`, and the URL's credentials and any secret in the body as
/// Secrets and urlForDisplay() write them (core/secrets.h).
QString curlCommand(const RunConfig &config, bool revealSecrets, const QString &keyVariable = QString());

} // namespace TokenScope::RequestBuilder
