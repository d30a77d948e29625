// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

namespace TokenScope {

/// One dispatched Server-Sent Event. `data` holds the `data:` lines joined with '\n', as UTF-8
/// bytes (decoding happens only on whole lines, so a character split across reads is intact).
struct SseEvent {
    QByteArray event; ///< the `event:` field; empty means "message"
    QByteArray data;
    QByteArray id; ///< the last `id:` seen (the stream's last-event-id)
    int retryMs = -1; ///< `retry:` if this event carried one

    friend bool operator==(const SseEvent &, const SseEvent &) = default;
};

/// Incremental SSE parser (WHATWG EventSource rules): lines end in LF, CRLF or CR, and a CR at
/// the end of one read may pair with an LF at the start of the next; a leading UTF-8 BOM is
/// skipped; `:` lines are comments; a blank line dispatches. Bytes are buffered until a line is
/// whole. Not thread-safe: one parser per stream, used on one thread.
class SseParser
{
public:
    /// Feeds the next bytes of the body and appends every event they complete to `out`.
    /// Returns the number of events appended.
    int feed(QByteArrayView bytes, QList<SseEvent> *out);

    /// End of body: dispatches a final event whose blank line never came (servers that close
    /// right after the last `data:` line). Returns the number of events appended.
    int finish(QList<SseEvent> *out);

    /// A line longer than this fails the stream instead of growing the buffer without bound. The
    /// same limit bounds the data of one event (many `data:` lines and no blank line). Once failed,
    /// the parser drops what it holds and produces no more events until reset().
    void setMaxLineBytes(qsizetype bytes) { m_maxLineBytes = bytes; }
    bool hasError() const { return m_lineTooLong; }
    int commentLines() const { return m_commentLines; }
    /// Bytes currently allocated for an unfinished line and event (diagnostics and tests).
    qsizetype bufferedBytes() const { return m_buffer.capacity() + m_pending.data.capacity(); }
    /// Back to the state of a new parser; keeps the configured line limit.
    void reset();

private:
    void processLine(QByteArrayView line, QList<SseEvent> *out, int *count);
    bool appendToLine(QByteArrayView bytes);
    void fail();

    QByteArray m_buffer; ///< bytes of an unfinished line
    SseEvent m_pending;
    bool m_hasData = false;
    bool m_started = false; ///< BOM check done
    int m_bomMatched = 0; ///< leading bytes that matched the BOM so far (it may be split across reads)
    bool m_skipLf = false; ///< last read ended in CR: a leading LF belongs to it
    bool m_lineTooLong = false;
    int m_commentLines = 0;
    qsizetype m_maxLineBytes = 16 * 1024 * 1024;
    QByteArray m_lastId;
};

} // namespace TokenScope
