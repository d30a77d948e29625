// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QByteArray>
#include <QString>

/// The one rule for custom request headers (docs/metrics.md#custom-headers), applied by the CLI's
/// --header, the profile form and every run check (RunCheck::problem()), and once more when
/// the request is built. Pure functions; thread-safe.
namespace TokenScope::HeaderRules {

/// An RFC 9110 token: one or more of the ASCII letters, digits and !#$%&'*+-.^_`|~.
bool isToken(const QByteArray &name);

/// Why the header `name: value` cannot go with requests of `api`, or empty when it can:
/// - the name is not a token (empty, spaces, a colon, non-ASCII);
/// - the value holds a control character other than HTAB (CR, LF, NUL, DEL, …), which would end the
///   header block early and smuggle a second request;
/// - the transport owns the header (Host, Content-Length, Transfer-Encoding, Connection, Upgrade,
///   Keep-Alive, TE, Trailer, Proxy-Connection): replacing it would desynchronise the framing;
/// - it is the API kind's key header (Authorization; x-api-key for Anthropic) and `replaceAuthHeader`
///   is off: it would silently replace the key TokenScope sends.
QString problem(const QByteArray &name, const QByteArray &value, ApiKind api, bool replaceAuthHeader);

/// The first problem() among `config`'s custom headers, or empty.
QString problem(const RunConfig &config);

} // namespace TokenScope::HeaderRules
