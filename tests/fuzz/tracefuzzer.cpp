// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// libFuzzer target over loadTraceBytes and the prompts TracePromptSource makes of what it read
// (docs/methodology.md#trace-replay). The whole input is the trace file's bytes; its first byte
// (which is also the file's first byte) picks how the trace is replayed and its prompts are made:
//   bits 0-1  speed-up: 1, 2, 0.5, 1
//   bit 2     maxGapS 1 (else 0: gaps kept)
//   bit 3     start 1 (else 0)
//   bit 4     limit 3 (else 0: no limit)
//   bit 5     blocks of 16 tokens, the least TraceReplay allows (else 512)
//   bit 6     a cache-bust nonce ahead of every prompt
// A real crash, sanitizer report or broken invariant aborts, which libFuzzer records as a crash.
#include "workload/trace.h"

#include <QByteArray>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>

using namespace TokenScope;

namespace {

const QString kFileName = QStringLiteral("trace.jsonl");
/// What trace.cpp's Problems keeps: the first 20 problems, then one "…and N more" line.
constexpr int kMostProblemLines = 20;
/// The first block id of the warm-ups' prompts (trace.cpp): ids a trace may give stay below it,
/// so that warm-ups ask "blocks no entry has" (trace.h, TracePromptSource).
constexpr qint64 kWarmupBlockIds = qint64(1) << 59;
/// Prompts are made only for entries up to this many tokens (32 blocks of 512): a prompt is about
/// 5 characters a token, and one of 100,000 tokens already takes some 40 ms here, so the 4,000,000
/// an entry may ask would have the fuzzer spend its time copying words.
constexpr int kMostPromptTokens = 16'384;
constexpr int kIndexesAsked = 4;

void check(bool ok, const char *what)
{
    if (!ok) {
        std::fprintf(stderr, "tracefuzzer: invariant broken: %s\n", what);
        std::abort();
    }
}

// Lines as readEntries numbers them: split at each '\n', the last one without it.
int lineCount(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return 0;
    return int(bytes.count('\n')) + (bytes.endsWith('\n') ? 0 : 1);
}

// Every line blank after QByteArray::trimmed(): the file holds no entry.
bool allBlank(const QByteArray &bytes)
{
    return std::all_of(bytes.cbegin(), bytes.cend(), [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
    });
}

TraceReplay replayFor(uint8_t flags)
{
    TraceReplay replay;
    replay.path = kFileName;
    static constexpr double kSpeedups[] = { 1, 2, 0.5, 1 };
    replay.speedup = kSpeedups[flags & 0x03];
    replay.maxGapS = (flags & 0x04) ? 1 : 0;
    replay.start = (flags & 0x08) ? 1 : 0;
    replay.limit = (flags & 0x10) ? 3 : 0;
    replay.blockTokens = (flags & 0x20) ? TraceReplay::kMinBlockTokens : 512;
    replay.cacheBust = flags & 0x40;
    return replay;
}

// "line N: …" as Problems writes it; N, or 0 when the problem names no line.
int problemLine(const QString &problem)
{
    if (!problem.startsWith(QLatin1String("line ")))
        return 0;
    const qsizetype colon = problem.indexOf(QLatin1Char(':'));
    bool ok = false;
    const int line = colon > 5 ? problem.mid(5, colon - 5).toInt(&ok) : 0;
    return ok ? line : 0;
}

// Nothing is sent from a malformed trace: the problems say why, at most 20 of them by line (then
// how many more), or the one thing wrong with the whole trace.
void checkProblems(const QByteArray &bytes, const TraceReplay &replay, const QStringList &problems)
{
    check(!problems.isEmpty(), "a trace refused without a problem");
    check(problems.size() <= kMostProblemLines + 1, "more than 20 problems and the count of the rest");
    const int lines = lineCount(bytes);
    if (problemLine(problems.first()) == 0) {
        check(problems.size() == 1, "a whole-trace problem with others");
        if (allBlank(bytes)) {
            check(problems.first() == QStringLiteral("The trace %1 holds no entries.").arg(kFileName),
                "a blank trace refused for another reason");
        } else {
            // Only a start past the end is left: this input has one entry, and it is readable.
            check(replay.start == 1 && problems.first() == QStringLiteral("The trace starts at entry 1, but it holds 1."),
                "a whole-trace problem other than no entries or the start");
            TraceReplay fromZero = replay;
            fromZero.start = 0;
            QStringList again;
            const std::optional<Trace> whole = loadTraceBytes(bytes, kFileName, fromZero, &again);
            check(whole && whole->entriesInFile == 1 && again.isEmpty(), "a start past the end of a trace that is not one entry");
        }
        return;
    }
    check(!allBlank(bytes), "a line problem in a blank trace");
    int previous = 0;
    for (qsizetype i = 0; i < problems.size(); ++i) {
        if (i == kMostProblemLines) {
            check(problems.at(i).startsWith(QStringLiteral("…and ")), "a 21st problem that is not the count of the rest");
            break;
        }
        const int line = problemLine(problems.at(i));
        check(line > previous && line <= lines, "problems not by line, or naming a line the file does not have");
        previous = line;
    }
}

bool isLowerHex(const QString &s)
{
    return std::all_of(s.cbegin(), s.cend(), [](QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f'); });
}

void checkEntry(const TraceEntry &entry, int lines)
{
    check(entry.line >= 1 && entry.line <= lines, "an entry on a line the file does not have");
    check(entry.timestampUs >= 0 && entry.timestampUs <= qint64(1e15), "a timestamp out of 0..10^12 ms");
    check(entry.outputLength >= 0, "a negative output length");
    check(entry.hashIds.size() <= kTraceMaxHashIds, "more hash ids than an entry may have");
    if (!entry.messages.isEmpty()) {
        check(entry.inputLength == 0 && entry.hashIds.isEmpty(), "an entry with both messages and lengths");
        for (const QJsonValue &message : entry.messages)
            check(message.toObject().value(QLatin1String("content")).isString(), "a message without string content");
        return;
    }
    check(entry.inputLength >= 1 && entry.inputLength <= kTraceMaxInputTokens, "an input length out of range");
    for (const qint64 id : entry.hashIds)
        check(id >= 0 && id <= (qint64(1) << 53) && id < kWarmupBlockIds,
            "a hash id out of 0..2^53 (exact in JSON), below the warm-ups' blocks");
}

// Each gap cut to maxGapS (when set), then divided by the speed-up, in exact integer arithmetic
// (timestamps are whole µs; the speed-ups here are 1, 2 and 0.5); sendTimes() goes through doubles,
// so a few ns of rounding per 10^18 are allowed.
void checkSchedule(const Trace &trace, const TraceReplay &replay)
{
    check(trace.sendNs.size() == trace.entries.size(), "sendNs and entries differ in size");
    if (trace.sendNs.isEmpty())
        return;
    check(trace.sendNs.first() == 0, "the first entry is not due at 0");
    const qint64 capUs = replay.maxGapS > 0 ? qint64(replay.maxGapS * 1e6) : std::numeric_limits<qint64>::max();
    __int128 atUs = 0;
    for (qsizetype i = 0; i < trace.entries.size(); ++i) {
        if (i > 0) {
            const qint64 gapUs = trace.entries.at(i).timestampUs - trace.entries.at(i - 1).timestampUs;
            check(gapUs >= 0, "entries not in timestamp order");
            if (gapUs == 0)
                check(trace.entries.at(i).line > trace.entries.at(i - 1).line, "equal timestamps out of file order");
            atUs += std::min(gapUs, capUs);
            check(trace.sendNs.at(i) >= trace.sendNs.at(i - 1), "sendNs decreasing");
        }
        const __int128 wantNs = replay.speedup == 2 ? atUs * 500 : replay.speedup == 0.5 ? atUs * 2000 : atUs * 1000;
        const __int128 off = __int128(trace.sendNs.at(i)) - wantNs;
        check((off < 0 ? -off : off) <= 2 + wantNs / 100'000'000'000'000, "a send time off the scaled, cut timeline");
    }
    const double span = trace.spanS();
    const double rate = trace.meanRate();
    check(std::isfinite(span) && span >= 0, "a span that is not finite and ≥ 0");
    check(std::isfinite(rate) && rate >= 0, "a mean rate that is not finite and ≥ 0");
    if (trace.entries.size() < 2)
        check(rate == 0, "a mean rate for a single entry");
}

// A trace of sessions: every entry in exactly one conversation, each conversation's entries in
// timestamp order and of one session id, conversations in the order of their first entries, and
// each conversation's first entry its start.
void checkSessions(const Trace &trace)
{
    const bool named = std::any_of(
        trace.entries.cbegin(), trace.entries.cend(), [](const TraceEntry &e) { return !e.sessionId.isEmpty(); });
    check(trace.hasSessions() == named, "conversations without a session id, or session ids without them");
    if (!trace.hasSessions()) {
        check(trace.startNs() == trace.sendNs, "a trace without sessions starting other than its entries");
        return;
    }
    QList<int> seen(trace.entries.size(), 0);
    int previousFirst = -1;
    for (const QList<int> &session : trace.sessions) {
        check(!session.isEmpty() && session.first() > previousFirst, "conversations not in the order of first entries");
        previousFirst = session.first();
        const QString id = trace.entries.at(session.first()).sessionId;
        check(session.size() == 1 || !id.isEmpty(), "entries without a session id joined into one conversation");
        for (qsizetype t = 0; t < session.size(); ++t) {
            const int e = session.at(t);
            check(e >= 0 && e < trace.entries.size(), "a conversation naming an entry the trace does not have");
            ++seen[e];
            check(trace.entries.at(e).sessionId == id, "one conversation of two session ids");
            check(t == 0 || e > session.at(t - 1), "a conversation's turns out of timestamp order");
        }
    }
    check(std::all_of(seen.cbegin(), seen.cend(), [](int n) { return n == 1; }), "an entry in no conversation or two");
    const QList<qint64> starts = trace.startNs();
    check(starts.size() == trace.sessions.size(), "starts and conversations differ in number");
    for (qsizetype i = 0; i < starts.size(); ++i)
        check(starts.at(i) == trace.sendNs.at(trace.sessions.at(i).first()), "a start other than its first entry's time");
}

void checkTrace(const QByteArray &bytes, const TraceReplay &replay, const Trace &trace)
{
    const int lines = lineCount(bytes);
    check(trace.fileName == kFileName && trace.sizeBytes == bytes.size(), "the file's name or size not kept");
    check(trace.sha256Hex.size() == 64 && isLowerHex(trace.sha256Hex), "a digest that is not 64 hex digits");
    check(trace.entriesInFile >= 1 && trace.entriesInFile <= lines, "entries in file out of 1..lines");
    check(replay.start < trace.entriesInFile, "a start past the end accepted");
    const qsizetype left = trace.entriesInFile - replay.start;
    check(trace.entries.size() == (replay.limit > 0 ? std::min<qsizetype>(replay.limit, left) : left),
        "entries replayed other than the start and limit cut");
    check(trace.entriesInFile >= trace.entries.size(), "more entries replayed than in the file");
    QSet<int> seen;
    bool hashed = false;
    bool lengths = false;
    for (const TraceEntry &entry : trace.entries) {
        checkEntry(entry, lines);
        check(!seen.contains(entry.line), "two entries from one line");
        seen.insert(entry.line);
        hashed = hashed || !entry.hashIds.isEmpty();
        lengths = lengths || entry.messages.isEmpty();
    }
    check(trace.format == (hashed ? QLatin1String("mooncake") : QLatin1String("timed")),
        "a format other than mooncake with hash ids, timed without");
    check(trace.needsCalibration() == lengths, "needsCalibration() other than an entry from lengths");
    checkSchedule(trace, replay);
    checkSessions(trace);
    check(!allBlank(bytes), "entries from a blank trace");

    // The cut is a slice of the whole trace in timestamp order.
    TraceReplay whole = replay;
    whole.start = 0;
    whole.limit = 0;
    QStringList problems;
    const std::optional<Trace> all = loadTraceBytes(bytes, kFileName, whole, &problems);
    check(all && problems.isEmpty(), "a trace read with a cut but not without");
    check(all->entriesInFile == trace.entriesInFile && all->entries.size() == trace.entriesInFile,
        "the whole trace holds other than entriesInFile entries");
    for (qsizetype i = 0; i < trace.entries.size(); ++i)
        check(trace.entries.at(i).line == all->entries.at(replay.start + i).line, "the cut is not a slice of the whole");
}

// docs/methodology.md#trace-replay: 3 body words per 4 tokens beyond 20 of template and tag.
CalibrationFit trivialFit()
{
    CalibrationFit fit;
    fit.emptyTokens = 20;
    fit.points = { { 0, 20 }, { 384, 532 } };
    return fit;
}

void checkBlock(const TracePromptSource &source, qint64 id, int tokens)
{
    const QString text = source.blockText(id, tokens);
    check(!text.isEmpty() && text.endsWith(QLatin1Char('\n')), "a block's text empty or not ending its line");
    check(text == source.blockText(id, tokens), "one block id and length giving two texts");
}

void checkPrompts(const Trace &parsed, const TraceReplay &replay)
{
    const auto trace = std::make_shared<const Trace>(parsed);
    const QString nonce = replay.cacheBust ? QStringLiteral("Replay 0badcafe.\n\n") : QString();
    const TracePromptSource source(trace, trivialFit(), replay.blockTokens, nonce);
    check(source.sendTimesNs() == trace->startNs(), "the source's schedule is not the trace's starts");
    const QJsonObject spec = source.spec();
    check(spec.value(QLatin1String("entries_replayed")).toInt() == trace->entries.size()
            && spec.value(QLatin1String("format")).toString() == trace->format,
        "a spec that misstates the trace");

    for (int index = 0; index < kIndexesAsked; ++index) {
        const Prompt warmup = source.next(-1, index, 0);
        check(warmup.id == QStringLiteral("trace-warmup-%1").arg(index) && warmup.text.startsWith(nonce)
                && warmup.text.size() > nonce.size(),
            "a warm-up without its id or text");

        const TraceEntry &entry = trace->entries.at(index % trace->entries.size());
        if (entry.inputLength > kMostPromptTokens)
            continue;
        const Prompt prompt = source.next(0, index, 0);
        check(prompt.id == QStringLiteral("trace-%1").arg(entry.line), "a prompt id other than its entry's line");
        check(prompt.maxTokens == entry.outputLength, "a prompt's max_tokens other than its entry's output_length");
        if (!entry.messages.isEmpty()) {
            check(prompt.messages.size() == entry.messages.size(), "messages added or dropped");
            const QString first = entry.messages.first().toObject().value(QLatin1String("content")).toString();
            check(prompt.messages.first().toObject().value(QLatin1String("content")).toString() == nonce + first,
                "the first message not the nonce and its content");
            for (qsizetype m = 1; m < entry.messages.size(); ++m)
                check(prompt.messages.at(m) == entry.messages.at(m), "a later message changed");
            continue;
        }
        check(prompt.targetInputTokens == entry.inputLength, "a prompt aiming at another length than its entry's");
        check(prompt.text.startsWith(nonce) && prompt.text.size() > nonce.size() && prompt.text.endsWith(u'\n'),
            "a prompt from lengths that is empty or not whole blocks");
        // Equal ids, equal text: the first block is the text of its id, whichever entry asks it.
        if (!entry.hashIds.isEmpty())
            check(prompt.text.startsWith(
                      nonce + source.blockText(entry.hashIds.first(), std::min(replay.blockTokens, entry.inputLength))),
                "a prompt whose first block is not its first hash id's text");
        check(source.next(0, index + int(trace->entries.size()), 0).text == prompt.text,
            "a later request of the same entry with another prompt");
    }

    for (const qint64 id : { qint64(0), qint64(1), kWarmupBlockIds - 1 }) {
        checkBlock(source, id, 1);
        checkBlock(source, id, replay.blockTokens);
    }
    for (const TraceEntry &entry : trace->entries.first(std::min<qsizetype>(kIndexesAsked, trace->entries.size()))) {
        if (!entry.hashIds.isEmpty())
            checkBlock(source, entry.hashIds.last(), replay.blockTokens);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const TraceReplay replay = replayFor(size > 0 ? data[0] : 0);
    QStringList problems;
    const std::optional<Trace> trace = loadTraceBytes(bytes, kFileName, replay, &problems);
    if (!trace) {
        checkProblems(bytes, replay, problems);
        return 0;
    }
    check(problems.isEmpty(), "a trace read with problems");
    checkTrace(bytes, replay, *trace);
    checkPrompts(*trace, replay);
    return 0;
}
