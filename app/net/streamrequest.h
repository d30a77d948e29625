// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"
#include "net/sseparser.h"

#include <QNetworkRequest>
#include <QObject>
#include <QPointer>

class QNetworkAccessManager;
class QNetworkReply;

namespace TokenScope {

struct ChunkInfo;
struct LiveBatch;

/// One streamed request: posts it, timestamps every phase as the first statement of each
/// handler, parses the stream as it arrives and produces a RequestRecord. Lives on (and must be
/// used from) the thread of its QNetworkAccessManager.
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
    void setLiveBatch(LiveBatch *batch) { m_live = batch; }
    void start();
    /// Stops the request without producing a record (run cancelled).
    void abandon();

    const Plan &plan() const { return m_plan; }
    const RequestRecord &record() const { return m_record; }

Q_SIGNALS:
    /// The record is complete (ok or failed). Emitted once; not emitted after abandon().
    void finished(TokenScope::StreamRequest *request);

private:
    qint64 sinceStart() const;
    void onReadyRead();
    void parsePendingReads();
    void parseRead(qint64 tNs, const QByteArray &bytes);
    void onFinished();
    void completeRecord();
    void handleEvent(const ChunkInfo &chunk, qint64 tNs);
    void finishWithHttpError();
    void finishWithNetworkError();
    void finishStream();
    void fail(const QString &kind, const QString &message);
    QString emptyResponseMessage() const;

    QNetworkAccessManager *m_manager;
    QNetworkRequest m_request;
    QByteArray m_body;
    Plan m_plan;
    qint64 m_runStartNs;
    QPointer<QNetworkReply> m_reply;
    RequestRecord m_record;
    SseParser m_parser;
    struct PendingRead {
        qint64 tNs;
        QByteArray bytes;
    };
    QList<PendingRead> m_pendingReads; ///< timestamped reads not parsed yet
    bool m_parseQueued = false;
    QList<SseEvent> m_events; ///< reused between reads to avoid reallocations
    QByteArray m_errorBody; ///< body of a 4xx/5xx answer (bounded)
    QString m_streamError;
    QString m_malformed;
    QString m_sslError; ///< the first certificate problem of this reply's handshake (never ignored)
    qint64 m_lastReadNs = RequestRecord::kNever; ///< the newest read that delivered bytes
    int m_textChunks = 0;
    int m_emptyChoiceChunks = 0;
    int m_usageTokens = -1;
    LiveBatch *m_live = nullptr;
    bool m_abandoned = false;
    bool m_done = false;
};

} // namespace TokenScope
