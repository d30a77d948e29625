// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Run directories on a hostile disk (README.md#where-results-go): a file system that fills up, a
// symbolic link planted where a run writes, and two runs into one directory. The real writers and
// the real tokenscope-cli against the real simulator; "full" is a real 64 KiB tmpfs (root only:
// the tests that need one skip, saying why, when it cannot be mounted).
#include "dialogs/runexport.h"
#include "report/reportwriters.h"
#include "report/runrecorder.h"
#include "report/samplerun.h"
#include "sim/simulatorserver.h"
#include "store/historyrecorder.h"
#include "store/historystore.h"
#include "support/enginerun.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <iostream>
#include <sys/mount.h>
#include <unistd.h>

using namespace TokenScope;

namespace {

constexpr char kNoSpace[] = "No space left on device";

/// A tmpfs (64 KiB unless told) mounted on a fresh temporary directory for the test's lifetime.
class TinyFileSystem
{
public:
    explicit TinyFileSystem(const char *size = "64k")
    {
        if (!m_mountPoint.isValid()) {
            m_whyNot = QStringLiteral("no temporary directory");
            return;
        }
        const QByteArray options = QByteArray("size=") + size + ",mode=0755";
        if (::mount("tmpfs", QFile::encodeName(m_mountPoint.path()).constData(), "tmpfs", 0, options.constData())
            != 0) {
            m_whyNot = QStringLiteral("cannot mount a %1 tmpfs (needs root or CAP_SYS_ADMIN): %2")
                           .arg(QLatin1String(size), QString::fromLocal8Bit(std::strerror(errno)));
            return;
        }
        m_mounted = true;
    }
    ~TinyFileSystem()
    {
        if (m_mounted)
            ::umount2(QFile::encodeName(m_mountPoint.path()).constData(), MNT_DETACH);
    }
    TinyFileSystem(const TinyFileSystem &) = delete;
    TinyFileSystem &operator=(const TinyFileSystem &) = delete;

    bool mounted() const { return m_mounted; }
    std::string whyNot() const { return m_whyNot.toStdString(); }
    QString path() const { return m_mountPoint.path(); }
    QString filePath(const QString &name) const { return QDir(m_mountPoint.path()).filePath(name); }

    /// Writes `filler` until the file system refuses a single byte more: later writes that need
    /// a new page fail with ENOSPC.
    void fill() const
    {
        const int fd = ::open(QFile::encodeName(filePath(QStringLiteral("filler"))).constData(),
            O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        ASSERT_GE(fd, 0);
        const QByteArray block(1024, 'x');
        while (::write(fd, block.constData(), size_t(block.size())) > 0) { }
        while (::write(fd, "x", 1) > 0) { }
        EXPECT_EQ(errno, ENOSPC);
        ::close(fd);
    }
    void makeRoom() const { QFile::remove(filePath(QStringLiteral("filler"))); }

private:
    QTemporaryDir m_mountPoint;
    bool m_mounted = false;
    QString m_whyNot;
};

QByteArray readFile(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

void writePlainFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly)) << path.toStdString();
    ASSERT_EQ(file.write(bytes), bytes.size());
}

// Every line of requests.jsonl: the file must end in LF (no half line) and each line be an object.
QList<QJsonObject> wholeJsonLines(const QString &path)
{
    const QByteArray bytes = readFile(path);
    QList<QJsonObject> out;
    if (bytes.isEmpty())
        return out;
    EXPECT_TRUE(bytes.endsWith('\n')) << "half a line at the end: " << bytes.right(120).toStdString();
    QList<QByteArray> lines = bytes.split('\n');
    lines.removeLast();
    for (const QByteArray &line : std::as_const(lines)) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << line.left(200).toStdString();
        out.append(doc.object());
    }
    return out;
}

QJsonObject parsedSummary(const QString &dir)
{
    QJsonParseError error;
    const QJsonDocument doc
        = QJsonDocument::fromJson(readFile(QDir(dir).filePath(QStringLiteral("summary.json"))), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    return doc.object();
}

QStringList cliArgs(const SimulatorServer &sim, const QString &out, const QStringList &extra)
{
    return QStringList { QStringLiteral("run"), QStringLiteral("--base-url"), sim.baseUrl().toString(),
        QStringLiteral("--model"), QStringLiteral("tokenscope-sim"), QStringLiteral("--max-tokens"),
        QStringLiteral("24"), QStringLiteral("--out"), out }
    + extra;
}

struct Finished
{
    int exitCode = -1; ///< -1: crashed or killed
    QByteArray err;
};

Finished waitForCli(QProcess &process, int timeoutMs = 60000)
{
    EXPECT_TRUE(process.waitForFinished(timeoutMs)) << "tokenscope-cli did not finish";
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardError() };
}

Finished runCli(const QStringList &args)
{
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    EXPECT_TRUE(process.waitForStarted());
    return waitForCli(process);
}

// A simulator slow enough (20 ms a token, 24 tokens) for a run of many requests to last seconds.
SimConfig slowSim()
{
    SimConfig config = Testing::quickSim();
    config.decodeIntervalMs = 20;
    return config;
}

RequestRecord record(int index, const QString &message = {})
{
    RequestRecord r;
    r.level = 1;
    r.index = index;
    r.ok = message.isEmpty();
    if (!r.ok) {
        r.errorKind = QStringLiteral("http_5xx");
        r.errorMessage = message;
    }
    return r;
}

// Starts tokenscope-cli writing to `out` against the slow `sim` (concurrency 2, `requests` per
// level) and returns once it is mid-run: two requests served. False when it did not get there.
bool startMidRun(QProcess *cli, SimulatorServer &sim, const QString &out, int requests)
{
    cli->start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        cliArgs(sim, out,
            { QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"),
                QString::number(requests) }));
    return cli->waitForStarted() && QTest::qWaitFor([&sim] { return sim.requestsServed() >= 2; }, 30000);
}

} // namespace

// The bug this pins: QSaveFile on Qt 6.4 reported success after its buffered write failed and
// renamed an empty file over the good one.
TEST(HostileDiskWriter, FailedWriteKeepsThePreviousFileAndNamesTheFileAndTheReason)
{
    TinyFileSystem fs;
    if (!fs.mounted())
        GTEST_SKIP() << fs.whyNot();
    const QString path = fs.filePath(QStringLiteral("summary.json"));
    const QByteArray previous = "{\"status\": \"running\"}\n";
    QString error;
    ASSERT_TRUE(Report::writeFileAtomically(path, previous, &error)) << error.toStdString();
    fs.fill();

    const QByteArray next = "{\"status\": \"completed\", \"pad\": \"" + QByteArray(8000, 'p') + "\"}\n";
    EXPECT_FALSE(Report::writeFileAtomically(path, next, &error));
    EXPECT_TRUE(error.contains(path)) << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String(kNoSpace))) << error.toStdString();
    EXPECT_EQ(readFile(path), previous);
    // No temporary file left behind beside it.
    EXPECT_EQ(QDir(fs.path()).entryList(QDir::Files | QDir::Hidden),
        (QStringList { QStringLiteral("filler"), QStringLiteral("summary.json") }));

    // A file that was not there stays absent rather than appearing empty.
    const QString fresh = fs.filePath(QStringLiteral("report.md"));
    EXPECT_FALSE(Report::writeFileAtomically(fresh, next, &error));
    EXPECT_FALSE(QFile::exists(fresh));
}

// A symbolic link at the destination is replaced by the new file; the file it pointed to is not
// written.
TEST(HostileDiskWriter, AtomicWriteReplacesALinkNotItsTarget)
{
    QTemporaryDir tmp;
    const QString victim = tmp.filePath(QStringLiteral("victim"));
    writePlainFile(victim, "precious\n");
    const QString link = tmp.filePath(QStringLiteral("report.md"));
    ASSERT_TRUE(QFile::link(victim, link));
    QString error;
    ASSERT_TRUE(Report::writeFileAtomically(link, "# report\n", &error)) << error.toStdString();
    EXPECT_FALSE(QFileInfo(link).isSymLink());
    EXPECT_EQ(readFile(link), QByteArray("# report\n"));
    EXPECT_EQ(readFile(victim), QByteArray("precious\n"));
}

// An append that hits a full disk part-way leaves no half line, appends nothing after it, and
// finish() writes every record once there is room again.
TEST(HostileDiskRecorder, FailedAppendIsCutBackToWholeLinesAndFinishWritesThemAll)
{
    TinyFileSystem fs;
    if (!fs.mounted())
        GTEST_SKIP() << fs.whyNot();
    const QString dir = fs.filePath(QStringLiteral("run"));
    Report::RunRecorder recorder(dir);
    QString error;
    ASSERT_TRUE(recorder.begin({ Testing::quickConfig(QStringLiteral("http://127.0.0.1:9/v1"), 1, 5, 8) },
        QDateTime::currentDateTime(), &error))
        << error.toStdString();
    RunResult run;
    run.config = Testing::quickConfig(QStringLiteral("http://127.0.0.1:9/v1"), 1, 5, 8);
    run.startedAt = QDateTime::currentDateTime();
    for (int i = 0; i < 3; ++i) {
        run.records.append(record(i));
        ASSERT_TRUE(recorder.recordRequest(run.records.last(), &error)) << error.toStdString();
    }
    const QString requests = QDir(dir).filePath(QStringLiteral("requests.jsonl"));
    const QByteArray before = readFile(requests);
    fs.fill();

    // Longer than a page: part of it may fit in the file's last page, the rest cannot.
    run.records.append(record(3, QString(6000, u'e')));
    EXPECT_FALSE(recorder.recordRequest(run.records.last(), &error));
    EXPECT_TRUE(error.contains(requests)) << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String(kNoSpace))) << error.toStdString();
    EXPECT_EQ(readFile(requests), before) << "cut back to the last whole line";
    EXPECT_EQ(wholeJsonLines(requests).size(), 3);

    fs.makeRoom();
    // Appends stay stopped (a gap in the middle would be worse than a missing tail)…
    run.records.append(record(4));
    EXPECT_FALSE(recorder.recordRequest(run.records.last(), &error));
    EXPECT_EQ(readFile(requests), before);
    // …and the end writes the whole file again.
    ASSERT_TRUE(recorder.finish(run, &error)) << error.toStdString();
    const QList<QJsonObject> lines = wholeJsonLines(requests);
    ASSERT_EQ(lines.size(), 5);
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(lines.at(i).value(u"index").toInt(), i);
}

// The whole CLI: the disk fills while the run goes on, so its last records and every file written
// at the end fail. It must say which and why, exit non-zero, and leave a directory whose files
// all parse: the "running" summary.json, whole lines in requests.jsonl.
TEST(HostileDiskCli, DiskFullAtTheEndExitsWithFiveKeepsTheRunningSummaryAndWholeLines)
{
    TinyFileSystem fs;
    if (!fs.mounted())
        GTEST_SKIP() << fs.whyNot();
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(slowSim()));
    const QString dir = fs.filePath(QStringLiteral("run"));
    QProcess process;
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
        cliArgs(sim, dir,
            { QStringLiteral("--concurrency"), QStringLiteral("2"), QStringLiteral("--requests"),
                QStringLiteral("16") }));
    ASSERT_TRUE(process.waitForStarted());
    const QString requests = QDir(dir).filePath(QStringLiteral("requests.jsonl"));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            QFile file(requests);
            return file.open(QIODevice::ReadOnly) && file.readAll().count('\n') >= 3;
        },
        30000));
    ASSERT_EQ(process.state(), QProcess::Running) << "the run ended before the disk filled";
    fs.fill();

    const Finished r = waitForCli(process);
    EXPECT_EQ(r.exitCode, 5) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QFile::encodeName(QDir(dir).filePath(QStringLiteral("summary.json")))))
        << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(kNoSpace)) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains("is incomplete")) << r.err.toStdString();
    EXPECT_EQ(parsedSummary(dir).value(u"status").toString(), QStringLiteral("running"));
    const QList<QJsonObject> lines = wholeJsonLines(requests);
    EXPECT_GE(lines.size(), 3);
    EXPECT_LT(lines.size(), 17) << "the disk was full before the last request";
    for (const char *name : { "results.csv", "report.md", "report.html" })
        EXPECT_FALSE(QFile::exists(QDir(dir).filePath(QLatin1String(name)))) << name << " was never written";
}

// A link where the run writes could point at any file the user can write: the run refuses
// before sending anything, naming the link, and the file it points to is untouched.
TEST(HostileDiskCli, RunFileThatIsASymbolicLinkIsRefusedAndItsTargetUntouched)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(Testing::quickSim()));
    for (const QString &name : { QStringLiteral("requests.jsonl"), QStringLiteral("summary.json") }) {
        SCOPED_TRACE(name.toStdString());
        QTemporaryDir tmp;
        const QString victim = tmp.filePath(QStringLiteral("victim"));
        writePlainFile(victim, "precious\n");
        const QString out = tmp.filePath(QStringLiteral("out"));
        ASSERT_TRUE(QDir().mkpath(out));
        const QString link = QDir(out).filePath(name);
        ASSERT_TRUE(QFile::link(victim, link));

        const Finished r = runCli(cliArgs(sim, out,
            { QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"),
                QStringLiteral("2") }));
        EXPECT_EQ(r.exitCode, 2) << r.err.toStdString();
        EXPECT_TRUE(r.err.contains(QFile::encodeName(link))) << r.err.toStdString();
        EXPECT_TRUE(r.err.contains("symbolic link")) << r.err.toStdString();
        EXPECT_EQ(readFile(victim), QByteArray("precious\n"));
        EXPECT_TRUE(QFileInfo(link).isSymLink());
        EXPECT_FALSE(QFile::exists(QDir(out).filePath(QStringLiteral(".lock"))));
    }
    EXPECT_EQ(sim.requestsServed(), 0);
}

// Two runs into one directory would interleave their records: the second is refused, naming the
// first's process, and the first's files are all whole.
TEST(HostileDiskCli, SecondRunIntoTheSameDirectoryIsRefusedWhileTheFirstGoesOn)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(slowSim()));
    QTemporaryDir out;
    QProcess first;
    ASSERT_TRUE(startMidRun(&first, sim, out.path(), 12));
    ASSERT_EQ(first.state(), QProcess::Running);

    const Finished second = runCli(cliArgs(sim, out.path(),
        { QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("1") }));
    EXPECT_EQ(second.exitCode, 2) << second.err.toStdString();
    EXPECT_TRUE(second.err.contains("Another run is writing to")) << second.err.toStdString();
    EXPECT_TRUE(second.err.contains(QByteArray("process " + QByteArray::number(first.processId()))))
        << second.err.toStdString();

    const Finished r = waitForCli(first);
    ASSERT_EQ(r.exitCode, 0) << r.err.toStdString();
    const QJsonObject summary = parsedSummary(out.path());
    EXPECT_EQ(summary.value(u"status").toString(), QStringLiteral("completed"));
    EXPECT_EQ(wholeJsonLines(out.filePath(QStringLiteral("requests.jsonl"))).size(), 1 + 12); // warm-up + 12
    EXPECT_FALSE(QFile::exists(out.filePath(QStringLiteral(".lock")))) << "released at the end";
}

// The kernel drops a killed run's flock: its leftover .lock must not block the next run.
TEST(HostileDiskCli, KilledRunsLockDoesNotBlockTheNextRun)
{
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(slowSim()));
    QTemporaryDir out;
    QProcess killed;
    ASSERT_TRUE(startMidRun(&killed, sim, out.path(), 100));
    ::kill(pid_t(killed.processId()), SIGKILL);
    ASSERT_TRUE(killed.waitForFinished(20000));
    ASSERT_TRUE(QFile::exists(out.filePath(QStringLiteral(".lock")))) << "left behind by the killed run";

    const Finished next = runCli(cliArgs(sim, out.path(),
        { QStringLiteral("--concurrency"), QStringLiteral("1"), QStringLiteral("--requests"), QStringLiteral("1") }));
    EXPECT_EQ(next.exitCode, 0) << next.err.toStdString();
    EXPECT_EQ(parsedSummary(out.path()).value(u"status").toString(), QStringLiteral("completed"));
    EXPECT_EQ(wholeJsonLines(out.filePath(QStringLiteral("requests.jsonl"))).size(), 2);
}

// The window's File → Export… and Export Run Directory… on a full disk: the error the dialog
// shows names the file and the system's reason.
TEST(HostileDiskExport, ExportOnAFullDiskNamesTheFileAndTheReason)
{
    TinyFileSystem fs;
    if (!fs.mounted())
        GTEST_SKIP() << fs.whyNot();
    fs.fill();
    const RunResult run = Testing::sampleRun();
    QString error;
    const QString file = fs.filePath(QStringLiteral("run.json"));
    EXPECT_FALSE(RunExporter::exportTo(run, RunExporter::Format::Json, file, &error));
    EXPECT_TRUE(error.contains(file)) << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String(kNoSpace))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(file));

    const QString dir = fs.filePath(QStringLiteral("rundir"));
    EXPECT_FALSE(RunExporter::exportTo(run, RunExporter::Format::RunDirectory, dir, &error));
    EXPECT_TRUE(error.contains(QDir(dir).filePath(QStringLiteral("summary.json")))) << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String(kNoSpace))) << error.toStdString();
}

// The window's run history on a full disk: the failure names the history file
// (SQLite's own text does not).
TEST(HostileDiskHistory, FailingHistoryWriteNamesTheHistoryFile)
{
    TinyFileSystem fs("1m"); // room for the schema and SQLite's write-ahead log
    if (!fs.mounted())
        GTEST_SKIP() << fs.whyNot();
    const QString path = fs.filePath(QStringLiteral("history.sqlite"));
    HistoryStore store;
    QString error;
    ASSERT_TRUE(store.open(path, &error)) << error.toStdString();
    HistoryRecorder recorder(&store);
    QStringList failures;
    const RunResult run = Testing::sampleRun();
    ASSERT_TRUE(recorder.begin({ run.config }, QDateTime::currentDateTime(), &error)) << error.toStdString();
    fs.fill();
    for (int i = 0; i < 40 && failures.isEmpty(); ++i)
        if (!recorder.recordRequest(record(i, QString(4000, u'e')), &error))
            failures.append(error);
    ASSERT_EQ(failures.size(), 1);
    EXPECT_TRUE(failures.at(0).contains(path)) << failures.at(0).toStdString();
    EXPECT_TRUE(failures.at(0).contains(u"disk is full")) << failures.at(0).toStdString(); // SQLITE_FULL
    std::cout << "history on a full disk: " << failures.at(0).toStdString() << std::endl;
}
