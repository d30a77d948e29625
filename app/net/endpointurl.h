// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QString>
#include <QUrl>

namespace TokenScope {

/// The URL a request goes to, built from the Base URL a provider prints. Either `url` is valid
/// or `error` says, in words a user can act on, what is wrong with the Base URL.
struct ResolvedEndpoint {
    QUrl url;
    QString error;
    bool ok() const { return error.isEmpty(); }
};

/// Appends the API's path (/chat/completions, /completions, /responses, /v1/messages) to a Base URL
/// such as `https://host/api` or `http://127.0.0.1:8000/v1`; /v1/messages goes after a Base URL
/// ending in /v1 as /messages (docs/endpoints.md). A pasted full endpoint path or a doubled `/v1`
/// is refused with an explanation instead of being sent. Pure function; thread-safe.
ResolvedEndpoint resolveEndpoint(const QString &baseUrl, ApiKind api);

/// The endpoint path TokenScope appends for `api` ("/chat/completions", "/v1/messages", ...).
QString endpointSuffix(ApiKind api);

/// `/v1` twice or more in a row in `path` (`/v1/v1`, `/api/v1/v1/`), which servers answer with 404.
bool hasDoubledV1(const QString &path);

/// The URL a client that does not check the Base URL would request: the Base URL with its
/// trailing slashes removed, plus endpointSuffix(). Empty when the Base URL is no http(s) address
/// with a host. The connection check sends there when resolveEndpoint() refuses the Base URL, so
/// the user sees what the server answers.
QUrl literalEndpointUrl(const QString &baseUrl, ApiKind api);

/// The Base URL the user probably meant, when resolveEndpoint() refuses `baseUrl` for a pasted
/// endpoint path or a doubled `/v1` and the corrected form is accepted; empty otherwise.
QString suggestedBaseUrl(const QString &baseUrl, ApiKind api);

/// Whether two URLs share an origin: scheme, host (any case) and port (80 and 443 when absent).
/// The one rule for where the key may go: a redirect followed, a metrics URL scraped with it.
bool sameOrigin(const QUrl &a, const QUrl &b);

} // namespace TokenScope
