// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workerthread.h"

#include "core/threadhandoff.h"

namespace TokenScope {

WorkerThread::WorkerThread(const QString &name, QObject *worker, std::function<void()> stop)
    : m_worker(worker)
    , m_stop(std::move(stop))
{
    Q_ASSERT(worker && !worker->parent());
    m_thread.setObjectName(name);
    worker->moveToThread(&m_thread);
    QObject::connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
}

void WorkerThread::start()
{
    m_thread.start();
}

WorkerThread::~WorkerThread()
{
    if (m_thread.isRunning())
        postTo(m_worker, m_stop, Qt::BlockingQueuedConnection);
    else
        delete m_worker; // never started: nothing runs on the thread, and its finished() never comes
    m_thread.quit();
    m_thread.wait();
}

} // namespace TokenScope
