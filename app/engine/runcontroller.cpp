// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcontroller.h"

#include "core/threadhandoff.h"
#include "engine/loadrunner.h"

namespace TokenScope {

namespace {

/// Delivers each `signal` of the runner to `deliver` on `receiver`'s thread, in the order emitted.
/// Not a queued connection: Qt would copy the value itself after the emit, under a mutex that
/// ThreadSanitizer cannot see (Debian's Qt is not instrumented), and TSan would report the copy
/// against its reader. Here the value is copied on the engine thread, inside postTo(), before the
/// release that the receiving side acquires (app/core/threadhandoff.h).
template <typename T, typename Deliver>
void forwardFromEngine(LoadRunner *runner, void (LoadRunner::*signal)(const T &), QObject *receiver, Deliver deliver)
{
    // The runner is the context, so the lambda runs directly on the engine thread as it emits.
    QObject::connect(runner, signal, runner,
        [receiver, deliver](const T &value) { postTo(receiver, [deliver, value] { deliver(value); }); });
}

} // namespace

void registerEngineMetaTypes()
{
    qRegisterMetaType<LoadPoint>();
    qRegisterMetaType<RunConfig>();
    qRegisterMetaType<RequestRecord>();
    qRegisterMetaType<LevelSummary>();
    qRegisterMetaType<RunResult>();
    qRegisterMetaType<RunProgress>();
    qRegisterMetaType<LiveBatch>();
    qRegisterMetaType<ServerMetricsSample>();
}

RunController::RunController(QObject *parent)
    : QObject(parent)
    , m_runner(new LoadRunner)
{
    registerEngineMetaTypes();
    m_thread.setObjectName(QStringLiteral("TokenScope engine"));
    m_runner->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_runner, &QObject::deleteLater);
    forwardFromEngine(
        m_runner, &LoadRunner::levelStarted, this, [this](const LoadPoint &p) { Q_EMIT levelStarted(p); });
    forwardFromEngine(
        m_runner, &LoadRunner::requestFinished, this, [this](const RequestRecord &r) { Q_EMIT requestFinished(r); });
    forwardFromEngine(m_runner, &LoadRunner::progress, this, [this](const RunProgress &p) { Q_EMIT progress(p); });
    forwardFromEngine(
        m_runner, &LoadRunner::levelFinished, this, [this](const LevelSummary &s) { Q_EMIT levelFinished(s); });
    forwardFromEngine(m_runner, &LoadRunner::liveBatch, this, [this](const LiveBatch &b) { Q_EMIT liveBatch(b); });
    forwardFromEngine(m_runner, &LoadRunner::serverMetricsSampled, this,
        [this](const ServerMetricsSample &s) { Q_EMIT serverMetricsSampled(s); });
    forwardFromEngine(m_runner, &LoadRunner::runFinished, this, [this](const RunResult &result) {
        m_running = false;
        Q_EMIT runFinished(result);
    });
    forwardFromEngine(m_runner, &LoadRunner::runFailed, this, [this](const QString &message) {
        m_running = false;
        Q_EMIT runFailed(m_secrets.redact(message)); // a probe's error may quote what the server echoed
    });
    m_thread.start();
}

RunController::~RunController()
{
    // Cancel on the engine thread (blocking), then stop it; the runner is deleted there.
    postTo(
        m_runner, [runner = m_runner] { runner->cancel(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void RunController::start(const RunConfig &config)
{
    m_running = true;
    m_secrets = Secrets::of(config);
    postTo(m_runner, [runner = m_runner, config] { runner->start(config); });
}

void RunController::startInterleaved(const QList<RunConfig> &arms)
{
    m_running = true;
    m_secrets = Secrets::of(arms);
    postTo(m_runner, [runner = m_runner, arms] { runner->startInterleaved(arms); });
}

void RunController::cancel()
{
    postTo(m_runner, [runner = m_runner] { runner->cancel(); });
}

} // namespace TokenScope
