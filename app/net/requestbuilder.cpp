// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestbuilder.h"

#include "core/secrets.h"
#include "core/inputfile.h"
#include "net/endpointurl.h"
#include "net/headerrules.h"
#include "servermetrics/metricsscraper.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslCertificate>
#include <QSslConfiguration>

#include <algorithm>
#include <cmath>

namespace TokenScope::RequestBuilder {

namespace {

// The texts a user reads before a run starts (under the Run button, in the connection check),
// translated in the window; a struct only so that they share the "TokenScope::RequestBuilder" context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::RequestBuilder)
};

// The certificates of a PEM file, or an empty list with what is wrong.
QList<QSslCertificate> loadCaFile(const QString &path, QString *error)
{
    // A regular file of at most 16 MiB (docs/metrics.md#input-files): a pipe or /dev/zero is refused.
    QString why;
    const std::optional<QByteArray> bytes = InputFile::read(path, InputFile::kTextFileMaxBytes, &why);
    if (!bytes) {
        *error = Text::tr("Cannot read the CA file %1: %2").arg(path, why);
        return {};
    }
    QList<QSslCertificate> certificates = QSslCertificate::fromData(*bytes, QSsl::Pem);
    certificates.removeIf([](const QSslCertificate &certificate) { return certificate.isNull(); });
    if (certificates.isEmpty())
        *error = Text::tr("The CA file %1 holds no PEM certificate (a block starting with "
                          "-----BEGIN CERTIFICATE-----).")
                     .arg(path);
    return certificates;
}

} // namespace

QByteArray body(const RunConfig &config)
{
    return body(config, Prompt { QString(), config.prompt, {}, 0, -1 });
}

QByteArray body(const RunConfig &config, const Prompt &prompt)
{
    return apiDialect(config.api).body(config, prompt);
}

namespace {

// The custom headers the header rule lets through. validate() refuses a config with any other
// before a run or check starts; this keeps a header that would break the request's framing (CR/LF,
// Content-Length, ...) off the wire whoever builds the request.
QList<RequestHeader> acceptedCustomHeaders(const RunConfig &config)
{
    QList<RequestHeader> accepted;
    for (const auto &[name, value] : config.headers) {
        if (HeaderRules::problem(name, value, config.api, config.replaceAuthHeader).isEmpty())
            accepted.append({ name, value });
    }
    return accepted;
}

} // namespace

QList<RequestHeader> requestHeaders(const RunConfig &config)
{
    const ApiDialect &dialect = apiDialect(config.api);
    QList<RequestHeader> headers {
        { QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") },
        { QByteArrayLiteral("Accept"), QByteArrayLiteral("text/event-stream") },
        { QByteArrayLiteral("Accept-Encoding"), QByteArrayLiteral("identity") },
    };
    headers += dialect.authHeaders(config.apiKey);
    headers += dialect.apiHeaders;
    // A custom header replaces TokenScope's of the same name (e.g. another anthropic-version), so
    // the request and the curl command carry it once.
    const QList<RequestHeader> custom = acceptedCustomHeaders(config);
    headers.removeIf([&custom](const RequestHeader &header) {
        return std::any_of(custom.begin(), custom.end(),
            [&header](const RequestHeader &c) { return c.name.compare(header.name, Qt::CaseInsensitive) == 0; });
    });
    headers += custom;
    return headers;
}

QNetworkRequest networkRequest(const RunConfig &config, const QUrl &url)
{
    QNetworkRequest request(url);
    for (const RequestHeader &header : requestHeaders(config))
        request.setRawHeader(header.name, header.value);
    request.setTransferTimeout(config.timeoutMs);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, config.http2);
    // h2c needs prior knowledge over cleartext; over TLS, ALPN negotiates h2.
    request.setAttribute(QNetworkRequest::Http2DirectAttribute, config.http2 && url.scheme() == u"http");
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::SameOriginRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    if (!config.caCertificatesPath.isEmpty()) {
        // The system's CAs listed explicitly: setting any CA list turns off Qt's on-demand loading
        // of the system store, and the extra CA must add to it, not replace it. validate() has
        // already refused an unusable file.
        QString error;
        const QList<QSslCertificate> extra = loadCaFile(config.caCertificatesPath, &error);
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setCaCertificates(QSslConfiguration::systemCaCertificates() + extra);
        request.setSslConfiguration(tls);
    }
    return request;
}

bool parseExtraBody(const QString &text, QJsonObject *out, QString *error)
{
    if (text.trimmed().isEmpty()) {
        *out = {};
        return true;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = Text::tr("Extra body is not valid JSON: %1 at offset %2")
                     .arg(parseError.errorString())
                     .arg(parseError.offset);
        return false;
    }
    if (!doc.isObject()) {
        *error = Text::tr("Extra body must be a JSON object, e.g. {\"top_p\": 0.9}");
        return false;
    }
    *out = doc.object();
    return true;
}

QStringList overriddenRequestKeys(const QJsonObject &extraBody, ApiKind api)
{
    QStringList keys;
    for (const QString &key : apiDialect(api).measuredBodyKeys) {
        if (extraBody.contains(key))
            keys.append(key);
    }
    keys.sort();
    return keys;
}

QString validateLoad(const RunConfig &config)
{
    if (config.durationS < 0 || config.graceS < 0 || config.rampUpS < 0)
        return Text::tr("Duration, grace and ramp-up cannot be negative.");
    // Before the rates, whose schedule they bound. NaN passes every comparison: each is asked to be
    // finite and within the bound (docs/metrics.md#number-limits).
    const struct
    {
        double seconds;
        const char *option;
    } spans[] = { { config.durationS, "--duration" }, { config.graceS, "--grace" }, { config.rampUpS, "--ramp-up" } };
    for (const auto &span : spans) {
        if (!(std::isfinite(span.seconds) && span.seconds <= kMaxLevelSeconds))
            //: %1: the number given, %2: the bound in seconds, %3: the command-line option, e.g. --duration
            return Text::tr("Duration, grace and ramp-up are each at most %2 s (7 days); %1 is not (%3).")
                .arg(span.seconds)
                .arg(kMaxLevelSeconds, 0, 'f', 0)
                .arg(QLatin1String(span.option));
    }
    if (config.loadMode == LoadMode::Concurrency) {
        if (config.concurrencyLevels.isEmpty())
            return Text::tr("No concurrency levels given.");
        for (int c : config.concurrencyLevels) {
            if (c < 1 || c > 4096)
                return Text::tr("Concurrency %1 is out of range (1 to 4096).").arg(c);
        }
    }
    if (config.loadMode == LoadMode::Rates) {
        if (config.requestRates.isEmpty())
            return Text::tr("No request rates given.");
        for (double r : config.requestRates) {
            if (!(r > 0))
                return Text::tr("Request rate %1 must be above 0 requests per second (or inf).").arg(r);
            if (r < kMinRequestRate)
                return Text::tr("Request rate %1 is below %2 requests per second (one request every %3 s), the "
                                "lowest a level may have (Request rates, --request-rate).")
                    .arg(r)
                    .arg(kMinRequestRate)
                    .arg(1 / kMinRequestRate);
            if (!std::isinf(r) && config.durationS > 0 && r * (config.durationS + config.rampUpS) > kMaxScheduledSends)
                return Text::tr("Request rate %1 for %2 s schedules more than %3 requests in one level: lower the "
                                "rate or the duration (--request-rate, --duration).")
                    .arg(r)
                    .arg(config.durationS + config.rampUpS)
                    .arg(kMaxScheduledSends, 0, 'f', 0);
            if (std::isinf(r) && config.durationS > 0 && config.maxConcurrency <= 0)
                return Text::tr("A rate of inf sends everything at once; bounded by a duration it needs a "
                                "concurrency cap (Max concurrency, --max-concurrency) to say how many stay in flight.");
        }
    }
    if (config.maxConcurrency < 0 || config.maxConcurrency > 4096)
        return Text::tr("The concurrency cap %1 is out of range (0 = none, up to 4096).").arg(config.maxConcurrency);
    if (!std::isfinite(config.burstiness) || (config.arrival == Arrival::Gamma && !(config.burstiness > 0)))
        return Text::tr("Burstiness must be above 0 (1 = Poisson; below 1 burstier, above 1 smoother).");
    if (config.loadMode == LoadMode::Sweep) {
        if (config.sweepRates < 1 || config.sweepRates > 100)
            return Text::tr("A sweep needs 1 to 100 rates between the synchronous and the throughput level.");
        if (config.durationS > 0 && config.maxConcurrency <= 0)
            return Text::tr("A sweep bounded by a duration needs a concurrency cap for its "
                            "throughput level, which keeps that many in flight (Max concurrency, --max-concurrency).");
    }
    if (config.loadMode == LoadMode::FindMaxRate) {
        if (config.maxRateConstraints.isEmpty())
            return Text::tr("The max-rate search has no constraint: give one such as p95_ttft_ms<=500.");
        if (config.maxRateProbes < 1 || config.maxRateProbes > 30)
            return Text::tr("The max-rate search needs 1 to 30 probes.");
        if (config.durationS > 0 && config.maxConcurrency <= 0)
            return Text::tr("A max-rate search bounded by a duration needs a concurrency cap for its throughput "
                            "level (Max concurrency, --max-concurrency).");
    }
    return {};
}

QString validateWorkload(const RunConfig &config)
{
    const Workload &w = config.workload;
    if (!(w.outputSpread >= 0 && w.outputSpread < 1 && w.inputSpread >= 0 && w.inputSpread < 1)) // NaN too
        return Text::tr("A length spread is a fraction from 0 to below 1 (0.1 draws lengths within ±10 %).");
    switch (w.kind) {
    case WorkloadKind::Synthetic:
        if (w.inputTokens < 1)
            return Text::tr("Prompts of N tokens need N of at least 1 (--input-tokens).");
        if (!config.includeUsage && (config.api == ApiKind::ChatCompletions || config.api == ApiKind::Completions))
            return Text::tr("Prompts of N tokens are calibrated against the server's usage count, and usage is "
                            "switched off (--no-usage). Switch it on, or send a dataset or a fixed prompt.");
        if (w.sharedPrefixTokens < 0 || w.sharedPrefixTokens >= w.minInputTokens())
            return Text::tr("The shared prefix (%1 tokens) must be shorter than the shortest prompt (%2 tokens).")
                .arg(w.sharedPrefixTokens)
                .arg(w.minInputTokens());
        break;
    case WorkloadKind::Dataset:
        if (w.datasetPath.trimmed().isEmpty())
            return Text::tr("No dataset file is chosen.");
        break;
    case WorkloadKind::FixedPrompt:
        if (w.sharedPrefixTokens > 0)
            return Text::tr("A shared prefix belongs to prompts of N tokens (--input-tokens).");
        break;
    }
    return {};
}

QString validate(const RunConfig &config)
{
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    if (!endpoint.ok())
        return endpoint.error;
    if (config.model.trimmed().isEmpty())
        return Text::tr("The model ID is empty.");
    const QString load = validateLoad(config);
    if (!load.isEmpty())
        return load;
    if (config.maxTokens < 1)
        return Text::tr("max_tokens must be at least 1.");
    if (!std::isfinite(config.temperature) || config.temperature < 0)
        return Text::tr("The temperature must be a finite number of at least 0 (--temperature).");
    const QString workload = validateWorkload(config);
    if (!workload.isEmpty())
        return workload;
    if (config.requestsPerLevel < 0 || config.requestsPerConcurrency < 1)
        return Text::tr("Requests per level must be positive.");
    // Bounded so that a level's count (per concurrency x up to 4096 users) always fits an int.
    if (config.requestsPerLevel > kMaxScheduledSends || config.requestsPerConcurrency > 100000)
        return Text::tr("Requests per level are at most %1, and per concurrency at most 100000.")
            .arg(kMaxScheduledSends, 0, 'f', 0);
    if (config.warmupRequests < 0)
        return Text::tr("Warm-up requests cannot be negative.");
    if (config.timeoutMs < 1)
        return Text::tr("The timeout must be positive.");
    if (config.requestDeadlineMs < 0)
        return Text::tr("The request deadline cannot be negative (0 = none).");
    if (const QString metrics = ServerMetrics::urlProblem(config); !metrics.isEmpty())
        return metrics;
    if (config.extraBody.contains(u"stream"))
        return Text::tr("The extra body sets \"stream\": TokenScope always streams, since TTFT and ITL need the "
                        "tokens as they arrive. Remove the key.");
    if (const QString header = HeaderRules::problem(config); !header.isEmpty())
        return header;
    if (!config.caCertificatesPath.isEmpty()) {
        QString error;
        if (loadCaFile(config.caCertificatesPath, &error).isEmpty())
            return error;
    }
    return {};
}

} // namespace TokenScope::RequestBuilder

namespace TokenScope::RequestBuilder {

namespace {

QString shellQuoted(const QString &text)
{
    QString quoted = text;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

} // namespace

QString curlCommand(const RunConfig &config, bool revealSecrets, const QString &keyVariableName)
{
    const QString keyVariable = keyVariableName.isEmpty() ? apiDialect(config.api).keyVariable : keyVariableName;
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    const QString url = endpoint.ok() ? endpoint.url.toString() : config.baseUrl;
    QStringList lines { QStringLiteral("curl -N ") + shellQuoted(revealSecrets ? url : urlForDisplay(url)) };
    for (const RequestHeader &header : requestHeaders(config)) {
        const QString line = QString::fromLatin1(header.name) + QStringLiteral(": ") + QString::fromUtf8(header.value);
        if (revealSecrets) {
            lines << QStringLiteral("-H ") + shellQuoted(line);
        } else if (header.carriesKey) {
            // Double quotes so the shell expands the variable; the key itself is not written.
            QString withVariable = line;
            withVariable.replace(config.apiKey, u'$' + keyVariable);
            lines << QStringLiteral("-H \"%1\"").arg(withVariable);
        } else {
            const bool secret = looksLikeCredentialName(QString::fromLatin1(header.name));
            lines << QStringLiteral("-H ")
                    + shellQuoted(secret ? QString::fromLatin1(header.name) + QStringLiteral(": <redacted>") : line);
        }
    }
    QString bodyText = QString::fromUtf8(body(config));
    if (!revealSecrets)
        bodyText = Secrets::of(config).redact(bodyText); // a key pasted into the extra body
    lines << QStringLiteral("-d ") + shellQuoted(bodyText);
    return lines.join(QStringLiteral(" \\\n  "));
}

} // namespace TokenScope::RequestBuilder
