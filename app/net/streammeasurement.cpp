// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streammeasurement.h"

#include "core/livebatch.h"
#include "net/chunkdecoder.h"

#include <algorithm>
#include <limits>

namespace TokenScope {

namespace {
constexpr qsizetype kMaxErrorBody = 64 * 1024;
// Bytes of a read parsed before their events are handled: some hundreds of events at most.
constexpr qsizetype kParseSliceBytes = 64 * 1024;

// A count of what a server sends, which an endless stream must not overflow: it stops at INT_MAX.
void bump(int &count)
{
    if (count < std::numeric_limits<int>::max())
        ++count;
}
} // namespace

StreamMeasurement::StreamMeasurement(const QUrl &url, const ApiDialect &dialect)
    : m_url(url)
    , m_dialect(dialect)
{
}

void StreamMeasurement::connectStarted(qint64 tNs)
{
    // Qt 6.4 reports every new connection of a manager to the first reply still waiting, so the
    // first one counts as this request's; the sum over a level is exact.
    if (m_record.connectNs < 0)
        m_record.connectNs = tNs;
    ++m_record.connectionsOpened;
}

void StreamMeasurement::tlsDone(qint64 tNs)
{
    m_record.tlsNs = tNs;
}

void StreamMeasurement::requestSent(qint64 tNs)
{
    m_record.requestSentNs = tNs;
}

void StreamMeasurement::headers(qint64 tNs, const ResponseHead &head)
{
    if (m_record.headersNs < 0)
        m_record.headersNs = tNs;
    m_record.httpStatus = head.httpStatus;
    m_record.httpVersion = head.httpVersion;
    m_retryAfter = head.retryAfter;
    m_contentType = head.contentType;
    m_eventStream = head.contentType.toLower().contains("text/event-stream"); // once, not on every read
    m_chunked = head.transferEncoding.toLower().contains("chunked");
    m_endsWithConnection = head.httpVersion == 1 && !m_chunked && !head.hasContentLength;
    if (head.httpStatus < 400)
        m_refusal = head.refusal();
}

void StreamMeasurement::body(qint64 tNs, const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    if (m_record.firstByteNs < 0)
        m_record.firstByteNs = tNs;
    m_lastReadNs = tNs;
    bump(m_record.reads);
    m_bodyBytes += bytes.size();
    // An error answer, or one that may not be an event stream: its start says what it was.
    const bool keepStart = m_record.httpStatus >= 400 || !m_eventStream;
    if (keepStart && m_errorBody.size() < kMaxErrorBody)
        m_errorBody += bytes.left(kMaxErrorBody - m_errorBody.size());
    if (m_record.httpStatus >= 400 || !m_refusal.isEmpty())
        return;
    // Events parsed out of one read share that read's timestamp. The read is parsed a slice at a
    // time, each slice's events handled before the next: Qt may hand over a whole fast body in one
    // read, and its million events must not all be held at once (docs/performance.md#one-very-long-stream).
    const QByteArrayView all(bytes);
    for (qsizetype at = 0; at < all.size(); at += kParseSliceBytes) {
        m_events.clear();
        m_parser.feed(all.sliced(at, std::min(kParseSliceBytes, all.size() - at)), &m_events);
        for (const SseEvent &event : std::as_const(m_events))
            handleEvent(decodeChunk(event, m_dialect.streamFormat), tNs);
    }
    m_events.clear();
}

void StreamMeasurement::handleEvent(const ChunkInfo &chunk, qint64 tNs)
{
    bump(m_record.events);
    if (m_ended) {
        // After `[DONE]` (or the closing event) the answer is over: a server that goes on sending
        // text or usage must not change what was measured (docs/metrics.md#how-a-stream-ends-done_ms-and-done_marker).
        bump(m_record.eventsAfterDone);
        return;
    }
    if (m_record.responseId.isEmpty() && !chunk.responseId.isEmpty())
        m_record.responseId = chunk.responseId;
    if (chunk.completionTokens >= 0)
        m_usageTokens = chunk.completionTokens; // cumulative where sent on every chunk: keep the last
    if (chunk.promptTokens >= 0)
        m_record.promptTokens = chunk.promptTokens;
    if (chunk.cachedTokens >= 0)
        m_record.cachedTokens = chunk.cachedTokens;
    m_sawFinish = m_sawFinish || chunk.finishes || chunk.kind == ChunkInfo::Kind::Done;
    m_record.doneMarker = m_record.doneMarker || chunk.endMarker;
    switch (chunk.kind) {
    case ChunkInfo::Kind::Data:
        break;
    case ChunkInfo::Kind::Done:
        m_sawDone = true;
        m_ended = true;
        if (m_record.doneNs < 0)
            m_record.doneNs = tNs;
        break;
    case ChunkInfo::Kind::StreamError:
        if (m_streamError.isEmpty()) // one rule for the server's words, in a stream or an error body
            m_streamError = Failure::capServerText(chunk.errorMessage);
        return;
    case ChunkInfo::Kind::Malformed:
        if (m_malformed.isEmpty())
            m_malformed = Failure::capServerText(chunk.errorMessage);
        return;
    case ChunkInfo::Kind::Ignored:
        return;
    }
    if (chunk.emptyChoices && !chunk.hasText() && chunk.completionTokens < 0)
        ++m_emptyChoiceChunks;
    if (!chunk.emptyChoices && m_record.firstEventNs < 0)
        m_record.firstEventNs = tNs;
    if (!chunk.hasText())
        return;
    if (m_answerLimit > 0 && !chunk.content.isEmpty())
        keepAnswerText(chunk.content);
    bump(m_textChunks);
    countChunkTokens(chunk, m_record.chunkTimesNs.size() < RequestRecord::kMaxChunkTimes);
    // The first kMaxChunkTimes chunk times are kept, the rest only counted: one endless stream must
    // not grow the record without bound (docs/metrics.md#long-streams-the-chunk-time-cap).
    if (m_record.chunkTimesNs.size() < RequestRecord::kMaxChunkTimes) {
        m_record.chunkTimesNs.append(tNs);
        if (m_live)
            m_live->chunks.append({ m_record.levelIndex, m_record.level, m_record.index, m_record.warmup,
                m_record.startNs + tNs, m_textChunks == 1 });
    } else {
        bump(m_record.chunkTimesDropped);
    }
    if (m_record.ttftNs < 0)
        m_record.ttftNs = tNs;
    if (chunk.contentChars > 0 && m_record.ttfcNs < 0)
        m_record.ttfcNs = tNs;
    m_record.lastTokenNs = tNs;
}

void StreamMeasurement::keepAnswerText(const QString &text)
{
    const qsizetype room = m_answerLimit - m_answer.size();
    if (text.size() > room)
        m_answerCut = true;
    m_answer += QStringView(text).left(std::max<qsizetype>(0, room));
}

// Tokens in a text chunk: the rise of the running usage it carries. A text chunk without usage, a
// count that goes backwards or one no answer reaches leaves the whole request without chunkTokens.
void StreamMeasurement::countChunkTokens(const ChunkInfo &chunk, bool timed)
{
    if (m_chunkUsageTokens < 0)
        return;
    const int running = chunk.completionTokens;
    if (running < m_chunkUsageTokens || running > RequestRecord::kMaxPlausibleTokens) {
        m_chunkUsageTokens = -1;
        m_record.chunkTokens.clear();
        m_record.chunkTokens.squeeze();
        return;
    }
    if (timed)
        m_record.chunkTokens.append(running - m_chunkUsageTokens);
    m_chunkUsageTokens = running;
}

void StreamMeasurement::finish(qint64 tNs, const Failure::Description &failure)
{
    m_record.endNs = tNs;
    if (m_record.httpStatus >= 400) {
        classifyHttpError();
    } else if (!m_refusal.isEmpty()) {
        fail(FailureKind::Protocol, m_refusal);
    } else if (failure.kind != FailureKind::None) {
        fail(failure.kind, failure.message);
        if (m_textChunks > 0) // a cut stream keeps what it measured; say how far it got
            m_record.errorMessage
                += QStringLiteral(" %1 text chunks had arrived; their times are kept.").arg(m_textChunks);
    } else {
        classifyStream();
    }
    // Also for a failed stream: what arrived before the failure stays measured. A usage count no
    // answer reaches is not believed (docs/metrics.md#4-output_tokens-from-usage-else-from-chunks):
    // it would make TPOT and throughput whatever the server says.
    const bool believable = m_usageTokens <= RequestRecord::kMaxPlausibleTokens;
    if (!believable)
        m_record.usageTokensRejected = m_usageTokens;
    m_record.outputTokensFromUsage = m_usageTokens >= 0 && believable;
    m_record.outputTokens = m_record.outputTokensFromUsage ? m_usageTokens : m_textChunks;
}

void StreamMeasurement::classifyHttpError()
{
    const int status = m_record.httpStatus;
    fail(FailureKind::Http, Failure::explainHttp(status, Failure::serverMessage(m_errorBody), m_url, m_retryAfter));
}

void StreamMeasurement::classifyStream()
{
    m_events.clear();
    // A final event with no blank line after it is dispatched only now, at the end of the body, but
    // its bytes came with the last read: it gets that read's time, as every other event does.
    m_parser.finish(&m_events);
    for (const SseEvent &event : std::as_const(m_events))
        handleEvent(decodeChunk(event, m_dialect.streamFormat), m_lastReadNs);
    m_events.clear();

    if (m_record.doneNs < 0)
        m_record.doneNs = m_record.endNs; // end of body
    m_record.ok = true;
    if (m_parser.hasError())
        fail(FailureKind::MalformedStream,
            QStringLiteral("An SSE line exceeded the 16 MiB limit; the stream was dropped."));
    else if (!m_streamError.isEmpty())
        fail(FailureKind::StreamError,
            QStringLiteral("The server reported an error inside the stream: ") + m_streamError);
    else if (m_record.events == 0
        && (m_contentType.toLower().contains("json") || m_errorBody.trimmed().startsWith('{')))
        fail(FailureKind::Protocol, notAStreamMessage());
    else if (!m_malformed.isEmpty())
        fail(FailureKind::MalformedStream, QStringLiteral("The stream carried invalid JSON: ") + m_malformed);
    else if (m_textChunks == 0)
        fail(FailureKind::EmptyResponse, emptyResponseMessage());
    else if (!m_sawFinish)
        fail(FailureKind::IncompleteStream, incompleteStreamMessage());
}

void StreamMeasurement::fail(FailureKind kind, const QString &message)
{
    m_record.ok = false;
    m_record.errorKind = failureKindName(kind, m_record.httpStatus);
    m_record.errorMessage = message;
}

QString StreamMeasurement::serverMessage() const
{
    return m_record.httpStatus >= 400 ? Failure::serverMessage(m_errorBody) : m_streamError;
}

QString StreamMeasurement::incompleteStreamMessage() const
{
    // A body that ends after the finish signal is complete without the end marker: only a body cut
    // before it is incomplete (docs/metrics.md).
    const QString signal = m_dialect.endMarker.isEmpty()
        ? m_dialect.finishSignal
        : QStringLiteral("%1 or %2").arg(m_dialect.finishSignal, QString::fromLatin1(m_dialect.endMarker));
    return QStringLiteral("The stream ended before its finish signal (%1) after %2 text chunks: the response is "
                          "cut short.")
               .arg(signal)
               .arg(m_textChunks)
        + chunkedEndNote();
}

// What a chunked body that ended too soon may have been: Qt 6.4 takes a chunk size that is not a
// hexadecimal number for the last chunk and ends the body cleanly, so bad framing and an early
// last chunk look the same from here. A body without length or chunking ends with the connection,
// and Qt 6.4 ends it alike on a FIN and on a TCP reset.
QString StreamMeasurement::chunkedEndNote() const
{
    if (m_chunked)
        return QStringLiteral(" The chunked body ended after %1 bytes: the server sent its last chunk early, or bad "
                              "chunked framing (a chunk size that is not a hexadecimal number, which Qt reads as the "
                              "last chunk).")
            .arg(m_bodyBytes);
    if (m_endsWithConnection)
        return QStringLiteral(" The body had no length and ended when the connection closed, after %1 bytes (Qt does "
                              "not tell a TCP reset from a normal close there).")
            .arg(m_bodyBytes);
    return {};
}

QString StreamMeasurement::notAStreamMessage() const
{
    QString message = QStringLiteral("The server answered JSON (Content-Type: %1), not an event stream: it ignored "
                                     "\"stream\": true.")
                          .arg(m_contentType.isEmpty() ? QStringLiteral("none") : QString::fromLatin1(m_contentType));
    const ChunkInfo whole = decodeChunk(SseEvent { {}, m_errorBody, {}, -1 }, m_dialect.streamFormat);
    if (whole.kind == ChunkInfo::Kind::StreamError)
        message += QStringLiteral(" Server said: ") + Failure::capServerText(whole.errorMessage);
    else if (whole.completionTokens >= 0)
        message += QStringLiteral(" Its usage reports %1 output tokens.").arg(whole.completionTokens);
    return message;
}

QString StreamMeasurement::emptyResponseMessage() const
{
    if (m_emptyChoiceChunks > 0)
        return QStringLiteral("The stream carried no text: %1 chunks had empty `choices`. The gateway may be "
                              "filtering or not forwarding the model's output.")
            .arg(m_emptyChoiceChunks);
    if (m_usageTokens > 0)
        return QStringLiteral("The stream carried no text, yet usage reports %1 output tokens (hidden reasoning or "
                              "tool calls?): TTFT cannot be measured.")
            .arg(m_usageTokens);
    return QStringLiteral("The stream carried no text (%1 events).").arg(m_record.events)
        + (m_sawFinish ? QString() : chunkedEndNote());
}

} // namespace TokenScope
