// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "endpointprofile.h"

#include <QCoreApplication>
#include <QUuid>

namespace TokenScope {

QString keySourceName(KeySource source)
{
    switch (source) {
    case KeySource::EnvironmentVariable:
        return QStringLiteral("env");
    case KeySource::SessionOnly:
        return QStringLiteral("session");
    case KeySource::Plaintext:
        return QStringLiteral("plaintext");
    case KeySource::Keychain:
        break;
    }
    return QStringLiteral("keychain");
}

bool parseKeySource(const QString &name, KeySource *source)
{
    for (KeySource s : {KeySource::Keychain, KeySource::EnvironmentVariable, KeySource::SessionOnly,
                        KeySource::Plaintext}) {
        if (name == keySourceName(s)) {
            *source = s;
            return true;
        }
    }
    return false;
}

EndpointProfile EndpointProfile::create(const QString &name)
{
    EndpointProfile profile;
    profile.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    profile.name = name;
    return profile; // Base URL and model stay empty: the form shows examples as placeholders, not values
}

namespace {
const char *const kSimulatorProfileName = QT_TRANSLATE_NOOP("TokenScope::EndpointProfile", "Built-in simulator");
}

EndpointProfile EndpointProfile::builtInSimulatorProfile()
{
    EndpointProfile profile = create(QCoreApplication::translate("TokenScope::EndpointProfile", kSimulatorProfileName));
    profile.builtInSimulator = true;
    profile.baseUrl.clear(); // known once the simulator listens
    profile.model = QStringLiteral("tokenscope-sim");
    profile.proxyMode = ProxyMode::None; // loopback: a system proxy must not get in between
    profile.keySource = KeySource::SessionOnly; // the simulator wants no key
    return profile;
}

QString EndpointProfile::shownName() const
{
    return builtInSimulator ? QCoreApplication::translate("TokenScope::EndpointProfile", kSimulatorProfileName) : name;
}

QString EndpointProfile::shownProfileName(const QString &recorded)
{
    return recorded == QLatin1String(kSimulatorProfileName)
        ? QCoreApplication::translate("TokenScope::EndpointProfile", kSimulatorProfileName)
        : recorded;
}

void EndpointProfile::applyTo(RunConfig *config) const
{
    if (!baseUrl.isEmpty())
        config->baseUrl = baseUrl;
    config->model = model;
    config->api = api;
    config->headers.clear();
    for (const auto &[headerName, value] : headers)
        config->headers.append({ headerName.trimmed().toUtf8(), value.toUtf8() });
    config->extraBody = extraBody;
    config->proxyMode = proxyMode;
    config->proxyUrl = proxyMode == ProxyMode::Custom ? proxyUrl.trimmed() : QString();
    config->http2 = http2;
    config->transport = transport;
    config->busyPoll = transport == u"curl" && busyPoll; // Qt network has no worker threads to poll
    config->workload.ignoreEos = ignoreEos;
    config->workload.minTokens = minTokens;
    config->perChunkUsage = perChunkUsage && (api == ApiKind::ChatCompletions || api == ApiKind::Completions);
    config->serverMetricsUrl = metricsUrl.trimmed();
    config->serverMetricsSendKey = metricsSendKey;
    config->endpointLabel.clear(); // an ordinary endpoint is known by its URL
    // The simulator's in one language, so that its runs are named alike whichever language made them.
    config->profileName = builtInSimulator ? QString::fromLatin1(kSimulatorProfileName) : name;
}

} // namespace TokenScope
