// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runconfig.h"

#include <QJsonArray>
#include <QUrl>

namespace TokenScope {

QString apiKindName(ApiKind kind)
{
    switch (kind) {
    case ApiKind::Completions:
        return QStringLiteral("completions");
    case ApiKind::AnthropicMessages:
        return QStringLiteral("anthropic");
    case ApiKind::Responses:
        return QStringLiteral("responses");
    case ApiKind::ChatCompletions:
        break;
    }
    return QStringLiteral("chat");
}

QList<ApiKind> apiKinds()
{
    return { ApiKind::ChatCompletions, ApiKind::Completions, ApiKind::AnthropicMessages, ApiKind::Responses };
}

bool parseApiKind(const QString &name, ApiKind *kind)
{
    for (ApiKind k : apiKinds()) {
        if (name == apiKindName(k)) {
            *kind = k;
            return true;
        }
    }
    return false;
}

QString proxyModeName(ProxyMode mode)
{
    switch (mode) {
    case ProxyMode::System:
        return QStringLiteral("system");
    case ProxyMode::Custom:
        return QStringLiteral("custom");
    case ProxyMode::None:
        break;
    }
    return QStringLiteral("none");
}

bool parseProxyMode(const QString &name, ProxyMode *mode)
{
    for (ProxyMode m : {ProxyMode::None, ProxyMode::System, ProxyMode::Custom}) {
        if (name == proxyModeName(m)) {
            *mode = m;
            return true;
        }
    }
    return false;
}

QString proxyUrlForDisplay(const QString &url)
{
    // A proxy URL may carry a password: user info never leaves memory.
    return QUrl(url).adjusted(QUrl::RemoveUserInfo).toString();
}

QJsonObject RunConfig::toJson() const
{
    QJsonArray levels;
    for (int c : concurrencyLevels)
        levels.append(c);
    QJsonArray headerNames; // values may carry secrets (e.g. a second auth header): names only
    for (const auto &h : headers)
        headerNames.append(QString::fromLatin1(h.first));
    QJsonObject json {
        {QStringLiteral("base_url"), baseUrl},
        {QStringLiteral("model"), model},
        {QStringLiteral("api"), apiKindName(api)},
        {QStringLiteral("prompt_chars"), prompt.size()},
        {QStringLiteral("prompt"), prompt},
        {QStringLiteral("prompt_source"), promptSource()->spec()},
        {QStringLiteral("max_tokens"), maxTokens},
        {QStringLiteral("temperature"), temperature},
        {QStringLiteral("concurrency_levels"), levels},
        {QStringLiteral("requests_per_level"), requestsPerLevel},
        {QStringLiteral("requests_per_concurrency"), requestsPerConcurrency},
        {QStringLiteral("warmup_requests"), warmupRequests},
        {QStringLiteral("min_tokens_for_tpot"), minTokensForTpot},
        {QStringLiteral("header_names"), headerNames},
        {QStringLiteral("extra_body"), extraBody},
        {QStringLiteral("timeout_ms"), timeoutMs},
        {QStringLiteral("http2"), http2},
        {QStringLiteral("proxy_mode"), proxyModeName(proxyMode)},
        {QStringLiteral("proxy_url"), proxyMode == ProxyMode::Custom ? proxyUrlForDisplay(proxyUrl) : QString()},
        {QStringLiteral("include_usage"), includeUsage},
        {QStringLiteral("preconnect"), preconnect},
        {QStringLiteral("ca_file"), caCertificatesPath}, // the path, not the certificates
        {QStringLiteral("transport"), transport},
        {QStringLiteral("api_key_set"), !apiKey.isEmpty()},
    };
    if (!endpointLabel.isEmpty())
        json.insert(QStringLiteral("endpoint_label"), endpointLabel);
    return json;
}

namespace {

QString stringOr(const QJsonObject &json, const char *key, const QString &fallback)
{
    const QJsonValue v = json.value(QLatin1String(key));
    return v.isString() ? v.toString() : fallback;
}

int intOr(const QJsonObject &json, const char *key, int fallback)
{
    const QJsonValue v = json.value(QLatin1String(key));
    return v.isDouble() ? v.toInt(fallback) : fallback;
}

double doubleOr(const QJsonObject &json, const char *key, double fallback)
{
    const QJsonValue v = json.value(QLatin1String(key));
    return v.isDouble() ? v.toDouble() : fallback;
}

bool boolOr(const QJsonObject &json, const char *key, bool fallback)
{
    const QJsonValue v = json.value(QLatin1String(key));
    return v.isBool() ? v.toBool() : fallback;
}

} // namespace

RunConfig RunConfig::fromJson(const QJsonObject &json)
{
    RunConfig c;
    c.baseUrl = stringOr(json, "base_url", c.baseUrl);
    c.model = stringOr(json, "model", c.model);
    ApiKind api;
    if (parseApiKind(stringOr(json, "api", QString()), &api))
        c.api = api;
    c.prompt = stringOr(json, "prompt", c.prompt);
    c.maxTokens = intOr(json, "max_tokens", c.maxTokens);
    c.temperature = doubleOr(json, "temperature", c.temperature);
    const QJsonValue levels = json.value(QLatin1String("concurrency_levels"));
    if (levels.isArray()) {
        c.concurrencyLevels.clear();
        for (const QJsonValue &level : levels.toArray())
            c.concurrencyLevels.append(level.toInt());
    }
    c.requestsPerLevel = intOr(json, "requests_per_level", c.requestsPerLevel);
    c.requestsPerConcurrency = intOr(json, "requests_per_concurrency", c.requestsPerConcurrency);
    c.warmupRequests = intOr(json, "warmup_requests", c.warmupRequests);
    c.minTokensForTpot = intOr(json, "min_tokens_for_tpot", c.minTokensForTpot);
    for (const QJsonValue &name : json.value(QLatin1String("header_names")).toArray())
        c.headers.append({ name.toString().toLatin1(), QByteArray() });
    c.extraBody = json.value(QLatin1String("extra_body")).toObject();
    c.timeoutMs = intOr(json, "timeout_ms", c.timeoutMs);
    c.http2 = boolOr(json, "http2", c.http2);
    ProxyMode proxyMode;
    if (parseProxyMode(stringOr(json, "proxy_mode", QString()), &proxyMode))
        c.proxyMode = proxyMode;
    c.proxyUrl = stringOr(json, "proxy_url", c.proxyUrl);
    c.includeUsage = boolOr(json, "include_usage", c.includeUsage);
    c.preconnect = boolOr(json, "preconnect", c.preconnect);
    c.caCertificatesPath = stringOr(json, "ca_file", c.caCertificatesPath);
    c.transport = stringOr(json, "transport", c.transport); // runs stored before it existed used QNAM
    c.endpointLabel = stringOr(json, "endpoint_label", QString());
    return c;
}

} // namespace TokenScope
