// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runsettingsform.h"

#include "charts/palette.h"
#include "conversationbox.h"
#include "tracebox.h"
#include "workloadbox.h"

#include "engine/runcheck.h"
#include "net/requestbuilder.h"
#include "session/runsession.h"
#include "stats/statistics.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

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

bool parseRequestRates(const QString &text, QList<double> *rates, QString *bad)
{
    rates->clear();
    const QStringList items = text.split(u',', Qt::SkipEmptyParts);
    for (const QString &item : items) {
        const QString trimmed = item.trimmed();
        if (trimmed.compare(QLatin1String("inf"), Qt::CaseInsensitive) == 0) {
            rates->append(std::numeric_limits<double>::infinity());
            continue;
        }
        bool ok = false;
        const double value = trimmed.toDouble(&ok);
        if (!ok || !std::isfinite(value)) {
            *bad = trimmed;
            return false;
        }
        rates->append(value);
    }
    return true;
}

QString requestRatesText(const QList<double> &rates)
{
    QStringList items;
    for (double r : rates)
        items.append(rateText(r));
    return items.join(u',');
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

QDoubleSpinBox *secondsBox(double max, double value, const QString &toolTip)
{
    auto *box = new QDoubleSpinBox;
    box->setRange(0, max);
    box->setDecimals(1);
    box->setSingleStep(1);
    box->setValue(value);
    box->setSuffix(RunSettingsForm::tr(" s"));
    box->setToolTip(toolTip);
    return box;
}

// The form's default max-rate constraint: a config without one (any other mode) keeps the field's text.
QString defaultConstraints()
{
    return QStringLiteral("p95_ttft_ms<=500");
}

} // namespace

RunSettingsForm::RunSettingsForm(QWidget *parent)
    : QWidget(parent)
{
    const RunConfig defaults;
    m_maxTokens = spinBox(1, 1000000, defaults.maxTokens, tr("max_tokens sent with every request"));
    m_temperature = new QDoubleSpinBox;
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperature->setValue(defaults.temperature);
    m_warmup = spinBox(
        0, 100, defaults.warmupRequests, tr("Requests sent before the first level and left out of every statistic"));
    m_minTokensForTpot = spinBox(2, 100000, defaults.minTokensForTpot,
        tr("Requests with fewer output tokens are left out of TPOT and ITL (and counted as excluded)"));
    m_timeoutS = spinBox(1, 3600, defaults.timeoutMs / 1000,
        tr("A request that receives nothing for this long fails with the kind “timeout”"));
    m_timeoutS->setSuffix(tr(" s"));
    m_requestDeadlineS = spinBox(0, 86400, defaults.requestDeadlineMs / 1000,
        tr("A request still open this long after it was sent is aborted with the kind “deadline”, even while the "
           "server keeps sending (keep-alive comments); 0 = no deadline"));
    m_requestDeadlineS->setObjectName(QStringLiteral("requestDeadline"));
    m_requestDeadlineS->setSuffix(tr(" s"));
    m_requestDeadlineS->setSpecialValueText(tr("none"));
    m_repeats = spinBox(1, RunSession::kMaxRepeats, 1,
        tr("Run the whole configuration this many times back to back, each a run of its own in History, to "
           "compare the spread between runs with the spread within them"));
    m_repeats->setObjectName(QStringLiteral("repeats"));
    m_repeats->setSuffix(tr(" ×"));
    m_includeUsage = new QCheckBox(tr("Ask for usage in the stream (stream_options.include_usage)"));
    m_includeUsage->setObjectName(QStringLiteral("includeUsage"));
    m_includeUsage->setChecked(defaults.includeUsage);
    m_includeUsage->setToolTip(tr("Turn off for servers that reject stream_options; tokens are then counted "
                                  "from text-bearing chunks"));

    auto *settings = new QGroupBox(tr("Run settings"));
    auto *form = new QFormLayout(settings);
    form->addRow(tr("max_tokens:"), maxTokensRow());
    form->addRow(tr("Temperature:"), m_temperature);
    form->addRow(tr("Warm-up requests:"), m_warmup);
    form->addRow(tr("Min tokens for TPOT:"), m_minTokensForTpot);
    form->addRow(tr("Timeout:"), m_timeoutS);
    form->addRow(tr("Request deadline:"), m_requestDeadlineS);
    form->addRow(m_includeUsage);
    form->addRow(tr("Repeat:"), m_repeats);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_workload = new WorkloadBox;
    layout->addWidget(m_workload);
    m_conversation = new ConversationBox;
    layout->addWidget(m_conversation);
    layout->addWidget(buildLoadBox());
    layout->addWidget(settings);
    m_editable += QList<QWidget *> { m_outputSpread, m_maxTokens, m_temperature, m_warmup, m_minTokensForTpot,
        m_timeoutS, m_requestDeadlineS, m_includeUsage, m_repeats };
}

int RunSettingsForm::repeats() const
{
    return m_repeats->value();
}

// max_tokens and the spread each request's max_tokens is drawn from around it.
QWidget *RunSettingsForm::maxTokensRow()
{
    m_outputSpread = new QDoubleSpinBox;
    m_outputSpread->setObjectName(QStringLiteral("outputSpread"));
    m_outputSpread->setRange(0, 99);
    m_outputSpread->setDecimals(1);
    m_outputSpread->setSingleStep(5);
    m_outputSpread->setPrefix(QStringLiteral("±"));
    m_outputSpread->setSuffix(QStringLiteral(" %"));
    m_outputSpread->setToolTip(tr("Each request's max_tokens is drawn evenly from max_tokens × (1 − spread) to "
                                  "max_tokens × (1 + spread); a dataset entry's own output length wins. "
                                  "0 = all alike."));
    auto *row = new QWidget;
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_maxTokens, 1);
    layout->addWidget(new QLabel(tr("spread")));
    layout->addWidget(m_outputSpread, 1);
    return row;
}

// The mode and a line saying what it does.
void RunSettingsForm::buildLoadMode()
{
    m_loadMode = new QComboBox;
    m_loadMode->setObjectName(QStringLiteral("loadMode"));
    m_loadMode->addItem(tr("Concurrency levels"), int(LoadMode::Concurrency));
    m_loadMode->addItem(tr("Request rates"), int(LoadMode::Rates));
    m_loadMode->addItem(tr("Sweep"), int(LoadMode::Sweep));
    m_loadMode->addItem(tr("Find max rate"), int(LoadMode::FindMaxRate));
    m_loadMode->addItem(tr("Replay a trace"), int(LoadMode::Trace));
    m_loadMode->setToolTip(
        tr("Concurrency levels: closed loop, a fixed number of users each sending its next "
           "request when the last one ends.\nRequest rates: open loop, requests arrive on a "
           "schedule whether or not earlier ones have ended.\nSweep: one request at a time, "
           "then everything at once, then rates evenly spaced up to that.\nFind max rate: the "
           "highest rate that meets every constraint, found by probing.\nReplay a trace: requests at the times, "
           "and of the lengths, a trace file gives."));
    m_loadModeHelp = new QLabel;
    m_loadModeHelp->setWordWrap(true);
    m_loadModeHelp->setObjectName(QStringLiteral("loadModeHelp"));
    QPalette help = m_loadModeHelp->palette();
    help.setColor(QPalette::WindowText, help.color(QPalette::PlaceholderText));
    m_loadModeHelp->setPalette(help);
}

// Concurrency levels and request rates, and how an open loop spaces and caps its requests.
void RunSettingsForm::buildLevelFields()
{
    const RunConfig defaults;
    m_concurrency = new QLineEdit(levelsText(defaults.concurrencyLevels));
    m_concurrency->setObjectName(QStringLiteral("concurrencyLevels"));
    m_concurrency->setToolTip(tr("Comma-separated concurrency levels, measured one after another"));
    m_requestRates = new QLineEdit(requestRatesText(defaults.requestRates));
    m_requestRates->setObjectName(QStringLiteral("requestRates"));
    m_requestRates->setToolTip(tr("Comma-separated request rates (requests per second), measured one after "
                                  "another; inf sends a level's requests all at once"));
    m_arrival = new QComboBox;
    m_arrival->setObjectName(QStringLiteral("arrival"));
    m_arrival->addItem(tr("Poisson"), int(Arrival::Poisson));
    m_arrival->addItem(tr("Gamma"), int(Arrival::Gamma));
    m_arrival->addItem(tr("Constant"), int(Arrival::Constant));
    m_arrival->setToolTip(tr("How requests are spaced at a rate: Poisson (random, like independent users), gamma "
                             "(burstier or smoother, as Burstiness says) or constant (evenly)"));
    m_burstiness = new QDoubleSpinBox;
    m_burstiness->setObjectName(QStringLiteral("burstiness"));
    m_burstiness->setRange(0.01, 100);
    m_burstiness->setDecimals(2);
    m_burstiness->setSingleStep(0.1);
    m_burstiness->setValue(defaults.burstiness);
    m_burstiness->setToolTip(tr("Gamma shape: 1 = Poisson, below 1 burstier, above 1 smoother (vLLM's --burstiness)"));
    m_maxConcurrency = spinBox(0, 4096, defaults.maxConcurrency,
        tr("At most this many requests in flight under a rate; a request due while the cap is full waits "
           "(and its wait is reported). 0 = no cap. The throughput level of a sweep or a search sends "
           "everything at once under it."));
    m_maxConcurrency->setObjectName(QStringLiteral("maxConcurrency"));
    m_maxConcurrency->setSpecialValueText(tr("none"));
    m_seed = spinBox(0, INT_MAX, int(defaults.seed),
        tr("Seeds the arrival schedules (level i uses seed + i): the same seed sends at the same times"));
    m_seed->setObjectName(QStringLiteral("seed"));
}

// How long a level lasts, and the sweep's and the search's own settings.
void RunSettingsForm::buildSpanFields()
{
    const RunConfig defaults;
    m_durationS = secondsBox(86400, defaults.durationS,
        tr("Each level lasts this long instead of sending a fixed number of requests. 0 = by count."));
    m_durationS->setObjectName(QStringLiteral("durationS"));
    m_durationS->setSpecialValueText(tr("by count"));
    m_graceS = secondsBox(3600, defaults.graceS,
        tr("After a level's duration, requests still in flight get this long to end; then they are "
           "recorded as incomplete"));
    m_graceS->setObjectName(QStringLiteral("graceS"));
    m_rampUpS = secondsBox(3600, defaults.rampUpS,
        tr("Open loop: the rate rises from 0 over this long at the start of each level; those requests "
           "are not counted. 0 = none."));
    m_rampUpS->setObjectName(QStringLiteral("rampUpS"));
    m_rampUpS->setSpecialValueText(tr("none"));
    m_sliceS = secondsBox(3600, defaults.sliceS,
        tr("Also summarise each level in windows this long: TTFT, output tokens per second and requests in "
           "flight per window, to see a level drift. Off: the level's figures only."));
    m_sliceS->setObjectName(QStringLiteral("sliceS"));
    m_sliceS->setDecimals(2);
    m_sliceS->setSpecialValueText(tr("off"));
    m_sweepRates = spinBox(1, 100, defaults.sweepRates,
        tr("Rates measured after the synchronous level (one request at a time) and the throughput level "
           "(everything at once), evenly spaced above the synchronous rate up to the throughput rate; the "
           "sweep stops early when the server saturates"));
    m_sweepRates->setObjectName(QStringLiteral("sweepRates"));
    m_constraints = new QLineEdit(defaultConstraints());
    m_constraints->setObjectName(QStringLiteral("constraints"));
    m_constraints->setToolTip(tr("What every probed rate must meet, comma-separated: a summary.json level key, "
                                 "<=, <, >= or > and a bound, e.g. p95_ttft_ms<=500,p95_tpot_ms<=50"));
    m_probes = spinBox(1, 30, defaults.maxRateProbes,
        tr("Probes after the throughput level, each a level of its own: the rate doubles while they meet "
           "every constraint, then bisects between the highest that met and the lowest that missed"));
    m_probes->setObjectName(QStringLiteral("probes"));
}

// Stop when precise: the target, the figure it aims at and the bound (docs/metrics.md#stop-when-precise).
void RunSettingsForm::buildPrecisionFields()
{
    m_targetPrecision = new QDoubleSpinBox;
    m_targetPrecision->setObjectName(QStringLiteral("targetPrecision"));
    m_targetPrecision->setRange(0, 100);
    m_targetPrecision->setDecimals(1);
    m_targetPrecision->setSuffix(QStringLiteral(" %"));
    m_targetPrecision->setSpecialValueText(tr("off"));
    m_targetPrecision->setToolTip(tr("Keep each level sending until the 95 % interval of the figure below lies "
                                     "within ± this percent of it, at most Max requests (or the duration). "
                                     "Off: each level sends its count."));
    m_precisionMetric = new QComboBox;
    m_precisionMetric->setObjectName(QStringLiteral("precisionMetric"));
    for (const char *metric : { "ttft", "tpot", "itl", "e2el" })
        for (const char *stat : { "p50", "p95", "p99" })
            m_precisionMetric->addItem(
                QString::fromLatin1(metric).toUpper() + u' ' + QString::fromLatin1(stat).toUpper(),
                QStringLiteral("%1_%2_ms").arg(QLatin1String(stat), QLatin1String(metric)));
    m_precisionMetric->setCurrentIndex(m_precisionMetric->findData(RunConfig().precisionMetric));
    m_precisionMetric->setToolTip(tr("The figure the target precision aims at. P95 needs at least 100 requests for "
                                     "an interval, P99 500."));
    m_maxRequests = spinBox(1, 100000, RunConfig::kDefaultPrecisionMaxRequests,
        tr("The most requests a level sends while it aims at its precision"));
    m_maxRequests->setObjectName(QStringLiteral("maxRequests"));
}

QWidget *RunSettingsForm::buildLoadBox()
{
    buildLoadMode();
    buildLevelFields();
    buildSpanFields();
    buildPrecisionFields();
    m_goodput = new QLineEdit;
    m_goodput->setObjectName(QStringLiteral("goodput"));
    m_goodput->setPlaceholderText(tr("optional, e.g. ttft:500 tpot:50"));
    m_goodput->setToolTip(tr("Goodput counts the completed requests that meet every objective given here, in "
                             "ms: ttft, tpot and e2el (vLLM's --goodput). Empty = no goodput."));
    m_requestsPerConcurrency = spinBox(1, 1000, RunConfig().requestsPerConcurrency,
        tr("Requests per level = this × the level's concurrency (or cap, when a level sends everything at "
           "once); a level at a rate sends about ten seconds' worth"));
    m_requestsPerConcurrency->setObjectName(QStringLiteral("requestsPerConcurrency"));
    m_requestsPerConcurrency->setPrefix(tr("×"));
    // The run check's Load section, as you type (docs/architecture.md#the-run-check).
    m_loadProblem = new QLabel;
    m_loadProblem->setObjectName(QStringLiteral("loadProblem"));
    m_loadProblem->setWordWrap(true);
    m_loadProblem->setStyleSheet(QStringLiteral("color: %1;").arg(Palette::fieldError.name()));
    m_loadProblem->hide();

    auto *box = new QGroupBox(tr("Load"));
    m_loadForm = new QFormLayout(box);
    m_loadForm->addRow(tr("&Mode:"), m_loadMode);
    m_loadForm->addRow(m_loadModeHelp);
    m_loadForm->addRow(tr("Concurrency levels:"), m_concurrency);
    m_trace = new TraceBox;
    m_loadForm->addRow(m_trace);
    connect(m_trace, &TraceBox::changed, this, &RunSettingsForm::updateLoadProblem);
    m_loadForm->addRow(tr("Request rates (/s):"), m_requestRates);
    m_loadForm->addRow(tr("Arrival:"), m_arrival);
    m_loadForm->addRow(tr("Burstiness:"), m_burstiness);
    m_loadForm->addRow(tr("Max concurrency:"), m_maxConcurrency);
    m_loadForm->addRow(tr("Sweep rates:"), m_sweepRates);
    m_loadForm->addRow(tr("Constraints:"), m_constraints);
    m_loadForm->addRow(tr("Probes:"), m_probes);
    m_loadForm->addRow(tr("Requests per concurrency:"), m_requestsPerConcurrency);
    m_loadForm->addRow(tr("Target precision:"), m_targetPrecision);
    m_loadForm->addRow(tr("Precision figure:"), m_precisionMetric);
    m_loadForm->addRow(tr("Max requests:"), m_maxRequests);
    m_loadForm->addRow(tr("Duration per level:"), m_durationS);
    m_loadForm->addRow(tr("Grace:"), m_graceS);
    m_loadForm->addRow(tr("Ramp-up:"), m_rampUpS);
    m_loadForm->addRow(tr("Seed:"), m_seed);
    m_loadForm->addRow(tr("Goodput SLO:"), m_goodput);
    m_loadForm->addRow(tr("Slice:"), m_sliceS);
    m_loadForm->addRow(m_loadProblem);
    connectLoadEdits();
    updateLoadRows();
    return box;
}

void RunSettingsForm::connectLoadEdits()
{
    connect(m_loadMode, &QComboBox::currentIndexChanged, this, &RunSettingsForm::updateLoadRows);
    connect(m_arrival, &QComboBox::currentIndexChanged, this, &RunSettingsForm::updateLoadRows);
    connect(m_durationS, &QDoubleSpinBox::valueChanged, this, &RunSettingsForm::updateLoadRows);
    connect(m_targetPrecision, &QDoubleSpinBox::valueChanged, this, &RunSettingsForm::updateLoadRows);
    for (QComboBox *combo : { m_loadMode, m_arrival })
        connect(combo, &QComboBox::currentIndexChanged, this, &RunSettingsForm::updateLoadProblem);
    for (QLineEdit *edit : { m_concurrency, m_requestRates, m_constraints, m_goodput })
        connect(edit, &QLineEdit::textChanged, this, &RunSettingsForm::updateLoadProblem);
    for (QDoubleSpinBox *box : { m_burstiness, m_durationS, m_graceS, m_rampUpS, m_sliceS })
        connect(box, &QDoubleSpinBox::valueChanged, this, &RunSettingsForm::updateLoadProblem);
    for (QSpinBox *box : { m_maxConcurrency, m_seed, m_sweepRates, m_probes, m_requestsPerConcurrency })
        connect(box, &QSpinBox::valueChanged, this, &RunSettingsForm::updateLoadProblem);
    m_editable += QList<QWidget *> { m_loadMode, m_concurrency, m_requestRates, m_arrival, m_burstiness,
        m_maxConcurrency, m_durationS, m_graceS, m_rampUpS, m_seed, m_sweepRates, m_constraints, m_probes, m_goodput,
        m_requestsPerConcurrency, m_targetPrecision, m_precisionMetric, m_maxRequests, m_sliceS };
}

void RunSettingsForm::updateLoadProblem()
{
    RunConfig config;
    QString problem;
    if (readLoadInto(&config, &problem))
        problem = RunCheck::loadProblem(config);
    m_loadProblem->setText(problem);
    m_loadProblem->setVisible(!problem.isEmpty());
}

LoadMode RunSettingsForm::loadMode() const
{
    return LoadMode(m_loadMode->currentData().toInt());
}

void RunSettingsForm::updateLoadRows()
{
    const LoadMode mode = loadMode();
    const bool trace = mode == LoadMode::Trace;
    const bool openLoop = mode != LoadMode::Concurrency;
    QList<std::pair<QWidget *, bool>> rows { { m_concurrency, mode == LoadMode::Concurrency }, { m_trace, trace },
        { m_requestRates, mode == LoadMode::Rates }, { m_maxConcurrency, openLoop },
        { m_sweepRates, mode == LoadMode::Sweep }, { m_constraints, mode == LoadMode::FindMaxRate },
        { m_probes, mode == LoadMode::FindMaxRate } };
    // A trace brings its own times and count: no arrival process, ramp-up, duration or count.
    for (QWidget *w : QList<QWidget *> { m_requestsPerConcurrency, m_durationS, m_graceS })
        rows.append({ w, !trace });
    for (QWidget *w : QList<QWidget *> { m_arrival, m_burstiness, m_rampUpS, m_seed })
        rows.append({ w, openLoop && !trace });
    for (QWidget *w : QList<QWidget *> { m_targetPrecision, m_precisionMetric, m_maxRequests })
        rows.append({ w, RunConfig::canStopWhenPrecise(mode) });
    // Rows shown first, then rows hidden: Qt 6.4's form layout gives a row shown right after others
    // were hidden no height (concurrency levels to a trace hid the cap's row that way).
    for (bool visible : { true, false }) {
        for (const auto &[widget, on] : std::as_const(rows)) {
            if (on == visible)
                m_loadForm->setRowVisible(widget, on);
        }
    }
    // Editability (setEditable) and relevance are separate: a field that does not apply is disabled
    // only while the form is editable.
    const bool editable = m_loadMode->isEnabled();
    m_burstiness->setEnabled(editable && Arrival(m_arrival->currentData().toInt()) == Arrival::Gamma);
    m_graceS->setEnabled(editable && m_durationS->value() > 0);
    const bool precise = RunConfig::canStopWhenPrecise(mode) && m_targetPrecision->value() > 0;
    m_precisionMetric->setEnabled(editable && precise);
    m_maxRequests->setEnabled(editable && precise);
    m_requestsPerConcurrency->setEnabled(editable && !precise); // a precise level runs until precise
    switch (mode) {
    case LoadMode::Concurrency:
        m_loadModeHelp->setText(tr("Closed loop: each level keeps this many requests in flight, sending the next "
                                   "when one ends."));
        break;
    case LoadMode::Rates:
        m_loadModeHelp->setText(tr("Open loop: requests arrive at each rate on a schedule, whether or not earlier "
                                   "ones have ended."));
        break;
    case LoadMode::Sweep:
        m_loadModeHelp->setText(tr("One request at a time, then everything at once, then rates evenly spaced up "
                                   "to that: the serving curve."));
        break;
    case LoadMode::FindMaxRate:
        m_loadModeHelp->setText(tr("Everything at once, then probes at rates that double while they meet every "
                                   "constraint and then bisect: the highest rate that meets them."));
        break;
    case LoadMode::Trace:
        m_loadModeHelp->setText(tr("Replay a timestamped trace: each request is sent at the time the trace gives, "
                                   "with the prompt and output lengths it gives."));
        break;
    }
}

void RunSettingsForm::loadPromptFromFile()
{
    m_workload->loadPromptFromFile();
}

QString RunSettingsForm::promptText() const
{
    return m_workload->promptText();
}

void RunSettingsForm::setCalibratedRun(const RunConfig &config)
{
    m_workload->setCalibratedRun(config);
}

bool RunSettingsForm::readLoadInto(RunConfig *config, QString *error) const
{
    const LoadMode mode = loadMode();
    config->loadMode = mode;
    // A list the mode does not use is written when it parses and otherwise left as it was.
    QString bad;
    QList<int> levels;
    if (parseConcurrencyLevels(m_concurrency->text(), &levels, &bad))
        config->concurrencyLevels = levels;
    else if (mode == LoadMode::Concurrency) {
        *error = tr("Concurrency levels: “%1” is not a whole number. Use a list such as 1,4,8,16.").arg(bad);
        return false;
    }
    QList<double> rates;
    if (parseRequestRates(m_requestRates->text(), &rates, &bad))
        config->requestRates = rates;
    else if (mode == LoadMode::Rates) {
        *error = tr("Request rates: “%1” is not a number of requests per second. Use a list such as 1,2,4 (inf: "
                    "all at once).")
                     .arg(bad);
        return false;
    }
    config->trace = m_trace->replay();
    config->arrival = mode == LoadMode::Trace ? Arrival::Trace : Arrival(m_arrival->currentData().toInt());
    config->burstiness = config->arrival == Arrival::Gamma ? m_burstiness->value() : 1.0;
    config->maxConcurrency = m_maxConcurrency->value();
    config->durationS = mode == LoadMode::Trace ? 0 : m_durationS->value(); // its timestamps set its length
    config->graceS = m_graceS->value();
    config->rampUpS = mode == LoadMode::Trace ? 0 : m_rampUpS->value();
    config->sliceS = m_sliceS->value();
    config->seed = quint32(m_seed->value());
    config->sweepRates = m_sweepRates->value();
    config->maxRateProbes = m_probes->value();
    config->requestsPerConcurrency = m_requestsPerConcurrency->value();
    config->targetPrecisionPct = RunConfig::canStopWhenPrecise(mode) ? m_targetPrecision->value() : 0;
    config->precisionMetric = m_precisionMetric->currentData().toString();
    config->maxRequests = m_maxRequests->value();
    // Constraints only mean something to a search; other runs record none.
    config->maxRateConstraints.clear();
    if (mode == LoadMode::FindMaxRate) {
        QString problem;
        if (!SloConstraint::parseList(
                m_constraints->text(), &config->maxRateConstraints, &problem, &Stats::isLevelMetric)) {
            *error = tr("Constraints: %1").arg(problem);
            return false;
        }
    }
    config->goodput = {};
    if (!m_goodput->text().trimmed().isEmpty()) {
        QString problem;
        if (!GoodputSlo::parse(m_goodput->text(), &config->goodput, &problem)) {
            *error = tr("Goodput SLO: %1").arg(problem);
            return false;
        }
    }
    return true;
}

bool RunSettingsForm::applyTo(RunConfig *config, QString *error) const
{
    // The fields first, each read as its own value; then one check of the sections this form
    // fills, whichever field each rule reads (the workload's reads the usage setting and the API).
    if (!readLoadInto(config, error))
        return false;
    config->maxTokens = m_maxTokens->value();
    config->workload.outputSpread = m_outputSpread->value() / 100;
    config->temperature = m_temperature->value();
    config->warmupRequests = m_warmup->value();
    config->minTokensForTpot = m_minTokensForTpot->value();
    config->timeoutMs = m_timeoutS->value() * 1000;
    config->requestDeadlineMs = m_requestDeadlineS->value() * 1000;
    config->includeUsage = m_includeUsage->isChecked();
    config->conversation = m_conversation->conversation();
    if (!m_workload->applyTo(config, error))
        return false;
    for (const RunCheck::Problem &problem : RunCheck::problems(*config)) {
        if (problem.section == RunCheck::Section::Load || problem.section == RunCheck::Section::Requests
            || problem.section == RunCheck::Section::Workload) {
            *error = problem.message;
            return false;
        }
    }
    return true;
}

void RunSettingsForm::load(const RunConfig &config)
{
    m_workload->load(config);
    m_conversation->load(config.conversation);
    m_outputSpread->setValue(100 * config.workload.outputSpread);
    m_loadMode->setCurrentIndex(std::max(0, m_loadMode->findData(int(config.loadMode))));
    m_concurrency->setText(levelsText(config.concurrencyLevels));
    m_requestRates->setText(requestRatesText(config.requestRates));
    m_arrival->setCurrentIndex(std::max(0, m_arrival->findData(int(config.arrival))));
    m_trace->load(config.trace);
    m_burstiness->setValue(config.burstiness);
    m_maxConcurrency->setValue(config.maxConcurrency);
    m_durationS->setValue(config.durationS);
    m_sliceS->setValue(config.sliceS);
    m_graceS->setValue(config.graceS);
    m_rampUpS->setValue(config.rampUpS);
    m_seed->setValue(int(std::min<quint32>(config.seed, INT_MAX)));
    m_sweepRates->setValue(config.sweepRates);
    if (!config.maxRateConstraints.isEmpty()) // another mode's run keeps the field's text
        m_constraints->setText(SloConstraint::listText(config.maxRateConstraints));
    m_probes->setValue(config.maxRateProbes);
    m_goodput->setText(config.goodput.spec());
    m_requestsPerConcurrency->setValue(config.requestsPerConcurrency);
    m_targetPrecision->setValue(config.targetPrecisionPct);
    if (const int metric = m_precisionMetric->findData(config.precisionMetric); metric >= 0)
        m_precisionMetric->setCurrentIndex(metric);
    m_maxRequests->setValue(config.maxRequests > 0 ? config.maxRequests : RunConfig::kDefaultPrecisionMaxRequests);
    m_maxTokens->setValue(config.maxTokens);
    m_temperature->setValue(config.temperature);
    m_warmup->setValue(config.warmupRequests);
    m_minTokensForTpot->setValue(config.minTokensForTpot);
    m_timeoutS->setValue(config.timeoutMs / 1000);
    m_requestDeadlineS->setValue((config.requestDeadlineMs + 999) / 1000);
    m_includeUsage->setChecked(config.includeUsage);
}

void RunSettingsForm::setEditable(bool editable)
{
    for (QWidget *w : std::as_const(m_editable))
        w->setEnabled(editable);
    m_workload->setEditable(editable);
    m_conversation->setEditable(editable);
    m_trace->setEditable(editable);
    updateLoadRows();
}

} // namespace TokenScope
