// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QObject>

namespace TokenScope {

class HistoryStore;
class RunController;

/// Writes a run into a HistoryStore as RunController reports it: beginRun() before
/// RunController::start(), then the slots take requestFinished, levelFinished, runFinished and
/// runFailed (attach() connects them; RunSession calls them itself, to store before it passes a
/// signal on). Every request is committed when it arrives, so a crash
/// loses at most the requests still in flight.
///
/// Lives on the thread that owns the store (the GUI thread); RunController's signals already
/// arrive there queued. A write that fails emits storeFailed() once per run and recording goes on
/// (the measurement matters more than its history); the run then lacks those rows.
///
/// A cancelled run keeps the level that was under way: LoadRunner summarises it into
/// RunResult::levels without a levelFinished, and onRunFinished stores every level not stored yet.
///
/// Integration:
/// \code
///   auto *recorder = new HistoryRecorder(&m_history, this);
///   recorder->attach(m_controller);
///   connect(recorder, &HistoryRecorder::runStored, m_historyModel, &HistoryModel::reload);
///   // when the user presses Start:
///   recorder->beginRun(config);
///   m_controller->start(config);
///   // or, for an A/B run:
///   recorder->beginInterleavedRun(arms);
///   m_controller->startInterleaved(arms);
/// \endcode
class HistoryRecorder : public QObject
{
    Q_OBJECT
public:
    /// `store` must be open and outlive the recorder.
    explicit HistoryRecorder(HistoryStore *store, QObject *parent = nullptr);

    /// Connects the controller's run signals to the slots below.
    void attach(RunController *controller);

    /// Stores a new Running run for `config` (started now) and records into it from here on.
    /// Returns its id, or -1 (storeFailed is emitted too). A run still being recorded is first
    /// finished as Interrupted.
    qint64 beginRun(const RunConfig &config);
    /// The same for an A/B interleaved run (before RunController::startInterleaved(arms)): the
    /// run stores every arm's config, and each record and level its arm.
    qint64 beginInterleavedRun(const QList<RunConfig> &arms);

    qint64 currentRunId() const { return m_runId; } ///< -1 when no run is being recorded

public Q_SLOTS:
    void onRequestFinished(const TokenScope::RequestRecord &record);
    void onLevelFinished(const TokenScope::LevelSummary &summary);
    /// Stores levels not stored yet and the final status (Completed or Cancelled).
    void onRunFinished(const TokenScope::RunResult &result);
    /// Final status Failed, with `message` as the reason.
    void onRunFailed(const QString &message);

Q_SIGNALS:
    /// The run's final status is stored: the history list can reload.
    void runStored();
    /// A write failed (disk full, file locked, removed); `message` says which and why.
    void storeFailed(const QString &message);

private:
    qint64 beginStoredRun(const QList<RunConfig> &arms);
    void reportFailure(const QString &message);
    void endRun();

    HistoryStore *m_store;
    qint64 m_runId = -1;
    int m_levelsStored = 0;
    bool m_failureReported = false;
};

} // namespace TokenScope
