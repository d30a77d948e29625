// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "charts/throughputchart.h"
#include "charts/tokentimelinechart.h"
#include "core/defaultprompt.h"
#include "dialogs/abrundialog.h"
#include "dialogs/connectiontestdialog.h"
#include "dialogs/helpdialogs.h"
#include "dialogs/runexport.h"
#include "history/compareinput.h"
#include "history/comparetab.h"
#include "history/compareview.h"
#include "history/historyview.h"
#include "models/runstablemodel.h"
#include "profiles/profilepanel.h"
#include "runsettingsform.h"
#include "session/runsession.h"
#include "store/historystore.h"
#include "views/exportoffer.h"
#include "views/requestspane.h"
#include "views/runcontrols.h"
#include "views/runreadinglabel.h"
#include "views/runspane.h"
#include "views/runstatus.h"
#include "views/wheelguard.h"
#include "window/elidingstatusbar.h"
#include "window/windowstate.h"
#include "workloadbox.h"

#include <QAction>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace TokenScope {

namespace {

// A level summary without its load point (a default one, as history files before schema 5 gave
// back) takes it from the run's own list where that has it.
RunResult withLevelPoints(RunResult run)
{
    const QList<LoadPoint> points = run.points();
    for (LevelSummary &level : run.levels) {
        if (level.point == LoadPoint() && level.levelIndex >= 0 && level.levelIndex < points.size())
            level.point = points.at(level.levelIndex);
    }
    return run;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_session(new RunSession(this))
{
    setWindowTitle(tr("TokenScope"));
    const QString historyError = m_session->openHistory(HistoryStore::defaultPath());

    m_mainSplitter = new QSplitter(Qt::Horizontal);
    m_mainSplitter->addWidget(buildLeftPane());
    m_mainSplitter->addWidget(buildResultsPane());
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setChildrenCollapsible(false);
    setCentralWidget(m_mainSplitter);
    buildMenus();

    setStatusBar(new ElidingStatusBar);
    m_inFlightLabel = new QLabel(RunStatus::inFlight(0));
    m_elapsedLabel = new QLabel(RunStatus::elapsed(0));
    statusBar()->addPermanentWidget(m_inFlightLabel);
    statusBar()->addPermanentWidget(m_elapsedLabel);
    m_exportOffer = new ExportOffer(statusBar(), this);
    connect(m_exporter, &RunExporter::exported, m_exportOffer, &ExportOffer::offer);

    m_elapsedTimer.setInterval(250);
    connect(&m_elapsedTimer, &QTimer::timeout, this, &MainWindow::updateElapsed);

    connectSession();
    setRunning(false);
    // First start works with nothing set up: the built-in simulator is the selected profile. It
    // runs while the window is open, whichever profile is selected, so its URL keeps working.
    startSimulator();
    if (m_session->history())
        connectHistory();
    else
        statusBar()->showMessage(tr("Run history is off: %1").arg(historyError));
    uiState().restore();
}

MainWindow::~MainWindow()
{
    saveUiState(); // also on a quit without closing the window (the language switch's restart)
    // The session's engine thread ends before the widgets it reports to.
    delete m_session;
    m_session = nullptr;
}

const QList<RunResult> &MainWindow::runs() const
{
    return m_session->runs();
}

void MainWindow::connectSession()
{
    connect(m_session, &RunSession::runStarted, this, &MainWindow::onRunStarted);
    connect(m_session, &RunSession::liveBatch, m_charts->timeline(), &TokenTimelineChart::addBatch);
    connect(m_session, &RunSession::liveBatch, m_charts->throughput(), &ThroughputChart::addBatch);
    connect(m_session, &RunSession::serverMetricsSampled, m_charts->throughput(), &ThroughputChart::addServerSample);
    connect(m_session, &RunSession::liveBatch, this,
        [this](const LiveBatch &batch) { m_inFlightLabel->setText(RunStatus::inFlight(batch.inFlight)); });
    connect(m_session, &RunSession::progress, this, &MainWindow::onProgress);
    // Relayed in order with the batches from the engine thread: a level is named before its requests show.
    connect(m_session, &RunSession::levelStarted, m_charts, &ChartsPane::addLevel);
    connect(m_session, &RunSession::levelStarted, m_requestsPane, &RequestsPane::addLevel);
    connect(m_session, &RunSession::requestFinished, this, &MainWindow::onRequestFinished);
    connect(m_session, &RunSession::levelFinished, this, &MainWindow::onLevelFinished);
    connect(m_session, &RunSession::runFinished, this, &MainWindow::onRunFinished);
    connect(m_session, &RunSession::runFailed, this, &MainWindow::onRunFailed);
    connect(m_session, &RunSession::repeatsFinished, this, [this](const QList<RunResult> &runs, int count, bool) {
        if (count > 1)
            statusBar()->showMessage(tr("%1 of %2 repeats ran: select them in History and choose Repeat summary to "
                                        "see the spread between them.")
                                         .arg(runs.size())
                                         .arg(count));
    });
}

void MainWindow::connectHistory()
{
    connect(m_session, &RunSession::historyWriteFailed, this,
        [this](const QString &message) { statusBar()->showMessage(tr("Run history: %1").arg(message)); });
    connect(m_session, &RunSession::historyChanged, m_historyView, &HistoryView::refresh);
    connect(m_historyView, &HistoryView::runsChanged, this, &MainWindow::loadHistoryIntoRunsTable);
    connect(m_historyView, &HistoryView::errorOccurred, this, &MainWindow::showError);
    connect(m_historyView, &HistoryView::openRequested, this, [this](qint64 id) {
        if (const std::optional<RunResult> run = storedRun(id)) {
            showRun(*run);
            statusBar()->showMessage(RunStatus::opened(*run), 8000);
        }
    });
    connect(m_historyView, &HistoryView::exportRequested, this, [this](qint64 id) {
        if (const std::optional<RunResult> run = storedRun(id))
            m_exporter->exportRun(*run);
    });
    connect(m_historyView, &HistoryView::compareRequested, this, &MainWindow::compareStoredRuns);
    connect(m_historyView, &HistoryView::rerunRequested, this, &MainWindow::rerun);
    loadHistoryIntoRunsTable();
    // A restart shows the newest stored run, as the window showed it before the quit: the charts
    // and the Requests tab agree with the Runs table, whose last rows are that run's.
    const QList<HistoryRunInfo> stored = m_session->history()->listRuns(); // newest first
    QString unreadable; // a run that cannot be read leaves the views empty, as before
    const std::optional<RunResult> last
        = stored.isEmpty() ? std::nullopt : m_session->storedRun(stored.first().id, &unreadable);
    if (last) {
        showRun(*last);
        QTimer::singleShot(0, m_runsView, &QAbstractItemView::scrollToBottom); // once the table is laid out
    }
}

std::optional<RunResult> MainWindow::storedRun(qint64 id)
{
    QString error;
    std::optional<RunResult> run = m_session->storedRun(id, &error);
    if (!run)
        showError(tr("Cannot open the stored run: %1").arg(error));
    return run;
}

void MainWindow::compareStoredRuns(const QList<qint64> &ids)
{
    QString error;
    const std::optional<CompareInput> input = CompareInput::load(*m_session->history(), ids, &error);
    if (!input) {
        showError(tr("Cannot compare these runs: %1").arg(error));
        return;
    }
    m_compareView->setRuns(*input);
    m_resultTabs->setCurrentIndex(m_resultTabs->count() - 1);
}

void MainWindow::rerun(const RunConfig &stored)
{
    if (isRunning())
        return;
    m_settings->load(stored);
    m_settingsTabs->setCurrentIndex(1);
    const RunConfig current = configFromForm();
    if (current.model != stored.model) {
        // The store keeps no keys and the endpoint belongs to a profile: the user picks it.
        statusBar()->showMessage(tr("The run settings are loaded. That run measured %1 at %2: select its profile "
                                    "(and model ID), then press Run.")
                                     .arg(stored.model, stored.baseUrl));
        return;
    }
    startRun();
}

void MainWindow::loadHistoryIntoRunsTable()
{
    const QList<HistoryRunInfo> runs = m_session->history()->listRuns();
    QList<RunsTableRow> rows;
    for (auto run = runs.crbegin(); run != runs.crend(); ++run) { // oldest first, as the log grew
        for (const HistoryLevelInfo &level : run->levels) {
            RunsTableRow row;
            row.startedAt = run->startedAt;
            row.model = run->armModels.value(level.summary.arm, run->model);
            row.api = run->api;
            row.maxTokens = run->maxTokens;
            row.level = level.summary;
            row.armCount = run->armCount();
            row.historyId = run->id;
            rows.append(row);
        }
    }
    m_runsModel->clear();
    m_runsModel->addRows(rows);
    applyDefinitions();
}

void MainWindow::showRunOfRow(const QModelIndex &proxyIndex)
{
    if (!proxyIndex.isValid() || isRunning())
        return; // during a run the views show the run under way
    const QModelIndex source = m_runsProxy->mapToSource(proxyIndex);
    const RunsTableRow &row = m_runsModel->row(source.row());
    const std::optional<RunResult> run = runOfRow(row);
    if (!run)
        return;
    showRun(*run);
    m_charts->showLevel(row.level.levelIndex); // the row's level, in the timeline and both histograms
}

void MainWindow::showRun(const RunResult &stored)
{
    const RunResult run = withLevelPoints(stored);
    m_charts->setRun(run);
    m_requestsPane->setRun(run);
    m_exporter->setRun(run);
    m_readingLabel->setRun(run);
}

std::optional<RunResult> MainWindow::runOfRow(const RunsTableRow &row)
{
    const QList<RunResult> &sessionRuns = m_session->runs();
    if (row.sessionIndex >= 0 && row.sessionIndex < sessionRuns.size())
        return sessionRuns.at(row.sessionIndex);
    if (row.historyId < 0 || !m_session->history())
        return std::nullopt;
    return storedRun(row.historyId);
}

void MainWindow::buildMenus()
{
    m_exporter = new RunExporter(this);
    connect(m_exporter, &RunExporter::copied, this,
        [this] { statusBar()->showMessage(tr("The Markdown report is on the clipboard."), 8000); });
    m_menus = MainMenus::build(
        menuBar(), m_exporter->actions(), m_historyView ? m_historyView->importAction() : nullptr, this);
    connect(m_menus.quit, &QAction::triggered, this, &QWidget::close);
    connect(m_menus.run, &QAction::triggered, this, &MainWindow::startRun);
    connect(m_menus.cancel, &QAction::triggered, this, &MainWindow::cancelRun);
    connect(m_menus.abRun, &QAction::triggered, this, &MainWindow::startAbRun);
    connect(m_menus.testConnection, &QAction::triggered, this, &MainWindow::testConnection);
    connect(m_menus.settingsPanel, &QAction::toggled, this, &MainWindow::showSettingsPanel);
    connect(m_menus.metricsExplained, &QAction::triggered, this, [this] { showMetricsExplained(this); });
    connect(m_menus.keyboardShortcuts, &QAction::triggered, this, [this] { showKeyboardShortcuts(this); });
    connect(m_menus.about, &QAction::triggered, this, [this] { showAbout(this); });
    // The buttons say which keys do the same.
    const auto keys = [](const QAction *action) { return action->shortcut().toString(QKeySequence::NativeText); };
    m_controls->testConnectionButton()->setToolTip(
        tr("Send one short streaming request and explain what came back (%1)").arg(keys(m_menus.testConnection)));
    m_controls->runButton()->setToolTip(tr("Start the run (%1)").arg(keys(m_menus.run)));
    m_controls->cancelButton()->setToolTip(
        tr("Cancel the run, keeping every finished request (%1)").arg(keys(m_menus.cancel)));
}

QWidget *MainWindow::buildLeftPane()
{
    m_settings = new RunSettingsForm;
    connect(m_settings->workloadBox(), &WorkloadBox::datasetChecked, this, &MainWindow::onDatasetChecked);

    m_controls = new RunControls;
    connect(m_controls->runButton(), &QPushButton::clicked, this, &MainWindow::startRun);
    connect(m_controls->cancelButton(), &QPushButton::clicked, this, &MainWindow::cancelRun);
    connect(m_controls->testConnectionButton(), &QPushButton::clicked, this, &MainWindow::testConnection);

    m_profiles = new ProfilePanel(nullptr, nullptr, this);
    // Endpoint and run settings each scroll in their own tab; Run, Cancel and the progress stay in view.
    m_settingsTabs = new QTabWidget;
    m_settingsTabs->addTab(scrollable(m_profiles), tr("&Endpoint"));
    m_settingsTabs->addTab(scrollable(m_settings), tr("Run &settings"));

    auto *pane = new QWidget;
    m_leftLayout = new QVBoxLayout(pane);
    m_leftLayout->setContentsMargins(6, 6, 6, 6);
    m_leftLayout->addWidget(m_settingsTabs, 1);
    m_leftLayout->addWidget(m_controls);
    // Narrower than its forms is allowed (their tabs scroll); F9 hides it.
    pane->setMinimumWidth(260);
    m_leftPane = pane;
    return pane;
}

QWidget *MainWindow::buildResultsPane()
{
    m_charts = new ChartsPane;
    m_resultTabs = buildResultTabs();
    // The timeline and the Requests tab point at the same request, both ways.
    connect(m_charts->timeline(), &TokenTimelineChart::requestClicked, this, [this](const RequestRecord &record) {
        m_resultTabs->setCurrentWidget(m_requestsPane);
        m_requestsPane->selectRecord(record);
    });
    connect(m_requestsPane, &RequestsPane::recordSelected, this, [this](const RequestRecord &record) {
        m_charts->timeline()->setSelectedRequest(record.levelIndex, record.index, record.arm);
    });

    m_resultsSplitter = new QSplitter(Qt::Vertical);
    m_resultsSplitter->addWidget(m_charts);
    m_resultsSplitter->addWidget(buildReadingAndResults());
    m_resultsSplitter->setStretchFactor(0, 1);
    m_resultsSplitter->setStretchFactor(1, 1);
    // About half each: the charts keep their axes readable, and the Requests tab shows at least 8
    // rows above the drill-down at 1600x1000.
    m_resultsSplitter->setSizes({ 430, 470 });
    m_resultsSplitter->setChildrenCollapsible(false);
    auto *column = new QWidget;
    m_rightLayout = new QVBoxLayout(column);
    m_rightLayout->setContentsMargins(0, 0, 0, 0);
    m_rightLayout->addWidget(m_resultsSplitter, 1);
    return column;
}

void MainWindow::showSettingsPanel(bool shown)
{
    m_leftPane->setVisible(shown);
    m_controls->setCompact(!shown);
    if (shown)
        m_leftLayout->addWidget(m_controls);
    else
        m_rightLayout->insertWidget(0, m_controls);
    m_controls->show(); // a widget moved to another parent hides until shown
}

QTableView *MainWindow::buildRunsView()
{
    m_runsModel = new RunsTableModel(this);
    m_runsProxy = new QSortFilterProxyModel(this);
    m_runsProxy->setSourceModel(m_runsModel);
    m_runsProxy->setSortRole(RunsTableModel::SortRole);
    auto *view = new QTableView;
    view->setModel(m_runsProxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder); // arrival order until the user sorts
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex &current) { showRunOfRow(current); });
    RunsPane::showArmColumnWhenNeeded(view, m_runsModel);
    return view;
}

void MainWindow::applyDefinitions()
{
    m_runsModel->setDefinitions(m_runsPane->definitions());
    m_runsModel->computePeerLevels([this](const RunsTableRow &row) { return runOfRow(row); });
}

// Runs, Requests, History (when the history store opened) and Compare.
QTabWidget *MainWindow::buildResultTabs()
{
    auto *tabs = new QTabWidget;
    tabs->setDocumentMode(true);
    m_runsPane = new RunsPane(m_runsView = buildRunsView());
    connect(m_runsPane, &RunsPane::definitionsChanged, this, &MainWindow::applyDefinitions);
    tabs->addTab(m_runsPane, tr("Runs"));
    m_requestsPane = new RequestsPane;
    tabs->addTab(m_requestsPane, tr("Requests", "the tab listing every request"));
    if (m_session->history()) {
        m_historyView = new HistoryView(m_session->history());
        tabs->addTab(m_historyView, tr("History"));
    }
    m_compareView = new CompareView;
    tabs->addTab(new CompareTab(m_compareView, m_charts), tr("Compare")); // it takes the live charts' height
    return tabs;
}

WindowState MainWindow::uiState()
{
    return { this, m_mainSplitter, m_resultsSplitter, m_requestsPane->splitter(), m_menus.settingsPanel, m_settings };
}

void MainWindow::saveUiState()
{
    if (m_mainSplitter)
        uiState().save();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveUiState();
    QMainWindow::closeEvent(event);
}

void MainWindow::testConnection()
{
    RunConfig config;
    QString error;
    if (!configFromForm(&config, &error)) {
        showError(error);
        return;
    }
    showError({});
    auto *dialog = new ConnectionTestDialog(config, this, m_profiles->keyVariable());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    dialog->start();
}

void MainWindow::startSimulator()
{
    QString error;
    if (!m_session->setSimulatorRunning(true, &error)) {
        showError(tr("The built-in simulator could not start: %1").arg(error));
        return;
    }
    const QString baseUrl = m_session->simulatorBaseUrl().toString();
    m_profiles->setSimulatorEndpoint(baseUrl, m_session->simulatorEndpointLabel());
    if (m_session->simulatorOnItsOwnPort())
        statusBar()->showMessage(tr("Built-in simulator listening on %1").arg(baseUrl), 10000);
    else
        statusBar()->showMessage(tr("Port %1 is taken (another TokenScope?), so the built-in simulator listens on %2 "
                                    "for this session.")
                                     .arg(RunSession::kSimulatorPort)
                                     .arg(baseUrl));
}

bool MainWindow::isRunning() const
{
    return m_session && m_session->isRunning();
}

bool MainWindow::configFromForm(RunConfig *config, QString *error) const
{
    *error = m_profiles->validationError();
    if (!error->isEmpty())
        return false;
    m_profiles->applyTo(config);
    return m_settings->applyTo(config, error);
}

RunConfig MainWindow::configFromForm() const
{
    RunConfig config;
    QString ignored;
    configFromForm(&config, &ignored);
    return config;
}

// The run's reading sits between the charts and the tables it sums up, taking only the lines it needs.
QWidget *MainWindow::buildReadingAndResults()
{
    auto *box = new QWidget;
    m_readingLabel = new RunReadingLabel(box);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_readingLabel);
    layout->addWidget(m_resultTabs, 1);
    return box;
}

QString MainWindow::errorText() const
{
    return m_controls->errorText();
}

void MainWindow::showError(const QString &message)
{
    m_controls->showError(message);
}

void MainWindow::startRun()
{
    if (isRunning())
        return;
    RunConfig config;
    QString error;
    if (!configFromForm(&config, &error)) {
        showError(error);
        return;
    }
    launch({ config });
}

void MainWindow::startAbRun()
{
    if (isRunning())
        return;
    RunConfig a;
    QString error;
    if (!configFromForm(&a, &error)) {
        showError(error);
        return;
    }
    AbRunDialog dialog(m_profiles->profileNames(), m_profiles->selectedProfileId(), a.model, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    RunConfig b = a; // the same run settings; only the endpoint (and model) of B differ
    if (!m_profiles->applyProfileTo(dialog.profileId(), &b, &error)) {
        showError(error);
        return;
    }
    b.model = dialog.model();
    launch({ a, b });
}

void MainWindow::launch(const QList<RunConfig> &arms)
{
    // The dataset is read again before each run, as the CLI does: a file that cannot be read or
    // parsed refuses the run at its field, before the views and the history are touched.
    if (arms.first().workload.kind == WorkloadKind::Dataset) {
        m_armsAwaitingDataset = arms;
        m_controls->runButton()->setEnabled(false);
        statusBar()->showMessage(tr("Reading the dataset before the run…"));
        m_settings->workloadBox()->recheckDataset();
        return;
    }
    startArms(arms);
}

void MainWindow::onDatasetChecked(const QString &path, bool ok)
{
    if (m_armsAwaitingDataset.isEmpty() || path != m_armsAwaitingDataset.first().workload.datasetPath)
        return;
    const QList<RunConfig> arms = std::exchange(m_armsAwaitingDataset, {});
    setRunning(false);
    if (ok)
        return startArms(arms);
    m_menus.settingsPanel->setChecked(true); // the field is in the forms F9 may have hidden
    m_settingsTabs->setCurrentIndex(1);
    m_settings->workloadBox()->focusDataset();
    showError(tr("The run did not start: the dataset file cannot be sent (Run settings, File)."));
    statusBar()->clearMessage();
}

void MainWindow::startArms(const QList<RunConfig> &arms)
{
    QString error;
    // An A/B run is one run of both arms; only an ordinary run is repeated (docs/metrics.md#repeats).
    const int repeats = arms.size() == 1 ? m_settings->repeats() : 1;
    if (!m_session->startRepeated(arms, repeats, &error))
        showError(error);
}

void MainWindow::onRunStarted(const QList<RunConfig> &arms)
{
    const RunConfig &config = arms.first();
    showError({});
    m_charts->beginRun(config, int(arms.size()), m_session->currentStartedAt());
    m_levelRowsThisRun = 0;
    m_requestsPane->clear();
    m_exporter->clearRun();
    m_readingLabel->clearReading();
    m_controls->beginRun();
    m_outcome = Outcome::Running;
    m_inFlightLabel->setText(RunStatus::inFlight(0));
    m_elapsed.start();
    m_elapsedTimer.start();
    updateElapsed();
    setRunning(true);
    statusBar()->showMessage(tr("Running against %1").arg(config.baseUrl));
}

void MainWindow::cancelRun()
{
    if (!isRunning())
        return;
    statusBar()->showMessage(tr("Cancelling…"));
    m_session->cancel();
}

void MainWindow::setRunning(bool running)
{
    m_controls->setRunning(running);
    m_menus.run->setEnabled(!running);
    m_menus.cancel->setEnabled(running);
    // A check during a run would add its request to the load being measured.
    m_menus.testConnection->setEnabled(!running);
    m_menus.abRun->setEnabled(!running);
    m_profiles->setEditable(!running);
    m_settings->setEditable(!running);
}

void MainWindow::updateElapsed()
{
    if (m_elapsed.isValid())
        m_elapsedLabel->setText(RunStatus::elapsed(m_elapsed.elapsed()));
}

void MainWindow::onProgress(const RunProgress &progress)
{
    const int arms = static_cast<int>(m_session->currentArms().size());
    const ProgressShown shown = RunStatus::progress(progress, m_charts->levelPoints(), arms);
    ProgressShown bar = shown;
    if (m_session->repeatCount() > 1)
        bar.text
            = tr("Repeat %1 of %2 · %3").arg(m_session->repeatIndex()).arg(m_session->repeatCount()).arg(shown.text);
    m_controls->showProgress(bar, RunStatus::overall(OverallProgress::of(progress)));
    m_inFlightLabel->setText(RunStatus::inFlight(progress.inFlight));
}

void MainWindow::onRequestFinished(const RequestRecord &record)
{
    m_charts->addFinished(record);
    m_requestsPane->addRecord(record);
}

void MainWindow::onLevelFinished(const LevelSummary &summary)
{
    addLevelRow(summary, static_cast<int>(m_session->runs().size())); // the run under way is appended when it ends
}

void MainWindow::addLevelRow(const LevelSummary &summary, int sessionIndex)
{
    ++m_levelRowsThisRun;
    RunsTableRow row = RunsTableRow::ofLevel(m_session->currentArms(), m_session->currentStartedAt(), summary);
    row.sessionIndex = sessionIndex;
    row.historyId = m_session->currentHistoryId();
    m_runsModel->addRow(row);
    m_runsView->scrollToBottom();
    m_charts->addLevelSummary(summary);
}

void MainWindow::onRunFinished(const RunResult &result)
{
    m_elapsedTimer.stop();
    updateElapsed();
    // A cancelled level keeps the requests it finished: its summary comes with the result only.
    for (qsizetype i = m_levelRowsThisRun; i < result.levels.size(); ++i)
        addLevelRow(result.levels.at(i), static_cast<int>(m_session->runs().size()) - 1);
    m_charts->finishRun(result);
    m_requestsPane->flushPending();
    m_exporter->setRun(result);
    m_readingLabel->setRun(result);
    m_settings->setCalibratedRun(result.config);
    if (m_runsModel->definitions() != Stats::PeerTool::TokenScope)
        applyDefinitions(); // the finished run's rows get their figures now that its records are kept
    if (result.isInterleaved()) {
        m_compareView->setRuns({ result }, { tr("A/B") }); // the view splits the arms
        m_resultTabs->setCurrentIndex(m_resultTabs->count() - 1);
    }
    setRunning(false);
    m_inFlightLabel->setText(RunStatus::inFlight(0));
    const Outcome outcome = runOutcome(result);
    showOutcome(outcome, runOutcomeText(result));
    statusBar()->showMessage(RunStatus::finished(result));
    if (outcome == Outcome::Failed)
        m_resultTabs->setCurrentWidget(m_requestsPane); // it lists each failure with its kind and message
    Q_EMIT runEnded();
}

void MainWindow::showOutcome(Outcome outcome, const QString &words)
{
    // A cancelled run's bar stays where it stopped; any other ending fills it.
    m_controls->showOutcome(outcome, words, outcome != Outcome::Cancelled);
    m_outcome = outcome;
}

void MainWindow::onRunFailed(const QString &message)
{
    m_elapsedTimer.stop();
    m_charts->timeline()->refreshNow();
    setRunning(false);
    showOutcome(Outcome::Failed, tr("Failed"));
    showError(message);
    statusBar()->showMessage(tr("Run failed."));
    Q_EMIT runEnded();
}

} // namespace TokenScope
