// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workloadbox.h"

#include "charts/palette.h"
#include "core/defaultprompt.h"
#include "core/inputfile.h"
#include "net/requestbuilder.h"
#include "stats/statistics.h"
#include "workload/calibration.h"
#include "workload/dataset.h"
#include "workload/syntheticsource.h"
#include "workload/synthetictext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPromise>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <new>

namespace TokenScope {

namespace {

// Before calibration: English prose runs at about 1.3 tokens a word in common tokenizers.
constexpr double kTokensPerWord = 1.3;
// The preview shows the start of a long prompt; the run sends all of it.
constexpr int kPreviewChars = 3000;

QDoubleSpinBox *percentBox(const QString &toolTip)
{
    auto *box = new QDoubleSpinBox;
    box->setRange(0, 99);
    box->setDecimals(1);
    box->setSingleStep(5);
    box->setPrefix(QStringLiteral("±"));
    box->setSuffix(QStringLiteral(" %"));
    box->setToolTip(toolTip);
    return box;
}

QString shortened(const QString &text)
{
    if (text.size() <= kPreviewChars)
        return text;
    return text.left(kPreviewChars) + QStringLiteral("…\n")
        + WorkloadBox::tr("(%n more character(s))", nullptr, int(text.size() - kPreviewChars));
}

// A chat entry as its conversation reads: one "role: content" line per message.
QString entryText(const Prompt &prompt)
{
    if (prompt.messages.isEmpty())
        return prompt.text;
    QStringList lines;
    for (const QJsonValue &message : prompt.messages) {
        const QJsonObject m = message.toObject();
        lines.append(QStringLiteral("%1: %2").arg(m.value(u"role").toString(), m.value(u"content").toString()));
    }
    return lines.join(u'\n');
}

QString formatName(DatasetFormat format)
{
    switch (format) {
    case DatasetFormat::Auto:
        return WorkloadBox::tr("Auto");
    case DatasetFormat::VllmCustom:
        return WorkloadBox::tr("vLLM custom");
    case DatasetFormat::ChatMessages:
        return WorkloadBox::tr("Chat messages");
    case DatasetFormat::ShareGpt:
        return WorkloadBox::tr("ShareGPT");
    }
    return {};
}

int wordsFor(int tokens)
{
    return std::max(0, int(std::lround(tokens / kTokensPerWord)));
}

QLabel *noteLabel()
{
    auto *label = new QLabel;
    label->setWordWrap(true);
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, palette.color(QPalette::PlaceholderText));
    label->setPalette(palette);
    return label;
}

} // namespace

WorkloadBox::WorkloadBox(QWidget *parent)
    : QGroupBox(tr("Workload"), parent)
{
    connect(&m_datasetRead, &QFutureWatcherBase::finished, this, &WorkloadBox::showDatasetCheck);
    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("workloadKind"));
    m_kind->addItem(tr("Fixed prompt"), int(WorkloadKind::FixedPrompt));
    m_kind->addItem(tr("N tokens"), int(WorkloadKind::Synthetic));
    m_kind->addItem(tr("Dataset file"), int(WorkloadKind::Dataset));
    m_kind->setToolTip(tr("Fixed prompt: the same text for every request.\nN tokens: prose prompts the server "
                          "itself counts as N tokens, calibrated by short probes when the run starts; every prompt "
                          "differs, so no cache serves them.\nDataset file: prompts from a JSONL or ShareGPT file."));
    buildSyntheticFields();
    buildPreview();

    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->addRow(tr("&Prompts:"), m_kind);
    m_form->addRow(buildFixedPrompt());
    m_form->addRow(tr("Input tokens:"), m_inputTokens);
    m_form->addRow(tr("Spread:"), m_inputSpread);
    m_form->addRow(tr("Shared prefix:"), m_sharedPrefix);
    m_form->addRow(tr("File:"), buildDatasetRow());
    m_form->addRow(tr("Format:"), m_datasetFormat);
    m_form->addRow(QString(), m_shuffle);
    m_form->addRow(m_datasetStatus);
    m_form->addRow(tr("Preview:"), m_preview);
    m_form->addRow(m_previewNote);

    m_previewTimer.setSingleShot(true);
    m_previewTimer.setInterval(150);
    connect(&m_previewTimer, &QTimer::timeout, this, &WorkloadBox::updatePreview);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &WorkloadBox::updateRows);
    for (QSpinBox *box : { m_inputTokens, m_sharedPrefix })
        connect(box, &QSpinBox::valueChanged, &m_previewTimer, qOverload<>(&QTimer::start));
    connect(m_inputSpread, &QDoubleSpinBox::valueChanged, &m_previewTimer, qOverload<>(&QTimer::start));
    m_editable += QList<QWidget *> { m_kind, m_inputTokens, m_inputSpread, m_sharedPrefix, m_datasetPath,
        m_datasetFormat, m_shuffle };
    updateRows();
}

void WorkloadBox::buildSyntheticFields()
{
    m_inputTokens = new QSpinBox;
    m_inputTokens->setObjectName(QStringLiteral("inputTokens"));
    m_inputTokens->setRange(1, 1000000);
    m_inputTokens->setValue(512);
    m_inputTokens->setGroupSeparatorShown(true);
    m_inputTokens->setSuffix(tr(" tokens"));
    m_inputTokens->setToolTip(tr("Each prompt's length as the server counts it (its usage.prompt_tokens)"));
    m_inputSpread = percentBox(tr("Each request's prompt length is drawn evenly from N × (1 − spread) to "
                                  "N × (1 + spread); 0 = every prompt exactly N tokens"));
    m_inputSpread->setObjectName(QStringLiteral("inputSpread"));
    m_sharedPrefix = new QSpinBox;
    m_sharedPrefix->setObjectName(QStringLiteral("sharedPrefixTokens"));
    m_sharedPrefix->setRange(0, 999999);
    m_sharedPrefix->setGroupSeparatorShown(true);
    m_sharedPrefix->setSuffix(tr(" tokens"));
    m_sharedPrefix->setSpecialValueText(tr("none"));
    m_sharedPrefix->setToolTip(tr("Every prompt opens with the same text of about this many tokens (a system "
                                  "prompt a prefix cache can serve), then differs. 0 = none."));
}

void WorkloadBox::buildPreview()
{
    m_preview = new QPlainTextEdit;
    m_preview->setObjectName(QStringLiteral("promptPreview"));
    m_preview->setReadOnly(true);
    m_preview->setTabChangesFocus(true);
    m_preview->setFixedHeight(m_preview->fontMetrics().lineSpacing() * 4 + 12);
    m_preview->setToolTip(tr("The prompt of the first measured request"));
    m_previewNote = noteLabel();
    m_previewNote->setObjectName(QStringLiteral("previewNote"));
}

QWidget *WorkloadBox::buildFixedPrompt()
{
    m_prompt = new QPlainTextEdit(defaultPrompt());
    m_prompt->setObjectName(QStringLiteral("prompt"));
    m_prompt->setToolTip(tr("The user message of every request. Keep it fixed to compare runs."));
    m_prompt->setMaximumHeight(110);
    m_tokenEstimate = new QLabel;
    m_tokenEstimate->setToolTip(tr("About 4 characters per token; the server's usage, when it sends it, is "
                                   "what the results table shows"));
    auto *load = new QPushButton(tr("Load from file…"));
    load->setToolTip(tr("Replace the prompt with the contents of a text file"));
    connect(load, &QPushButton::clicked, this, &WorkloadBox::loadPromptFromFile);
    auto *reset = new QPushButton(tr("Default"));
    reset->setToolTip(tr("The shipped prompt (about 120 tokens), so runs stay comparable with other users' runs"));
    connect(reset, &QPushButton::clicked, this, [this] { m_prompt->setPlainText(defaultPrompt()); });
    connect(m_prompt, &QPlainTextEdit::textChanged, this, &WorkloadBox::updateTokenEstimate);
    auto *row = new QHBoxLayout;
    row->addWidget(m_tokenEstimate, 1);
    row->addWidget(reset);
    row->addWidget(load);
    m_fixed = new QWidget;
    auto *layout = new QVBoxLayout(m_fixed);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_prompt);
    layout->addLayout(row);
    m_editable += QList<QWidget *> { m_prompt, load, reset };
    updateTokenEstimate();
    return m_fixed;
}

QWidget *WorkloadBox::buildDatasetRow()
{
    m_datasetPath = new QLineEdit;
    m_datasetPath->setObjectName(QStringLiteral("datasetPath"));
    m_datasetPath->setPlaceholderText(tr("a .jsonl or ShareGPT .json file"));
    m_datasetPath->setToolTip(tr("The prompt file. Its contents never reach an export; its name, size and "
                                 "SHA-256 do."));
    auto *choose = new QPushButton(tr("Choose…"));
    choose->setObjectName(QStringLiteral("chooseDataset"));
    connect(choose, &QPushButton::clicked, this, &WorkloadBox::chooseDataset);
    connect(m_datasetPath, &QLineEdit::editingFinished, this, &WorkloadBox::checkDataset);
    m_datasetFormat = new QComboBox;
    m_datasetFormat->setObjectName(QStringLiteral("datasetFormat"));
    for (DatasetFormat f :
        { DatasetFormat::Auto, DatasetFormat::VllmCustom, DatasetFormat::ChatMessages, DatasetFormat::ShareGpt })
        m_datasetFormat->addItem(formatName(f), datasetFormatName(f));
    m_datasetFormat->setToolTip(tr("vLLM custom: JSONL of {\"prompt\", \"output_tokens\"}. Chat messages: JSONL of "
                                   "{\"messages\", \"max_tokens\"}. ShareGPT: a JSON array of conversations. Auto "
                                   "decides from the file's first line."));
    connect(m_datasetFormat, &QComboBox::currentIndexChanged, this, &WorkloadBox::checkDataset);
    m_shuffle = new QCheckBox(tr("Shuffle (seeded by the Load section's seed)"));
    connect(m_shuffle, &QCheckBox::toggled, this, &WorkloadBox::updatePreview);
    m_shuffle->setObjectName(QStringLiteral("shuffle"));
    m_shuffle->setToolTip(tr("Off: requests take the entries in file order. On: in an order drawn from the "
                             "seed, the same on every computer."));
    m_datasetStatus = new QLabel;
    m_datasetStatus->setObjectName(QStringLiteral("datasetStatus"));
    m_datasetStatus->setWordWrap(true);
    m_datasetStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_datasetRow = new QWidget;
    auto *row = new QHBoxLayout(m_datasetRow);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_datasetPath, 1);
    row->addWidget(choose);
    m_editable.append(choose);
    return m_datasetRow;
}

WorkloadKind WorkloadBox::kind() const
{
    return WorkloadKind(m_kind->currentData().toInt());
}

void WorkloadBox::updateRows()
{
    const WorkloadKind k = kind();
    m_form->setRowVisible(m_fixed, k == WorkloadKind::FixedPrompt);
    for (QWidget *w : QList<QWidget *> { m_inputTokens, m_inputSpread, m_sharedPrefix })
        m_form->setRowVisible(w, k == WorkloadKind::Synthetic);
    for (QWidget *w : QList<QWidget *> { m_datasetRow, m_datasetFormat, m_shuffle, m_datasetStatus })
        m_form->setRowVisible(w, k == WorkloadKind::Dataset);
    m_form->setRowVisible(m_preview, k != WorkloadKind::FixedPrompt);
    m_form->setRowVisible(m_previewNote, k != WorkloadKind::FixedPrompt);
    if (k == WorkloadKind::Dataset)
        checkDataset();
    updatePreview();
}

void WorkloadBox::updateTokenEstimate()
{
    m_tokenEstimate->setText(tr("≈ %n token(s) (estimate)", nullptr, estimateTokens(m_prompt->toPlainText())));
}

void WorkloadBox::loadPromptFromFile()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("ui/promptDirectory")).toString();
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Load prompt"), dir, tr("Text files (*.txt *.md);;All files (*)"));
    if (path.isEmpty())
        return;
    // A regular file of at most 16 MiB (docs/metrics.md#input-files): a pipe or a device is refused.
    QString why;
    const std::optional<QByteArray> bytes = InputFile::read(path, InputFile::kTextFileMaxBytes, &why);
    if (!bytes) {
        QMessageBox::warning(this, tr("Load prompt"), tr("Cannot read %1: %2").arg(path, why));
        return;
    }
    m_prompt->setPlainText(QString::fromUtf8(*bytes));
    settings.setValue(QStringLiteral("ui/promptDirectory"), QFileInfo(path).absolutePath());
}

void WorkloadBox::chooseDataset()
{
    QSettings settings;
    const QString current = m_datasetPath->text().trimmed();
    const QString dir = current.isEmpty() ? settings.value(QStringLiteral("ui/datasetDirectory")).toString()
                                          : QFileInfo(current).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Choose a dataset"), dir, tr("Prompt files (*.jsonl *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    m_datasetPath->setText(path);
    settings.setValue(QStringLiteral("ui/datasetDirectory"), QFileInfo(path).absolutePath());
    checkDataset();
}

namespace {

// On a pool thread. The read stops between chunks once the future is cancelled (another file or
// format chosen, the window closed), so a superseded multi-GiB read does not go on to its end.
void readDatasetCheck(
    QPromise<WorkloadBox::DatasetCheck> &promise, const QString &key, const QString &path, DatasetFormat format)
{
    WorkloadBox::DatasetCheck check;
    check.key = key;
    QList<DatasetError> errors;
    try {
        const std::optional<Dataset> dataset
            = loadDataset(path, format, &errors, [&promise] { return promise.isCanceled(); });
        if (dataset) {
            check.ok = true;
            check.entries = int(dataset->entries.size());
            check.formatReason = dataset->formatReason;
            check.skipped = dataset->skipped;
            check.skippedReason = dataset->skippedReason;
            check.fileName = dataset->fileName;
            check.sizeBytes = dataset->sizeBytes;
            check.sha256Hex = dataset->sha256Hex;
            if (!dataset->entries.isEmpty())
                check.firstEntry = entryText(dataset->entries.first());
        }
    } catch (const std::bad_alloc &) {
        errors = { { 0, WorkloadBox::tr("The file is too large to read into memory.") } };
    }
    for (const DatasetError &e : std::as_const(errors))
        check.errors.append(e.message);
    promise.addResult(check);
}

} // namespace

void WorkloadBox::checkDataset()
{
    const QString path = m_datasetPath->text().trimmed();
    const QString key = path + u'\n' + m_datasetFormat->currentData().toString();
    if (kind() != WorkloadKind::Dataset || key == m_checkedDataset)
        return;
    m_checkedDataset = key;
    m_datasetPreview.clear();
    m_datasetStatus->setStyleSheet(QString());
    m_datasetStatus->setToolTip(QString());
    if (path.isEmpty()) {
        m_datasetStatus->setText(tr("Choose a prompt file."));
        updatePreview();
        Q_EMIT datasetChecked(path, false);
        return;
    }
    DatasetFormat format = DatasetFormat::Auto;
    parseDatasetFormat(m_datasetFormat->currentData().toString(), &format);
    const QFileInfo info(path);
    //: %1: the file's name, %2: its size, e.g. 642 MB
    m_datasetStatus->setText(tr("Reading %1 (%2)…").arg(info.fileName(), QLocale().formattedDataSize(info.size())));
    updatePreview();
    // A read started earlier is cancelled: it stops at its next chunk, and its result is dropped.
    m_datasetRead.cancel();
    m_datasetRead.setFuture(QtConcurrent::run(readDatasetCheck, key, path, format));
}

WorkloadBox::~WorkloadBox()
{
    m_datasetRead.cancel(); // a read under way stops instead of keeping the pool (and the exit) waiting
}

void WorkloadBox::showDatasetCheck()
{
    if (m_datasetRead.future().isCanceled() || m_datasetRead.future().resultCount() == 0)
        return;
    const DatasetCheck check = m_datasetRead.result();
    if (check.key != m_checkedDataset)
        return; // another file or format, or none, was chosen while this one was read
    if (!check.ok) {
        QString text = check.errors.isEmpty() ? tr("The file holds no prompt.") : check.errors.constFirst();
        if (check.errors.size() > 1)
            text += u' ' + tr("and %n more problem(s)", nullptr, int(check.errors.size() - 1));
        m_datasetStatus->setText(text);
        m_datasetStatus->setToolTip(check.errors.join(u'\n'));
        m_datasetStatus->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(Palette::errorText.name()));
    } else {
        //: %1: how the format was decided, e.g. JSONL whose first line has "prompt": vLLM custom.
        QString text = tr("%n prompt(s). %1", nullptr, check.entries).arg(check.formatReason);
        if (check.skipped > 0)
            text += u' ' + tr("%n entry(s) skipped: %1", nullptr, check.skipped).arg(check.skippedReason);
        m_datasetStatus->setText(text);
        m_datasetStatus->setToolTip(
            tr("%1, %2 bytes, SHA-256 %3")
                .arg(check.fileName, QLocale().toString(check.sizeBytes), check.sha256Hex.left(16)));
        m_datasetPreview = check.firstEntry;
    }
    updatePreview();
    Q_EMIT datasetChecked(m_datasetPath->text().trimmed(), check.ok);
}

void WorkloadBox::recheckDataset()
{
    m_checkedDataset.clear();
    checkDataset();
}

void WorkloadBox::focusDataset()
{
    m_datasetPath->setFocus(Qt::OtherFocusReason);
}

Workload WorkloadBox::formWorkload() const
{
    Workload w;
    w.kind = kind();
    w.inputTokens = m_inputTokens->value();
    w.inputSpread = m_inputSpread->value() / 100;
    // A shared prefix belongs to prompts of N tokens; the other kinds send none.
    w.sharedPrefixTokens = w.isSynthetic() ? m_sharedPrefix->value() : 0;
    w.datasetPath = m_datasetPath->text().trimmed();
    w.datasetFormat = m_datasetFormat->currentData().toString();
    w.shuffle = m_shuffle->isChecked();
    return w;
}

void WorkloadBox::updatePreview()
{
    m_previewTimer.stop();
    if (kind() == WorkloadKind::Synthetic)
        showSyntheticPreview();
    else if (kind() == WorkloadKind::Dataset)
        showDatasetPreview();
}

void WorkloadBox::showSyntheticPreview()
{
    const Workload w = formWorkload();
    const Workload &ran = m_calibrated.workload;
    const bool same = m_hasCalibration && ran.inputTokens == w.inputTokens && ran.inputSpread == w.inputSpread
        && ran.sharedPrefixTokens == w.sharedPrefixTokens;
    if (same) {
        const QJsonObject calibration = ran.measured.value(u"calibration").toObject();
        const CalibrationFit fit = CalibrationFit::fromJson(calibration.value(u"fit").toObject());
        const Prompt prompt = SyntheticPromptSource(ran, fit, m_calibrated.seed).next(0, 0, 0);
        const int probes = int(calibration.value(u"probes").toArray().size());
        setPreview(prompt.text,
            tr("calibrated: the server counts %1 tokens (%n probe(s))", nullptr, probes)
                .arg(QLocale().toString(prompt.targetInputTokens)));
        return;
    }
    const int prefix = w.sharedPrefixTokens;
    const QString text
        = SyntheticText::prompt(wordsFor(prefix), SyntheticText::ordinal(0, 0, 0), wordsFor(w.inputTokens - prefix));
    setPreview(text, tr("before calibration: about %1 tokens").arg(QLocale().toString(w.inputTokens)));
}

void WorkloadBox::showDatasetPreview()
{
    if (m_datasetPreview.isEmpty())
        setPreview(QString(), QString());
    else
        setPreview(m_datasetPreview,
            m_shuffle->isChecked() ? tr("the file's first entry (shuffled, the first request sends another)")
                                   : tr("the file's first entry, which the first request sends"));
}

void WorkloadBox::setPreview(const QString &text, const QString &note)
{
    m_preview->setPlainText(shortened(text));
    m_previewNote->setText(note);
}

void WorkloadBox::setCalibratedRun(const RunConfig &config)
{
    const QJsonObject calibration = config.workload.measured.value(u"calibration").toObject();
    if (!config.workload.isSynthetic() || !calibration.contains(u"fit"))
        return;
    m_calibrated = config;
    m_hasCalibration = true;
    updatePreview();
}

bool WorkloadBox::applyTo(RunConfig *config, QString *error) const
{
    const WorkloadKind k = kind();
    if (k == WorkloadKind::FixedPrompt && m_prompt->toPlainText().trimmed().isEmpty()) {
        *error = tr("The prompt is empty. Type one, load one from a file, or press Default.");
        return false;
    }
    if (!m_prompt->toPlainText().trimmed().isEmpty())
        config->prompt = m_prompt->toPlainText();
    const Workload w = formWorkload();
    Workload &out = config->workload;
    out.kind = w.kind;
    out.inputTokens = w.inputTokens;
    out.inputSpread = w.inputSpread;
    out.sharedPrefixTokens = w.sharedPrefixTokens;
    out.datasetPath = w.datasetPath;
    out.datasetFormat = w.datasetFormat;
    out.shuffle = w.shuffle;
    out.measured = {}; // what a run measured belongs to that run
    return true;
}

void WorkloadBox::load(const RunConfig &config)
{
    const Workload &w = config.workload;
    m_prompt->setPlainText(config.prompt);
    if (w.inputTokens > 0)
        m_inputTokens->setValue(w.inputTokens);
    m_inputSpread->setValue(100 * w.inputSpread);
    m_sharedPrefix->setValue(w.sharedPrefixTokens);
    m_datasetPath->setText(w.datasetPath);
    m_datasetFormat->setCurrentIndex(std::max(0, m_datasetFormat->findData(w.datasetFormat)));
    m_shuffle->setChecked(w.shuffle);
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(int(w.kind))));
    updateRows();
}

void WorkloadBox::setEditable(bool editable)
{
    for (QWidget *w : std::as_const(m_editable))
        w->setEnabled(editable);
}

QString WorkloadBox::promptText() const
{
    return m_prompt->toPlainText();
}

} // namespace TokenScope
