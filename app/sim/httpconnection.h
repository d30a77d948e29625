// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/anthropicframer.h"
#include "sim/chatframer.h"
#include "sim/httprequestparser.h"
#include "sim/responsesframer.h"
#include "sim/simconfig.h"
#include "sim/simrequest.h"
#include "sim/streamframer.h"

#include <QJsonValue>
#include <QObject>
#include <random>

class QTcpSocket;

namespace TokenScope {

class SimWorker;
class StreamScheduler;
class BatchGate;
struct SimShared;

/// One client connection of the simulator: parses HTTP/1.1 requests (kept alive, one answered at
/// a time, pipelined ones wait in the buffer) and plays the timing model for each generation
/// request. Lives on its worker's thread; not thread-safe.
///
/// Timing: a request's schedule is anchored to its arrival (or to the moment a batch slot freed
/// up when it had to queue): first token at anchor + baseTtft + prefill x the prompt tokens not
/// served from the prefix cache, then one
/// token per decode interval, each due time derived from the previous *due* time (not from when
/// the timer actually fired), so late wake-ups never accumulate. A chunk of k tokens goes out when
/// its last token is due. The role-only chunk goes out together with the first text chunk, in the
/// same write (as vLLM does), so it never moves the measured TTFT.
///
/// The timing and the faults are the same for every API; only the bytes differ: a StreamFramer per
/// API (ChatFramer for chat and completions, AnthropicFramer, ResponsesFramer) renders the events
/// this class schedules, and errors take the shape of the request's API.
class HttpConnection : public QObject
{
    Q_OBJECT
public:
    HttpConnection(quint64 id, SimShared *shared, SimWorker *worker, StreamScheduler *scheduler,
                   QObject *parent = nullptr);
    ~HttpConnection() override;

    bool adopt(qintptr descriptor);
    quint64 id() const { return m_id; }

    void onDue(qint64 dueNs, quint32 generation); ///< the scheduler's call for this connection
    bool takeSlot(quint64 serial, qint64 atNs); ///< false when no request waits for that slot
    void shutdown(); ///< server stopping: abort without answering, release what is held

Q_SIGNALS:
    void closed(quint64 id);

private:
    enum class Phase { Idle, Responding, Queued, Generating, Stalled };

    // What one generation request asked for and how far it has come.
    struct Generation {
        SimApi api = SimApi::Chat;
        bool stream = false;
        bool includeUsage = false;
        SimFault fault = SimFault::None;
        int promptTokens = 1;
        int cachedTokens = 0; // of promptTokens, from the prefix cache: prefill skips them
        double decodeIntervalMs = 10.0; // the requested model's
        BatchGate *gate = nullptr; // the requested model's batch (SimShared::gateFor)
        double slowdownPerStream = 0; // the requested model's: 0 for an uncontended one
        int totalTokens = 1;
        int reasoningTokens = 0;
        bool truncated = false; // totalTokens reached the request's limit
        QByteArray id;
        QString idText; // the same id as a QString, shared by every wire log entry
        int tokensSent = 0;
        int chunksSent = 0; // chunks that carried tokens (text, or empty choices in that fault)
        int wireChunks = 0; // every SSE event written, for the wire log's chunkIndex
        int pendingTokens = 0; // tokens of the chunk scheduled next
        bool holdsSlot = false;
        qint64 kvTokens = 0; // held in the notional KV cache while holding the slot: prompt + generated
        bool malformedSent = false;
        quint64 serial = 0;
    };

    // Socket and request handling.
    void onReadyRead();
    void onDisconnected();
    void processBuffered(qint64 arrivalNs);
    void handleRequest(const HttpRequest &request, qint64 arrivalNs);
    void handleGeneration(SimApi api, const HttpRequest &request, qint64 arrivalNs);
    bool authorize(const HttpRequest &request);
    bool authorizeAnthropic(const HttpRequest &request);
    bool checkAnthropicVersion(const HttpRequest &request);
    SimFault faultFor(const HttpRequest &request, qint64 requestNumber) const;
    bool answerImmediateFault(SimFault fault);

    // Plain responses.
    void respond(int status, const QByteArray &contentType, const QByteArray &body,
                 const QByteArray &extraHeaders = {});
    void respondError(int status, const QString &message, const QString &type, const QJsonValue &code,
                      const QByteArray &extraHeaders = {});
    void respondModels();
    void respondAnthropicModels();
    void answerMetrics(const HttpRequest &request);
    bool writeOut();
    void recordWritten();

    // Generation.
    void startGeneration(const SimRequest &request, SimFault fault, qint64 requestNumber, qint64 arrivalNs);
    void storeResponse(const SimRequest &request); // for a later previous_response_id
    int cachedTokensOf(const SimRequest &request); // and remembers its blocks (SimConfig::prefixCache)
    qint64 modelTtftNs() const; // base TTFT + prefill of the uncached prompt tokens
    StreamFramer *framerFor(SimApi api);
    void writeStreamHead();
    void admit(qint64 atNs);
    void scheduleAt(qint64 dueNs);
    int nextChunkTokens() const;
    qint64 tokenIntervalNs();
    bool midStreamFaultDue() const;
    void sendChunk(qint64 dueNs);
    void composeChunk();
    void appendHugeLine();
    void finishGeneration(qint64 dueNs);
    void composeStreamEnd();
    StreamEnd streamEnd() const;
    void answerNonStreaming();
    void failGeneration(qint64 dueNs);
    void stall(qint64 dueNs);
    void resetConnection(qint64 dueNs);
    void releaseSlot(qint64 atNs);
    void completeRequest(bool answered);
    void endExchange();
    void abandonRequest();

    const quint64 m_id;
    SimShared *m_shared;
    SimWorker *m_worker;
    StreamScheduler *m_scheduler;
    QTcpSocket *m_socket = nullptr;
    HttpRequestParser m_parser;
    ChatFramer m_chatFramer {SimApi::Chat};
    ChatFramer m_completionsFramer {SimApi::Completions};
    AnthropicFramer m_anthropicFramer;
    ResponsesFramer m_responsesFramer;
    StreamFramer *m_framer = &m_chatFramer; // the current generation's
    SimApi m_requestApi = SimApi::Chat; // the API of the request being answered: shapes its errors
    Generation m_gen;
    Phase m_phase = Phase::Idle;
    bool m_keepAlive = true;
    bool m_closed = false; // the socket is gone (or going): write nothing more
    bool m_closing = false; // answered with Connection: close, waiting for the bytes to leave
    bool m_processing = false; // inside processBuffered(): do not re-enter it
    quint32 m_scheduleGeneration = 0;
    quint64 m_nextSerial = 0;
    std::mt19937 m_rng; // jitter, reseeded per request from (seed, request number)
    SimWrite m_write; // bytes of the next write (keeps its capacity), and the SSE events in them
    qint64 m_lastWriteNs = 0; ///< steady clock just before the last write to the kernel
};

} // namespace TokenScope
