// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runoutcome.h"

#include <QWidget>

class QBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;

namespace TokenScope {

struct ProgressShown;

/// Run, Cancel and Test connection; the progress bar, which fills with the whole run and names the
/// level under way; the whole run's progress in words with an estimate of what is left; and why
/// the last Run or check did not start. The window shows it under the settings forms, or as one
/// row above the charts while F9 hides the forms (setCompact()), so Run and the progress never hide.
class RunControls : public QWidget
{
    Q_OBJECT
public:
    explicit RunControls(QWidget *parent = nullptr);

    QPushButton *runButton() const { return m_run; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *testConnectionButton() const { return m_testConnection; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *overallLabel() const { return m_overall; }

    /// Run and Test connection while idle, Cancel while a run is under way.
    void setRunning(bool running);
    /// Shows `message` under the controls in the error colour; empty hides it.
    void showError(const QString &message);
    QString errorText() const;
    /// An empty bar saying "Starting…"; the whole run's words cleared.
    void beginRun();
    /// One progress report: the bar, and `overall` (the whole run in words) beside it.
    void showProgress(const ProgressShown &shown, const QString &overall);
    /// How the run ended, in the outcome's words and colour; `full` fills the bar.
    void showOutcome(Outcome outcome, const QString &words, bool full);
    /// One row (the buttons, the bar, the words) instead of a column.
    void setCompact(bool compact);

protected:
    bool event(QEvent *event) override;

private:
    void applyOutcomeColour();

    Outcome m_outcome = Outcome::Running;
    QBoxLayout *m_layout = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_testConnection = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_overall = nullptr;
    QLabel *m_error = nullptr;
};

} // namespace TokenScope
