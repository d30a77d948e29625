// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "httprequestparser.h"

#include <QByteArrayList>

namespace TokenScope {

QByteArray HttpRequest::header(QByteArrayView lowerName) const
{
    for (const auto &[name, value] : headers) {
        if (name == lowerName)
            return value;
    }
    return {};
}

bool HttpRequest::keepAlive() const
{
    const QByteArray connection = header("connection").toLower();
    if (version == "HTTP/1.0")
        return connection.contains("keep-alive");
    return !connection.contains("close");
}

void HttpRequestParser::append(const QByteArray &bytes)
{
    m_buffer.append(bytes);
}

bool HttpRequestParser::takeContinueRequest()
{
    const bool wanted = m_continueWanted;
    m_continueWanted = false;
    return wanted;
}

HttpRequestParser::Status HttpRequestParser::fail(int status, const QByteArray &message)
{
    m_errorStatus = status;
    m_errorMessage = message;
    return Status::Error;
}

HttpRequestParser::Status HttpRequestParser::next(HttpRequest *request)
{
    if (m_errorStatus != 0)
        return Status::Error;
    if (!m_haveHeaders) {
        const Status status = parseHeaders();
        if (status != Status::Complete)
            return status;
    }
    if (m_buffer.size() < m_bodyLength)
        return Status::NeedMore;
    m_pending.body = m_buffer.left(m_bodyLength);
    m_buffer.remove(0, m_bodyLength);
    *request = std::move(m_pending);
    m_pending = HttpRequest();
    m_haveHeaders = false;
    m_bodyLength = 0;
    m_continueWanted = false;
    return Status::Complete;
}

HttpRequestParser::Status HttpRequestParser::parseHeaders()
{
    // Tolerate stray CRLFs between requests (RFC 9112 §2.2).
    qsizetype leading = 0;
    while (leading < m_buffer.size() && (m_buffer.at(leading) == '\r' || m_buffer.at(leading) == '\n'))
        ++leading;
    if (leading > 0) {
        m_buffer.remove(0, leading);
        m_scannedBytes = 0;
    }

    const qsizetype from = qMax<qsizetype>(0, m_scannedBytes - 3);
    const qsizetype end = m_buffer.indexOf("\r\n\r\n", from);
    if (end < 0) {
        m_scannedBytes = m_buffer.size();
        if (m_buffer.size() > MaxHeaderBytes)
            return fail(431, "Request header fields too large");
        return Status::NeedMore;
    }
    m_scannedBytes = 0;

    const QByteArray head = m_buffer.left(end);
    m_buffer.remove(0, end + 4);
    const QByteArrayList lines = head.split('\n');

    const QByteArrayList requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1."))
        return fail(400, "Malformed request line");
    m_pending.method = requestLine.at(0);
    const QByteArray &target = requestLine.at(1);
    const qsizetype query = target.indexOf('?');
    m_pending.path = query < 0 ? target : target.left(query);
    m_pending.version = requestLine.at(2);

    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return fail(400, "Malformed header line");
        m_pending.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }

    if (!m_pending.header("transfer-encoding").isEmpty())
        return fail(411, "Chunked request bodies are not supported; send Content-Length");
    const QByteArray lengthText = m_pending.header("content-length");
    bool ok = true;
    m_bodyLength = lengthText.isEmpty() ? 0 : lengthText.toLongLong(&ok);
    if (!ok || m_bodyLength < 0)
        return fail(400, "Invalid Content-Length");
    if (m_bodyLength > MaxBodyBytes)
        return fail(413, "Request body too large");

    m_haveHeaders = true;
    m_continueWanted = m_pending.header("expect").toLower() == "100-continue" && m_buffer.size() < m_bodyLength;
    return Status::Complete;
}

} // namespace TokenScope
