// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "net/failure.h"

#include <QString>
#include <QUrl>

#include <curl/curl.h>

/// libcurl's results in the failure kinds and words of the default transport
/// (docs/metrics.md#failure-kinds), so that a failure reads the same whichever transport met it.
/// Pure functions; thread-safe.
namespace TokenScope::CurlFailure {

/// `result` of a transfer to `url` described; `errorText` is libcurl's error buffer, `proxy` the
/// "host:port" of the proxy the transfer went through (proxyFor()), or empty; `answered` whether a
/// response head had come.
Failure::Description describe(
    CURLcode result, const QString &errorText, const QUrl &url, const QString &proxy, bool answered);

/// "host:port" of the proxy a request to `url` goes through, or empty: the custom proxy, or under
/// ProxyMode::System the one libcurl takes from the environment (https_proxy / HTTPS_PROXY for
/// https, http_proxy for http, then all_proxy / ALL_PROXY; not when no_proxy / NO_PROXY names the host).
QString proxyFor(const QUrl &url, ProxyMode mode, const QString &proxyUrl);

} // namespace TokenScope::CurlFailure
