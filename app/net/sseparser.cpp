// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/sseparser.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <utility>

namespace TokenScope {

namespace {

constexpr char kBom[3] = { '\xEF', '\xBB', '\xBF' };

// An unfinished-line buffer up to this size is kept for the next read (a partial line is left over
// by nearly every read, so freeing it would cost an allocation per read); a larger one is freed so
// that one long line does not pin its memory for the rest of the stream.
constexpr qsizetype kKeepBufferBytes = 64 * 1024;

// Returns the first occurrence of `c` in [from, end), or `end`.
inline const char *findByte(const char *from, const char *end, char c)
{
    const void *hit = std::memchr(from, c, size_t(end - from));
    return hit ? static_cast<const char *>(hit) : end;
}

// WHATWG: "If the field value consists of only ASCII digits, then interpret the field value as an
// integer in base ten"; anything else is ignored. Capped instead of overflowing.
int parseRetry(QByteArrayView value)
{
    if (value.isEmpty())
        return -1;
    qint64 ms = 0;
    for (const char c : value) {
        if (c < '0' || c > '9')
            return -1;
        ms = std::min<qint64>(ms * 10 + (c - '0'), INT_MAX);
    }
    return int(ms);
}

} // namespace

int SseParser::feed(QByteArrayView bytes, QList<SseEvent> *out)
{
    // After a failure the stream is unusable: produce nothing and hold nothing.
    if (m_lineTooLong || bytes.isEmpty())
        return 0;

    const char *p = bytes.data();
    const char *const end = p + bytes.size();

    if (!m_started) {
        // One leading BOM is skipped; its three bytes may arrive in separate reads.
        while (p < end && m_bomMatched < 3 && *p == kBom[m_bomMatched]) {
            ++m_bomMatched;
            ++p;
        }
        if (m_bomMatched == 3) {
            m_started = true;
        } else if (p < end) {
            // Not a BOM after all: the bytes that looked like one start the first line.
            m_buffer.append(QByteArrayView(kBom, m_bomMatched));
            m_started = true;
        } else {
            return 0; // everything so far is a BOM prefix; the next read decides
        }
    }

    if (m_skipLf && p < end) {
        // The previous read ended in CR: an LF here completes that CRLF, it is not a line end.
        if (*p == '\n')
            ++p;
        m_skipLf = false;
    }

    int count = 0;
    // The next LF and CR are found with memchr and remembered, so each byte is scanned at most
    // once per terminator kind even when a read holds many lines (no per-byte loop).
    const char *nextLf = findByte(p, end, '\n');
    const char *nextCr = findByte(p, end, '\r');
    while (p < end) {
        if (nextLf < p)
            nextLf = findByte(p, end, '\n');
        if (nextCr < p)
            nextCr = findByte(p, end, '\r');
        const char *const eol = std::min(nextLf, nextCr);
        if (eol == end) {
            // No line end in the rest of this read: keep the partial line for the next one.
            appendToLine(QByteArrayView(p, end - p));
            return count;
        }

        QByteArrayView line(p, eol - p);
        const bool buffered = !m_buffer.isEmpty();
        if (buffered) {
            if (!appendToLine(line))
                return count;
            line = m_buffer;
        } else if (line.size() > m_maxLineBytes) {
            fail();
            return count;
        }
        processLine(line, out, &count);
        if (m_lineTooLong)
            return count;
        if (buffered) {
            if (m_buffer.capacity() > kKeepBufferBytes)
                m_buffer = QByteArray();
            else
                m_buffer.resize(0); // keeps the allocation
        }

        p = eol + 1;
        if (*eol == '\r') {
            if (p == end)
                m_skipLf = true;
            else if (*p == '\n')
                ++p;
        }
    }
    return count;
}

int SseParser::finish(QList<SseEvent> *out)
{
    if (m_lineTooLong)
        return 0;
    int count = 0;
    if (!m_started) {
        // The body ended inside what looked like a BOM: those bytes were data.
        m_buffer.append(QByteArrayView(kBom, m_bomMatched));
        m_started = true;
    }
    if (!m_buffer.isEmpty()) {
        // A last line without a line end (servers that close right after `data: [DONE]`).
        const QByteArray line = std::exchange(m_buffer, QByteArray());
        processLine(line, out, &count);
    }
    // The blank line that never came.
    if (!m_lineTooLong)
        processLine(QByteArrayView(), out, &count);
    m_skipLf = false;
    return count;
}

void SseParser::reset()
{
    const qsizetype maxLineBytes = m_maxLineBytes;
    *this = SseParser();
    m_maxLineBytes = maxLineBytes;
}

bool SseParser::appendToLine(QByteArrayView bytes)
{
    // Checked before appending, so the buffer never grows past the limit.
    if (m_buffer.size() + bytes.size() > m_maxLineBytes) {
        fail();
        return false;
    }
    m_buffer.append(bytes);
    return true;
}

void SseParser::fail()
{
    m_lineTooLong = true;
    // Free everything: a failed stream must not keep megabytes alive until the reply is deleted.
    m_buffer = QByteArray();
    m_pending = SseEvent();
    m_hasData = false;
    m_skipLf = false;
}

void SseParser::processLine(QByteArrayView line, QList<SseEvent> *out, int *count)
{
    if (line.isEmpty()) {
        // Dispatch. WHATWG: an event whose data buffer is empty (no `data:` line at all, e.g. a
        // lone `event: ping`) is not dispatched; its event type is discarded all the same.
        if (m_hasData) {
            m_pending.id = m_lastId;
            out->append(std::move(m_pending));
            ++*count;
        }
        m_pending = SseEvent();
        m_hasData = false;
        return;
    }
    if (line.front() == ':') {
        ++m_commentLines;
        return;
    }

    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (value.startsWith(' '))
        value = value.sliced(1);

    if (field == QByteArrayView("data")) {
        if (m_hasData) {
            // The same limit bounds one event, so endless `data:` lines cannot grow it forever.
            if (m_pending.data.size() + 1 + value.size() > m_maxLineBytes) {
                fail();
                return;
            }
            m_pending.data.append('\n');
        }
        m_pending.data.append(value);
        m_hasData = true;
    } else if (field == QByteArrayView("event")) {
        m_pending.event = value.toByteArray();
    } else if (field == QByteArrayView("id")) {
        if (!value.contains('\0'))
            m_lastId = value.toByteArray();
    } else if (field == QByteArrayView("retry")) {
        const int ms = parseRetry(value);
        if (ms >= 0)
            m_pending.retryMs = ms;
    }
    // Any other field is ignored (WHATWG).
}

} // namespace TokenScope
