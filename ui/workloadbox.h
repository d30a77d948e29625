// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QFutureWatcher>
#include <QGroupBox>
#include <QTimer>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace TokenScope {

/// Where a run's prompts come from: a fixed prompt (with "load from file" and a token estimate),
/// prompts of N tokens (length, spread, shared prefix) or a dataset file (path, format, shuffle,
/// checked as it is chosen), with a preview of the prompt a request sends. Only the rows of the
/// chosen kind are shown; the others keep their values. The endpoint's ignore_eos and min_tokens
/// are the profile's and never written here.
class WorkloadBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit WorkloadBox(QWidget *parent = nullptr);
    ~WorkloadBox() override;

    /// Writes the prompt and the workload into `config`; false when a fixed prompt is chosen and its
    /// field is empty. The run check's Workload section says what else is wrong (RunSettingsForm asks it).
    bool applyTo(RunConfig *config, QString *error) const;
    void load(const RunConfig &config);
    void setEditable(bool editable);
    QString promptText() const;
    /// A finished run's config: when it calibrated prompts of the lengths the form asks, the
    /// preview shows the prompt as calibrated.
    void setCalibratedRun(const RunConfig &config);

    /// Reads the dataset file again, even when its path and format are unchanged (the file may
    /// have changed since): what a run checks before it starts. datasetChecked() follows.
    void recheckDataset();
    /// Puts the keyboard focus on the dataset's path, whose status line says what is wrong with it.
    void focusDataset();

public Q_SLOTS:
    void loadPromptFromFile();
    void chooseDataset();

Q_SIGNALS:
    /// The dataset file at `path` was read: `ok` when it can be sent, else the status line under
    /// it says why.
    void datasetChecked(const QString &path, bool ok);

public:
    /// What reading a dataset file found, for the path and format of `key`: what the form shows,
    /// not the entries (the read's Dataset is freed on the pool thread; a run reads the file itself).
    struct DatasetCheck
    {
        QString key;
        bool ok = false;
        QStringList errors; ///< when not ok: every problem, the first first
        int entries = 0;
        QString formatReason;
        int skipped = 0;
        QString skippedReason;
        QString fileName;
        qint64 sizeBytes = 0;
        QString sha256Hex;
        QString firstEntry;
    };

private:
    QWidget *buildFixedPrompt();
    QWidget *buildDatasetRow();
    void buildSyntheticFields();
    void buildPreview();
    WorkloadKind kind() const;
    /// The form's workload, without the profile's fields and the run's measurements.
    Workload formWorkload() const;
    void updateRows();
    void updateTokenEstimate();
    /// Starts reading the dataset file on a pool thread (a ShareGPT file can be hundreds of MB)
    /// and says so; showDatasetCheck() says what it holds once read.
    void checkDataset();
    void showDatasetCheck();
    void updatePreview();
    void showSyntheticPreview();
    void showDatasetPreview();
    void setPreview(const QString &text, const QString &note);

    QFormLayout *m_form = nullptr;
    QComboBox *m_kind = nullptr;
    QWidget *m_fixed = nullptr;
    QPlainTextEdit *m_prompt = nullptr;
    QLabel *m_tokenEstimate = nullptr;
    QSpinBox *m_inputTokens = nullptr;
    QDoubleSpinBox *m_inputSpread = nullptr;
    QSpinBox *m_sharedPrefix = nullptr;
    QWidget *m_datasetRow = nullptr;
    QLineEdit *m_datasetPath = nullptr;
    QComboBox *m_datasetFormat = nullptr;
    QCheckBox *m_shuffle = nullptr;
    QLabel *m_datasetStatus = nullptr;
    QPlainTextEdit *m_preview = nullptr;
    QLabel *m_previewNote = nullptr;
    QTimer m_previewTimer; ///< coalesces a spin box's steps into one preview
    QString m_checkedDataset; ///< the path and format last asked for, so an unchanged file is not read again
    QFutureWatcher<DatasetCheck> m_datasetRead; ///< the read under way, if any
    QString m_datasetPreview; ///< the first entry of the dataset last read
    RunConfig m_calibrated; ///< the last finished run that calibrated prompts of N tokens
    bool m_hasCalibration = false;
    QList<QWidget *> m_editable;
};

} // namespace TokenScope
