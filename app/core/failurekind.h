// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace TokenScope {

/// Why a request failed. Its name (failureKindName()) is the stable `error_kind` of the exports.
enum class FailureKind {
    None,
    Http, ///< a 4xx/5xx answer: http_<code>, or http_5xx for every 5xx
    Timeout,
    ConnectionRefused,
    Dns,
    Tls,
    Reset,
    Proxy,
    Redirect, ///< not followed: to another origin, a 301/302/303, or past the hop limit
    Network,
    MalformedStream,
    StreamError, ///< an error event inside the stream
    EmptyResponse,
    IncompleteStream,
    Incomplete, ///< still in flight when its level's grace period ended (open loop, --duration)
    NotSent, ///< due under the schedule but held by the concurrency cap until its level ended
    Deadline, ///< still open RunConfig::requestDeadlineMs after its send: aborted
    /// A 2xx answer that is not an event stream TokenScope can read: JSON instead of SSE, a
    /// compressed body, a header block past the limit (docs/metrics.md#failure-kinds).
    Protocol,
};

/// "http_401", "http_5xx", "timeout", "connection_refused", "dns", "tls", "reset", "proxy",
/// "redirect", "network", "malformed_stream", "stream_error", "empty_response",
/// "incomplete_stream", "incomplete", "not_sent", "deadline", "protocol"; empty for None. `httpStatus` names an Http failure.
QString failureKindName(FailureKind kind, int httpStatus = 0);

} // namespace TokenScope
