// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keyresolution.h"

namespace TokenScope::KeyResolution {

QString fromEnvironment(const QString &variable)
{
    return qEnvironmentVariable(variable.toLocal8Bit().constData()).trimmed();
}

std::optional<QString> forProfile(const EndpointProfile &profile, const std::optional<QString> &held)
{
    switch (profile.keySource) {
    case KeySource::EnvironmentVariable:
        return fromEnvironment(profile.keyEnvVar);
    case KeySource::Plaintext:
        return profile.plaintextKey;
    case KeySource::Keychain:
    case KeySource::SessionOnly:
        break;
    }
    return held;
}

} // namespace TokenScope::KeyResolution
