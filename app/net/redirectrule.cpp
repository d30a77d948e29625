// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "redirectrule.h"

#include "net/endpointurl.h"

namespace TokenScope::RedirectRule {

namespace {
// 307 and 308 keep the method and the body (RFC 9110 section 15.4): the one redirects a streaming
// POST can follow. 301, 302 and 303 let a client turn the POST into a GET, which no API answers.
bool keepsMethod(int status)
{
    return status == 307 || status == 308;
}
} // namespace

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || keepsMethod(status);
}

Decision decide(int status, const QByteArray &location, const QUrl &from, const QUrl &origin, int followed)
{
    const QUrl relative = QUrl::fromEncoded(location.trimmed());
    const QUrl target = from.resolved(relative);
    if (!keepsMethod(status))
        return { {}, { FailureKind::Redirect, Failure::explainMethodChangingRedirect(status, relative, from) } };
    if (relative.isEmpty() || !target.isValid() || !sameOrigin(target, origin)) {
        // The key and the custom headers never go to an origin the user did not configure.
        return { {},
            { FailureKind::Redirect, Failure::explainRedirect(QNetworkReply::InsecureRedirectError, relative, from) } };
    }
    if (followed >= kMaxRedirects)
        return { {},
            { FailureKind::Redirect, Failure::explainRedirect(QNetworkReply::TooManyRedirectsError, relative, from) } };
    return { target, {} };
}

} // namespace TokenScope::RedirectRule
