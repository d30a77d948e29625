// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace TokenScope {

class ConversationBox;
class TraceBox;
class WorkloadBox;

/// The run settings: the workload (WorkloadBox: a fixed prompt, prompts of N tokens or a dataset);
/// the load (mode, and the fields that mode needs: concurrency levels, request rates, arrival, cap,
/// duration, sweep, max-rate search, goodput); max_tokens and its spread, temperature, warm-up, min
/// tokens for TPOT, timeout and usage. Everything that is not the endpoint; the endpoint comes from
/// the profile panel. Only the fields the chosen mode and workload use are shown and checked; the
/// others keep their values.
class RunSettingsForm : public QWidget
{
    Q_OBJECT
public:
    explicit RunSettingsForm(QWidget *parent = nullptr);

    /// Writes the form into `config`, then asks the run check about the sections it fills (load,
    /// request settings, workload; the workload's rule reads `config`'s API); false with a message
    /// naming the bad field.
    bool applyTo(RunConfig *config, QString *error) const;
    /// Fills the form from a config (re-run of a stored run).
    void load(const RunConfig &config);
    void setEditable(bool editable);
    QString promptText() const;
    /// How many times Run repeats the whole configuration (docs/metrics.md#repeats); 1 by default.
    int repeats() const;
    /// A finished run's config, for the workload preview (see WorkloadBox::setCalibratedRun).
    void setCalibratedRun(const RunConfig &config);
    /// The workload's dataset field, which reads its file before each run (WorkloadBox).
    WorkloadBox *workloadBox() const { return m_workload; }

public Q_SLOTS:
    void loadPromptFromFile();

private:
    QWidget *buildLoadBox();
    void buildLoadMode();
    void buildLevelFields();
    void buildSpanFields();
    void buildPrecisionFields();
    void connectLoadEdits();
    /// Shows under the load fields what is wrong with them: a list that does not parse, or the run
    /// check's Load section.
    void updateLoadProblem();
    QWidget *maxTokensRow();
    /// Shows the load rows the mode uses, enables burstiness for gamma and grace for a duration.
    void updateLoadRows();
    LoadMode loadMode() const;
    /// Reads the load fields into `config`; false with the field's name and text when one does not parse.
    bool readLoadInto(RunConfig *config, QString *error) const;

    WorkloadBox *m_workload = nullptr;
    ConversationBox *m_conversation = nullptr;
    QDoubleSpinBox *m_outputSpread = nullptr;
    QFormLayout *m_loadForm = nullptr;
    QComboBox *m_loadMode = nullptr;
    QLabel *m_loadModeHelp = nullptr;
    QLabel *m_loadProblem = nullptr;
    QLineEdit *m_concurrency = nullptr;
    TraceBox *m_trace = nullptr;
    QLineEdit *m_requestRates = nullptr;
    QComboBox *m_arrival = nullptr;
    QDoubleSpinBox *m_burstiness = nullptr;
    QSpinBox *m_maxConcurrency = nullptr;
    QDoubleSpinBox *m_durationS = nullptr;
    QDoubleSpinBox *m_sliceS = nullptr; ///< 0 = off (docs/metrics.md#slices)
    QDoubleSpinBox *m_graceS = nullptr;
    QDoubleSpinBox *m_rampUpS = nullptr;
    QSpinBox *m_seed = nullptr;
    QSpinBox *m_sweepRates = nullptr;
    QLineEdit *m_constraints = nullptr;
    QSpinBox *m_probes = nullptr;
    QLineEdit *m_goodput = nullptr;
    QSpinBox *m_requestsPerConcurrency = nullptr;
    // Stop when precise (docs/metrics.md#stop-when-precise): closed loop only.
    QDoubleSpinBox *m_targetPrecision = nullptr;
    QComboBox *m_precisionMetric = nullptr;
    QSpinBox *m_maxRequests = nullptr;
    QSpinBox *m_maxTokens = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QSpinBox *m_warmup = nullptr;
    QSpinBox *m_repeats = nullptr;
    QSpinBox *m_minTokensForTpot = nullptr;
    QSpinBox *m_timeoutS = nullptr;
    QSpinBox *m_requestDeadlineS = nullptr; ///< 0 = none
    QCheckBox *m_includeUsage = nullptr;
    QList<QWidget *> m_editable;
};

/// "1, 4,8 ,16" -> {1, 4, 8, 16}; false and the offending item when one is not a whole number.
bool parseConcurrencyLevels(const QString &text, QList<int> *levels, QString *bad);
/// "1, 2.5,inf" -> {1, 2.5, inf} requests per second; false and the offending item when one is
/// neither a number nor "inf".
bool parseRequestRates(const QString &text, QList<double> *rates, QString *bad);
/// {1, 2.5, inf} -> "1,2.5,inf"
QString requestRatesText(const QList<double> &rates);

} // namespace TokenScope
