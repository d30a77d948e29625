// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loadpoint.h"
#include "promptsource.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include <memory>

namespace TokenScope {

/// Which streaming API the endpoint speaks (one row each in the dialect table, app/net/apidialect.h).
enum class ApiKind { ChatCompletions, Completions, AnthropicMessages, Responses };

QString apiKindName(ApiKind kind); ///< "chat" | "completions" | "anthropic" | "responses"
bool parseApiKind(const QString &name, ApiKind *kind);
/// Every kind, in enum order.
QList<ApiKind> apiKinds();

/// How requests reach the endpoint: directly, through the system's proxy settings (http_proxy,
/// https_proxy, no_proxy or the desktop's), or through one given proxy (http:// or socks5://).
enum class ProxyMode { None, System, Custom };

QString proxyModeName(ProxyMode mode); ///< "none" | "system" | "custom"
bool parseProxyMode(const QString &name, ProxyMode *mode);
/// `url` without user name and password, for exports and logs.
QString proxyUrlForDisplay(const QString &url);

/// Everything a run needs. Plain value type; safe to copy across threads.
/// The API key lives here only in memory: writers must use toJson(), which never includes it.
struct RunConfig {
    QString baseUrl = QStringLiteral("http://127.0.0.1:8000/v1");
    QString model = QStringLiteral("tokenscope-sim");
    ApiKind api = ApiKind::ChatCompletions;
    QString apiKey; ///< never exported, logged or printed
    QString prompt;
    int maxTokens = 256;
    double temperature = 0.0;
    QList<int> concurrencyLevels {1, 4, 8, 16};
    int requestsPerLevel = 0; ///< fixed count per level; 0 = requestsPerConcurrency x concurrency
    int requestsPerConcurrency = 4;
    int warmupRequests = 1; ///< sent before the first level, excluded from every statistic
    int minTokensForTpot = 20; ///< TPOT/ITL exclude requests with fewer output tokens
    QList<QPair<QByteArray, QByteArray>> headers;
    QJsonObject extraBody; ///< merged into the request body (top-level keys override)
    int timeoutMs = 60000; ///< transfer (inactivity) timeout per request
    bool http2 = false;
    ProxyMode proxyMode = ProxyMode::None; ///< None = direct, what Qt does on Linux unless told otherwise
    QString proxyUrl; ///< for Custom: scheme://[user:password@]host:port; exported without the user info
    bool includeUsage = true; ///< send stream_options.include_usage
    bool preconnect = true; ///< open each level's connections before it starts
    /// PEM file of CA certificate(s) trusted in addition to the system's (private or self-signed
    /// CA); empty = the system's only. Certificate checks are never switched off.
    QString caCertificatesPath;
    /// How requests travel (docs/architecture.md#seams): "qnam", the QNetworkAccessManager pool,
    /// is the only one today. Recorded so that runs measured through different transports are
    /// never compared as if only the endpoint differed.
    QString transport = QStringLiteral("qnam");
    /// What the endpoint is when its URL does not say it, e.g. "built-in simulator (TTFT 40 ms, …)"
    /// for the window's simulator, whose port may change between sessions. Empty for an ordinary
    /// endpoint. History and Compare show and compare endpoint() rather than the URL.
    QString endpointLabel;
    /// endpointLabel, or the Base URL when there is none.
    QString endpoint() const { return endpointLabel.isEmpty() ? baseUrl : endpointLabel; }

    /// Where each request's prompt comes from: today always `prompt`, fixed.
    std::shared_ptr<const PromptSource> promptSource() const { return std::make_shared<FixedPromptSource>(prompt); }
    /// The run's levels, in order: one closed-loop point per entry of concurrencyLevels.
    QList<LoadPoint> loadPoints() const { return concurrencyLoadPoints(concurrencyLevels); }
    int requestsForLevel(int concurrency) const
    {
        return requestsPerLevel > 0 ? requestsPerLevel : requestsPerConcurrency * concurrency;
    }
    /// Every input except the key, for summary.json and reports.
    QJsonObject toJson() const;
    /// The inverse of toJson() (the `config` object of summary.json, or a stored history run).
    /// Keys that are absent or of the wrong type keep RunConfig's defaults; an unknown `api` name
    /// keeps ChatCompletions. Never yields a key (toJson() holds none), and headers come back as
    /// their names with empty values, since toJson() keeps only the names.
    /// fromJson(c.toJson()).toJson() == c.toJson() for every config without a key.
    static RunConfig fromJson(const QJsonObject &json);
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RunConfig)
