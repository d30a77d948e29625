// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>

namespace TokenScope {

/// One HTTP/1.x request as the simulator received it.
struct HttpRequest {
    QByteArray method;
    QByteArray path; ///< without the query string
    QByteArray version; ///< "HTTP/1.1"
    QList<QPair<QByteArray, QByteArray>> headers; ///< names lower-cased, values trimmed
    QByteArray body;

    QByteArray header(QByteArrayView lowerName) const;
    bool keepAlive() const; ///< HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with keep-alive
};

/// Incremental HTTP/1.x request parser: bytes go in as they arrive (headers and bodies may come in
/// any number of pieces, several requests may arrive in one piece), whole requests come out in
/// order. Request bodies need Content-Length (chunked request bodies are refused with 411).
/// Not thread-safe; one per connection.
class HttpRequestParser
{
public:
    enum class Status { NeedMore, Complete, Error };

    void append(const QByteArray &bytes);
    /// Takes the next complete request out of the buffer.
    Status next(HttpRequest *request);

    int errorStatus() const { return m_errorStatus; } ///< HTTP status to answer after Error
    QByteArray errorMessage() const { return m_errorMessage; }
    /// True once when the pending request's headers asked for `Expect: 100-continue`.
    bool takeContinueRequest();
    bool hasBufferedBytes() const { return !m_buffer.isEmpty(); }

    static constexpr qsizetype MaxHeaderBytes = 64 * 1024;
    static constexpr qsizetype MaxBodyBytes = 64 * 1024 * 1024;

private:
    Status parseHeaders();
    Status fail(int status, const QByteArray &message);

    QByteArray m_buffer;
    HttpRequest m_pending;
    bool m_haveHeaders = false;
    qsizetype m_bodyLength = 0;
    qsizetype m_scannedBytes = 0; // where the search for the end of the headers resumes
    bool m_continueWanted = false;
    int m_errorStatus = 0;
    QByteArray m_errorMessage;
};

} // namespace TokenScope
