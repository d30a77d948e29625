// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "headerrules.h"

#include "net/apidialect.h"

#include <QCoreApplication>

#include <algorithm>

namespace TokenScope::HeaderRules {

namespace {

// Translated in the window (the profile form shows them); a struct only for the tr() context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::HeaderRules)
};

// Headers the HTTP transport writes or interprets itself: a second value would change the
// request's framing or connection handling (RFC 9112 section 6, RFC 9110 section 7.6.1).
constexpr const char *kTransportHeaders[] = { "host", "content-length", "transfer-encoding", "connection", "upgrade",
    "keep-alive", "te", "trailer", "proxy-connection" };

// The header the API kind's dialect carries the key in (Authorization; x-api-key for Anthropic).
bool isKeyHeader(const QByteArray &lowerName, ApiKind api)
{
    const QList<RequestHeader> auth = apiDialect(api).authHeaders(QStringLiteral("key"));
    return std::any_of(auth.begin(), auth.end(),
        [&lowerName](const RequestHeader &header) { return header.name.toLower() == lowerName; });
}

} // namespace

bool isToken(const QByteArray &name)
{
    static const QByteArray extra = QByteArrayLiteral("!#$%&'*+-.^_`|~");
    if (name.isEmpty())
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u >= '0' && u <= '9') || (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || extra.contains(c);
    });
}

QString problem(const QByteArray &name, const QByteArray &value, ApiKind api, bool replaceAuthHeader)
{
    const QString shownName = QString::fromUtf8(name);
    if (!isToken(name))
        return Text::tr("The header name \"%1\" is not valid: a name is letters, digits and !#$%&'*+-.^_`|~ "
                        "only (no spaces, colons or line breaks).")
            .arg(shownName);
    for (char c : value) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && u != '\t') || u == 0x7f)
            return Text::tr("The value of header %1 contains a control character (0x%2): line breaks (CR, LF) "
                            "and NUL would end the header early and could smuggle a second request. Only "
                            "tabs are allowed.")
                .arg(shownName)
                .arg(int(u), 2, 16, QLatin1Char('0'));
    }
    const QByteArray lower = name.toLower();
    for (const char *owned : kTransportHeaders) {
        if (lower == owned)
            return Text::tr("The header %1 cannot be set: the HTTP transport writes it itself (it decides how "
                            "the request is framed and sent), and a second value would corrupt the request.")
                .arg(shownName);
    }
    if (!replaceAuthHeader && isKeyHeader(lower, api))
        return Text::tr("The header %1 carries the API key for this API kind, which TokenScope sends itself: set "
                        "the key instead (--api-key-env, --api-key-stdin, or the profile's key). To send your own "
                        "%1 in place of the key, add --replace-auth-header (tokenscope-cli).")
            .arg(shownName);
    return {};
}

QString problem(const RunConfig &config)
{
    for (const auto &[name, value] : config.headers) {
        const QString why = problem(name, value, config.api, config.replaceAuthHeader);
        if (!why.isEmpty())
            return why;
    }
    return {};
}

} // namespace TokenScope::HeaderRules
