// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcontroller.h"

#include "core/threadhandoff.h"
#include "engine/loadrunner.h"

namespace TokenScope {

namespace {

/// Emits each `signal` of the runner again as the same signal of `receiver`, on the receiver's
/// thread, in the order emitted, with the value `onArrival` gives for it there. Not a queued connection: Qt would copy
/// the value itself after the emit, under a mutex that ThreadSanitizer cannot see (Debian's Qt is
/// not instrumented), and TSan would report the copy against its reader. Here the value is copied
/// on the engine thread, inside postTo(), before the release that the receiving side acquires
/// (app/core/threadhandoff.h).
template <typename T, typename OnArrival>
void forwardFromEngine(
    LoadRunner *runner, void (RunEvents::*signal)(const T &), RunEvents *receiver, OnArrival onArrival)
{
    // The runner is the context, so the lambda runs directly on the engine thread as it emits.
    QObject::connect(runner, signal, runner, [receiver, signal, onArrival](const T &value) {
        postTo(receiver, [receiver, signal, onArrival, value] { (receiver->*signal)(onArrival(value)); });
    });
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
    : RunEvents(parent)
    , m_runner(new LoadRunner)
    // On destruction a run under way is cancelled on the engine thread first.
    , m_thread(QStringLiteral("TokenScope engine"), m_runner, [runner = m_runner] { runner->cancel(); })
{
    registerEngineMetaTypes();
    const auto same = [](const auto &value) { return value; };
    forwardFromEngine(m_runner, &RunEvents::levelStarted, this, same);
    forwardFromEngine(m_runner, &RunEvents::requestFinished, this, same);
    forwardFromEngine(m_runner, &RunEvents::progress, this, same);
    forwardFromEngine(m_runner, &RunEvents::levelFinished, this, same);
    forwardFromEngine(m_runner, &RunEvents::liveBatch, this, same);
    forwardFromEngine(m_runner, &RunEvents::serverMetricsSampled, this, same);
    forwardFromEngine(m_runner, &RunEvents::runFinished, this, [this](const RunResult &result) {
        m_running = false;
        return result;
    });
    forwardFromEngine(m_runner, &RunEvents::runFailed, this, [this](const QString &message) {
        m_running = false;
        return m_secrets.redact(message); // a probe's error may quote what the server echoed
    });
    m_thread.start();
}

RunController::~RunController() = default; // m_thread cancels, quits and joins; the runner is deleted there

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
