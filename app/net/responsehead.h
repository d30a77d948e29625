// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

QT_BEGIN_NAMESPACE
class QNetworkReply;
QT_END_NAMESPACE

namespace TokenScope {

/// What a response's head says, as a transport received it: the status and the headers that tell
/// an event stream from what is not one. Plain value type.
struct ResponseHead
{
    /// Limits on the header block (docs/metrics.md#failure-kinds). Qt 6.4 reads the whole block
    /// before it hands the reply over and sets no size limit of its own, so a larger one is refused
    /// only after it was read: its time stays in headers_ms. Past 100 fields Qt drops every header
    /// (HTTP/1), which refusal() reads as a head without headers; kMaxHeaders guards HTTP/2.
    static constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
    static constexpr int kMaxHeaders = 100;

    int httpStatus = 0;
    int httpVersion = 1; ///< 1 (HTTP/1.x) or 2
    QByteArray retryAfter;
    QByteArray contentType;
    QByteArray contentEncoding;
    QByteArray transferEncoding;
    bool hasContentLength = false;
    qsizetype headerBytes = 0; ///< every header's name and value, summed
    int headerCount = 0;

    /// The head of `reply`, whose metaDataChanged has come (or which has finished).
    static ResponseHead of(const QNetworkReply *reply);
    /// Why the body of a status below 400 cannot be measured as a stream, or empty: no final status
    /// (an HTTP/2 head without `:status`), headers past the limits or none kept, a compressed body.
    QString refusal() const;
};

} // namespace TokenScope
