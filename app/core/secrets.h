// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace TokenScope {

struct RequestRecord;
struct RunConfig;
struct ServerMetricsSample;

/// Secrets shorter than this are not searched for in free text: placeholder keys such as "EMPTY"
/// or "x" would otherwise mangle ordinary words. Real provider keys are far longer. A shorter URL
/// password is still removed from the URL itself (urlForDisplay()).
inline constexpr int kMinSecretLength = 8;

/// Whether a query parameter or header of this name carries a credential: its lower-case name
/// contains key, token, secret, pass, pwd, auth, sig, credential, session or cookie (`api_key`,
/// `X-Api-Key`, `access_token`, `X-Amz-Signature`).
bool looksLikeCredentialName(const QString &name);

/// What replaces a secret wherever it would be written.
QString redactionMark();

/// A URL as it may be written down: its user name and password, and the values of query
/// parameters whose names look like credentials (key, token, secret, password, signature, ...),
/// replaced by redactionMark(). Text that is not a URL comes back unchanged. Pure; thread-safe.
QString urlForDisplay(const QString &url);

/// What a run must never write down (docs/hostile-input.md#secrets): the API key of each endpoint, and
/// the credentials its URLs carry (Base URL, server-metrics URL and proxy URL: user name, password,
/// credential-like query values). Every path from the engine to a file, a view or a log redacts
/// with it: the engine cleans each record and scrape before they leave it, RunConfig::toJson()
/// cleans the settings, and the writers clean their whole output once more.
/// A plain value; const methods are thread-safe.
class Secrets
{
public:
    Secrets() = default;
    static Secrets of(const RunConfig &config);
    static Secrets of(const QList<RunConfig> &arms);

    /// Adds `secret` (ignored when shorter than kMinSecretLength).
    void add(const QString &secret);
    bool isEmpty() const { return m_secrets.isEmpty(); }

    /// `text` with every occurrence of every secret replaced by redactionMark().
    QString redact(const QString &text) const;
    /// The same over every string of a JSON value, recursively (keys included).
    QJsonValue redact(const QJsonValue &value) const;
    QJsonObject redact(const QJsonObject &object) const;
    /// The record's free text, everything a server could have echoed into it (the stream's id, the
    /// error message, the prompt id).
    void redact(RequestRecord *record) const;
    /// The scrape's error, server name and series names (label values are the server's text).
    void redact(ServerMetricsSample *sample) const;

private:
    QStringList m_secrets; ///< longest first, so a secret that contains another goes whole
};

} // namespace TokenScope
