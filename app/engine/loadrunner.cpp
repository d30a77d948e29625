// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadrunner.h"

#include "core/clock.h"
#include "engine/lagprobe.h"
#include "engine/runcheck.h"
#include "net/curltransport.h"
#include "net/endpointurl.h"
#include "net/qnamtransport.h"
#include "net/requestbuilder.h"
#include "net/streammeasurement.h"
#include "servermetrics/metricsscraper.h"
#include "servermetrics/serverlevel.h"
#include "stats/measurementcheck.h"
#include "stats/precision.h"
#include "stats/statistics.h"
#include "workload/trace.h"
#include "workload/workloadsource.h"

#include <QPointer>

#include <chrono>
#include <cmath>
#include <functional>
#include <memory>

namespace TokenScope {

namespace {
constexpr int kLiveBatchIntervalMs = 33; // ~30 batches a second: smooth for a view, cheap for the engine
// While requests are in flight and nothing arrives (every stream stalled), an empty batch at least
// this often moves the views' "now", so a stall shows as bars growing, not as a frozen picture.
constexpr qint64 kLiveHeartbeatNs = 250'000'000;

// Calls `fn` on `context`'s thread at the monotonic time `dueNs`, never before it. Qt's precise
// timer counts whole milliseconds: it is set for the last whole one before the time, and the
// remainder runs on the event loop (timers of 0 ms), as the open-loop send timer does, so `fn`
// runs within a few tens of microseconds of its time while the thread is not busy.
void callAt(QObject *context, qint64 dueNs, std::function<void()> fn)
{
    const qint64 remainingMs = std::max<qint64>(0, (dueNs - nowNs()) / 1'000'000);
    QTimer::singleShot(std::chrono::milliseconds(remainingMs), Qt::PreciseTimer, context,
        [context, dueNs, fn = std::move(fn)]() mutable {
            if (nowNs() < dueNs)
                callAt(context, dueNs, std::move(fn));
            else
                fn();
        });
}
} // namespace

/// Where a request's events go on their way into its record: its StreamMeasurement, then, when it
/// has finished, back to the runner.
class LoadRunner::InFlight : public TransportSink
{
public:
    struct Plan
    {
        int levelIndex = 0; ///< the level's load point index; -1 for a warm-up
        int level = 0; ///< the level's concurrency
        int index = 0;
        bool warmup = false;
        bool probe = false; ///< a calibration probe (levelIndex -2)
        int slot = 0; ///< the closed-loop user that issued it; open loop, the transport slot it holds
        int arm = 0; ///< the endpoint of an A/B interleaved run
        Due due; ///< open loop: its place in the schedule
        int session = -1; ///< its conversation (-1: none) and turn
        int turn = 0;
    };

    InFlight(LoadRunner *runner, const Plan &plan, const Prompt &prompt, int maxTokens, const QUrl &url,
        const ApiDialect &dialect, LiveBatch *live)
        : m_runner(runner)
        , m_plan(plan)
        , m_measurement(url, dialect)
        , m_live(live)
    {
        RequestRecord &r = m_measurement.record();
        r.levelIndex = plan.levelIndex;
        r.level = plan.level;
        r.index = plan.index;
        r.warmup = plan.warmup;
        r.arm = plan.arm;
        r.probe = plan.probe;
        r.promptId = prompt.id;
        r.targetInputTokens = prompt.targetInputTokens;
        r.maxTokens = maxTokens;
        r.scheduledNs = plan.due.scheduledNs;
        r.capWaitNs = plan.due.capWaitNs;
        r.rampUp = plan.due.rampUp;
        r.session = plan.session;
        r.turn = plan.turn;
        m_measurement.setLiveBatch(live);
        if (plan.session >= 0)
            m_measurement.keepAnswer(kMaxAnswerChars); // sent back with the conversation's next turn
    }
    ~InFlight() override
    {
        // deleteLater: the request may end inside its own deadline timer's timeout().
        if (m_deadline) {
            m_deadline->stop();
            m_deadline->deleteLater();
        }
    }
    InFlight(const InFlight &) = delete;
    InFlight &operator=(const InFlight &) = delete;

    const Plan &plan() const { return m_plan; }
    const RequestRecord &record() const { return m_measurement.record(); }
    const QString &answer() const { return m_measurement.answer(); }
    QPointer<Transport> transport; ///< the one that carries it
    quint64 id = 0; ///< its transport's

    void started(qint64 tStartNs) override
    {
        m_started = true;
        RequestRecord &r = m_measurement.record();
        r.tStartNs = tStartNs;
        r.startNs = tStartNs - m_runner->m_runStartNs;
        m_live->started.append({ r.levelIndex, r.level, r.index, r.warmup, r.startNs, r.arm });
        // The overall limit from the send (docs/metrics.md#request-deadline): unlike the transfer
        // timeout, no byte the server sends (an SSE comment, say) moves it.
        const int deadlineMs = m_runner->m_arms.at(m_plan.arm).config.requestDeadlineMs;
        if (deadlineMs > 0) {
            m_deadline = new QTimer; // on the engine thread, as this request; deleted with it
            m_deadline->setSingleShot(true);
            m_deadline->setTimerType(Qt::PreciseTimer);
            QObject::connect(m_deadline, &QTimer::timeout, m_deadline, [this] { m_runner->onRequestDeadline(this); });
            m_deadline->start(deadlineMs);
        }
    }
    void connectStarted(qint64 tNs) override { m_measurement.connectStarted(tNs); }
    void tlsDone(qint64 tNs) override { m_measurement.tlsDone(tNs); }
    void requestSent(qint64 tNs) override { m_measurement.requestSent(tNs); }
    void headers(qint64 tNs, const ResponseHead &head) override
    {
        m_measurement.headers(tNs, head);
        // A body that will not be measured (compressed, headers past the limit) is not read either.
        if (const QString refusal = m_measurement.refusal(); !refusal.isEmpty() && transport) {
            transport->abort(id);
            cutShort(FailureKind::Protocol, refusal);
        }
    }
    void body(qint64 tNs, const QByteArray &bytes) override { m_measurement.body(tNs, bytes); }
    void finished(qint64 tNs, const Failure::Description &failure) override
    {
        m_measurement.finish(tNs, failure);
        m_runner->onRequestFinished(this); // last: it deletes this
    }
    /// Stops it where it is, as `kind` (its transport has been told to abort), and hands it back.
    void cutShort(FailureKind kind, const QString &message)
    {
        if (!m_started)
            started(nowNs()); // stopped before its transport had sent it (the curl transport starts on its worker)
        finished(nowNs() - m_measurement.record().tStartNs, { kind, message });
    }

private:
    /// The most of an answer a conversation sends back (characters): past it the history is cut.
    static constexpr qsizetype kMaxAnswerChars = 4 * 1024 * 1024;
    LoadRunner *m_runner;
    Plan m_plan;
    StreamMeasurement m_measurement;
    LiveBatch *m_live;
    QTimer *m_deadline = nullptr; ///< RunConfig::requestDeadlineMs after the send; none when 0
    bool m_started = false; ///< its transport has called started()
};

LoadRunner::LoadRunner(QObject *parent)
    : RunEvents(parent)
    , m_liveTimer(this) // a child, so moveToThread() takes it along to the engine thread
{
    m_lagProbe = new LagProbe(this); // a child too
    m_liveTimer.setInterval(kLiveBatchIntervalMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &LoadRunner::flushLiveBatch);
    for (QTimer *timer : { &m_sendTimer, &m_deadlineTimer, &m_graceTimer }) {
        timer->setParent(this);
        timer->setSingleShot(true);
        timer->setTimerType(Qt::PreciseTimer);
    }
    connect(&m_sendTimer, &QTimer::timeout, this, &LoadRunner::sendDue);
    connect(&m_deadlineTimer, &QTimer::timeout, this, &LoadRunner::onLevelDeadline);
    connect(&m_graceTimer, &QTimer::timeout, this, &LoadRunner::onGraceOver);
}

void LoadRunner::flushLiveBatch()
{
    const qint64 sinceStartNs = nowNs() - m_runStartNs;
    const bool heartbeatDue = !m_inFlight.isEmpty() && sinceStartNs - m_live.sentNs >= kLiveHeartbeatNs;
    if (m_live.isEmpty() && !heartbeatDue)
        return;
    m_live.inFlight = int(m_inFlight.size());
    m_live.sentNs = sinceStartNs;
    Q_EMIT liveBatch(m_live);
    m_live = LiveBatch {};
    m_live.sentNs = sinceStartNs; // when the last batch went: the next heartbeat counts from it
}

LoadRunner::~LoadRunner()
{
    abortInFlight();
}

void LoadRunner::abortInFlight()
{
    const QList<InFlight *> inFlight = std::exchange(m_inFlight, {});
    for (InFlight *request : inFlight) {
        if (request->transport)
            request->transport->abort(request->id);
        delete request;
    }
}

void LoadRunner::start(const RunConfig &config)
{
    startInterleaved({ config });
}

void LoadRunner::startInterleaved(const QList<RunConfig> &arms)
{
    if (m_running) {
        Q_EMIT runFailed(QStringLiteral("A run is already in progress."));
        return;
    }
    if (const QString problem = RunCheck::runProblem(arms); !problem.isEmpty()) {
        Q_EMIT runFailed(problem);
        return;
    }
    for (const Arm &arm : std::as_const(m_arms)) {
        if (arm.transport) { // the previous run's: a preconnect it still finishes must not step this run
            arm.transport->disconnect(this);
            arm.transport->deleteLater();
        }
    }
    m_arms.clear();
    m_preconnectQueue.clear();
    for (qsizetype i = 0; i < arms.size(); ++i) {
        RunConfig arm = arms.at(i);
        if (i > 0)
            arm.serverMetricsUrl.clear(); // a run scrapes arm A's metrics URL only
        m_arms.append({ arm, RequestBuilder::networkRequest(arm, resolveEndpoint(arm.baseUrl, arm.api).url), nullptr,
            {}, 0, {}, arm.http2, arm.proxyMode, arm.proxyUrl, nullptr, nullptr, nullptr });
    }
    m_config = arms.first();
    m_secrets = Secrets::of(arms);
    if (!makePromptSources())
        return;
    m_plan.emplace(m_config);
    m_result = RunResult {};
    m_result.config = m_arms.first().config;
    if (arms.size() > 1) {
        for (const Arm &arm : std::as_const(m_arms))
            m_result.arms.append(arm.config);
    }
    m_result.startedAt = QDateTime::currentDateTime();
    replaceTransports();
    m_running = true;
    m_runStartNs = nowNs();
    m_measuredStartNs = 0;
    m_live = LiveBatch {};
    m_liveTimer.start();
    startServerMetrics();
    startCalibration();
}

bool LoadRunner::makePromptSources()
{
    for (qsizetype i = 0; i < m_arms.size(); ++i) {
        Arm &arm = m_arms[i];
        if (Workloads::needsCalibration(arm.config))
            continue;
        QStringList problems;
        QJsonObject loaded;
        if (arm.config.loadMode == LoadMode::Trace) {
            arm.trace = Workloads::loadTrace(arm.config, &problems);
            if (arm.trace && arm.trace->needsCalibration())
                continue; // its prompts are made once the calibration has found the words per block
            if (arm.trace) {
                arm.prompts = Workloads::makeTraceSource(arm.config, arm.trace, {});
                loaded = arm.prompts->spec();
            }
        } else {
            arm.prompts = Workloads::makeSource(arm.config, &problems, &loaded);
        }
        if (!arm.prompts) {
            const QString problem = problems.join(u'\n');
            Q_EMIT runFailed(
                m_arms.size() > 1 ? QStringLiteral("Endpoint %1: %2").arg(armLetter(i), problem) : problem);
            return false;
        }
        if (!loaded.isEmpty())
            arm.config.workload.measured.insert(QStringLiteral("source"), loaded);
    }
    return true;
}

void LoadRunner::startCalibration()
{
    m_calibratingArm = -1;
    for (qsizetype i = 0; i < m_arms.size() && m_calibratingArm < 0; ++i) {
        if (!m_arms.at(i).prompts)
            m_calibratingArm = int(i);
    }
    if (m_calibratingArm < 0) {
        m_calibrator.reset();
        m_levelIndex = -1;
        startWarmup();
        return;
    }
    m_levelIndex = kCalibrationLevel;
    m_issued = m_finished = m_failed = 0;
    m_total = 0;
    const Arm &arm = m_arms.at(m_calibratingArm);
    m_calibrator.emplace(
        arm.trace ? arm.trace->calibrationWorkload(arm.config.trace.blockTokens) : arm.config.workload);
    arm.transport->reserve(1);
    issueProbe();
}

void LoadRunner::issueProbe()
{
    Arm &arm = m_arms[m_calibratingArm];
    const std::optional<Prompt> probe = m_calibrator->nextProbe();
    if (!probe) {
        arm.config.workload.measured.insert(QStringLiteral("calibration"), m_calibrator->report());
        if (m_calibrator->failed()) {
            m_running = false;
            m_liveTimer.stop();
            finishServerMetrics();
            const QString problem = m_calibrator->error();
            Q_EMIT runFailed(m_arms.size() > 1
                    ? QStringLiteral("Endpoint %1: %2").arg(armLetter(m_calibratingArm), problem)
                    : problem);
            return;
        }
        arm.prompts = arm.trace ? Workloads::makeTraceSource(arm.config, arm.trace, m_calibrator->fit())
                                : Workloads::makeSyntheticSource(arm.config, m_calibrator->fit());
        if (arm.config.conversation.isOn() && arm.config.conversation.turnInputTokens > 0) {
            RunConfig turns = arm.config; // the same calibration, the later turns' length
            turns.workload.inputTokens = arm.config.conversation.turnInputTokens;
            turns.seed = arm.config.seed ^ 0x7475726eU; // "turn": other words than the first turns'
            arm.turnPrompts = Workloads::makeSyntheticSource(turns, m_calibrator->fit());
        }
        arm.config.workload.measured.insert(QStringLiteral("source"), arm.prompts->spec());
        if (m_calibratingArm == 0)
            m_result.config = arm.config;
        if (m_result.arms.size() > m_calibratingArm)
            m_result.arms[m_calibratingArm] = arm.config;
        startCalibration();
        return;
    }
    InFlight::Plan plan;
    plan.levelIndex = kCalibrationLevel;
    plan.level = 1;
    plan.index = m_issued++;
    plan.warmup = true;
    plan.probe = true;
    plan.arm = m_calibratingArm;
    m_total = m_issued;
    auto *request
        = new InFlight(this, plan, *probe, probe->maxTokens, arm.request.url(), apiDialect(arm.config.api), &m_live);
    m_inFlight.append(request);
    request->transport = arm.transport;
    request->id = arm.transport->open(0, RequestBuilder::body(arm.config, *probe), request);
    emitProgress();
}

void LoadRunner::onProbeFinished(const RequestRecord &record)
{
    if (record.ok)
        m_calibrator->answered(record.promptTokens);
    else
        m_calibrator->probeFailed(record.errorMessage.isEmpty() ? record.errorKind : record.errorMessage);
    issueProbe();
}

void LoadRunner::replaceTransports()
{
    // Qt answers a preconnect from an idle kept-alive connection instead of opening a new one, so
    // a level preconnects reliably only on managers with no connections yet: each level (and the
    // warm-up) gets fresh transports, and the previous ones close their connections.
    for (Arm &arm : m_arms) {
        if (arm.transport) {
            arm.transport->disconnect(this);
            arm.transport->deleteLater();
        }
        if (arm.config.transport == u"curl")
            arm.transport = new CurlTransport(arm.config, arm.request, this);
        else
            arm.transport = new QnamTransport(arm.request, arm.http2, arm.proxyMode, arm.proxyUrl, this);
        arm.transport->setConnectionPerUser(conversing()); // a conversation stays on its connection
        connect(arm.transport, &Transport::prepared, this, &LoadRunner::preconnectNextArm);
    }
}

void LoadRunner::startWarmup()
{
    m_total = m_config.warmupRequests * int(m_arms.size()); // every arm gets its own warm-ups
    m_issued = m_finished = m_failed = 0;
    ++m_levelGeneration;
    if (conversing()) { // a warm-up is a whole conversation
        m_conversations.reset(m_config.conversation, m_config.warmupRequests, m_config.seed);
        m_total *= m_config.conversation.turns;
    }
    if (m_total == 0) {
        m_levelIndex = 0;
        startLevel(m_plan->first());
        return;
    }
    for (const Arm &arm : std::as_const(m_arms))
        arm.transport->reserve(1);
    issue(0); // warm-ups go one after another on the first connection
}

int LoadRunner::currentConcurrency() const
{
    return inWarmup() ? 1 : m_point.concurrency;
}

int LoadRunner::expectedLevelCount() const
{
    switch (m_config.loadMode) {
    case LoadMode::Sweep:
        return 2 + std::max(1, m_config.sweepRates);
    case LoadMode::FindMaxRate:
        return 1 + std::max(1, m_config.maxRateProbes);
    case LoadMode::Concurrency:
    case LoadMode::Rates:
    case LoadMode::Trace:
        break;
    }
    return int(m_config.loadPoints().size());
}

void LoadRunner::startLevel(const LoadPoint &point)
{
    m_point = point;
    m_point.index = m_levelIndex;
    if (m_point.arrival == Arrival::Trace)
        m_point.rate = m_arms.first().trace->meanRate(); // what the level asks, for its summary
    m_result.loadPoints.append(m_point);
    m_issued = m_finished = m_failed = 0;
    m_precise = false;
    m_nextPrecisionCheck = 0;
    m_schedule.clear();
    m_nextSend = 0;
    m_capQueue.clear();
    m_freeSlots.clear();
    m_slotCount = 0;
    m_pastDeadline = false;
    const bool byCount = m_config.durationS <= 0;
    if (m_point.arrival == Arrival::Trace) {
        m_schedule = traceSchedule();
        m_total = int(m_schedule.size());
    } else if (m_point.isOpenLoop() && !(m_point.allAtOnce() && !byCount)) {
        // Precomputed before the level starts; each level of a run has its own seed.
        const Schedule::Bounds bounds { m_config.requestsForPoint(m_point) * int(m_arms.size()), m_config.durationS,
            m_point.allAtOnce() ? 0 : m_config.rampUpS };
        m_schedule = Schedule::arrivals(m_point, bounds, m_config.seed + quint32(m_levelIndex));
        m_total = int(m_schedule.size());
    } else {
        m_total = byCount ? m_config.requestsForPoint(m_point) * int(m_arms.size()) : 0; // 0: until the deadline
    }
    ++m_levelGeneration;
    if (conversing()) { // the level's requests are conversations, each of every turn
        m_conversations.reset(m_config.conversation, m_total, m_config.seed + quint32(m_levelIndex));
        m_total = sessionTrace() ? int(sessionTrace()->entries.size()) : m_total * m_config.conversation.turns;
    }
    Q_EMIT levelStarted(m_point);
    replaceTransports();
    m_preconnectQueue.clear();
    if (m_config.preconnect) {
        // Arms are preconnected in turn. Each may have all of the level's requests in flight at
        // once (a slow arm's requests pile up while the fast one's end), so each opens them all.
        for (int arm = 0; arm < m_arms.size(); ++arm)
            m_preconnectQueue.append(arm);
    }
    preconnectNextArm();
}

QList<Schedule::Send> LoadRunner::traceSchedule() const
{
    // Every arm's request of an entry is due at the entry's time (A, B, … in turn).
    QList<Schedule::Send> sends;
    for (qint64 atNs : m_arms.first().prompts->sendTimesNs()) {
        for (qsizetype arm = 0; arm < m_arms.size(); ++arm)
            sends.append({ atNs, false });
    }
    return sends;
}

/// Connections a level opens before it starts: one per user (closed loop) or per place under the
/// cap; an uncapped rate about two seconds' worth of its requests, at most 256 (more open during
/// the level if it needs them, and count in connections_opened). Never more than it sends.
static int streamsToPrepare(const LoadPoint &point, int total)
{
    constexpr int kMostForAnUncappedRate = 256;
    int streams = point.concurrency;
    if (point.isOpenLoop() && point.concurrency <= 0)
        streams = point.allAtOnce() ? total : int(std::min<double>(kMostForAnUncappedRate, std::ceil(point.rate * 2)));
    return std::max(1, total > 0 ? std::min(streams, total) : streams);
}

void LoadRunner::preconnectNextArm()
{
    if (m_preconnectQueue.isEmpty()) {
        beginLevelRequests();
        return;
    }
    const Arm &arm = m_arms.at(m_preconnectQueue.takeFirst());
    arm.transport->prepare(inWarmup() ? 1 : streamsToPrepare(m_point, m_total));
}

void LoadRunner::beginLevelRequests()
{
    if (!m_running)
        return;
    m_levelStartNs = nowNs();
    if (!inWarmup() && m_measuredStartNs == 0)
        m_measuredStartNs = m_levelStartNs;
    startMeasurementProbes();
    if (m_config.durationS > 0) {
        const double rampS = m_point.isOpenLoop() && !m_point.allAtOnce() ? m_config.rampUpS : 0;
        m_deadlineTimer.start(std::chrono::milliseconds(qint64(std::llround((m_config.durationS + rampS) * 1000))));
    }
    if (m_point.isOpenLoop() && !m_schedule.isEmpty()) {
        m_slotCount = streamsToPrepare(m_point, m_total); // the slots preconnected, handed out in turn
        for (int slot = 0; slot < m_slotCount; ++slot)
            m_freeSlots.append(slot);
        sendDue();
    } else {
        // Closed loop, or all at once until the deadline: every user (every place under the cap) sends.
        const int users = m_point.concurrency > 0 ? m_point.concurrency : m_total;
        for (const Arm &arm : std::as_const(m_arms))
            arm.transport->reserve(users);
        for (int slot = 0;
             slot < users && (conversing() ? m_conversations.mayBegin() : m_total == 0 || m_issued < m_total); ++slot)
            issue(slot);
    }
    emitProgress();
}

void LoadRunner::issue(int slot, const Due &due)
{
    InFlight::Plan plan;
    plan.levelIndex = inWarmup() ? -1 : m_levelIndex;
    plan.level = currentConcurrency();
    // A, B, A, B, … in the order the requests go out; the index stays the level's issue order, so
    // index % arms == arm and live views keep one row per request.
    plan.arm = int(m_issued % m_arms.size());
    plan.index = m_issued++;
    plan.warmup = inWarmup();
    plan.slot = slot;
    plan.due = due;
    Arm &arm = m_arms[plan.arm];
    const bool laterTurn = conversing() && m_conversations.inConversation(slot) && arm.turnPrompts;
    const auto [promptIndex, turns] = promptIndexAndTurns(slot, plan.index);
    Prompt prompt = (laterTurn ? arm.turnPrompts : arm.prompts)->next(plan.levelIndex, promptIndex, plan.arm);
    if (conversing()) {
        const ConversationBook::Turn turn = m_conversations.next(slot, prompt, turns);
        prompt = turn.prompt;
        plan.session = turn.session;
        plan.turn = turn.turn;
    }
    const int maxTokens = prompt.maxTokens > 0 ? prompt.maxTokens : arm.config.maxTokens;
    if (prompt.id != arm.bodyPromptId || maxTokens != arm.bodyMaxTokens || conversing()) {
        arm.body = RequestBuilder::body(arm.config, prompt);
        arm.bodyPromptId = prompt.id;
        arm.bodyMaxTokens = maxTokens;
    }
    auto *request = new InFlight(this, plan, prompt, maxTokens, arm.request.url(), apiDialect(arm.config.api), &m_live);
    m_inFlight.append(request);
    request->transport = arm.transport;
    request->id = arm.transport->open(slot, arm.body, request);
}

void LoadRunner::sendDue()
{
    if (!m_running || m_pastDeadline)
        return;
    const qint64 now = nowNs();
    const int before = m_nextSend;
    while (m_nextSend < m_schedule.size() && m_levelStartNs + m_schedule.at(m_nextSend).atNs <= now) {
        if (capFull())
            m_capQueue.append({ m_nextSend, now });
        else
            issueScheduled(m_nextSend, 0);
        ++m_nextSend;
    }
    armSendTimer();
    if (m_nextSend > before)
        emitProgress();
}

void LoadRunner::armSendTimer()
{
    if (m_nextSend >= m_schedule.size())
        return;
    // Against the absolute time the schedule gives, never relative to the last send (which would
    // drift); whole milliseconds on the timer, the remainder on the event loop, as in callAt() (a
    // timer of its own, so that the end of a level stops it).
    const qint64 remainingNs = m_levelStartNs + m_schedule.at(m_nextSend).atNs - nowNs();
    m_sendTimer.start(std::chrono::milliseconds(std::max<qint64>(0, remainingNs / 1'000'000)));
}

bool LoadRunner::capFull() const
{
    // A conversation holds its place from its first turn to its last, think time included: the cap
    // is on conversations at once, as concurrency is in a closed loop.
    const qsizetype busy = conversing() ? m_slotCount - m_freeSlots.size() : m_inFlight.size();
    return m_point.concurrency > 0 && busy >= m_point.concurrency;
}

int LoadRunner::freeSlot()
{
    // The slot free the longest: the connection of a request that has only just ended may not be
    // back in Qt's pool yet, and a request sent on it would wait in the client for another one.
    if (!m_freeSlots.isEmpty())
        return m_freeSlots.takeFirst();
    return m_slotCount++;
}

void LoadRunner::issueScheduled(int scheduleIndex, qint64 capWaitNs)
{
    const Schedule::Send &send = m_schedule.at(scheduleIndex);
    Due due;
    due.scheduledNs = m_levelStartNs - m_runStartNs + send.atNs;
    due.capWaitNs = capWaitNs;
    due.rampUp = send.rampUp;
    issue(freeSlot(), due);
}

void LoadRunner::sendFromCapQueue()
{
    while (!m_capQueue.isEmpty() && !capFull() && !m_pastDeadline) {
        const auto [scheduleIndex, foundDueNs] = m_capQueue.takeFirst();
        issueScheduled(scheduleIndex, nowNs() - foundDueNs);
    }
}

void LoadRunner::recordNotSent(int scheduleIndex, qint64 atNs)
{
    const Schedule::Send &send = m_schedule.at(scheduleIndex);
    RequestRecord r;
    r.levelIndex = m_levelIndex;
    r.level = m_point.concurrency;
    r.arm = int(m_issued % m_arms.size());
    r.index = m_issued++;
    r.rampUp = send.rampUp;
    r.tStartNs = atNs;
    r.startNs = atNs - m_runStartNs;
    r.scheduledNs = m_levelStartNs - m_runStartNs + send.atNs;
    r.capWaitNs = std::max<qint64>(0, r.startNs - r.scheduledNs);
    r.endNs = 0;
    r.errorKind = failureKindName(FailureKind::NotSent);
    r.errorMessage = QStringLiteral("Never sent: due under the schedule, but %1 requests (the concurrency cap) were "
                                    "still in flight when the level's %2 s ended.")
                         .arg(m_point.concurrency)
                         .arg(m_config.durationS);
    m_result.records.append(r);
    ++m_finished;
    ++m_failed;
    Q_EMIT requestFinished(r);
}

void LoadRunner::onLevelDeadline()
{
    if (!m_running || inWarmup())
        return;
    sendDue(); // what is due by now still goes
    m_pastDeadline = true;
    m_sendTimer.stop();
    const qint64 now = nowNs();
    for (const auto &[scheduleIndex, foundDueNs] : std::exchange(m_capQueue, {}))
        recordNotSent(scheduleIndex, now);
    m_total = m_issued; // the level issues nothing more
    emitProgress();
    if (levelDone())
        finishLevel();
    else
        m_graceTimer.start(std::chrono::milliseconds(qint64(std::llround(std::max(0.0, m_config.graceS) * 1000))));
}

void LoadRunner::onGraceOver()
{
    if (!m_running)
        return;
    const QString message = QStringLiteral("Still in flight when the level's grace period of %1 s after its %2 s "
                                           "ended: cut off there; what it measured is kept.")
                                .arg(m_config.graceS)
                                .arg(m_config.durationS);
    const QList<InFlight *> inFlight = m_inFlight;
    for (InFlight *request : inFlight) {
        if (request->transport)
            request->transport->abort(request->id);
        request->cutShort(FailureKind::Incomplete, message); // records it; the last one ends the level
    }
}

void LoadRunner::onRequestDeadline(InFlight *request)
{
    if (!m_running || !m_inFlight.contains(request))
        return;
    if (request->transport && request->transport->ended(request->id))
        return; // it finished in time: its end is queued behind the reads of its burst
    const double deadlineS = m_arms.at(request->plan().arm).config.requestDeadlineMs / 1000.0;
    if (request->transport)
        request->transport->abort(request->id);
    // Records it as failed and goes on with the run, as any other failed request.
    request->cutShort(FailureKind::Deadline,
        QStringLiteral("Still open %1 s after it was sent (request deadline, --request-deadline): aborted. The "
                       "server kept the stream alive (keep-alive comments, a slow trickle) without finishing it.")
            .arg(deadlineS));
}

bool LoadRunner::levelDone() const
{
    if (!m_inFlight.isEmpty() || !m_capQueue.isEmpty())
        return false;
    if (m_precise)
        return true;
    if (inWarmup() || m_config.durationS <= 0)
        return m_finished >= m_total;
    return m_pastDeadline;
}

void LoadRunner::onRequestFinished(InFlight *request)
{
    const std::unique_ptr<InFlight> done(request);
    m_inFlight.removeOne(request);
    if (!m_running)
        return; // cancelled meanwhile: the record is incomplete by definition
    RequestRecord record = request->record();
    m_secrets.redact(&record); // what a server echoed of a key or a URL credential never leaves the engine
    m_result.records.append(record);
    ++m_finished;
    if (!record.ok)
        ++m_failed;
    Q_EMIT requestFinished(record);
    if (calibrating()) {
        emitProgress();
        onProbeFinished(record);
        return;
    }
    const int slot = request->plan().slot;
    if (scheduled()) {
        if (conversing())
            continueConversation(slot, *request, !m_pastDeadline);
        else
            m_freeSlots.append(slot);
        if (checkPrecision())
            stopSchedule();
        else
            sendFromCapQueue();
    } else if (inWarmup() || !checkPrecision()) {
        const bool mayGoOn = inWarmup() || m_config.durationS <= 0 || !m_pastDeadline;
        if (conversing())
            continueConversation(slot, *request, mayGoOn);
        else if (inWarmup() || m_config.durationS <= 0 ? m_issued < m_total : !m_pastDeadline)
            issue(slot); // closed loop: this user sends its next request now
    }
    emitProgress();
    if (levelDone())
        finishLevel();
}

const Trace *LoadRunner::sessionTrace() const
{
    const Trace *trace = m_arms.isEmpty() ? nullptr : m_arms.first().trace.get();
    return trace && trace->hasSessions() ? trace : nullptr;
}

QPair<int, int> LoadRunner::promptIndexAndTurns(int slot, int issueIndex) const
{
    const Trace *trace = sessionTrace();
    if (!trace || inWarmup())
        return { issueIndex, 0 };
    // Conversations begin in the schedule's order, which is the trace's order of sessions.
    const bool laterTurn = m_conversations.inConversation(slot);
    const int session = laterTurn ? m_conversations.sessionOf(slot) : m_conversations.conversationsBegun();
    const QList<int> &entries = trace->sessions.at(session % trace->sessions.size());
    return { entries.at(laterTurn ? m_conversations.turnsSent(slot) : 0), int(entries.size()) };
}

void LoadRunner::continueConversation(int slot, const InFlight &request, bool mayGoOn)
{
    const RequestRecord &record = request.record();
    const ConversationBook::Ended ended
        = m_conversations.ended(slot, record.ok, request.answer(), record.responseId, mayGoOn);
    if (m_total > 0)
        m_total -= ended.turnsDropped; // a failed turn ends its conversation: the rest is never sent
    if (!ended.goesOn) {
        if (scheduled())
            m_freeSlots.append(slot); // its place goes to the next conversation the schedule starts
        else if (mayGoOn && m_conversations.mayBegin())
            issue(slot); // this user begins its next conversation now
        return;
    }
    // The pause runs from the answer's last byte, as the transport timestamped it. A trace's turn
    // is due at its own time, or when the answer before it ends if that is later.
    qint64 dueNs = record.tStartNs + record.endNs + ended.thinkNs;
    if (const Trace *trace = sessionTrace(); trace && !inWarmup())
        dueNs = std::max(dueNs, m_levelStartNs + trace->sendNs.at(promptIndexAndTurns(slot, 0).first));
    const int generation = m_levelGeneration;
    callAt(this, dueNs, [this, slot, generation, dueNs] {
        if (!m_running || generation != m_levelGeneration)
            return; // the level (or the run) ended while this user was thinking
        if (m_pastDeadline) {
            if (levelDone())
                finishLevel();
            return;
        }
        // On a schedule, a later turn is due when its pause ends: its send lag and latency count from then.
        issue(slot, scheduled() ? Due { dueNs - m_runStartNs, 0, false } : Due {});
        emitProgress();
    });
}

void LoadRunner::finishLevel()
{
    m_deadlineTimer.stop();
    m_graceTimer.stop();
    m_sendTimer.stop();
    if (inWarmup()) {
        m_levelIndex = 0;
        startLevel(m_plan->first());
        return;
    }
    summarizeLevel(true);
    const std::optional<LoadPoint> next = m_plan->next(m_result.levels.at(m_result.levels.size() - m_arms.size()));
    m_result.loadPlanOutcome = m_plan->outcome();
    m_result.maxRateFound = m_plan->maxRateFound();
    if (!next) {
        finishRun(false);
        return;
    }
    ++m_levelIndex;
    startLevel(*next);
}

void LoadRunner::cancel()
{
    if (!m_running)
        return;
    abortInFlight();
    m_preconnectQueue.clear(); // a preconnect still under way opens nothing more
    for (QTimer *timer : { &m_sendTimer, &m_deadlineTimer, &m_graceTimer })
        timer->stop();
    // The level under way keeps the requests it finished.
    if (!inWarmup() && m_finished > 0 && m_result.levels.size() == m_levelIndex * m_arms.size())
        summarizeLevel(false); // in the result only, as before a cancel
    finishRun(true);
}

void LoadRunner::summarizeLevel(bool announce)
{
    QList<LevelSummary> summaries = Stats::summarizeLevelArms(m_result.recordsOfLevel(m_levelIndex), m_point,
        int(m_arms.size()), m_config.minTokensForTpot, m_config.goodput, m_config.sliceS);
    const MeasurementQuality measurement = levelMeasurement();
    // The scrapes that had arrived when the level ended: every view, export and history then shows
    // the same figures (a scrape still under way at the end is in server_metrics.jsonl only).
    for (LevelSummary &summary : summaries) {
        summary.stop = levelStop(summary.arm, !announce);
        summary.quality = measurement;
        Stats::assessMeasurement(&summary, m_config);
        if (summary.arm == 0) // the metrics URL scraped is arm A's: its server, not necessarily B's
            summarizeServerMetrics(
                m_result.serverMetrics, m_levelStartNs - m_runStartNs, nowNs() - m_runStartNs, &summary);
        m_result.levels.append(summary);
        if (announce)
            Q_EMIT levelFinished(summary);
    }
}

/// Stop when precise (docs/metrics.md#stop-when-precise): at checkpoints 5 % of the level's
/// requests apart, whether every arm's figure is now known within the target; once it is, the
/// level sends nothing more and ends with the requests in flight.
bool LoadRunner::checkPrecision()
{
    if (m_precise || !m_config.stopsWhenPrecise() || m_finished < m_nextPrecisionCheck)
        return m_precise;
    m_nextPrecisionCheck = m_finished + std::max(1, m_finished / 20);
    for (int arm = 0; arm < m_arms.size(); ++arm) {
        const std::optional<double> pct = precisionOfArm(arm);
        if (!pct || *pct > m_config.targetPrecisionPct)
            return false;
    }
    m_precise = true;
    return true;
}

/// An open-loop level that is precise sends no more of its schedule: what waits under the cap is
/// dropped unsent (it is no failure; the level simply ends), and the level ends with what is in flight.
void LoadRunner::stopSchedule()
{
    m_sendTimer.stop();
    m_capQueue.clear();
    m_nextSend = int(m_schedule.size());
    m_total = m_issued;
}

/// How precisely the level's records so far pin arm `arm`'s figure down (Stats::precisionPct()).
std::optional<double> LoadRunner::precisionOfArm(int arm) const
{
    Stats::PrecisionFigure figure;
    Stats::parsePrecisionFigure(m_config.precisionMetric, &figure); // the run check refused any other name
    return Stats::precisionPct(
        m_result.recordsOfLevel(m_levelIndex, arm), figure, m_config.minTokensForTpot, m_levelIndex);
}

/// Why the level that is ending stopped, for a run that aims at a precision.
LevelStop LoadRunner::levelStop(int arm, bool cancelled) const
{
    LevelStop stop;
    if (!m_config.stopsWhenPrecise())
        return stop;
    stop.metric = m_config.precisionMetric;
    stop.targetPct = m_config.targetPrecisionPct;
    stop.achievedPct = precisionOfArm(arm);
    stop.by = cancelled          ? QStringLiteral("cancelled")
        : m_precise              ? QStringLiteral("precision")
        : m_config.durationS > 0 ? QStringLiteral("duration")
                                 : QStringLiteral("max_requests");
    return stop;
}

void LoadRunner::startMeasurementProbes()
{
    m_levelCpuStartS = clientCpuSeconds();
    m_levelMachineStart = machineCpuTimes();
    // The probe runs where the timestamps are taken: on the engine thread when a transport takes
    // them there; the curl transport's workers probe themselves.
    bool engineTimestamps = false;
    for (const Arm &arm : std::as_const(m_arms))
        engineTimestamps |= !arm.transport->takeReaderLag(); // the preconnect's wake-ups are not the level's
    if (engineTimestamps)
        m_lagProbe->start();
}

/// The figures of the level that is ending, for Stats::assessMeasurement().
MeasurementQuality LoadRunner::levelMeasurement()
{
    MeasurementQuality q;
    const LagRecord engine = m_lagProbe->take();
    if (engine.count() > 0) {
        q.engineLagP99Ms = engine.percentileMs(99);
        q.engineLagMaxMs = engine.maxMs();
        q.engineLagSamples = engine.count();
    }
    LagRecord readers;
    for (const Arm &arm : std::as_const(m_arms))
        if (const std::optional<LagRecord> lag = arm.transport->takeReaderLag())
            readers.merge(*lag);
    if (readers.count() > 0) {
        q.readerLagP99Ms = readers.percentileMs(99);
        q.readerLagMaxMs = readers.maxMs();
        q.readerLagSamples = readers.count();
    }
    q.cores = usableCores();
    const double cpuS = clientCpuSeconds();
    const double wallS = double(nowNs() - m_levelStartNs) / 1e9;
    if (cpuS >= 0 && m_levelCpuStartS >= 0 && wallS > 0) {
        q.clientCpuS = cpuS - m_levelCpuStartS;
        q.clientCpuShare = *q.clientCpuS / (wallS * q.cores);
    }
    if (const double machine = machineCpuShare(m_levelMachineStart, machineCpuTimes()); machine >= 0)
        q.machineCpuShare = machine;
    return q;
}

void LoadRunner::finishRun(bool cancelled)
{
    m_lagProbe->stop();
    flushLiveBatch();
    m_liveTimer.stop();
    finishServerMetrics();
    m_running = false;
    ++m_levelGeneration; // a think timer still pending sends nothing into a later run
    m_result.cancelled = cancelled;
    Q_EMIT runFinished(m_result);
}

void LoadRunner::emitProgress()
{
    RunProgress p;
    p.levelIndex = m_levelIndex;
    p.levelCount = std::max(expectedLevelCount(), m_levelIndex + 1);
    p.levelCountEstimated = m_config.loadMode == LoadMode::Sweep || m_config.loadMode == LoadMode::FindMaxRate;
    if (m_measuredStartNs > 0)
        p.measuredElapsedS = double(nowNs() - m_measuredStartNs) / 1e9;
    p.concurrency = currentConcurrency();
    p.point = m_point;
    if (!inWarmup())
        p.levelElapsedS = double(nowNs() - m_levelStartNs) / 1e9;
    if (!inWarmup() && m_config.durationS > 0)
        p.levelDurationS = m_config.durationS + (m_point.isOpenLoop() && !m_point.allAtOnce() ? m_config.rampUpS : 0);
    p.done = m_finished;
    p.failed = m_failed;
    p.total = m_total;
    p.inFlight = int(m_inFlight.size());
    if (conversing()) {
        p.conversationsDone = m_conversations.conversationsEnded();
        p.conversationsTotal = m_conversations.conversationsPlanned();
    }
    p.warmup = inWarmup();
    p.calibrating = calibrating();
    Q_EMIT progress(p);
}

void LoadRunner::startServerMetrics()
{
    m_serverMetrics.reset();
    if (m_config.serverMetricsUrl.isEmpty())
        return;
    // Each run's scrapes carry its number: one an ended run's scraper had already queued is dropped,
    // even when the next run's scraper happens to live at the same address.
    ++m_serverMetricsRun;
    m_serverMetrics = std::make_unique<ServerMetricsMonitor>(
        m_config, m_runStartNs, this, [this, run = m_serverMetricsRun](const ServerMetricsSample &sample) {
            if (run == m_serverMetricsRun)
                onServerMetricsSampled(sample);
        });
}

void LoadRunner::onServerMetricsSampled(const ServerMetricsSample &sample)
{
    if (!m_running || !m_serverMetrics)
        return; // a scrape of a run that has ended
    ServerMetricsSample clean = sample;
    m_secrets.redact(&clean);
    m_result.serverMetrics.append(clean);
    Q_EMIT serverMetricsSampled(clean);
}

void LoadRunner::finishServerMetrics()
{
    if (!m_serverMetrics)
        return;
    m_serverMetrics.reset(); // stops the scraper: what it still sends is dropped above
    ++m_serverMetricsRun;
}

} // namespace TokenScope
