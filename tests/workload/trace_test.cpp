// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Trace files read from real bytes (mooncake and timed JSONL), the schedule they give, and the
// prompts made from their lengths and hash_ids.
#include "workload/trace.h"

#include "testpaths.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

std::optional<Trace> load(const QByteArray &bytes, const TraceReplay &replay = {}, QStringList *problems = nullptr)
{
    QStringList ignored;
    return loadTraceBytes(bytes, QStringLiteral("trace.jsonl"), replay, problems ? problems : &ignored);
}

std::string joined(const QStringList &problems)
{
    return problems.join(u'\n').toStdString();
}

/// A calibration that found 3 body words per 4 tokens beyond 20 tokens of template and tag.
CalibrationFit fitOfThreeWordsPerFourTokens()
{
    CalibrationFit fit;
    fit.emptyTokens = 20;
    fit.points = { { 0, 20 }, { 384, 532 } };
    return fit;
}

int wordsIn(const QString &text)
{
    return int(text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size());
}

const QByteArray kMooncake
    = "{\"timestamp\": 3000, \"input_length\": 1100, \"output_length\": 40, \"hash_ids\": [0, 1, 5]}\n"
      "{\"timestamp\": 0, \"input_length\": 700, \"output_length\": 12, \"hash_ids\": [0, 1]}\n"
      "\n"
      "{\"timestamp\": 1000, \"input_length\": 300, \"output_length\": 8, \"hash_ids\": [7]}\n"
      "{\"timestamp\": 11000, \"input_length\": 1100, \"output_length\": 5, \"hash_ids\": [0, 1, 9]}\n";

} // namespace

TEST(Trace, ReadsMooncakeLinesInTimestampOrder)
{
    QStringList problems;
    const std::optional<Trace> trace = load(kMooncake, {}, &problems);
    ASSERT_TRUE(trace) << joined(problems);
    EXPECT_EQ(trace->format, QStringLiteral("mooncake"));
    EXPECT_EQ(trace->entriesInFile, 4);
    ASSERT_EQ(trace->entries.size(), 4);
    EXPECT_EQ(trace->entries.at(0).line, 2); // the earliest timestamp first, wherever its line is
    EXPECT_EQ(trace->entries.at(1).line, 4);
    EXPECT_EQ(trace->entries.at(2).line, 1);
    EXPECT_EQ(trace->entries.at(0).hashIds, (QList<qint64> { 0, 1 }));
    EXPECT_EQ(trace->entries.at(2).outputLength, 40);
    EXPECT_EQ(trace->sendNs, (QList<qint64> { 0, 1'000'000'000, 3'000'000'000, 11'000'000'000 }));
    EXPECT_DOUBLE_EQ(trace->spanS(), 11);
    EXPECT_DOUBLE_EQ(trace->meanRate(), 3.0 / 11);
    EXPECT_TRUE(trace->needsCalibration());
    EXPECT_EQ(trace->sha256Hex.size(), 64);
}

TEST(Trace, TheSpeedUpDividesAndTheGapCapCutsTheTimeline)
{
    TraceReplay replay;
    replay.speedup = 2;
    replay.maxGapS = 4; // the 8 s gap before the last entry becomes 4 s, then 2 s at twice the speed
    const std::optional<Trace> trace = load(kMooncake, replay);
    ASSERT_TRUE(trace);
    EXPECT_EQ(trace->sendNs, (QList<qint64> { 0, 500'000'000, 1'500'000'000, 3'500'000'000 }));
}

TEST(Trace, StartAndLimitCutTheTimestampOrder)
{
    TraceReplay replay;
    replay.start = 1;
    replay.limit = 2;
    const std::optional<Trace> trace = load(kMooncake, replay);
    ASSERT_TRUE(trace);
    ASSERT_EQ(trace->entries.size(), 2);
    EXPECT_EQ(trace->entries.at(0).line, 4);
    EXPECT_EQ(trace->entries.at(1).line, 1);
    EXPECT_EQ(trace->sendNs, (QList<qint64> { 0, 2'000'000'000 })); // from the first entry replayed
    EXPECT_EQ(trace->entriesInFile, 4);

    replay.start = 4;
    QStringList problems;
    EXPECT_FALSE(load(kMooncake, replay, &problems));
    EXPECT_EQ(joined(problems), "The trace starts at entry 4, but it holds 4.");
}

TEST(Trace, AMalformedLineIsRefusedByItsNumberAndNothingIsKept)
{
    const struct
    {
        QByteArray line;
        const char *problem;
    } cases[] = {
        { "{\"timestamp\": 1, \"input_length\": 10", "line 2: invalid JSON" },
        { "[1, 2]", "line 2: not a JSON object" },
        { "{\"input_length\": 10}", "line 2: \"timestamp\" must be a number of milliseconds" },
        { "{\"timestamp\": -5, \"input_length\": 10}", "line 2: \"timestamp\" must be" },
        { "{\"timestamp\": 1}", "line 2: \"input_length\" must be an integer from 1" },
        { "{\"timestamp\": 1, \"input_length\": 2.5}", "line 2: \"input_length\" must be" },
        { "{\"timestamp\": 1, \"input_length\": 10, \"hash_ids\": [1, -2]}",
            "line 2: \"hash_ids\" must hold integers" },
        // 2^59 - 1 reads from JSON as 2^59, the first warm-up's block (found by the trace fuzzer).
        { "{\"timestamp\": 1, \"input_length\": 10, \"hash_ids\": [576460752303423487]}",
            "line 2: \"hash_ids\" must hold integers from 0 to 2^53" },
        { "{\"timestamp\": 1, \"input_length\": 10, \"hash_ids\": 3}", "line 2: \"hash_ids\" must be a list" },
        { "{\"timestamp\": 1, \"input_length\": 10, \"output_length\": 0}", "line 2: \"output_length\" must be" },
        { "{\"timestamp\": 1, \"messages\": []}", "line 2: \"messages\" must be a non-empty list" },
        { "{\"timestamp\": 1, \"messages\": [{\"role\": \"assistant\", \"content\": \"x\"}]}", "line 2: no \"user\"" },
        { "{\"timestamp\": 1, \"input_length\": 10, \"session_id\": \"\"}", "line 2: \"session_id\" must be a string" },
        { "{\"timestamp\": 1, \"input_length\": 10, \"session_id\": 1.5}", "line 2: \"session_id\" must be a string" },
        { "{\"timestamp\": 1, \"input_length\": 10, \"session_id\": [1]}", "line 2: \"session_id\" must be a string" },
        { "{\"timestamp\": 1, \"session_id\": \"a\", \"messages\": [{\"role\": \"user\", \"content\": \"x\"}, "
          "{\"role\": \"user\", \"content\": \"y\"}]}",
            "line 2: a session's entry is one turn" },
        { "{\"timestamp\": 1, \"session_id\": \"a\", \"messages\": [{\"role\": \"user\", \"content\": \"x\"}, "
          "{\"role\": \"assistant\", \"content\": \"y\"}, {\"role\": \"user\", \"content\": \"z\"}]}",
            "line 2: a session's entry is one turn" },
    };
    for (const auto &c : cases) {
        QStringList problems;
        EXPECT_FALSE(load("{\"timestamp\": 0, \"input_length\": 5}\n" + c.line + "\n", {}, &problems)) << c.problem;
        ASSERT_EQ(problems.size(), 1) << joined(problems);
        EXPECT_TRUE(problems.first().startsWith(QString::fromUtf8(c.problem))) << joined(problems);
    }
    QStringList problems;
    EXPECT_FALSE(load("\n  \n", {}, &problems));
    EXPECT_EQ(joined(problems), "The trace trace.jsonl holds no entries.");
}

TEST(Trace, ManyBadLinesAreCountedAfterTheFirstTwenty)
{
    QByteArray bytes;
    for (int i = 0; i < 30; ++i)
        bytes += "{\"timestamp\": \"soon\"}\n";
    QStringList problems;
    EXPECT_FALSE(load(bytes, {}, &problems));
    ASSERT_EQ(problems.size(), 21);
    EXPECT_EQ(problems.last(), QStringLiteral("…and 10 more"));
}

TEST(Trace, AFileIsReadOnlyWhenItIsARegularOne)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.jsonl"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(kMooncake);
    file.close();
    TraceReplay replay;
    replay.path = path;
    QStringList problems;
    const std::optional<Trace> trace = loadTrace(replay, &problems);
    ASSERT_TRUE(trace) << joined(problems);
    EXPECT_EQ(trace->fileName, QStringLiteral("t.jsonl"));
    EXPECT_EQ(trace->sizeBytes, kMooncake.size());

    replay.path = dir.path(); // a directory
    problems.clear();
    EXPECT_FALSE(loadTrace(replay, &problems));
    ASSERT_EQ(problems.size(), 1);
    EXPECT_TRUE(problems.first().startsWith(QStringLiteral("Cannot read "))) << joined(problems);
}

TEST(Trace, EqualHashIdsGiveEqualTextAndADifferentIdDiffersFromItsBlockOn)
{
    auto trace = std::make_shared<const Trace>(*load(kMooncake));
    const TracePromptSource source(trace, fitOfThreeWordsPerFourTokens(), 512, {});
    const Prompt first = source.next(0, 0, 0); // ids 0, 1 (700 tokens)
    const Prompt third = source.next(0, 2, 0); // ids 0, 1, 5 (1100 tokens)
    const Prompt fourth = source.next(0, 3, 0); // ids 0, 1, 9
    const QString shared = source.blockText(0, 512) + source.blockText(1, 512);
    EXPECT_TRUE(third.text.startsWith(shared));
    EXPECT_TRUE(fourth.text.startsWith(shared));
    EXPECT_TRUE(first.text.startsWith(source.blockText(0, 512)));
    // The third blocks differ from their tag's words on: the tags of ids 5 and 9.
    EXPECT_NE(third.text.mid(shared.size(), 40), fourth.text.mid(shared.size(), 40));
    EXPECT_EQ(third.id, QStringLiteral("trace-1"));
    EXPECT_EQ(third.targetInputTokens, 1100);
    EXPECT_EQ(third.maxTokens, 40);
    // 1100 tokens: 3 tags of about 10 tokens, and 3 body words per 4 of the rest.
    EXPECT_NEAR(wordsIn(third.text), 3 * 7 + (1100 - 30) * 3 / 4, 12);
}

TEST(Trace, EntriesWithoutHashIdsAndWarmUpsGetBlocksOfTheirOwn)
{
    const QByteArray timed = "{\"timestamp\": 0, \"input_length\": 600}\n{\"timestamp\": 5.5, \"input_length\": 600}\n";
    auto trace = std::make_shared<const Trace>(*load(timed));
    EXPECT_EQ(trace->format, QStringLiteral("timed"));
    EXPECT_EQ(trace->sendNs, (QList<qint64> { 0, 5'500'000 }));
    const TracePromptSource source(trace, fitOfThreeWordsPerFourTokens(), 512, {});
    const Prompt a = source.next(0, 0, 0);
    const Prompt b = source.next(0, 1, 0);
    const Prompt warmup = source.next(-1, 0, 0);
    EXPECT_NE(a.text.left(40), b.text.left(40)) << "two entries share no block";
    EXPECT_NE(warmup.text.left(40), a.text.left(40));
    EXPECT_EQ(warmup.id, QStringLiteral("trace-warmup-0"));
    EXPECT_EQ(a.maxTokens, 0) << "no output_length: the run's max_tokens";
}

TEST(Trace, MessagesAreSentAsGivenAndACacheBustNonceOpensEveryPrompt)
{
    const QByteArray timed = "{\"timestamp\": 0, \"messages\": [{\"role\": \"system\", \"content\": \"Be brief.\"}, "
                             "{\"role\": \"user\", \"content\": \"Hi\"}], \"output_length\": 9}\n"
                             "{\"timestamp\": 10, \"input_length\": 100, \"hash_ids\": [3]}\n";
    auto trace = std::make_shared<const Trace>(*load(timed));
    EXPECT_TRUE(trace->needsCalibration()) << "one entry gives a length";
    const QString nonce = QStringLiteral("Replay 0badf00d.\n\n");
    const TracePromptSource plain(trace, fitOfThreeWordsPerFourTokens(), 512, {});
    const TracePromptSource busted(trace, fitOfThreeWordsPerFourTokens(), 512, nonce);
    const Prompt chat = busted.next(0, 0, 0);
    ASSERT_EQ(chat.messages.size(), 2);
    EXPECT_EQ(
        chat.messages.at(0).toObject().value(QLatin1String("content")).toString(), nonce + QStringLiteral("Be brief."));
    EXPECT_EQ(chat.messages.at(1).toObject().value(QLatin1String("content")).toString(), QStringLiteral("Hi"));
    EXPECT_EQ(chat.maxTokens, 9);
    EXPECT_EQ(busted.next(0, 1, 0).text, nonce + plain.next(0, 1, 0).text);
    EXPECT_EQ(busted.spec().value(QLatin1String("cache_bust_nonce")).toString(), QStringLiteral("Replay 0badf00d."));
    EXPECT_EQ(trace->sendNs, (QList<qint64> { 0, 10'000'000 }));
    EXPECT_EQ(busted.sendTimesNs(), trace->sendNs) << "the engine sends at the trace's times";
}

TEST(Trace, TheShippedSampleIsAMooncakeTraceWithSharedPrefixes)
{
    TraceReplay replay;
    replay.path = QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/../../resources/traces/mooncake-sample.jsonl");
    QStringList problems;
    const std::optional<Trace> trace = loadTrace(replay, &problems);
    ASSERT_TRUE(trace) << joined(problems);
    EXPECT_EQ(trace->format, QStringLiteral("mooncake"));
    EXPECT_EQ(trace->entries.size(), 200);
    EXPECT_NEAR(trace->meanRate(), 4, 1) << "Poisson arrivals at about 4 per second";
    int sharingTheirFirstBlock = 0;
    for (qsizetype i = 1; i < trace->entries.size(); ++i) {
        const qint64 first = trace->entries.at(i).hashIds.value(0, -1);
        for (qsizetype j = 0; j < i; ++j) {
            if (trace->entries.at(j).hashIds.value(0, -2) == first) {
                ++sharingTheirFirstBlock;
                break;
            }
        }
    }
    EXPECT_GT(sharingTheirFirstBlock, 150) << "most requests reuse an earlier request's system-prompt block";
}

TEST(Trace, SessionIdsGroupEntriesIntoConversationsInTheOrderOfTheirFirstTurns)
{
    const QByteArray bytes = "{\"timestamp\": 300, \"session_id\": \"a\", \"input_length\": 30}\n"
                             "{\"timestamp\": 0, \"session_id\": \"a\", \"input_length\": 10}\n"
                             "{\"timestamp\": 100, \"session_id\": 7, \"input_length\": 20}\n"
                             "{\"timestamp\": 150, \"input_length\": 5}\n"
                             "{\"timestamp\": 400, \"session_id\": 7, \"input_length\": 40}\n";
    QStringList problems;
    const std::optional<Trace> trace = load(bytes, {}, &problems);
    ASSERT_TRUE(trace) << joined(problems);
    ASSERT_TRUE(trace->hasSessions());
    // Entries in timestamp order: a@0, 7@100, solo@150, a@300, 7@400.
    EXPECT_EQ(trace->sessions, (QList<QList<int>> { { 0, 3 }, { 1, 4 }, { 2 } }));
    EXPECT_EQ(trace->entries.at(1).sessionId, QStringLiteral("7"));
    EXPECT_EQ(trace->entries.at(2).sessionId, QString()) << "an entry without a session is a conversation of one turn";
    EXPECT_EQ(trace->startNs(), (QList<qint64> { 0, 100'000'000, 150'000'000 })) << "each conversation's first turn";
    EXPECT_EQ(trace->sendNs.size(), 5) << "every turn keeps its own time";

    const std::optional<Trace> plain = load(kMooncake);
    ASSERT_TRUE(plain);
    EXPECT_FALSE(plain->hasSessions());
    EXPECT_EQ(plain->startNs(), plain->sendNs);
}

TEST(Trace, ASessionsSystemPromptBelongsToItsFirstTurn)
{
    const QByteArray first = "{\"timestamp\": 0, \"session_id\": \"a\", \"messages\": [{\"role\": \"system\", "
                             "\"content\": \"Be terse.\"}, "
                             "{\"role\": \"user\", \"content\": \"One?\"}]}\n";
    QStringList problems;
    ASSERT_TRUE(load(first
            + "{\"timestamp\": 5, \"session_id\": \"a\", \"messages\": [{\"role\": \"user\", "
              "\"content\": \"Two?\"}]}\n",
        {}, &problems))
        << joined(problems);
    EXPECT_FALSE(load(first
            + "{\"timestamp\": 5, \"session_id\": \"a\", \"messages\": [{\"role\": \"system\", "
              "\"content\": \"Now verbose.\"}, {\"role\": \"user\", \"content\": \"Two?\"}]}\n",
        {}, &problems));
    EXPECT_EQ(joined(problems), "line 2: system messages belong to the first turn of session \"a\"");
    // Checked over the whole trace: a cut that starts at the later turn does not make it good.
    TraceReplay cut;
    cut.start = 1;
    problems.clear();
    EXPECT_FALSE(load(first + "{\"timestamp\": 5, \"session_id\": \"a\", \"messages\": [{\"role\": \"system\", "
                              "\"content\": \"Now verbose.\"}, {\"role\": \"user\", \"content\": \"Two?\"}]}\n",
        cut, &problems));
    EXPECT_EQ(joined(problems), "line 2: system messages belong to the first turn of session \"a\"");
}
