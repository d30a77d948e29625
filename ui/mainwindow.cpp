// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "charts/tokentimelinechart.h"
#include "core/defaultprompt.h"
#include "models/runstablemodel.h"
#include "net/requestbuilder.h"
#include "net/runcontroller.h"
#include "sim/simulatorserver.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace TokenScope {

namespace {

// "1, 4,8 ,16" -> {1, 4, 8, 16}; false and the offending item when one is not a whole number.
bool parseLevels(const QString &text, QList<int> *levels, QString *bad)
{
    levels->clear();
    const QStringList items = text.split(u',', Qt::SkipEmptyParts);
    for (const QString &item : items) {
        bool ok = false;
        const int value = item.trimmed().toInt(&ok);
        if (!ok) {
            *bad = item.trimmed();
            return false;
        }
        levels->append(value);
    }
    return true;
}

QString formatElapsed(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_controller(new RunController(this))
{
    setWindowTitle(tr("TokenScope"));

    m_chart = new TokenTimelineChart;
    m_runsModel = new RunsTableModel(this);
    m_runsProxy = new QSortFilterProxyModel(this);
    m_runsProxy->setSourceModel(m_runsModel);
    m_runsProxy->setSortRole(RunsTableModel::SortRole);
    m_runsView = new QTableView;
    m_runsView->setModel(m_runsProxy);
    m_runsView->setSortingEnabled(true);
    m_runsView->sortByColumn(-1, Qt::AscendingOrder); // arrival order until the user sorts
    m_runsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runsView->setAlternatingRowColors(true);
    m_runsView->verticalHeader()->hide();
    m_runsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_runsView->horizontalHeader()->setStretchLastSection(true);

    auto *results = new QSplitter(Qt::Vertical);
    results->addWidget(m_chart);
    results->addWidget(m_runsView);
    results->setStretchFactor(0, 3);
    results->setStretchFactor(1, 1);
    results->setSizes({ 600, 220 }); // the table shows a full default run (4 levels) without scrolling
    results->setChildrenCollapsible(false);

    auto *scroll = new QScrollArea;
    scroll->setWidget(buildForm());
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(scroll->widget()->sizeHint().width() + 16);

    auto *main = new QSplitter(Qt::Horizontal);
    main->addWidget(scroll);
    main->addWidget(results);
    main->setStretchFactor(0, 0);
    main->setStretchFactor(1, 1);
    main->setChildrenCollapsible(false);
    setCentralWidget(main);

    m_inFlightLabel = new QLabel(tr("In flight: %1").arg(0));
    m_elapsedLabel = new QLabel(tr("Elapsed %1").arg(formatElapsed(0)));
    statusBar()->addPermanentWidget(m_inFlightLabel);
    statusBar()->addPermanentWidget(m_elapsedLabel);

    m_elapsedTimer.setInterval(250);
    connect(&m_elapsedTimer, &QTimer::timeout, this, &MainWindow::updateElapsed);

    connect(m_controller, &RunController::liveBatch, m_chart, &TokenTimelineChart::addBatch);
    connect(m_controller, &RunController::liveBatch, this,
        [this](const LiveBatch &batch) { m_inFlightLabel->setText(tr("In flight: %1").arg(batch.inFlight)); });
    connect(m_controller, &RunController::progress, this, &MainWindow::onProgress);
    connect(m_controller, &RunController::requestFinished, this, &MainWindow::onRequestFinished);
    connect(m_controller, &RunController::levelFinished, this, &MainWindow::onLevelFinished);
    connect(m_controller, &RunController::runFinished, this, &MainWindow::onRunFinished);
    connect(m_controller, &RunController::runFailed, this, &MainWindow::onRunFailed);

    setRunning(false);
    // First start works with nothing set up: the built-in simulator is the selected endpoint.
    m_useSimulator->setChecked(true);
    resize(1500, 900);
}

MainWindow::~MainWindow()
{
    // The controller cancels and joins its engine thread first; the simulator's streams end after.
    delete m_controller;
    m_controller = nullptr;
    if (m_simulator)
        m_simulator->stop();
}

QWidget *MainWindow::buildForm()
{
    auto *endpoint = new QGroupBox(tr("Endpoint"));
    auto *endpointForm = new QFormLayout(endpoint);
    m_useSimulator = new QCheckBox(tr("Built-in simulator"));
    m_useSimulator->setToolTip(tr("Runs an OpenAI-compatible simulator inside TokenScope on 127.0.0.1, "
                                  "so a run works with nothing set up."));
    m_baseUrl = new QLineEdit;
    m_baseUrl->setPlaceholderText(tr("https://api.example.com/v1"));
    m_apiKey = new QLineEdit;
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setPlaceholderText(tr("kept in memory only"));
    m_showKey = new QToolButton;
    m_showKey->setText(tr("Show"));
    m_showKey->setCheckable(true);
    m_showKey->setToolTip(tr("Show or hide the API key"));
    connect(m_showKey, &QToolButton::toggled, this, [this](bool shown) {
        m_apiKey->setEchoMode(shown ? QLineEdit::Normal : QLineEdit::Password);
        m_showKey->setText(shown ? tr("Hide") : tr("Show"));
    });
    auto *keyRow = new QHBoxLayout;
    keyRow->setContentsMargins(0, 0, 0, 0);
    keyRow->addWidget(m_apiKey);
    keyRow->addWidget(m_showKey);
    m_model = new QLineEdit;
    m_model->setPlaceholderText(tr("e.g. gpt-4o-mini"));
    endpointForm->addRow(m_useSimulator);
    endpointForm->addRow(tr("Base URL:"), m_baseUrl);
    endpointForm->addRow(tr("API key:"), keyRow);
    endpointForm->addRow(tr("Model ID:"), m_model);
    connect(m_useSimulator, &QCheckBox::toggled, this, &MainWindow::setSimulatorEnabled);

    auto *settings = new QGroupBox(tr("Run settings"));
    auto *settingsForm = new QFormLayout(settings);
    const RunConfig defaults;
    QStringList levels;
    for (int c : defaults.concurrencyLevels)
        levels.append(QString::number(c));
    m_concurrency = new QLineEdit(levels.join(u','));
    m_concurrency->setToolTip(tr("Comma-separated concurrency levels, measured one after another"));
    m_requestsPerConcurrency = new QSpinBox;
    m_requestsPerConcurrency->setRange(1, 1000);
    m_requestsPerConcurrency->setValue(defaults.requestsPerConcurrency);
    m_requestsPerConcurrency->setPrefix(tr("×"));
    m_requestsPerConcurrency->setToolTip(tr("Requests per level = this × the level's concurrency"));
    m_maxTokens = new QSpinBox;
    m_maxTokens->setRange(1, 1000000);
    m_maxTokens->setValue(defaults.maxTokens);
    m_temperature = new QDoubleSpinBox;
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperature->setValue(defaults.temperature);
    m_warmup = new QSpinBox;
    m_warmup->setRange(0, 100);
    m_warmup->setValue(defaults.warmupRequests);
    m_warmup->setToolTip(tr("Requests sent before the first level and left out of every statistic"));
    settingsForm->addRow(tr("Concurrency levels:"), m_concurrency);
    settingsForm->addRow(tr("Requests per concurrency:"), m_requestsPerConcurrency);
    settingsForm->addRow(tr("max_tokens:"), m_maxTokens);
    settingsForm->addRow(tr("Temperature:"), m_temperature);
    settingsForm->addRow(tr("Warm-up requests:"), m_warmup);

    m_runButton = new QPushButton(tr("Run"));
    m_runButton->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_runButton->setToolTip(tr("Start the run (%1)").arg(m_runButton->shortcut().toString(QKeySequence::NativeText)));
    m_runButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelButton->setToolTip(
        tr("Cancel the run (%1)").arg(m_cancelButton->shortcut().toString(QKeySequence::NativeText)));
    connect(m_runButton, &QPushButton::clicked, this, &MainWindow::startRun);
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelRun);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Idle"));
    m_progress->setTextVisible(true);

    m_errorLabel = new QLabel;
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("QLabel { color: #b71c1c; }"));
    m_errorLabel->hide();

    auto *form = new QWidget;
    auto *layout = new QVBoxLayout(form);
    layout->addWidget(endpoint);
    layout->addWidget(settings);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_errorLabel);
    layout->addStretch(1);
    return form;
}

void MainWindow::setSimulatorEnabled(bool enabled)
{
    if (enabled) {
        m_userBaseUrl = m_baseUrl->text();
        m_userModel = m_model->text();
        if (!m_simulator)
            m_simulator = std::make_unique<SimulatorServer>();
        QString error;
        // SimulatorServer serves on its own threads: starting it here only binds the socket.
        if (!m_simulator->isRunning() && !m_simulator->start(SimConfig {}, &error)) {
            showError(tr("The built-in simulator could not start: %1").arg(error));
            const QSignalBlocker blocker(m_useSimulator);
            m_useSimulator->setChecked(false);
            return;
        }
        m_baseUrl->setText(m_simulator->baseUrl().toString());
        m_model->setText(SimConfig {}.models.value(0));
        statusBar()->showMessage(tr("Built-in simulator listening on %1").arg(m_simulator->baseUrl().toString()));
    } else {
        if (m_simulator)
            m_simulator->stop();
        m_baseUrl->setText(m_userBaseUrl);
        m_model->setText(m_userModel);
        statusBar()->clearMessage();
    }
    m_baseUrl->setEnabled(!enabled && !isRunning());
    m_model->setEnabled(!enabled && !isRunning());
    showError({});
}

bool MainWindow::isRunning() const
{
    return m_controller && m_controller->isRunning();
}

RunConfig MainWindow::configFromForm() const
{
    RunConfig config;
    config.baseUrl = m_baseUrl->text().trimmed();
    config.model = m_model->text().trimmed();
    config.apiKey = m_apiKey->text().trimmed();
    config.prompt = defaultPrompt();
    QString bad;
    parseLevels(m_concurrency->text(), &config.concurrencyLevels, &bad);
    config.requestsPerConcurrency = m_requestsPerConcurrency->value();
    config.maxTokens = m_maxTokens->value();
    config.temperature = m_temperature->value();
    config.warmupRequests = m_warmup->value();
    return config;
}

QString MainWindow::errorText() const
{
    return m_errorLabel->text();
}

void MainWindow::showError(const QString &message)
{
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(!message.isEmpty());
}

void MainWindow::startRun()
{
    if (isRunning())
        return;
    QList<int> levels;
    QString bad;
    if (!parseLevels(m_concurrency->text(), &levels, &bad)) {
        showError(tr("Concurrency levels: “%1” is not a whole number. Use a list such as 1,4,8,16.").arg(bad));
        return;
    }
    const RunConfig config = configFromForm();
    const QString problem = RequestBuilder::validate(config);
    if (!problem.isEmpty()) {
        showError(problem);
        return;
    }
    showError({});
    m_runConfig = config;
    m_runStartedAt = QDateTime::currentDateTime();
    m_promptTokens.clear();
    m_chart->beginRun(config);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Starting…"));
    m_inFlightLabel->setText(tr("In flight: %1").arg(0));
    m_elapsed.start();
    m_elapsedTimer.start();
    updateElapsed();
    setRunning(true);
    statusBar()->showMessage(tr("Running against %1").arg(config.baseUrl));
    m_controller->start(config);
}

void MainWindow::cancelRun()
{
    if (!isRunning())
        return;
    statusBar()->showMessage(tr("Cancelling…"));
    m_controller->cancel();
}

void MainWindow::setRunning(bool running)
{
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    const bool simulator = m_useSimulator && m_useSimulator->isChecked();
    m_useSimulator->setEnabled(!running);
    m_baseUrl->setEnabled(!running && !simulator);
    m_model->setEnabled(!running && !simulator);
    for (QWidget *w : std::initializer_list<QWidget *> {
             m_apiKey, m_concurrency, m_requestsPerConcurrency, m_maxTokens, m_temperature, m_warmup })
        w->setEnabled(!running);
}

void MainWindow::updateElapsed()
{
    if (m_elapsed.isValid())
        m_elapsedLabel->setText(tr("Elapsed %1").arg(formatElapsed(m_elapsed.elapsed())));
}

void MainWindow::onProgress(const RunProgress &progress)
{
    m_progress->setRange(0, std::max(1, progress.total));
    m_progress->setValue(progress.done);
    if (progress.warmup)
        m_progress->setFormat(tr("Warm-up · %1/%2").arg(progress.done).arg(progress.total));
    else
        m_progress->setFormat(tr("Level %1 of %2 (concurrency %3) · %4/%5")
                                  .arg(progress.levelIndex + 1)
                                  .arg(progress.levelCount)
                                  .arg(progress.concurrency)
                                  .arg(progress.done)
                                  .arg(progress.total));
    m_inFlightLabel->setText(tr("In flight: %1").arg(progress.inFlight));
}

void MainWindow::onRequestFinished(const RequestRecord &record)
{
    m_chart->addFinished(record);
    if (record.warmup || !record.ok || record.promptTokens < 0)
        return;
    QPair<qint64, int> &sum = m_promptTokens[record.level];
    sum.first += record.promptTokens;
    sum.second += 1;
}

void MainWindow::onLevelFinished(const LevelSummary &summary)
{
    RunsTableRow row;
    row.startedAt = m_runStartedAt;
    row.model = m_runConfig.model;
    row.api = m_runConfig.api;
    row.maxTokens = m_runConfig.maxTokens;
    const QPair<qint64, int> prompt = m_promptTokens.value(summary.concurrency);
    if (prompt.second > 0)
        row.meanInputTokens = static_cast<double>(prompt.first) / prompt.second;
    row.level = summary;
    m_runsModel->addRow(row);
    m_runsView->scrollToBottom();
}

void MainWindow::onRunFinished(const RunResult &result)
{
    m_elapsedTimer.stop();
    updateElapsed();
    m_chart->refreshNow();
    setRunning(false);
    m_inFlightLabel->setText(tr("In flight: %1").arg(0));
    if (result.cancelled) {
        m_progress->setFormat(tr("Cancelled"));
        statusBar()->showMessage(tr("Run cancelled; the finished requests are kept."));
    } else {
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
        m_progress->setFormat(tr("Done · %n level(s)", nullptr, static_cast<int>(result.levels.size())));
        statusBar()->showMessage(tr("Run finished: %n request(s) measured.", nullptr,
            static_cast<int>(std::count_if(
                result.records.cbegin(), result.records.cend(), [](const RequestRecord &r) { return !r.warmup; }))));
    }
    Q_EMIT runEnded();
}

void MainWindow::onRunFailed(const QString &message)
{
    m_elapsedTimer.stop();
    m_chart->refreshNow();
    setRunning(false);
    m_progress->setFormat(tr("Failed"));
    showError(message);
    statusBar()->showMessage(tr("Run failed."));
    Q_EMIT runEnded();
}

} // namespace TokenScope
