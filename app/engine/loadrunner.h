// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/processcpu.h"
#include "core/runevents.h"
#include "core/secrets.h"
#include "engine/conversationbook.h"
#include "load/arrivalschedule.h"
#include "load/loadplan.h"
#include "workload/calibration.h"

#include <QElapsedTimer>
#include <QList>
#include <QNetworkRequest>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

namespace TokenScope {

class LagProbe;
struct Trace;
class ServerMetricsMonitor;
class Transport;

/// Runs a run's levels (docs/methodology.md#6-closed-loop-concurrency, docs/metrics.md#open-loop-arrivals):
/// warm-up, then each level its LoadPlan chooses. Closed loop: c users that each send their next
/// request as soon as the previous one finishes. Open loop: sends fired at the absolute times of a
/// precomputed schedule on a precise timer, at most the cap in flight (a request due while the cap
/// is full waits, and records the wait). A level ends when its count is issued and done, or, with a
/// duration, when the duration and then the grace period are over (what is still in flight is then
/// recorded as incomplete). Lives on a worker thread (see RunController); its slots must be invoked there.
/// Its signals are RunEvents'.
class LoadRunner : public RunEvents
{
    Q_OBJECT
public:
    explicit LoadRunner(QObject *parent = nullptr);
    ~LoadRunner() override;

    bool isRunning() const { return m_running; }

public Q_SLOTS:
    void start(const TokenScope::RunConfig &config);
    /// An A/B interleaved run: the arms' requests alternate one by one (A, B, A, B, …) under the
    /// levels, counts and warm-up of arms[0]; `concurrency` counts requests in flight over all arms,
    /// and each arm gets the level's request count and its own warm-ups. Each record and level
    /// summary names its arm, so drift in the network or the provider hits every arm alike.
    void startInterleaved(const QList<TokenScope::RunConfig> &arms);
    /// Stops at once; every finished request is kept and the run ends with runFinished(cancelled).
    void cancel();

private:
    /// What one arm sends: its request and body, built once per run.
    struct Arm
    {
        RunConfig config;
        QNetworkRequest request;
        std::shared_ptr<const PromptSource> prompts;
        QString bodyPromptId; ///< the prompt `body` was built for: a fixed prompt is built once
        int bodyMaxTokens = 0; ///< and its max_tokens (a spread gives the same prompt several)
        QByteArray body;
        bool http2 = false;
        ProxyMode proxyMode = ProxyMode::None;
        QString proxyUrl;
        /// This arm's transport: its own HTTP/2 and proxy settings and its own connections, so a
        /// preconnect retry that replaces a manager never drops another arm's (another origin's).
        Transport *transport = nullptr;
        std::shared_ptr<const Trace> trace; ///< LoadMode::Trace: the trace, read before the calibration
        /// Conversation::turnInputTokens: the new user messages of later turns; null: `prompts`
        std::shared_ptr<const PromptSource> turnPrompts;
    };
    class InFlight; ///< one request under way: its plan, its measurement, its transport's id

    void flushLiveBatch();
    void startServerMetrics();
    void onServerMetricsSampled(const ServerMetricsSample &sample);
    void finishServerMetrics(); ///< stops the scraper, with the run
    void preconnectNextArm();
    /// Appends the level's summary of each arm to the result; `announce` emits levelFinished too.
    void summarizeLevel(bool announce);
    void replaceTransports();
    /// Sources for every arm that needs no calibration; false (and runFailed) when one cannot be made.
    bool makePromptSources();
    /// Synthetic prompts: probes, one at a time, for each arm in turn, before the warm-up.
    void startCalibration();
    void issueProbe();
    void onProbeFinished(const RequestRecord &record);
    void startWarmup();
    void startLevel(const LoadPoint &point);
    /// A trace's level: each entry due at the time the trace gives (docs/methodology.md#trace-replay).
    QList<Schedule::Send> traceSchedule() const;
    void beginLevelRequests();
    /// What a request is to the schedule: when it was due (run-relative ns; kNever closed loop),
    /// how long it waited for the cap, and whether it belongs to the ramp-up.
    struct Due
    {
        qint64 scheduledNs = RequestRecord::kNever;
        qint64 capWaitNs = 0;
        bool rampUp = false;
    };
    void issue(int slot) { issue(slot, Due {}); }
    void issue(int slot, const Due &due);
    void onRequestFinished(InFlight *request);
    // Conversations (docs/methodology.md#conversations).
    bool conversing() const { return m_config.conversation.isOn() || sessionTrace(); }
    /// The trace replayed, when its entries form conversations (`session_id`); else null.
    const Trace *sessionTrace() const;
    /// The prompt source's index of a request (the issue order; in a trace of conversations, the
    /// entry of the turn user `slot` sends next) and, for a conversation's first turn, its length
    /// (0: the spec's).
    QPair<int, int> promptIndexAndTurns(int slot, int issueIndex) const;
    /// This level's requests go out on a schedule (an open-loop rate or a trace), not as users finish.
    bool scheduled() const { return !inWarmup() && m_point.isOpenLoop() && !m_schedule.isEmpty(); }
    /// A conversation's turn ended: its next turn after the think time; else a closed-loop user
    /// begins a new conversation, and a scheduled one frees its place.
    void continueConversation(int slot, const InFlight &request, bool mayGoOn);
    // Open loop.
    void sendDue(); ///< sends every request now due, then sets the timer for the next one
    void armSendTimer();
    bool capFull() const;
    int freeSlot();
    void issueScheduled(int scheduleIndex, qint64 capWaitNs);
    void sendFromCapQueue();
    // Duration bound.
    void onLevelDeadline();
    void onGraceOver();
    void recordNotSent(int scheduleIndex, qint64 atNs);
    bool levelDone() const;
    void finishLevel();
    void finishRun(bool cancelled);
    bool checkPrecision();
    void stopSchedule();
    std::optional<double> precisionOfArm(int arm) const;
    LevelStop levelStop(int arm, bool cancelled) const;
    // Measurement quality (docs/metrics.md#measurement-quality).
    void startMeasurementProbes();
    MeasurementQuality levelMeasurement();
    void emitProgress();
    int currentConcurrency() const;
    bool inWarmup() const { return m_levelIndex < 0; }
    bool calibrating() const { return m_levelIndex == kCalibrationLevel; }
    static constexpr int kCalibrationLevel = -2;
    int expectedLevelCount() const;

    RunConfig m_config;
    Secrets m_secrets; ///< every arm's: redacted from each record and scrape before it leaves the engine
    std::optional<LoadPlan> m_plan;
    std::optional<PromptCalibrator> m_calibrator;
    int m_calibratingArm = -1;
    LoadPoint m_point; ///< the level under way
    // Open loop: the level's schedule, the next send, and the sends due while the cap was full
    // (schedule index, when they were found due).
    QList<Schedule::Send> m_schedule;
    int m_nextSend = 0;
    QList<QPair<int, qint64>> m_capQueue;
    QList<int> m_freeSlots; ///< open loop: transport slots carrying no request, longest free first
    int m_slotCount = 0; ///< open loop: slots handed out so far (the next new one's number)
    qint64 m_levelStartNs = 0;
    qint64 m_measuredStartNs = 0; ///< when the first measured level began; 0 before it
    bool m_precise = false; ///< the level's figure is known within the target: it sends nothing more
    int m_nextPrecisionCheck = 0; ///< finished requests at the next precision checkpoint
    double m_levelCpuStartS = -1; ///< clientCpuSeconds() when the level began sending
    MachineCpuTimes m_levelMachineStart; ///< and the machine's
    LagProbe *m_lagProbe = nullptr; ///< the engine thread's 1 ms lag probe, a child
    bool m_pastDeadline = false; ///< a duration-bounded level's duration is over: nothing more is sent
    QTimer m_sendTimer;
    QTimer m_deadlineTimer;
    QTimer m_graceTimer;
    RunResult m_result;
    QList<Arm> m_arms;
    QList<int> m_preconnectQueue; ///< arms whose connections are still to open before the level
    QList<InFlight *> m_inFlight; ///< owned
    void abortInFlight();
    /// A request reached RunConfig::requestDeadlineMs: aborted and recorded as `deadline`.
    void onRequestDeadline(InFlight *request);
    qint64 m_runStartNs = 0;
    int m_levelIndex = -1;
    int m_issued = 0;
    int m_finished = 0;
    int m_failed = 0;
    int m_total = 0;
    ConversationBook m_conversations; ///< the level's closed-loop users' conversations
    int m_levelGeneration
        = 0; ///< bumped when a level (or the warm-up) begins or the run ends: late think timers see it
    bool m_running = false;
    LiveBatch m_live;
    QTimer m_liveTimer;
    std::unique_ptr<ServerMetricsMonitor> m_serverMetrics;
    quint64 m_serverMetricsRun = 0; ///< bumped when a scraper starts or stops: older samples are dropped
};

} // namespace TokenScope
