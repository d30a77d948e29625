// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// libFuzzer target over SseParser and decodeChunk. Input layout:
//   byte 0        flags: bits 0-2 = number of split lengths that follow (1..8), bit 3 = small line
//                 limit, bit 4 = also feed one byte at a time
//   bytes 1..n    split lengths: the body is fed in pieces of these sizes, cycling (0 = an empty read)
//   [byte n+1]    small line limit (16..271 bytes), only when bit 3 is set
//   the rest      the body
// A real crash, sanitizer report or broken invariant aborts, which libFuzzer records as a crash.
#include "net/chunkdecoder.h"
#include "net/sseparser.h"

#include <QByteArrayView>
#include <QList>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace TokenScope;

namespace {

// Instead of the parser's 16 MiB default, so that the memory bound checked below means something;
// flag bit 3 picks a limit of a few hundred bytes, which the fuzzer's inputs actually cross.
constexpr qsizetype kLineLimit = 64 * 1024;

struct Parse {
    QList<SseEvent> events;
    bool error = false;
    int commentLines = 0;
};

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "ssefuzzer: invariant broken: %s\n", what);
        std::abort();
    }
}

// Each of the two buffers behind bufferedBytes() holds at most `limit` bytes (checked before
// every append); QByteArray's geometric growth at most doubles a capacity, plus its header slack.
void checkBounded(const SseParser &parser, qsizetype limit)
{
    check(parser.bufferedBytes() <= 2 * (2 * limit + 64), "bufferedBytes exceeds the line limit bound");
    if (parser.hasError())
        check(parser.bufferedBytes() == 0, "a failed parser still holds memory");
}

Parse finishParse(SseParser &parser, QList<SseEvent> events, qsizetype limit)
{
    parser.finish(&events);
    // The line buffer may keep its (bounded) allocation for reuse even after finish().
    checkBounded(parser, limit);
    return { std::move(events), parser.hasError(), parser.commentLines() };
}

void feedChecked(SseParser &parser, QByteArrayView bytes, QList<SseEvent> *events, qsizetype limit)
{
    const qsizetype before = events->size();
    const int n = parser.feed(bytes, events);
    check(n == events->size() - before, "feed() count differs from events appended");
    checkBounded(parser, limit);
}

Parse parseWhole(SseParser &parser, QByteArrayView body, qsizetype limit)
{
    QList<SseEvent> events;
    feedChecked(parser, body, &events, limit);
    return finishParse(parser, std::move(events), limit);
}

Parse parseSplit(SseParser &parser, QByteArrayView body, QByteArrayView lengths, qsizetype limit)
{
    QList<SseEvent> events;
    qsizetype pos = 0;
    for (qsizetype i = 0; pos < body.size(); ++i) {
        qsizetype len = uint8_t(lengths[i % lengths.size()]);
        if (len == 0) {
            // An empty read (readyRead with nothing new) must change nothing; one byte follows so
            // that the loop always advances.
            feedChecked(parser, QByteArrayView(), &events, limit);
            len = 1;
        }
        len = std::min(len, body.size() - pos);
        feedChecked(parser, body.sliced(pos, len), &events, limit);
        pos += len;
    }
    return finishParse(parser, std::move(events), limit);
}

// A deliberately naive second reading of the same rules (whole body, byte loop, no buffering, no
// limit), written from the parser's documented behaviour rather than from its code: WHATWG lines,
// one leading BOM skipped, and finish() dispatching an event whose blank line never came.
Parse naiveParse(QByteArrayView body)
{
    Parse result;
    if (body.startsWith(QByteArrayView("\xEF\xBB\xBF")))
        body = body.sliced(3);
    SseEvent pending;
    bool hasData = false;
    QByteArray lastId;
    const auto processLine = [&](QByteArrayView line) {
        if (line.isEmpty()) {
            if (hasData) {
                pending.id = lastId;
                result.events.append(pending);
            }
            pending = SseEvent();
            hasData = false;
            return;
        }
        if (line[0] == ':') {
            ++result.commentLines;
            return;
        }
        qsizetype colon = 0;
        while (colon < line.size() && line[colon] != ':')
            ++colon;
        const QByteArrayView field = line.first(colon);
        QByteArrayView value = colon < line.size() ? line.sliced(colon + 1) : QByteArrayView();
        if (!value.isEmpty() && value[0] == ' ')
            value = value.sliced(1);
        if (field == QByteArrayView("data")) {
            if (hasData)
                pending.data += '\n';
            pending.data += value;
            hasData = true;
        } else if (field == QByteArrayView("event")) {
            pending.event = value.toByteArray();
        } else if (field == QByteArrayView("id")) {
            if (value.indexOf('\0') < 0)
                lastId = value.toByteArray();
        } else if (field == QByteArrayView("retry") && !value.isEmpty()) {
            qint64 ms = 0;
            qsizetype digits = 0;
            while (digits < value.size() && value[digits] >= '0' && value[digits] <= '9')
                ms = std::min<qint64>(ms * 10 + (value[digits++] - '0'), INT_MAX);
            if (digits == value.size())
                pending.retryMs = int(ms);
        }
    };
    qsizetype i = 0;
    while (i < body.size()) {
        qsizetype j = i;
        while (j < body.size() && body[j] != '\n' && body[j] != '\r')
            ++j;
        processLine(body.sliced(i, j - i));
        if (j + 1 < body.size() && body[j] == '\r' && body[j + 1] == '\n')
            ++j;
        i = j + 1;
    }
    processLine(QByteArrayView());
    return result;
}

// The decoder must never claim text for anything but a data chunk, nor negative lengths.
void checkDecoded(const SseEvent &event)
{
    for (const StreamFormat format :
         { StreamFormat::OpenAi, StreamFormat::Responses, StreamFormat::Anthropic, StreamFormat::Gemini }) {
        const ChunkInfo info = decodeChunk(event, format);
        check(info.contentChars >= 0 && info.reasoningChars >= 0, "negative character count");
        if (info.hasText())
            check(info.kind == ChunkInfo::Kind::Data, "text counted on a non-data chunk");
        if (info.kind == ChunkInfo::Kind::Malformed)
            check(!info.errorMessage.isEmpty(), "malformed chunk without a message");
        if (info.kind == ChunkInfo::Kind::StreamError)
            check(!info.errorMessage.isEmpty() || event.data.trimmed().isEmpty(), "stream error without a message");
    }
}

bool sameParse(const Parse &a, const Parse &b)
{
    return a.events == b.events && a.error == b.error && a.commentLines == b.commentLines;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    const uint8_t flags = data[0];
    const qsizetype splitCount = (flags & 0x07) + 1;
    const bool smallLimit = flags & 0x08;
    const bool byteAtATime = flags & 0x10;
    const qsizetype headerSize = 1 + splitCount + (smallLimit ? 1 : 0);
    if (qsizetype(size) < headerSize)
        return 0;
    const QByteArrayView lengths = input.sliced(1, splitCount);
    const qsizetype limit = smallLimit ? 16 + uint8_t(input[1 + splitCount]) : kLineLimit;
    const QByteArrayView body = input.sliced(headerSize);

    SseParser whole;
    whole.setMaxLineBytes(limit);
    const Parse reference = parseWhole(whole, body, limit);

    SseParser split;
    split.setMaxLineBytes(limit);
    check(sameParse(reference, parseSplit(split, body, lengths, limit)), "split reads give different events");

    // reset() must give a parser that behaves exactly like a new one, limit included.
    split.reset();
    check(sameParse(reference, parseWhole(split, body, limit)), "reset() parser differs from a new one");

    if (byteAtATime) {
        SseParser bytewise;
        bytewise.setMaxLineBytes(limit);
        check(sameParse(reference, parseSplit(bytewise, body, QByteArrayView("\x01", 1), limit)),
              "one-byte reads give different events");
    }

    // The limit only ever truncates a stream; within it, both readings must agree.
    if (!reference.error)
        check(sameParse(reference, naiveParse(body)), "parser differs from the naive reading");

    for (const SseEvent &event : reference.events) {
        check(event.data.size() <= limit, "event data over the limit");
        checkDecoded(event);
    }
    return 0;
}
