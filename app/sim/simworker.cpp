// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simworker.h"

#include "sim/httpconnection.h"
#include "sim/simshared.h"

#include <unistd.h>
#include <utility>

namespace TokenScope {

SimWorker::SimWorker(SimShared *shared, QObject *parent)
    : QObject(parent)
    , m_shared(shared)
    , m_scheduler(new StreamScheduler(this))
{
    m_scheduler->setDispatcher([this](const StreamScheduler::Entry &entry) { dispatch(entry); });
}

SimWorker::~SimWorker()
{
    shutdown();
}

void SimWorker::adoptSocket(qintptr descriptor)
{
    const quint64 id = ++m_nextConnectionId;
    auto *connection = new HttpConnection(id, m_shared, this, m_scheduler, this);
    if (!connection->adopt(descriptor)) {
        delete connection;
        ::close(static_cast<int>(descriptor));
        return;
    }
    connect(connection, &HttpConnection::closed, this, &SimWorker::onConnectionClosed);
    m_connections.insert(id, connection);
}

void SimWorker::grantSlot(quint64 connectionId, quint64 serial, qint64 atNs)
{
    HttpConnection *connection = m_connections.value(connectionId);
    // The request gave up meanwhile: pass the slot on so the batch never shrinks.
    if (!connection || !connection->takeSlot(serial, atNs))
        m_shared->gate.release(atNs);
}

void SimWorker::shutdown()
{
    m_scheduler->clear();
    const QHash<quint64, HttpConnection *> connections = std::exchange(m_connections, {});
    for (HttpConnection *connection : connections) {
        connection->shutdown();
        delete connection;
    }
}

void SimWorker::dispatch(const StreamScheduler::Entry &entry)
{
    if (HttpConnection *connection = m_connections.value(entry.target))
        connection->onDue(entry.dueNs, entry.generation);
}

void SimWorker::onConnectionClosed(quint64 connectionId)
{
    if (HttpConnection *connection = m_connections.take(connectionId))
        connection->deleteLater();
}

} // namespace TokenScope
