// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "environmentprofiles.h"

#include <QUrl>

namespace TokenScope {

namespace {

// One provider's variables, in the order its own tools read them.
struct ProviderVariables {
    QString name; ///< the profile's name: "<name> (from the environment)"
    ApiKind api;
    QString baseUrlVariable;
    QString defaultBaseUrl;
    QStringList keyVariables;
    QString modelVariable;
};

QList<ProviderVariables> providers()
{
    return {
        { QStringLiteral("OpenAI-compatible"), ApiKind::ChatCompletions, QStringLiteral("OPENAI_BASE_URL"),
            QStringLiteral("https://api.openai.com/v1"), { QStringLiteral("OPENAI_API_KEY") },
            QStringLiteral("OPENAI_MODEL") },
        { QStringLiteral("Anthropic"), ApiKind::AnthropicMessages, QStringLiteral("ANTHROPIC_BASE_URL"),
            QStringLiteral("https://api.anthropic.com"),
            { QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("ANTHROPIC_AUTH_TOKEN") },
            QStringLiteral("ANTHROPIC_MODEL") },
    };
}

QString hostOf(const QString &url)
{
    const QString host = QUrl(url).host();
    return host.isEmpty() ? url : host;
}

} // namespace

QList<EnvironmentEndpoint> endpointsFromEnvironment(const QProcessEnvironment &environment)
{
    const auto valueOf = [&environment](const QString &name) { return environment.value(name).trimmed(); };
    QList<EnvironmentEndpoint> found;
    for (const ProviderVariables &provider : providers()) {
        EnvironmentEndpoint endpoint;
        QString baseUrl = valueOf(provider.baseUrlVariable);
        if (!baseUrl.isEmpty())
            endpoint.baseUrlVariable = provider.baseUrlVariable;
        for (const QString &variable : provider.keyVariables) {
            if (!valueOf(variable).isEmpty()) {
                endpoint.keyVariable = variable;
                endpoint.key = valueOf(variable);
                break;
            }
        }
        if (baseUrl.isEmpty() && endpoint.key.isEmpty())
            continue;
        if (baseUrl.isEmpty())
            baseUrl = provider.defaultBaseUrl;
        endpoint.profile = EndpointProfile::create(
            QStringLiteral("%1 · %2 (from the environment)").arg(provider.name, hostOf(baseUrl)));
        endpoint.profile.baseUrl = baseUrl;
        endpoint.profile.api = provider.api;
        endpoint.profile.keySource = KeySource::Keychain;
        endpoint.profile.keyEnvVar = endpoint.keyVariable.isEmpty() ? provider.keyVariables.first() : endpoint.keyVariable;
        if (!valueOf(provider.modelVariable).isEmpty()) {
            endpoint.modelVariable = provider.modelVariable;
            endpoint.profile.model = valueOf(provider.modelVariable);
        }
        found.append(endpoint);
    }
    return found;
}

} // namespace TokenScope
