// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simshared.h"

#include <utility>

namespace TokenScope {

void SimCounters::generationArrived(qint64 arrivalNs)
{
    if (!recordArrivals.load(std::memory_order_relaxed))
        return;
    const QMutexLocker lock(&m_arrivalsMutex);
    m_arrivalsNs.append(arrivalNs);
}

void SimCounters::requestStarted()
{
    const int now = inFlight.fetch_add(1) + 1;
    int high = maxInFlight.load();
    while (now > high && !maxInFlight.compare_exchange_weak(high, now)) { }
}

void SimCounters::requestEnded(bool answered)
{
    inFlight.fetch_sub(1);
    if (answered)
        served.fetch_add(1);
}

QList<qint64> SimCounters::arrivals() const
{
    const QMutexLocker lock(&m_arrivalsMutex);
    return m_arrivalsNs;
}

void SimCounters::logRequest(SimRequestLog entry)
{
    if (!recordArrivals.load(std::memory_order_relaxed))
        return;
    const QMutexLocker lock(&m_arrivalsMutex);
    // Worker threads log a little after the arrival: keep arrival order (nearly always the end).
    qsizetype at = m_requestLog.size();
    while (at > 0 && m_requestLog[at - 1].arrivalNs > entry.arrivalNs)
        --at;
    m_requestLog.insert(at, std::move(entry));
}

QList<SimRequestLog> SimCounters::requestLog() const
{
    const QMutexLocker lock(&m_arrivalsMutex);
    return m_requestLog;
}

void SimCounters::reset()
{
    {
        const QMutexLocker lock(&m_arrivalsMutex);
        m_arrivalsNs.clear();
        m_requestLog.clear();
    }
    maxInFlight.store(inFlight.load());
    served.store(0);
    generationRequests.store(0);
}

QByteArray SimShared::newResponseId(SimApi api)
{
    const quint64 number = nextResponseNumber.fetch_add(1) + 1;
    QByteArray id;
    switch (api) {
    case SimApi::Chat:
        id = QByteArrayLiteral("chatcmpl-");
        break;
    case SimApi::Completions:
        id = QByteArrayLiteral("cmpl-");
        break;
    case SimApi::AnthropicMessages:
        id = QByteArrayLiteral("msg_");
        break;
    case SimApi::Responses:
        id = QByteArrayLiteral("resp_");
        break;
    }
    return id + idPrefix + QByteArray::number(number).rightJustified(6, '0');
}

} // namespace TokenScope
