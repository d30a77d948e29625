// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"
#include "net/streammeasurement.h"

#include <QNetworkRequest>
#include <QObject>
#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;

namespace TokenScope {

struct LiveBatch;

/// One streamed request over a QNetworkAccessManager: posts it, timestamps every phase as the
/// first statement of each handler and hands the milestones and bytes to its StreamMeasurement,
/// which makes the RequestRecord. Lives on (and must be used from) the thread of its manager.
class StreamRequest : public QObject
{
    Q_OBJECT
public:
    struct Plan {
        int levelIndex = 0; ///< the level's load point index; -1 for a warm-up
        int level = 0; ///< the level's concurrency
        int index = 0;
        bool warmup = false;
        int slot = 0; ///< the closed-loop user that issued it
        int arm = 0; ///< the endpoint of an A/B interleaved run
    };

    StreamRequest(QNetworkAccessManager *manager, const QNetworkRequest &request, const QByteArray &body,
                  const Plan &plan, qint64 runStartNs, QObject *parent = nullptr);
    ~StreamRequest() override;

    /// Chunk arrivals are also appended to `batch` (owned by the runner, same thread); may be null.
    void setLiveBatch(LiveBatch *batch) { m_measurement.setLiveBatch(batch); m_live = batch; }
    void start();
    /// Stops the request without producing a record (run cancelled).
    void abandon();

    const Plan &plan() const { return m_plan; }
    const RequestRecord &record() const { return m_measurement.record(); }

Q_SIGNALS:
    /// The record is complete (ok or failed). Emitted once; not emitted after abandon().
    void finished(TokenScope::StreamRequest *request);

private:
    qint64 sinceStart() const;
    void onReadyRead();
    void parsePendingReads();
    void onFinished();
    void completeRecord();

    QNetworkAccessManager *m_manager;
    QNetworkRequest m_request;
    QByteArray m_body;
    Plan m_plan;
    qint64 m_runStartNs;
    QPointer<QNetworkReply> m_reply;
    StreamMeasurement m_measurement;
    struct PendingRead {
        qint64 tNs;
        QByteArray bytes;
    };
    QList<PendingRead> m_pendingReads; ///< timestamped reads not parsed yet
    bool m_parseQueued = false;
    qint64 m_endNs = RequestRecord::kNever; ///< when the reply finished
    QString m_sslError; ///< the first certificate problem of this reply's handshake (never ignored)
    LiveBatch *m_live = nullptr;
    bool m_abandoned = false;
    bool m_done = false;
};

} // namespace TokenScope
