// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wirelog.h"

#include <array>
#include <charconv>

namespace TokenScope {

namespace {

void appendNumber(QByteArray &out, qint64 value)
{
    std::array<char, 24> digits {};
    const auto result = std::to_chars(digits.data(), digits.data() + digits.size(), value);
    out.append(digits.data(), result.ptr - digits.data());
}

} // namespace

bool WireLog::open(bool keepInMemory, const QString &path, QString *error)
{
    const QMutexLocker locker(&m_mutex);
    m_keepInMemory = keepInMemory;
    if (m_file.isOpen())
        m_file.close();
    if (!path.isEmpty()) {
        m_file.setFileName(path);
        if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append)) {
            if (error)
                *error = QStringLiteral("Cannot open the wire log %1: %2").arg(path, m_file.errorString());
            m_enabled.store(false);
            return false;
        }
    }
    m_enabled.store(m_keepInMemory || m_file.isOpen());
    return true;
}

void WireLog::close()
{
    const QMutexLocker locker(&m_mutex);
    writeOutLocked();
    if (m_file.isOpen())
        m_file.close();
    m_enabled.store(false);
}

void WireLog::record(const QString &responseId, int chunkIndex, int tokens, bool text, qint64 writtenNs)
{
    const QMutexLocker locker(&m_mutex);
    if (m_keepInMemory)
        m_events.append(WireEvent {responseId, chunkIndex, tokens, text, writtenNs});
    if (m_file.isOpen()) {
        appendJsonLine(responseId, chunkIndex, tokens, text, writtenNs);
        if (m_pending.size() >= FlushBytes)
            writeOutLocked();
    }
}

void WireLog::appendJsonLine(const QString &responseId, int chunkIndex, int tokens, bool text, qint64 writtenNs)
{
    // Response ids are ASCII letters, digits and '-': no escaping, and no temporary QByteArray.
    m_pending.append(R"({"response_id":")");
    for (const QChar c : responseId)
        m_pending.append(static_cast<char>(c.unicode()));
    m_pending.append(R"(","chunk":)");
    appendNumber(m_pending, chunkIndex);
    m_pending.append(R"(,"tokens":)");
    appendNumber(m_pending, tokens);
    m_pending.append(text ? QByteArrayView(R"(,"text":true)") : QByteArrayView(R"(,"text":false)"));
    m_pending.append(R"(,"written_ns":)");
    appendNumber(m_pending, writtenNs);
    m_pending.append("}\n");
}

void WireLog::writeOutLocked()
{
    if (m_file.isOpen() && !m_pending.isEmpty()) {
        m_file.write(m_pending);
        m_file.flush();
    }
    m_pending.truncate(0);
}

QList<WireEvent> WireLog::snapshot() const
{
    const QMutexLocker locker(&m_mutex);
    return m_events;
}

void WireLog::clear()
{
    const QMutexLocker locker(&m_mutex);
    m_events.clear();
}

} // namespace TokenScope
