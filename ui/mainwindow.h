// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "core/runoutcome.h"
#include "core/runprogress.h"
#include "core/runresult.h"
#include "views/chartspane.h"
#include "window/mainmenus.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QTimer>
#include <optional>

class QCloseEvent;
class QModelIndex;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QVBoxLayout;

namespace TokenScope {

class CompareView;
class ExportOffer;
class HistoryView;
class RequestsPane;
class RunExporter;
class ProfilePanel;
class RunReadingLabel;
class RunSession;
class RunControls;
class RunSettingsForm;
class RunsPane;
class RunsTableModel;
struct RunsTableRow;
struct WindowState;

/// The desktop window: endpoint and run settings on the left; live charts above the results
/// (runs table, per-request table) on the right. The runs themselves (engine, history recording,
/// simulator, A/B) belong to RunSession; all network work happens in its engine thread and in the
/// simulator's own threads. This class only arranges the views and turns the session's value-type
/// signals into them: the charts are a ChartsPane, the sentences come from RunStatus, the menus
/// from MainMenus, the export offer is an ExportOffer and what a restart keeps a WindowState.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    bool isRunning() const;
    /// Builds the run's config from the form (the key included, in memory only); false with a
    /// message when a field is invalid.
    bool configFromForm(RunConfig *config, QString *error) const;
    RunConfig configFromForm() const;

    // For tests and screenshot mode (window/screenshotmode.h), which drive the window from outside.
    ChartsPane *chartsPane() const { return m_charts; }
    TokenTimelineChart *timelineChart() const { return m_charts->timeline(); }
    ServingCurveChart *servingCurveChart() const { return m_charts->servingCurve(); }
    ThroughputChart *throughputChart() const { return m_charts->throughput(); }
    RunsTableModel *runsModel() const { return m_runsModel; }
    QTableView *runsView() const { return m_runsView; }
    RequestsPane *requestsPane() const { return m_requestsPane; }
    QTabWidget *resultTabs() const { return m_resultTabs; } ///< Runs, Requests, History, Compare
    QTabWidget *settingsTabs() const { return m_settingsTabs; } ///< Endpoint, Run settings
    RunReadingLabel *readingLabel() const { return m_readingLabel; }
    QString errorText() const;
    Outcome lastOutcome() const { return m_outcome; } ///< Running until a run has ended
    /// Finished runs of this session, oldest first (the runs table's rows point into it).
    const QList<RunResult> &runs() const;
    RunSession *session() const { return m_session; }

public Q_SLOTS:
    void startRun();
    void cancelRun();
    /// Asks for endpoint B and starts an A/B interleaved run against the selected profile (A).
    void startAbRun();

protected:
    void closeEvent(QCloseEvent *event) override;

Q_SIGNALS:
    /// The run ended (finished, cancelled or failed) and the views show its final state.
    void runEnded();

private:
    void connectSession();
    void connectHistory();
    void loadHistoryIntoRunsTable();
    std::optional<RunResult> storedRun(qint64 id);
    void compareStoredRuns(const QList<qint64> &ids);
    /// Loads a stored run's settings; runs at once when the selected profile measures its model.
    void rerun(const RunConfig &stored);
    /// Starts `arms` (one config: an ordinary run) once their dataset, if any, reads and parses;
    /// the views are reset by onRunStarted.
    void launch(const QList<RunConfig> &arms);
    /// The dataset read before a run: starts the run waiting for it, or refuses it at the field.
    void onDatasetChecked(const QString &path, bool ok);
    void startArms(const QList<RunConfig> &arms);
    void onRunStarted(const QList<RunConfig> &arms);
    /// The run a runs-table row belongs to: this session's, or loaded from the history store.
    std::optional<RunResult> runOfRow(const RunsTableRow &row);
    void showRunOfRow(const QModelIndex &proxyIndex);
    /// Shows a finished or stored run in every chart and table, and its reading above the results.
    void showRun(const RunResult &run);
    /// The menus' actions do what the window's buttons do; the buttons name the actions' keys.
    void buildMenus();
    QWidget *buildLeftPane();
    QWidget *buildResultsPane();
    QTableView *buildRunsView();
    /// Recomputes every row's figures under the chosen definitions from its run's records.
    void applyDefinitions();
    QTabWidget *buildResultTabs();
    QWidget *buildReadingAndResults();
    void startSimulator();
    /// Window geometry, splitters, the settings panel and the run settings (QSettings), so that a
    /// restart (the language switch's too) loses nothing.
    WindowState uiState();
    void saveUiState();
    void setRunning(bool running);
    void showError(const QString &message);
    void updateElapsed();
    void testConnection();
    void onProgress(const RunProgress &progress);
    void onRequestFinished(const RequestRecord &record);
    void onLevelFinished(const LevelSummary &summary);
    void addLevelRow(const LevelSummary &summary, int sessionIndex);
    void onRunFinished(const RunResult &result);
    void onRunFailed(const QString &message);
    /// F9: the forms show or hide; Run, Cancel and the progress stay, above the charts while the
    /// forms hide.
    void showSettingsPanel(bool shown);
    /// The progress bar says how the run ended, in the outcome's words and colour.
    void showOutcome(Outcome outcome, const QString &words);

    RunSession *m_session;

    MainMenus m_menus;
    HistoryView *m_historyView = nullptr;
    CompareView *m_compareView = nullptr;
    ProfilePanel *m_profiles = nullptr;
    RunSettingsForm *m_settings = nullptr;
    RunControls *m_controls = nullptr;
    QVBoxLayout *m_leftLayout = nullptr; ///< the forms, then the run controls while the forms show
    QVBoxLayout *m_rightLayout = nullptr; ///< the run controls while F9 hides the forms, then the charts
    ExportOffer *m_exportOffer = nullptr;
    QLabel *m_inFlightLabel = nullptr;
    QLabel *m_elapsedLabel = nullptr;
    QTabWidget *m_settingsTabs = nullptr;
    QWidget *m_leftPane = nullptr;
    QSplitter *m_mainSplitter = nullptr;
    QSplitter *m_resultsSplitter = nullptr;
    ChartsPane *m_charts = nullptr;
    QTabWidget *m_resultTabs = nullptr;
    RequestsPane *m_requestsPane = nullptr;
    RunExporter *m_exporter = nullptr;
    RunsTableModel *m_runsModel = nullptr;
    QSortFilterProxyModel *m_runsProxy = nullptr;
    QTableView *m_runsView = nullptr;
    RunsPane *m_runsPane = nullptr;
    RunReadingLabel *m_readingLabel = nullptr;

    QList<RunConfig> m_armsAwaitingDataset; ///< a Run waiting for its dataset to be read
    Outcome m_outcome = Outcome::Running; ///< how the last run ended (Running while one runs)
    qsizetype m_levelRowsThisRun = 0; ///< level summaries of the run under way shown in the Runs table
    QElapsedTimer m_elapsed; ///< display only: measurements come from the engine's clock
    QTimer m_elapsedTimer;
};

} // namespace TokenScope
