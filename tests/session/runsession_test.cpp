// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// RunSession without a window: real engine thread, the built-in simulator over loopback, a real
// SQLite history file in a temporary directory.
#include "core/runsink.h"
#include "engine/runcheck.h"
#include "session/runsession.h"
#include "store/historystore.h"
#include "support/enginerun.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// A caller's sink that logs what it is handed, in order, and can be told to fail its writes.
class LoggingSink : public RunSink
{
public:
    bool begin(const QList<RunConfig> &arms, const QDateTime &, QString *error) override
    {
        return write(QStringLiteral("begin %1").arg(arms.size()), error, beginFails);
    }
    bool recordRequest(const RequestRecord &record, QString *error) override
    {
        return write(QStringLiteral("request %1").arg(record.warmup ? -1 : record.index), error, writesFail);
    }
    bool recordLevel(const LevelSummary &summary, QString *error) override
    {
        return write(QStringLiteral("level %1").arg(summary.levelIndex), error, writesFail);
    }
    bool recordServerSample(const ServerMetricsSample &, QString *error) override
    {
        return write(QStringLiteral("sample"), error, writesFail);
    }
    bool finish(const RunResult &result, QString *error) override
    {
        return write(QStringLiteral("finish %1").arg(result.records.size()), error, writesFail);
    }
    bool fail(const QString &, QString *error) override { return write(QStringLiteral("fail"), error, writesFail); }

    QStringList log;
    bool beginFails = false;
    bool writesFail = false;

private:
    bool write(const QString &entry, QString *error, bool fails)
    {
        log << entry;
        if (fails)
            *error = QStringLiteral("cannot write %1").arg(entry);
        return !fails;
    }
};

class RunSessionTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        QString error;
        ASSERT_TRUE(session.setSimulatorRunning(true, &error)) << error.toStdString();
        ASSERT_FALSE(session.simulatorBaseUrl().isEmpty());
    }

    void openHistory() { ASSERT_EQ(session.openHistory(m_dir.filePath(QStringLiteral("history.sqlite"))), QString()); }

    RunConfig config(const QList<int> &levels, int requests = 2, int maxTokens = 8) const
    {
        RunConfig c = quickConfig(session.simulatorBaseUrl().toString(), 1, requests, maxTokens);
        c.concurrencyLevels = levels;
        return c;
    }

    // Waits for the run under way to end; true when it ended with runFinished.
    bool waitForEnd(int timeoutMs = 60000)
    {
        QSignalSpy finished(&session, &RunSession::runFinished);
        QSignalSpy failed(&session, &RunSession::runFailed);
        const bool ended = QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); }, timeoutMs);
        return ended && !finished.isEmpty();
    }

    HistoryRunInfo onlyStoredRun() const
    {
        const QList<HistoryRunInfo> runs = session.history()->listRuns();
        EXPECT_EQ(runs.size(), 1);
        return runs.value(0);
    }

    QTemporaryDir m_dir;
    RunSession session;
};

} // namespace

TEST_F(RunSessionTest, ARunIsStoredAsItGoesAndKeptInTheSession)
{
    openHistory();
    QSignalSpy started(&session, &RunSession::runStarted);
    QSignalSpy historyChanged(&session, &RunSession::historyChanged);
    // Each request and level is in the history file by the time its signal arrives.
    int requestsSeen = 0;
    int levelsSeen = 0;
    QList<int> storedRequestCounts;
    QList<int> storedLevelCounts;
    QObject::connect(&session, &RunSession::requestFinished, &session, [&](const RequestRecord &) {
        ++requestsSeen;
        storedRequestCounts.append(session.history()->listRuns().value(0).requestCount);
    });
    QObject::connect(&session, &RunSession::levelFinished, &session, [&](const LevelSummary &) {
        ++levelsSeen;
        storedLevelCounts.append(int(session.history()->listRuns().value(0).levels.size()));
    });
    bool storedBeforeFinished = false;
    QObject::connect(&session, &RunSession::runFinished, &session, [&](const RunResult &) {
        storedBeforeFinished = historyChanged.size() == 1 && session.runs().size() == 1
            && onlyStoredRun().status == HistoryRunStatus::Completed;
    });

    QString error;
    ASSERT_TRUE(session.start({ config({ 1, 2, 1 }) }, &error)) << error.toStdString();
    EXPECT_TRUE(session.isRunning());
    EXPECT_EQ(started.size(), 1);
    EXPECT_GT(session.currentHistoryId(), 0);
    ASSERT_TRUE(waitForEnd());
    EXPECT_FALSE(session.isRunning());

    ASSERT_EQ(requestsSeen, 3 * 2);
    for (int i = 0; i < requestsSeen; ++i)
        EXPECT_GE(storedRequestCounts.at(i), i + 1) << "request " << i << " was signalled before it was stored";
    ASSERT_EQ(levelsSeen, 3);
    for (int i = 0; i < levelsSeen; ++i)
        EXPECT_EQ(storedLevelCounts.at(i), i + 1) << "level " << i << " was signalled before it was stored";
    EXPECT_TRUE(storedBeforeFinished) << "runFinished came before the run and its final status were kept";

    ASSERT_EQ(session.runs().size(), 1);
    const RunResult &run = session.runs().first();
    EXPECT_FALSE(run.cancelled);
    ASSERT_EQ(run.levels.size(), 3);
    const HistoryRunInfo stored = onlyStoredRun();
    EXPECT_EQ(stored.status, HistoryRunStatus::Completed);
    EXPECT_EQ(stored.requestCount, 6);
    ASSERT_EQ(stored.levels.size(), 3);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(stored.levels.at(i).summary.levelIndex, i);

    // A stored run opens once and is then served from memory.
    const std::optional<RunResult> reopened = session.storedRun(stored.id, &error);
    ASSERT_TRUE(reopened) << error.toStdString();
    EXPECT_EQ(reopened->records.size(), 6);
    EXPECT_EQ(reopened->levels.size(), 3);
}

TEST_F(RunSessionTest, AnAbRunIsNamedAfterItsArmsAndKeepsBoth)
{
    openHistory();
    RunConfig a = config({ 2 });
    RunConfig b = a;
    b.model = QStringLiteral("tokenscope-sim-fast");
    QString error;
    ASSERT_TRUE(session.start({ a, b }, &error)) << error.toStdString();
    ASSERT_TRUE(waitForEnd());

    const RunResult &run = session.runs().last();
    ASSERT_TRUE(run.isInterleaved());
    EXPECT_EQ(run.armResult(0).levels.value(0).completed, 2);
    EXPECT_EQ(run.armResult(1).levels.value(0).completed, 2);
    const HistoryRunInfo stored = onlyStoredRun();
    EXPECT_EQ(stored.name, QStringLiteral("A/B: tokenscope-sim vs tokenscope-sim-fast (#%1)").arg(stored.id))
        << "named after its arms, and unique";
    EXPECT_EQ(stored.armModels, (QStringList { QStringLiteral("tokenscope-sim"), QStringLiteral("tokenscope-sim-fast") }));
    EXPECT_EQ(stored.status, HistoryRunStatus::Completed);
}

TEST_F(RunSessionTest, ACancelledRunKeepsWhatItMeasuredInTheSessionAndTheHistory)
{
    openHistory();
    RunConfig slow = config({ 1 }, 50, 64);
    QObject::connect(&session, &RunSession::requestFinished, &session, [this] { session.cancel(); });
    QString error;
    ASSERT_TRUE(session.start({ slow }, &error)) << error.toStdString();
    ASSERT_TRUE(waitForEnd());

    const RunResult &run = session.runs().last();
    EXPECT_TRUE(run.cancelled);
    const int measuredOk = countOk(run);
    EXPECT_GE(measuredOk, 1);
    EXPECT_LT(measuredOk, 50);
    const HistoryRunInfo stored = onlyStoredRun();
    EXPECT_EQ(stored.status, HistoryRunStatus::Cancelled);
    EXPECT_EQ(stored.requestCount, run.records.size());
    EXPECT_EQ(stored.levels.size(), 1) << "the level under way is kept";
}

TEST_F(RunSessionTest, InvalidSettingsStartNothing)
{
    openHistory();
    QSignalSpy started(&session, &RunSession::runStarted);
    RunConfig noModel = config({ 1 });
    noModel.model.clear();
    QString error;
    EXPECT_FALSE(session.start({ noModel }, &error));
    EXPECT_FALSE(error.isEmpty());

    // In an A/B run the message says which endpoint is wrong.
    RunConfig badB = config({ 1 });
    badB.baseUrl = QStringLiteral("not a url");
    EXPECT_FALSE(session.start({ config({ 1 }), badB }, &error));
    EXPECT_TRUE(error.startsWith(QStringLiteral("Endpoint B: "))) << error.toStdString();

    EXPECT_FALSE(session.start({}, &error));
    EXPECT_FALSE(error.isEmpty());

    EXPECT_FALSE(session.isRunning());
    EXPECT_EQ(started.size(), 0);
    EXPECT_TRUE(session.history()->listRuns().isEmpty()) << "nothing was stored for a run that never started";
    EXPECT_TRUE(session.runs().isEmpty());
}

TEST_F(RunSessionTest, ASecondStartWhileRunningIsRefused)
{
    QString error;
    ASSERT_TRUE(session.start({ config({ 1 }, 4, 32) }, &error)) << error.toStdString();
    EXPECT_FALSE(session.start({ config({ 1 }) }, &error));
    EXPECT_FALSE(error.isEmpty());
    ASSERT_TRUE(waitForEnd());
    EXPECT_EQ(session.runs().size(), 1);
    EXPECT_EQ(countOk(session.runs().first()), 4);
}

TEST_F(RunSessionTest, WithoutHistoryRunsAreStillKept)
{
    // A history file that cannot be created leaves the session without history, saying why.
    const QString blocker = m_dir.filePath(QStringLiteral("file"));
    QFile file(blocker);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    EXPECT_FALSE(session.openHistory(blocker + QStringLiteral("/history.sqlite")).isEmpty());
    EXPECT_EQ(session.history(), nullptr);

    QString error;
    ASSERT_TRUE(session.start({ config({ 1 }) }, &error)) << error.toStdString();
    EXPECT_EQ(session.currentHistoryId(), -1);
    ASSERT_TRUE(waitForEnd());
    ASSERT_EQ(session.runs().size(), 1);
    EXPECT_EQ(countOk(session.runs().first()), 2);
    EXPECT_FALSE(session.storedRun(1, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST_F(RunSessionTest, TheSimulatorStopsAndStartsAgain)
{
    QString error;
    ASSERT_TRUE(session.setSimulatorRunning(false, &error));
    EXPECT_TRUE(session.simulatorBaseUrl().isEmpty());
    ASSERT_TRUE(session.setSimulatorRunning(true, &error)) << error.toStdString();
    ASSERT_FALSE(session.simulatorBaseUrl().isEmpty());
    ASSERT_TRUE(session.start({ config({ 1 }) }, &error)) << error.toStdString();
    ASSERT_TRUE(waitForEnd());
    EXPECT_EQ(countOk(session.runs().first()), 2);
}

// The simulator's port is fixed so that its URL works across sessions; when another program holds
// it, the session falls back to a free port and says so.
TEST(RunSession, TheSimulatorFallsBackToAFreePortWhenItsOwnIsTaken)
{
    // Holds the port, unless something else on this machine already does. Another session test
    // running in parallel (ctest -j) may hold it for a moment: wait for it to let go, else that
    // test's release would hand the port to this session.
    QTcpServer holder;
    QElapsedTimer waited;
    waited.start();
    while (!holder.listen(QHostAddress::LocalHost, RunSession::kSimulatorPort) && waited.elapsed() < 20000)
        QTest::qWait(50);
    RunSession session;
    QString error;
    ASSERT_TRUE(session.setSimulatorRunning(true, &error)) << error.toStdString();
    EXPECT_FALSE(session.simulatorOnItsOwnPort());
    EXPECT_NE(session.simulatorBaseUrl().port(), int(RunSession::kSimulatorPort));
    EXPECT_TRUE(session.simulatorEndpointLabel().startsWith(u"built-in simulator (")) << session.simulatorEndpointLabel().toStdString();

    RunConfig config = quickConfig(session.simulatorBaseUrl().toString(), 1, 2, 8);
    ASSERT_TRUE(session.start({ config }, &error)) << error.toStdString();
    QSignalSpy finished(&session, &RunSession::runFinished);
    ASSERT_TRUE(QTest::qWaitFor([&finished] { return !finished.isEmpty(); }, 60000));
    EXPECT_EQ(countOk(session.runs().first()), 2);
}

TEST_F(RunSessionTest, ACallersSinkGetsEveryEventBeforeItsSignal)
{
    LoggingSink sink;
    QStringList logAtSignals;
    QObject::connect(&session, &RunSession::requestFinished, &session,
        [&](const RequestRecord &) { logAtSignals << sink.log.last(); });
    QObject::connect(
        &session, &RunSession::levelFinished, &session, [&](const LevelSummary &) { logAtSignals << sink.log.last(); });
    QObject::connect(
        &session, &RunSession::runFinished, &session, [&](const RunResult &) { logAtSignals << sink.log.last(); });
    QString error;
    ASSERT_TRUE(session.start({ config({ 1, 2 }) }, &error, { &sink })) << error.toStdString();
    ASSERT_TRUE(waitForEnd());
    // The two requests of the level at concurrency 2 may end in either order.
    QStringList inOrder = sink.log;
    if (inOrder.size() > 5 && inOrder[4] == u"request 1" && inOrder[5] == u"request 0")
        inOrder.swapItemsAt(4, 5);
    EXPECT_EQ(inOrder,
        QStringList({ QStringLiteral("begin 1"), QStringLiteral("request 0"), QStringLiteral("request 1"),
            QStringLiteral("level 0"), QStringLiteral("request 0"), QStringLiteral("request 1"),
            QStringLiteral("level 1"), QStringLiteral("finish 4") }));
    EXPECT_EQ(logAtSignals, sink.log.mid(1)) << "each event was in the sink when its signal went out";

    // The next run does not reach the sink of the last one.
    ASSERT_TRUE(session.start({ config({ 1 }) }, &error)) << error.toStdString();
    ASSERT_TRUE(waitForEnd());
    EXPECT_EQ(sink.log.size(), 8);
}

TEST_F(RunSessionTest, ASinkThatCannotBeginStartsNothing)
{
    openHistory();
    LoggingSink sink;
    sink.beginFails = true;
    QSignalSpy started(&session, &RunSession::runStarted);
    QString error;
    EXPECT_FALSE(session.start({ config({ 1 }) }, &error, { &sink }));
    EXPECT_EQ(error, QStringLiteral("cannot write begin 1"));
    EXPECT_FALSE(session.isRunning());
    EXPECT_EQ(started.size(), 0);
    EXPECT_TRUE(session.history()->listRuns().isEmpty()) << "nothing was stored for a run that never started";
}

TEST_F(RunSessionTest, SinksThatBeganEndWhenALaterOneCannotBegin)
{
    LoggingSink first;
    LoggingSink second;
    second.beginFails = true;
    QString error;
    EXPECT_FALSE(session.start({ config({ 1 }) }, &error, { &first, &second }));
    EXPECT_EQ(first.log, QStringList({ QStringLiteral("begin 1"), QStringLiteral("fail") }))
        << "a run directory that began is not left \"running\"";
    EXPECT_EQ(second.log, QStringList({ QStringLiteral("begin 1") }));
}

TEST_F(RunSessionTest, AFailingSinkIsReportedOncePerRunAndTheRunGoesOn)
{
    LoggingSink sink;
    sink.writesFail = true;
    QSignalSpy recordingFailed(&session, &RunSession::recordingFailed);
    QString error;
    ASSERT_TRUE(session.start({ config({ 1 }, 3) }, &error, { &sink })) << error.toStdString();
    ASSERT_TRUE(waitForEnd());
    ASSERT_EQ(recordingFailed.size(), 1) << "one message per run, not one per request";
    EXPECT_EQ(recordingFailed.at(0).at(0).toString(), QStringLiteral("cannot write request 0"));
    EXPECT_EQ(countOk(session.runs().first()), 3) << "the run went on";
    EXPECT_EQ(sink.log.last(), QStringLiteral("finish 3"));
}

TEST_F(RunSessionTest, AHistoryThatGoesAwayIsReportedOncePerRun)
{
    openHistory();
    QSignalSpy historyFailed(&session, &RunSession::historyWriteFailed);
    QObject::connect(&session, &RunSession::requestFinished, &session, [&](const RequestRecord &) {
        if (session.history()->isOpen())
            session.history()->close(); // the file goes away under the run (disk removed)
    });
    QString error;
    ASSERT_TRUE(session.start({ config({ 1, 2 }) }, &error)) << error.toStdString();
    ASSERT_TRUE(waitForEnd());
    ASSERT_EQ(historyFailed.size(), 1) << "one message per run, not one per request";
    EXPECT_TRUE(historyFailed.at(0).at(0).toString().contains(u"not open"))
        << historyFailed.at(0).at(0).toString().toStdString();
    EXPECT_EQ(countOk(session.runs().first()), 4) << "the run went on";
}

TEST_F(RunSessionTest, AnAbSweepIsRefusedAsTheCliRefusesIt)
{
    RunConfig a = config({ 1 });
    a.loadMode = LoadMode::Sweep;
    a.sweepRates = 2;
    RunConfig b = a;
    b.model = QStringLiteral("tokenscope-sim-fast");
    QString error;
    EXPECT_FALSE(session.start({ a, b }, &error));
    EXPECT_EQ(error, RunCheck::interleavingProblem(a)) << error.toStdString();
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(session.isRunning());
}

TEST_F(RunSessionTest, ARepeatedRunStoresEachRepeatInOneGroupWithItsIndex)
{
    openHistory();
    QSignalSpy repeatStarted(&session, &RunSession::repeatStarted);
    QSignalSpy repeatsFinished(&session, &RunSession::repeatsFinished);
    QString error;
    ASSERT_TRUE(session.startRepeated({ config({ 1, 2 }) }, 3, &error)) << error.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !repeatsFinished.isEmpty(); }, 60000));

    ASSERT_EQ(repeatStarted.size(), 3);
    EXPECT_EQ(repeatStarted.at(2).at(0).toInt(), 3);
    EXPECT_EQ(repeatStarted.at(2).at(1).toInt(), 3);
    const QList<RunResult> runs = repeatsFinished.first().at(0).value<QList<RunResult>>();
    EXPECT_EQ(runs.size(), 3);
    EXPECT_FALSE(repeatsFinished.first().at(2).toBool()) << "not stopped";
    EXPECT_EQ(session.runs().size(), 3) << "each repeat is a run of its own";

    QList<HistoryRunInfo> stored = session.history()->listRuns();
    ASSERT_EQ(stored.size(), 3);
    std::sort(stored.begin(), stored.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(stored.at(i).repeatGroup, stored.first().id) << "the group is the first repeat's id";
        EXPECT_EQ(stored.at(i).repeatIndex, i + 1);
        EXPECT_EQ(stored.at(i).repeatCount, 3);
        EXPECT_EQ(stored.at(i).status, HistoryRunStatus::Completed);
        EXPECT_EQ(stored.at(i).levels.size(), 2);
    }
}

TEST_F(RunSessionTest, CancelStopsTheSeriesAndKeepsTheRepeatsThatFinished)
{
    openHistory();
    QSignalSpy repeatsFinished(&session, &RunSession::repeatsFinished);
    // Cancelled at the second repeat's first request: repeat 1 whole, repeat 2 cut, no repeat 3.
    QObject::connect(&session, &RunSession::requestFinished, &session, [this] {
        if (session.repeatIndex() == 2)
            session.cancel();
    });
    QString error;
    ASSERT_TRUE(session.startRepeated({ config({ 1 }, 6, 32) }, 3, &error)) << error.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !repeatsFinished.isEmpty(); }, 60000));

    const QList<RunResult> runs = repeatsFinished.first().at(0).value<QList<RunResult>>();
    ASSERT_EQ(runs.size(), 2);
    EXPECT_FALSE(runs.at(0).cancelled);
    EXPECT_TRUE(runs.at(1).cancelled);
    EXPECT_TRUE(repeatsFinished.first().at(2).toBool()) << "stopped";
    const QList<HistoryRunInfo> stored = session.history()->listRuns();
    ASSERT_EQ(stored.size(), 2);
    EXPECT_EQ(stored.first().repeatIndex, 2); // newest first
    EXPECT_EQ(stored.first().status, HistoryRunStatus::Cancelled);
}

TEST_F(RunSessionTest, ARunThatIsNoRepeatHasNoGroup)
{
    openHistory();
    QString error;
    ASSERT_TRUE(session.start({ config({ 1 }) }, &error)) << error.toStdString();
    ASSERT_TRUE(waitForEnd());
    const HistoryRunInfo stored = onlyStoredRun();
    EXPECT_FALSE(stored.isRepeat());
    EXPECT_EQ(stored.repeatIndex, 0);
    EXPECT_EQ(session.repeatCount(), 1);
}
