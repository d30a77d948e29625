// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile streams against the real engine: a loopback peer (HostilePeer, or tests/net/h2peer.py for
// HTTP/2) answers with exactly the bytes of a script, and each test pins what the request's record
// says (docs/metrics.md#protocol-notes, docs/metrics.md#failure-kinds).
#include "net/failure.h"
#include "report/reportwriters.h"
#include "support/enginerun.h"
#include "support/hostilepeer.h"
#include "testpaths.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <gtest/gtest.h>

#include <climits>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

QByteArray textChunk(const QByteArray &text)
{
    return QByteArrayLiteral("data: {\"id\":\"h\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                             "\"delta\":{\"content\":\"")
        + text + QByteArrayLiteral("\"},\"finish_reason\":null}]}\n\n");
}

QByteArray finishChunk()
{
    return QByteArrayLiteral("data: {\"id\":\"h\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
                             "\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n");
}

QByteArray usageChunk(qint64 completionTokens)
{
    return QByteArrayLiteral("data: {\"id\":\"h\",\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":")
        + QByteArray::number(completionTokens) + QByteArrayLiteral("}}\n\n");
}

const QByteArray kDone = QByteArrayLiteral("data: [DONE]\n\n");

/// One request against a HostilePeer playing `script`; its record.
RequestRecord measureOnce(const HostileScript &script, int maxTokens = 16)
{
    HostilePeer peer(script);
    if (!peer.start()) {
        ADD_FAILURE() << "the hostile peer could not listen";
        return {};
    }
    const RunResult run = runAndWait(quickConfig(peer.baseUrl() + QStringLiteral("/v1"), 1, 1, maxTokens));
    const QList<RequestRecord> records = measured(run);
    if (records.size() != 1) {
        ADD_FAILURE() << "expected one measured request, got " << records.size();
        return {};
    }
    return records.first();
}

/// A whole HTTP/1.1 answer in one write: `head` lines (without the blank line), then `body`.
HostileScript rawAnswer(
    const QByteArray &head, const QByteArray &body, HostileScript::Ending ending = HostileScript::Ending::Close)
{
    HostileScript script;
    script.steps.append({ head + QByteArrayLiteral("\r\n\r\n") + body, 0 });
    script.ending = ending;
    return script;
}

QByteArray chunked(const QByteArray &bytes)
{
    return QByteArray::number(bytes.size(), 16) + QByteArrayLiteral("\r\n") + bytes + QByteArrayLiteral("\r\n");
}

const QByteArray kChunkedHead = QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                                  "Transfer-Encoding: chunked\r\nConnection: close");

std::string text(const QString &s)
{
    return s.toStdString();
}

} // namespace

// A usage chunk and ten text chunks after `data: [DONE]` once turned 5 output tokens into 9999 and
// TPOT into 0.00 ms. After the end marker nothing counts; the extra events are a note.
TEST(HostileStream, EventsAfterDoneAreCountedNotMeasured)
{
    QList<QByteArray> events;
    for (int i = 0; i < 5; ++i)
        events.append(textChunk("tok"));
    events += { finishChunk(), usageChunk(5), kDone, usageChunk(9999) };
    for (int i = 0; i < 10; ++i)
        events.append(textChunk("late"));
    const RequestRecord r = measureOnce(HostileScript::sse(events, 5));
    EXPECT_TRUE(r.ok) << text(r.errorMessage);
    EXPECT_EQ(r.outputTokens, 5);
    EXPECT_TRUE(r.outputTokensFromUsage);
    EXPECT_EQ(r.chunkTimesNs.size(), 5);
    EXPECT_EQ(r.eventsAfterDone, 11);
    EXPECT_TRUE(r.doneMarker);
    EXPECT_LE(r.lastTokenNs, r.doneNs) << "no text time after the end marker";

    RunResult run;
    run.records = { r };
    const QJsonObject line = Report::requestJson(r);
    EXPECT_EQ(line.value(QLatin1String("events_after_done")).toInt(), 11);
}

// One request of a million events once held 463 MB: a record keeps the first kMaxChunkTimes chunk
// times and counts the rest, while output_tokens and E2E still cover every chunk.
TEST(HostileStream, ChunkTimesAreCappedPerRequest)
{
    const int chunks = RequestRecord::kMaxChunkTimes + 1000;
    QByteArray body;
    for (int i = 0; i < chunks; ++i)
        body += textChunk("x");
    body += finishChunk() + kDone; // no usage: output tokens are the chunk count
    const RequestRecord r = measureOnce(HostileScript::sse({ body }), chunks);
    EXPECT_TRUE(r.ok) << text(r.errorMessage);
    EXPECT_EQ(r.chunkTimesNs.size(), RequestRecord::kMaxChunkTimes);
    EXPECT_EQ(r.chunkTimesDropped, 1000);
    EXPECT_EQ(r.textChunks(), chunks);
    EXPECT_EQ(r.outputTokens, chunks);
    EXPECT_FALSE(r.outputTokensFromUsage);
    EXPECT_GE(r.lastTokenNs, r.chunkTimesNs.constLast());

    const QJsonObject line = Report::requestJson(r);
    EXPECT_EQ(line.value(QLatin1String("chunks")).toInt(), chunks);
    EXPECT_EQ(line.value(QLatin1String("chunk_times_dropped")).toInt(), 1000);
}

// usage of INT_MAX tokens for max_tokens 256 was taken at its word. It is not believed now: the
// output is counted from the text chunks, and the rejected count is on the record. Usage above
// max_tokens that an answer can reach (reasoning counted outside max_tokens) is used, with a note.
TEST(HostileStream, AbsurdUsageIsNotBelievedAndUsageAboveMaxTokensIsNoted)
{
    QList<QByteArray> events;
    for (int i = 0; i < 5; ++i)
        events.append(textChunk("tok"));
    events += { finishChunk(), usageChunk(INT_MAX), kDone };
    const RequestRecord r = measureOnce(HostileScript::sse(events), 256);
    EXPECT_TRUE(r.ok) << text(r.errorMessage);
    EXPECT_EQ(r.usageTokensRejected, INT_MAX);
    EXPECT_FALSE(r.outputTokensFromUsage);
    EXPECT_EQ(r.outputTokens, 5);

    // Above max_tokens but within reach: believed, and the results say the server went past it.
    QList<QByteArray> plausible = events;
    plausible[6] = usageChunk(300);
    const RequestRecord p = measureOnce(HostileScript::sse(plausible), 256);
    EXPECT_EQ(p.usageTokensRejected, -1);
    EXPECT_TRUE(p.outputTokensFromUsage);
    EXPECT_EQ(p.outputTokens, 300);
    RunResult run;
    run.config.maxTokens = 256;
    run.records = { p, r };
    LevelSummary level;
    level.concurrency = 1;
    run.levels = { level };
    const QString notes = Report::reportNotes(run).join(u'\n');
    EXPECT_TRUE(notes.contains(u"more output tokens than max_tokens allowed")) << text(notes);
    EXPECT_TRUE(notes.contains(u"which no answer reaches")) << text(notes);
}

// A server that ignores stream:true answers one JSON object: that read "no text (0 events)".
TEST(HostileStream, JsonAnswerIsAProtocolFailure)
{
    const QByteArray json = QByteArrayLiteral(
        "{\"id\":\"c\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
        "\"content\":\"whole answer\"},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":5,"
        "\"completion_tokens\":7}}");
    const RequestRecord r = measureOnce(rawAnswer(QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: application/json"
                                                                    "\r\nContent-Length: ")
            + QByteArray::number(json.size()),
        json));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(text(r.errorKind), "protocol");
    EXPECT_NE(r.errorMessage.indexOf(u"ignored \"stream\": true"), -1) << text(r.errorMessage);
    EXPECT_NE(r.errorMessage.indexOf(u"7 output tokens"), -1) << text(r.errorMessage);
}

// A gzip body (TokenScope sends Accept-Encoding: identity) read as SSE is noise.
TEST(HostileStream, CompressedBodyIsAProtocolFailure)
{
    const QByteArray gzipped = QByteArray::fromHex("1f8b08000000000000034b492c49b452a8ae55cacfb6e50200");
    const RequestRecord r = measureOnce(rawAnswer(QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream"
                                                                    "\r\nContent-Encoding: gzip\r\nConnection: close"),
        gzipped));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(text(r.errorKind), "protocol");
    EXPECT_NE(r.errorMessage.indexOf(u"Content-Encoding: gzip"), -1) << text(r.errorMessage);
}

// A chunk size that is not hexadecimal: Qt 6.4 reads it as the last chunk and ends the body
// cleanly, so the record names the chunked ending instead of "no text (0 events)".
TEST(HostileStream, BadChunkSizeNamesTheChunkedEnding)
{
    const RequestRecord first = measureOnce(
        rawAnswer(kChunkedHead, QByteArrayLiteral("zz\r\n") + textChunk("a") + QByteArrayLiteral("\r\n0\r\n\r\n")));
    EXPECT_FALSE(first.ok);
    EXPECT_EQ(text(first.errorKind), "empty_response");
    EXPECT_NE(first.errorMessage.indexOf(u"chunked framing"), -1) << text(first.errorMessage);

    const RequestRecord later = measureOnce(rawAnswer(kChunkedHead,
        chunked(textChunk("a")) + chunked(textChunk("b")) + QByteArrayLiteral("zz\r\n") + textChunk("c")));
    EXPECT_FALSE(later.ok);
    EXPECT_EQ(text(later.errorKind), "incomplete_stream");
    EXPECT_EQ(later.chunkTimesNs.size(), 2);
    EXPECT_NE(later.errorMessage.indexOf(u"chunked framing"), -1) << text(later.errorMessage);
}

// A TCP reset in the middle of a chunked body is a reset, with what arrived kept.
TEST(HostileStream, ResetMidChunkedStreamIsReset)
{
    HostileScript script;
    script.steps.append({ kChunkedHead + QByteArrayLiteral("\r\n\r\n"), 0 });
    for (int i = 0; i < 3; ++i)
        script.steps.append({ chunked(textChunk("tok")), 5 });
    script.ending = HostileScript::Ending::Reset;
    const RequestRecord r = measureOnce(script);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(text(r.errorKind), "reset") << text(r.errorMessage);
    EXPECT_EQ(r.chunkTimesNs.size(), 3);
}

// A body without length or chunking ends with the connection, and Qt 6.4 ends it the same way on a
// FIN and on a TCP reset: the record cannot say `reset`, so its message says what is known.
// libcurl sees the reset (the read fails with ECONNRESET): the record says `reset`.
TEST(HostileStream, ResetOfABodyWithoutLengthSaysWhatIsKnown)
{
    HostileScript script = HostileScript::sse({ textChunk("a"), textChunk("b"), textChunk("c") }, 5);
    script.ending = HostileScript::Ending::Reset;
    const RequestRecord r = measureOnce(script);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.chunkTimesNs.size(), 3);
    if (transportUnderTest() == u"curl") {
        EXPECT_EQ(text(r.errorKind), "reset") << text(r.errorMessage);
        return;
    }
    EXPECT_EQ(text(r.errorKind), "incomplete_stream");
    EXPECT_NE(r.errorMessage.indexOf(u"does not tell a TCP reset"), -1) << text(r.errorMessage);
}

// Megabytes of response headers cost CPU inside TTFT (54 KB took 64 ms here): a head past 64 KiB
// fails the request. Past 100 fields Qt 6.4 itself drops every header and goes on as if the
// response had none: that fails too, with a message that says so.
TEST(HostileStream, OversizeHeadersAreRefused)
{
    const auto headWith = [](int count, int size) {
        QByteArray head = QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close");
        for (int i = 0; i < count; ++i)
            head += QByteArrayLiteral("\r\nX-Pad-") + QByteArray::number(i) + QByteArrayLiteral(": ")
                + QByteArray(size, 'p');
        return head;
    };
    const QByteArray body = textChunk("a") + finishChunk() + kDone;
    const RequestRecord large = measureOnce(rawAnswer(headWith(20, 5000), body));
    EXPECT_FALSE(large.ok);
    EXPECT_EQ(text(large.errorKind), "protocol");
    EXPECT_NE(large.errorMessage.indexOf(u"headers are too large"), -1) << text(large.errorMessage);
    EXPECT_TRUE(large.chunkTimesNs.isEmpty()) << "the body of a refused head is not read";

    const RequestRecord many = measureOnce(rawAnswer(headWith(150, 600), body));
    EXPECT_FALSE(many.ok);
    EXPECT_EQ(text(many.errorKind), "protocol");
    // libcurl keeps every field, and the head is refused for its count (ResponseHead::kMaxHeaders).
    const QString why
        = transportUnderTest() == u"curl" ? QStringLiteral("101 headers") : QStringLiteral("more than 100");
    EXPECT_NE(many.errorMessage.indexOf(why), -1) << text(many.errorMessage);
}

// An error event of 100 KB was stored whole; the server's words are cut as an HTTP error body's are.
TEST(HostileStream, StreamErrorMessageIsCappedLikeAnErrorBody)
{
    const QByteArray huge(100 * 1024, 'e');
    const RequestRecord r = measureOnce(HostileScript::sse({ textChunk("a"),
        QByteArrayLiteral("data: {\"error\":{\"message\":\"") + huge + QByteArrayLiteral("\"}}\n\n") }));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(text(r.errorKind), "stream_error");
    EXPECT_LT(r.errorMessage.size(), Failure::kServerMessageChars + 100);
    EXPECT_TRUE(r.errorMessage.endsWith(QChar(0x2026)));
}

namespace {

// Debian's interpreter first: python3-h2 installs the module there.
QString pythonWithH2()
{
    for (const QString &python :
        { QStringLiteral("/usr/bin/python3"), QStandardPaths::findExecutable(QStringLiteral("python3")) }) {
        if (python.isEmpty() || !QFile::exists(python))
            continue;
        QProcess probe;
        probe.start(python, { QStringLiteral("-c"), QStringLiteral("import h2.connection") });
        if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
            return python;
    }
    return {};
}

/// One request over HTTP/2 (h2c) to tests/net/h2peer.py started with `--misbehave how`.
RequestRecord measureH2Once(const QString &how)
{
    const QString python = pythonWithH2();
    if (python.isEmpty()) {
        ADD_FAILURE() << "python3 with the h2 module is needed (apt-get install python3-h2)";
        return {};
    }
    QProcess peer;
    peer.start(python,
        { QStringLiteral(TOKENSCOPE_H2PEER_PATH), QStringLiteral("--max-streams"), QStringLiteral("8"),
            QStringLiteral("--ttft-ms"), QStringLiteral("5"), QStringLiteral("--interval-ms"), QStringLiteral("5"),
            QStringLiteral("--misbehave"), how });
    QString baseUrl;
    while (baseUrl.isEmpty() && (peer.canReadLine() || peer.waitForReadyRead(30000))) {
        const QString line = QString::fromUtf8(peer.readLine());
        const qsizetype at = line.indexOf(u"http://");
        if (at >= 0)
            baseUrl = line.mid(at).section(u' ', 0, 0);
    }
    if (baseUrl.isEmpty()) {
        ADD_FAILURE() << "h2peer printed no URL: " << peer.readAllStandardError().toStdString();
        return {};
    }
    RunConfig config = quickConfig(baseUrl, 1, 1, 16);
    config.http2 = true;
    const QList<RequestRecord> records = measured(runAndWait(config));
    peer.terminate();
    peer.waitForFinished(10000);
    if (records.size() != 1) {
        ADD_FAILURE() << "expected one measured request, got " << records.size();
        return {};
    }
    return records.first();
}

} // namespace

// An RST_STREAM(INTERNAL_ERROR) read "Internal server error", as if the server had answered 500.
TEST(HostileStreamHttp2, StreamResetByTheServerIsReset)
{
    const RequestRecord r = measureH2Once(QStringLiteral("rst"));
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.httpVersion, 2);
    EXPECT_EQ(text(r.errorKind), "reset") << text(r.errorMessage);
    EXPECT_NE(r.errorMessage.indexOf(u"INTERNAL_ERROR"), -1) << text(r.errorMessage);
    // libcurl 7.88 fails the stream as it reads the RST_STREAM and drops DATA it had not handed
    // over yet when both came in one read: the last chunk may be lost there.
    if (transportUnderTest() == u"curl") {
        EXPECT_GE(r.chunkTimesNs.size(), 2);
    } else {
        EXPECT_EQ(r.chunkTimesNs.size(), 3);
    }
}

// An HTTP/2 head without :status was taken as a success (Qt 6.4 reports status 100 then).
TEST(HostileStreamHttp2, MissingStatusIsRefused)
{
    const RequestRecord r = measureH2Once(QStringLiteral("no-status"));
    EXPECT_FALSE(r.ok);
    if (transportUnderTest() == u"qnam") {
        EXPECT_EQ(r.httpStatus, 100) << "Qt 6.4 reports its default status when :status never came";
    }
    EXPECT_EQ(text(r.errorKind), "protocol") << text(r.errorMessage);
}

// A redirect with no headers at all, closed at once: the head is refused and the request ends as a
// failure; before, the transport went on reading a reply it had just aborted (a crash).
TEST(HostileStream, ARedirectWithoutHeadersEndsTheRequestWithoutACrash)
{
    const RequestRecord r = measureOnce(rawAnswer(QByteArrayLiteral("HTTP/1.1 302 Found"), QByteArray()));
    EXPECT_FALSE(r.ok);
    EXPECT_FALSE(r.errorKind.isEmpty());
}

// "Content-Encoding: none" is no coding (gateways send it to keep proxies from buffering): the
// stream is measured as any other.
TEST(HostileStream, ContentEncodingNoneIsAnUncompressedStream)
{
    HostileScript script = HostileScript::sse({ textChunk("a"), textChunk("b"), finishChunk(), kDone });
    script.steps.first().bytes.replace("Cache-Control", "Content-Encoding: none\r\nCache-Control");
    const RequestRecord r = measureOnce(script);
    EXPECT_TRUE(r.ok) << text(r.errorMessage);
    EXPECT_EQ(r.chunkTimesNs.size(), 2);
}
