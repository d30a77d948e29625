// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace TokenScope {

/// The run settings: prompt (with "load from file" and a token estimate), concurrency levels,
/// requests per level, max_tokens, temperature, warm-up, min tokens for TPOT, timeout and usage.
/// Everything that is not the endpoint; the endpoint comes from the profile panel.
class RunSettingsForm : public QWidget
{
    Q_OBJECT
public:
    explicit RunSettingsForm(QWidget *parent = nullptr);

    /// Writes the form into `config`; false with a message naming the bad field.
    bool applyTo(RunConfig *config, QString *error) const;
    /// Fills the form from a config (re-run of a stored run).
    void load(const RunConfig &config);
    void setEditable(bool editable);
    QString promptText() const;

public Q_SLOTS:
    void loadPromptFromFile();

private:
    QWidget *buildPromptBox();
    void updateTokenEstimate();

    QPlainTextEdit *m_prompt = nullptr;
    QLabel *m_tokenEstimate = nullptr;
    QLineEdit *m_concurrency = nullptr;
    QSpinBox *m_requestsPerConcurrency = nullptr;
    QSpinBox *m_maxTokens = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QSpinBox *m_warmup = nullptr;
    QSpinBox *m_minTokensForTpot = nullptr;
    QSpinBox *m_timeoutS = nullptr;
    QCheckBox *m_includeUsage = nullptr;
    QList<QWidget *> m_editable;
};

/// "1, 4,8 ,16" -> {1, 4, 8, 16}; false and the offending item when one is not a whole number.
bool parseConcurrencyLevels(const QString &text, QList<int> *levels, QString *bad);

} // namespace TokenScope
