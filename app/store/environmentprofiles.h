// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "endpointprofile.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>

namespace TokenScope {

/// An endpoint that a coding tool's environment variables already describe (docs/endpoints.md#from-the-environment):
/// the profile to create and the key to store with it. Plain value type; the key is only in memory.
struct EnvironmentEndpoint {
    EndpointProfile profile; ///< a fresh profile (new id), key source Keychain
    QString key; ///< the key's value, to store in the keychain; empty when no key variable is set
    QString baseUrlVariable; ///< "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"
    QString keyVariable; ///< the variable the key came from ("ANTHROPIC_AUTH_TOKEN"), empty without key
    QString modelVariable; ///< the variable the model came from, empty when none is set
};

/// What `environment` describes: an OpenAI-compatible endpoint from OPENAI_BASE_URL (key from
/// OPENAI_API_KEY, model from OPENAI_MODEL), and an Anthropic one from ANTHROPIC_BASE_URL (key from
/// ANTHROPIC_API_KEY, else ANTHROPIC_AUTH_TOKEN; model from ANTHROPIC_MODEL). A key variable without
/// its Base URL variable gives the provider's own endpoint (https://api.openai.com/v1,
/// https://api.anthropic.com). Empty when none of them is set.
QList<EnvironmentEndpoint> endpointsFromEnvironment(const QProcessEnvironment &environment);

} // namespace TokenScope
