// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyrecorder.h"

#include "core/runoutcome.h"
#include "engine/runcontroller.h"
#include "historystore.h"

#include <QDir>

namespace TokenScope {

HistoryRecorder::HistoryRecorder(HistoryStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

void HistoryRecorder::attach(RunController *controller)
{
    connect(controller, &RunController::requestFinished, this, &HistoryRecorder::onRequestFinished);
    connect(controller, &RunController::levelFinished, this, &HistoryRecorder::onLevelFinished);
    connect(controller, &RunController::runFinished, this, &HistoryRecorder::onRunFinished);
    connect(controller, &RunController::runFailed, this, &HistoryRecorder::onRunFailed);
}

qint64 HistoryRecorder::beginRun(const RunConfig &config)
{
    return beginStoredRun({ config });
}

qint64 HistoryRecorder::beginInterleavedRun(const QList<RunConfig> &arms)
{
    return beginStoredRun(arms);
}

qint64 HistoryRecorder::beginStoredRun(const QList<RunConfig> &arms)
{
    if (m_runId > 0) {
        (void)m_store->finishRun(m_runId, HistoryRunStatus::Interrupted,
            QStringLiteral("A new run began before this one reported its end."));
        endRun();
    }
    m_failureReported = false;
    m_levelsStored = 0;
    QString error;
    m_runId = arms.size() != 1 ? m_store->beginInterleavedRun(arms, QDateTime::currentDateTime(), &error)
                               : m_store->beginRun(arms.value(0), QDateTime::currentDateTime(), &error);
    if (m_runId < 0) {
        reportFailure(error);
        return -1;
    }
    return m_runId;
}

void HistoryRecorder::onRequestFinished(const RequestRecord &record)
{
    QString error;
    if (m_runId > 0 && !m_store->addRequest(m_runId, record, &error))
        reportFailure(error);
}

void HistoryRecorder::onLevelFinished(const LevelSummary &summary)
{
    if (m_runId < 0)
        return;
    QString error;
    if (!m_store->addLevel(m_runId, summary, &error))
        reportFailure(error);
    ++m_levelsStored; // counted even when it failed: onRunFinished must not store it twice
}

void HistoryRecorder::onRunFinished(const RunResult &result)
{
    if (m_runId < 0)
        return;
    QString error;
    for (qsizetype i = m_levelsStored; i < result.levels.size(); ++i)
        if (!m_store->addLevel(m_runId, result.levels.at(i), &error))
            reportFailure(error);
    // A sweep's or a search's chosen levels and what it concluded arrive only with the result.
    if ((!result.loadPoints.isEmpty() || !result.loadPlanOutcome.isEmpty() || result.maxRateFound >= 0)
        && !m_store->setLoadPlan(m_runId, result, &error))
        reportFailure(error);
    if (!result.serverMetrics.isEmpty() && !m_store->addServerMetrics(m_runId, result.serverMetrics, &error))
        reportFailure(error);
    // A run where no request succeeded is stored as failed, saying so (docs/metrics.md#outcomes).
    const Outcome outcome = runOutcome(result);
    const HistoryRunStatus status = outcome == Outcome::Cancelled ? HistoryRunStatus::Cancelled
        : outcome == Outcome::Failed                              ? HistoryRunStatus::Failed
                                                                  : HistoryRunStatus::Completed;
    const QString reason = outcome == Outcome::Failed ? runOutcomeText(result) : QString();
    if (!m_store->finishRun(m_runId, status, reason, &error))
        reportFailure(error);
    endRun();
}

void HistoryRecorder::onRunFailed(const QString &message)
{
    if (m_runId < 0)
        return;
    QString error;
    if (!m_store->finishRun(m_runId, HistoryRunStatus::Failed, message, &error))
        reportFailure(error);
    endRun();
}

void HistoryRecorder::endRun()
{
    m_runId = -1;
    m_levelsStored = 0;
    Q_EMIT runStored();
}

void HistoryRecorder::reportFailure(const QString &message)
{
    if (m_failureReported)
        return;
    m_failureReported = true;
    // SQLite's text ("database or disk is full") does not say which file.
    const QString path = m_store->path();
    Q_EMIT storeFailed(path.isEmpty()
            ? message
            : QStringLiteral("Cannot write the history %1: %2").arg(QDir::toNativeSeparators(path), message));
}

} // namespace TokenScope
