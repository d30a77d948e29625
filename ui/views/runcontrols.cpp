// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcontrols.h"

#include "charts/palette.h"
#include "outcomestyle.h"
#include "runstatus.h"

#include <QBoxLayout>
#include <QCoreApplication>
#include <QEvent>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace TokenScope {

// The words keep the window's translation context, where they were translated before they moved here.
RunControls::RunControls(QWidget *parent)
    : QWidget(parent)
{
    m_run = new QPushButton(QCoreApplication::translate("TokenScope::MainWindow", "Run"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(QCoreApplication::translate("TokenScope::MainWindow", "Cancel"));
    m_testConnection = new QPushButton(QCoreApplication::translate("TokenScope::MainWindow", "Test connection"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_testConnection);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(QCoreApplication::translate("TokenScope::MainWindow", "Idle"));
    m_progress->setTextVisible(true);

    m_overall = new QLabel;
    m_overall->setObjectName(QStringLiteral("overallProgress"));
    m_overall->hide();

    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(Palette::errorText.name()));
    m_error->hide();

    m_layout = new QBoxLayout(QBoxLayout::TopToBottom, this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addLayout(buttons);
    m_layout->addWidget(m_progress);
    m_layout->addWidget(m_overall);
    m_layout->addWidget(m_error);
}

void RunControls::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_testConnection->setEnabled(!running);
}

void RunControls::showError(const QString &message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString RunControls::errorText() const
{
    return m_error->text();
}

void RunControls::beginRun()
{
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_overall->clear();
    m_overall->hide();
    showOutcome(Outcome::Running, QCoreApplication::translate("TokenScope::MainWindow", "Starting…"), false);
}

void RunControls::showProgress(const ProgressShown &shown, const QString &overall)
{
    m_progress->setRange(0, shown.maximum);
    m_progress->setValue(shown.value);
    m_progress->setFormat(shown.text);
    m_progress->setToolTip(shown.text);
    m_overall->setText(overall);
    m_overall->setVisible(!overall.isEmpty());
}

void RunControls::showOutcome(Outcome outcome, const QString &words, bool full)
{
    if (full) {
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
    }
    m_progress->setFormat(words);
    m_progress->setToolTip(words);
    m_outcome = outcome;
    applyOutcomeColour();
    if (outcome != Outcome::Running)
        m_overall->hide(); // an ended run has nothing left to estimate
}

// The chunk takes the outcome's colour; the text stays readable on it and on the groove.
void RunControls::applyOutcomeColour()
{
    QPalette palette = m_progress->palette();
    palette.setColor(QPalette::Highlight, outcomeColor(m_outcome));
    m_progress->setPalette(palette);
}

bool RunControls::event(QEvent *event)
{
    // Moved between the settings panel and the row above the charts (F9): under the theme's style
    // sheet the new parent repolishes the bar, which drops the palette set on it.
    if (event->type() == QEvent::ParentChange)
        applyOutcomeColour();
    return QWidget::event(event);
}

void RunControls::setCompact(bool compact)
{
    m_layout->setDirection(compact ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    // Above the charts the row keeps off the window's edges, as the settings panel does.
    m_layout->setContentsMargins(compact ? QMargins(6, 4, 6, 0) : QMargins());
    m_layout->setStretchFactor(m_progress, compact ? 1 : 0);
    m_error->setWordWrap(!compact);
}

} // namespace TokenScope
