// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streamscheduler.h"

#include "core/clock.h"

#include <QTimer>
#include <algorithm>
#include <limits>

namespace TokenScope {

namespace {

// std heap functions build a max-heap; "later" as less-than puts the earliest entry on top.
bool later(const StreamScheduler::Entry &a, const StreamScheduler::Entry &b)
{
    return a.dueNs != b.dueNs ? a.dueNs > b.dueNs : a.sequence > b.sequence;
}

} // namespace

StreamScheduler::StreamScheduler(QObject *parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &StreamScheduler::runDue);
    m_heap.reserve(1024);
}

void StreamScheduler::setDispatcher(Dispatcher dispatcher)
{
    m_dispatcher = std::move(dispatcher);
}

void StreamScheduler::schedule(qint64 dueNs, quint64 target, quint32 generation)
{
    m_heap.push_back(Entry {dueNs, m_nextSequence++, target, generation});
    std::push_heap(m_heap.begin(), m_heap.end(), later);
    if (!m_running && (m_armedForNs < 0 || dueNs < m_armedForNs))
        arm();
}

void StreamScheduler::clear()
{
    m_heap.clear();
    m_timer->stop();
    m_armedForNs = -1;
}

void StreamScheduler::runDue()
{
    m_running = true;
    m_armedForNs = -1;
    while (!m_heap.empty() && m_heap.front().dueNs <= nowNs() + EarlyNs) {
        std::pop_heap(m_heap.begin(), m_heap.end(), later);
        const Entry entry = m_heap.back();
        m_heap.pop_back();
        if (m_dispatcher)
            m_dispatcher(entry);
    }
    m_running = false;
    arm();
}

void StreamScheduler::arm()
{
    if (m_heap.empty()) {
        m_timer->stop();
        m_armedForNs = -1;
        return;
    }
    const qint64 dueNs = m_heap.front().dueNs;
    const qint64 remainingNs = dueNs - nowNs();
    // Sleep the whole milliseconds left (the wake-up lands within about 1 ms of due); the last
    // sub-millisecond stretch polls with zero-interval timers, which still serve other events.
    const qint64 sleepMs = remainingNs <= SpinNs ? 0 : remainingNs / 1'000'000;
    m_timer->start(static_cast<int>(qMin<qint64>(sleepMs, std::numeric_limits<int>::max())));
    m_armedForNs = dueNs;
}

} // namespace TokenScope
