// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/failure.h"

#include <QByteArray>
#include <QUrl>

/// Which redirects of the streaming POST a transport follows (docs/metrics.md#redirects): a 307 or
/// 308 (they keep the method and the body) to the configured origin, at most kMaxRedirects times.
/// Both transports follow them themselves, by this rule. Pure functions; thread-safe.
namespace TokenScope::RedirectRule {

constexpr int kMaxRedirects = 5;

/// 301, 302, 303, 307 or 308.
bool isRedirect(int status);

/// What to do with a redirect answer: send the same request to `target`, or fail with `failure`.
struct Decision
{
    QUrl target;
    Failure::Description failure; ///< kind None: follow
    bool follows() const { return failure.kind == FailureKind::None; }
};

/// The answer `status` with `location` (the raw Location header) to a request sent to `from`,
/// after `followed` redirects, for a run configured with `origin` (the Base URL).
Decision decide(int status, const QByteArray &location, const QUrl &from, const QUrl &origin, int followed);

} // namespace TokenScope::RedirectRule
