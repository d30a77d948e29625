// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's sentences about a run, read without a window.
#include "views/runstatus.h"

#include <QTranslator>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

RequestRecord record(bool ok, bool warmup = false)
{
    RequestRecord r;
    r.ok = ok;
    r.warmup = warmup;
    return r;
}

// One level of `requests`, `failed` of them failed, plus a warm-up request that is not counted.
RunResult runOf(int requests, int failed)
{
    RunResult run;
    run.records.append(record(true, true));
    for (int i = 0; i < requests; ++i)
        run.records.append(record(i >= failed));
    LevelSummary level;
    level.requests = requests;
    level.completed = requests - failed;
    level.failed = failed;
    run.levels.append(level);
    return run;
}

RunProgress levelProgress(int levelIndex, int done, int total)
{
    RunProgress progress;
    progress.levelIndex = levelIndex;
    progress.levelCount = 3;
    progress.point = LoadPoint::closedLoop(4, levelIndex);
    progress.done = done;
    progress.total = total;
    return progress;
}

} // namespace

TEST(RunStatus, ACancelledRunSaysCancelledAndKeepsItsMeasuredRequests)
{
    RunResult run = runOf(5, 0);
    run.cancelled = true;
    EXPECT_EQ(RunStatus::finished(run).toStdString(), "Run cancelled; the 5 finished request(s) are kept.");
}

TEST(RunStatus, ARunWhereNoRequestSucceededSaysFailed)
{
    const QString sentence = RunStatus::finished(runOf(3, 3));
    EXPECT_TRUE(sentence.startsWith(u"Run failed: no request succeeded.")) << sentence.toStdString();
    EXPECT_FALSE(sentence.contains(u"finished")) << sentence.toStdString();
}

TEST(RunStatus, AFinishedRunSaysItsOutcomeAndItsMeasuredRequests)
{
    EXPECT_EQ(RunStatus::finished(runOf(4, 0)).toStdString(), "Run finished · Completed · 4 request(s) measured.");
    const QString withFailures = RunStatus::finished(runOf(4, 1));
    EXPECT_TRUE(withFailures.contains(u"Completed with failures (1 of 4 failed)")) << withFailures.toStdString();

    RunResult search = runOf(4, 0);
    search.loadPlanOutcome = QStringLiteral("The highest rate that kept its schedule: 8/s.");
    EXPECT_TRUE(RunStatus::finished(search).endsWith(u"measured. The highest rate that kept its schedule: 8/s."))
        << RunStatus::finished(search).toStdString();
}

TEST(RunStatus, AFinishedRunAddsWhatTheServerMadeOfTheWorkload)
{
    RunResult run = runOf(4, 0);
    run.levels.first().outputsShort = 2;
    EXPECT_TRUE(RunStatus::workloadNotes(run).startsWith(u' '));
    EXPECT_TRUE(RunStatus::workloadNotes(run).contains(u"1 level(s) had answers that stopped before max_tokens"));
    EXPECT_TRUE(RunStatus::finished(run).endsWith(RunStatus::workloadNotes(run)));
    EXPECT_TRUE(RunStatus::workloadNotes(runOf(4, 0)).isEmpty());
}

TEST(RunStatus, TheServerMetricsNoteIsEmptyWithoutAMetricsUrl)
{
    RunResult run = runOf(2, 0);
    EXPECT_TRUE(RunStatus::serverMetricsNote(run).isEmpty());
    run.config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:9/metrics");
    const QString note = RunStatus::serverMetricsNote(run);
    // Never hidden: a run that read no figures says so.
    EXPECT_EQ(note.toStdString(), " No server figures: http://127.0.0.1:9/metrics was not scraped during the run.");
    EXPECT_TRUE(RunStatus::finished(run).endsWith(note));
    run.startedAt = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5));
    EXPECT_EQ(RunStatus::opened(run), QStringLiteral("Opened the run of 2026-01-02T03:04:05.") + note);
}

namespace {

ServerMetricsSample scrape(bool ok, const QString &error = {})
{
    ServerMetricsSample sample;
    sample.ok = ok;
    sample.error = error;
    if (ok)
        sample.running = 3;
    return sample;
}

// Says every source text of the window's context in capitals, as a translation would change it.
class ShoutingTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *sourceText, const char *, int n) const override
    {
        if (QByteArrayView(context) != "TokenScope::MainWindow")
            return {};
        QString text = QString::fromUtf8(sourceText).toUpper();
        return n >= 0 ? text.replace(QStringLiteral("%N"), QStringLiteral("%n")) : text;
    }
    bool isEmpty() const override { return false; }
};

} // namespace

TEST(RunStatus, TheServerMetricsNoteCountsTheScrapesInTheWindowsOwnWords)
{
    RunResult run = runOf(2, 0);
    run.config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:9/metrics");
    run.serverMetrics = { scrape(true), scrape(false, QStringLiteral("connection refused")), scrape(true) };
    EXPECT_EQ(RunStatus::serverMetricsNote(run).toStdString(),
        " Server metrics from http://127.0.0.1:9/metrics: 2 of 3 scrape(s) succeeded. 1 scrape(s) failed. First "
        "error: connection refused");
    run.serverMetrics = { scrape(false) };
    EXPECT_EQ(RunStatus::serverMetricsNote(run).toStdString(),
        " No server figures: none of the 1 scrape(s) of http://127.0.0.1:9/metrics succeeded.");

    ShoutingTranslator translator;
    QCoreApplication::installTranslator(&translator);
    run.serverMetrics = { scrape(true) };
    const QString translated = RunStatus::serverMetricsNote(run);
    QCoreApplication::removeTranslator(&translator);
    EXPECT_EQ(translated.toStdString(), " SERVER METRICS FROM http://127.0.0.1:9/metrics: 1 OF 1 SCRAPE(S) SUCCEEDED.");
}

TEST(RunStatus, ALevelBoundedByADurationSaysHowFarIntoItTheRunIsAndTheBarFillsWithTheWholeRun)
{
    RunProgress progress = levelProgress(1, 5, 10);
    progress.levelDurationS = 30;
    progress.levelElapsedS = 12.5;
    const QList<LoadPoint> points { LoadPoint::closedLoop(1, 0), LoadPoint::closedLoop(4, 1) };
    const ProgressShown shown = RunStatus::progress(progress, points, 1);
    EXPECT_EQ(shown.text.toStdString(), "Level 2 of 3 · c=4 · 5/10 · 12.5 s of 30 s");
    EXPECT_EQ(shown.maximum, 1000);
    EXPECT_EQ(shown.value, 472); // one level of three done, and 12.5 s of the second's 30 s

    progress.levelElapsedS = 31; // a count-bounded schedule may run past the clock
    EXPECT_EQ(RunStatus::progress(progress, points, 1).value, 667);
    EXPECT_TRUE(RunStatus::progress(progress, points, 1).text.endsWith(u"30.0 s of 30 s"));
    progress.levelDurationS = 2.5;
    progress.levelElapsedS = 1;
    EXPECT_TRUE(RunStatus::progress(progress, points, 1).text.endsWith(u"1.0 s of 2.5 s"));
}

TEST(RunStatus, ALevelBoundedByACountCountsItsRequestsAndTheBarDoesNotStartOverAtTheNextLevel)
{
    const ProgressShown shown = RunStatus::progress(levelProgress(0, 3, 8), {}, 1);
    EXPECT_EQ(shown.text.toStdString(), "Level 1 of 3 · c=4 · 3/8");
    EXPECT_EQ(shown.maximum, 1000);
    EXPECT_EQ(shown.value, 125); // 3 of 8 of the first of three levels
    EXPECT_EQ(RunStatus::progress(levelProgress(1, 0, 8), {}, 1).value, 333);
    // An A/B run counts over both endpoints; a level without a known total counts what is done.
    EXPECT_EQ(RunStatus::progress(levelProgress(0, 7, 0), {}, 2).text.toStdString(),
        "Level 1 of 3 · c=4 × 2 endpoints · 7 done");
    EXPECT_EQ(RunStatus::progress(levelProgress(0, 7, 0), {}, 2).value, 0);
}

TEST(RunStatus, ALevelIsNamedAfterTheRunsPointsWhereTheyAreKnown)
{
    // A repeated point is named with its position; an unnamed one by the engine's point.
    const QList<LoadPoint> repeated { LoadPoint::closedLoop(4, 0), LoadPoint::closedLoop(4, 1) };
    EXPECT_TRUE(RunStatus::progress(levelProgress(1, 1, 2), repeated, 1).text.contains(u"c=4 · level 2"));
    const QList<LoadPoint> unnamed { LoadPoint::closedLoop(0, 0), LoadPoint::closedLoop(0, 1) };
    EXPECT_TRUE(RunStatus::isUnnamed(unnamed.at(1)));
    EXPECT_EQ(RunStatus::progress(levelProgress(1, 1, 2), unnamed, 1).text.toStdString(), "Level 2 of 3 · c=4 · 1/2");
}

TEST(RunStatus, WarmUpAndCalibrationSayWhatIsUnderWay)
{
    RunProgress warmup;
    warmup.warmup = true;
    warmup.done = 1;
    warmup.total = 2;
    const ProgressShown shown = RunStatus::progress(warmup, {}, 1);
    EXPECT_EQ(shown.text.toStdString(), "Warm-up · 1/2");
    EXPECT_EQ(shown.maximum, 2);
    EXPECT_EQ(shown.value, 1);

    warmup.calibrating = true;
    const ProgressShown calibrating = RunStatus::progress(warmup, {}, 1);
    EXPECT_EQ(calibrating.text.toStdString(), "Calibrating prompt lengths (probe 2)");
    EXPECT_EQ(calibrating.maximum, 1);
    EXPECT_EQ(calibrating.value, 0);
}

TEST(RunStatus, TheStatusBarsCounts)
{
    EXPECT_EQ(RunStatus::inFlight(3), QStringLiteral("In flight: 3"));
    EXPECT_EQ(RunStatus::elapsed(0), QStringLiteral("Elapsed 0:00"));
    EXPECT_EQ(RunStatus::elapsed(65'400), QStringLiteral("Elapsed 1:05"));
    EXPECT_EQ(RunStatus::elapsed(3'600'000), QStringLiteral("Elapsed 60:00"));
}

TEST(RunStatus, TheWholeRunSaysItsShareAndWhatIsLeftOnceThatMeansSomething)
{
    OverallProgress overall;
    EXPECT_TRUE(RunStatus::overall(overall).isEmpty()); // the warm-up: no level yet
    overall.fraction = 0.456;
    overall.levelsDone = 1;
    overall.levelsLeft = 3;
    EXPECT_EQ(RunStatus::overall(overall).toStdString(), "Run 45%");
    overall.remainingS = 79.2;
    EXPECT_EQ(RunStatus::overall(overall).toStdString(), "Run 45% · about 1:20 left");
}

TEST(RunStatus, ASweepOrASearchCountsItsLevelsDoneAndEstimatesTheRest)
{
    OverallProgress sweep;
    sweep.levelsEstimated = true;
    sweep.fraction = 0.3;
    sweep.levelsDone = 2;
    sweep.levelsLeft = 5;
    EXPECT_EQ(RunStatus::overall(sweep).toStdString(), "2 level(s) done · about 5 more");
    sweep.remainingS = 190;
    sweep.levelsDone = 1;
    sweep.levelsLeft = 1;
    EXPECT_EQ(RunStatus::overall(sweep).toStdString(), "1 level(s) done · about 1 more · about 3:10 left");
}

TEST(RunStatus, ALevelOfConversationsCountsItsConversationsAndTheirTurns)
{
    RunProgress progress = levelProgress(1, 7, 20);
    progress.conversationsDone = 1;
    progress.conversationsTotal = 4;
    const QList<LoadPoint> points { LoadPoint::closedLoop(1, 0), LoadPoint::closedLoop(4, 1) };
    EXPECT_EQ(RunStatus::progress(progress, points, 1).text.toStdString(),
        "Level 2 of 3 · c=4 · conversations 1/4 · turns 7/20");
    progress.total = 0; // a level bounded by its duration: no count to reach
    progress.conversationsTotal = 0;
    EXPECT_EQ(RunStatus::progress(progress, points, 1).text.toStdString(),
        "Level 2 of 3 · c=4 · 1 conversation(s) done · 7 turn(s) done");
}
