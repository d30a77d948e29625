// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadrunner.h"

#include "core/clock.h"
#include "net/endpointurl.h"
#include "net/qnamtransport.h"
#include "net/requestbuilder.h"
#include "net/streammeasurement.h"
#include "stats/statistics.h"

#include <QPointer>

#include <memory>


namespace TokenScope {

namespace {
constexpr int kLiveBatchIntervalMs = 33; // ~30 batches a second: smooth for a view, cheap for the engine
// While requests are in flight and nothing arrives (every stream stalled), an empty batch at least
// this often moves the views' "now", so a stall shows as bars growing, not as a frozen picture.
constexpr qint64 kLiveHeartbeatNs = 250'000'000;
}

/// Where a request's events go on their way into its record: its StreamMeasurement, then, when it
/// has finished, back to the runner.
class LoadRunner::InFlight : public TransportSink
{
public:
    struct Plan {
        int levelIndex = 0; ///< the level's load point index; -1 for a warm-up
        int level = 0; ///< the level's concurrency
        int index = 0;
        bool warmup = false;
        int slot = 0; ///< the closed-loop user that issued it
        int arm = 0; ///< the endpoint of an A/B interleaved run
    };

    InFlight(LoadRunner *runner, const Plan &plan, const QString &promptId, const QUrl &url, const ApiDialect &dialect,
             LiveBatch *live)
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
        r.promptId = promptId;
        m_measurement.setLiveBatch(live);
    }

    const Plan &plan() const { return m_plan; }
    const RequestRecord &record() const { return m_measurement.record(); }
    QPointer<Transport> transport; ///< the one that carries it
    quint64 id = 0; ///< its transport's

    void started(qint64 tStartNs) override
    {
        RequestRecord &r = m_measurement.record();
        r.tStartNs = tStartNs;
        r.startNs = tStartNs - m_runner->m_runStartNs;
        m_live->started.append({ r.levelIndex, r.level, r.index, r.warmup, r.startNs, r.arm });
    }
    void connectStarted(qint64 tNs) override { m_measurement.connectStarted(tNs); }
    void tlsDone(qint64 tNs) override { m_measurement.tlsDone(tNs); }
    void requestSent(qint64 tNs) override { m_measurement.requestSent(tNs); }
    void headers(qint64 tNs, int httpStatus, int httpVersion, const QByteArray &retryAfter) override
    {
        m_measurement.headers(tNs, httpStatus, httpVersion, retryAfter);
    }
    void body(qint64 tNs, const QByteArray &bytes) override { m_measurement.body(tNs, bytes); }
    void finished(qint64 tNs, const Failure::Description &failure) override
    {
        m_measurement.finish(tNs, failure);
        m_runner->onRequestFinished(this); // last: it deletes this
    }

private:
    LoadRunner *m_runner;
    Plan m_plan;
    StreamMeasurement m_measurement;
    LiveBatch *m_live;
};

LoadRunner::LoadRunner(QObject *parent)
    : QObject(parent)
    , m_liveTimer(this) // a child, so moveToThread() takes it along to the engine thread
{
    m_liveTimer.setInterval(kLiveBatchIntervalMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &LoadRunner::flushLiveBatch);
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
    if (arms.isEmpty()) {
        Q_EMIT runFailed(QStringLiteral("No endpoint to measure."));
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
        const QString problem = RequestBuilder::validate(arms.at(i));
        if (!problem.isEmpty()) {
            Q_EMIT runFailed(arms.size() > 1 ? QStringLiteral("Endpoint %1: %2").arg(armLetter(i), problem)
                                             : problem);
            return;
        }
        const RunConfig &arm = arms.at(i);
        m_arms.append({ arm, RequestBuilder::networkRequest(arm, resolveEndpoint(arm.baseUrl, arm.api).url),
            arm.promptSource(), {}, {}, arm.http2, arm.proxyMode, arm.proxyUrl });
    }
    m_config = arms.first();
    m_result = RunResult {};
    m_result.config = m_config;
    if (arms.size() > 1)
        m_result.arms = arms;
    m_result.startedAt = QDateTime::currentDateTime();
    replaceTransports();
    m_running = true;
    m_runStartNs = nowNs();
    m_live = LiveBatch {};
    m_liveTimer.start();
    m_levelIndex = -1;
    startWarmup();
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
        arm.transport = new QnamTransport(arm.request, arm.http2, arm.proxyMode, arm.proxyUrl, this);
        connect(arm.transport, &Transport::prepared, this, &LoadRunner::preconnectNextArm);
    }
}

void LoadRunner::startWarmup()
{
    m_total = m_config.warmupRequests * int(m_arms.size()); // every arm gets its own warm-ups
    m_issued = m_finished = m_failed = 0;
    if (m_total == 0) {
        m_levelIndex = 0;
        startLevel();
        return;
    }
    for (const Arm &arm : std::as_const(m_arms))
        arm.transport->reserve(1);
    issue(0); // warm-ups go one after another on the first connection
}

int LoadRunner::currentConcurrency() const
{
    return m_config.concurrencyLevels.at(std::max(0, m_levelIndex));
}

void LoadRunner::startLevel()
{
    const int concurrency = currentConcurrency();
    m_total = m_config.requestsForLevel(concurrency) * int(m_arms.size());
    m_issued = m_finished = m_failed = 0;
    Q_EMIT levelStarted(m_config.loadPoints().at(m_levelIndex));
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

void LoadRunner::preconnectNextArm()
{
    if (m_preconnectQueue.isEmpty()) {
        beginLevelRequests();
        return;
    }
    const Arm &arm = m_arms.at(m_preconnectQueue.takeFirst());
    arm.transport->prepare(std::min(currentConcurrency(), m_total));
}

void LoadRunner::beginLevelRequests()
{
    if (!m_running)
        return;
    const int concurrency = currentConcurrency();
    for (const Arm &arm : std::as_const(m_arms))
        arm.transport->reserve(concurrency);
    for (int slot = 0; slot < concurrency && m_issued < m_total; ++slot)
        issue(slot);
    emitProgress();
}

void LoadRunner::issue(int slot)
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
    Arm &arm = m_arms[plan.arm];
    const Prompt prompt = arm.prompts->next(plan.levelIndex, plan.index, plan.arm);
    if (prompt.id != arm.bodyPromptId) {
        arm.body = RequestBuilder::body(arm.config, prompt.text);
        arm.bodyPromptId = prompt.id;
    }
    auto *request = new InFlight(this, plan, prompt.id, arm.request.url(), apiDialect(arm.config.api), &m_live);
    m_inFlight.append(request);
    request->transport = arm.transport;
    request->id = arm.transport->open(slot, arm.body, request);
}

void LoadRunner::onRequestFinished(InFlight *request)
{
    const std::unique_ptr<InFlight> done(request);
    m_inFlight.removeOne(request);
    if (!m_running)
        return; // cancelled meanwhile: the record is incomplete by definition
    const RequestRecord &record = request->record();
    m_result.records.append(record);
    ++m_finished;
    if (!record.ok)
        ++m_failed;
    Q_EMIT requestFinished(record);
    if (m_issued < m_total)
        issue(request->plan().slot); // closed loop: this user sends its next request now
    emitProgress();
    if (m_finished == m_total)
        finishLevel();
}

void LoadRunner::finishLevel()
{
    if (inWarmup()) {
        m_levelIndex = 0;
        startLevel();
        return;
    }
    summarizeLevel(true);
    if (++m_levelIndex < m_config.concurrencyLevels.size())
        startLevel();
    else
        finishRun(false);
}

void LoadRunner::cancel()
{
    if (!m_running)
        return;
    abortInFlight();
    m_preconnectQueue.clear(); // a preconnect still under way opens nothing more
    // The level under way keeps the requests it finished.
    if (!inWarmup() && m_finished > 0 && m_result.levels.size() == m_levelIndex * m_arms.size())
        summarizeLevel(false); // in the result only, as before a cancel
    finishRun(true);
}

void LoadRunner::summarizeLevel(bool announce)
{
    const LoadPoint point = m_config.loadPoints().at(m_levelIndex);
    const QList<LevelSummary> summaries = Stats::summarizeLevelArms(
        m_result.recordsOfLevel(m_levelIndex), point, int(m_arms.size()), m_config.minTokensForTpot);
    for (const LevelSummary &summary : summaries) {
        m_result.levels.append(summary);
        if (announce)
            Q_EMIT levelFinished(summary);
    }
}

void LoadRunner::finishRun(bool cancelled)
{
    flushLiveBatch();
    m_liveTimer.stop();
    m_running = false;
    m_result.cancelled = cancelled;
    Q_EMIT runFinished(m_result);
}

void LoadRunner::emitProgress()
{
    RunProgress p;
    p.levelIndex = m_levelIndex;
    p.levelCount = int(m_config.concurrencyLevels.size());
    p.concurrency = currentConcurrency();
    p.done = m_finished;
    p.failed = m_failed;
    p.total = m_total;
    p.inFlight = int(m_inFlight.size());
    p.warmup = inWarmup();
    Q_EMIT progress(p);
}

} // namespace TokenScope
