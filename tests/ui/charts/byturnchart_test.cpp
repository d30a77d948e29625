// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/byturnchart.h"

#include "liverun.h"
#include "stats/turnfigures.h"
#include "views/chartspane.h"

#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QValueAxis>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

// A completed turn `turn` of conversation `session` on level `level`: TTFT `ttftMs`, a prompt of
// `prompt` tokens of which the server served `cached` from its cache (-1: not reported).
RequestRecord turnRecord(int level, int session, int turn, double ttftMs, int prompt, int cached)
{
    RequestRecord r;
    r.levelIndex = level;
    r.session = session;
    r.turn = turn;
    r.ok = true;
    r.tStartNs = qint64(session) * 10'000'000'000 + qint64(turn) * 1'000'000'000;
    r.startNs = r.tStartNs;
    r.ttftNs = qint64(ttftMs * 1e6);
    r.lastTokenNs = r.ttftNs + 320'000'000;
    r.outputTokens = 33;
    r.promptTokens = prompt;
    r.cachedTokens = cached;
    return r;
}

// Four conversations of three turns on level `level`: turn 1 prefills the whole prompt, later turns
// hit the prefix cache (when `cacheReported`) and answer sooner.
QList<RequestRecord> conversations(int level, bool cacheReported)
{
    QList<RequestRecord> records;
    for (int session = 0; session < 4; ++session) {
        for (int turn = 1; turn <= 3; ++turn) {
            const int prompt = 2000 + 150 * (turn - 1);
            const int cached = !cacheReported ? -1 : turn == 1 ? 0 : 2000 + 150 * (turn - 2);
            const double ttft = (turn == 1 ? 400.0 : 60.0 - 5 * turn) + 10 * session;
            records.append(turnRecord(level, session, turn, ttft, prompt, cached));
        }
    }
    return records;
}

RunResult conversationRun(bool cacheReported)
{
    RunResult run;
    run.config.model = QStringLiteral("m");
    run.config.concurrencyLevels = { 4 };
    run.config.conversation.turns = 3;
    run.records = conversations(0, cacheReported);
    RequestRecord warmup = turnRecord(0, 9, 1, 5000, 2000, 0); // not measured: not drawn
    warmup.warmup = true;
    run.records.append(warmup);
    return run;
}

QLineSeries *seriesNamed(const ByTurnChart &chart, const QString &prefix)
{
    const QList<QAbstractSeries *> all = chart.chart()->series();
    for (QAbstractSeries *s : all) {
        if (s->name().startsWith(prefix))
            return qobject_cast<QLineSeries *>(s);
    }
    return nullptr;
}

} // namespace

TEST(UiByTurnChart, EachTurnsPointsAreItsFiguresByTurn)
{
    const RunResult run = conversationRun(true);
    ByTurnChart chart;
    chart.resize(900, 420);
    chart.setRunLabel(QStringLiteral("m, 2026-01-02 03:04:05"));
    chart.setRun(run);
    const QList<Stats::TurnFigures> expected = Stats::figuresByTurn(run.records, 0);
    ASSERT_EQ(expected.size(), 3);
    EXPECT_TRUE(chart.emptyStateText().isEmpty());
    EXPECT_EQ(chart.shownLevel(), 0);
    ASSERT_EQ(chart.turns().size(), 3);

    QLineSeries *p50 = seriesNamed(chart, QStringLiteral("TTFT P50"));
    QLineSeries *p95 = seriesNamed(chart, QStringLiteral("TTFT P95"));
    QLineSeries *cached = seriesNamed(chart, QStringLiteral("Cached share"));
    ASSERT_TRUE(p50 && p95 && cached);
    ASSERT_EQ(p50->count(), 3);
    ASSERT_EQ(p95->count(), 3);
    ASSERT_EQ(cached->count(), 3);
    EXPECT_TRUE(cached->isVisible());
    EXPECT_TRUE(chart.showsCachedShare());
    for (int i = 0; i < 3; ++i) {
        const Stats::TurnFigures &t = expected.at(i);
        EXPECT_EQ(p50->at(i), QPointF(t.turn, t.ttftP50Ms)) << "turn " << t.turn;
        EXPECT_EQ(p95->at(i), QPointF(t.turn, t.ttftP95Ms)) << "turn " << t.turn;
        EXPECT_DOUBLE_EQ(cached->at(i).y(), t.cachedShare * 100) << "turn " << t.turn;
    }
    // The prefix cache at work: TTFT falls after turn 1 while the cached share rises.
    EXPECT_LT(p50->at(1).y(), p50->at(0).y());
    EXPECT_EQ(cached->at(0).y(), 0);
    EXPECT_GT(cached->at(2).y(), cached->at(1).y());
    EXPECT_GT(cached->at(1).y(), 90);

    // The cached share is on its own axis, 0 to 100 %; the turn axis has whole-turn ticks.
    const QList<QAbstractAxis *> cachedAxes = cached->attachedAxes();
    const auto *percent = qobject_cast<QValueAxis *>(cachedAxes.constLast());
    ASSERT_NE(percent, nullptr);
    EXPECT_EQ(percent->min(), 0);
    EXPECT_EQ(percent->max(), 100);
    const auto *turns = qobject_cast<QValueAxis *>(p50->attachedAxes().constFirst());
    ASSERT_NE(turns, nullptr);
    EXPECT_EQ(turns->tickInterval(), 1);
    EXPECT_LE(turns->min(), 1);
    EXPECT_GE(turns->max(), 3);
    EXPECT_TRUE(chart.title().contains(QStringLiteral("m, 2026-01-02 03:04:05"))) << chart.title().toStdString();

    // Hovering turn 2 reads it out.
    chart.show();
    QCoreApplication::processEvents(); // the chart lays out its plot area
    const QPointF scene = chart.chart()->mapToScene(chart.chart()->mapToPosition(p50->at(1), p50));
    const QString readout = chart.readoutAt(chart.mapFromScene(scene));
    EXPECT_TRUE(readout.startsWith(QStringLiteral("Turn 2 · 4 requests"))) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("Cached"))) << readout.toStdString();
    EXPECT_TRUE(saveShotIfAsked(&chart, QStringLiteral("by-turn-synthetic")));
}

TEST(UiByTurnChart, NoCachedShareWhenTheServerReportsNoCachedTokens)
{
    ByTurnChart chart;
    chart.setRun(conversationRun(false));
    EXPECT_EQ(chart.turns().size(), 3);
    EXPECT_FALSE(chart.showsCachedShare());
    QLineSeries *cached = seriesNamed(chart, QStringLiteral("Cached share"));
    ASSERT_NE(cached, nullptr);
    EXPECT_EQ(cached->count(), 0);
    EXPECT_FALSE(cached->isVisible());
    EXPECT_FALSE(cached->attachedAxes().constLast()->isVisible());
    EXPECT_EQ(seriesNamed(chart, QStringLiteral("TTFT P50"))->count(), 3);
}

TEST(UiByTurnChart, ARunOfSingleRequestsSaysHowToGetTheChart)
{
    ByTurnChart chart;
    EXPECT_FALSE(chart.emptyStateText().isEmpty()) << "no run yet";
    RunResult run;
    run.config.concurrencyLevels = { 4 };
    for (int i = 0; i < 5; ++i)
        run.records.append(turnRecord(0, -1, 0, 50, 100, -1)); // outside any conversation
    chart.beginRun(run.config);
    EXPECT_TRUE(chart.emptyStateText().contains(QStringLiteral("--turns"))) << chart.emptyStateText().toStdString();
    chart.setRun(run);
    EXPECT_TRUE(chart.turns().isEmpty());
    EXPECT_EQ(chart.shownLevel(), -1);
    EXPECT_TRUE(chart.emptyStateText().contains(QStringLiteral("--turns"))) << chart.emptyStateText().toStdString();
    EXPECT_EQ(seriesNamed(chart, QStringLiteral("TTFT P50"))->count(), 0);

    // A conversation run under way is drawn when it ends.
    chart.beginRun(conversationRun(true).config);
    EXPECT_TRUE(chart.emptyStateText().contains(QStringLiteral("when the run ends")))
        << chart.emptyStateText().toStdString();
}

// The pane's level picker picks the By turn chart's level too; "All levels" shows the last one and
// the title says so.
TEST(UiByTurnChart, ThePanesLevelPickerPicksTheLevel)
{
    RunResult run = conversationRun(true);
    run.config.concurrencyLevels = { 2, 4 };
    QList<RequestRecord> second = conversations(1, true);
    for (RequestRecord &r : second)
        r.ttftNs *= 2;
    run.records.append(second);
    ChartsPane pane;
    pane.setRun(run);
    ByTurnChart *chart = pane.byTurn();
    EXPECT_EQ(pane.indexOf(chart), 5);
    EXPECT_EQ(chart->shownLevel(), 1);
    EXPECT_TRUE(chart->title().contains(QStringLiteral("c=4 (the last level)"))) << chart->title().toStdString();
    EXPECT_EQ(chart->turns().constFirst().ttftP50Ms, Stats::figuresByTurn(run.records, 1).constFirst().ttftP50Ms);
    pane.showLevel(0);
    EXPECT_EQ(chart->shownLevel(), 0);
    EXPECT_TRUE(chart->title().contains(QStringLiteral("By turn · c=2 — m, "))) << chart->title().toStdString();
    EXPECT_EQ(chart->turns().constFirst().ttftP50Ms, Stats::figuresByTurn(run.records, 0).constFirst().ttftP50Ms);
}
