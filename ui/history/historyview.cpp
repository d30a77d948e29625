// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historyview.h"

#include "charts/palette.h"
#include "dialogs/textprompt.h"
#include "historymodel.h"
#include "report/repeatreport.h"
#include "stats/repeatsummary.h"
#include "store/historystore.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace TokenScope {

namespace {

constexpr int kMaxNameWidthPx = 420; // a default name's profile, load and time; longer ones are cut in the middle
constexpr int kMaxRowsToFitColumns = 300; // fitting every column reads every row: fine for a few hundred
constexpr int kMaxEndpointWidthPx = 260;

QStringList parseTags(const QString &text)
{
    QStringList tags;
    for (const QString &part : text.split(u','))
        if (!part.trimmed().isEmpty())
            tags.append(part.trimmed());
    return tags;
}

} // namespace

HistoryView::HistoryView(HistoryStore *store, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_model(new HistoryModel(store, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_toolBar(new QToolBar(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_errorBanner(new QWidget(this))
    , m_errorLabel(new QLabel(m_errorBanner))
    , m_stack(new QStackedWidget(this))
    , m_table(new QTableView(this))
{
    setupTable();
    setupEmptyState();
    setupErrorBanner();
    createActions();
    createToolBar();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_toolBar);
    layout->addWidget(m_errorBanner);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_count);
    m_count->setContentsMargins(6, 2, 6, 2);

    connect(m_table, &QTableView::activated, this, &HistoryView::openCurrent);
    connect(m_table, &QWidget::customContextMenuRequested, this, &HistoryView::showContextMenu);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateActions();
        updateCountLabel();
    });
    connect(m_model, &HistoryModel::loadFailed, this,
        [this](const QString &message) { showError(tr("Could not read the run history: %1").arg(message)); });

    reloadKeepingSelection({});
}

// The runs, sorted and filtered in a proxy; the filter line above them.
void HistoryView::setupTable()
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(HistoryModel::SortRole);
    m_proxy->setFilterKeyColumn(-1); // the filter matches any column: name, model, endpoint, tags...
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(HistoryModel::DateColumn, Qt::DescendingOrder);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // A run's name and its endpoint differ from their neighbours' at the end (a time, a port).
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    // A repeated run's place reads best beside its date; the model keeps it last.
    m_table->horizontalHeader()->moveSection(HistoryModel::RepeatColumn, HistoryModel::DateColumn + 1);
    // The columns are fitted once, on the first load; a later "Completed with failures" must not be cut.
    m_table->horizontalHeader()->setSectionResizeMode(HistoryModel::StatusColumn, QHeaderView::ResizeToContents);
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);

    m_filter->setPlaceholderText(tr("Filter by name, model, endpoint or tag"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(260);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text);
        updateCountLabel();
    });
}

// What the view shows instead of an empty table.
void HistoryView::setupEmptyState()
{
    auto *emptyLabel = new QLabel(tr("<p><b>No runs yet.</b></p><p>Every run you start is recorded here, with all "
                                     "its requests. <b>Import Run Directory…</b> brings in a run made with "
                                     "<tt>tokenscope-cli run --out</tt>, e.g. on a CI machine.</p><p>Select two "
                                     "runs and press <b>Compare</b> to see which is faster, and why.</p>"),
        m_stack);
    emptyLabel->setAlignment(Qt::AlignCenter);
    emptyLabel->setWordWrap(true);
    emptyLabel->setContentsMargins(40, 40, 40, 40);
    m_stack->addWidget(m_table);
    m_stack->addWidget(emptyLabel);
}

// A dismissable banner over the table for errors of the store.
void HistoryView::setupErrorBanner()
{
    m_errorBanner->setObjectName(QStringLiteral("historyErrorBanner"));
    m_errorBanner->setStyleSheet(
        QStringLiteral("#historyErrorBanner { background: %1; border: 1px solid %2; border-radius: 4px; }"
                       "#historyErrorBanner QLabel { color: %3; }")
            .arg(Palette::errorBannerBackground.name(), Palette::errorBannerBorder.name(),
                Palette::errorBannerText.name()));
    m_errorBanner->setAttribute(Qt::WA_StyledBackground);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *closeError = new QToolButton(m_errorBanner);
    closeError->setText(QStringLiteral("✕"));
    closeError->setAutoRaise(true);
    closeError->setToolTip(tr("Dismiss"));
    connect(closeError, &QToolButton::clicked, this, &HistoryView::clearError);
    auto *bannerLayout = new QHBoxLayout(m_errorBanner);
    bannerLayout->setContentsMargins(8, 4, 4, 4);
    bannerLayout->addWidget(m_errorLabel, 1);
    bannerLayout->addWidget(closeError, 0, Qt::AlignTop);
    m_errorBanner->hide();
}

void HistoryView::createActions()
{
    const auto make = [this](const QString &text, const QString &icon, const QString &tip) {
        auto *action = new QAction(QIcon::fromTheme(icon), text, this);
        action->setToolTip(tip);
        return action;
    };
    m_openAction = make(tr("Open"), QStringLiteral("document-open"), tr("Show this run's charts and tables (Enter)"));
    m_compareAction = make(tr("Compare"), QStringLiteral("view-split-left-right"),
        tr("Compare the selected runs side by side (select two or more)"));
    m_renameAction = make(tr("Rename…"), QStringLiteral("edit-rename"), tr("Give this run a name"));
    m_tagsAction = make(tr("Tags…"), QStringLiteral("tag"), tr("Edit this run's tags"));
    m_deleteAction = make(tr("Delete"), QStringLiteral("edit-delete"), tr("Delete the selected runs (Delete)"));
    m_rerunAction = make(tr("Run Again"), QStringLiteral("view-refresh"),
        tr("Start a new run with the same config (the key comes from the current profile)"));
    m_exportAction = make(tr("Export…"), QStringLiteral("document-save-as"),
        tr("Write this run's report files (CSV, JSON, Markdown, HTML)"));
    m_importAction = make(tr("Import Run Directory…"), QStringLiteral("document-import"),
        tr("Add a run written by tokenscope-cli run --out"));

    m_deleteAction->setShortcut(QKeySequence::Delete);
    m_deleteAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_table->addAction(m_deleteAction);

    connect(m_openAction, &QAction::triggered, this, &HistoryView::openCurrent);
    m_repeatSummaryAction = make(tr("Repeat Summary"), QStringLiteral("view-statistics"),
        tr("The spread between the selected runs (or a repeated run's series) next to the spread within each"));
    m_repeatSummaryAction->setObjectName(QStringLiteral("repeatSummary"));
    connect(m_compareAction, &QAction::triggered, this, &HistoryView::compareSelected);
    connect(m_repeatSummaryAction, &QAction::triggered, this, &HistoryView::showRepeatSummary);
    connect(m_renameAction, &QAction::triggered, this, &HistoryView::renameCurrent);
    connect(m_tagsAction, &QAction::triggered, this, &HistoryView::editTagsOfCurrent);
    connect(m_deleteAction, &QAction::triggered, this, &HistoryView::deleteSelected);
    connect(m_rerunAction, &QAction::triggered, this, &HistoryView::rerunCurrent);
    connect(m_exportAction, &QAction::triggered, this, &HistoryView::exportCurrent);
    connect(m_importAction, &QAction::triggered, this, &HistoryView::importRunDirectory);
}

void HistoryView::createToolBar()
{
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->addAction(m_openAction);
    m_toolBar->addAction(m_compareAction);
    m_toolBar->addAction(m_repeatSummaryAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_renameAction);
    m_toolBar->addAction(m_tagsAction);
    m_toolBar->addAction(m_deleteAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_rerunAction);
    m_toolBar->addAction(m_exportAction);
    m_toolBar->addAction(m_importAction);
    auto *spacer = new QWidget(m_toolBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);
    m_toolBar->addWidget(m_filter);
}

void HistoryView::showContextMenu(const QPoint &pos)
{
    const QModelIndex index = m_table->indexAt(pos);
    if (index.isValid() && !m_table->selectionModel()->isRowSelected(index.row(), {})) {
        m_table->selectionModel()->setCurrentIndex(
            index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    QMenu menu(this);
    menu.addAction(m_openAction);
    menu.addAction(m_compareAction);
    menu.addAction(m_repeatSummaryAction);
    menu.addSeparator();
    menu.addAction(m_renameAction);
    menu.addAction(m_tagsAction);
    menu.addSeparator();
    menu.addAction(m_rerunAction);
    menu.addAction(m_exportAction);
    menu.addSeparator();
    menu.addAction(m_deleteAction);
    menu.addSeparator();
    menu.addAction(m_importAction);
    menu.exec(m_table->viewport()->mapToGlobal(pos));
}

QList<qint64> HistoryView::selectedRunIds() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.append(m_proxy->mapToSource(index).row());
    std::sort(rows.begin(), rows.end(), [this](int a, int b) {
        const HistoryRunInfo &ra = m_model->run(a);
        const HistoryRunInfo &rb = m_model->run(b);
        return ra.startedAt != rb.startedAt ? ra.startedAt < rb.startedAt : ra.id < rb.id;
    });
    QList<qint64> ids;
    for (int row : std::as_const(rows))
        ids.append(m_model->run(row).id);
    return ids;
}

qint64 HistoryView::currentRunId() const
{
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    if (selected.size() == 1)
        return m_proxy->mapToSource(selected.constFirst()).data(HistoryModel::RunIdRole).toLongLong();
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid() && m_table->selectionModel()->isRowSelected(current.row(), {}))
        return current.data(HistoryModel::RunIdRole).toLongLong();
    return -1;
}

void HistoryView::selectRuns(const QList<qint64> &runIds)
{
    QItemSelection selection;
    QModelIndex first;
    for (qint64 id : runIds) {
        const int sourceRow = m_model->rowOfRun(id);
        if (sourceRow < 0)
            continue;
        const QModelIndex index = m_proxy->mapFromSource(m_model->index(sourceRow, 0));
        if (!index.isValid())
            continue;
        selection.select(index, index);
        if (!first.isValid())
            first = index;
    }
    QItemSelectionModel *sm = m_table->selectionModel();
    sm->select(selection, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    if (first.isValid()) {
        sm->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        m_table->scrollTo(first);
    }
    updateActions();
    updateCountLabel();
}

QString HistoryView::errorText() const
{
    return m_errorBanner->isHidden() ? QString() : m_errorLabel->text();
}

void HistoryView::refresh()
{
    reloadKeepingSelection(selectedRunIds());
}

void HistoryView::reloadKeepingSelection(const QList<qint64> &select)
{
    const bool firstLoad = m_model->rowCount() == 0;
    m_model->reload(); // a failure shows in the banner (loadFailed) and keeps the rows
    m_stack->setCurrentIndex(m_model->rowCount() == 0 ? 1 : 0);
    if (firstLoad && m_model->rowCount() > 0 && m_model->rowCount() <= kMaxRowsToFitColumns) {
        m_table->resizeColumnsToContents();
        if (m_table->columnWidth(HistoryModel::EndpointColumn) > kMaxEndpointWidthPx)
            m_table->setColumnWidth(HistoryModel::EndpointColumn, kMaxEndpointWidthPx);
    } else if (m_model->rowCount() <= kMaxRowsToFitColumns) {
        widenNameColumn();
    }
    selectRuns(select);
}

// A later run's default name (profile · load · time) is often longer than those the columns were
// fitted to: the Name column grows to it, up to kMaxNameWidthPx, and never shrinks under the user.
void HistoryView::widenNameColumn()
{
    const int before = m_table->columnWidth(HistoryModel::NameColumn);
    m_table->resizeColumnToContents(HistoryModel::NameColumn);
    m_table->setColumnWidth(HistoryModel::NameColumn,
        std::clamp(m_table->columnWidth(HistoryModel::NameColumn), before, std::max(before, kMaxNameWidthPx)));
}

void HistoryView::updateActions()
{
    const qsizetype selected = m_table->selectionModel()->selectedRows().size();
    const bool one = selected == 1;
    m_openAction->setEnabled(one);
    m_renameAction->setEnabled(one);
    m_tagsAction->setEnabled(one);
    m_rerunAction->setEnabled(one);
    m_exportAction->setEnabled(one);
    m_deleteAction->setEnabled(selected >= 1);
    m_compareAction->setEnabled(selected >= 2);
    m_repeatSummaryAction->setEnabled(repeatSummaryRunIds().size() >= 2);
}

QList<qint64> HistoryView::repeatSummaryRunIds() const
{
    QList<HistoryRunInfo> runs;
    for (qint64 id : selectedRunIds())
        runs.append(m_model->run(m_model->rowOfRun(id)));
    if (runs.size() == 1 && runs.first().isRepeat()) {
        const qint64 group = runs.first().repeatGroup;
        runs.clear();
        for (int row = 0; row < m_model->rowCount(); ++row)
            if (m_model->run(row).repeatGroup == group)
                runs.append(m_model->run(row));
    }
    std::stable_sort(runs.begin(), runs.end(), [](const HistoryRunInfo &a, const HistoryRunInfo &b) {
        return a.repeatIndex != b.repeatIndex ? a.repeatIndex < b.repeatIndex : a.startedAt < b.startedAt;
    });
    QList<qint64> ids;
    for (const HistoryRunInfo &run : std::as_const(runs))
        ids.append(run.id);
    return ids;
}

QString HistoryView::repeatSummaryText()
{
    const QList<qint64> ids = repeatSummaryRunIds();
    if (ids.size() < 2) {
        showError(tr("Select two or more runs, or one run of a repeated run, for a repeat summary."));
        return {};
    }
    QList<RunResult> runs;
    for (qint64 id : ids) {
        QString error;
        const std::optional<RunResult> run = m_store->loadRun(id, &error);
        if (!run) {
            showError(tr("Cannot read run #%1: %2").arg(id).arg(error));
            return {};
        }
        runs.append(*run);
    }
    clearError();
    const bool stopped = runs.constLast().cancelled;
    const int asked = std::max(int(runs.size()), m_model->run(m_model->rowOfRun(ids.constLast())).repeatCount);
    return Report::repeatsMarkdown(Stats::summarizeRepeats(runs, asked, stopped));
}

void HistoryView::showRepeatSummary()
{
    const QString text = repeatSummaryText();
    if (text.isEmpty())
        return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Repeat summary"));
    auto *browser = new QTextBrowser(&dialog);
    browser->setMarkdown(text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    buttons->button(QDialogButtonBox::Close)->setText(tr("Close")); // read without Qt's own translations too
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    dialog.resize(1000, 640);
    dialog.exec();
}

void HistoryView::updateCountLabel()
{
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    QString text
        = shown == total ? tr("%n run(s)", nullptr, total) : tr("%1 of %n run(s) shown", nullptr, total).arg(shown);
    const qsizetype selected = m_table->selectionModel()->selectedRows().size();
    if (selected > 0)
        text += tr(" · %n selected", nullptr, static_cast<int>(selected));
    if (selected == 1)
        text += tr(" · select another to compare");
    m_count->setText(text);
}

void HistoryView::showError(const QString &message)
{
    m_errorLabel->setText(message);
    m_errorBanner->show();
    Q_EMIT errorOccurred(message);
}

void HistoryView::clearError()
{
    m_errorLabel->clear();
    m_errorBanner->hide();
}

void HistoryView::openCurrent()
{
    const qint64 id = currentRunId();
    if (id > 0)
        Q_EMIT openRequested(id);
}

void HistoryView::compareSelected()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.size() >= 2)
        Q_EMIT compareRequested(ids);
}

void HistoryView::renameCurrent()
{
    const qint64 id = currentRunId();
    const int row = m_model->rowOfRun(id);
    if (row < 0)
        return;
    bool ok = false;
    const QString name = askForText(
        this, tr("Rename run"), tr("Name (leave empty for the model and date):"), m_model->run(row).name, &ok);
    if (ok)
        renameRun(id, name.trimmed());
}

void HistoryView::editTagsOfCurrent()
{
    const qint64 id = currentRunId();
    const int row = m_model->rowOfRun(id);
    if (row < 0)
        return;
    bool ok = false;
    const QString text = askForText(
        this, tr("Tags"), tr("Tags, separated by commas:"), m_model->run(row).tags.join(QStringLiteral(", ")), &ok);
    if (ok)
        setRunTags(id, parseTags(text));
}

void HistoryView::deleteSelected()
{
    const QList<qint64> ids = selectedRunIds();
    if (ids.isEmpty())
        return;
    QStringList names;
    for (qint64 id : ids)
        names.append(HistoryModel::displayName(m_model->run(m_model->rowOfRun(id))));
    QMessageBox box(QMessageBox::Question, tr("Delete runs"),
        tr("Delete %n run(s) with all their requests? This cannot be undone.", nullptr, static_cast<int>(ids.size())),
        QMessageBox::Cancel, this);
    box.setInformativeText(names.mid(0, 10).join(u'\n') + (names.size() > 10 ? QStringLiteral("\n…") : QString()));
    QPushButton *deleteButton = box.addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == deleteButton)
        deleteRuns(ids);
}

void HistoryView::rerunCurrent()
{
    const qint64 id = currentRunId();
    if (id > 0)
        rerun(id);
}

void HistoryView::exportCurrent()
{
    const qint64 id = currentRunId();
    if (id > 0)
        Q_EMIT exportRequested(id);
}

void HistoryView::importRunDirectory()
{
    const QString dir = QFileDialog::getExistingDirectory(this,
        tr("Import a run directory, or the parent of A/ and B/ from tokenscope-cli --ab-model"), QDir::homePath());
    if (!dir.isEmpty())
        importDirectory(dir);
}

bool HistoryView::renameRun(qint64 runId, const QString &name)
{
    QString error;
    if (!m_store->renameRun(runId, name, &error)) {
        showError(tr("Could not rename the run: %1").arg(error));
        return false;
    }
    reloadKeepingSelection({ runId });
    Q_EMIT runsChanged();
    return true;
}

bool HistoryView::setRunTags(qint64 runId, const QStringList &tags)
{
    QString error;
    if (!m_store->setTags(runId, tags, &error)) {
        showError(tr("Could not change the tags: %1").arg(error));
        return false;
    }
    reloadKeepingSelection({ runId });
    Q_EMIT runsChanged();
    return true;
}

bool HistoryView::deleteRuns(const QList<qint64> &runIds)
{
    bool allDeleted = true;
    QStringList errors;
    for (qint64 id : runIds) {
        QString error;
        if (!m_store->deleteRun(id, &error)) {
            allDeleted = false;
            errors.append(error);
        }
    }
    reloadKeepingSelection({});
    if (!allDeleted)
        showError(tr("Could not delete every run: %1").arg(errors.join(QStringLiteral("; "))));
    Q_EMIT runsChanged();
    return allDeleted;
}

qint64 HistoryView::importDirectory(const QString &dir)
{
    QString error;
    const qint64 id = m_store->importRunDirectory(dir, &error);
    if (id < 0) {
        showError(tr("Could not import %1: %2").arg(QDir::toNativeSeparators(dir), error));
        return -1;
    }
    clearError();
    reloadKeepingSelection({ id });
    Q_EMIT runsChanged();
    return id;
}

bool HistoryView::rerun(qint64 runId)
{
    QString error;
    const std::optional<RunResult> run = m_store->loadRun(runId, &error);
    if (!run) {
        showError(tr("Could not read the run: %1").arg(error));
        return false;
    }
    Q_EMIT rerunRequested(run->config);
    return true;
}

} // namespace TokenScope
