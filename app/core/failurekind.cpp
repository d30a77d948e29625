// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "failurekind.h"

namespace TokenScope {

QString failureKindName(FailureKind kind, int httpStatus)
{
    switch (kind) {
    case FailureKind::None:
        return {};
    case FailureKind::Http:
        return httpStatus >= 500 ? QStringLiteral("http_5xx") : QStringLiteral("http_%1").arg(httpStatus);
    case FailureKind::Timeout:
        return QStringLiteral("timeout");
    case FailureKind::ConnectionRefused:
        return QStringLiteral("connection_refused");
    case FailureKind::Dns:
        return QStringLiteral("dns");
    case FailureKind::Tls:
        return QStringLiteral("tls");
    case FailureKind::Reset:
        return QStringLiteral("reset");
    case FailureKind::Proxy:
        return QStringLiteral("proxy");
    case FailureKind::Redirect:
        return QStringLiteral("redirect");
    case FailureKind::Network:
        return QStringLiteral("network");
    case FailureKind::MalformedStream:
        return QStringLiteral("malformed_stream");
    case FailureKind::StreamError:
        return QStringLiteral("stream_error");
    case FailureKind::EmptyResponse:
        return QStringLiteral("empty_response");
    case FailureKind::IncompleteStream:
        return QStringLiteral("incomplete_stream");
    case FailureKind::Incomplete:
        return QStringLiteral("incomplete");
    case FailureKind::NotSent:
        return QStringLiteral("not_sent");
    case FailureKind::Deadline:
        return QStringLiteral("deadline");
    case FailureKind::Protocol:
        return QStringLiteral("protocol");
    }
    return QStringLiteral("network");
}

} // namespace TokenScope
