// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcontroller.h"

#include "core/threadhandoff.h"
#include "net/loadrunner.h"

namespace TokenScope {

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
    connect(m_runner, &LoadRunner::levelStarted, this, &RunController::levelStarted);
    connect(m_runner, &LoadRunner::requestFinished, this, &RunController::requestFinished);
    connect(m_runner, &LoadRunner::progress, this, &RunController::progress);
    connect(m_runner, &LoadRunner::levelFinished, this, &RunController::levelFinished);
    connect(m_runner, &LoadRunner::liveBatch, this, &RunController::liveBatch);
    connect(m_runner, &LoadRunner::serverMetricsSampled, this, &RunController::serverMetricsSampled);
    connect(m_runner, &LoadRunner::runFinished, this, [this](const RunResult &result) {
        m_running = false;
        Q_EMIT runFinished(result);
    });
    connect(m_runner, &LoadRunner::runFailed, this, [this](const QString &message) {
        m_running = false;
        Q_EMIT runFailed(message);
    });
    m_thread.start();
}

RunController::~RunController()
{
    // Cancel on the engine thread (blocking), then stop it; the runner is deleted there.
    postTo(m_runner, [runner = m_runner] { runner->cancel(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void RunController::start(const RunConfig &config)
{
    m_running = true;
    postTo(m_runner, [runner = m_runner, config] { runner->start(config); });
}

void RunController::startInterleaved(const QList<RunConfig> &arms)
{
    m_running = true;
    postTo(m_runner, [runner = m_runner, arms] { runner->startInterleaved(arms); });
}

void RunController::cancel()
{
    postTo(m_runner, [runner = m_runner] { runner->cancel(); });
}

} // namespace TokenScope
