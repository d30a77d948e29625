// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestspane.h"

#include "requestdetailview.h"

#include <QComboBox>
#include <QDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace TokenScope {

namespace {

constexpr int kFlushMs = 100;

} // namespace

RequestsPane::RequestsPane(QWidget *parent)
    : QWidget(parent)
    , m_model(new RequestsTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_filter(new QComboBox)
    , m_count(new QLabel)
    , m_detail(new RequestDetailView)
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RequestsTableModel::SortRole);
    m_proxy->setFilterRole(RequestsTableModel::FilterKeyRole);
    m_proxy->setFilterKeyColumn(RequestsTableModel::StatusColumn);

    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // the order requests finished in, until the user sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex &current) { onCurrentRowChanged(current); });
    m_table->setToolTip(tr("Double-click a request (or press Enter) to open its drill-down in a window of its own"));
    connect(m_table, &QAbstractItemView::activated, this, &RequestsPane::openInWindow);

    m_filter->addItem(tr("All requests"), static_cast<int>(RequestsTableModel::Filter::All));
    m_filter->addItem(tr("Failed only"), static_cast<int>(RequestsTableModel::Filter::FailedOnly));
    m_filter->addItem(tr("Without warm-ups"), static_cast<int>(RequestsTableModel::Filter::HideWarmup));
    connect(m_filter, &QComboBox::currentIndexChanged, this,
        [this](int) { setFilter(static_cast<RequestsTableModel::Filter>(m_filter->currentData().toInt())); });

    connect(m_model, &QAbstractItemModel::rowsInserted, this, &RequestsPane::updateCountLabel);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RequestsPane::updateCountLabel);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &RequestsPane::updateCountLabel);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Show:")));
    bar->addWidget(m_filter);
    bar->addStretch(1);
    bar->addWidget(m_count);

    auto *top = new QWidget;
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(bar);
    topLayout->addWidget(m_table, 1);

    // Side by side: the table and the drill-down each take the pane's whole height, so the
    // drill-down shows its phase bar and both of its tables without scrolling around them.
    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->addWidget(top);
    m_splitter->addWidget(m_detail);
    // The table scrolls sideways anyway; the drill-down's milestone table wants its four columns.
    m_splitter->setStretchFactor(0, 2);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setSizes({ 440, 660 });
    m_splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(kFlushMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &RequestsPane::flushPending);
    updateCountLabel();
}

void RequestsPane::setRun(const RunResult &run)
{
    m_flushTimer.stop();
    m_pending.clear();
    m_detail->clear();
    m_model->setRecords(run.records);
    m_model->setLevelPoints(run.points());
    m_table->resizeColumnsToContents();
}

void RequestsPane::addRecord(const RequestRecord &record)
{
    m_pending.append(record);
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void RequestsPane::flushPending()
{
    m_flushTimer.stop();
    if (m_pending.isEmpty())
        return;
    const int firstNewRow = m_model->rowCount();
    m_model->addRecords(m_pending);
    m_pending.clear();
    if (firstNewRow == 0)
        m_table->resizeColumnsToContents();
    else
        widenColumnsFor(firstNewRow, m_model->rowCount());
}

// Columns only grow, and only for new rows: the first HTTP 500 or the first TTFT over a second
// shows whole, and nothing jumps narrower under the user's eyes (or undoes a column they widened).
void RequestsPane::widenColumnsFor(int firstSourceRow, int endSourceRow)
{
    const int showGridLine = m_table->showGrid() ? 1 : 0;
    for (int column = 0; column < m_model->columnCount(); ++column) {
        int needed = m_table->columnWidth(column);
        for (int row = firstSourceRow; row < endSourceRow; ++row) {
            const QModelIndex shown = m_proxy->mapFromSource(m_model->index(row, column));
            if (shown.isValid())
                needed = std::max(needed, m_table->sizeHintForIndex(shown).width() + showGridLine);
        }
        if (needed > m_table->columnWidth(column))
            m_table->setColumnWidth(column, needed);
    }
}

void RequestsPane::addLevel(const LoadPoint &point)
{
    m_model->addLevelPoint(point);
}

void RequestsPane::clear()
{
    m_flushTimer.stop();
    m_pending.clear();
    m_model->clear();
    m_detail->clear();
}

void RequestsPane::setFilter(RequestsTableModel::Filter filter)
{
    const int item = m_filter->findData(static_cast<int>(filter));
    if (item >= 0 && item != m_filter->currentIndex()) {
        m_filter->setCurrentIndex(item); // comes back here through currentIndexChanged
        return;
    }
    m_proxy->setFilterRegularExpression(RequestsTableModel::filterPattern(filter));
    updateCountLabel();
}

bool RequestsPane::selectRecord(const RequestRecord &record)
{
    flushPending();
    const QList<RequestRecord> &records = m_model->records();
    const auto same = [&record](const RequestRecord &r) {
        return r.levelIndex == record.levelIndex && r.index == record.index && r.arm == record.arm
            && r.warmup == record.warmup;
    };
    const auto it = std::find_if(records.cbegin(), records.cend(), same);
    if (it == records.cend())
        return false;
    const QModelIndex source = m_model->index(int(it - records.cbegin()), 0);
    QModelIndex shown = m_proxy->mapFromSource(source);
    if (!shown.isValid()) { // filtered out: show everything rather than nothing
        m_filter->setCurrentIndex(m_filter->findData(static_cast<int>(RequestsTableModel::Filter::All)));
        shown = m_proxy->mapFromSource(source);
    }
    m_table->setCurrentIndex(shown);
    m_table->scrollTo(shown);
    return shown.isValid();
}

void RequestsPane::onCurrentRowChanged(const QModelIndex &current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid()) {
        m_detail->clear();
        return;
    }
    const RequestRecord record = m_model->record(source.row());
    m_detail->showRecord(record);
    Q_EMIT recordSelected(record);
}

// The drill-down in a window of its own, as large as the user makes it: beside the table it has
// the results pane's height, which a small screen keeps short.
RequestDetailView *RequestsPane::openInWindow(const QModelIndex &index)
{
    const QModelIndex source = m_proxy->mapToSource(index);
    if (!source.isValid())
        return nullptr;
    auto *dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const RequestRecord record = m_model->record(source.row());
    auto *detail = new RequestDetailView(dialog);
    detail->showRecord(record);
    dialog->setWindowTitle(detail->titleText());
    auto *layout = new QVBoxLayout(dialog);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(detail);
    dialog->resize(960, 640);
    dialog->show();
    return detail;
}

void RequestsPane::updateCountLabel()
{
    int failed = 0;
    int warmups = 0;
    for (const RequestRecord &r : m_model->records()) {
        failed += r.ok ? 0 : 1;
        warmups += r.warmup ? 1 : 0;
    }
    const int total = m_model->rowCount();
    QString text = tr("%n request(s)", nullptr, total - warmups);
    if (warmups > 0)
        text += tr(" + %n warm-up(s)", nullptr, warmups);
    if (failed > 0)
        text += tr(" · %n failed", nullptr, failed);
    if (m_proxy->rowCount() != total)
        text += tr(" · %1 shown").arg(m_proxy->rowCount());
    m_count->setText(text);
}

} // namespace TokenScope
