// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile inputs from files and numbers: devices, named pipes, directories and oversized files where
// a prompt file, a CA file or a dataset is expected; NaN, infinities and rates or durations that
// overflow where a number is (docs/metrics.md#input-files, docs/metrics.md#number-limits). The CLI
// cases run the real tokenscope-cli against a HostilePeer that must never see a request.
#include "core/inputfile.h"
#include "core/runconfig.h"
#include "engine/runcheck.h"
#include "net/requestbuilder.h"
#include "support/hostilepeer.h"
#include "testpaths.h"
#include "workload/dataset.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cmath>
#include <csignal>
#include <limits>
#include <sys/stat.h>
#include <thread>

#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

constexpr int kExitBadArguments = 2;
constexpr int kExitInterrupted = 130;

struct CliResult
{
    bool finished = false;
    int exitCode = -1;
    QByteArray err;
    qint64 elapsedMs = 0;
};

// Runs tokenscope-cli and waits generously: a read that blocks shows as `finished == false`
// (the process is then killed) instead of a hung test.
CliResult runCli(const QStringList &args, int timeoutMs = 30000)
{
    QProcess process;
    QElapsedTimer clock;
    clock.start();
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    CliResult r;
    r.finished = process.waitForFinished(timeoutMs);
    r.elapsedMs = clock.elapsed();
    if (!r.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.err = process.readAllStandardError();
    return r;
}

// A peer that would answer a chat stream; the tests below expect it never to be asked.
HostileScript answerScript()
{
    return HostileScript::sse({ "data: {\"choices\":[{\"delta\":{\"content\":\"hi\"}}]}\n\n", "data: [DONE]\n\n" });
}

QStringList runArgs(const HostilePeer &peer, const QStringList &extra)
{
    return QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), peer.baseUrl() + QStringLiteral("/v1"),
        QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--requests"), QStringLiteral("1") }
    + extra;
}

// A refusal for bad input: it ended by itself, with the usage code, saying `needles`, and sent nothing.
void expectRefused(const CliResult &r, const HostilePeer &peer, const QList<QByteArray> &needles)
{
    ASSERT_TRUE(r.finished) << "tokenscope-cli blocked instead of refusing";
    EXPECT_EQ(r.exitCode, kExitBadArguments) << r.err.toStdString();
    for (const QByteArray &needle : needles)
        EXPECT_TRUE(r.err.contains(needle))
            << "\"" << needle.toStdString() << "\" missing from: " << r.err.toStdString();
    EXPECT_TRUE(peer.requests().isEmpty()) << "a request was sent";
}

QString sparseFile(const QTemporaryDir &dir, const QString &name, qint64 size)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    EXPECT_TRUE(file.resize(size)); // no blocks written: a hole of zeros
    return path;
}

// `lines` valid vLLM custom lines of about 48 bytes each.
QString customDataset(const QTemporaryDir &dir, const QString &name, int lines)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    QByteArray block;
    for (int i = 0; i < lines; ++i) {
        block += "{\"prompt\": \"prompt number " + QByteArray::number(i).rightJustified(8, '0')
            + "\", \"output_tokens\": 8}\n";
        if (block.size() > (1 << 20)) {
            file.write(block);
            block.clear();
        }
    }
    file.write(block);
    return path;
}

QString errorsText(const QList<DatasetError> &errors)
{
    QStringList messages;
    for (const DatasetError &e : errors)
        messages << e.message;
    return messages.join(u'\n');
}

} // namespace

// --- Non-regular files: refused by what they are, before a byte is read ---

TEST(HostileFiles, DevZeroAsDatasetPromptFileOrCaFileIsRefusedAsADevice)
{
    HostilePeer peer(answerScript());
    ASSERT_TRUE(peer.start());
    for (const char *option : { "--dataset", "--prompt-file", "--ca-file" }) {
        SCOPED_TRACE(option);
        const CliResult r = runCli(runArgs(peer, { QLatin1String(option), QStringLiteral("/dev/zero") }));
        expectRefused(r, peer, { "/dev/zero", "it is a device, not a regular file" });
        EXPECT_LT(r.elapsedMs, 10000) << "refused at once, not after reading";
    }
}

TEST(HostileFiles, NamedPipeIsRefusedWithoutBlocking)
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("prompts.jsonl"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    HostilePeer peer(answerScript());
    ASSERT_TRUE(peer.start());
    // Nobody ever writes to it: an open() that waited for a writer would never return.
    for (const char *option : { "--dataset", "--prompt-file", "--ca-file" }) {
        SCOPED_TRACE(option);
        const CliResult r = runCli(runArgs(peer, { QLatin1String(option), fifo }), 20000);
        expectRefused(r, peer, { "prompts.jsonl", "named pipe (FIFO), not a regular file" });
    }
}

TEST(HostileFiles, DirectoryIsRefusedAsADirectory)
{
    QTemporaryDir dir;
    QList<DatasetError> errors;
    EXPECT_FALSE(loadDataset(dir.path(), DatasetFormat::Auto, &errors));
    EXPECT_TRUE(errorsText(errors).contains(QStringLiteral("it is a directory, not a regular file")))
        << errorsText(errors).toStdString();
}

// --- Sizes: capped, and said ---

TEST(HostileFiles, PromptFileOrCaFileOverTheCapIsRefusedBySize)
{
    QTemporaryDir dir;
    const QString big = sparseFile(dir, QStringLiteral("big.txt"), InputFile::kTextFileMaxBytes + 1);
    HostilePeer peer(answerScript());
    ASSERT_TRUE(peer.start());
    for (const char *option : { "--prompt-file", "--ca-file" }) {
        SCOPED_TRACE(option);
        const CliResult r = runCli(runArgs(peer, { QLatin1String(option), big }));
        expectRefused(r, peer,
            { "big.txt", QByteArray::number(InputFile::kTextFileMaxBytes + 1) + " bytes, more than the 16 MiB" });
    }
}

TEST(HostileFiles, DatasetOverTheCapIsRefusedBySizeBeforeReading)
{
    QTemporaryDir dir;
    const QString path = sparseFile(dir, QStringLiteral("huge.jsonl"), InputFile::kDatasetMaxBytes + 1);
    QElapsedTimer clock;
    clock.start();
    QList<DatasetError> errors;
    EXPECT_FALSE(loadDataset(path, DatasetFormat::Auto, &errors));
    EXPECT_LT(clock.elapsed(), 2000);
    EXPECT_TRUE(errorsText(errors).contains(QStringLiteral("more than the 4 GiB"))) << errorsText(errors).toStdString();
}

TEST(HostileFiles, DatasetOfOneEndlessLineStopsAtTheLineCap)
{
    // 2 GiB of zeros without a line end: JSONL (it does not start with "["), refused once the
    // line passes 16 MiB instead of being read (and held) whole.
    QTemporaryDir dir;
    const QString path = sparseFile(dir, QStringLiteral("zeros.jsonl"), 2048 * InputFile::kMiB);
    QElapsedTimer clock;
    clock.start();
    QList<DatasetError> errors;
    EXPECT_FALSE(loadDataset(path, DatasetFormat::Auto, &errors));
    EXPECT_LT(clock.elapsed(), 10000);
    EXPECT_TRUE(errorsText(errors).contains(QStringLiteral("line 1 is longer than 16 MiB")))
        << errorsText(errors).toStdString();
}

TEST(HostileFiles, OneLineShareGptFileLongerThanTheLineCapStillLoads)
{
    // The line cap is JSONL's: a ShareGPT file is one JSON document, often on one line.
    QByteArray entries;
    const QByteArray reply(1 << 20, 'r');
    for (int i = 0; i < 20; ++i)
        entries += QByteArray(i > 0 ? "," : "") + "{\"conversations\": [{\"from\": \"human\", \"value\": \"q\"}, "
            + "{\"from\": \"gpt\", \"value\": \"" + reply + "\"}]}";
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sg.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("\n\n[" + entries + "]");
    file.close();
    ASSERT_GT(file.size(), InputFile::kDatasetMaxLineBytes);
    QList<DatasetError> errors;
    const std::optional<Dataset> dataset = loadDataset(path, DatasetFormat::Auto, &errors);
    ASSERT_TRUE(dataset) << errorsText(errors).toStdString();
    EXPECT_EQ(dataset->format, DatasetFormat::ShareGpt);
    EXPECT_EQ(dataset->entries.size(), 20);
    EXPECT_EQ(dataset->sizeBytes, file.size());
}

// --- Interruption: the read polls its cancellation between chunks ---

TEST(HostileFiles, DatasetReadStopsWhenCancelledFromAnotherThread)
{
    QTemporaryDir dir;
    const QString path = customDataset(dir, QStringLiteral("many.jsonl"), 700000); // about 32 MiB
    const qint64 chunks = QFileInfo(path).size() / InputFile::kChunkBytes + 1;
    std::atomic<bool> cancel { false };
    std::atomic<int> polls { 0 };
    std::thread canceller([&] {
        // Mid-read: once the reader has asked twice, i.e. is parsing its second chunk.
        while (polls.load() < 2)
            std::this_thread::yield();
        cancel.store(true);
    });
    QList<DatasetError> errors;
    const std::optional<Dataset> dataset = loadDataset(path, DatasetFormat::Auto, &errors, [&] {
        ++polls;
        return cancel.load();
    });
    canceller.join();
    EXPECT_FALSE(dataset);
    EXPECT_TRUE(errorsText(errors).contains(QStringLiteral("interrupted"))) << errorsText(errors).toStdString();
    EXPECT_LT(polls.load(), chunks) << "the read went on to the end of the file";
}

TEST(HostileFiles, SigintDuringTheCliDatasetReadExitsInterruptedAndSendsNothing)
{
    QTemporaryDir dir;
    const QString path = customDataset(dir, QStringLiteral("many.jsonl"), 2000000); // about 92 MiB
    HostilePeer peer(answerScript());
    ASSERT_TRUE(peer.start());
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), runArgs(peer, { QStringLiteral("--dataset"), path }));
    ASSERT_TRUE(process.waitForStarted());
    // The CLI says when it starts reading (its Ctrl-C handler is in place by then).
    QByteArray err;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            process.waitForReadyRead(50);
            err += process.readAllStandardError();
            return err.contains("dataset: reading");
        },
        30000))
        << err.toStdString();
    ::kill(pid_t(process.processId()), SIGINT);
    ASSERT_TRUE(process.waitForFinished(30000)) << "SIGINT did not stop the read";
    err += process.readAllStandardError();
    EXPECT_EQ(process.exitCode(), kExitInterrupted) << err.toStdString();
    EXPECT_TRUE(err.contains("Interrupted while reading the dataset")) << err.toStdString();
    EXPECT_TRUE(peer.requests().isEmpty());
}

// --- Numbers: NaN, infinities and values that overflow are refused, naming the option ---

TEST(HostileNumbers, NanAndInfinityAreRefusedByEveryFloatingPointOption)
{
    HostilePeer peer(answerScript());
    ASSERT_TRUE(peer.start());
    const QList<QPair<const char *, const char *>> cases = {
        { "--temperature", "nan" },
        { "--temperature", "inf" },
        { "--duration", "nan" },
        { "--duration", "inf" },
        { "--ramp-up", "nan" },
        { "--grace", "nan" },
        { "--burstiness", "nan" },
        { "--server-metrics-interval", "nan" },
        { "--output-tokens-spread", "nan" },
        { "--request-rate", "nan" },
        { "--request-rate", "-inf" },
        { "--request-rate", "infinity" },
    };
    for (const auto &[option, value] : cases) {
        SCOPED_TRACE(std::string(option) + " " + value);
        const CliResult r = runCli(runArgs(peer, { QLatin1String(option), QLatin1String(value) }));
        // The option's own message, quoting the value: --duration expects a finite number >= 0, got "nan".
        const QByteArray said = QByteArray(option)
            + (QByteArray(option) == "--request-rate" ? " expects requests per second" : " expects a finite number");
        expectRefused(r, peer, { said, '"' + QByteArray(value) + '"' });
    }
}

TEST(HostileNumbers, RatesAndDurationsThatOverflowAreRefusedWithTheBound)
{
    HostilePeer peer(answerScript());
    ASSERT_TRUE(peer.start());
    // A gap of 1e308 s does not fit in nanoseconds: every send would go at 0 ms.
    CliResult r = runCli(runArgs(peer, { QStringLiteral("--request-rate"), QStringLiteral("1e-308") }));
    expectRefused(r, peer, { "--request-rate", "below 0.001 requests per second" });
    r = runCli(runArgs(peer, { QStringLiteral("--request-rate"), QStringLiteral("2,1e-9") }));
    expectRefused(r, peer, { "--request-rate", "0.001" });
    for (const char *option : { "--duration", "--ramp-up", "--grace" }) {
        SCOPED_TRACE(option);
        r = runCli(runArgs(peer,
            { QStringLiteral("--request-rate"), QStringLiteral("1"), QLatin1String(option), QStringLiteral("1e300") }));
        expectRefused(r, peer, { option, "at most 604800 s" });
    }
    r = runCli(runArgs(peer,
        { QStringLiteral("--request-rate"), QStringLiteral("1000000"), QStringLiteral("--duration"),
            QStringLiteral("600") }));
    expectRefused(r, peer, { "--request-rate", "more than 10000000 requests" });
    r = runCli(runArgs(peer, { QStringLiteral("--timeout"), QStringLiteral("2147483") }));
    expectRefused(r, peer, { "--timeout", "at most 604800 s" });
}

TEST(HostileNumbers, TheRunCheckRefusesThemForTheWindowToo)
{
    // The window's settings end in RunCheck::problem() as the CLI's do; a rate list is typed.
    const auto problem = [](const std::function<void(RunConfig &)> &change) {
        RunConfig c;
        change(c);
        return RunCheck::problem(c);
    };
    EXPECT_TRUE(problem([](RunConfig &) {}).isEmpty());
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(problem([](RunConfig &c) {
        c.loadMode = LoadMode::Rates;
        c.requestRates = { 1e-308 };
    }).contains(QStringLiteral("below 0.001")));
    EXPECT_FALSE(problem([&](RunConfig &c) {
        c.loadMode = LoadMode::Rates;
        c.requestRates = { 0.001, inf };
    }).contains(QStringLiteral("below"))); // the bound itself and inf are fine
    EXPECT_FALSE(problem([&](RunConfig &c) { c.temperature = nan; }).isEmpty());
    EXPECT_FALSE(problem([&](RunConfig &c) { c.durationS = nan; }).isEmpty());
    EXPECT_FALSE(problem([&](RunConfig &c) { c.rampUpS = nan; }).isEmpty());
    EXPECT_FALSE(problem([&](RunConfig &c) { c.graceS = inf; }).isEmpty());
    EXPECT_FALSE(problem([&](RunConfig &c) { c.burstiness = nan; }).isEmpty());
    EXPECT_FALSE(problem([&](RunConfig &c) { c.workload.outputSpread = nan; }).isEmpty());
    EXPECT_TRUE(problem([](RunConfig &c) { c.durationS = 1e12; }).contains(QStringLiteral("--duration")));
    // A level's count is per concurrency x up to 4096 users: bounded so that it fits an int.
    EXPECT_FALSE(problem([](RunConfig &c) {
        c.requestsPerConcurrency = 1000000;
        c.concurrencyLevels = { 4096 };
    }).isEmpty());
    EXPECT_FALSE(problem([](RunConfig &c) { c.requestsPerLevel = 20000000; }).isEmpty());
}
