// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runconfig.h"

#include "secrets.h"

#include <QJsonArray>
#include <QUrl>

#include <cmath>
#include <limits>

namespace TokenScope {

QString loadModeName(LoadMode mode)
{
    switch (mode) {
    case LoadMode::Rates:
        return QStringLiteral("rates");
    case LoadMode::Sweep:
        return QStringLiteral("sweep");
    case LoadMode::FindMaxRate:
        return QStringLiteral("find-max-rate");
    case LoadMode::Trace:
        return QStringLiteral("trace");
    case LoadMode::Concurrency:
        break;
    }
    return QStringLiteral("concurrency");
}

bool parseLoadMode(const QString &name, LoadMode *mode)
{
    for (LoadMode m :
        { LoadMode::Concurrency, LoadMode::Rates, LoadMode::Sweep, LoadMode::FindMaxRate, LoadMode::Trace }) {
        if (name == loadModeName(m)) {
            *mode = m;
            return true;
        }
    }
    return false;
}

LoadPoint RunConfig::throughputPoint(int index) const
{
    LoadPoint p
        = LoadPoint::openLoop(std::numeric_limits<double>::infinity(), arrival, burstiness, maxConcurrency, index);
    p.role = LoadPoint::Role::Throughput;
    return p;
}

LoadPoint RunConfig::ratePoint(double rate, int index, LoadPoint::Role role) const
{
    LoadPoint p = LoadPoint::openLoop(rate, arrival, burstiness, maxConcurrency, index);
    p.role = role;
    return p;
}

QList<LoadPoint> RunConfig::loadPoints() const
{
    QList<LoadPoint> points;
    switch (loadMode) {
    case LoadMode::Concurrency:
        return concurrencyLoadPoints(concurrencyLevels);
    case LoadMode::Rates:
        for (double rate : requestRates)
            points.append(ratePoint(rate, int(points.size()), LoadPoint::Role::Listed));
        return points;
    case LoadMode::Sweep: {
        LoadPoint synchronous = LoadPoint::closedLoop(1, 0);
        synchronous.role = LoadPoint::Role::Synchronous;
        return { synchronous, throughputPoint(1) };
    }
    case LoadMode::FindMaxRate:
        return { throughputPoint(0) };
    case LoadMode::Trace: // its rate is the trace's own, known once the file is read
        return { LoadPoint::openLoop(0, Arrival::Trace, 1, maxConcurrency, 0) };
    }
    return points;
}

int RunConfig::requestsForPoint(const LoadPoint &point) const
{
    if (stopsWhenPrecise())
        return maxRequests > 0 ? maxRequests : kDefaultPrecisionMaxRequests;
    if (requestsPerLevel > 0)
        return requestsPerLevel;
    if (!point.isOpenLoop())
        return requestsPerConcurrency * point.concurrency;
    if (point.allAtOnce())
        return requestsPerConcurrency * (point.concurrency > 0 ? point.concurrency : 16);
    constexpr double kSecondsOfLoad = 10;
    return int(std::clamp(std::lround(point.rate * kSecondsOfLoad), 10L, 1000L));
}

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
    for (ProxyMode m : { ProxyMode::None, ProxyMode::System, ProxyMode::Custom }) {
        if (name == proxyModeName(m)) {
            *mode = m;
            return true;
        }
    }
    return false;
}

QString proxyUrlForDisplay(const QString &url)
{
    // A proxy URL may carry a password: user info never leaves memory (nor do credential-like
    // query values, see urlForDisplay()).
    return urlForDisplay(QUrl(url).adjusted(QUrl::RemoveUserInfo).toString());
}

QJsonObject RunConfig::promptSourceSpec() const
{
    if (workload.kind == WorkloadKind::FixedPrompt)
        return FixedPromptSource(prompt).spec();
    const QJsonObject source = workload.measured.value(QLatin1String("source")).toObject();
    return source.isEmpty() ? QJsonObject { { QStringLiteral("kind"), workloadKindName(workload.kind) } } : source;
}

QJsonObject RunConfig::toJson() const
{
    QJsonArray levels;
    for (int c : concurrencyLevels)
        levels.append(c);
    QJsonArray rates;
    for (double r : requestRates)
        rates.append(std::isinf(r) ? QJsonValue(QStringLiteral("inf")) : QJsonValue(r));
    QJsonArray headerNames; // values may carry secrets (e.g. a second auth header): names only
    for (const auto &h : headers)
        headerNames.append(QString::fromLatin1(h.first));
    QJsonObject json {
        { QStringLiteral("base_url"), urlForDisplay(baseUrl) },
        { QStringLiteral("model"), model },
        { QStringLiteral("api"), apiKindName(api) },
        { QStringLiteral("prompt_chars"), prompt.size() },
        { QStringLiteral("prompt"), prompt },
        { QStringLiteral("prompt_source"), promptSourceSpec() },
        { QStringLiteral("workload"), workload.toJson() },
        { QStringLiteral("max_tokens"), maxTokens },
        { QStringLiteral("temperature"), temperature },
        { QStringLiteral("concurrency_levels"), levels },
        { QStringLiteral("load_mode"), loadModeName(loadMode) },
        { QStringLiteral("request_rates"), rates },
        { QStringLiteral("arrival"), arrivalName(arrival) },
        { QStringLiteral("burstiness"), burstiness },
        { QStringLiteral("seed"), qint64(seed) },
        { QStringLiteral("max_concurrency"), maxConcurrency },
        { QStringLiteral("duration_s"), durationS },
        { QStringLiteral("grace_s"), graceS },
        { QStringLiteral("ramp_up_s"), rampUpS },
        { QStringLiteral("sweep_rates"), sweepRates },
        { QStringLiteral("find_max_rate"), SloConstraint::listText(maxRateConstraints) },
        { QStringLiteral("max_rate_probes"), maxRateProbes },
        { QStringLiteral("goodput"), goodput.spec() },
        { QStringLiteral("requests_per_level"), requestsPerLevel },
        { QStringLiteral("requests_per_concurrency"), requestsPerConcurrency },
        { QStringLiteral("warmup_requests"), warmupRequests },
        { QStringLiteral("min_tokens_for_tpot"), minTokensForTpot },
        { QStringLiteral("header_names"), headerNames },
        { QStringLiteral("extra_body"), extraBody },
        { QStringLiteral("timeout_ms"), timeoutMs },
        { QStringLiteral("request_deadline_ms"), requestDeadlineMs },
        { QStringLiteral("replace_auth_header"), replaceAuthHeader },
        { QStringLiteral("http2"), http2 },
        { QStringLiteral("proxy_mode"), proxyModeName(proxyMode) },
        { QStringLiteral("proxy_url"), proxyMode == ProxyMode::Custom ? proxyUrlForDisplay(proxyUrl) : QString() },
        { QStringLiteral("include_usage"), includeUsage },
        { QStringLiteral("per_chunk_usage"), perChunkUsage },
        { QStringLiteral("preconnect"), preconnect },
        { QStringLiteral("ca_file"), caCertificatesPath }, // the path, not the certificates
        { QStringLiteral("transport"), transport },
        { QStringLiteral("transport_threads"), transportThreads },
        { QStringLiteral("busy_poll"), busyPoll },
        { QStringLiteral("target_precision_pct"), targetPrecisionPct },
        { QStringLiteral("precision_metric"), precisionMetric },
        { QStringLiteral("max_requests"), maxRequests },
        { QStringLiteral("slice_s"), sliceS },
        { QStringLiteral("server_metrics_url"), proxyUrlForDisplay(serverMetricsUrl) },
        { QStringLiteral("server_metrics_interval_ms"), serverMetricsIntervalMs },
        { QStringLiteral("server_metrics_send_key"), serverMetricsSendKey },
        { QStringLiteral("api_key_set"), !apiKey.isEmpty() },
    };
    if (!endpointLabel.isEmpty())
        json.insert(QStringLiteral("endpoint_label"), endpointLabel);
    if (!profileName.isEmpty())
        json.insert(QStringLiteral("profile"), profileName);
    if (loadMode == LoadMode::Trace)
        json.insert(QStringLiteral("trace"), trace.toJson());
    if (conversation.isOn())
        json.insert(QStringLiteral("conversation"), conversation.toJson());
    return Secrets::of(*this).redact(json); // a key pasted into the extra body, the prompt, a label
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
    c.workload = Workload::fromJson(json.value(QLatin1String("workload")).toObject());
    c.temperature = doubleOr(json, "temperature", c.temperature);
    const QJsonValue levels = json.value(QLatin1String("concurrency_levels"));
    if (levels.isArray()) {
        c.concurrencyLevels.clear();
        for (const QJsonValue &level : levels.toArray())
            c.concurrencyLevels.append(level.toInt());
    }
    LoadMode mode;
    if (parseLoadMode(stringOr(json, "load_mode", QString()), &mode))
        c.loadMode = mode;
    const QJsonValue rates = json.value(QLatin1String("request_rates"));
    if (rates.isArray()) {
        c.requestRates.clear();
        for (const QJsonValue &rate : rates.toArray())
            c.requestRates.append(rate.isString() ? std::numeric_limits<double>::infinity() : rate.toDouble());
    }
    Arrival arrival;
    if (parseArrival(stringOr(json, "arrival", QString()), &arrival))
        c.arrival = arrival;
    c.burstiness = doubleOr(json, "burstiness", c.burstiness);
    c.trace = TraceReplay::fromJson(json.value(QLatin1String("trace")).toObject());
    c.conversation = Conversation::fromJson(json.value(QLatin1String("conversation")).toObject());
    c.seed = quint32(doubleOr(json, "seed", c.seed));
    c.maxConcurrency = intOr(json, "max_concurrency", c.maxConcurrency);
    c.durationS = doubleOr(json, "duration_s", c.durationS);
    c.graceS = doubleOr(json, "grace_s", c.graceS);
    c.rampUpS = doubleOr(json, "ramp_up_s", c.rampUpS);
    c.sweepRates = intOr(json, "sweep_rates", c.sweepRates);
    QString ignored;
    const QString constraints = stringOr(json, "find_max_rate", QString());
    if (!constraints.isEmpty())
        SloConstraint::parseList(constraints, &c.maxRateConstraints, &ignored);
    c.maxRateProbes = intOr(json, "max_rate_probes", c.maxRateProbes);
    const QString goodput = stringOr(json, "goodput", QString());
    if (!goodput.isEmpty())
        GoodputSlo::parse(goodput, &c.goodput, &ignored);
    c.requestsPerLevel = intOr(json, "requests_per_level", c.requestsPerLevel);
    c.requestsPerConcurrency = intOr(json, "requests_per_concurrency", c.requestsPerConcurrency);
    c.warmupRequests = intOr(json, "warmup_requests", c.warmupRequests);
    c.minTokensForTpot = intOr(json, "min_tokens_for_tpot", c.minTokensForTpot);
    for (const QJsonValue &name : json.value(QLatin1String("header_names")).toArray())
        c.headers.append({ name.toString().toLatin1(), QByteArray() });
    c.extraBody = json.value(QLatin1String("extra_body")).toObject();
    c.timeoutMs = intOr(json, "timeout_ms", c.timeoutMs);
    c.requestDeadlineMs = intOr(json, "request_deadline_ms", c.requestDeadlineMs);
    c.replaceAuthHeader = boolOr(json, "replace_auth_header", c.replaceAuthHeader);
    c.http2 = boolOr(json, "http2", c.http2);
    ProxyMode proxyMode;
    if (parseProxyMode(stringOr(json, "proxy_mode", QString()), &proxyMode))
        c.proxyMode = proxyMode;
    c.proxyUrl = stringOr(json, "proxy_url", c.proxyUrl);
    c.includeUsage = boolOr(json, "include_usage", c.includeUsage);
    c.perChunkUsage = boolOr(json, "per_chunk_usage", c.perChunkUsage);
    c.preconnect = boolOr(json, "preconnect", c.preconnect);
    c.caCertificatesPath = stringOr(json, "ca_file", c.caCertificatesPath);
    c.transport = stringOr(json, "transport", c.transport); // runs stored before it existed used QNAM
    c.transportThreads = intOr(json, "transport_threads", c.transportThreads);
    c.busyPoll = boolOr(json, "busy_poll", c.busyPoll);
    c.targetPrecisionPct = doubleOr(json, "target_precision_pct", c.targetPrecisionPct);
    c.precisionMetric = stringOr(json, "precision_metric", c.precisionMetric);
    c.maxRequests = intOr(json, "max_requests", c.maxRequests);
    c.sliceS = doubleOr(json, "slice_s", c.sliceS);
    c.endpointLabel = stringOr(json, "endpoint_label", QString());
    c.profileName = stringOr(json, "profile", QString());
    c.serverMetricsUrl = stringOr(json, "server_metrics_url", QString());
    c.serverMetricsIntervalMs = intOr(json, "server_metrics_interval_ms", c.serverMetricsIntervalMs);
    c.serverMetricsSendKey = boolOr(json, "server_metrics_send_key", c.serverMetricsSendKey);
    return c;
}

} // namespace TokenScope
