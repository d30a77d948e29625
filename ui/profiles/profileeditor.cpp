// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "profileeditor.h"

#include "charts/palette.h"
#include "engine/runcheck.h"
#include "net/apidialect.h"
#include "net/endpointurl.h"
#include "net/requestbuilder.h"
#include "servermetrics/metricsscraper.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace TokenScope {

namespace {

// The style sheet that colours a field's message.
QString fieldColour(const QColor &colour)
{
    return QStringLiteral("color: %1;").arg(colour.name());
}

bool defaultPlaintextConfirmation(QWidget *parent)
{
    const auto answer = QMessageBox::warning(parent, ProfileEditor::tr("Store the API key in plaintext?"),
        ProfileEditor::tr("The key will be written as readable text into TokenScope's settings file, where "
                          "any program or person with access to your account can read it, and backups may "
                          "copy it.\n\nPrefer an environment variable, or keep the key for this session "
                          "only. Store it in plaintext anyway?"),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    return answer == QMessageBox::Yes;
}

// What a field shows as an example for each API kind: a provider's own values.
QString exampleBaseUrl(ApiKind api)
{
    return api == ApiKind::AnthropicMessages ? QStringLiteral("https://api.anthropic.com")
                                             : QStringLiteral("https://api.openai.com/v1");
}

QString exampleModel(ApiKind api)
{
    return api == ApiKind::AnthropicMessages ? QStringLiteral("claude-sonnet-4-5") : QStringLiteral("gpt-4o-mini");
}

// Under a field: what the run check says about it, as you type. Red, wrapped, hidden until there is one.
QLabel *problemLabel(const char *objectName)
{
    auto *label = new QLabel;
    label->setObjectName(QLatin1String(objectName));
    label->setWordWrap(true);
    label->setStyleSheet(fieldColour(Palette::fieldError));
    label->hide();
    return label;
}

// `field` above `below`, as one form row.
QWidget *stacked(QWidget *field, QWidget *below)
{
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field);
    layout->addWidget(below);
    return box;
}

// What the run check says of an extra body alone.
QString extraBodyRule(const QJsonObject &extraBody)
{
    RunConfig config;
    config.extraBody = extraBody;
    return RunCheck::extraBodyProblem(config);
}

void showProblem(QLabel *label, const QString &problem)
{
    label->setText(problem);
    label->setVisible(!problem.isEmpty());
}

} // namespace

ProfileEditor::ProfileEditor(QWidget *parent)
    : QWidget(parent)
    , m_confirmPlaintext(defaultPlaintextConfirmation)
{
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("profileName"));
    m_api = new QComboBox;
    m_api->setObjectName(QStringLiteral("apiKind"));
    m_api->addItem(tr("OpenAI chat completions"), int(ApiKind::ChatCompletions));
    m_api->addItem(tr("OpenAI Responses"), int(ApiKind::Responses));
    m_api->addItem(tr("Anthropic Messages"), int(ApiKind::AnthropicMessages));
    m_api->addItem(tr("Completions (legacy)"), int(ApiKind::Completions));
    m_api->setToolTip(tr("Which streaming API the endpoint speaks: it decides the path TokenScope appends, "
                         "the headers, the body and how the stream is read."));
    m_http2 = new QCheckBox(tr("Use HTTP/2 (only for servers that speak it)"));
    m_http2->setObjectName(QStringLiteral("http2"));
    m_http2->setToolTip(tr("Multiplexes all streams on one connection. Against an HTTP/1-only server "
                           "requests can hang, so it is off unless you turn it on."));
    buildTransport();
    buildOutputForcing();
    buildPerChunkUsage();
    buildServerPreset();
    m_simulatorNote = new QLabel(tr("The built-in simulator runs inside TokenScope on this computer. "
                                    "tokenscope-sim (10 ms per token) and tokenscope-sim-fast (5 ms) share a small "
                                    "server: 8 requests at once, the rest queue, and each token takes 4 % longer per "
                                    "extra stream. tokenscope-sim-ideal (10 ms) never queues or slows. "
                                    "Create a new profile for a real endpoint."));
    m_simulatorNote->setWordWrap(true);
    m_simulatorNote->setObjectName(QStringLiteral("simulatorNote"));

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Base URL:"), buildBaseUrlRow());
    form->addRow(tr("API key:"), buildKeyRow());
    form->addRow(tr("Key storage:"), buildKeySourceRow());
    form->addRow(tr("API:"), m_api);
    form->addRow(tr("Model ID:"), buildModelRow());
    form->addRow(tr("Headers:"), buildHeadersBox());
    form->addRow(tr("Extra body:"), buildExtraBodyBox());
    form->addRow(tr("Proxy:"), buildProxyRow());
    form->addRow(tr("Metrics URL:"), buildMetricsRow());
    form->addRow(tr("Transport:"), m_transport);
    form->addRow(QString(), m_busyPollRow);
    form->addRow(QString(), m_http2);
    form->addRow(tr("Server preset:"), m_serverPreset);
    form->addRow(QString(), m_ignoreEos);
    form->addRow(QString(), m_minTokens);
    form->addRow(QString(), m_perChunkUsage);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_simulatorNote);
    layout->addWidget(buildNoSecureStorageBanner());
    layout->addLayout(form);

    connectEdits();
    setProfile(EndpointProfile::create(QString()));
}

// The Run button's Base URL check, applied as you type, with the fix one click away.
QWidget *ProfileEditor::buildBaseUrlRow()
{
    m_baseUrl = new QLineEdit;
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_baseUrlProblem = problemLabel("baseUrlProblem");
    m_baseUrlProblem->setTextFormat(Qt::RichText);
    connect(m_baseUrlProblem, &QLabel::linkActivated, this, [this](const QString &fix) {
        m_baseUrl->setText(fix);
        emitEdited();
    });
    return stacked(m_baseUrl, m_baseUrlProblem);
}

QWidget *ProfileEditor::buildExtraBodyBox()
{
    m_extraBodyEdit = new QPlainTextEdit;
    m_extraBodyEdit->setObjectName(QStringLiteral("extraBody"));
    m_extraBodyEdit->setPlaceholderText(QStringLiteral("{\"top_p\": 0.9}"));
    m_extraBodyEdit->setTabChangesFocus(true);
    m_extraBodyEdit->setFixedHeight(m_extraBodyEdit->fontMetrics().lineSpacing() * 4 + 12);
    m_extraBodyEdit->setToolTip(tr("A JSON object merged into every request body; its keys override "
                                   "TokenScope's (model, max_tokens, temperature, ...)."));
    m_extraBodyStatus = problemLabel("extraBodyError");
    return stacked(m_extraBodyEdit, m_extraBodyStatus);
}

// How the requests travel (docs/architecture.md#transports), and libcurl's busy-poll
// (docs/performance.md#busy-poll).
void ProfileEditor::buildTransport()
{
    m_transport = new QComboBox;
    m_transport->setObjectName(QStringLiteral("transport"));
    m_transport->addItem(tr("Qt network (default)"), QStringLiteral("qnam"));
    m_transport->addItem(tr("libcurl"), QStringLiteral("curl"));
    m_transport->setToolTip(tr("How requests travel. Qt network is the default. libcurl reads the sockets on "
                               "worker threads and timestamps each read there: a fraction of the CPU per chunk, "
                               "for high concurrency and for the most exact timings."));
    // The checkbox stays short and its cost wraps under it: an unwrappable label as long as both
    // would set the pane's minimum width, and a smaller screen would scroll the form sideways.
    m_busyPoll = new QCheckBox(tr("Busy-poll"));
    m_busyPoll->setObjectName(QStringLiteral("busyPoll"));
    m_busyPollNote = new QLabel(tr("libcurl: no wake-up delay, costs a core per worker"));
    m_busyPollNote->setObjectName(QStringLiteral("busyPollNote"));
    m_busyPollNote->setWordWrap(true);
    m_busyPollNote->setEnabled(false); // secondary text
    const QString why = tr("The worker threads poll without sleeping while requests are in flight, so no "
                           "read waits for an idle CPU to wake up. Worth it at one or a few streams on a "
                           "laptop or a virtual machine.");
    m_busyPoll->setToolTip(why);
    m_busyPollNote->setToolTip(why);
    // The note starts where the checkbox's text does.
    const int indent = m_busyPoll->style()->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, m_busyPoll)
        + m_busyPoll->style()->pixelMetric(QStyle::PM_CheckBoxLabelSpacing, nullptr, m_busyPoll);
    m_busyPollNote->setContentsMargins(indent, 0, 0, 0);
    m_busyPollRow = stacked(m_busyPoll, m_busyPollNote);
    m_busyPollRow->layout()->setSpacing(0);
    connect(m_busyPoll, &QCheckBox::clicked, this, [this](bool checked) {
        m_busyPollChosen = checked;
        emitEdited();
    });
}

void ProfileEditor::updateBusyPoll()
{
    const bool curl = m_transport->currentData().toString() == u"curl";
    m_busyPoll->setEnabled(curl && !m_loaded.builtInSimulator);
    m_busyPoll->setChecked(curl && m_busyPollChosen); // a tick under Qt network would read as in use
}

// Servers that can be told to ignore the end-of-sequence token run every answer to its max_tokens.
void ProfileEditor::buildOutputForcing()
{
    const QString why = tr("Forces every answer to its max_tokens, so TPOT is not measured on short answers. "
                           "A gateway that refuses unknown fields fails every request with it.");
    m_ignoreEos = new QCheckBox(tr("Server understands ignore_eos (vLLM, SGLang)"));
    m_ignoreEos->setObjectName(QStringLiteral("ignoreEos"));
    m_ignoreEos->setToolTip(tr("Sends \"ignore_eos\": true. %1").arg(why));
    m_minTokens = new QCheckBox(tr("Server understands min_tokens (vLLM)"));
    m_minTokens->setObjectName(QStringLiteral("minTokens"));
    m_minTokens->setToolTip(tr("Sends \"min_tokens\" equal to each request's max_tokens. %1").arg(why));
}

// vLLM and SGLang put the running usage on every chunk when asked, which gives a per-token ITL.
void ProfileEditor::buildPerChunkUsage()
{
    m_perChunkUsage = new QCheckBox(tr("Per-chunk usage (vLLM, SGLang)"));
    m_perChunkUsage->setObjectName(QStringLiteral("perChunkUsage"));
    m_perChunkUsage->setToolTip(tr("Sends \"stream_options\": {\"continuous_usage_stats\": true} beside "
                                   "include_usage, so every chunk says how many tokens it carried: the results then "
                                   "show a per-token ITL beside the per-chunk one. Chat and completions APIs only."));
}

void ProfileEditor::updatePerChunkUsage()
{
    const auto api = ApiKind(m_api->currentData().toInt());
    m_perChunkUsage->setEnabled(
        !m_loaded.builtInSimulator && (api == ApiKind::ChatCompletions || api == ApiKind::Completions));
}

// Known servers' options in one choice: vLLM takes ignore_eos, min_tokens and per-chunk usage,
// SGLang ignore_eos and per-chunk usage. The choice fills the boxes and is not stored.
void ProfileEditor::buildServerPreset()
{
    m_serverPreset = new QComboBox;
    m_serverPreset->setObjectName(QStringLiteral("serverPreset"));
    m_serverPreset->addItem(tr("Choose to fill the options below…"), QString());
    m_serverPreset->addItem(tr("vLLM"), QStringLiteral("vllm"));
    m_serverPreset->addItem(tr("SGLang"), QStringLiteral("sglang"));
    m_serverPreset->setToolTip(tr("Ticks what the server understands: vLLM ignore_eos, min_tokens and per-chunk "
                                  "usage; SGLang ignore_eos and per-chunk usage. Nothing else changes."));
}

void ProfileEditor::applyServerPreset(int index)
{
    const QString server = m_serverPreset->itemData(index).toString();
    if (server.isEmpty())
        return;
    m_ignoreEos->setChecked(true);
    m_minTokens->setChecked(server == u"vllm");
    m_perChunkUsage->setChecked(true);
    m_serverPreset->setCurrentIndex(0);
}

// An editable list: type the model ID, or fetch the endpoint's list and pick one.
QWidget *ProfileEditor::buildModelRow()
{
    m_modelCombo = new QComboBox;
    m_modelCombo->setObjectName(QStringLiteral("modelList"));
    m_modelCombo->setEditable(true);
    m_modelCombo->setInsertPolicy(QComboBox::NoInsert);
    m_modelCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_modelCombo->setMinimumContentsLength(12);
    m_model = m_modelCombo->lineEdit();
    m_model->setObjectName(QStringLiteral("model"));
    auto *completer = new QCompleter(m_modelCombo->model(), m_modelCombo);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains); // "sonnet" finds claude-sonnet-4-5
    completer->setCompletionMode(QCompleter::PopupCompletion);
    m_modelCombo->setCompleter(completer);
    connect(m_modelCombo, &QComboBox::textActivated, this, &ProfileEditor::emitEdited);
    connect(m_model, &QLineEdit::textChanged, this, &ProfileEditor::updateModelToolTip);

    m_fetchModels = new QPushButton(tr("Fetch models"));
    m_fetchModels->setObjectName(QStringLiteral("fetchModels"));
    m_fetchModels->setToolTip(tr("Ask the endpoint which models it serves (GET …/models) and list them here"));
    connect(m_fetchModels, &QPushButton::clicked, this, &ProfileEditor::fetchModelsRequested);
    m_modelsStatus = new QLabel;
    m_modelsStatus->setObjectName(QStringLiteral("modelsStatus"));
    m_modelsStatus->setWordWrap(true);
    m_modelsStatus->hide();

    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_modelCombo, 1);
    top->addWidget(m_fetchModels);
    layout->addLayout(top);
    layout->addWidget(m_modelsStatus);
    return box;
}

QList<std::pair<QString, QString>> ProfileEditor::simulatorModelHints()
{
    // The behaviours of the built-in simulator's models (docs/simulator.md#models).
    return {
        { QStringLiteral("tokenscope-sim"),
            tr("Small server: 10 ms per token, 8 requests at once (the rest queue), 4 % slower per extra stream") },
        { QStringLiteral("tokenscope-sim-fast"),
            tr("Small server, the same batch as tokenscope-sim: 5 ms per token, 4 % slower per extra stream") },
        { QStringLiteral("tokenscope-sim-ideal"),
            tr("Ideal server: 10 ms per token at any concurrency, never queues") },
    };
}

void ProfileEditor::listSimulatorModels()
{
    const QSignalBlocker block(m_modelCombo);
    for (const auto &[model, hint] : simulatorModelHints())
        m_modelCombo->addItem(model);
    m_modelCombo->setCurrentIndex(-1);
    showSimulatorModelHints();
}

void ProfileEditor::showSimulatorModelHints()
{
    for (const auto &[model, hint] : simulatorModelHints()) {
        const int index = m_modelCombo->findText(model);
        if (index >= 0)
            m_modelCombo->setItemData(index, hint, Qt::ToolTipRole);
    }
}

void ProfileEditor::updateModelToolTip()
{
    const auto hints = simulatorModelHints();
    const auto hint = std::find_if(hints.cbegin(), hints.cend(),
        [this](const std::pair<QString, QString> &entry) { return entry.first == m_model->text(); });
    m_modelCombo->setToolTip(m_loaded.builtInSimulator && hint != hints.cend() ? hint->second : QString());
}

void ProfileEditor::setFetchingModels(bool fetching)
{
    m_fetchModels->setEnabled(!fetching);
    if (fetching)
        showModelsStatus(tr("Asking the endpoint for its models…"), false);
}

void ProfileEditor::setModelList(const QStringList &models, const QString &message, bool problem)
{
    const QString typed = m_model->text();
    {
        const QSignalBlocker block(m_modelCombo);
        m_modelCombo->clear();
        m_modelCombo->addItems(models);
        m_modelCombo->setCurrentIndex(-1);
        m_model->setText(typed); // the list offers; the model stays what the user chose
    }
    if (m_loaded.builtInSimulator)
        showSimulatorModelHints();
    m_fetchModels->setEnabled(true);
    showModelsStatus(message, problem);
    if (!models.isEmpty() && typed.isEmpty())
        m_modelCombo->showPopup();
}

QStringList ProfileEditor::listedModels() const
{
    QStringList models;
    for (int i = 0; i < m_modelCombo->count(); ++i)
        models.append(m_modelCombo->itemText(i));
    return models;
}

QString ProfileEditor::modelsStatusText() const
{
    return m_modelsStatus->isHidden() ? QString() : m_modelsStatus->text();
}

void ProfileEditor::showModelsStatus(const QString &message, bool problem)
{
    m_modelsStatus->setText(message);
    m_modelsStatus->setStyleSheet(problem ? fieldColour(Palette::fieldError) : QString());
    m_modelsStatus->setEnabled(problem); // secondary text unless it is a problem
    m_modelsStatus->setVisible(!message.isEmpty());
}

// Examples and the key variable that fit the API kind chosen.
void ProfileEditor::updateForApi()
{
    const ApiKind api = ApiKind(m_api->currentData().toInt());
    m_baseUrl->setPlaceholderText(exampleBaseUrl(api));
    m_model->setPlaceholderText(exampleModel(api));
    const QString suffix = apiDialect(api).pathSuffix;
    m_baseUrl->setToolTip(api == ApiKind::AnthropicMessages
            ? tr("What ANTHROPIC_BASE_URL would hold, e.g. https://api.anthropic.com or a gateway's "
                 "https://gateway.example.com/anthropic; TokenScope appends %1.")
                  .arg(suffix)
            : tr("What the provider prints, usually ending in /v1; TokenScope appends %1.").arg(suffix));
    m_keyEnvVar->setPlaceholderText(apiDialect(api).keyVariable);
}

void ProfileEditor::onApiActivated()
{
    // The key variable follows the kind while it is the previous kind's default.
    const QString variable = m_keyEnvVar->text().trimmed();
    bool aDefault = variable.isEmpty();
    for (const ApiDialect *dialect : apiDialects())
        aDefault = aDefault || variable == dialect->keyVariable;
    if (aDefault)
        m_keyEnvVar->setText(apiDialect(ApiKind(m_api->currentData().toInt())).keyVariable);
    updateForApi();
    validateExtraBody(); // which keys override what is measured depends on the kind
    emitEdited();
}

QWidget *ProfileEditor::buildKeyRow()
{
    m_key = new QLineEdit;
    m_key->setObjectName(QStringLiteral("apiKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("sk-..."));
    m_showKey = new QToolButton;
    m_showKey->setObjectName(QStringLiteral("showKey"));
    m_showKey->setText(tr("Show"));
    m_showKey->setCheckable(true);
    m_showKey->setToolTip(tr("Show or hide the key"));
    connect(m_showKey, &QToolButton::toggled, this, [this](bool shown) {
        m_key->setEchoMode(shown ? QLineEdit::Normal : QLineEdit::Password);
        m_showKey->setText(shown ? tr("Hide") : tr("Show"));
    });
    auto *row = new QWidget;
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_key, 1);
    layout->addWidget(m_showKey);
    return row;
}

QWidget *ProfileEditor::buildKeySourceRow()
{
    m_keySource = new QComboBox;
    m_keySource->setObjectName(QStringLiteral("keySource"));
    m_keySource->addItem(keychainChoiceText(), int(KeySource::Keychain));
    m_keySource->addItem(tr("Environment variable"), int(KeySource::EnvironmentVariable));
    m_keySource->addItem(tr("This session only"), int(KeySource::SessionOnly));
    m_keySource->addItem(tr("Plaintext in the settings file"), int(KeySource::Plaintext));
    m_keyEnvVar = new QLineEdit;
    m_keyEnvVar->setObjectName(QStringLiteral("keyEnvVar"));
    m_keyEnvVar->setPlaceholderText(QStringLiteral("OPENAI_API_KEY"));
    m_keyEnvVar->setToolTip(tr("The name of the environment variable that holds the key; it is read "
                               "when a run starts."));
    m_keyStatus = new QLabel;
    m_keyStatus->setObjectName(QStringLiteral("keyStatus"));
    m_keyStatus->setWordWrap(true);
    m_keyStatus->setEnabled(false); // secondary text
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_keySource);
    top->addWidget(m_keyEnvVar, 1);
    layout->addLayout(top);
    layout->addWidget(m_keyStatus);
    return box;
}

QWidget *ProfileEditor::buildHeadersBox()
{
    m_headers = new QTableWidget(0, 2);
    m_headers->setObjectName(QStringLiteral("headers"));
    m_headers->setHorizontalHeaderLabels({ tr("Name"), tr("Value") });
    m_headers->verticalHeader()->hide();
    m_headers->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch); // no sideways scrolling in a narrow pane
    m_headers->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_headers->setFixedHeight(
        m_headers->horizontalHeader()->sizeHint().height() + 3 * m_headers->verticalHeader()->defaultSectionSize() + 4);
    m_headers->setToolTip(tr("Sent with every request. Values are stored in the settings file as text: "
                             "put the API key in the key field, not here."));
    m_addHeader = new QPushButton(tr("Add"));
    m_addHeader->setObjectName(QStringLiteral("addHeader"));
    m_removeHeader = new QPushButton(tr("Remove"));
    m_removeHeader->setObjectName(QStringLiteral("removeHeader"));
    connect(m_addHeader, &QPushButton::clicked, this, [this] {
        addHeaderRow(QString(), QString());
        m_headers->setCurrentCell(m_headers->rowCount() - 1, 0);
        m_headers->editItem(m_headers->item(m_headers->rowCount() - 1, 0));
        emitEdited();
    });
    connect(m_removeHeader, &QPushButton::clicked, this, [this] {
        const int row = m_headers->currentRow();
        if (row < 0)
            return;
        m_headers->removeRow(row);
        emitEdited();
    });
    auto *box = new QWidget;
    auto *layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_headers, 1);
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_addHeader);
    buttons->addWidget(m_removeHeader);
    buttons->addStretch();
    layout->addLayout(buttons);
    m_headersProblem = problemLabel("headersProblem");
    return stacked(box, m_headersProblem);
}

QWidget *ProfileEditor::buildProxyRow()
{
    m_proxyMode = new QComboBox;
    m_proxyMode->setObjectName(QStringLiteral("proxyMode"));
    m_proxyMode->addItem(tr("No proxy"), int(ProxyMode::None));
    m_proxyMode->addItem(tr("System settings"), int(ProxyMode::System));
    m_proxyMode->addItem(tr("Custom"), int(ProxyMode::Custom));
    m_proxyMode->setToolTip(tr("System settings: the desktop's proxy, or the http_proxy, https_proxy and "
                               "no_proxy environment variables."));
    m_proxyUrl = new QLineEdit;
    m_proxyUrl->setObjectName(QStringLiteral("proxyUrl"));
    m_proxyUrl->setPlaceholderText(QStringLiteral("http://proxy.example:3128"));
    m_proxyUrl->setToolTip(tr("http://host:port or socks5://host:port; user:password@ if the proxy asks."));
    auto *row = new QWidget;
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_proxyMode);
    layout->addWidget(m_proxyUrl, 1);
    m_proxyProblem = problemLabel("proxyProblem");
    return stacked(row, m_proxyProblem);
}

// The server's Prometheus endpoint, scraped through a run (docs/metrics.md#server-metrics); optional.
QWidget *ProfileEditor::buildMetricsRow()
{
    m_metricsUrl = new QLineEdit;
    m_metricsUrl->setObjectName(QStringLiteral("metricsUrl"));
    m_metricsUrl->setToolTip(tr("The server's Prometheus metrics (vLLM, SGLang, TGI, llama.cpp), read through "
                                "each run: what the server was running and queueing beside what TokenScope "
                                "measured. Empty: not read."));
    m_useSuggestedMetrics = new QPushButton(tr("Use /metrics"));
    m_useSuggestedMetrics->setObjectName(QStringLiteral("useSuggestedMetrics"));
    connect(m_useSuggestedMetrics, &QPushButton::clicked, this, [this] {
        m_metricsUrl->setText(ServerMetrics::suggestedUrl(m_baseUrl->text()));
        emitEdited();
    });
    m_metricsSendKeyBox = new QCheckBox(tr("Send the API key to it"));
    m_metricsSendKeyBox->setObjectName(QStringLiteral("metricsSendKey"));
    m_metricsSendKeyBox->setToolTip(tr("On the Base URL's own host and port the metrics get the API key anyway. "
                                       "To any other address it is never sent unless this is ticked."));
    connect(m_metricsSendKeyBox, &QCheckBox::clicked, this, [this](bool checked) {
        m_metricsSendKey = checked;
        emitEdited();
    });
    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_metricsUrl, 1);
    top->addWidget(m_useSuggestedMetrics);
    layout->addLayout(top);
    layout->addWidget(m_metricsSendKeyBox);
    m_metricsProblem = problemLabel("metricsProblem");
    layout->addWidget(m_metricsProblem);
    return box;
}

void ProfileEditor::updateMetricsWidgets()
{
    const QString baseUrl = m_baseUrl->text().trimmed();
    const QString metricsUrl = m_metricsUrl->text().trimmed();
    const QString suggestion = ServerMetrics::suggestedUrl(baseUrl);
    const bool locked = m_loaded.builtInSimulator;
    m_metricsUrl->setPlaceholderText(locked ? QString()
            : suggestion.isEmpty()          ? tr("e.g. http://host:8000/metrics")
                                            : suggestion);
    m_useSuggestedMetrics->setEnabled(!locked && !suggestion.isEmpty() && suggestion != metricsUrl);
    m_useSuggestedMetrics->setToolTip(
        suggestion.isEmpty() ? tr(
            "Fills in the Base URL's host and port with /metrics, where vLLM, SGLang, TGI and llama.cpp serve theirs.")
                             : tr("Fills in %1: where vLLM, SGLang, TGI and llama.cpp serve their metrics.")
                                   .arg(suggestion));
    const bool sameOrigin = !metricsUrl.isEmpty() && ServerMetrics::sameOrigin(metricsUrl, baseUrl);
    const bool otherOrigin = !metricsUrl.isEmpty() && !sameOrigin;
    m_metricsSendKeyBox->setEnabled(otherOrigin && !locked);
    m_metricsSendKeyBox->setChecked(sameOrigin || (otherOrigin && m_metricsSendKey));
    m_metricsSendKeyBox->setVisible(!locked); // the simulator wants no key
}

QString ProfileEditor::metricsUrlProblem() const
{
    if (m_loaded.builtInSimulator || m_metricsUrl->text().trimmed().isEmpty())
        return {};
    return RunCheck::serverMetricsProblem(runConfig());
}

RunConfig ProfileEditor::runConfig() const
{
    const EndpointProfile p = profile();
    RunConfig config;
    p.applyTo(&config);
    // applyTo() keeps the config's Base URL for an empty one; the form's field is what is checked.
    config.baseUrl = p.builtInSimulator ? m_simulatorBaseUrl : p.baseUrl;
    if (p.builtInSimulator)
        config.serverMetricsUrl = ServerMetrics::suggestedUrl(m_simulatorBaseUrl);
    return config;
}

void ProfileEditor::updateFieldProblems()
{
    const RunConfig config = runConfig();
    showProblem(m_headersProblem, RunCheck::headersProblem(config));
    showProblem(m_proxyProblem, m_proxyUrl->text().trimmed().isEmpty() ? QString() : RunCheck::proxyProblem(config));
    showProblem(m_metricsProblem, metricsUrlProblem());
}

QFrame *ProfileEditor::buildNoSecureStorageBanner()
{
    m_banner = new QFrame;
    m_banner->setObjectName(QStringLiteral("noSecureStorageBanner"));
    m_banner->setFrameShape(QFrame::StyledPanel);
    // Explicit colours (not the palette's) so the warning reads the same in light and dark themes.
    m_banner->setStyleSheet(QStringLiteral("#noSecureStorageBanner { background: %1; border: 1px solid %2; "
                                           "border-radius: 4px; } #noSecureStorageBanner QLabel { color: %3; }")
                                .arg(Palette::cautionBannerBackground.name(), Palette::cautionBannerBorder.name(),
                                    Palette::cautionBannerText.name()));
    m_bannerText = new QLabel;
    m_bannerText->setObjectName(QStringLiteral("noSecureStorageText"));
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextFormat(Qt::RichText);
    auto *env = new QPushButton(tr("Environment variable"));
    env->setObjectName(QStringLiteral("useEnvironment"));
    auto *session = new QPushButton(tr("This session only"));
    session->setObjectName(QStringLiteral("useSession"));
    auto *plain = new QPushButton(tr("Plaintext..."));
    plain->setObjectName(QStringLiteral("usePlaintext"));
    connect(env, &QPushButton::clicked, this, [this] { setKeySource(KeySource::EnvironmentVariable); });
    connect(session, &QPushButton::clicked, this, [this] { setKeySource(KeySource::SessionOnly); });
    connect(plain, &QPushButton::clicked, this, [this] { setKeySource(KeySource::Plaintext); });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(env);
    buttons->addWidget(session);
    buttons->addWidget(plain);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(m_banner);
    layout->addWidget(m_bannerText);
    layout->addLayout(buttons);
    m_banner->hide();
    return m_banner;
}

void ProfileEditor::connectEdits()
{
    for (QLineEdit *edit : { m_name, m_baseUrl, m_model, m_proxyUrl, m_keyEnvVar, m_metricsUrl })
        connect(edit, &QLineEdit::textEdited, this, &ProfileEditor::emitEdited);
    for (QLineEdit *edit : { m_baseUrl, m_metricsUrl })
        connect(edit, &QLineEdit::textChanged, this, &ProfileEditor::updateMetricsWidgets);
    connect(m_keyEnvVar, &QLineEdit::textChanged, this, &ProfileEditor::updateEnvStatus);
    connect(m_baseUrl, &QLineEdit::textChanged, this, &ProfileEditor::updateBaseUrlProblem);
    connect(m_api, &QComboBox::currentIndexChanged, this, &ProfileEditor::updateBaseUrlProblem);
    connect(m_key, &QLineEdit::textEdited, this, &ProfileEditor::emitEdited);
    connect(m_key, &QLineEdit::editingFinished, this, &ProfileEditor::keyEditingFinished);
    connect(m_api, &QComboBox::activated, this, &ProfileEditor::onApiActivated);
    connect(m_proxyMode, &QComboBox::currentIndexChanged, this, [this] {
        m_proxyUrl->setEnabled(
            !m_loaded.builtInSimulator && ProxyMode(m_proxyMode->currentData().toInt()) == ProxyMode::Custom);
    });
    connect(m_proxyMode, &QComboBox::activated, this, &ProfileEditor::emitEdited);
    connect(m_keySource, &QComboBox::activated, this, &ProfileEditor::onKeySourceActivated);
    connect(m_http2, &QCheckBox::toggled, this, &ProfileEditor::emitEdited);
    connect(m_transport, &QComboBox::currentIndexChanged, this, &ProfileEditor::updateBusyPoll);
    connect(m_transport, &QComboBox::activated, this, &ProfileEditor::emitEdited);
    connect(m_ignoreEos, &QCheckBox::toggled, this, &ProfileEditor::emitEdited);
    connect(m_minTokens, &QCheckBox::toggled, this, &ProfileEditor::emitEdited);
    connect(m_perChunkUsage, &QCheckBox::toggled, this, &ProfileEditor::emitEdited);
    connect(m_serverPreset, &QComboBox::activated, this, &ProfileEditor::applyServerPreset);
    connect(m_api, &QComboBox::currentIndexChanged, this, &ProfileEditor::updatePerChunkUsage);
    connect(m_extraBodyEdit, &QPlainTextEdit::textChanged, this, [this] {
        validateExtraBody();
        emitEdited();
    });
    connect(m_headers, &QTableWidget::itemChanged, this, &ProfileEditor::emitEdited);
    // Each field's own problem, as you type: the run check's sections this form edits.
    connect(m_headers, &QTableWidget::itemChanged, this, &ProfileEditor::updateFieldProblems);
    connect(m_headers->model(), &QAbstractItemModel::rowsRemoved, this, &ProfileEditor::updateFieldProblems);
    for (QLineEdit *edit : { m_proxyUrl, m_metricsUrl, m_baseUrl })
        connect(edit, &QLineEdit::textChanged, this, &ProfileEditor::updateFieldProblems);
    for (QComboBox *combo : { m_api, m_proxyMode })
        connect(combo, &QComboBox::currentIndexChanged, this, &ProfileEditor::updateFieldProblems);
}

void ProfileEditor::emitEdited()
{
    if (!m_filling)
        Q_EMIT edited();
}

void ProfileEditor::addHeaderRow(const QString &name, const QString &value)
{
    const int row = m_headers->rowCount();
    m_headers->insertRow(row);
    m_headers->setItem(row, 0, new QTableWidgetItem(name));
    m_headers->setItem(row, 1, new QTableWidgetItem(value));
}

void ProfileEditor::setProfile(const EndpointProfile &profile)
{
    m_filling = true;
    m_loaded = profile;
    m_extraBody = profile.extraBody;
    m_name->setText(profile.shownName());
    m_baseUrl->setText(profile.builtInSimulator ? m_simulatorBaseUrl : profile.baseUrl);
    m_api->setCurrentIndex(m_api->findData(int(profile.api)));
    m_modelCombo->clear(); // another endpoint's list
    if (profile.builtInSimulator) // known without asking: each with what it does
        listSimulatorModels();
    m_modelsStatus->hide();
    m_fetchModels->setEnabled(true);
    m_model->setText(profile.model);
    updateModelToolTip();
    m_headers->setRowCount(0);
    for (const auto &[name, value] : profile.headers)
        addHeaderRow(name, value);
    m_extraBodyEdit->setPlainText(profile.extraBody.isEmpty()
            ? QString()
            : QString::fromUtf8(QJsonDocument(profile.extraBody).toJson(QJsonDocument::Indented)));
    m_proxyMode->setCurrentIndex(m_proxyMode->findData(int(profile.proxyMode)));
    m_proxyUrl->setText(profile.proxyUrl);
    m_http2->setChecked(profile.http2);
    // An unknown name (a settings file edited by hand) shows the default, which is what a save stores.
    m_transport->setCurrentIndex(std::max(0, m_transport->findData(profile.transport)));
    m_busyPollChosen = profile.busyPoll;
    updateBusyPoll();
    m_ignoreEos->setChecked(profile.ignoreEos);
    m_minTokens->setChecked(profile.minTokens);
    m_perChunkUsage->setChecked(profile.perChunkUsage);
    updatePerChunkUsage();
    m_metricsSendKey = profile.metricsSendKey;
    m_metricsUrl->setText(
        profile.builtInSimulator ? ServerMetrics::suggestedUrl(m_simulatorBaseUrl) : profile.metricsUrl);
    m_keySource->setCurrentIndex(m_keySource->findData(int(profile.keySource)));
    m_keyEnvVar->setText(profile.keyEnvVar);
    m_key->clear();
    m_showKey->setChecked(false);
    validateExtraBody();
    updateForApi();
    updateReadOnly();
    updateKeyWidgets();
    updateMetricsWidgets();
    updateFieldProblems();
    m_filling = false;
}

EndpointProfile ProfileEditor::profile() const
{
    EndpointProfile p = m_loaded;
    if (!p.builtInSimulator) // its name field shows the translated name; the stored one stays
        p.name = m_name->text().trimmed();
    if (!p.builtInSimulator)
        p.baseUrl = m_baseUrl->text().trimmed();
    p.model = m_model->text().trimmed();
    p.api = ApiKind(m_api->currentData().toInt());
    p.headers.clear();
    for (int row = 0; row < m_headers->rowCount(); ++row) {
        const QString name = m_headers->item(row, 0) ? m_headers->item(row, 0)->text().trimmed() : QString();
        const QString value = m_headers->item(row, 1) ? m_headers->item(row, 1)->text() : QString();
        if (!name.isEmpty() || !value.isEmpty())
            p.headers.append({ name, value });
    }
    p.extraBody = m_extraBody;
    p.proxyMode = ProxyMode(m_proxyMode->currentData().toInt());
    p.proxyUrl = m_proxyUrl->text().trimmed();
    p.http2 = m_http2->isChecked();
    p.transport = m_transport->currentData().toString();
    p.busyPoll = m_busyPollChosen; // kept under Qt network for when libcurl is chosen again
    p.ignoreEos = m_ignoreEos->isChecked();
    p.minTokens = m_minTokens->isChecked();
    p.perChunkUsage = m_perChunkUsage->isChecked();
    if (!p.builtInSimulator) // the simulator's follows its address, known at run time
        p.metricsUrl = m_metricsUrl->text().trimmed();
    p.metricsSendKey = m_metricsSendKey;
    p.keySource = KeySource(m_keySource->currentData().toInt());
    p.keyEnvVar = m_keyEnvVar->text().trimmed();
    p.plaintextKey = p.keySource == KeySource::Plaintext ? key() : QString();
    return p;
}

void ProfileEditor::setKey(const QString &key)
{
    m_key->setText(key);
}

QString ProfileEditor::key() const
{
    // Whitespace around a pasted key is never part of it, and a server answers it with 401.
    return m_key->text().trimmed();
}

void ProfileEditor::setSimulatorBaseUrl(const QString &url)
{
    m_simulatorBaseUrl = url;
    if (m_loaded.builtInSimulator) {
        m_baseUrl->setText(url);
        m_metricsUrl->setText(ServerMetrics::suggestedUrl(url));
    }
}

QString ProfileEditor::keychainChoiceText() const
{
    return m_noSecureStorage ? tr("No keychain: this session only") : tr("OS keychain");
}

void ProfileEditor::setNoSecureStorage(bool noSecureStorage, const QString &reason)
{
    m_noSecureStorage = noSecureStorage;
    // Without secure storage the choice must not promise the keychain: it says what happens instead,
    // and cannot be picked anew (a profile that had it keeps it, for when a keychain answers again).
    const int keychain = m_keySource->findData(int(KeySource::Keychain));
    m_keySource->setItemText(keychain, keychainChoiceText());
    if (auto *items = qobject_cast<QStandardItemModel *>(m_keySource->model()))
        items->item(keychain)->setEnabled(!noSecureStorage);
    m_bannerText->setText(
        tr("<b>No secure key storage on this system.</b> No keychain answered (GNOME Keyring, KWallet or "
           "another Secret Service), so this key cannot be saved safely%1. Choose where the key comes from: "
           "an environment variable, this session only (typed again after a restart), or plaintext in the "
           "settings file.")
            .arg(reason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(reason.toHtmlEscaped())));
    updateKeyWidgets();
}

bool ProfileEditor::isNoSecureStorageBannerVisible() const
{
    return !m_banner->isHidden();
}

void ProfileEditor::setKeyStorageProblem(const QString &message)
{
    m_keyStatus->setText(message);
    m_keyStatus->setEnabled(true);
    m_keyStatus->setStyleSheet(fieldColour(Palette::fieldError));
}

void ProfileEditor::setPlaintextConfirmation(std::function<bool(QWidget *)> confirm)
{
    m_confirmPlaintext = std::move(confirm);
}

void ProfileEditor::setKeySource(KeySource source)
{
    if (source == KeySource::Plaintext && KeySource(m_keySource->currentData().toInt()) != KeySource::Plaintext
        && !m_confirmPlaintext(this)) {
        m_keySource->setCurrentIndex(m_keySource->findData(int(m_loaded.keySource)));
        return;
    }
    m_keySource->setCurrentIndex(m_keySource->findData(int(source)));
    m_loaded.keySource = source; // what a declined plaintext confirmation goes back to
    if (source == KeySource::EnvironmentVariable && m_keyEnvVar->text().trimmed().isEmpty())
        m_keyEnvVar->setText(apiDialect(ApiKind(m_api->currentData().toInt())).keyVariable);
    updateKeyWidgets();
    emitEdited();
}

void ProfileEditor::onKeySourceActivated(int index)
{
    const auto chosen = KeySource(m_keySource->itemData(index).toInt());
    // The combo already shows the choice: step back so that a declined confirmation restores it.
    m_keySource->setCurrentIndex(m_keySource->findData(int(m_loaded.keySource)));
    setKeySource(chosen);
}

void ProfileEditor::updateKeyWidgets()
{
    const auto source = KeySource(m_keySource->currentData().toInt());
    const bool fromEnv = source == KeySource::EnvironmentVariable;
    m_keyStatus->setEnabled(false); // secondary text, unless setKeyStorageProblem() says otherwise
    m_keyStatus->setStyleSheet(QString());
    m_keyEnvVar->setVisible(fromEnv);
    m_key->setEnabled(!fromEnv && !m_loaded.builtInSimulator);
    m_showKey->setEnabled(!fromEnv && !m_loaded.builtInSimulator);
    m_key->setPlaceholderText(m_loaded.builtInSimulator ? tr("not needed")
            : fromEnv                                   ? tr("read from the environment variable")
                                                        : tr("sk-..."));
    m_banner->setVisible(m_noSecureStorage && source == KeySource::Keychain && !m_loaded.builtInSimulator);
    switch (source) {
    case KeySource::Keychain:
        m_keyStatus->setText(m_noSecureStorage ? tr("Not available: the key is kept for this session only.")
                                               : tr("Saved in the OS keychain (service \"TokenScope\")."));
        break;
    case KeySource::EnvironmentVariable:
        updateEnvStatus();
        break;
    case KeySource::SessionOnly:
        m_keyStatus->setText(tr("Kept in memory until TokenScope quits; never written to disk."));
        break;
    case KeySource::Plaintext:
        m_keyStatus->setText(tr("Written as text into the settings file (you chose this)."));
        break;
    }
    m_keyStatus->setVisible(!m_loaded.builtInSimulator);
}

void ProfileEditor::updateEnvStatus()
{
    if (KeySource(m_keySource->currentData().toInt()) != KeySource::EnvironmentVariable)
        return;
    const QString name = m_keyEnvVar->text().trimmed();
    if (name.isEmpty())
        m_keyStatus->setText(tr("Enter the name of the environment variable."));
    else if (qEnvironmentVariableIsEmpty(name.toLocal8Bit().constData()))
        m_keyStatus->setText(tr("%1 is not set in TokenScope's environment: runs will send no key.").arg(name));
    else
        m_keyStatus->setText(tr("%1 is set; its value is read when a run starts.").arg(name));
}

void ProfileEditor::updateReadOnly()
{
    const bool locked = m_loaded.builtInSimulator;
    m_simulatorNote->setVisible(locked);
    for (QLineEdit *edit : { m_name, m_baseUrl, m_metricsUrl }) // the model stays editable: the simulator serves two
        edit->setReadOnly(locked);
    m_extraBodyEdit->setReadOnly(locked);
    for (QWidget *w : std::initializer_list<QWidget *> { m_api, m_keySource, m_proxyMode, m_http2, m_transport,
             m_busyPoll, m_ignoreEos, m_minTokens, m_serverPreset, m_addHeader, m_removeHeader, m_keyEnvVar })
        w->setEnabled(!locked);
    updateBusyPoll(); // only with libcurl
    updatePerChunkUsage(); // only for the chat and completions APIs
    m_headers->setEditTriggers(locked ? QAbstractItemView::NoEditTriggers : QAbstractItemView::AllEditTriggers);
    m_proxyUrl->setEnabled(!locked && ProxyMode(m_proxyMode->currentData().toInt()) == ProxyMode::Custom);
    // Examples in a field that cannot be edited would read as the simulator's settings.
    m_extraBodyEdit->setPlaceholderText(locked ? QString() : QStringLiteral("{\"top_p\": 0.9}"));
    m_proxyUrl->setPlaceholderText(locked ? QString() : QStringLiteral("http://proxy.example:3128"));
}

QString ProfileEditor::baseUrlProblem() const
{
    if (m_loaded.builtInSimulator || m_baseUrl->text().trimmed().isEmpty())
        return {};
    return RunCheck::endpointProblem(runConfig());
}

void ProfileEditor::updateBaseUrlProblem()
{
    const QString problem = baseUrlProblem();
    const QString fix = problem.isEmpty()
        ? QString()
        : suggestedBaseUrl(m_baseUrl->text().trimmed(), ApiKind(m_api->currentData().toInt()));
    QString html = problem.toHtmlEscaped();
    if (!fix.isEmpty())
        html
            += QStringLiteral(" <a href=\"%1\">%2</a>").arg(fix.toHtmlEscaped(), tr("Use %1").arg(fix.toHtmlEscaped()));
    m_baseUrlProblem->setText(html);
    m_baseUrlProblem->setVisible(!problem.isEmpty());
}

void ProfileEditor::validateExtraBody()
{
    const QString text = m_extraBodyEdit->toPlainText();
    m_extraBodyError.clear();
    QString warning;
    if (text.trimmed().isEmpty()) {
        m_extraBody = QJsonObject();
    } else {
        // The CLI's --extra-body is read by the same function, so both say the same about bad JSON.
        QJsonObject parsed;
        if (RequestBuilder::parseExtraBody(text, &parsed, &m_extraBodyError)) {
            // Measuring needs the stream: a non-streaming call has no first token.
            m_extraBodyError = extraBodyRule(parsed);
            if (m_extraBodyError.isEmpty())
                m_extraBody = parsed;
        }
        const QStringList overridden
            = RequestBuilder::overriddenRequestKeys(m_extraBody, ApiKind(m_api->currentData().toInt()));
        if (m_extraBodyError.isEmpty() && !overridden.isEmpty())
            warning = tr("Overrides what TokenScope sends: %1. The runs then measure that, whatever the form says.")
                          .arg(overridden.join(QStringLiteral(", ")));
    }
    m_extraBodyStatus->setText(m_extraBodyError.isEmpty() ? warning : m_extraBodyError);
    m_extraBodyStatus->setStyleSheet(
        fieldColour(m_extraBodyError.isEmpty() ? Palette::fieldWarning : Palette::fieldError));
    m_extraBodyStatus->setVisible(!m_extraBodyStatus->text().isEmpty());
}

QString ProfileEditor::validationError() const
{
    const EndpointProfile p = profile();
    if (p.name.isEmpty())
        return tr("The profile needs a name.");
    // The sections of the run check this form edits (docs/architecture.md#the-run-check), in its
    // order; an empty field is asked for rather than explained.
    const RunConfig config = runConfig();
    if (!p.builtInSimulator) {
        if (const QString problem = RunCheck::endpointProblem(config); !problem.isEmpty())
            return p.baseUrl.isEmpty() ? tr("Enter the Base URL, e.g. %1.").arg(exampleBaseUrl(p.api)) : problem;
    }
    if (!RunCheck::modelProblem(config).isEmpty())
        return tr("Enter the model ID.");
    // A profile cannot replace the key header (docs/metrics.md#custom-headers).
    if (const QString problem = RunCheck::headersProblem(config); !problem.isEmpty())
        return problem;
    if (!m_extraBodyError.isEmpty())
        return m_extraBodyError; // each of its messages names the extra body

    if (const QString problem = metricsUrlProblem(); !problem.isEmpty())
        return problem;
    if (const QString problem = RunCheck::proxyProblem(config); !problem.isEmpty())
        return problem;
    if (p.keySource == KeySource::EnvironmentVariable && p.keyEnvVar.isEmpty())
        return tr("Enter the name of the environment variable that holds the API key.");
    return {};
}

} // namespace TokenScope
