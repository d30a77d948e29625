// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simulatorserver.h"

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QMutex>
#include <atomic>

namespace TokenScope {

/// What the simulator wrote and when: kept in memory (recordWire) and/or appended to a JSONL
/// file (`{"response_id","chunk","tokens","text","written_ns"}` per line), buffered and written
/// out in large blocks and at close(). Thread-safe: every worker thread records into it.
class WireLog
{
public:
    /// Opens the file (append) when path is set. Returns false + message if it cannot be opened.
    bool open(bool keepInMemory, const QString &path, QString *error);
    void close(); ///< writes out what is buffered and closes the file
    bool enabled() const { return m_enabled.load(std::memory_order_relaxed); }

    void record(const QString &responseId, int chunkIndex, int tokens, bool text, qint64 writtenNs);
    QList<WireEvent> snapshot() const;
    void clear();

private:
    void appendJsonLine(const QString &responseId, int chunkIndex, int tokens, bool text, qint64 writtenNs);
    void writeOutLocked();

    static constexpr qsizetype FlushBytes = 1 << 20; // write the file in blocks of about 1 MiB

    mutable QMutex m_mutex;
    std::atomic<bool> m_enabled {false};
    bool m_keepInMemory = false;
    QList<WireEvent> m_events;
    QFile m_file;
    QByteArray m_pending;
};

} // namespace TokenScope
