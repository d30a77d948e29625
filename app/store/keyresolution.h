// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/endpointprofile.h"

#include <QString>

#include <optional>

/// Where a run's API key comes from, written once for the window's profiles and tokenscope-cli:
/// an environment variable (read when the run starts), a profile's plaintext, or what the session
/// holds for a profile whose key is in the keychain or typed for this session only. The keychain
/// itself is asynchronous (KeyStore::readKey()): its answer becomes what the session holds. Keys are
/// returned, never logged or written. Pure functions apart from reading the environment; thread-safe.
namespace TokenScope::KeyResolution {

/// The key held in the environment variable `variable`, without the whitespace around it (a
/// server answers a pasted newline with 401); empty when the variable is unset or empty.
QString fromEnvironment(const QString &variable);

/// The key a run of `profile` sends: its environment variable's, read now; its plaintext; or, kept
/// in the keychain or for this session, `held` (what the session read from the keychain or was
/// typed). std::nullopt when the profile's key is kept there and nothing is held for it yet.
std::optional<QString> forProfile(const EndpointProfile &profile, const std::optional<QString> &held);

} // namespace TokenScope::KeyResolution
