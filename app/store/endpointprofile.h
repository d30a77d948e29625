// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace TokenScope {

/// Where a profile's API key comes from. The key itself is never part of the profile's stored
/// settings, except with Plaintext, which the user chose explicitly after a warning.
enum class KeySource {
    Keychain, ///< the OS keychain (QtKeychain), one entry per profile id
    EnvironmentVariable, ///< read from the process environment at run time (keyEnvVar)
    SessionOnly, ///< typed in and kept in memory until the application quits
    Plaintext, ///< written to the settings file as text (opt-in, with a warning)
};

QString keySourceName(KeySource source); ///< "keychain" | "env" | "session" | "plaintext"
bool parseKeySource(const QString &name, KeySource *source);

/// One endpoint a user measures: where it is, how to reach it, where its key lives. A value type.
struct EndpointProfile {
    QString id; ///< QUuid without braces; the settings group and the keychain entry's name
    QString name;
    QString baseUrl;
    QString model;
    ApiKind api = ApiKind::ChatCompletions;
    QList<QPair<QString, QString>> headers; ///< extra request headers, name and value
    QJsonObject extraBody; ///< merged into the request body
    ProxyMode proxyMode = ProxyMode::System;
    QString proxyUrl; ///< for ProxyMode::Custom
    bool http2 = false;
    /// How its requests travel (docs/architecture.md#transports): "qnam", Qt's network access (the
    /// default), or "curl", libcurl on worker threads. RunConfig::transport.
    QString transport = QStringLiteral("qnam");
    /// libcurl only: its worker threads poll without sleeping while requests are in flight
    /// (docs/performance.md#busy-poll). Kept while Qt network is chosen, but not applied.
    bool busyPoll = false;
    /// Which output-length forcing its server understands (docs/methodology.md#forcing-the-output-length):
    /// `ignore_eos` (vLLM, SGLang) and `min_tokens` (vLLM). A gateway that refuses unknown fields wants neither.
    bool ignoreEos = false;
    bool minTokens = false;
    /// Ask for the running usage on every chunk (vLLM, SGLang: stream_options.continuous_usage_stats),
    /// for per-token ITL (docs/metrics.md#per-token-itl-from-per-chunk-usage). Applied only to the
    /// chat and completions APIs, the only ones that can ask.
    bool perChunkUsage = false;
    /// The server's Prometheus endpoint, scraped through a run (docs/metrics.md#server-metrics);
    /// empty = none. The built-in simulator's is its own, set at run time.
    QString metricsUrl;
    /// Send the API key to a metrics URL on another origin than the Base URL. The key goes to the
    /// Base URL's own origin anyway, and never to another unless this is set.
    bool metricsSendKey = false;
    KeySource keySource = KeySource::Keychain;
    QString keyEnvVar = QStringLiteral("OPENAI_API_KEY"); ///< for KeySource::EnvironmentVariable
    QString plaintextKey; ///< only with KeySource::Plaintext; empty otherwise
    /// The in-process simulator: its Base URL is known only once the simulator listens, and its
    /// fields are not editable.
    bool builtInSimulator = false;

    /// A new profile with a fresh id and the defaults above.
    static EndpointProfile create(const QString &name);
    /// The profile selected on first start.
    static EndpointProfile builtInSimulatorProfile();

    /// The name to show: the built-in simulator's in the current language (its stored name stays in
    /// the language it was first made in, and it cannot be renamed), any other as its user named it.
    QString shownName() const;
    /// A run's recorded profile (RunConfig::profileName) as shown: the built-in simulator's, recorded
    /// in English whatever the language, in the current language; any other as it was named.
    static QString shownProfileName(const QString &recorded);

    /// Copies everything but the API key into `config` (an empty Base URL leaves config's alone).
    void applyTo(RunConfig *config) const;

    bool operator==(const EndpointProfile &other) const = default;
};

} // namespace TokenScope
