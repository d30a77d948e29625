// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyrecorder.h"

#include "core/runoutcome.h"
#include "historystore.h"

#include <QDir>

namespace TokenScope {

HistoryRecorder::HistoryRecorder(HistoryStore *store, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
}

bool HistoryRecorder::begin(const QList<RunConfig> &arms, const QDateTime &startedAt, QString *error)
{
    if (m_runId > 0) {
        (void)m_store->finishRun(m_runId, HistoryRunStatus::Interrupted,
            QStringLiteral("A new run began before this one reported its end."));
        endRun();
    }
    m_levelsStored = 0;
    QString why;
    m_runId = arms.size() != 1 ? m_store->beginInterleavedRun(arms, startedAt, &why)
                               : m_store->beginRun(arms.value(0), startedAt, &why);
    return m_runId > 0 || failed(why, error);
}

bool HistoryRecorder::recordRequest(const RequestRecord &record, QString *error)
{
    QString why;
    return m_runId < 0 || m_store->addRequest(m_runId, record, &why) || failed(why, error);
}

bool HistoryRecorder::recordLevel(const LevelSummary &summary, QString *error)
{
    if (m_runId < 0)
        return true;
    ++m_levelsStored; // counted even when it fails: finish() must not store it twice
    QString why;
    return m_store->addLevel(m_runId, summary, &why) || failed(why, error);
}

bool HistoryRecorder::recordServerSample(const ServerMetricsSample &, QString *)
{
    return true;
}

bool HistoryRecorder::finish(const RunResult &result, QString *error)
{
    if (m_runId < 0)
        return true;
    QStringList problems; // every write is tried; the first failure is the one reported
    QString why;
    for (qsizetype i = m_levelsStored; i < result.levels.size(); ++i)
        if (!m_store->addLevel(m_runId, result.levels.at(i), &why))
            problems << why;
    // A sweep's or a search's chosen levels and what it concluded arrive only with the result.
    if ((!result.loadPoints.isEmpty() || !result.loadPlanOutcome.isEmpty() || result.maxRateFound >= 0)
        && !m_store->setLoadPlan(m_runId, result, &why))
        problems << why;
    if (!result.serverMetrics.isEmpty() && !m_store->addServerMetrics(m_runId, result.serverMetrics, &why))
        problems << why;
    // A run where no request succeeded is stored as failed, saying so (docs/metrics.md#outcomes).
    const Outcome outcome = runOutcome(result);
    const HistoryRunStatus status = outcome == Outcome::Cancelled ? HistoryRunStatus::Cancelled
        : outcome == Outcome::Failed                              ? HistoryRunStatus::Failed
                                                                  : HistoryRunStatus::Completed;
    const QString reason = outcome == Outcome::Failed ? runOutcomeText(result) : QString();
    if (!m_store->finishRun(m_runId, status, reason, &why))
        problems << why;
    endRun();
    return problems.isEmpty() || failed(problems.first(), error);
}

bool HistoryRecorder::fail(const QString &message, QString *error)
{
    if (m_runId < 0)
        return true;
    QString why;
    const bool stored = m_store->finishRun(m_runId, HistoryRunStatus::Failed, message, &why);
    endRun();
    return stored || failed(why, error);
}

void HistoryRecorder::endRun()
{
    m_runId = -1;
    m_levelsStored = 0;
    Q_EMIT runStored();
}

bool HistoryRecorder::failed(const QString &message, QString *error) const
{
    const QString path = m_store->path();
    *error = path.isEmpty()
        ? message
        : QStringLiteral("Cannot write the history %1: %2").arg(QDir::toNativeSeparators(path), message);
    return false;
}

} // namespace TokenScope
