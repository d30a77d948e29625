// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runsettingsform.h"

#include "core/defaultprompt.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace TokenScope {

bool parseConcurrencyLevels(const QString &text, QList<int> *levels, QString *bad)
{
    levels->clear();
    const QStringList items = text.split(u',', Qt::SkipEmptyParts);
    for (const QString &item : items) {
        bool ok = false;
        const int value = item.trimmed().toInt(&ok);
        if (!ok) {
            *bad = item.trimmed();
            return false;
        }
        levels->append(value);
    }
    return true;
}

namespace {

QString levelsText(const QList<int> &levels)
{
    QStringList items;
    for (int c : levels)
        items.append(QString::number(c));
    return items.join(u',');
}

QSpinBox *spinBox(int min, int max, int value, const QString &toolTip)
{
    auto *box = new QSpinBox;
    box->setRange(min, max);
    box->setValue(value);
    box->setToolTip(toolTip);
    return box;
}

} // namespace

RunSettingsForm::RunSettingsForm(QWidget *parent)
    : QWidget(parent)
{
    const RunConfig defaults;
    m_concurrency = new QLineEdit(levelsText(defaults.concurrencyLevels));
    m_concurrency->setToolTip(tr("Comma-separated concurrency levels, measured one after another"));
    m_requestsPerConcurrency = spinBox(1, 1000, defaults.requestsPerConcurrency,
        tr("Requests per level = this × the level's concurrency"));
    m_requestsPerConcurrency->setPrefix(tr("×"));
    m_maxTokens = spinBox(1, 1000000, defaults.maxTokens, tr("max_tokens sent with every request"));
    m_temperature = new QDoubleSpinBox;
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperature->setValue(defaults.temperature);
    m_warmup = spinBox(0, 100, defaults.warmupRequests,
        tr("Requests sent before the first level and left out of every statistic"));
    m_minTokensForTpot = spinBox(2, 100000, defaults.minTokensForTpot,
        tr("Requests with fewer output tokens are left out of TPOT and ITL (and counted as excluded)"));
    m_timeoutS = spinBox(1, 3600, defaults.timeoutMs / 1000,
        tr("A request that receives nothing for this long fails with the kind “timeout”"));
    m_timeoutS->setSuffix(tr(" s"));
    m_includeUsage = new QCheckBox(tr("Ask for usage in the stream (stream_options.include_usage)"));
    m_includeUsage->setChecked(defaults.includeUsage);
    m_includeUsage->setToolTip(tr("Turn off for servers that reject stream_options; tokens are then counted "
                                  "from text-bearing chunks"));

    auto *settings = new QGroupBox(tr("Run settings"));
    auto *form = new QFormLayout(settings);
    form->addRow(tr("Concurrency levels:"), m_concurrency);
    form->addRow(tr("Requests per concurrency:"), m_requestsPerConcurrency);
    form->addRow(tr("max_tokens:"), m_maxTokens);
    form->addRow(tr("Temperature:"), m_temperature);
    form->addRow(tr("Warm-up requests:"), m_warmup);
    form->addRow(tr("Min tokens for TPOT:"), m_minTokensForTpot);
    form->addRow(tr("Timeout:"), m_timeoutS);
    form->addRow(m_includeUsage);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildPromptBox());
    layout->addWidget(settings);
    m_editable = { m_prompt, m_concurrency, m_requestsPerConcurrency, m_maxTokens, m_temperature, m_warmup,
        m_minTokensForTpot, m_timeoutS, m_includeUsage };
}

QWidget *RunSettingsForm::buildPromptBox()
{
    auto *box = new QGroupBox(tr("Prompt"));
    m_prompt = new QPlainTextEdit(defaultPrompt());
    m_prompt->setToolTip(tr("The user message of every request. Keep it fixed to compare runs."));
    m_prompt->setMaximumHeight(110);
    m_tokenEstimate = new QLabel;
    m_tokenEstimate->setToolTip(tr("About 4 characters per token; the server's usage, when it sends it, is "
                                   "what the results table shows"));
    auto *load = new QPushButton(tr("Load from file…"));
    load->setToolTip(tr("Replace the prompt with the contents of a text file"));
    connect(load, &QPushButton::clicked, this, &RunSettingsForm::loadPromptFromFile);
    auto *reset = new QPushButton(tr("Default"));
    reset->setToolTip(tr("The shipped prompt (about 120 tokens), so runs stay comparable with other users' runs"));
    connect(reset, &QPushButton::clicked, this, [this] { m_prompt->setPlainText(defaultPrompt()); });
    connect(m_prompt, &QPlainTextEdit::textChanged, this, &RunSettingsForm::updateTokenEstimate);
    auto *row = new QHBoxLayout;
    row->addWidget(m_tokenEstimate, 1);
    row->addWidget(reset);
    row->addWidget(load);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(m_prompt);
    layout->addLayout(row);
    m_editable.append(load);
    m_editable.append(reset);
    updateTokenEstimate();
    return box;
}

void RunSettingsForm::updateTokenEstimate()
{
    m_tokenEstimate->setText(tr("≈ %n token(s) (estimate)", nullptr, estimateTokens(m_prompt->toPlainText())));
}

void RunSettingsForm::loadPromptFromFile()
{
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("ui/promptDirectory")).toString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Load prompt"), dir,
        tr("Text files (*.txt *.md);;All files (*)"));
    if (path.isEmpty())
        return;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, tr("Load prompt"), tr("Cannot read %1: %2").arg(path, file.errorString()));
        return;
    }
    m_prompt->setPlainText(QString::fromUtf8(file.readAll()));
    settings.setValue(QStringLiteral("ui/promptDirectory"), QFileInfo(path).absolutePath());
}

QString RunSettingsForm::promptText() const
{
    return m_prompt->toPlainText();
}

bool RunSettingsForm::applyTo(RunConfig *config, QString *error) const
{
    QString bad;
    if (!parseConcurrencyLevels(m_concurrency->text(), &config->concurrencyLevels, &bad)) {
        *error = tr("Concurrency levels: “%1” is not a whole number. Use a list such as 1,4,8,16.").arg(bad);
        return false;
    }
    if (m_prompt->toPlainText().trimmed().isEmpty()) {
        *error = tr("The prompt is empty. Type one, load one from a file, or press Default.");
        return false;
    }
    config->prompt = m_prompt->toPlainText();
    config->requestsPerConcurrency = m_requestsPerConcurrency->value();
    config->maxTokens = m_maxTokens->value();
    config->temperature = m_temperature->value();
    config->warmupRequests = m_warmup->value();
    config->minTokensForTpot = m_minTokensForTpot->value();
    config->timeoutMs = m_timeoutS->value() * 1000;
    config->includeUsage = m_includeUsage->isChecked();
    return true;
}

void RunSettingsForm::load(const RunConfig &config)
{
    m_prompt->setPlainText(config.prompt);
    m_concurrency->setText(levelsText(config.concurrencyLevels));
    m_requestsPerConcurrency->setValue(config.requestsPerConcurrency);
    m_maxTokens->setValue(config.maxTokens);
    m_temperature->setValue(config.temperature);
    m_warmup->setValue(config.warmupRequests);
    m_minTokensForTpot->setValue(config.minTokensForTpot);
    m_timeoutS->setValue(config.timeoutMs / 1000);
    m_includeUsage->setChecked(config.includeUsage);
}

void RunSettingsForm::setEditable(bool editable)
{
    for (QWidget *w : std::as_const(m_editable))
        w->setEnabled(editable);
}

} // namespace TokenScope
