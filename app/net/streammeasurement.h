// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"
#include "net/apidialect.h"
#include "net/failure.h"
#include "net/responsehead.h"
#include "net/sseparser.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

namespace TokenScope {

struct ChunkInfo;
struct LiveBatch;

/// The measurement of one streamed request, independent of how its bytes travel: a transport
/// reports milestones and body bytes, each with the timestamp it took on the thread that learned
/// of them (ns from the request's post), and this turns them into a RequestRecord: SSE framing,
/// chunk decoding, token accounting and failure classification (docs/metrics.md). The engine's
/// requests and the connection check both measure through it. No QObject, no network types; not
/// thread-safe: one transport thread feeds it.
class StreamMeasurement
{
public:
    /// `url` is where the request went (for the failure explanations); `dialect` the API it
    /// speaks (how its events are decoded, what ends its stream).
    StreamMeasurement(const QUrl &url, const ApiDialect &dialect);

    RequestRecord &record() { return m_record; }
    const RequestRecord &record() const { return m_record; }
    /// Chunk arrivals are also appended to `batch` (the runner's, same thread); may be null.
    void setLiveBatch(LiveBatch *batch) { m_live = batch; }
    /// Keeps the answer's visible text, up to `maxChars` (a conversation sends it back next turn).
    void keepAnswer(qsizetype maxChars) { m_answerLimit = maxChars; }
    /// The visible text kept so far (keepAnswer()); answerCut() when it was longer than the limit.
    const QString &answer() const { return m_answer; }
    bool answerCut() const { return m_answerCut; }

    // --- milestones, each with the transport's timestamp
    void connectStarted(qint64 tNs);
    void tlsDone(qint64 tNs);
    void requestSent(qint64 tNs);
    /// Status line and headers.
    void headers(qint64 tNs, const ResponseHead &head);
    /// Why the body of a successful status will not be measured (ResponseHead::refusal()), or
    /// empty: a transport may stop the request then; finish() fails it as `protocol` either way.
    QString refusal() const { return m_refusal; }
    /// Bytes of the body as one read delivered them. Events parsed from them share `tNs`.
    void body(qint64 tNs, const QByteArray &bytes);
    /// The transfer ended at `tNs`: cleanly (`failure.kind == FailureKind::None`: the body ended),
    /// or with the transport's failure. Classifies the record; call once.
    void finish(qint64 tNs, const Failure::Description &failure);

    // --- what the connection check reads besides the record
    int textChunks() const { return m_textChunks; }
    int emptyChoiceChunks() const { return m_emptyChoiceChunks; }
    /// `[DONE]`, or the API's closing event (Anthropic message_stop, Responses response.completed).
    bool sawDone() const { return m_sawDone; }
    /// usage.completion_tokens as last sent; -1 when the stream carried none.
    int usageTokens() const { return m_usageTokens; }
    /// The server's own words: from an error body, or from an error event inside the stream.
    QString serverMessage() const;

private:
    void handleEvent(const ChunkInfo &chunk, qint64 tNs);
    void countChunkTokens(const ChunkInfo &chunk, bool timed);
    void keepAnswerText(const QString &text);
    void classifyHttpError();
    void classifyStream();
    void fail(FailureKind kind, const QString &message);
    QString emptyResponseMessage() const;
    QString incompleteStreamMessage() const;
    QString notAStreamMessage() const;
    QString chunkedEndNote() const;

    QUrl m_url;
    const ApiDialect &m_dialect;
    RequestRecord m_record;
    SseParser m_parser;
    QList<SseEvent> m_events; ///< reused between reads to avoid reallocations
    LiveBatch *m_live = nullptr;
    qsizetype m_answerLimit = 0; ///< 0: the answer's text is not kept
    QString m_answer;
    bool m_answerCut = false;
    QByteArray m_errorBody; ///< body of a 4xx/5xx answer, or the start of a 2xx one that is not SSE (bounded)
    QByteArray m_retryAfter;
    QByteArray m_contentType;
    bool m_eventStream = false; ///< Content-Type says text/event-stream
    QString m_refusal;
    bool m_chunked = false; ///< Transfer-Encoding: chunked
    bool m_endsWithConnection = false; ///< HTTP/1 without length or chunking: the body ends when the connection does
    QString m_streamError;
    QString m_malformed;
    qint64 m_lastReadNs = RequestRecord::kNever; ///< the newest read that delivered bytes
    int m_textChunks = 0;
    int m_emptyChoiceChunks = 0;
    int m_usageTokens = -1;
    /// The running usage count on the last text chunk, for chunkTokens; -1 once a text chunk came
    /// without a usable one (docs/metrics.md#per-token-itl-from-per-chunk-usage).
    int m_chunkUsageTokens = 0;
    bool m_sawDone = false;
    bool m_sawFinish = false; ///< the finish signal, an end marker or a closing event
    bool m_ended = false; ///< `[DONE]` or the closing event came: nothing after it is measured
    qint64 m_bodyBytes = 0;
};

} // namespace TokenScope
