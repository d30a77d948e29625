// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runevents.h"
#include "core/runsink.h"

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QUrl>
#include <functional>
#include <memory>
#include <optional>

namespace TokenScope {

class HistoryRecorder;
class HistoryStore;
class RunController;
class SimulatorServer;

/// One orchestration of a run, for the window and the CLI alike: checks the arms (RunCheck),
/// starts and cancels the run on a RunController (whose engine thread does all network work),
/// hands every request, level and scrape to the run's sinks (the history store when one is
/// open, and the caller's: the CLI's run directories) before passing each RunEvents signal on,
/// names an A/B run after its arms, keeps the session's finished runs, and runs the built-in
/// simulator. The window turns its signals into views; the CLI prints them; a test drives it
/// directly.
///
/// Order of one run's signals: runStarted, then the RunEvents signals as the engine reports
/// them, then runFinished or runFailed exactly once. Each request and level is in every sink
/// before its signal is emitted; when runFinished arrives the run is in runs() and every sink
/// has finished (historyChanged was emitted just before).
class RunSession : public RunEvents
{
    Q_OBJECT
public:
    explicit RunSession(QObject *parent = nullptr);
    ~RunSession() override;

    /// Opens (or creates) the history file at `path` and marks a run a crash left "running" as
    /// interrupted. The reason when it cannot: the session then runs without history.
    QString openHistory(const QString &path);
    HistoryStore *history() const { return m_history.get(); } ///< null without history

    /// Starts `arms`: one config is an ordinary run, two an A/B interleaved run. `sinks` keep this
    /// run beside the history (each must outlive it; a sink's end is read from the sink itself).
    /// False, with the reason, when a run is under way, an arm's settings are invalid or a sink
    /// cannot begin (nothing starts then).
    bool start(const QList<RunConfig> &arms, QString *error, const QList<RunSink *> &sinks = {});

    /// The caller's sinks of one repeat (`repeatIndex` from 1); each must outlive that repeat.
    using RepeatSinks = std::function<QList<RunSink *>(int repeatIndex)>;
    /// The most repeats a series may have (docs/metrics.md#repeats).
    static constexpr int kMaxRepeats = 100;
    /// Runs `arms` `repeats` times back to back (docs/metrics.md#repeats): each repeat a complete
    /// run with its own warm-up, levels, sinks and history row (all rows of a series share a
    /// repeat group). Each repeat emits runStarted … runFinished as start() does, after
    /// repeatStarted; repeatsFinished follows the last one, or the first cancelled or failed one
    /// (cancel() stops the series and keeps the repeats that finished). start() is a series of one.
    /// False, with the reason, when the first repeat cannot start or `repeats` is out of range;
    /// a later repeat that cannot start ends the series with runFailed.
    bool startRepeated(const QList<RunConfig> &arms, int repeats, QString *error, const RepeatSinks &sinks = {});
    /// Why `arms` cannot be repeated `repeats` times, or empty: out of 1..kMaxRepeats; an A/B run
    /// (it already alternates both arms within each level); a sweep or a max-rate search (each run
    /// would choose its own rates from what it measured, so the repeats' levels would not match).
    static QString repeatProblem(const QList<RunConfig> &arms, int repeats);
    int repeatIndex() const { return m_repeat.index; } ///< the repeat under way or last (from 1)
    int repeatCount() const { return m_repeat.count; } ///< the repeats of that series
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

Q_SIGNALS:
    void runStarted(const QList<TokenScope::RunConfig> &arms);
    /// Before each repeat's runStarted: `index` from 1 of `count`.
    void repeatStarted(int index, int count);
    /// A series ended: the runs it measured, in order (a cancelled last one included), of the
    /// `count` asked; `stopped` when it was cancelled or failed before its last repeat ended.
    void repeatsFinished(const QList<TokenScope::RunResult> &runs, int count, bool stopped);
    /// A run's final status was stored or a stored run renamed: a history list can reload.
    void historyChanged();
    /// A history write failed; recording goes on without it (once per run).
    void historyWriteFailed(const QString &message);
    /// A write of one of start()'s sinks failed while the run went on; it goes on (once per run
    /// and sink). What a sink could not write at the end it keeps itself.
    void recordingFailed(const QString &message);

private:
    /// start()'s work for one run of a series.
    bool beginRun(const QList<RunConfig> &arms, QString *error, const QList<RunSink *> &sinks);
    /// Starts the series' next repeat; false, with the reason, when it cannot.
    bool startNextRepeat(QString *error);
    /// Stores the run under way's place in its series in the history (a series of more than one).
    void markRepeatInHistory();
    /// After a run of a series ended: the next repeat, or repeatsFinished.
    void continueRepeats(const std::optional<RunResult> &finished);
    /// Hands one event to every sink; the first failure of each sink in a run is reported.
    template <typename Write> void record(Write write);
    void reportSinkFailure(qsizetype sinkIndex, const QString &message);
    /// Ends the run in every sink (finish or fail) and forgets them.
    template <typename End> void endRun(End end);
    void onRequestFinished(const RequestRecord &record);
    void onServerMetricsSampled(const ServerMetricsSample &sample);
    void onLevelFinished(const LevelSummary &summary);
    void onRunFinished(const RunResult &result);
    void onRunFailed(const QString &message);

    RunController *m_controller;
    std::unique_ptr<HistoryStore> m_history;
    HistoryRecorder *m_recorder = nullptr;
    QList<RunSink *> m_sinks; ///< the run's: the history recorder first when there is one
    QList<bool> m_sinkFailed; ///< per sink: a failure of this run was reported
    QHash<qint64, RunResult> m_storedRuns;
    std::unique_ptr<SimulatorServer> m_simulator;
    QList<RunResult> m_runs;
    QList<RunConfig> m_arms;
    QDateTime m_startedAt;
    struct Repeat
    {
        QList<RunConfig> arms;
        RepeatSinks sinks;
        int index = 0; ///< from 1; 0 before the first series
        int count = 0;
        bool stopRequested = false;
        qint64 historyGroup = -1; ///< the first repeat's history id
        QList<RunResult> runs;
    } m_repeat;
};

} // namespace TokenScope
