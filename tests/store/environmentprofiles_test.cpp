// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Endpoints read from the variables coding tools are configured with.
#include "store/environmentprofiles.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

QProcessEnvironment environmentOf(const QList<QPair<QString, QString>> &variables)
{
    QProcessEnvironment environment;
    for (const auto &[name, value] : variables)
        environment.insert(name, value);
    return environment;
}

} // namespace

TEST(EnvironmentProfiles, NothingSetOffersNothing)
{
    EXPECT_TRUE(endpointsFromEnvironment(environmentOf({ { QStringLiteral("PATH"), QStringLiteral("/usr/bin") } })).isEmpty());
}

// What Claude Code reads (a gateway and its token) and what an OpenAI SDK reads, side by side.
TEST(EnvironmentProfiles, BothProvidersWithTheirKeysAndModels)
{
    const QList<EnvironmentEndpoint> found = endpointsFromEnvironment(environmentOf({
        { QStringLiteral("OPENAI_BASE_URL"), QStringLiteral("https://gateway.example.com/v1") },
        { QStringLiteral("OPENAI_API_KEY"), QStringLiteral(" sk-openai \n") },
        { QStringLiteral("ANTHROPIC_BASE_URL"), QStringLiteral("https://gateway.example.com/anthropic") },
        { QStringLiteral("ANTHROPIC_AUTH_TOKEN"), QStringLiteral("token-1") },
        { QStringLiteral("ANTHROPIC_MODEL"), QStringLiteral("claude-sonnet-4-5") },
    }));
    ASSERT_EQ(found.size(), 2);
    const EnvironmentEndpoint &openAi = found.at(0);
    EXPECT_EQ(openAi.profile.api, ApiKind::ChatCompletions);
    EXPECT_EQ(openAi.profile.baseUrl, QStringLiteral("https://gateway.example.com/v1"));
    EXPECT_EQ(openAi.key, QStringLiteral("sk-openai")) << "whitespace around a pasted key is not part of it";
    EXPECT_EQ(openAi.keyVariable, QStringLiteral("OPENAI_API_KEY"));
    EXPECT_TRUE(openAi.profile.model.isEmpty());
    EXPECT_EQ(openAi.profile.keySource, KeySource::Keychain) << "the key goes to the keychain";
    EXPECT_TRUE(openAi.profile.plaintextKey.isEmpty());

    const EnvironmentEndpoint &anthropic = found.at(1);
    EXPECT_EQ(anthropic.profile.api, ApiKind::AnthropicMessages);
    EXPECT_EQ(anthropic.profile.baseUrl, QStringLiteral("https://gateway.example.com/anthropic"));
    EXPECT_EQ(anthropic.key, QStringLiteral("token-1"));
    EXPECT_EQ(anthropic.keyVariable, QStringLiteral("ANTHROPIC_AUTH_TOKEN"));
    EXPECT_EQ(anthropic.profile.model, QStringLiteral("claude-sonnet-4-5"));
    EXPECT_EQ(anthropic.modelVariable, QStringLiteral("ANTHROPIC_MODEL"));
    EXPECT_TRUE(anthropic.profile.name.contains(QStringLiteral("gateway.example.com"))) << anthropic.profile.name.toStdString();
    EXPECT_NE(openAi.profile.id, anthropic.profile.id);
}

// ANTHROPIC_API_KEY wins over ANTHROPIC_AUTH_TOKEN; a key alone means the provider's own endpoint.
TEST(EnvironmentProfiles, AKeyWithoutABaseUrlIsTheProvidersOwnEndpoint)
{
    const QList<EnvironmentEndpoint> found = endpointsFromEnvironment(environmentOf({
        { QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-1") },
        { QStringLiteral("ANTHROPIC_AUTH_TOKEN"), QStringLiteral("token-1") },
    }));
    ASSERT_EQ(found.size(), 1);
    EXPECT_EQ(found.first().profile.baseUrl, QStringLiteral("https://api.anthropic.com"));
    EXPECT_EQ(found.first().key, QStringLiteral("sk-ant-1"));
    EXPECT_EQ(found.first().keyVariable, QStringLiteral("ANTHROPIC_API_KEY"));
    EXPECT_TRUE(found.first().baseUrlVariable.isEmpty());
}
