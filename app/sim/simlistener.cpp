// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simlistener.h"

#include "core/threadhandoff.h"
#include "sim/simworker.h"

namespace TokenScope {

SimListener::SimListener(const QList<SimWorker *> &workers, QObject *parent)
    : QTcpServer(parent)
    , m_workers(workers)
{
}

void SimListener::incomingConnection(qintptr descriptor)
{
    SimWorker *worker = m_workers.at(m_next);
    m_next = (m_next + 1) % m_workers.size();
    postTo(worker, [worker, descriptor] { worker->adoptSocket(descriptor); });
}

} // namespace TokenScope
