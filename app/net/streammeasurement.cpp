// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "streammeasurement.h"

#include "core/livebatch.h"
#include "net/chunkdecoder.h"

namespace TokenScope {

namespace {
constexpr qsizetype kMaxErrorBody = 64 * 1024;
}

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

void StreamMeasurement::headers(qint64 tNs, int httpStatus, int httpVersion, const QByteArray &retryAfter)
{
    if (m_record.headersNs < 0)
        m_record.headersNs = tNs;
    m_record.httpStatus = httpStatus;
    m_record.httpVersion = httpVersion;
    m_retryAfter = retryAfter;
}

void StreamMeasurement::body(qint64 tNs, const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    if (m_record.firstByteNs < 0)
        m_record.firstByteNs = tNs;
    m_lastReadNs = tNs;
    ++m_record.reads;
    if (m_record.httpStatus >= 400) {
        if (m_errorBody.size() < kMaxErrorBody)
            m_errorBody += bytes.left(kMaxErrorBody - m_errorBody.size());
        return;
    }
    m_events.clear();
    m_parser.feed(bytes, &m_events);
    // Events parsed out of one read share that read's timestamp.
    for (const SseEvent &event : std::as_const(m_events))
        handleEvent(decodeChunk(event, m_dialect.streamFormat), tNs);
}

void StreamMeasurement::handleEvent(const ChunkInfo &chunk, qint64 tNs)
{
    ++m_record.events;
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
        if (m_record.doneNs < 0)
            m_record.doneNs = tNs;
        break;
    case ChunkInfo::Kind::StreamError:
        if (m_streamError.isEmpty())
            m_streamError = chunk.errorMessage;
        return;
    case ChunkInfo::Kind::Malformed:
        if (m_malformed.isEmpty())
            m_malformed = chunk.errorMessage;
        return;
    case ChunkInfo::Kind::Ignored:
        return;
    }
    if (chunk.emptyChoices && !chunk.hasText() && chunk.completionTokens < 0)
        ++m_emptyChoiceChunks;
    if (!chunk.hasText())
        return;
    ++m_textChunks;
    m_record.chunkTimesNs.append(tNs);
    if (m_live)
        m_live->chunks.append({ m_record.levelIndex, m_record.level, m_record.index, m_record.warmup,
            m_record.startNs + tNs, m_textChunks == 1 });
    if (m_record.ttftNs < 0)
        m_record.ttftNs = tNs;
    if (chunk.contentChars > 0 && m_record.ttfcNs < 0)
        m_record.ttfcNs = tNs;
    m_record.lastTokenNs = tNs;
}

void StreamMeasurement::finish(qint64 tNs, const Failure::Description &failure)
{
    m_record.endNs = tNs;
    if (m_record.httpStatus >= 400) {
        classifyHttpError();
    } else if (failure.kind != FailureKind::None) {
        fail(failure.kind, failure.message);
        if (m_textChunks > 0) // a cut stream keeps what it measured; say how far it got
            m_record.errorMessage += QStringLiteral(" %1 text chunks had arrived; their times are kept.").arg(m_textChunks);
    } else {
        classifyStream();
    }
    // Also for a failed stream: what arrived before the failure stays measured.
    m_record.outputTokensFromUsage = m_usageTokens >= 0;
    m_record.outputTokens = m_usageTokens >= 0 ? m_usageTokens : m_textChunks;
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
        fail(FailureKind::MalformedStream, QStringLiteral("An SSE line exceeded the 16 MiB limit; the stream was dropped."));
    else if (!m_streamError.isEmpty())
        fail(FailureKind::StreamError, QStringLiteral("The server reported an error inside the stream: ") + m_streamError);
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
        .arg(m_textChunks);
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
    return QStringLiteral("The stream carried no text (%1 events).").arg(m_record.events);
}

} // namespace TokenScope
