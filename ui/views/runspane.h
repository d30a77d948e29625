// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/peerdefinitions.h"

#include <QWidget>

class QComboBox;
class QTableView;

namespace TokenScope {

class RunsTableModel;

/// The Runs tab: the runs table under a "Definitions:" choice of whose rules its latency columns
/// follow (TokenScope's or another tool's, docs/metrics.md#8-the-same-names-in-other-tools).
class RunsPane : public QWidget
{
    Q_OBJECT
public:
    explicit RunsPane(QTableView *runsView, QWidget *parent = nullptr);
    Stats::PeerTool definitions() const;
    /// Shows `view`'s Arm column while `model` holds a row of an A/B run, and hides it otherwise.
    static void showArmColumnWhenNeeded(QTableView *view, const RunsTableModel *model);

Q_SIGNALS:
    void definitionsChanged();

private:
    QComboBox *m_definitions;
};

} // namespace TokenScope
