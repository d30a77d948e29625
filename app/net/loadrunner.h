// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/livebatch.h"
#include "core/runprogress.h"
#include "core/runresult.h"

#include <QElapsedTimer>
#include <QList>
#include <QNetworkRequest>
#include <QObject>
#include <QTimer>

namespace TokenScope {

class Transport;

/// Runs closed-loop load (docs/methodology.md#6-closed-loop-concurrency): warm-up, then for each concurrency level c, c users that
/// each send their next request as soon as the previous one finishes, until the level's count is
/// issued. Lives on a worker thread (see RunController); its slots must be invoked there.
class LoadRunner : public QObject
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

Q_SIGNALS:
    void levelStarted(const TokenScope::LoadPoint &point);
    void requestFinished(const TokenScope::RequestRecord &record);
    void progress(const TokenScope::RunProgress &progress);
    void levelFinished(const TokenScope::LevelSummary &summary);
    void runFinished(const TokenScope::RunResult &result);
    void runFailed(const QString &message);
    /// Starts and chunk arrivals for live views, at most ~30 times a second.
    void liveBatch(const TokenScope::LiveBatch &batch);

private:
    /// What one arm sends: its request and body, built once per run.
    struct Arm {
        RunConfig config;
        QNetworkRequest request;
        std::shared_ptr<const PromptSource> prompts;
        QString bodyPromptId; ///< the prompt `body` was built for: a fixed prompt is built once
        QByteArray body;
        bool http2 = false;
        ProxyMode proxyMode = ProxyMode::None;
        QString proxyUrl;
        /// This arm's transport: its own HTTP/2 and proxy settings and its own connections, so a
        /// preconnect retry that replaces a manager never drops another arm's (another origin's).
        Transport *transport = nullptr;
    };
    class InFlight; ///< one request under way: its plan, its measurement, its transport's id

    void flushLiveBatch();
    void preconnectNextArm();
    /// Appends the level's summary of each arm to the result; `announce` emits levelFinished too.
    void summarizeLevel(bool announce);
    void replaceTransports();
    void startWarmup();
    void startLevel();
    void beginLevelRequests();
    void issue(int slot);
    void onRequestFinished(InFlight *request);
    void finishLevel();
    void finishRun(bool cancelled);
    void emitProgress();
    int currentConcurrency() const;
    bool inWarmup() const { return m_levelIndex < 0; }

    RunConfig m_config;
    RunResult m_result;
    QList<Arm> m_arms;
    QList<int> m_preconnectQueue; ///< arms whose connections are still to open before the level
    QList<InFlight *> m_inFlight; ///< owned
    void abortInFlight();
    qint64 m_runStartNs = 0;
    int m_levelIndex = -1;
    int m_issued = 0;
    int m_finished = 0;
    int m_failed = 0;
    int m_total = 0;
    bool m_running = false;
    LiveBatch m_live;
    QTimer m_liveTimer;
};

} // namespace TokenScope
