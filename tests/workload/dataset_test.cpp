// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Prompt files read from real bytes (vLLM custom, chat, ShareGPT) and the source that replays them.
#include "workload/dataset.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    return path;
}

std::optional<Dataset> load(
    const QByteArray &bytes, QList<DatasetError> *errors = nullptr, DatasetFormat format = DatasetFormat::Auto)
{
    QList<DatasetError> ignored;
    return loadDatasetBytes(bytes, QStringLiteral("prompts.jsonl"), format, errors ? errors : &ignored);
}

std::string messagesOf(const QList<DatasetError> &errors)
{
    std::string all;
    for (const DatasetError &e : errors)
        all += std::to_string(e.line) + " " + e.message.toStdString() + "\n";
    return all;
}

// n one-line vLLM custom prompts, "prompt 1" with output_tokens 11, "prompt 2" with 12, ...
QByteArray customLines(int n)
{
    QByteArray bytes;
    for (int i = 1; i <= n; ++i)
        bytes += "{\"prompt\": \"prompt " + QByteArray::number(i)
            + "\", \"output_tokens\": " + QByteArray::number(10 + i) + "}\n";
    return bytes;
}

Dataset customDataset(int n)
{
    std::optional<Dataset> dataset = load(customLines(n));
    EXPECT_TRUE(dataset.has_value());
    return dataset.value_or(Dataset {});
}

const QByteArray shareGpt = R"([
  {"id": "a", "conversations": [{"from": "human", "value": "Hello there"},
                                {"from": "gpt", "value": "0123456789"}]},
  {"id": "b", "conversations": [{"from": "gpt", "value": "I speak first and alone"}]},
  {"id": "c", "conversation": [{"from": "system", "value": "Be brief"},
                               {"from": "user", "value": "Name a colour"},
                               {"from": "assistant", "value": "Red"}]},
  {"id": "d", "conversations": [{"from": "human", "value": "No one answers"}]},
  {"id": "e", "conversations": []}
])";

} // namespace

TEST(DatasetFormat, NamesRoundTrip)
{
    for (DatasetFormat f :
        { DatasetFormat::Auto, DatasetFormat::VllmCustom, DatasetFormat::ChatMessages, DatasetFormat::ShareGpt }) {
        DatasetFormat parsed = DatasetFormat::Auto;
        ASSERT_TRUE(parseDatasetFormat(datasetFormatName(f), &parsed));
        EXPECT_EQ(parsed, f);
    }
    EXPECT_EQ(datasetFormatName(DatasetFormat::VllmCustom), QStringLiteral("custom"));
    EXPECT_EQ(datasetFormatName(DatasetFormat::ChatMessages), QStringLiteral("chat"));
    EXPECT_EQ(datasetFormatName(DatasetFormat::ShareGpt), QStringLiteral("sharegpt"));
    DatasetFormat parsed = DatasetFormat::Auto;
    EXPECT_FALSE(parseDatasetFormat(QStringLiteral("csv"), &parsed));
}

TEST(DatasetLoad, TwelveCustomLinesFromAFileInOrderWithTheirOwnMaxTokens)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = writeFile(dir, QStringLiteral("twelve.jsonl"), customLines(12));
    QList<DatasetError> errors;
    const std::optional<Dataset> dataset = loadDataset(path, DatasetFormat::Auto, &errors);
    ASSERT_TRUE(dataset) << messagesOf(errors);
    EXPECT_TRUE(errors.isEmpty());
    EXPECT_EQ(dataset->format, DatasetFormat::VllmCustom);
    EXPECT_EQ(dataset->fileName, QStringLiteral("twelve.jsonl"));
    EXPECT_EQ(dataset->sizeBytes, customLines(12).size());
    ASSERT_EQ(dataset->entries.size(), 12);
    for (int i = 0; i < 12; ++i) {
        const Prompt &p = dataset->entries.at(i);
        EXPECT_EQ(p.text, QStringLiteral("prompt %1").arg(i + 1));
        EXPECT_EQ(p.maxTokens, 11 + i);
        EXPECT_EQ(p.id, QStringLiteral("ds-%1").arg(i + 1));
        EXPECT_TRUE(p.messages.isEmpty());
        EXPECT_EQ(p.targetInputTokens, -1);
    }
    EXPECT_EQ(dataset->skipped, 0);
}

TEST(DatasetLoad, OutputTokensBecomeMaxTokensAndAbsentIsZero)
{
    const std::optional<Dataset> dataset = load("{\"prompt\": \"a\", \"output_tokens\": 128}\n{\"prompt\": "
                                                "\"b\"}\n{\"prompt\": \"c\", \"output_tokens\": 1}\n");
    ASSERT_TRUE(dataset);
    ASSERT_EQ(dataset->entries.size(), 3);
    EXPECT_EQ(dataset->entries[0].maxTokens, 128);
    EXPECT_EQ(dataset->entries[1].maxTokens, 0);
    EXPECT_EQ(dataset->entries[2].maxTokens, 1);
}

TEST(DatasetLoad, AutoDetectionSaysHowItDecided)
{
    const std::optional<Dataset> custom = load("\n  \n{\"prompt\": \"hi\"}\n");
    ASSERT_TRUE(custom);
    EXPECT_EQ(custom->format, DatasetFormat::VllmCustom);
    EXPECT_EQ(custom->formatReason, QStringLiteral("JSONL whose first line has \"prompt\": vLLM custom."));
    EXPECT_EQ(custom->entries.at(0).id, QStringLiteral("ds-3")); // blank lines still count

    const std::optional<Dataset> chat = load("{\"messages\": [{\"role\": \"user\", \"content\": \"hi\"}]}\n");
    ASSERT_TRUE(chat);
    EXPECT_EQ(chat->format, DatasetFormat::ChatMessages);
    EXPECT_TRUE(chat->formatReason.contains(QStringLiteral("\"messages\"")));

    const std::optional<Dataset> sharegpt = load("\n  " + shareGpt);
    ASSERT_TRUE(sharegpt);
    EXPECT_EQ(sharegpt->format, DatasetFormat::ShareGpt);
    EXPECT_TRUE(sharegpt->formatReason.contains(QStringLiteral("ShareGPT")));
    EXPECT_TRUE(sharegpt->formatReason.contains(QStringLiteral("estimated"))) << sharegpt->formatReason.toStdString();
    EXPECT_TRUE(sharegpt->formatReason.contains(QStringLiteral("no tokenizer")));

    const std::optional<Dataset> asked = load(customLines(2), nullptr, DatasetFormat::VllmCustom);
    ASSERT_TRUE(asked);
    EXPECT_TRUE(asked->formatReason.contains(QStringLiteral("as asked")));
}

TEST(DatasetLoad, AnUnknownFirstLineNamesWhatItFound)
{
    QList<DatasetError> errors;
    EXPECT_FALSE(load("{\"text\": \"hi\", \"id\": 3}\n", &errors));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_EQ(errors[0].line, 1);
    EXPECT_TRUE(errors[0].message.contains(QStringLiteral("text"))) << messagesOf(errors);
    EXPECT_TRUE(errors[0].message.contains(QStringLiteral("\"prompt\"")));
}

TEST(DatasetLoad, BlankLinesAreIgnoredAndIdsTraceTheLine)
{
    const std::optional<Dataset> dataset = load("{\"prompt\": \"a\"}\r\n\r\n   \n{\"prompt\": \"b\"}\n\n");
    ASSERT_TRUE(dataset);
    ASSERT_EQ(dataset->entries.size(), 2);
    EXPECT_EQ(dataset->entries[0].id, QStringLiteral("ds-1"));
    EXPECT_EQ(dataset->entries[1].id, QStringLiteral("ds-4"));
    EXPECT_EQ(dataset->entries[1].text, QStringLiteral("b"));
}

TEST(DatasetLoad, MalformedLinesAreReportedWithTheirNumbersAndNothingLoads)
{
    QByteArray bytes = "{\"prompt\": \"one\"}\n"
                       "{\"prompt\": \"two\"}\n"
                       "{\"prompt\": \"three\"\n" // invalid JSON
                       "{\"prompt\": \"four\"}\n"
                       "{\"prompt\": 5}\n" // wrong type
                       "{\"prompt\": \"six\"}\n";
    QList<DatasetError> errors;
    EXPECT_FALSE(load(bytes, &errors));
    ASSERT_EQ(errors.size(), 2) << messagesOf(errors);
    EXPECT_EQ(errors[0].line, 3);
    EXPECT_TRUE(errors[0].message.startsWith(QStringLiteral("line 3: invalid JSON"))) << messagesOf(errors);
    EXPECT_EQ(errors[1].line, 5);
    EXPECT_EQ(errors[1].message, QStringLiteral("line 5: \"prompt\" must be a string"));
}

TEST(DatasetLoad, OutputTokensMustBeAnIntegerOfAtLeastOne)
{
    QList<DatasetError> errors;
    EXPECT_FALSE(load("{\"prompt\": \"a\", \"output_tokens\": 0}\n"
                      "{\"prompt\": \"b\", \"output_tokens\": 2.5}\n"
                      "{\"prompt\": \"c\", \"output_tokens\": \"9\"}\n"
                      "{\"prompt\": \"d\", \"output_tokens\": 9}\n"
                      "{\"output_tokens\": 9}\n"
                      "[1, 2]\n",
        &errors, DatasetFormat::VllmCustom));
    ASSERT_EQ(errors.size(), 5) << messagesOf(errors);
    const QList<int> lines { errors[0].line, errors[1].line, errors[2].line, errors[3].line, errors[4].line };
    EXPECT_EQ(lines, (QList<int> { 1, 2, 3, 5, 6 }));
    EXPECT_EQ(errors[0].message, QStringLiteral("line 1: \"output_tokens\" must be an integer ≥ 1"));
    EXPECT_EQ(errors[3].message, QStringLiteral("line 5: no \"prompt\""));
    EXPECT_EQ(errors[4].message, QStringLiteral("line 6: not a JSON object"));
}

TEST(DatasetLoad, ErrorsStopAtTwentyAndCountTheRest)
{
    QByteArray bytes = "{\"prompt\": \"ok\"}\n";
    for (int i = 0; i < 30; ++i)
        bytes += "{\"prompt\": null}\n";
    QList<DatasetError> errors;
    EXPECT_FALSE(load(bytes, &errors));
    ASSERT_EQ(errors.size(), 21);
    EXPECT_EQ(errors[19].line, 21);
    EXPECT_EQ(errors[20].line, 0);
    EXPECT_TRUE(errors[20].message.contains(QStringLiteral("10 more"))) << messagesOf(errors);
}

TEST(DatasetLoad, ChatKeepsAMultiMessageConversationAsItIs)
{
    const QByteArray bytes = R"({"messages": [{"role": "system", "content": "You are terse.", "name": "sys"},)"
                             R"( {"role": "user", "content": "What is 2+2?"}, {"role": "assistant", "content": "4"},)"
                             R"( {"role": "user", "content": "And 3+3?"}], "max_tokens": 16, "meta": {"x": 1}})"
                             "\n"
                             R"({"messages": [{"role": "user", "content": "Hi"}], "output_tokens": 7})"
                             "\n";
    QList<DatasetError> errors;
    const std::optional<Dataset> dataset = load(bytes, &errors);
    ASSERT_TRUE(dataset) << messagesOf(errors);
    EXPECT_EQ(dataset->format, DatasetFormat::ChatMessages);
    ASSERT_EQ(dataset->entries.size(), 2);
    const Prompt &first = dataset->entries[0];
    EXPECT_EQ(first.text, QStringLiteral("And 3+3?")); // the last user message
    EXPECT_EQ(first.maxTokens, 16);
    const QJsonArray expected = QJsonDocument::fromJson(R"([{"role": "system", "content": "You are terse."},
        {"role": "user", "content": "What is 2+2?"}, {"role": "assistant", "content": "4"},
        {"role": "user", "content": "And 3+3?"}])")
                                    .array();
    EXPECT_EQ(first.messages, expected); // order and turns as they are; only role and content kept
    EXPECT_EQ(dataset->entries[1].maxTokens, 7);
    EXPECT_EQ(dataset->entries[1].text, QStringLiteral("Hi"));
}

TEST(DatasetLoad, ChatLinesAreChecked)
{
    QList<DatasetError> errors;
    EXPECT_FALSE(load(R"({"messages": [{"role": "user", "content": "ok"}]})"
                      "\n"
                      R"({"messages": []})"
                      "\n"
                      R"({"messages": [{"role": "robot", "content": "x"}]})"
                      "\n"
                      R"({"messages": [{"role": "user", "content": ["x"]}]})"
                      "\n"
                      R"({"messages": [{"role": "system", "content": "only a system turn"}]})"
                      "\n"
                      R"({"messages": [{"role": "user", "content": "x"}], "max_tokens": -1})"
                      "\n",
        &errors));
    ASSERT_EQ(errors.size(), 5) << messagesOf(errors);
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(errors[i].line, i + 2);
    EXPECT_TRUE(errors[1].message.contains(QStringLiteral("\"role\""))) << messagesOf(errors);
    EXPECT_TRUE(errors[2].message.contains(QStringLiteral("\"content\" must be a string")));
    EXPECT_TRUE(errors[3].message.contains(QStringLiteral("\"user\"")));
    EXPECT_TRUE(errors[4].message.contains(QStringLiteral("\"max_tokens\"")));
}

TEST(DatasetLoad, ShareGptSkipsEntriesWithoutAHumanTurnOrAReplyAndEstimatesOutputs)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QList<DatasetError> errors;
    const std::optional<Dataset> dataset
        = loadDataset(writeFile(dir, QStringLiteral("sg.json"), shareGpt), DatasetFormat::Auto, &errors);
    ASSERT_TRUE(dataset) << messagesOf(errors);
    EXPECT_EQ(dataset->format, DatasetFormat::ShareGpt);
    ASSERT_EQ(dataset->entries.size(), 2);
    EXPECT_EQ(dataset->entries[0].id, QStringLiteral("ds-1"));
    EXPECT_EQ(dataset->entries[0].text, QStringLiteral("Hello there"));
    EXPECT_EQ(dataset->entries[0].maxTokens, 3); // ceil(10 characters / 4)
    EXPECT_EQ(dataset->entries[1].id, QStringLiteral("ds-3"));
    EXPECT_EQ(dataset->entries[1].text, QStringLiteral("Name a colour"));
    EXPECT_EQ(dataset->entries[1].maxTokens, 1); // "Red": at least 1
    EXPECT_EQ(dataset->skipped, 3);
    EXPECT_TRUE(dataset->skippedReason.contains(QStringLiteral("2 without a human turn")))
        << dataset->skippedReason.toStdString();
    EXPECT_TRUE(dataset->skippedReason.contains(QStringLiteral("1 without a reply")));
}

TEST(DatasetLoad, AMalformedShareGptEntryIsAnErrorNamingTheEntry)
{
    QList<DatasetError> errors;
    EXPECT_FALSE(load(R"([{"conversations": [{"from": "human", "value": "a"}, {"from": "gpt", "value": "b"}]},
                          {"conversations": [{"from": "human", "value": 3}]},
                          {"conversations": "not a list"},
                          7])",
        &errors));
    ASSERT_EQ(errors.size(), 3) << messagesOf(errors);
    EXPECT_EQ(errors[0].line, 2);
    EXPECT_TRUE(errors[0].message.startsWith(QStringLiteral("entry 2: turn 1"))) << messagesOf(errors);
    EXPECT_EQ(errors[1].line, 3);
    EXPECT_TRUE(errors[1].message.startsWith(QStringLiteral("entry 3:")));
    EXPECT_EQ(errors[2].line, 4);

    errors.clear();
    EXPECT_FALSE(load("[{\"conversations\": []}, ", &errors));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_EQ(errors[0].line, 0);
    EXPECT_FALSE(load("[]", &errors, DatasetFormat::ShareGpt));
}

TEST(DatasetLoad, AnEmptyDatasetIsAnError)
{
    QList<DatasetError> errors;
    EXPECT_FALSE(load("", &errors));
    EXPECT_FALSE(load("\n \n", &errors));
    EXPECT_FALSE(load("[{\"conversations\": [{\"from\": \"gpt\", \"value\": \"x\"}]}]", &errors));
    ASSERT_EQ(errors.size(), 3);
    for (const DatasetError &e : errors)
        EXPECT_EQ(e.line, 0);
    EXPECT_TRUE(errors[2].message.contains(QStringLiteral("no usable prompt"))) << messagesOf(errors);
}

TEST(DatasetLoad, Sha256IsOfTheFilesBytes)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QByteArray bytes = "\xEF\xBB\xBF" + customLines(3); // a BOM is hashed but not parsed
    const std::optional<Dataset> dataset
        = loadDataset(writeFile(dir, QStringLiteral("bom.jsonl"), bytes), DatasetFormat::Auto, nullptr);
    ASSERT_TRUE(dataset);
    EXPECT_EQ(
        dataset->sha256Hex, QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
    EXPECT_EQ(dataset->sizeBytes, bytes.size());
    EXPECT_EQ(dataset->entries.size(), 3);
}

TEST(DatasetLoad, AMissingFileIsAnErrorWithTheReason)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QList<DatasetError> errors;
    EXPECT_FALSE(loadDataset(dir.filePath(QStringLiteral("absent.jsonl")), DatasetFormat::Auto, &errors));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_EQ(errors[0].line, 0);
    EXPECT_TRUE(errors[0].message.contains(QStringLiteral("absent.jsonl")));
    EXPECT_TRUE(errors[0].message.contains(QStringLiteral("No such file"))) << messagesOf(errors);
}

TEST(DatasetPromptSource, EveryLevelReplaysTheFileOrderAndWrapsAround)
{
    const DatasetPromptSource source(customDataset(5), false, 0);
    for (int level : { 0, 1, 7 }) {
        for (int i = 0; i < 12; ++i)
            EXPECT_EQ(source.next(level, i, 0).id, QStringLiteral("ds-%1").arg(i % 5 + 1)) << level << " " << i;
    }
    EXPECT_EQ(source.next(0, 5, 0).maxTokens, 11); // the sixth request is the first entry again
}

TEST(DatasetPromptSource, WarmUpsTakeEntriesFromTheEnd)
{
    const DatasetPromptSource source(customDataset(4), false, 0);
    EXPECT_EQ(source.next(-1, 0, 0).id, QStringLiteral("ds-4"));
    EXPECT_EQ(source.next(-1, 1, 0).id, QStringLiteral("ds-3"));
    EXPECT_EQ(source.next(-1, 3, 0).id, QStringLiteral("ds-1"));
    EXPECT_EQ(source.next(-1, 4, 0).id, QStringLiteral("ds-4"));
    const DatasetPromptSource shuffled(customDataset(4), true, 9);
    EXPECT_EQ(shuffled.next(-1, 0, 0).id, shuffled.next(0, 3, 0).id);
}

TEST(DatasetPromptSource, BothArmsGetTheSameEntry)
{
    const DatasetPromptSource source(customDataset(6), true, 3);
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(source.next(2, i, 0).id, source.next(2, i, 1).id);
}

TEST(DatasetPromptSource, ShuffleIsASeededPermutation)
{
    const QList<int> a = DatasetPromptSource::shuffledOrder(50, 42);
    EXPECT_EQ(a, DatasetPromptSource::shuffledOrder(50, 42));
    EXPECT_NE(a, DatasetPromptSource::shuffledOrder(50, 43));
    QList<int> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 50; ++i)
        EXPECT_EQ(sorted[i], i);
    QList<int> identity = sorted;
    EXPECT_NE(a, identity);
    // The same on every platform: mt19937's outputs are fixed by the standard and the draw is our own.
    EXPECT_EQ(DatasetPromptSource::shuffledOrder(8, 1), (QList<int> { 7, 2, 1, 4, 6, 0, 3, 5 }));
    EXPECT_TRUE(DatasetPromptSource::shuffledOrder(0, 1).isEmpty());
    EXPECT_EQ(DatasetPromptSource::shuffledOrder(1, 1), QList<int> { 0 });

    const DatasetPromptSource source(customDataset(10), true, 42);
    EXPECT_EQ(source.order(), DatasetPromptSource::shuffledOrder(10, 42));
    for (int i = 0; i < 10; ++i)
        EXPECT_EQ(source.next(0, i, 0).id, QStringLiteral("ds-%1").arg(source.order().at(i) + 1));
}

TEST(DatasetPromptSource, SpecDescribesTheFileButNotItsContents)
{
    const Dataset dataset = customDataset(3);
    const QJsonObject file = DatasetPromptSource(dataset, false, 5).spec();
    EXPECT_EQ(file.value(QStringLiteral("kind")).toString(), QStringLiteral("dataset"));
    EXPECT_EQ(file.value(QStringLiteral("file")).toString(), QStringLiteral("prompts.jsonl"));
    EXPECT_EQ(file.value(QStringLiteral("size_bytes")).toInteger(), customLines(3).size());
    EXPECT_EQ(file.value(QStringLiteral("sha256")).toString(), dataset.sha256Hex);
    EXPECT_EQ(file.value(QStringLiteral("format")).toString(), QStringLiteral("custom"));
    EXPECT_EQ(file.value(QStringLiteral("format_reason")).toString(), dataset.formatReason);
    EXPECT_EQ(file.value(QStringLiteral("entries")).toInt(), 3);
    EXPECT_EQ(file.value(QStringLiteral("skipped")).toInt(), 0);
    EXPECT_EQ(file.value(QStringLiteral("order")).toString(), QStringLiteral("file"));
    EXPECT_FALSE(file.contains(QStringLiteral("seed")));

    const QJsonObject shuffled = DatasetPromptSource(dataset, true, 5).spec();
    EXPECT_EQ(shuffled.value(QStringLiteral("order")).toString(), QStringLiteral("shuffled"));
    EXPECT_EQ(shuffled.value(QStringLiteral("seed")).toInteger(), 5);
    const QByteArray json = QJsonDocument(shuffled).toJson();
    EXPECT_FALSE(json.contains("prompt 1")) << json.toStdString();

    QList<DatasetError> errors;
    const std::optional<Dataset> withDirectory
        = loadDatasetBytes(customLines(1), QStringLiteral("/home/me/secret/p.jsonl"), DatasetFormat::Auto, &errors);
    ASSERT_TRUE(withDirectory);
    EXPECT_EQ(DatasetPromptSource(*withDirectory, false, 0).spec().value(QStringLiteral("file")).toString(),
        QStringLiteral("p.jsonl"));
}

TEST(DatasetLoad, AShareGptEntryKeepsItsWholeConversationForAConversationRun)
{
    const QByteArray bytes
        = R"([{"conversations": [{"from": "human", "value": "One?"}, {"from": "gpt", "value": "Yes."},)"
          R"( {"from": "human", "value": ""}, {"from": "bing", "value": "Aside."}, {"from": "human", "value": "Two?"}]}])";
    const std::optional<Dataset> dataset = load(bytes);
    ASSERT_TRUE(dataset);
    ASSERT_EQ(dataset->conversations.size(), 1);
    const auto role = [](const QJsonArray &messages, int i) {
        return messages.at(i).toObject().value(QLatin1String("role")).toString();
    };
    const QJsonArray messages = dataset->conversations.first();
    ASSERT_EQ(messages.size(), 4) << "the empty turn is left out";
    EXPECT_EQ(role(messages, 0), QStringLiteral("user"));
    EXPECT_EQ(role(messages, 1), QStringLiteral("assistant"));
    EXPECT_EQ(role(messages, 2), QStringLiteral("assistant")) << "any other speaker is the model";
    EXPECT_EQ(role(messages, 3), QStringLiteral("user"));

    const DatasetPromptSource single(*dataset, false, 1);
    EXPECT_TRUE(single.next(0, 0, 0).messages.isEmpty()) << "single requests send the first human turn";
    EXPECT_EQ(single.next(0, 0, 0).text, QStringLiteral("One?"));
    const DatasetPromptSource conversations(*dataset, false, 1, true);
    EXPECT_EQ(conversations.next(0, 0, 0).messages, messages);
}
