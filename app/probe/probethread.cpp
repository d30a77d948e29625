// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "probethread.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace TokenScope {

// ---- ProbeWorkerBase (on the probe's thread) ----

void ProbeWorkerBase::cancel()
{
    if (!m_reply)
        return;
    m_cancelled = true;
    m_reply->abort(); // finished() follows (synchronously in Qt 6.4) and the worker reports the cancel
}

QNetworkReply *ProbeWorkerBase::reply() const
{
    return m_reply;
}

void ProbeWorkerBase::setReply(QNetworkReply *reply)
{
    m_reply = reply;
}

void ProbeWorkerBase::dropReply()
{
    if (!m_reply)
        return;
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    if (!reply->isFinished())
        reply->abort();
    reply->deleteLater();
}

void ProbeWorkerBase::beginJob(quint64 generation)
{
    dropReply(); // a job started again replaces the one under way, which reports nothing
    m_generation = generation;
    m_cancelled = false;
    // A new manager per job: no connection kept alive from the job before (a connection check
    // includes connecting, as a first request does) and no proxy setting left from another profile.
    if (m_manager)
        m_manager->deleteLater();
    m_manager = new QNetworkAccessManager(this); // created here: it must live on this thread
}

// ---- ProbeThreadBase (on the owner's thread) ----

namespace Detail {

ProbeThreadBase::ProbeThreadBase(const QString &threadName, ProbeWorkerBase *worker)
    : m_worker(worker)
    // On destruction the job is stopped on its own thread (blocking), then the thread; the worker
    // is deleted there. A result it posts meanwhile is queued to this object, which no event loop
    // serves before QObject's destructor drops it.
    , m_thread(threadName, worker, [worker] { worker->cancel(); })
{
    worker->m_home = this; // before the thread starts: every job's postTo() orders it before the worker reads it
    m_thread.start();
}

ProbeThreadBase::~ProbeThreadBase() = default;

void ProbeThreadBase::cancel()
{
    postTo(m_worker, [worker = m_worker] { worker->cancel(); });
}

void ProbeThreadBase::startJob(std::function<void()> run)
{
    m_running = true;
    postTo(m_worker, [worker = m_worker, generation = ++m_generation, run = std::move(run)] {
        worker->beginJob(generation);
        run();
    });
}

bool ProbeThreadBase::accept(quint64 generation)
{
    if (generation != m_generation)
        return false; // the result of a job that a later start replaced
    m_running = false;
    return true;
}

} // namespace Detail

} // namespace TokenScope
