// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMutex>
#include <QtGlobal>
#include <atomic>
#include <deque>

namespace TokenScope {

class SimWorker;

/// The simulated accelerator's batch: at most maxBatch requests hold a decode slot at once
/// (0 = unlimited); the rest wait in arrival (FIFO) order. Server-wide, shared by all worker
/// threads. A slot freed by release() goes straight to the oldest waiter, whose worker learns
/// it through SimWorker::grantSlot() (queued), together with the time the slot was freed so the
/// waiter's schedule starts there, not when the notification happened to run. Thread-safe.
class BatchGate
{
public:
    void reset(int maxBatch);
    /// True when a slot is granted now; false when the request now waits for one.
    bool acquire(SimWorker *worker, quint64 connectionId, quint64 serial);
    /// Withdraws a waiting request (its client went away). No effect if it holds a slot.
    void cancel(SimWorker *worker, quint64 connectionId, quint64 serial);
    /// Frees a slot at atNs (steady clock), handing it to the oldest waiter if there is one.
    void release(qint64 atNs);
    /// Slots held right now (requests prefilling or decoding): the contention the timing model sees.
    int active() const { return m_active.load(std::memory_order_relaxed); }
    /// Requests queued for a slot right now (always 0 with maxBatch 0).
    int waiting() const;

private:
    struct Waiter {
        SimWorker *worker;
        quint64 connectionId;
        quint64 serial;
    };

    mutable QMutex m_mutex;
    int m_maxBatch = 0;
    std::deque<Waiter> m_waiting;
    std::atomic<int> m_active {0};
};

} // namespace TokenScope
