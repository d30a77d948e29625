// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/sseparser.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QString>

#include <gtest/gtest.h>

#include <climits>
#include <map>
#include <ostream>
#include <string>

namespace TokenScope {

// Lets gtest print an event in failure messages (found by argument-dependent lookup).
static void PrintTo(const SseEvent &event, std::ostream *os)
{
    *os << "{event=\"" << event.event.toStdString() << "\" id=\"" << event.id.toStdString()
        << "\" retry=" << event.retryMs << " data=\"" << event.data.left(120).toStdString() << "\"}";
}

} // namespace TokenScope

namespace {

using namespace TokenScope;

// Every captured fixture in tests/data/sse. A file that goes missing (or one added without
// expectations) must fail the suite, not silently shrink it.
constexpr int kFixtureCount = 21;

QString fixtureDir()
{
    return QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse");
}

QStringList fixtureNames()
{
    return QDir(fixtureDir()).entryList({ QStringLiteral("*.sse") }, QDir::Files, QDir::Name);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QByteArray readFixture(const QString &name)
{
    return readFile(fixtureDir() + u'/' + name);
}

struct ParseResult
{
    QList<SseEvent> events;
    int commentLines = 0;
    bool error = false;
};

// Feeds `pieces` in order, then finish(), as the engine does with network reads.
ParseResult parsePieces(const QList<QByteArrayView> &pieces)
{
    SseParser parser;
    ParseResult result;
    int returned = 0;
    for (const QByteArrayView piece : pieces)
        returned += parser.feed(piece, &result.events);
    returned += parser.finish(&result.events);
    EXPECT_EQ(returned, result.events.size()) << "feed()/finish() must return what they appended";
    result.commentLines = parser.commentLines();
    result.error = parser.hasError();
    return result;
}

ParseResult parseWhole(const QByteArray &bytes)
{
    return parsePieces({ QByteArrayView(bytes) });
}

ParseResult parseSplitAt(const QByteArray &bytes, qsizetype pos)
{
    const QByteArrayView view(bytes);
    return parsePieces({ view.first(pos), view.sliced(pos) });
}

ParseResult parseBytewise(const QByteArray &bytes)
{
    QList<QByteArrayView> pieces;
    pieces.reserve(bytes.size());
    const QByteArrayView view(bytes);
    for (qsizetype i = 0; i < view.size(); ++i)
        pieces.append(view.sliced(i, 1));
    return parsePieces(pieces);
}

// Compact comparison: reports the first difference instead of printing two long lists.
::testing::AssertionResult sameParse(const ParseResult &expected, const ParseResult &actual)
{
    if (expected.events.size() != actual.events.size())
        return ::testing::AssertionFailure()
            << "event count " << actual.events.size() << ", expected " << expected.events.size();
    for (qsizetype i = 0; i < expected.events.size(); ++i) {
        if (!(expected.events[i] == actual.events[i]))
            return ::testing::AssertionFailure()
                << "event " << i << " is " << ::testing::PrintToString(actual.events[i]) << ", expected "
                << ::testing::PrintToString(expected.events[i]);
    }
    if (expected.commentLines != actual.commentLines)
        return ::testing::AssertionFailure()
            << "comment lines " << actual.commentLines << ", expected " << expected.commentLines;
    if (expected.error != actual.error)
        return ::testing::AssertionFailure() << "error flag " << actual.error;
    return ::testing::AssertionSuccess();
}

std::string testNameFor(const ::testing::TestParamInfo<QString> &info)
{
    std::string name = info.param.toStdString();
    for (char &c : name) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            c = '_';
    }
    return name;
}

QByteArray toCrlf(const QByteArray &lfOnly)
{
    QByteArray out = lfOnly;
    return out.replace("\n", "\r\n");
}

QByteArray toCr(const QByteArray &lfOnly)
{
    QByteArray out = lfOnly;
    return out.replace('\n', '\r');
}

QByteArray toLf(const QByteArray &crlf)
{
    QByteArray out = crlf;
    return out.replace("\r\n", "\n");
}

// ---------------------------------------------------------------------------------------------
// Every fixture: the event list must not depend on how the body was cut into reads.

TEST(SseFixtures, AllFixturesPresent)
{
    const QStringList names = fixtureNames();
    EXPECT_EQ(names.size(), kFixtureCount) << names.join(u' ').toStdString();
}

// Counted by hand from the files: dispatched events (a final event without its blank line counts,
// finish() dispatches it) and `:` comment lines.
TEST(SseFixtures, EventAndCommentCounts)
{
    struct Expected
    {
        int events;
        int comments;
    };
    const std::map<QString, Expected> expected = {
        { QStringLiteral("anthropic-messages-text.sse"), { 7, 0 } },
        { QStringLiteral("anthropic-messages-thinking.sse"), { 118, 0 } },
        { QStringLiteral("azure-openai-content-filter.sse"), { 7, 0 } },
        { QStringLiteral("azure-openai-model-router-reframed.sse"), { 8, 0 } },
        { QStringLiteral("deepseek-reasoner-reframed.sse"), { 52, 0 } },
        { QStringLiteral("gemini-native-crlf.sse"), { 3, 0 } },
        { QStringLiteral("groq-error-in-stream.sse"), { 95, 0 } },
        { QStringLiteral("huggingface-novita-sla-metrics.sse"), { 5, 0 } },
        { QStringLiteral("openai-chat-include-usage-2024.sse"), { 34, 0 } },
        { QStringLiteral("openai-chat-include-usage.sse"), { 12, 0 } },
        { QStringLiteral("openai-chat-obfuscation.sse"), { 51, 0 } },
        { QStringLiteral("openai-chat-reasoning-only-no-content.sse"), { 4, 0 } },
        { QStringLiteral("openai-chat-tool-calls.sse"), { 9, 0 } },
        { QStringLiteral("openai-completions-include-usage.sse"), { 27, 0 } },
        { QStringLiteral("openai-completions.sse"), { 26, 0 } },
        { QStringLiteral("openai-responses-text-2025-03.sse"), { 15, 0 } },
        { QStringLiteral("openai-responses-text-obfuscation.sse"), { 17, 0 } },
        { QStringLiteral("openrouter-error-in-stream.sse"), { 5, 17 } },
        { QStringLiteral("openrouter-reasoning-processing-comments.sse"), { 15, 4 } },
        { QStringLiteral("vllm-continuous-usage-stats.sse"), { 29, 0 } },
        { QStringLiteral("vllm-include-usage.sse"), { 17, 0 } },
    };
    ASSERT_EQ(expected.size(), size_t(kFixtureCount));
    for (const QString &name : fixtureNames()) {
        SCOPED_TRACE(name.toStdString());
        const auto it = expected.find(name);
        ASSERT_TRUE(it != expected.end()) << "no expectation for this fixture";
        const ParseResult result = parseWhole(readFixture(name));
        EXPECT_FALSE(result.error);
        EXPECT_EQ(result.events.size(), it->second.events);
        EXPECT_EQ(result.commentLines, it->second.comments);
    }
}

class SseFixtureSplits : public ::testing::TestWithParam<QString>
{
};

TEST_P(SseFixtureSplits, SameEventsAtEverySplitPoint)
{
    const QByteArray bytes = readFixture(GetParam());
    ASSERT_FALSE(bytes.isEmpty());
    const ParseResult whole = parseWhole(bytes);
    ASSERT_FALSE(whole.events.isEmpty());
    for (qsizetype pos = 0; pos <= bytes.size(); ++pos) {
        const ::testing::AssertionResult same = sameParse(whole, parseSplitAt(bytes, pos));
        if (!same) {
            ADD_FAILURE() << "split at byte " << pos << ": " << same.message();
            break; // one report per fixture is enough
        }
    }
}

TEST_P(SseFixtureSplits, SameEventsFedOneByteAtATime)
{
    const QByteArray bytes = readFixture(GetParam());
    EXPECT_TRUE(sameParse(parseWhole(bytes), parseBytewise(bytes)));
}

INSTANTIATE_TEST_SUITE_P(SseFixtures, SseFixtureSplits, ::testing::ValuesIn(fixtureNames()), testNameFor);

// Line-end variants of real streams give the same events.
TEST(SseFixtures, LineEndVariantsGiveSameEvents)
{
    const QStringList lfFixtures = {
        QStringLiteral("openai-chat-include-usage.sse"),
        QStringLiteral("anthropic-messages-text.sse"),
        QStringLiteral("openrouter-reasoning-processing-comments.sse"),
        QStringLiteral("vllm-continuous-usage-stats.sse"), // no final newline
        QStringLiteral("openai-responses-text-2025-03.sse"),
    };
    for (const QString &name : lfFixtures) {
        SCOPED_TRACE(name.toStdString());
        const QByteArray lf = readFixture(name);
        ASSERT_FALSE(lf.contains('\r'));
        const ParseResult expected = parseWhole(lf);
        EXPECT_TRUE(sameParse(expected, parseWhole(toCrlf(lf)))) << "LF -> CRLF";
        EXPECT_TRUE(sameParse(expected, parseWhole(toCr(lf)))) << "LF -> CR";
        EXPECT_TRUE(sameParse(expected, parseBytewise(toCrlf(lf)))) << "LF -> CRLF, byte by byte";
        EXPECT_TRUE(sameParse(expected, parseBytewise(toCr(lf)))) << "LF -> CR, byte by byte";
    }

    // Gemini's capture is CRLF on the wire.
    const QByteArray crlf = readFixture(QStringLiteral("gemini-native-crlf.sse"));
    ASSERT_TRUE(crlf.contains("\r\n"));
    const ParseResult expected = parseWhole(crlf);
    EXPECT_TRUE(sameParse(expected, parseWhole(toLf(crlf)))) << "CRLF -> LF";
    EXPECT_TRUE(sameParse(expected, parseWhole(toCr(toLf(crlf))))) << "CRLF -> CR";
}

// A CR at the end of a read followed by an LF at the start of the next is the case most likely
// to break: check it at every split point of CRLF-framed streams whose events have two lines
// (`event:` + `data:`), where a spurious blank line between them would lose the event name.
TEST(SseFixtures, CrlfVariantAtEverySplitPoint)
{
    const std::map<QString, int> fixtures = {
        { QStringLiteral("anthropic-messages-text.sse"), 7 },
        { QStringLiteral("openai-responses-text-2025-03.sse"), 15 },
    };
    for (const auto &[name, events] : fixtures) {
        SCOPED_TRACE(name.toStdString());
        const QByteArray crlf = toCrlf(readFixture(name));
        const ParseResult whole = parseWhole(crlf);
        ASSERT_EQ(whole.events.size(), events);
        EXPECT_TRUE(sameParse(parseWhole(readFixture(name)), whole));
        for (qsizetype pos = 0; pos <= crlf.size(); ++pos)
            ASSERT_TRUE(sameParse(whole, parseSplitAt(crlf, pos))) << "split at byte " << pos;
    }
}

// ---------------------------------------------------------------------------------------------
// Unit tests of the WHATWG rules.

QList<SseEvent> parseAll(QByteArrayView bytes)
{
    SseParser parser;
    QList<SseEvent> events;
    parser.feed(bytes, &events);
    parser.finish(&events);
    return events;
}

QByteArray withBom(const QByteArray &rest)
{
    return QByteArray("\xEF\xBB\xBF") + rest;
}

TEST(SseParser, CrAtEndOfReadPairsWithLfOfNextRead)
{
    SseParser parser;
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed("data: a\r", &events), 0);
    // If this LF were a second line end, it would be a blank line and dispatch "a" on its own.
    EXPECT_EQ(parser.feed("\ndata: b\r\n", &events), 0);
    EXPECT_EQ(parser.feed("\r", &events), 1);
    EXPECT_EQ(parser.feed("\n", &events), 0); // completes the CRLF of the blank line
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("a\nb"));
}

TEST(SseParser, CrAtEndOfReadThenCrIsABlankLine)
{
    SseParser parser;
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed("data: a\r", &events), 0);
    EXPECT_EQ(parser.feed("\r", &events), 1);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("a"));
}

TEST(SseParser, CrAtEndOfReadAffectsOnlyTheNextByte)
{
    SseParser parser;
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed("data: a\r", &events), 0);
    EXPECT_EQ(parser.feed("data: b\n", &events), 0);
    // This LF is a blank line: the CR two reads ago must not swallow it.
    EXPECT_EQ(parser.feed("\n", &events), 1);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("a\nb"));
}

TEST(SseParser, MixedLineEnds)
{
    const QList<SseEvent> events = parseAll("data: 1\r\ndata: 2\rdata: 3\n\r\ndata: 4\r\r");
    ASSERT_EQ(events.size(), 2);
    EXPECT_EQ(events[0].data, QByteArray("1\n2\n3"));
    EXPECT_EQ(events[1].data, QByteArray("4"));
}

TEST(SseParser, SkipsBomSplitAcrossReads)
{
    SseParser parser;
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed("\xEF", &events), 0);
    EXPECT_EQ(parser.feed("\xBB", &events), 0);
    EXPECT_EQ(parser.feed(QByteArray(QByteArray("\xBF") + "data: x\n\n"), &events), 1);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("x"));
}

TEST(SseParser, SkipsOnlyOneLeadingBom)
{
    // A second BOM belongs to the first line's field name, which is then unknown and ignored.
    EXPECT_EQ(parseAll(withBom(withBom("data: x\n\ndata: y\n\n"))).size(), 1);
    const QList<SseEvent> events = parseAll(withBom("data: x\n\n"));
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("x"));
}

TEST(SseParser, PartialBomIsData)
{
    // "\xEF" then not "\xBB": the byte starts the first line (field "\xEF" + "data", unknown).
    SseParser parser;
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed("\xEF", &events), 0);
    EXPECT_EQ(parser.feed("data: x\n\ndata: y\n\n", &events), 1);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("y"));
}

TEST(SseParser, Utf8CharacterSplitAcrossReads)
{
    const QByteArray body = QStringLiteral("data: 你好 → ok\n\n").toUtf8();
    for (qsizetype pos = 0; pos <= body.size(); ++pos) {
        SCOPED_TRACE(pos);
        const QByteArrayView view(body);
        SseParser parser;
        QList<SseEvent> events;
        parser.feed(view.first(pos), &events);
        parser.feed(view.sliced(pos), &events);
        ASSERT_EQ(events.size(), 1);
        EXPECT_EQ(QString::fromUtf8(events[0].data), QStringLiteral("你好 → ok"));
    }
}

TEST(SseParser, MultiLineDataJoinedWithLf)
{
    const QList<SseEvent> events = parseAll("data: a\ndata:b\ndata:  c\ndata\ndata:\n\n");
    ASSERT_EQ(events.size(), 1);
    // One leading space is stripped, no more; `data` without a colon is an empty data line.
    EXPECT_EQ(events[0].data, QByteArray("a\nb\n c\n\n"));
}

TEST(SseParser, EmptyDataLineStillDispatches)
{
    const QList<SseEvent> events = parseAll("data:\n\n");
    ASSERT_EQ(events.size(), 1);
    EXPECT_TRUE(events[0].data.isEmpty());
}

TEST(SseParser, EventWithoutDataIsNotDispatched)
{
    // WHATWG: an empty data buffer means no event, and the type is reset for the next one.
    const QList<SseEvent> events = parseAll("event: ping\n\ndata: x\n\nevent: add\ndata: y\n\n");
    ASSERT_EQ(events.size(), 2);
    EXPECT_TRUE(events[0].event.isEmpty());
    EXPECT_EQ(events[1].event, QByteArray("add"));
    EXPECT_EQ(events[1].data, QByteArray("y"));
}

TEST(SseParser, CommentsAreCountedAndIgnored)
{
    SseParser parser;
    QList<SseEvent> events;
    parser.feed(": OPENROUTER PROCESSING\n\n:\ndata: 1\n: mid-event\n\n", &events);
    EXPECT_EQ(parser.commentLines(), 3);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("1"));
}

TEST(SseParser, UnknownFieldsAndCaseAreIgnored)
{
    const QList<SseEvent> events = parseAll("Data: no\nfoo: bar\ndata: yes\nDATA: no\n\n");
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("yes"));
}

TEST(SseParser, IdPersistsAndRetryIsPerEvent)
{
    // Sized explicitly: the body contains a NUL byte.
    static const char body[] = "id: 42\nretry: 3000\ndata: a\n\n"
                               "data: b\n\n"
                               "id: x\0y\nretry: 12a\ndata: c\n\n"
                               "id\nretry:\ndata: d\n\n"
                               "retry: 99999999999\ndata: e\n\n";
    const QList<SseEvent> events = parseAll(QByteArrayView(body, sizeof(body) - 1));
    ASSERT_EQ(events.size(), 5);
    EXPECT_EQ(events[0].id, QByteArray("42"));
    EXPECT_EQ(events[0].retryMs, 3000);
    EXPECT_EQ(events[1].id, QByteArray("42")); // the last event id stays
    EXPECT_EQ(events[1].retryMs, -1);
    EXPECT_EQ(events[2].id, QByteArray("42")); // an id containing NUL is ignored
    EXPECT_EQ(events[2].retryMs, -1); // not digits only
    EXPECT_TRUE(events[3].id.isEmpty()); // `id` with no value resets it
    EXPECT_EQ(events[3].retryMs, -1);
    EXPECT_EQ(events[4].retryMs, INT_MAX); // capped, not wrapped
}

TEST(SseParser, EventField)
{
    const QList<SseEvent> events = parseAll("event: message_start\ndata: {}\n\nevent:error\ndata: x\n\n");
    ASSERT_EQ(events.size(), 2);
    EXPECT_EQ(events[0].event, QByteArray("message_start"));
    EXPECT_EQ(events[1].event, QByteArray("error"));
}

TEST(SseParser, FinishDispatchesEventWithoutBlankLine)
{
    {
        SseParser parser;
        QList<SseEvent> events;
        EXPECT_EQ(parser.feed("data: 1\n\ndata: [DONE]", &events), 1);
        EXPECT_EQ(parser.finish(&events), 1);
        ASSERT_EQ(events.size(), 2);
        EXPECT_EQ(events[1].data, QByteArray("[DONE]"));
        EXPECT_EQ(parser.finish(&events), 0); // nothing left
    }
    {
        SseParser parser;
        QList<SseEvent> events;
        EXPECT_EQ(parser.feed("data: [DONE]\n", &events), 0);
        EXPECT_EQ(parser.finish(&events), 1);
    }
    {
        SseParser parser;
        QList<SseEvent> events;
        EXPECT_EQ(parser.feed("data: [DONE]\r", &events), 0);
        EXPECT_EQ(parser.finish(&events), 1);
        ASSERT_EQ(events.size(), 1);
        EXPECT_EQ(events[0].data, QByteArray("[DONE]"));
    }
    {
        SseParser parser;
        QList<SseEvent> events;
        EXPECT_EQ(parser.feed("event: ping\n", &events), 0);
        EXPECT_EQ(parser.finish(&events), 0); // no data: nothing to dispatch
    }
}

TEST(SseParser, ResetStartsOver)
{
    SseParser parser;
    QList<SseEvent> events;
    parser.feed(": c\nid: 7\ndata: half", &events);
    parser.reset();
    EXPECT_EQ(parser.commentLines(), 0);
    parser.feed(withBom("data: new\n\n"), &events);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("new"));
    EXPECT_TRUE(events[0].id.isEmpty());
}

TEST(SseParser, LineAtTheLimitIsAccepted)
{
    const qsizetype limit = 64;
    QByteArray line = "data: ";
    line.append(QByteArray(limit - line.size(), 'x'));
    ASSERT_EQ(line.size(), limit);
    const QByteArray body = line + "\n\n";
    for (qsizetype pos = 0; pos <= body.size(); ++pos) {
        SseParser parser;
        parser.setMaxLineBytes(limit);
        QList<SseEvent> events;
        const QByteArrayView view(body);
        parser.feed(view.first(pos), &events);
        parser.feed(view.sliced(pos), &events);
        EXPECT_FALSE(parser.hasError()) << "split at " << pos;
        ASSERT_EQ(events.size(), 1);
    }
}

TEST(SseParser, OverLongLineSetsErrorAndMemoryStaysBounded)
{
    const qsizetype limit = 1024;
    SseParser parser;
    parser.setMaxLineBytes(limit);
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed("data: before\n\ndata: ", &events), 1);

    // A server that never ends its line: 1 MiB in 512-byte reads.
    const QByteArray piece(512, 'a');
    int reads = 0;
    for (; reads < 2048; ++reads) {
        EXPECT_EQ(parser.feed(piece, &events), 0);
        if (parser.hasError())
            break;
        // Never more than the limit of content (allow the allocator's growth on top).
        EXPECT_LE(parser.bufferedBytes(), 4 * limit);
    }
    EXPECT_TRUE(parser.hasError());
    EXPECT_LE(reads, 2) << "the error must come as soon as the limit is passed";
    EXPECT_EQ(parser.bufferedBytes(), 0);

    // Stays failed: no events, nothing held.
    for (int i = 0; i < 100; ++i)
        EXPECT_EQ(parser.feed(piece, &events), 0);
    EXPECT_EQ(parser.feed("\n\ndata: after\n\n", &events), 0);
    EXPECT_EQ(parser.finish(&events), 0);
    EXPECT_EQ(parser.bufferedBytes(), 0);
    ASSERT_EQ(events.size(), 1);
    EXPECT_EQ(events[0].data, QByteArray("before"));

    parser.reset();
    EXPECT_FALSE(parser.hasError());
    EXPECT_EQ(parser.feed("data: again\n\n", &events), 1);
}

TEST(SseParser, OverLongLineInOneRead)
{
    SseParser parser;
    parser.setMaxLineBytes(100);
    QList<SseEvent> events;
    const QByteArray body = "data: ok\n\ndata: " + QByteArray(200, 'b') + "\n\ndata: late\n\n";
    EXPECT_EQ(parser.feed(body, &events), 1);
    EXPECT_TRUE(parser.hasError());
    EXPECT_EQ(parser.bufferedBytes(), 0);
}

TEST(SseParser, EndlessDataLinesWithoutBlankLineAreBounded)
{
    SseParser parser;
    parser.setMaxLineBytes(1024);
    QList<SseEvent> events;
    for (int i = 0; i < 1000 && !parser.hasError(); ++i) {
        parser.feed("data: 0123456789\n", &events);
        EXPECT_LE(parser.bufferedBytes(), 4 * 1024);
    }
    EXPECT_TRUE(parser.hasError());
    EXPECT_EQ(parser.bufferedBytes(), 0);
    EXPECT_TRUE(events.isEmpty());
}

TEST(SseParser, DefaultLimitIs16MiB)
{
    SseParser parser;
    QList<SseEvent> events;
    const QByteArray piece(64 * 1024, 'z');
    parser.feed("data: ", &events);
    qsizetype fed = 6;
    while (!parser.hasError() && fed < 17 * 1024 * 1024) {
        parser.feed(piece, &events);
        fed += piece.size();
    }
    EXPECT_TRUE(parser.hasError());
    EXPECT_GT(fed, 16 * 1024 * 1024);
    EXPECT_LE(fed, 16 * 1024 * 1024 + piece.size());
    EXPECT_EQ(parser.bufferedBytes(), 0);
}

TEST(SseParser, ManyEventsInOneRead)
{
    QByteArray body;
    for (int i = 0; i < 1000; ++i)
        body += "data: " + QByteArray::number(i) + "\n\n";
    SseParser parser;
    QList<SseEvent> events;
    EXPECT_EQ(parser.feed(body, &events), 1000);
    ASSERT_EQ(events.size(), 1000);
    EXPECT_EQ(events[999].data, QByteArray("999"));
}

// Hand-written stream with every framing feature at once (tests/data/sse-extra).
TEST(SseParser, HandWrittenMixedFramingFixture)
{
    const QByteArray bytes = readFile(QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/sse-extra/bom-mixed-line-ends.sse"));
    ASSERT_FALSE(bytes.isEmpty());
    ASSERT_TRUE(bytes.startsWith("\xEF\xBB\xBF"));
    const ParseResult whole = parseWhole(bytes);
    ASSERT_EQ(whole.events.size(), 4);
    EXPECT_EQ(whole.commentLines, 2);
    EXPECT_EQ(whole.events[0].data, QByteArray("first"));
    EXPECT_EQ(whole.events[0].id, QByteArray("1"));
    EXPECT_EQ(whole.events[0].retryMs, 2500);
    EXPECT_EQ(whole.events[1].event, QByteArray("update"));
    EXPECT_EQ(whole.events[1].data, QByteArray("line one\nline two"));
    EXPECT_EQ(whole.events[1].id, QByteArray("1"));
    EXPECT_EQ(whole.events[2].data, QByteArray("third"));
    EXPECT_EQ(whole.events[2].id, QByteArray("3"));
    EXPECT_EQ(whole.events[3].data, QByteArray("[DONE]"));
    for (qsizetype pos = 0; pos <= bytes.size(); ++pos)
        ASSERT_TRUE(sameParse(whole, parseSplitAt(bytes, pos))) << "split at " << pos;
    EXPECT_TRUE(sameParse(whole, parseBytewise(bytes)));
}

} // namespace
