// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadrunner.h"

#include "core/clock.h"
#include "net/clientpool.h"
#include "net/endpointurl.h"
#include "net/requestbuilder.h"
#include "net/streamrequest.h"
#include "stats/statistics.h"

namespace TokenScope {

namespace {
constexpr int kPreconnectTimeoutMs = 10000;
constexpr int kLiveBatchIntervalMs = 33; // ~30 batches a second: smooth for a view, cheap for the engine
}

LoadRunner::LoadRunner(QObject *parent)
    : QObject(parent)
    , m_liveTimer(this) // a child, so moveToThread() takes it along to the engine thread
{
    m_liveTimer.setInterval(kLiveBatchIntervalMs);
    connect(&m_liveTimer, &QTimer::timeout, this, &LoadRunner::flushLiveBatch);
}

void LoadRunner::flushLiveBatch()
{
    if (m_live.isEmpty())
        return;
    m_live.inFlight = int(m_inFlight.size());
    m_live.sentNs = nowNs() - m_runStartNs;
    Q_EMIT liveBatch(m_live);
    m_live = LiveBatch {};
}

LoadRunner::~LoadRunner()
{
    for (StreamRequest *request : std::as_const(m_inFlight))
        request->abandon();
}

void LoadRunner::start(const RunConfig &config)
{
    if (m_running) {
        Q_EMIT runFailed(QStringLiteral("A run is already in progress."));
        return;
    }
    const QString problem = RequestBuilder::validate(config);
    if (!problem.isEmpty()) {
        Q_EMIT runFailed(problem);
        return;
    }
    m_config = config;
    m_result = RunResult {};
    m_result.config = config;
    m_result.startedAt = QDateTime::currentDateTime();
    m_request = RequestBuilder::networkRequest(config, resolveEndpoint(config.baseUrl, config.api).url);
    m_body = RequestBuilder::body(config);
    replacePool();
    m_running = true;
    m_runStartNs = nowNs();
    m_live = LiveBatch {};
    m_liveTimer.start();
    m_levelIndex = -1;
    startWarmup();
}

void LoadRunner::replacePool()
{
    // Qt answers a preconnect from an idle kept-alive connection instead of opening a new one, so
    // a level preconnects reliably only on managers with no connections yet: each level (and the
    // warm-up) gets fresh managers, and the previous ones close theirs.
    if (m_pool)
        m_pool->deleteLater();
    m_pool = new ClientPool(m_config.http2, this);
    m_pool->setProxy(m_config.proxyMode, m_config.proxyUrl);
    connect(m_pool, &ClientPool::preconnected, this, &LoadRunner::beginLevelRequests);
}

void LoadRunner::startWarmup()
{
    m_total = m_config.warmupRequests;
    m_issued = m_finished = m_failed = 0;
    if (m_total == 0) {
        m_levelIndex = 0;
        startLevel();
        return;
    }
    m_pool->ensureCapacity(1);
    issue(0); // warm-ups go one after another on the first connection
}

int LoadRunner::currentConcurrency() const
{
    return m_config.concurrencyLevels.at(std::max(0, m_levelIndex));
}

void LoadRunner::startLevel()
{
    const int concurrency = currentConcurrency();
    m_total = m_config.requestsForLevel(concurrency);
    m_issued = m_finished = m_failed = 0;
    Q_EMIT levelStarted(m_levelIndex, concurrency, m_total);
    replacePool();
    if (m_config.preconnect)
        m_pool->preconnect(m_request, std::min(concurrency, m_total), kPreconnectTimeoutMs);
    else
        beginLevelRequests();
}

void LoadRunner::beginLevelRequests()
{
    if (!m_running)
        return;
    const int concurrency = currentConcurrency();
    m_pool->ensureCapacity(concurrency);
    for (int slot = 0; slot < concurrency && m_issued < m_total; ++slot)
        issue(slot);
    emitProgress();
}

void LoadRunner::issue(int slot)
{
    StreamRequest::Plan plan;
    plan.level = currentConcurrency();
    plan.index = m_issued++;
    plan.warmup = inWarmup();
    plan.slot = slot;
    auto *request = new StreamRequest(m_pool->managerForSlot(slot), m_request, m_body, plan, m_runStartNs, this);
    request->setLiveBatch(&m_live);
    connect(request, &StreamRequest::finished, this, &LoadRunner::onRequestFinished);
    m_inFlight.append(request);
    request->start();
}

void LoadRunner::onRequestFinished(StreamRequest *request)
{
    if (!m_running)
        return; // cancelled meanwhile: the record is incomplete by definition
    m_inFlight.removeOne(request);
    request->deleteLater();
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
    const int concurrency = currentConcurrency();
    const LevelSummary summary =
        Stats::summarizeLevel(m_result.recordsOfLevel(concurrency), concurrency, m_config.minTokensForTpot);
    m_result.levels.append(summary);
    Q_EMIT levelFinished(summary);
    if (++m_levelIndex < m_config.concurrencyLevels.size())
        startLevel();
    else
        finishRun(false);
}

void LoadRunner::cancel()
{
    if (!m_running)
        return;
    const QList<StreamRequest *> inFlight = m_inFlight;
    m_inFlight.clear();
    for (StreamRequest *request : inFlight) {
        request->abandon();
        request->deleteLater();
    }
    // The level under way keeps the requests it finished.
    if (!inWarmup() && m_finished > 0 && m_result.levels.size() == m_levelIndex) {
        const int concurrency = currentConcurrency();
        m_result.levels.append(
            Stats::summarizeLevel(m_result.recordsOfLevel(concurrency), concurrency, m_config.minTokensForTpot));
    }
    finishRun(true);
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
