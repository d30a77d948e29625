// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "batchgate.h"

#include "core/threadhandoff.h"
#include "sim/simworker.h"

#include <QMetaObject>
#include <algorithm>

namespace TokenScope {

void BatchGate::reset(int maxBatch)
{
    const QMutexLocker locker(&m_mutex);
    m_maxBatch = qMax(0, maxBatch);
    m_waiting.clear();
    m_active.store(0);
}

bool BatchGate::acquire(SimWorker *worker, quint64 connectionId, quint64 serial)
{
    const QMutexLocker locker(&m_mutex);
    if (m_maxBatch == 0 || (m_waiting.empty() && m_active.load() < m_maxBatch)) {
        m_active.fetch_add(1);
        return true;
    }
    m_waiting.push_back({worker, connectionId, serial});
    return false;
}

void BatchGate::cancel(SimWorker *worker, quint64 connectionId, quint64 serial)
{
    const QMutexLocker locker(&m_mutex);
    // Linear, but only when a queued client disconnects, never per chunk.
    const auto it = std::find_if(m_waiting.begin(), m_waiting.end(), [&](const Waiter &waiter) {
        return waiter.worker == worker && waiter.connectionId == connectionId && waiter.serial == serial;
    });
    if (it != m_waiting.end())
        m_waiting.erase(it);
}

int BatchGate::waiting() const
{
    const QMutexLocker locker(&m_mutex);
    return static_cast<int>(m_waiting.size());
}

void BatchGate::release(qint64 atNs)
{
    Waiter next {};
    {
        const QMutexLocker locker(&m_mutex);
        if (m_waiting.empty()) {
            m_active.fetch_sub(1);
            return;
        }
        // The slot changes hands: the active count stays the same.
        next = m_waiting.front();
        m_waiting.pop_front();
    }
    SimWorker *worker = next.worker;
    postTo(worker, [worker, next, atNs] { worker->grantSlot(next.connectionId, next.serial, atNs); });
}

} // namespace TokenScope
