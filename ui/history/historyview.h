// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QList>
#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QToolBar;

namespace TokenScope {

class HistoryModel;
class HistoryStore;

/// The run history: a sortable, filterable list of stored runs (HistoryModel) with a toolbar
/// and a context menu to open, compare, rename, tag, delete, re-run, export and import runs.
///
/// Edits (rename, tags, delete, import) go to the store at once and the list reloads; what the
/// window does with a run (open it, compare runs, run again, export) is left to it through the
/// signals. Keys: Enter or a double click opens the current run, Delete deletes the selected
/// runs after a confirmation. Errors show in a banner above the list (and errorOccurred).
///
/// Lives on the GUI thread, like the store.
class HistoryView : public QWidget
{
    Q_OBJECT
public:
    /// `store` must be open and outlive the view. The list is read at once.
    explicit HistoryView(HistoryStore *store, QWidget *parent = nullptr);

    /// Selected runs, oldest first (so a comparison's default baseline is the earlier run).
    QList<qint64> selectedRunIds() const;
    /// The current run (the row with focus, else the only selected one), or -1.
    qint64 currentRunId() const;
    /// Selects exactly these runs (those shown by the filter); the first becomes current.
    void selectRuns(const QList<qint64> &runIds);

    QString errorText() const; ///< the banner's message; empty when no banner is shown

    HistoryModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *tableView() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }

    // The actions, for the window's menus too. Their enabled state follows the selection.
    QAction *openAction() const { return m_openAction; }
    QAction *compareAction() const { return m_compareAction; }
    QAction *deleteAction() const { return m_deleteAction; }
    QAction *rerunAction() const { return m_rerunAction; }
    QAction *exportAction() const { return m_exportAction; }
    QAction *importAction() const { return m_importAction; }
    QAction *repeatSummaryAction() const { return m_repeatSummaryAction; }

    /// The runs a repeat summary covers (docs/metrics.md#repeats): with one run of a repeated run
    /// selected, every stored run of its series; otherwise the selected runs. In repeat order, then
    /// oldest first.
    QList<qint64> repeatSummaryRunIds() const;
    /// repeats.md of those runs, their levels matched by load point; empty (and the banner says
    /// why) when fewer than two runs are there or one cannot be read.
    QString repeatSummaryText();

public Q_SLOTS:
    /// Reads the list again (after a run finished), keeping the selection.
    void refresh();

    // Interactive: they ask (a dialog or a confirmation) and then call the ones below.
    void openCurrent();
    void compareSelected();
    void renameCurrent();
    void editTagsOfCurrent();
    void deleteSelected();
    void rerunCurrent();
    void exportCurrent();
    void importRunDirectory();
    /// Shows repeatSummaryText() in a dialog.
    void showRepeatSummary();

    // Direct: change the store, reload, and return whether it worked (else the banner says why).
    bool renameRun(qint64 runId, const QString &name);
    bool setRunTags(qint64 runId, const QStringList &tags);
    bool deleteRuns(const QList<qint64> &runIds);
    /// Imports a run directory written by `tokenscope-cli run --out` (or the report export), or
    /// the parent of A/ and B/ from `--ab-model` as one A/B run, and selects the new run.
    /// Returns its id, or -1.
    qint64 importDirectory(const QString &dir);
    /// Loads the run's config (without the key: the window adds the profile's) and emits
    /// rerunRequested. Returns false if the run cannot be read.
    bool rerun(qint64 runId);

Q_SIGNALS:
    void openRequested(qint64 runId);
    /// Two or more runs, oldest first.
    void compareRequested(const QList<qint64> &runIds);
    /// The config the run was measured with; its apiKey is empty (the store never holds keys).
    void rerunRequested(const TokenScope::RunConfig &config);
    void exportRequested(qint64 runId);
    /// The store changed through this view (rename, tags, delete, import).
    void runsChanged();
    void errorOccurred(const QString &message);

private:
    void setupTable();
    void setupEmptyState();
    void setupErrorBanner();
    void createActions();
    void createToolBar();
    void showContextMenu(const QPoint &pos);
    void updateActions();
    void widenNameColumn();
    void updateCountLabel();
    void showError(const QString &message);
    void clearError();
    void reloadKeepingSelection(const QList<qint64> &select);

    HistoryStore *m_store;
    HistoryModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QToolBar *m_toolBar;
    QLineEdit *m_filter;
    QLabel *m_count;
    QWidget *m_errorBanner;
    QLabel *m_errorLabel;
    QStackedWidget *m_stack;
    QTableView *m_table;
    QAction *m_openAction = nullptr;
    QAction *m_compareAction = nullptr;
    QAction *m_renameAction = nullptr;
    QAction *m_tagsAction = nullptr;
    QAction *m_deleteAction = nullptr;
    QAction *m_rerunAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_repeatSummaryAction = nullptr;
};

} // namespace TokenScope
