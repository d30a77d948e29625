// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "net/apidialect.h"

#include <QByteArray>
#include <QNetworkRequest>
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
/// "stream" is refused by validate().
QStringList overriddenRequestKeys(const QJsonObject &extraBody, ApiKind api = ApiKind::ChatCompletions);

/// The bounds validateLoad() holds numbers to (docs/metrics.md#number-limits): below the lowest
/// rate a level's send times would not fit in nanoseconds; beyond the longest duration, grace or
/// ramp-up its timers would not fit in milliseconds; and a level bounded by a duration schedules
/// rate x (duration + ramp-up) sends up front, at most kMaxScheduledSends.
constexpr double kMinRequestRate = 0.001;
constexpr double kMaxLevelSeconds = 7 * 24 * 3600;
constexpr double kMaxScheduledSends = 10'000'000;

/// Checks a config before a run; returns an empty string or what is wrong.
/// Why the load settings (mode, levels or rates, cap, duration, sweep, search) cannot run, or empty.
QString validateLoad(const RunConfig &config);
/// Why the workload settings (lengths, spreads, shared prefix, dataset file) cannot run, or empty.
/// Does not read the dataset: Workloads::makeSource() does, and reports its lines.
QString validateWorkload(const RunConfig &config);
QString validate(const RunConfig &config);

/// The same streaming request as a shell command (`curl -N ...`), for reproducing it outside
/// TokenScope. Unless `revealSecrets`, the key appears as `$<keyVariable>` (empty: the API's own,
/// ApiDialect::keyVariable, e.g. $ANTHROPIC_API_KEY), the values of custom headers that look
/// like credentials as `<redacted>`, and the URL's credentials and any secret in the body as
/// Secrets and urlForDisplay() write them (core/secrets.h).
QString curlCommand(const RunConfig &config, bool revealSecrets, const QString &keyVariable = QString());

} // namespace TokenScope::RequestBuilder
