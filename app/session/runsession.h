// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/runconfig.h"
#include "core/runprogress.h"
#include "core/runresult.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QUrl>
#include <memory>
#include <optional>

namespace TokenScope {

class HistoryRecorder;
class HistoryStore;
class RunController;
class SimulatorServer;

/// The desktop's runs without a widget: starts and cancels them on a RunController (whose engine
/// thread does all network work), records each into the history store as it goes, names an A/B
/// run after its arms, keeps the session's finished runs, and runs the built-in simulator. The
/// window turns its signals into views; a test drives it directly.
///
/// Order of one run's signals: runStarted, then liveBatch/progress/requestFinished/levelFinished
/// as the engine reports them, then runFinished or runFailed exactly once. Each request and level
/// is in the history store before its signal is emitted; when runFinished arrives the run is in
/// runs() and its final status is stored (historyChanged was emitted just before).
class RunSession : public QObject
{
    Q_OBJECT
public:
    explicit RunSession(QObject *parent = nullptr);
    ~RunSession() override;

    /// Opens (or creates) the history file at `path` and marks a run a crash left "running" as
    /// interrupted. The reason when it cannot: the session then runs without history.
    QString openHistory(const QString &path);
    HistoryStore *history() const { return m_history.get(); } ///< null without history

    /// Starts `arms`: one config is an ordinary run, two an A/B interleaved run. False, with the
    /// reason, when a run is under way or an arm's settings are invalid (nothing starts then).
    bool start(const QList<RunConfig> &arms, QString *error);
    /// Asks the run under way to stop; runFinished (cancelled, with what it measured) follows.
    void cancel();
    bool isRunning() const;

    /// The arms of the run under way, or of the last one (empty before the first).
    const QList<RunConfig> &currentArms() const { return m_arms; }
    QDateTime currentStartedAt() const { return m_startedAt; }
    /// The run under way in the history store; -1 without history or when its row could not be written.
    qint64 currentHistoryId() const;

    /// Finished (or cancelled) runs of this session, oldest first.
    const QList<RunResult> &runs() const { return m_runs; }
    /// A run of the history store, loaded once and then kept; nullopt, with the reason, when it
    /// cannot be read.
    std::optional<RunResult> storedRun(qint64 id, QString *error);

    /// The built-in simulator's port when it is free: one URL that keeps working across sessions.
    static constexpr quint16 kSimulatorPort = 8765;
    /// Starts the built-in simulator on 127.0.0.1:kSimulatorPort, or on a free port when that one
    /// is taken (simulatorOnItsOwnPort() then says so), or stops it. It serves on its own threads.
    /// False, with the reason, when it cannot listen at all.
    bool setSimulatorRunning(bool running, QString *error);
    QUrl simulatorBaseUrl() const; ///< empty while it is not running
    bool simulatorOnItsOwnPort() const; ///< false when it had to fall back to another port
    /// What a run records as its endpoint instead of the simulator's URL (RunConfig::endpointLabel).
    QString simulatorEndpointLabel() const;

    RunController *controller() const { return m_controller; }

Q_SIGNALS:
    void runStarted(const QList<TokenScope::RunConfig> &arms);
    void liveBatch(const TokenScope::LiveBatch &batch);
    /// A level begins: every level, also those a sweep or a max-rate search chooses as it goes.
    void levelStarted(const TokenScope::LoadPoint &point);
    void progress(const TokenScope::RunProgress &progress);
    void requestFinished(const TokenScope::RequestRecord &record);
    void levelFinished(const TokenScope::LevelSummary &summary);
    /// The run ended with its measurements (completed, or cancelled with what it measured).
    void runFinished(const TokenScope::RunResult &result);
    /// The run could not go on (e.g. no request could be built); `message` says why.
    void runFailed(const QString &message);
    /// A run's final status was stored or a stored run renamed: a history list can reload.
    void historyChanged();
    /// A history write failed; recording goes on without it (once per run).
    void historyWriteFailed(const QString &message);

private:
    void onRequestFinished(const RequestRecord &record);
    void onLevelFinished(const LevelSummary &summary);
    void onRunFinished(const RunResult &result);
    void onRunFailed(const QString &message);

    RunController *m_controller;
    std::unique_ptr<HistoryStore> m_history;
    HistoryRecorder *m_recorder = nullptr;
    QHash<qint64, RunResult> m_storedRuns;
    std::unique_ptr<SimulatorServer> m_simulator;
    QList<RunResult> m_runs;
    QList<RunConfig> m_arms;
    QDateTime m_startedAt;
};

} // namespace TokenScope
