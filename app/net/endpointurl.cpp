// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "endpointurl.h"

#include "core/secrets.h"
#include "net/apidialect.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace TokenScope {

namespace {

// The explanations a user reads before a run starts, translated in the window; a struct only so
// that they share the "TokenScope::EndpointUrl" context.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(TokenScope::EndpointUrl)
};

} // namespace

QString endpointSuffix(ApiKind api)
{
    return apiDialect(api).pathSuffix;
}

namespace {

// The endpoint paths a pasted Base URL may already end with, longest first ("/chat/completions"
// before "/completions", which it ends with too).
QStringList endpointSuffixes()
{
    QStringList suffixes;
    for (const ApiDialect *dialect : apiDialects())
        suffixes.append(dialect->pathSuffix);
    std::sort(suffixes.begin(), suffixes.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return suffixes;
}

const QRegularExpression &doubledV1()
{
    static const QRegularExpression re(QStringLiteral("(/v1)(/v1)+(?=/|$)"), QRegularExpression::CaseInsensitiveOption);
    return re;
}

QString withoutTrailingSlashes(QString path)
{
    while (path.endsWith(u'/'))
        path.chop(1);
    return path;
}

QString withoutDoubledV1(QString path)
{
    return path.replace(doubledV1(), QStringLiteral("/v1"));
}

} // namespace

bool hasDoubledV1(const QString &path)
{
    return doubledV1().match(path).hasMatch();
}

// `suffix` appended to `path`; a suffix that starts with /v1/ (Anthropic's /v1/messages) is appended
// without it to a path that already ends with /v1, as Anthropic's clients accept either form.
static QString joinedPath(const QString &path, const QString &suffix)
{
    static const QString v1 = QStringLiteral("/v1");
    if (suffix.startsWith(v1 + u'/') && path.endsWith(v1, Qt::CaseInsensitive))
        return path + suffix.mid(v1.size());
    return path + suffix;
}

static QString withPath(QUrl url, const QString &path)
{
    url.setPath(path);
    return url.toString();
}

static QString pastedEndpointError(const QUrl &url, const QString &path, const QString &suffix)
{
    const QString base = urlForDisplay(withPath(url, path.left(path.size() - suffix.size())));
    return Text::tr("The Base URL already ends with %1, which TokenScope appends itself. Enter the part before it: %2")
        .arg(suffix, base);
}

static QString doubledV1Error(const QUrl &url, const QString &path)
{
    return Text::tr("The Base URL contains a doubled /v1 (%1), which servers answer with 404. Did you mean %2?")
        .arg(path, urlForDisplay(withPath(url, withoutDoubledV1(path))));
}

ResolvedEndpoint resolveEndpoint(const QString &baseUrl, ApiKind api)
{
    const QString trimmed = baseUrl.trimmed();
    QUrl url(trimmed, QUrl::StrictMode);
    if (trimmed.isEmpty())
        return {{}, Text::tr("The Base URL is empty. Enter the address your provider prints, e.g. "
                             "http://127.0.0.1:8000/v1")};
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"http" && scheme != u"https") || url.host().isEmpty())
        return { {},
            Text::tr("The Base URL \"%1\" is not an http:// or https:// address with a host, e.g. "
                     "https://api.example.com/v1")
                .arg(urlForDisplay(trimmed)) };

    const QString path = withoutTrailingSlashes(url.path());
    for (const QString &suffix : endpointSuffixes()) {
        if (path.endsWith(suffix, Qt::CaseInsensitive))
            return {{}, pastedEndpointError(url, path, suffix)};
    }
    if (hasDoubledV1(path))
        return {{}, doubledV1Error(url, path)};

    url.setPath(joinedPath(path, endpointSuffix(api)));
    return {url, {}};
}

QUrl literalEndpointUrl(const QString &baseUrl, ApiKind api)
{
    QUrl url(baseUrl.trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != u"http" && scheme != u"https") || url.host().isEmpty())
        return {};
    url.setPath(withoutTrailingSlashes(url.path()) + endpointSuffix(api));
    return url;
}

QString suggestedBaseUrl(const QString &baseUrl, ApiKind api)
{
    const QString trimmed = baseUrl.trimmed();
    if (resolveEndpoint(trimmed, api).ok())
        return {};
    QUrl url(trimmed, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty())
        return {};
    QString path = withoutTrailingSlashes(url.path());
    for (const QString &suffix : endpointSuffixes()) {
        if (path.endsWith(suffix, Qt::CaseInsensitive)) {
            path.chop(suffix.size());
            break;
        }
    }
    url.setPath(withoutDoubledV1(path));
    const QString suggestion = url.toDisplayString();
    // Only a form the run accepts is worth suggesting.
    return resolveEndpoint(suggestion, api).ok() ? suggestion : QString();
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const auto port = [](const QUrl &url) { return url.port(url.scheme().compare(u"https", Qt::CaseInsensitive) == 0 ? 443 : 80); };
    return a.scheme().compare(b.scheme(), Qt::CaseInsensitive) == 0 && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && port(a) == port(b);
}

} // namespace TokenScope
