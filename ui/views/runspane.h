// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/peerdefinitions.h"

#include <QWidget>

class QComboBox;
class QTableView;

namespace TokenScope {

/// The Runs tab: the runs table under a "Definitions:" choice of whose rules its latency columns
/// follow (TokenScope's or another tool's, docs/metrics.md#8-the-same-names-in-other-tools).
class RunsPane : public QWidget
{
    Q_OBJECT
public:
    explicit RunsPane(QTableView *runsView, QWidget *parent = nullptr);
    Stats::PeerTool definitions() const;

Q_SIGNALS:
    void definitionsChanged();

private:
    QComboBox *m_definitions;
};

} // namespace TokenScope
