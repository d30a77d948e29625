// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Smoke tests of the desktop window on the offscreen platform, against the in-process simulator.
#include "charts/histogramchart.h"
#include "charts/liverun.h"
#include "charts/servingcurvechart.h"
#include "charts/throughputchart.h"
#include "charts/tokentimelinechart.h"
#include "dialogs/abrundialog.h"
#include "dialogs/helpdialogs.h"
#include "dialogs/runexport.h"
#include "engine/runcontroller.h"
#include "history/compareview.h"
#include "history/historymodel.h"
#include "history/historyview.h"
#include "mainwindow.h"
#include "models/requeststablemodel.h"
#include "models/runstablemodel.h"
#include "profiles/profilepanel.h"
#include "session/runsession.h"
#include "sim/simulatorserver.h"
#include "stats/runreading.h"
#include "store/historystore.h"
#include "views/chartspane.h"
#include "views/requestspane.h"
#include "views/runreadinglabel.h"
#include "workloadbox.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStatusBar>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTabWidget>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>
#include <gtest/gtest.h>

using namespace TokenScope;

namespace {

// The widget of type T showing `text` (line edits by their content, buttons by their label).
template <typename T> T *child(const MainWindow &window, const QString &text)
{
    const QList<T *> all = window.findChildren<T *>();
    for (T *w : all) {
        if (w->text() == text)
            return w;
    }
    return nullptr;
}

// Each test starts as a first start: the window restores what an earlier window saved.
class UiMainWindow : public ::testing::Test
{
protected:
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { QSettings().clear(); }
};

} // namespace

TEST_F(UiMainWindow, FirstStartSelectsTheBuiltInSimulator)
{
    MainWindow window;
    const RunConfig config = window.configFromForm();
    EXPECT_TRUE(config.baseUrl.startsWith(QStringLiteral("http://127.0.0.1:"))) << config.baseUrl.toStdString();
    EXPECT_EQ(config.model, QStringLiteral("tokenscope-sim"));
    EXPECT_EQ(config.concurrencyLevels, (QList<int> { 1, 4, 8, 16 }));
    EXPECT_EQ(config.requestsPerConcurrency, 4);
    EXPECT_EQ(config.maxTokens, 256);
    EXPECT_EQ(config.temperature, 0.0);
    EXPECT_EQ(config.warmupRequests, 1);
}

TEST_F(UiMainWindow, InvalidSettingsAreShownNotRun)
{
    MainWindow window;
    window.show();
    QLineEdit *levels = child<QLineEdit>(window, QStringLiteral("1,4,8,16"));
    ASSERT_NE(levels, nullptr);
    levels->setText(QStringLiteral("1,x"));
    window.startRun();
    EXPECT_FALSE(window.isRunning());
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("x"))) << window.errorText().toStdString();

    levels->setText(QStringLiteral("0"));
    window.startRun();
    EXPECT_FALSE(window.isRunning());
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("out of range"))) << window.errorText().toStdString();
}

TEST_F(UiMainWindow, RunAgainstSimulatorFillsChartAndTable)
{
    MainWindow window;
    window.show();
    QLineEdit *levels = child<QLineEdit>(window, QStringLiteral("1,4,8,16"));
    ASSERT_NE(levels, nullptr);
    levels->setText(QStringLiteral("1,2"));
    QSpinBox *maxTokens = nullptr;
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            maxTokens = s;
    }
    ASSERT_NE(maxTokens, nullptr);
    maxTokens->setValue(16);
    QPushButton *run = child<QPushButton>(window, MainWindow::tr("Run"));
    ASSERT_NE(run, nullptr);

    RunsTableModel *model = window.runsModel();
    const int before = model->rowCount(); // stored runs of earlier tests in this process
    QSignalSpy ended(&window, &MainWindow::runEnded);
    QTest::mouseClick(run, Qt::LeftButton);
    EXPECT_TRUE(window.isRunning());
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    EXPECT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();

    // 1 warm-up + 4 requests at concurrency 1 + 8 at concurrency 2, 16 tokens each.
    TokenTimelineChart *chart = window.timelineChart();
    EXPECT_EQ(chart->requestRowCount(), 13);
    EXPECT_EQ(chart->firstTokenPointCount(), 12);
    EXPECT_GT(chart->chunkPointCount(), 12);
    EXPECT_GT(chart->warmupPointCount(), 0);

    ASSERT_EQ(model->rowCount(), before + 2);
    const auto value = [model, before](int row, int column) {
        return model->data(model->index(before + row, column), RunsTableModel::SortRole).toInt();
    };
    EXPECT_EQ(value(0, RunsTableModel::ConcurrencyColumn), 1);
    EXPECT_EQ(value(1, RunsTableModel::ConcurrencyColumn), 2);
    EXPECT_EQ(value(1, RunsTableModel::RequestsColumn), 8);
    EXPECT_EQ(value(0, RunsTableModel::MaxTokensColumn), 16);
    EXPECT_EQ(value(1, RunsTableModel::FailedColumn), 0);
    EXPECT_TRUE(window.runsView()->isColumnHidden(RunsTableModel::ArmColumn)) << "an ordinary run has no arms";

    // The histograms, the throughput chart and the requests table got the same run.
    EXPECT_EQ(window.findChild<RequestsPane *>()->model()->rowCount(), 13);
    for (HistogramChart *histogram : window.findChildren<HistogramChart *>()) {
        // 16 tokens is below the min tokens for TPOT (20): ITL leaves those requests out.
        if (histogram->metric() == HistogramChart::Metric::Ttft)
            EXPECT_EQ(histogram->histogram().total, 12);
        else
            EXPECT_EQ(histogram->histogram().total, 0);
    }

    // Under vLLM's definitions the finished run's rows are recomputed from its records: with no
    // short-output filter, the 16-token answers get a TPOT.
    auto *definitions = window.findChild<QComboBox *>(QStringLiteral("definitionsPicker"));
    ASSERT_NE(definitions, nullptr);
    EXPECT_EQ(definitions->currentText(), QStringLiteral("TokenScope"));
    EXPECT_FALSE(
        model->data(model->index(before, RunsTableModel::TpotP50Column), RunsTableModel::RawValueRole).isValid());
    definitions->setCurrentText(QStringLiteral("vLLM"));
    EXPECT_GT(
        model->data(model->index(before, RunsTableModel::TpotP50Column), RunsTableModel::RawValueRole).toDouble(), 0);
    EXPECT_TRUE(model->headerData(RunsTableModel::TtftP50Column, Qt::Horizontal).toString().contains(u"vLLM"));
    definitions->setCurrentText(QStringLiteral("TokenScope"));

    // It is in the history, and a new window (the next start) lists it in the runs table.
    const MainWindow next;
    EXPECT_EQ(next.runsModel()->rowCount(), before + 2);
}

namespace {

// Sets levels and max_tokens small, so a run takes a second or two.
void makeRunShort(MainWindow &window)
{
    child<QLineEdit>(window, QStringLiteral("1,4,8,16"))->setText(QStringLiteral("2"));
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            s->setValue(24);
    }
}

} // namespace

TEST_F(UiMainWindow, AbRunOfTheSimulatorsTwoModelsOpensTheComparison)
{
    MainWindow window;
    window.show();
    makeRunShort(window);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    // The dialog asks for B: the same (simulator) profile with its faster model.
    QTimer::singleShot(0, &window, [] {
        auto *dialog = qobject_cast<AbRunDialog *>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->findChild<QLineEdit *>()->setText(QStringLiteral("tokenscope-sim-fast"));
        dialog->accept();
    });
    QMetaObject::invokeMethod(&window, "startAbRun"); // Run > Run A/B interleaved…
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 60000));
    EXPECT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();

    ASSERT_FALSE(window.runs().isEmpty());
    const RunResult &run = window.runs().last();
    ASSERT_TRUE(run.isInterleaved());
    EXPECT_EQ(run.arms.at(1).model, QStringLiteral("tokenscope-sim-fast"));
    // tokenscope-sim-fast decodes at 5 ms per token, tokenscope-sim at 10.
    const LevelSummary a = run.armResult(0).levels.value(0);
    const LevelSummary b = run.armResult(1).levels.value(0);
    EXPECT_EQ(a.completed, 8);
    EXPECT_EQ(b.completed, 8);
    EXPECT_LT(b.tpotMs.p50, a.tpotMs.p50 * 0.75);
    // The Runs table tells the arms apart.
    EXPECT_FALSE(window.runsView()->isColumnHidden(RunsTableModel::ArmColumn));
    RunsTableModel *rows = window.runsModel();
    EXPECT_EQ(rows->data(rows->index(rows->rowCount() - 1, RunsTableModel::ArmColumn)).toString(), QStringLiteral("B"));

    auto *compare = window.findChild<CompareView *>();
    ASSERT_NE(compare, nullptr);
    EXPECT_TRUE(compare->isVisibleTo(&window)) << "the Compare tab is shown";
    EXPECT_EQ(compare->cdfSeries(Compare::Metric::Tpot).size(), 2);
    // Compare takes the live charts' height; another tab gives it back.
    ChartsPane *charts = window.findChild<ChartsPane *>();
    ASSERT_NE(charts, nullptr);
    EXPECT_FALSE(charts->isVisibleTo(&window)) << "the live charts make room for Compare";
    auto *requests = window.findChild<RequestsPane *>();
    for (QTabWidget *tabs : window.findChildren<QTabWidget *>()) {
        if (tabs->indexOf(requests) >= 0)
            tabs->setCurrentWidget(requests);
    }
    EXPECT_TRUE(charts->isVisibleTo(&window));

    // File > Export… of the A/B run, answered as a user would: the A/B report, each arm in its rows.
    auto *exporter = window.findChild<RunExporter *>();
    ASSERT_NE(exporter, nullptr);
    ASSERT_TRUE(exporter->exportAction()->isEnabled());
    QTemporaryDir exportDir;
    const QString page = exportDir.filePath(QStringLiteral("ab.html"));
    QTimer::singleShot(0, &window, [page] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        ASSERT_NE(dialog, nullptr);
        dialog->selectFile(page);
        QMetaObject::invokeMethod(dialog, "accept"); // Save
    });
    exporter->exportAction()->trigger();
    QFile exported(page);
    ASSERT_TRUE(exported.open(QIODevice::ReadOnly)) << page.toStdString();
    const QByteArray html = exported.readAll();
    EXPECT_TRUE(html.contains("<h1>A: tokenscope-sim · B: tokenscope-sim-fast</h1>")) << html.left(1500).toStdString();
    EXPECT_TRUE(html.contains("<th>Arm</th>"));
    EXPECT_FALSE(html.contains("Concurrency levels")) << "no card of both arms' levels mixed";
    EXPECT_TRUE(html.contains("<h2>B against A, level by level</h2>"));

    // The history keeps both arms: the next start lists a level row for each model.
    QCoreApplication::processEvents();
    const MainWindow next;
    QStringList models;
    for (int row = 0; row < next.runsModel()->rowCount(); ++row)
        models.append(next.runsModel()->row(row).model);
    EXPECT_TRUE(models.contains(QStringLiteral("tokenscope-sim-fast"))) << models.join(u',').toStdString();
}

// A profile of each new API kind, filled in the form as a user would, measures the built-in
// simulator's /v1/messages and /v1/responses: every request ok, its tokens from usage.
TEST_F(UiMainWindow, AProfileOfEachApiKindMeasuresTheSimulator)
{
    MainWindow window;
    window.show();
    makeRunShort(window);
    const QString simulator = window.session()->simulatorBaseUrl().toString(); // http://127.0.0.1:port/v1
    ASSERT_FALSE(simulator.isEmpty());
    ProfilePanel *profiles = window.findChild<ProfilePanel *>();
    ASSERT_NE(profiles, nullptr);
    const QList<QPair<ApiKind, QString>> kinds {
        { ApiKind::AnthropicMessages, simulator.chopped(3) }, // what ANTHROPIC_BASE_URL would hold
        { ApiKind::Responses, simulator },
    };
    for (const auto &[kind, baseUrl] : kinds) {
        profiles->createProfile(apiKindName(kind));
        auto *api = profiles->findChild<QComboBox *>(QStringLiteral("apiKind"));
        api->setCurrentIndex(api->findData(int(kind)));
        Q_EMIT api->activated(api->currentIndex());
        auto *url = profiles->findChild<QLineEdit *>(QStringLiteral("baseUrl"));
        url->setText(baseUrl);
        Q_EMIT url->textEdited(baseUrl);
        auto *model = profiles->findChild<QLineEdit *>(QStringLiteral("model"));
        model->setText(QStringLiteral("tokenscope-sim"));
        Q_EMIT model->textEdited(model->text());

        QSignalSpy ended(&window, &MainWindow::runEnded);
        QTest::mouseClick(child<QPushButton>(window, MainWindow::tr("Run")), Qt::LeftButton);
        ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 60000)) << apiKindName(kind).toStdString();
        EXPECT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();
        EXPECT_EQ(window.lastOutcome(), Outcome::Completed) << apiKindName(kind).toStdString();
        const RunResult &run = window.runs().last();
        EXPECT_EQ(run.config.api, kind);
        ASSERT_FALSE(run.records.isEmpty());
        for (const RequestRecord &r : run.records) {
            EXPECT_TRUE(r.ok) << apiKindName(kind).toStdString() << ": " << r.errorMessage.toStdString();
            EXPECT_TRUE(r.outputTokensFromUsage);
            EXPECT_EQ(r.outputTokens, 24);
            EXPECT_FALSE(r.doneMarker) << "neither API ends with [DONE]";
        }
    }
}

// A restart (the language switch asks for one) keeps the run settings, the layout and the panel.
TEST_F(UiMainWindow, SettingsAndLayoutSurviveRecreatingTheWindow)
{
    {
        MainWindow window;
        window.show();
        child<QLineEdit>(window, QStringLiteral("1,4,8,16"))->setText(QStringLiteral("2,3,2"));
        for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
            if (s->value() == 256)
                s->setValue(99);
        }
        QAction *panel = nullptr;
        for (QAction *a : window.findChildren<QAction *>()) {
            if (a->shortcut() == QKeySequence(Qt::Key_F9))
                panel = a;
        }
        ASSERT_NE(panel, nullptr) << "View > Settings Panel (F9)";
        panel->trigger();
        EXPECT_FALSE(window.findChild<ProfilePanel *>()->isVisible());
        window.resize(711, 555); // within the offscreen screen: a larger size is fitted to it (UiWindowFit)
    } // closed: the state is saved
    MainWindow again;
    again.show();
    const RunConfig config = again.configFromForm();
    EXPECT_EQ(config.concurrencyLevels, (QList<int> { 2, 3, 2 }));
    EXPECT_EQ(config.maxTokens, 99);
    EXPECT_FALSE(config.prompt.isEmpty()) << "the prompt comes back too";
    EXPECT_EQ(again.size(), QSize(711, 555));
    EXPECT_FALSE(again.findChild<ProfilePanel *>()->isVisible());
    for (QAction *a : again.findChildren<QAction *>()) {
        if (a->shortcut() == QKeySequence(Qt::Key_F9)) {
            EXPECT_FALSE(a->isChecked()) << "the settings panel stays hidden";
        }
    }
}

// Opening a request's drill-down never grows the window, and the table keeps its rows.
TEST_F(UiMainWindow, OpeningARequestKeepsTheLayout)
{
    MainWindow window;
    window.resize(1024, 700);
    window.show();
    makeRunShort(window);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    auto *pane = window.findChild<RequestsPane *>();
    ASSERT_NE(pane, nullptr);
    for (QTabWidget *tabs : window.findChildren<QTabWidget *>()) {
        const int index = tabs->indexOf(pane);
        if (index >= 0)
            tabs->setCurrentIndex(index);
    }
    QCoreApplication::processEvents();
    const QSize before = window.size();
    const int tableHeight = pane->tableView()->height();
    pane->tableView()->selectRow(1);
    QCoreApplication::processEvents();
    EXPECT_EQ(window.size(), before);
    EXPECT_EQ(pane->tableView()->height(), tableHeight) << "the table does not jump when the drill-down fills";
}

// A run where every request failed (nothing listens on the port) is labelled failed in the
// progress bar, the status bar, the Runs table and History, never "done" or "completed".
TEST_F(UiMainWindow, ARunWhereEveryRequestFailedIsLabelledFailed)
{
    quint16 closedPort = 0;
    {
        QTcpServer probe;
        ASSERT_TRUE(probe.listen(QHostAddress::LocalHost));
        closedPort = probe.serverPort();
    } // closed again: connections are refused
    MainWindow window;
    window.show();
    RunConfig config = window.configFromForm();
    config.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(closedPort);
    config.endpointLabel.clear();
    config.concurrencyLevels = { 1, 2 };
    config.requestsPerConcurrency = 2;
    config.warmupRequests = 0;
    QSignalSpy ended(&window, &MainWindow::runEnded);
    QString error;
    ASSERT_TRUE(window.session()->start({ config }, &error)) << error.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));

    EXPECT_EQ(window.lastOutcome(), Outcome::Failed);
    auto *progress = window.findChild<QProgressBar *>();
    ASSERT_NE(progress, nullptr);
    EXPECT_EQ(progress->format().toStdString(), "Failed: no request succeeded (6 of 6 failed)");
    EXPECT_TRUE(window.statusBar()->currentMessage().startsWith(u"Run failed")) << window.statusBar()->currentMessage().toStdString();

    RunsTableModel *model = window.runsModel();
    ASSERT_GE(model->rowCount(), 2);
    const QModelIndex failed = model->index(model->rowCount() - 1, RunsTableModel::FailedColumn);
    EXPECT_EQ(RunsTableModel::FailedColumn, RunsTableModel::RequestsColumn + 1) << "Failed sits beside Requests";
    EXPECT_EQ(failed.data().toString().toStdString(), "4 of 4");
    EXPECT_TRUE(failed.data(Qt::BackgroundRole).isValid()) << "a non-zero Failed cell is highlighted";
    EXPECT_TRUE(failed.data(Qt::ToolTipRole).toString().contains(u"Failed: no request succeeded"));

    const QList<HistoryRunInfo> stored = window.session()->history()->listRuns();
    ASSERT_FALSE(stored.isEmpty());
    EXPECT_EQ(stored.first().status, HistoryRunStatus::Failed);
    EXPECT_TRUE(stored.first().error.contains(u"no request succeeded")) << stored.first().error.toStdString();
}

// Two real runs on a simulator, the second with every other request rejected with 429, are
// compared from History as a user would: the headline puts the failures first. The rejections are
// immediate, so at concurrency 4 the 14 that succeed take 4 rounds where 28 took 7: the throughput
// falls by an eighth while each request streams as fast as before.
TEST_F(UiMainWindow, ACompareOfARateLimitedRunSaysFailuresExplainTheDifference)
{
    MainWindow window;
    window.show();
    const auto runOn = [&window](const SimConfig &sim) -> qint64 {
        SimulatorServer server;
        QString error;
        if (!server.start(sim, &error)) {
            ADD_FAILURE() << error.toStdString();
            return -1;
        }
        RunConfig config = window.configFromForm();
        config.baseUrl = server.baseUrl().toString();
        config.endpointLabel.clear();
        config.concurrencyLevels = { 4 };
        config.requestsPerConcurrency = 7; // 28 requests
        config.warmupRequests = 0;
        config.maxTokens = 24;
        QSignalSpy ended(&window, &MainWindow::runEnded);
        if (!window.session()->start({ config }, &error)) {
            ADD_FAILURE() << error.toStdString();
            return -1;
        }
        const qint64 id = window.session()->currentHistoryId();
        EXPECT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 60000));
        return id;
    };
    SimConfig sim;
    sim.baseTtftMs = 20;
    sim.decodeIntervalMs = 4;
    const qint64 clean = runOn(sim);
    sim.fault = SimFault::RateLimited;
    sim.faultEvery = 2;
    const qint64 limited = runOn(sim);
    ASSERT_GT(clean, 0);
    ASSERT_GT(limited, 0);
    EXPECT_EQ(window.lastOutcome(), Outcome::CompletedWithFailures);

    auto *history = window.findChild<HistoryView *>();
    ASSERT_NE(history, nullptr);
    history->refresh();
    history->selectRuns({ clean, limited });
    history->compareSelected();
    auto *compare = window.findChild<CompareView *>();
    ASSERT_NE(compare, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([compare] { return !compare->headlineText().isEmpty(); }, 10000));
    const QString headline = compare->headlineText();
    EXPECT_TRUE(headline.contains(u"Failures, not speed, explain the throughput")) << headline.toStdString();
    EXPECT_TRUE(headline.contains(u"14 of 28")) << headline.toStdString();
    EXPECT_FALSE(headline.contains(u"The difference is in the decode speed")) << headline.toStdString();
}

// A click on a timeline row opens that request in the Requests tab; a Runs row picks its level
// for the timeline and both histograms.
TEST_F(UiMainWindow, TheChartsFollowTheRequestAndTheLevelChosen)
{
    MainWindow window;
    window.show();
    child<QLineEdit>(window, QStringLiteral("1,4,8,16"))->setText(QStringLiteral("1,2"));
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            s->setValue(24);
    }
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    const RunResult run = window.runs().last();

    const RequestRecord wanted = run.recordsOfLevel(1).value(2);
    Q_EMIT window.timelineChart()->requestClicked(wanted);
    auto *pane = window.findChild<RequestsPane *>();
    ASSERT_NE(pane, nullptr);
    EXPECT_TRUE(pane->isVisible()) << "the Requests tab is brought up";
    const QModelIndex current = pane->proxy()->mapToSource(pane->tableView()->currentIndex());
    ASSERT_TRUE(current.isValid());
    const RequestRecord &shown = pane->model()->records().at(current.row());
    EXPECT_EQ(shown.levelIndex, wanted.levelIndex);
    EXPECT_EQ(shown.index, wanted.index);

    // The second Runs row is level 2 (concurrency 2): the picker and the charts follow it.
    QTableView *runsView = nullptr;
    for (QTableView *view : window.findChildren<QTableView *>()) {
        if (view->model() && view->model()->columnCount() == RunsTableModel::ColumnCount)
            runsView = view;
    }
    ASSERT_NE(runsView, nullptr);
    runsView->setCurrentIndex(runsView->model()->index(runsView->model()->rowCount() - 1, 0));
    auto *picker = window.findChild<QComboBox *>(QStringLiteral("levelPicker"));
    ASSERT_NE(picker, nullptr);
    EXPECT_EQ(picker->currentData().toInt(), 1);
    EXPECT_EQ(window.timelineChart()->levelFilter(), 1);
    for (HistogramChart *histogram : window.findChildren<HistogramChart *>())
        EXPECT_EQ(histogram->levelFilter(), 1);
    EXPECT_TRUE(window.timelineChart()->chart()->title().contains(u"tokenscope-sim")) << "the title names the run";
}

// A sweep chooses its levels as it goes: the picker, the charts and the serving curve learn them
// from levelStarted and levelFinished, not from config.loadPoints() (which lists the first two).
TEST_F(UiMainWindow, ASweepFillsThePickerTheChartsAndTheServingCurveAsItGoes)
{
    MainWindow window;
    window.show();
    const auto mode = window.findChild<QComboBox *>(QStringLiteral("loadMode"));
    ASSERT_NE(mode, nullptr);
    mode->setCurrentIndex(mode->findData(int(LoadMode::Sweep)));
    window.findChild<QSpinBox *>(QStringLiteral("sweepRates"))->setValue(2);
    window.findChild<QSpinBox *>(QStringLiteral("maxConcurrency"))->setValue(4);
    window.findChild<QDoubleSpinBox *>(QStringLiteral("durationS"))->setValue(1);
    window.findChild<QDoubleSpinBox *>(QStringLiteral("graceS"))->setValue(5);
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            s->setValue(16);
    }
    QStringList progressTexts;
    auto *progress = window.findChild<QProgressBar *>();
    ASSERT_NE(progress, nullptr);
    QTimer sample;
    QObject::connect(&sample, &QTimer::timeout, &window, [&] { progressTexts.append(progress->format()); });
    sample.start(100);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 60000));
    sample.stop();
    const RunResult run = window.runs().last();
    // Synchronous, throughput, then up to two swept rates (fewer when the sweep finds no room).
    const int levels = int(run.points().size());
    ASSERT_GT(levels, 2) << run.loadPlanOutcome.toStdString();

    auto *picker = window.findChild<QComboBox *>(QStringLiteral("levelPicker"));
    ASSERT_NE(picker, nullptr);
    ASSERT_EQ(picker->count(), 1 + levels);
    EXPECT_EQ(picker->itemText(levels), run.points().at(levels - 1).label());
    EXPECT_TRUE(picker->itemText(levels).startsWith(QStringLiteral("r="))) << picker->itemText(levels).toStdString();
    EXPECT_EQ(window.servingCurveChart()->pointCount(), levels) << run.loadPlanOutcome.toStdString();
    EXPECT_FALSE(window.servingCurveChart()->kneeText().isEmpty());
    const QStringList markers = window.throughputChart()->levelLabels();
    EXPECT_TRUE(markers.contains(run.points().at(2).label())) << markers.join(u'|').toStdString();
    // Every level bounded by a duration says how far into it the run is.
    EXPECT_TRUE(std::any_of(progressTexts.cbegin(), progressTexts.cend(),
        [](const QString &t) { return t.contains(QStringLiteral(" s of 1.0 s")) && t.contains(QStringLiteral("r=")); }))
        << progressTexts.join(u'|').toStdString();

    // Shown again from the session's runs, the serving curve is the same.
    window.servingCurveChart()->beginRun();
    window.servingCurveChart()->setRun(run);
    EXPECT_EQ(window.servingCurveChart()->pointCount(), levels);

    // Opened from the history: every level is offered and drawn, none as "c=0" (a level whose
    // point the store did not give back is named by its position).
    ASSERT_NE(window.session()->history(), nullptr);
    const QList<HistoryRunInfo> storedRuns = window.session()->history()->listRuns(); // newest first
    ASSERT_FALSE(storedRuns.isEmpty());
    const qint64 stored = storedRuns.constFirst().id;
    auto *history = window.findChild<HistoryView *>();
    ASSERT_NE(history, nullptr);
    Q_EMIT history->openRequested(stored);
    EXPECT_EQ(picker->count(), 1 + levels);
    EXPECT_EQ(picker->itemText(1), run.points().at(0).label());
    EXPECT_EQ(window.servingCurveChart()->pointCount(), levels);
    for (const Stats::ServingPoint &p : window.servingCurveChart()->curve())
        EXPECT_NE(p.label, QStringLiteral("c=0"));
}

TEST_F(UiMainWindow, TheLoadSettingsSurviveRecreatingTheWindow)
{
    {
        MainWindow window;
        window.show();
        const auto mode = window.findChild<QComboBox *>(QStringLiteral("loadMode"));
        mode->setCurrentIndex(mode->findData(int(LoadMode::Rates)));
        window.findChild<QLineEdit *>(QStringLiteral("requestRates"))->setText(QStringLiteral("3,9,inf"));
        window.findChild<QSpinBox *>(QStringLiteral("maxConcurrency"))->setValue(6);
        window.findChild<QLineEdit *>(QStringLiteral("goodput"))->setText(QStringLiteral("ttft:300"));
    }
    MainWindow again;
    const RunConfig config = again.configFromForm();
    EXPECT_EQ(config.loadMode, LoadMode::Rates);
    ASSERT_EQ(config.requestRates.size(), 3);
    EXPECT_DOUBLE_EQ(config.requestRates.at(1), 9);
    EXPECT_EQ(config.maxConcurrency, 6);
    EXPECT_DOUBLE_EQ(config.goodput.ttftMs, 300);
}

// Help lists every shortcut the menus have, under their menu, and explains the metrics.
TEST_F(UiMainWindow, HelpListsTheShortcutsAndExplainsTheMetrics)
{
    MainWindow window;
    const QString shortcuts = keyboardShortcutsHtml(&window);
    EXPECT_TRUE(shortcuts.contains(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText)));
    EXPECT_TRUE(shortcuts.contains(u"Run › Run")) << shortcuts.toStdString();
    EXPECT_TRUE(shortcuts.contains(u"View › Settings Panel")) << shortcuts.toStdString();
    EXPECT_FALSE(shortcuts.contains(u'&' + QStringLiteral("Run"))) << "no mnemonic marks";
    const QString metrics = metricsExplainedHtml();
    for (const char *name : { "TTFT", "TPOT", "ITL", "E2E" })
        EXPECT_TRUE(metrics.contains(QLatin1String(name))) << name;
}

TEST_F(UiMainWindow, TheSimulatorsMetricsAreReadOutOfTheBoxAndTheRunSaysHowTheScrapesWent)
{
    MainWindow window;
    window.show();
    const RunConfig config = window.configFromForm();
    const QUrl base(config.baseUrl);
    EXPECT_EQ(config.serverMetricsUrl, QStringLiteral("http://%1:%2/metrics").arg(base.host()).arg(base.port()));
    EXPECT_FALSE(config.serverMetricsSendKey);

    // The engine's scrapes reach the throughput chart as they arrive.
    ThroughputChart *chart = window.throughputChart();
    chart->beginRun();
    ServerMetricsSample sample;
    sample.ok = true;
    sample.running = 2;
    sample.waiting = 1;
    Q_EMIT window.session()->serverMetricsSampled(sample);
    EXPECT_EQ(chart->serverScrapesOk(), 1);

    makeRunShort(window);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    const QString message = window.statusBar()->currentMessage();
    EXPECT_TRUE(message.startsWith(u"Run finished")) << message.toStdString();
    // The simulator's /metrics answered: the count is said, and the chart has the server's lines.
    EXPECT_TRUE(message.contains(u"Server metrics from http://")) << message.toStdString();
    EXPECT_TRUE(message.contains(u"succeeded")) << message.toStdString();
    EXPECT_FALSE(message.contains(u"No server figures")) << message.toStdString();
    EXPECT_GT(chart->serverRunningPointCount(), 0);
}

// A simulator that decodes one request at a time makes concurrency 4 wait at the server: after the
// run the window says so above the results, from the server's own figures; a new run clears it, and
// opening the stored run from History shows it again.
TEST_F(UiMainWindow, ARunsReadingShowsWhenItEndsOrIsOpenedAndClearsWhenARunStarts)
{
    MainWindow window;
    window.show();
    RunReadingLabel *label = window.readingLabel();
    ASSERT_NE(label, nullptr);
    // No "before a run" check: a new window opens on the newest stored run, and earlier tests in
    // this process stored some (ARestartShowsTheLastRunInTheChartsAndTheRunsTable).

    SimConfig sim;
    sim.baseTtftMs = 20;
    sim.decodeIntervalMs = 2;
    sim.maxBatch = 1;
    SimulatorServer server;
    QString error;
    ASSERT_TRUE(server.start(sim, &error)) << error.toStdString();
    RunConfig config = window.configFromForm();
    config.baseUrl = server.baseUrl().toString();
    config.endpointLabel.clear();
    config.serverMetricsUrl = server.metricsUrl().toString();
    config.serverMetricsIntervalMs = 100;
    config.concurrencyLevels = { 1, 4 };
    config.requestsPerConcurrency = 3;
    config.warmupRequests = 0;
    config.maxTokens = 24; // TPOT counts answers of at least RunConfig::minTokensForTpot (20)
    QSignalSpy ended(&window, &MainWindow::runEnded);
    ASSERT_TRUE(window.session()->start({ config }, &error)) << error.toStdString();
    const qint64 id = window.session()->currentHistoryId();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));

    const Reading::RunReading reading = Reading::readRun(window.runs().last());
    EXPECT_EQ(reading.verdict, Reading::Verdict::Queueing) << reading.text().toStdString();
    EXPECT_EQ(reading.queueAt, Reading::QueueAt::Server) << reading.text().toStdString();
    EXPECT_TRUE(label->isVisible());
    EXPECT_FALSE(label->readingText().isEmpty());
    EXPECT_EQ(label->readingText(), reading.text());
    EXPECT_TRUE(label->text().contains(u"Reading: queueing.")) << label->text().toStdString();
    EXPECT_TRUE(label->text().contains(u"the queueing is at the server")) << label->text().toStdString();

    ASSERT_TRUE(window.session()->start({ config }, &error)) << error.toStdString();
    EXPECT_FALSE(label->isVisible()) << "a new run clears the last one's reading";
    EXPECT_TRUE(label->readingText().isEmpty());
    window.cancelRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 1; }, 30000));

    // Opened again from History, the stored run reads as it did when it ended.
    auto *history = window.findChild<HistoryView *>();
    ASSERT_NE(history, nullptr);
    Q_EMIT history->openRequested(id);
    EXPECT_TRUE(label->isVisible());
    EXPECT_EQ(label->readingText(), reading.text());
}

TEST_F(UiMainWindow, RepeatRunsTheConfigurationAgainAndTheProgressSaysWhichRepeat)
{
    MainWindow window;
    window.show();
    child<QLineEdit>(window, QStringLiteral("1,4,8,16"))->setText(QStringLiteral("1"));
    for (QSpinBox *s : window.findChildren<QSpinBox *>()) {
        if (s->value() == 256)
            s->setValue(16);
    }
    auto *repeats = window.findChild<QSpinBox *>(QStringLiteral("repeats"));
    ASSERT_NE(repeats, nullptr);
    EXPECT_EQ(repeats->value(), 1) << "one run unless asked";
    repeats->setValue(2);
    QStringList progressTexts;
    auto *progress = window.findChild<QProgressBar *>();
    QTimer sample;
    QObject::connect(&sample, &QTimer::timeout, &window, [&] { progressTexts.append(progress->format()); });
    sample.start(20);
    const qsizetype before = window.runs().size();
    window.startRun();
    ASSERT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return window.runs().size() == before + 2 && !window.isRunning(); }, 60000));
    sample.stop();
    EXPECT_TRUE(progressTexts.filter(QStringLiteral("Repeat 2 of 2")).size() > 0)
        << progressTexts.join(u'|').toStdString();

    // A sweep picks its rates from what each run measured: its repeats are refused, with the reason.
    auto *mode = window.findChild<QComboBox *>(QStringLiteral("loadMode"));
    mode->setCurrentIndex(mode->findData(int(LoadMode::Sweep)));
    window.startRun();
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("cannot be repeated"))) << window.errorText().toStdString();
    EXPECT_FALSE(window.isRunning());
}

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

} // namespace

// The Runs table is wider than the pane: scrolling right shows the columns further right, and the
// scroll bar's thumb moves the same way (it starts at the left, over the leftmost columns).
TEST_F(UiMainWindow, TheRunsTableScrollsRightWithItsScrollBar)
{
    MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.resultTabs()->setCurrentIndex(0); // Runs
    QList<RunsTableRow> rows;
    for (int c : { 1, 4, 8, 16 }) {
        RunsTableRow row;
        row.startedAt = QDateTime::currentDateTime();
        row.model = QStringLiteral("a-model-name-long-enough-to-widen-its-column");
        row.level.concurrency = c;
        row.level.point = LoadPoint::closedLoop(c);
        row.level.requests = 4 * c;
        rows.append(row);
    }
    window.runsModel()->addRows(rows);
    QTableView *view = window.runsView();
    view->resizeColumnsToContents();
    QCoreApplication::processEvents();
    QScrollBar *bar = view->horizontalScrollBar();
    ASSERT_GT(bar->maximum(), 0) << "the columns must be wider than the pane for this test";
    view->scrollTo(view->model()->index(0, 0));
    QCoreApplication::processEvents();

    // The leftmost column at the left edge, the thumb at the start of the groove.
    EXPECT_EQ(view->columnAt(0), RunsTableModel::DateColumn);
    EXPECT_EQ(bar->value(), bar->minimum());
    EXPECT_FALSE(bar->isRightToLeft() && !view->isRightToLeft()) << "the bar is not mirrored against its table";
    const auto thumbX = [bar] {
        QStyleOptionSlider option;
        option.initFrom(bar);
        option.orientation = Qt::Horizontal;
        option.minimum = bar->minimum();
        option.maximum = bar->maximum();
        option.sliderPosition = bar->sliderPosition();
        option.sliderValue = bar->value();
        option.singleStep = bar->singleStep();
        option.pageStep = bar->pageStep();
        option.upsideDown = bar->invertedAppearance();
        option.subControls = QStyle::SC_All;
        return bar->style()
            ->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, bar)
            .center()
            .x();
    };
    const int thumbBefore = thumbX();
    EXPECT_LT(thumbBefore, bar->width() / 2) << "over the leftmost columns, the thumb sits left";

    // The keyboard's and the arrow's step to the right, repeated: the first visible column moves right.
    const int firstBefore = view->columnAt(0);
    for (int step = 0; step < 40 && view->columnAt(0) == firstBefore; ++step)
        bar->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    QCoreApplication::processEvents();
    EXPECT_GT(view->columnAt(0), firstBefore);
    EXPECT_GT(view->horizontalHeader()->offset(), 0);
    EXPECT_GT(thumbX(), thumbBefore);
    bar->setValue(bar->maximum());
    QCoreApplication::processEvents();
    EXPECT_EQ(view->columnAt(view->viewport()->width() - 1), RunsTableModel::OutputThroughputColumn)
        << "at the end of the bar, the last column shows";
}

namespace {

// Runs `config` through the window's session to its end.
void runToTheEnd(MainWindow &window, const RunConfig &config)
{
    QSignalSpy ended(&window, &MainWindow::runEnded);
    QString error;
    ASSERT_TRUE(window.session()->start({ config }, &error)) << error.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
}

// The window at 1600x1000 and 1366x768 showing result tab `tab`, saved as <name>-<size>.png.
void saveWindowShots(MainWindow &window, int tab, const QString &name)
{
    window.resultTabs()->setCurrentIndex(tab);
    for (const QSize size : { QSize(1600, 1000), QSize(1366, 768) }) {
        window.resize(size);
        QCoreApplication::processEvents();
        if (tab == 0) { // the Runs table scrolled to the right
            window.runsView()->horizontalScrollBar()->setValue(window.runsView()->horizontalScrollBar()->maximum());
            QCoreApplication::processEvents();
        }
        EXPECT_TRUE(Testing::saveShotIfAsked(
            &window, QStringLiteral("%1-%2x%3").arg(name).arg(size.width()).arg(size.height())));
    }
}

} // namespace

// A dataset that cannot be parsed refuses the run before anything is cleared: the charts and the
// Runs table keep the last run, History gains no row, and the dataset's field says what is wrong.
// The file is read again at each Run, so once it is fixed on disk the same path runs.
TEST_F(UiMainWindow, AMalformedDatasetRefusesTheRunAtItsFieldAndTouchesNothing)
{
    MainWindow window;
    window.show();
    makeRunShort(window);
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    ASSERT_EQ(window.lastOutcome(), Outcome::Completed);
    const int rows = window.runsModel()->rowCount();
    const int drawn = window.timelineChart()->requestRowCount();
    const qsizetype stored = window.session()->history()->listRuns().size();
    ASSERT_GT(drawn, 0);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("prompts.jsonl"));
    writeFile(path, "{\"prompt\": \"hello\", \"output_tokens\": 8}\n{\"prompt\": \n");
    auto *kind = window.findChild<QComboBox *>(QStringLiteral("workloadKind"));
    ASSERT_NE(kind, nullptr);
    kind->setCurrentIndex(kind->findData(int(WorkloadKind::Dataset)));
    window.findChild<QLineEdit *>(QStringLiteral("datasetPath"))->setText(path); // typed, not yet read
    window.settingsTabs()->setCurrentIndex(0);
    QPushButton *run = child<QPushButton>(window, MainWindow::tr("Run"));
    QTest::mouseClick(run, Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([&window] { return !window.errorText().isEmpty(); }, 30000));

    EXPECT_FALSE(window.isRunning());
    EXPECT_EQ(ended.count(), 1) << "no run started, so none ended";
    EXPECT_EQ(window.lastOutcome(), Outcome::Completed);
    EXPECT_EQ(window.runsModel()->rowCount(), rows);
    EXPECT_EQ(window.timelineChart()->requestRowCount(), drawn);
    EXPECT_EQ(window.session()->history()->listRuns().size(), stored);
    const auto *status = window.findChild<QLabel *>(QStringLiteral("datasetStatus"));
    EXPECT_TRUE(status->text().startsWith(u"line 2")) << status->text().toStdString();
    EXPECT_EQ(window.settingsTabs()->currentIndex(), 1) << "the field is shown";
    EXPECT_TRUE(status->isVisible());
    EXPECT_TRUE(run->isEnabled());
    for (const QSize size : { QSize(1366, 744), QSize(1600, 976) }) { // a laptop's and a desktop's, less a title bar
        window.resize(size);
        EXPECT_TRUE(Testing::saveShotIfAsked(
            &window, QStringLiteral("%1x%2-refused-malformed-dataset").arg(size.width()).arg(size.height())));
    }

    writeFile(path, "{\"prompt\": \"hello\", \"output_tokens\": 8}\n");
    QTest::mouseClick(run, Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 1; }, 30000));
    EXPECT_EQ(window.lastOutcome(), Outcome::Completed) << window.errorText().toStdString();
    EXPECT_TRUE(window.errorText().isEmpty()) << window.errorText().toStdString();
    EXPECT_EQ(window.session()->history()->listRuns().size(), stored + 1);
}

// After a restart the charts show the newest stored run, the one the Runs table ends with, instead
// of "No run yet" beside a table of every level ever run.
TEST_F(UiMainWindow, ARestartShowsTheLastRunInTheChartsAndTheRunsTable)
{
    int drawn = 0;
    QDateTime startedAt;
    {
        MainWindow window;
        window.show();
        makeRunShort(window);
        QSignalSpy ended(&window, &MainWindow::runEnded);
        window.startRun();
        ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
        drawn = window.timelineChart()->requestRowCount();
        startedAt = window.runs().constLast().startedAt;
        ASSERT_GT(drawn, 0);
    }
    MainWindow again;
    again.show();
    EXPECT_EQ(again.timelineChart()->requestRowCount(), drawn);
    EXPECT_FALSE(again.readingLabel()->text().isEmpty());
    const RunsTableModel *model = again.runsModel();
    ASSERT_GT(model->rowCount(), 0);
    EXPECT_EQ(model->row(model->rowCount() - 1).startedAt.toSecsSinceEpoch(), startedAt.toSecsSinceEpoch())
        << "the table ends with the run the charts show";
}

// Two runs of one model through one profile and one load, and an open-loop run: History names
// them by profile, load and time, Compare's legends never read the same, and the open-loop
// requests show their rate.
TEST_F(UiMainWindow, RunsOfOneModelAreToldApartAndOpenLoopRequestsShowTheirRate)
{
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    RunConfig closed = window.configFromForm();
    EXPECT_EQ(closed.profileName, QStringLiteral("Built-in simulator"));
    closed.concurrencyLevels = { 1, 2 };
    closed.requestsPerConcurrency = 2;
    closed.maxTokens = 16;
    closed.warmupRequests = 1;
    runToTheEnd(window, closed);
    runToTheEnd(window, closed);
    RunConfig open = closed;
    open.loadMode = LoadMode::Rates;
    open.requestRates = { 20, 40 };
    open.requestsPerLevel = 4;
    runToTheEnd(window, open);

    // The open-loop run is the one shown: each request says its level's rate.
    RequestsTableModel *requests = window.requestsPane()->model();
    ASSERT_EQ(requests->rowCount(), 9);
    EXPECT_EQ(requests->data(requests->index(1, RequestsTableModel::LevelColumn)).toString(), QStringLiteral("r=20/s"));
    EXPECT_EQ(requests->data(requests->index(8, RequestsTableModel::LevelColumn)).toString(), QStringLiteral("r=40/s"));
    saveWindowShots(window, 1, QStringLiteral("requests-open-loop"));
    saveWindowShots(window, 0, QStringLiteral("runs-table-scrolled-right"));

    auto *history = window.findChild<HistoryView *>();
    ASSERT_NE(history, nullptr);
    const QList<HistoryRunInfo> stored = window.session()->history()->listRuns();
    ASSERT_GE(stored.size(), 3);
    const auto nameOf = [history](qint64 id) {
        HistoryModel *model = history->model();
        return model->data(model->index(model->rowOfRun(id), HistoryModel::NameColumn)).toString();
    };
    EXPECT_TRUE(nameOf(stored.at(0).id).startsWith(QStringLiteral("Built-in simulator · 20,40 req/s · ")))
        << qPrintable(nameOf(stored.at(0).id));
    EXPECT_TRUE(nameOf(stored.at(1).id).startsWith(QStringLiteral("Built-in simulator · c=1,2 · ")))
        << qPrintable(nameOf(stored.at(1).id));
    EXPECT_NE(nameOf(stored.at(1).id), nameOf(stored.at(2).id)) << "the same profile and load, moments apart";
    EXPECT_EQ(stored.at(1).requestCount, 6) << "2 at c=1 and 4 at c=2; the warm-up is not counted";
    history->selectRuns({ stored.at(2).id, stored.at(1).id });
    saveWindowShots(window, window.resultTabs()->indexOf(history), QStringLiteral("history-runs-named-apart"));

    history->compareSelected();
    auto *compare = window.findChild<CompareView *>();
    ASSERT_NE(compare, nullptr);
    ASSERT_EQ(compare->runCount(), 2);
    const QStringList labels = compare->labels();
    EXPECT_NE(labels.at(0), labels.at(1));
    EXPECT_TRUE(labels.at(0).startsWith(QStringLiteral("Built-in simulator · c=1,2 · "))) << qPrintable(labels.at(0));
    const QList<QLineSeries *> curves = compare->cdfSeries(Compare::Metric::Ttft);
    ASSERT_EQ(curves.size(), 2);
    EXPECT_NE(curves.at(0)->name(), curves.at(1)->name());
    saveWindowShots(window, window.resultTabs()->count() - 1, QStringLiteral("compare-same-model-distinct-legends"));
}

TEST_F(UiMainWindow, ACancelledFirstLevelKeepsItsFinishedRequestsInTheRunsTable)
{
    MainWindow window;
    window.show();
    child<QLineEdit>(window, QStringLiteral("1,4,8,16"))->setText(QStringLiteral("1"));
    window.findChild<QSpinBox *>(QStringLiteral("requestsPerConcurrency"))->setValue(200);
    RunsTableModel *model = window.runsModel();
    const int before = model->rowCount();
    QSignalSpy ended(&window, &MainWindow::runEnded);
    window.startRun();
    ASSERT_TRUE(window.isRunning());
    auto *requests = window.findChild<RequestsPane *>();
    // The warm-up and three measured requests have finished: cancel in the middle of the only level.
    ASSERT_TRUE(QTest::qWaitFor([requests] { return requests->model()->rowCount() >= 4; }, 60000));
    window.cancelRun();
    ASSERT_TRUE(QTest::qWaitFor([&ended] { return ended.count() > 0; }, 30000));
    ASSERT_EQ(model->rowCount(), before + 1) << "the cancelled level is shown with what it measured";
    const int kept = model->data(model->index(before, RunsTableModel::RequestsColumn), RunsTableModel::SortRole).toInt();
    EXPECT_GE(kept, 3);
    EXPECT_LT(kept, 200);
}
