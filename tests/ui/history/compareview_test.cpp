// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The compare view fed with real simulator runs of a slow and a fast model.
#include "history/compareview.h"

#include "history/compareinput.h"
#include "history/comparetab.h"
#include "history/deltatablemodel.h"
#include "sim/simulatorserver.h"
#include "store/historystore.h"
#include "support/enginerun.h"
#include "ui/charts/liverun.h"
#include "ui/history/simruns.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QFontMetrics>
#include <QLabel>
#include <QLineSeries>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>
#include <gtest/gtest.h>

#include <limits>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

const QStringList kLabels { QStringLiteral("sim-slow"), QStringLiteral("sim-fast") };

} // namespace

TEST(UiCompareView, TwoModelsOverlaidWithDeltasAndOneVariable)
{
    const ModelRuns &runs = modelRuns();
    CompareView view;
    QAbstractItemModelTester tester(view.deltaModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    view.setRuns({ runs.slow, runs.fast }, kLabels);
    ASSERT_EQ(view.runCount(), 2);
    EXPECT_EQ(view.baselineIndex(), 0);

    // One CDF curve per run for each distribution, in the run's colour.
    for (Compare::Metric metric : { Compare::Metric::Ttft, Compare::Metric::Tpot, Compare::Metric::Itl }) {
        const QList<QLineSeries *> series = view.cdfSeries(metric);
        ASSERT_EQ(series.size(), 2) << Compare::metricKey(metric).toStdString();
        EXPECT_TRUE(series.at(0)->name().startsWith(QStringLiteral("sim-slow")));
        EXPECT_EQ(series.at(1)->name(), QStringLiteral("sim-fast"));
        EXPECT_EQ(series.at(1)->pen().color(), view.runColor(1));
        EXPECT_GT(series.at(0)->count(), 2);
        EXPECT_DOUBLE_EQ(series.at(0)->points().constLast().y(), 100.0) << "a CDF ends at 100 %";
    }
    // The fast model's TPOT curve lies left of the slow one's: its P50 (the median step) is lower.
    const auto medianX = [](const QLineSeries *s) {
        for (const QPointF &p : s->points())
            if (p.y() >= 50.0)
                return p.x();
        return -1.0;
    };
    EXPECT_LT(
        medianX(view.cdfSeries(Compare::Metric::Tpot).at(1)), medianX(view.cdfSeries(Compare::Metric::Tpot).at(0)) / 2);

    // One line per run against concurrency (TTFT: P50 and P95 per run), one point per level.
    ASSERT_EQ(view.levelSeries(CompareView::LevelChart::OutputThroughput).size(), 2);
    EXPECT_EQ(view.levelSeries(CompareView::LevelChart::OutputThroughput).at(0)->count(), 2);
    EXPECT_EQ(view.levelSeries(CompareView::LevelChart::Ttft).size(), 4);
    EXPECT_EQ(view.levelSeries(CompareView::LevelChart::Tpot).size(), 2);
    // Whiskers: the 95 % interval of each median where the level has enough samples — 16 requests
    // at concurrency 4, not the 4 at concurrency 1 (docs/metrics.md#confidence-intervals).
    const QList<WhiskerSet> ttftWhiskers = view.levelWhiskers(CompareView::LevelChart::Ttft);
    ASSERT_EQ(ttftWhiskers.size(), 4) << "one set per line";
    const QList<LevelSummary> &slowLevels = runs.slow.levels;
    for (int run = 0; run < 2; ++run) {
        const WhiskerSet &p50 = ttftWhiskers.at(run * 2);
        EXPECT_EQ(p50.series, view.levelSeries(CompareView::LevelChart::Ttft).at(run * 2));
        ASSERT_EQ(p50.whiskers.size(), 1) << "run " << run;
        EXPECT_DOUBLE_EQ(p50.whiskers.at(0).x, 4.0);
        EXPECT_TRUE(ttftWhiskers.at(run * 2 + 1).whiskers.isEmpty()) << "16 requests give no P95 interval";
    }
    const LevelSummary *slowAt4 = Compare::levelAt(slowLevels, 4, 0);
    ASSERT_NE(slowAt4, nullptr);
    EXPECT_DOUBLE_EQ(ttftWhiskers.at(0).whiskers.at(0).lo, slowAt4->ttftMs.p50Ci.lo);
    EXPECT_DOUBLE_EQ(ttftWhiskers.at(0).whiskers.at(0).hi, slowAt4->ttftMs.p50Ci.hi);

    // The delta table: one row per common level (1 and 4), and the fast run's TPOT is lower.
    const DeltaTableModel *deltas = view.deltaModel();
    ASSERT_EQ(deltas->rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
        EXPECT_EQ(deltas->row(row).runLabel, QStringLiteral("sim-fast"));
        const QModelIndex tpot = deltas->index(row, DeltaTableModel::TpotP50Column);
        ASSERT_TRUE(tpot.data(DeltaTableModel::RawValueRole).isValid());
        EXPECT_LT(tpot.data(DeltaTableModel::RawValueRole).toDouble(), 0.0) << "row " << row;
        EXPECT_LT(tpot.data(DeltaTableModel::SortRole).toDouble(), -50.0) << "3 ms vs 12 ms per token";
        EXPECT_GT(
            deltas->index(row, DeltaTableModel::OutputThroughputColumn).data(DeltaTableModel::SortRole).toDouble(),
            0.0);
    }
    EXPECT_EQ(deltas->row(0).delta.concurrency, 1);
    EXPECT_EQ(deltas->row(1).delta.concurrency, 4);

    // Only the model differs: named, and no warning.
    EXPECT_EQ(view.configDiff().fields(), QList<Compare::ConfigField> { Compare::ConfigField::Model });
    EXPECT_FALSE(view.isDiffWarningShown());
    EXPECT_FALSE(view.diffBannerText().contains(QStringLiteral("one variable at a time")));
    EXPECT_TRUE(view.diffBannerText().contains(
        QStringLiteral("the only input that differs is the model (sim-slow → sim-fast)")))
        << view.diffBannerText().toStdString();

    // The headline says which is faster and why; each run has its reading.
    EXPECT_TRUE(view.headlineText().contains(QStringLiteral("sim-fast is faster")))
        << view.headlineText().toStdString();
    EXPECT_TRUE(view.headlineText().contains(QStringLiteral("decode"))) << view.headlineText().toStdString();
    EXPECT_TRUE(view.readingText().contains(QStringLiteral("sim-slow (baseline)")));
    EXPECT_TRUE(view.readingText().contains(QStringLiteral("From concurrency 1 to 4")))
        << view.readingText().toStdString();
}

TEST(UiCompareView, ChangingMaxTokensTooWarnsToChangeOneVariableAtATime)
{
    const ModelRuns &runs = modelRuns();
    CompareView view;
    view.setRuns({ runs.slow, runs.fastLonger }, kLabels);
    EXPECT_EQ(view.configDiff().fields(),
        (QList<Compare::ConfigField> { Compare::ConfigField::Model, Compare::ConfigField::MaxTokens }));
    EXPECT_TRUE(view.isDiffWarningShown());
    const QString banner = view.diffBannerText();
    EXPECT_TRUE(banner.contains(QStringLiteral("Compare one variable at a time"))) << banner.toStdString();
    EXPECT_TRUE(banner.contains(QStringLiteral("differ in model and max tokens"))) << banner.toStdString();

    // Back to a one-variable pair: the warning goes.
    view.setRuns({ runs.slow, runs.fast }, kLabels);
    EXPECT_FALSE(view.isDiffWarningShown());
}

TEST(UiCompareView, PinningTheOtherRunAsBaselineFlipsTheDeltas)
{
    const ModelRuns &runs = modelRuns();
    CompareView view;
    QAbstractItemModelTester tester(view.deltaModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    view.setRuns({ runs.slow, runs.fast }, kLabels);
    QSignalSpy changed(&view, &CompareView::baselineChanged);
    view.setBaseline(1);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(view.baselineIndex(), 1);
    ASSERT_EQ(view.deltaModel()->rowCount(), 2);
    EXPECT_EQ(view.deltaModel()->row(0).runLabel, QStringLiteral("sim-slow"));
    EXPECT_GT(
        view.deltaModel()->index(0, DeltaTableModel::TpotP50Column).data(DeltaTableModel::RawValueRole).toDouble(),
        0.0);
    EXPECT_TRUE(view.headlineText().contains(QStringLiteral("sim-slow is slower")))
        << view.headlineText().toStdString();
    // Colours stay with the runs.
    EXPECT_EQ(view.cdfSeries(Compare::Metric::Ttft).at(0)->pen().color(), view.runColor(0));
    EXPECT_EQ(view.cdfSeries(Compare::Metric::Ttft).at(1)->name(), QStringLiteral("sim-fast (baseline)"));

    // Distributions over one level only.
    const qsizetype allPoints = view.cdfSeries(Compare::Metric::Ttft).at(0)->count();
    view.setCdfConcurrency(1);
    EXPECT_EQ(view.cdfConcurrency(), 1);
    EXPECT_LT(view.cdfSeries(Compare::Metric::Ttft).at(0)->count(), allPoints);
}

TEST(UiCompareView, AnABRunIsComparedArmAgainstArm)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    simConfig.decodeIntervalMsByModel = { { QStringLiteral("sim-slow"), 12.0 }, { QStringLiteral("sim-fast"), 3.0 } };
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    RunConfig a = quickConfig(sim.baseUrl().toString(), 2, 6, 24);
    a.model = QStringLiteral("sim-slow");
    RunConfig b = a;
    b.model = QStringLiteral("sim-fast");
    const RunResult ab = runInterleavedAndWait({ a, b });
    ASSERT_TRUE(ab.isInterleaved());

    CompareView view;
    view.setRuns({ ab }, { QStringLiteral("A/B") });
    ASSERT_EQ(view.runCount(), 2);
    EXPECT_EQ(
        view.labels(), (QStringList { QStringLiteral("A/B · A: sim-slow"), QStringLiteral("A/B · B: sim-fast") }));
    EXPECT_EQ(view.cdfSeries(Compare::Metric::Tpot).size(), 2);
    ASSERT_EQ(view.deltaModel()->rowCount(), 1);
    EXPECT_LT(
        view.deltaModel()->index(0, DeltaTableModel::TpotP50Column).data(DeltaTableModel::SortRole).toDouble(), 0.0);
    EXPECT_EQ(view.configDiff().fields(), QList<Compare::ConfigField> { Compare::ConfigField::Model });
}

TEST(UiCompareView, RunsLoadedFromTheHistoryCompareLikeLiveOnes)
{
    const ModelRuns &runs = modelRuns();
    QTemporaryDir dir;
    HistoryStore store;
    ASSERT_TRUE(store.open(dir.filePath(QStringLiteral("h.sqlite"))));
    const qint64 slow
        = store.storeRun(runs.slow, HistoryRunStatus::Completed, QStringLiteral("before"), QStringLiteral("1.0.0"), {});
    const qint64 fast = store.storeRun(runs.fast, HistoryRunStatus::Completed, QString(), QStringLiteral("1.0.1"), {});
    QString error;
    const std::optional<CompareInput> input = CompareInput::load(store, { slow, fast }, &error);
    ASSERT_TRUE(input) << error.toStdString();
    EXPECT_EQ(input->names, QStringList({ QStringLiteral("before"), QString() }));
    EXPECT_EQ(input->historyIds, QList<qint64>({ slow, fast }));

    CompareView view;
    view.setRuns(*input);
    // The unnamed run is named by its model (no profile recorded) and its load.
    EXPECT_EQ(view.labels(), QStringList({ QStringLiteral("before"), QStringLiteral("sim-fast · c=1,4") }))
        << qPrintable(view.labels().join(u'|'));
    // The versions differ too: two variables.
    EXPECT_EQ(view.configDiff().fields(),
        (QList<Compare::ConfigField> { Compare::ConfigField::Model, Compare::ConfigField::ToolVersion }));
    EXPECT_TRUE(view.isDiffWarningShown());
    EXPECT_EQ(view.deltaModel()->rowCount(), 2);

    EXPECT_FALSE(CompareInput::load(store, { slow, 999 }, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(UiCompareView, LooksRightWithRealRuns)
{
    const ModelRuns &runs = modelRuns();
    CompareView view;
    view.resize(1400, 900);
    view.setRuns({ runs.slow, runs.fast }, kLabels);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("compare-view")));
    view.setRuns({ runs.slow, runs.fastLonger }, { QStringLiteral("sim-slow"), QStringLiteral("sim-fast, 32 tokens") });
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("compare-view-warning")));
    view.setRuns({ runs.slow, runs.fast, runs.fastLonger },
        { QStringLiteral("sim-slow"), QStringLiteral("sim-fast"), QStringLiteral("sim-fast, 32 tokens") });
    EXPECT_EQ(view.deltaModel()->rowCount(), 4);
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("compare-view-three")));
}

TEST(UiCompareView, OneSlowOutlierCutsTheDistributionAxisAndSaysSo)
{
    const ModelRuns &runs = modelRuns();
    RunResult stalled = runs.slow;
    // One request waited a second for its first token (a stall on a busy gateway): everything
    // after it shifts by the same second.
    RequestRecord &r = stalled.records.last();
    const qint64 stallNs = 1'000'000'000;
    r.ttftNs += stallNs;
    r.ttfcNs += stallNs;
    r.lastTokenNs += stallNs;
    for (qint64 &t : r.chunkTimesNs)
        t += stallNs;
    CompareView view;
    view.resize(1400, 900);
    view.setRuns({ stalled, runs.fast }, kLabels);
    QLineSeries *ttft = view.cdfSeries(Compare::Metric::Ttft).at(0);
    const auto *axis = qobject_cast<QValueAxis *>(ttft->attachedAxes().constFirst());
    ASSERT_NE(axis, nullptr);
    EXPECT_LT(axis->max(), 500.0) << "the other 19 requests stay readable";
    EXPECT_GT(ttft->points().constLast().x(), 1000.0) << "the outlier is still in the series";
    EXPECT_TRUE(ttft->chart()->title().contains(QStringLiteral("tail cut"))) << ttft->chart()->title().toStdString();
    // The TPOT axis is not cut: the stall shifted the whole stream, not its pace.
    EXPECT_FALSE(view.cdfSeries(Compare::Metric::Tpot).at(0)->chart()->title().contains(QStringLiteral("tail cut")));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("compare-view-outlier")));
}

// TTFTs far from zero (the simulator's are about 40 ms) get an axis that starts near them, so the
// curves are not pressed against the right edge; every point stays in view.
TEST(UiCompareView, DistributionAxesStartNearTheData)
{
    const ModelRuns &runs = modelRuns();
    CompareView view;
    view.resize(1400, 900);
    view.setRuns({ runs.slow, runs.fast }, kLabels);
    QLineSeries *ttft = view.cdfSeries(Compare::Metric::Ttft).at(0);
    const auto *axis = qobject_cast<QValueAxis *>(ttft->attachedAxes().constFirst());
    ASSERT_NE(axis, nullptr);
    double lowest = std::numeric_limits<double>::max();
    for (QLineSeries *series : view.cdfSeries(Compare::Metric::Ttft))
        for (const QPointF &p : series->points())
            lowest = std::min(lowest, p.x());
    ASSERT_GT(lowest, 0.0);
    EXPECT_GT(axis->min(), 0.0) << "the axis does not start at zero, far from every TTFT";
    EXPECT_LE(axis->min(), lowest) << "no point is cut off";
}

TEST(UiCompareView, ARunThatMeasuredNothingIsShownWithoutFakeFigures)
{
    RunResult refused; // a run the endpoint refused: its config, no record, no level
    refused.config = modelRuns().fast.config;
    refused.config.model = QStringLiteral("sim-missing");
    CompareView view;
    QAbstractItemModelTester tester(view.deltaModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    view.setRuns({ refused, modelRuns().fast }, { QStringLiteral("refused"), QStringLiteral("sim-fast") });
    EXPECT_EQ(view.cdfSeries(Compare::Metric::Ttft).size(), 1) << "no curve for a run without samples";
    EXPECT_EQ(view.deltaModel()->rowCount(), 0);
    EXPECT_EQ(view.deltaModel()->unmatchedLevels(1), (QList<int> { 1, 4 }));
    EXPECT_TRUE(view.headlineText().contains(QStringLiteral("no concurrency level in common")))
        << view.headlineText().toStdString();
    EXPECT_TRUE(view.readingText().contains(QStringLiteral("No reading"))) << view.readingText().toStdString();
}

TEST(UiCompareView, RunsLoadedByRateAreDrawnAgainstTheThroughputTheyAchieved)
{
    // Two sweeps: their rate levels share one cap (4), so concurrency cannot tell them apart.
    const auto sweep = [](double scale) {
        RunResult run;
        run.config.loadMode = LoadMode::Sweep;
        run.config.maxConcurrency = 4;
        run.startedAt = QDateTime::currentDateTimeUtc();
        for (int i = 0; i < 3; ++i) {
            LevelSummary l;
            l.levelIndex = i;
            l.concurrency = i == 0 ? 1 : 4;
            l.point = i == 0 ? LoadPoint::closedLoop(1, 0) : run.config.ratePoint(2.0 * i, i, LoadPoint::Role::Swept);
            l.requests = l.completed = 10;
            l.durationS = 5;
            l.requestThroughput = (1 + i) * scale;
            l.outputThroughput = l.requestThroughput * 50;
            l.ttftMs.count = l.tpotMs.count = 10;
            l.ttftMs.p50 = 40 + 10 * i;
            l.ttftMs.p95 = 60 + 10 * i;
            l.tpotMs.p50 = 5;
            run.levels.append(l);
        }
        return run;
    };
    CompareView view;
    view.setRuns({ sweep(1), sweep(2) }, kLabels);
    EXPECT_TRUE(view.levelChartsByThroughput());
    EXPECT_EQ(view.cdfConcurrency(), 0) << "the distributions cover every level";
    const QList<QLineSeries *> ttft = view.levelSeries(CompareView::LevelChart::Ttft);
    ASSERT_EQ(ttft.size(), 4); // P50 and P95 per run
    ASSERT_EQ(ttft.at(0)->count(), 3) << "every level, not one per concurrency";
    EXPECT_DOUBLE_EQ(ttft.at(0)->at(2).x(), 3.0);
    EXPECT_DOUBLE_EQ(ttft.at(2)->at(2).x(), 6.0);
    view.resize(1400, 1200);
    EXPECT_TRUE(saveShotIfAsked(&view, QStringLiteral("compare-sweeps")));

    // Closed-loop runs afterwards are drawn against concurrency again.
    const ModelRuns &runs = modelRuns();
    view.setRuns({ runs.slow, runs.fast }, kLabels);
    EXPECT_FALSE(view.levelChartsByThroughput());
    EXPECT_EQ(view.levelSeries(CompareView::LevelChart::OutputThroughput).at(0)->count(), 2);
}

// The Compare tab's page: a page that holds the view's minimum shows it whole, unscrolled; a
// smaller one scrolls the view at its preferred height, where no wrapped label is squeezed. Shown,
// the page hides the widget that makes room for it; hidden, it shows it again.
TEST(UiCompareTab, FillsAPageThatHoldsItAndScrollsASmallerOneWithoutSqueezing)
{
    const ModelRuns &runs = modelRuns();
    QWidget window;
    auto *room = new QWidget(&window);
    auto *view = new CompareView;
    auto *tab = new CompareTab(view, room, &window);
    view->setRuns({ runs.slow, runs.fast }, kLabels);
    window.resize(1300, 1000);
    tab->resize(1300, 1000);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    EXPECT_FALSE(room->isVisible()) << "Compare takes the room";
    // Its preferred height is about 1,600 px here: the page does not scroll for it.
    EXPECT_EQ(view->height(), tab->viewport()->height()) << "the whole page, no more";
    EXPECT_EQ(tab->verticalScrollBar()->maximum(), 0);

    tab->resize(1300, 420);
    QCoreApplication::processEvents();
    EXPECT_GT(tab->verticalScrollBar()->maximum(), 0) << "too small: it scrolls";
    EXPECT_GE(view->height(), view->minimumSizeHint().height());
    for (const QLabel *label : view->findChildren<QLabel *>()) {
        if (label->wordWrap() && label->isVisibleTo(view) && label->width() > 0) {
            EXPECT_GE(label->height(), label->heightForWidth(label->width()) - 1) << label->text().left(40).toStdString();
        }
    }
    tab->hide();
    EXPECT_FALSE(room->isHidden()) << "another tab gives the room back";
}

TEST(UiCompareView, LegendsOfRunsAlikeButForTheirTimeAreCutInTheMiddleAndFitTheirShare)
{
    CompareCharts::Run run;
    run.label = QStringLiteral("Built-in simulator · c=1,2,4,8,16 · 14:27:01");
    const QFont font;
    const QString cut = CompareCharts::legendName(run, font, 120);
    EXPECT_LE(QFontMetrics(font).horizontalAdvance(cut), 120);
    EXPECT_TRUE(cut.startsWith(u"Built")) << qPrintable(cut);
    EXPECT_TRUE(cut.endsWith(u"27:01")) << "the end, where such labels differ, stays: " << qPrintable(cut);
    run.baseline = true;
    const QString baseline = CompareCharts::legendName(run, font, 160);
    EXPECT_LE(QFontMetrics(font).horizontalAdvance(baseline), 160);
    EXPECT_TRUE(baseline.endsWith(u" (baseline)")) << qPrintable(baseline);

    // Two runs of one profile and load, seconds apart, in a real view: their legend entries differ.
    const ModelRuns &runs = modelRuns();
    RunResult again = runs.fast;
    again.startedAt = runs.fast.startedAt.addSecs(7);
    CompareView view;
    view.resize(1000, 900);
    view.setRuns({ runs.fast, again }, {});
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    const QList<QLineSeries *> curves = view.cdfSeries(Compare::Metric::Ttft);
    ASSERT_EQ(curves.size(), 2);
    EXPECT_NE(curves.at(0)->name(), curves.at(1)->name());
    EXPECT_NE(view.labels().at(0), view.labels().at(1));
    EXPECT_EQ(view.fullNames().at(1).left(9), QStringLiteral("sim-fast "));
}

// TTFTs of tens of seconds (an overloaded server): the axis reads "20000", not "2e+04".
TEST(UiCompareView, LongTtftsAreLabelledInPlainDigits)
{
    const ModelRuns &runs = modelRuns();
    RunResult queued = runs.slow;
    const qint64 waitNs = 20'000'000'000;
    for (RequestRecord &r : queued.records) {
        r.ttftNs += waitNs;
        r.ttfcNs += waitNs;
        r.lastTokenNs += waitNs;
        for (qint64 &t : r.chunkTimesNs)
            t += waitNs;
    }
    CompareView view;
    view.resize(1400, 900);
    view.setRuns({ queued, runs.fast }, kLabels);
    QLineSeries *ttft = view.cdfSeries(Compare::Metric::Ttft).at(0);
    const auto *axis = qobject_cast<QValueAxis *>(ttft->attachedAxes().constFirst());
    ASSERT_NE(axis, nullptr);
    ASSERT_GT(axis->max(), 10000.0);
    EXPECT_EQ(axis->labelFormat(), QStringLiteral("%.0f"));
}

// A run's long value (the built-in simulator's description) must not push the other run's column
// out of view: the runs share the Input table's width, and every column stands inside it.
TEST(UiCompareView, TheInputTableShowsEveryRunsColumn)
{
    const ModelRuns &runs = modelRuns();
    RunResult described = runs.slow;
    described.config.endpointLabel = QString(QStringLiteral("Built-in simulator (TTFT 40 ms + 200 µs/prompt token, "
                                                            "10 ms/token, slowdown 0.04/stream, batch 8)"))
                                         .repeated(3);
    CompareView view;
    view.resize(900, 900);
    view.show();
    view.setRuns({ described, runs.fastLonger }, kLabels);
    QCoreApplication::processEvents();
    const QTableView *input = nullptr;
    for (const QTableView *table : view.findChildren<QTableView *>()) {
        if (table->model()->headerData(0, Qt::Horizontal).toString() == QStringLiteral("Input"))
            input = table;
    }
    ASSERT_NE(input, nullptr);
    ASSERT_TRUE(input->isVisible());
    const int last = input->model()->columnCount() - 1;
    ASSERT_GE(last, 2);
    EXPECT_LE(input->columnViewportPosition(last) + input->columnWidth(last), input->viewport()->width());
    EXPECT_GT(input->columnWidth(last), input->viewport()->width() / 4) << "the compared run has its share";
}

TEST(UiCompareView, ConversationRunsAreComparedTurnByTurn)
{
    SimConfig simConfig = quickSim();
    simConfig.recordWire = false;
    simConfig.prefixCache = true;
    simConfig.prefillUsPerToken = 2000; // a cached history saves tenths of a second, far above the noise
    SimulatorServer sim;
    ASSERT_TRUE(sim.start(simConfig));
    RunConfig config = quickConfig(sim.baseUrl().toString(), 2, 2, 16);
    config.conversation.turns = 3;
    config.prompt = QStringLiteral("Explain, at some length, why a prefix cache makes a long conversation's later "
                                   "turns start sooner than its first, and what breaks it.");
    const RunResult cached = runAndWait(config, 120000);
    ASSERT_EQ(countOk(cached), 6);
    sim.stop();
    simConfig.prefixCache = false;
    ASSERT_TRUE(sim.start(simConfig));
    config.baseUrl = sim.baseUrl().toString();
    const RunResult uncached = runAndWait(config, 120000);
    ASSERT_EQ(countOk(uncached), 6);

    CompareView view;
    view.setRuns({ uncached, cached }, { QStringLiteral("no cache"), QStringLiteral("cache") });
    const QStandardItemModel *turns = view.turnModel();
    ASSERT_EQ(turns->rowCount(), 6) << "a row per turn of the one level and per run";
    ASSERT_EQ(turns->columnCount(), 7) << "level, turn, run, TTFT P50, change, cached, prompt tokens";
    for (int row = 0; row < 6; ++row) {
        const bool baseline = row % 2 == 0;
        EXPECT_EQ(turns->item(row, 0)->text(), QStringLiteral("c=2"));
        EXPECT_EQ(turns->item(row, 1)->text(), QString::number(row / 2 + 1));
        EXPECT_EQ(turns->item(row, 2)->text(), baseline ? QStringLiteral("no cache") : QStringLiteral("cache"));
        EXPECT_TRUE(turns->item(row, 3)->text().endsWith(QStringLiteral(" ms")));
        if (baseline) {
            EXPECT_EQ(turns->item(row, 4)->text(), QStringLiteral("baseline"));
            EXPECT_EQ(turns->item(row, 5)->text(), QStringLiteral("0%")) << "no cache, nothing cached";
        } else {
            EXPECT_TRUE(turns->item(row, 4)->text().endsWith(QStringLiteral(" %"))) << "its change";
        }
        EXPECT_GT(turns->item(row, 6)->text().toInt(), 0) << "the server's prompt count";
    }
    EXPECT_NE(turns->item(5, 5)->text(), QStringLiteral("0%")) << "the cache served the third turn's history";
    EXPECT_TRUE(turns->item(5, 4)->text().startsWith(u'-')) << "the cached third turn starts sooner";

    // Runs of single requests have no turns: the table is empty and hidden.
    view.setRuns({ modelRuns().slow, modelRuns().fast }, kLabels);
    EXPECT_EQ(view.turnModel()->rowCount(), 0);
}
