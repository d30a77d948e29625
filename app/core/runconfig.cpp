// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runconfig.h"

#include <QJsonArray>

namespace TokenScope {

QString apiKindName(ApiKind kind)
{
    return kind == ApiKind::Completions ? QStringLiteral("completions") : QStringLiteral("chat");
}

bool parseApiKind(const QString &name, ApiKind *kind)
{
    if (name == u"chat") {
        *kind = ApiKind::ChatCompletions;
        return true;
    }
    if (name == u"completions") {
        *kind = ApiKind::Completions;
        return true;
    }
    return false;
}

QJsonObject RunConfig::toJson() const
{
    QJsonArray levels;
    for (int c : concurrencyLevels)
        levels.append(c);
    QJsonArray headerNames; // values may carry secrets (e.g. a second auth header): names only
    for (const auto &h : headers)
        headerNames.append(QString::fromLatin1(h.first));
    return QJsonObject {
        {QStringLiteral("base_url"), baseUrl},
        {QStringLiteral("model"), model},
        {QStringLiteral("api"), apiKindName(api)},
        {QStringLiteral("prompt_chars"), prompt.size()},
        {QStringLiteral("prompt"), prompt},
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
        {QStringLiteral("include_usage"), includeUsage},
        {QStringLiteral("preconnect"), preconnect},
        {QStringLiteral("ca_file"), caCertificatesPath}, // the path, not the certificates
        {QStringLiteral("api_key_set"), !apiKey.isEmpty()},
    };
}

} // namespace TokenScope
