// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runspane.h"

#include "models/runstablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace TokenScope {

RunsPane::RunsPane(QTableView *runsView, QWidget *parent)
    : QWidget(parent)
    , m_definitions(new QComboBox)
{
    m_definitions->setObjectName(QStringLiteral("definitionsPicker"));
    for (Stats::PeerTool tool : Stats::peerTools())
        m_definitions->addItem(Stats::peerToolTitle(tool), static_cast<int>(tool));
    m_definitions->setToolTip(tr("Whose definitions the TTFT, TPOT, ITL, E2E and output throughput columns "
                                 "follow, recomputed from each run's stored timestamps"));
    connect(m_definitions, &QComboBox::currentIndexChanged, this, &RunsPane::definitionsChanged);
    auto *label = new QLabel(tr("Definitions:"));
    label->setBuddy(m_definitions);
    auto *choice = new QHBoxLayout;
    choice->addWidget(label);
    choice->addWidget(m_definitions);
    choice->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(choice);
    layout->addWidget(runsView);
}

void RunsPane::showArmColumnWhenNeeded(QTableView *view, const RunsTableModel *model)
{
    const auto update = [view, model] { view->setColumnHidden(RunsTableModel::ArmColumn, !model->hasArms()); };
    connect(model, &QAbstractItemModel::rowsInserted, view, update);
    connect(model, &QAbstractItemModel::modelReset, view, update);
    update();
}

Stats::PeerTool RunsPane::definitions() const
{
    return static_cast<Stats::PeerTool>(m_definitions->currentData().toInt());
}

} // namespace TokenScope
