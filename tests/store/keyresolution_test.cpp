// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// One key resolution for the window's profiles and tokenscope-cli: environment variable, plaintext,
// or what the session holds for a keychain or session-only key.
#include "store/keyresolution.h"

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// Sets an environment variable for one test and removes it after.
class ScopedEnv
{
public:
    ScopedEnv(const char *name, const QByteArray &value)
        : m_name(name)
    {
        qputenv(name, value);
    }
    ~ScopedEnv() { qunsetenv(m_name); }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    const char *m_name;
};

EndpointProfile profileWith(KeySource source)
{
    EndpointProfile p = EndpointProfile::create(QStringLiteral("Keys"));
    p.keySource = source;
    p.keyEnvVar = QStringLiteral("TOKENSCOPE_TEST_RESOLVED_KEY");
    return p;
}

} // namespace

TEST(KeyResolution, AnEnvironmentVariableIsReadNowWithoutSurroundingWhitespace)
{
    EXPECT_TRUE(KeyResolution::fromEnvironment(QStringLiteral("TOKENSCOPE_TEST_RESOLVED_KEY")).isEmpty());
    ScopedEnv env("TOKENSCOPE_TEST_RESOLVED_KEY", " sk-from-env\n");
    EXPECT_EQ(
        KeyResolution::fromEnvironment(QStringLiteral("TOKENSCOPE_TEST_RESOLVED_KEY")).toStdString(), "sk-from-env");
    const EndpointProfile p = profileWith(KeySource::EnvironmentVariable);
    EXPECT_EQ(KeyResolution::forProfile(p, QStringLiteral("typed")), QStringLiteral("sk-from-env"))
        << "the variable wins over whatever the session holds";
    EXPECT_EQ(KeyResolution::forProfile(p, std::nullopt), QStringLiteral("sk-from-env"));
}

TEST(KeyResolution, APlaintextKeyIsTheProfiles)
{
    EndpointProfile p = profileWith(KeySource::Plaintext);
    p.plaintextKey = QStringLiteral("sk-plain");
    EXPECT_EQ(KeyResolution::forProfile(p, std::nullopt), QStringLiteral("sk-plain"));
}

TEST(KeyResolution, AKeychainOrSessionKeyIsWhatTheSessionHoldsOrNotYetKnown)
{
    for (KeySource source : { KeySource::Keychain, KeySource::SessionOnly }) {
        const EndpointProfile p = profileWith(source);
        EXPECT_EQ(KeyResolution::forProfile(p, std::nullopt), std::nullopt) << "not read from the keychain yet";
        EXPECT_EQ(KeyResolution::forProfile(p, QString()), QString()) << "held, and empty: no key";
        EXPECT_EQ(KeyResolution::forProfile(p, QStringLiteral("sk-held")), QStringLiteral("sk-held"));
    }
}
