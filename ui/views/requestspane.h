// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "models/requeststablemodel.h"

#include <QList>
#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace TokenScope {

class RequestDetailView;

/// The per-request results of one run: a filterable, sortable table of its requests on top
/// (all / failed only / without warm-ups) and the drill-down of the current row beside it, in a
/// horizontal splitter; a double-click opens a request's drill-down in a window of its own. Live records are collected
/// and inserted as one batch per 100 ms, so a burst of finished requests costs one insert and one re-sort.
class RequestsPane : public QWidget
{
    Q_OBJECT
public:
    explicit RequestsPane(QWidget *parent = nullptr);

    /// Shows a finished or stored run (a model reset; the detail view is cleared).
    void setRun(const RunResult &run);
    /// Appends a live record (within 100 ms, or at once with flushPending()).
    void addRecord(const RequestRecord &record);
    void flushPending();
    /// A level of the run under way began: its requests' Load cells name it.
    void addLevel(const LoadPoint &point);
    void clear();
    void setFilter(RequestsTableModel::Filter filter);
    /// Makes the request of `record` (its level, index, arm and warm-up flag) the current row,
    /// scrolled into view; the filter shows all requests first when it hides that one. False when
    /// the shown run has no such request.
    bool selectRecord(const RequestRecord &record);

    RequestsTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *tableView() const { return m_table; }
    RequestDetailView *detailView() const { return m_detail; }
    /// Opens the request of the table row `index` (a proxy index) in a window of its own, which
    /// deletes itself when closed; a double-click or Enter on a row does it. Returns its view.
    RequestDetailView *openInWindow(const QModelIndex &index);
    /// The table/drill-down splitter, whose state the window saves and restores.
    QSplitter *splitter() const { return m_splitter; }

Q_SIGNALS:
    /// The user made this request the current row (click or keyboard).
    void recordSelected(const TokenScope::RequestRecord &record);

private:
    void onCurrentRowChanged(const QModelIndex &current);
    void updateCountLabel();
    void widenColumnsFor(int firstSourceRow, int endSourceRow);

    RequestsTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QComboBox *m_filter;
    QLabel *m_count;
    RequestDetailView *m_detail;
    QSplitter *m_splitter = nullptr;
    QList<RequestRecord> m_pending;
    QTimer m_flushTimer;
};

} // namespace TokenScope
