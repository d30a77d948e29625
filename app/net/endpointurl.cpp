// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "endpointurl.h"

#include <QCoreApplication>
#include <QRegularExpression>

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
    return api == ApiKind::Completions ? QStringLiteral("/completions") : QStringLiteral("/chat/completions");
}

static QString withPath(QUrl url, const QString &path)
{
    url.setPath(path);
    return url.toString();
}

static QString pastedEndpointError(const QUrl &url, const QString &path, const QString &suffix)
{
    const QString base = withPath(url, path.left(path.size() - suffix.size()));
    return Text::tr("The Base URL already ends with %1, which TokenScope appends itself. Enter the part before it: %2")
        .arg(suffix, base);
}

static const QRegularExpression &doubledV1()
{
    static const QRegularExpression re(QStringLiteral("(/v1)(/v1)+(?=/|$)"), QRegularExpression::CaseInsensitiveOption);
    return re;
}

static QString doubledV1Error(const QUrl &url, const QString &path)
{
    QString fixed = path;
    fixed.replace(doubledV1(), QStringLiteral("/v1"));
    return Text::tr("The Base URL contains a doubled /v1 (%1), which servers answer with 404. Did you mean %2?")
        .arg(path, withPath(url, fixed));
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
        return {{}, Text::tr("The Base URL \"%1\" is not an http:// or https:// address with a host, e.g. "
                             "https://api.example.com/v1")
                        .arg(trimmed)};

    QString path = url.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    for (const QString &suffix : {QStringLiteral("/chat/completions"), QStringLiteral("/completions")}) {
        if (path.endsWith(suffix, Qt::CaseInsensitive))
            return {{}, pastedEndpointError(url, path, suffix)};
    }
    if (doubledV1().match(path).hasMatch())
        return {{}, doubledV1Error(url, path)};

    url.setPath(path + endpointSuffix(api));
    return {url, {}};
}

} // namespace TokenScope
