// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/endpointprofile.h"

#include <QList>
#include <QString>
#include <QWidget>
#include <functional>
#include <utility>

class QCheckBox;
class QComboBox;
class QFrame;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class QToolButton;

namespace TokenScope {

/// The form of one endpoint profile: name, Base URL, API key (masked), where the key is kept, model,
/// API kind, custom headers, extra body JSON (checked as you type), proxy, the server's metrics URL,
/// HTTP/2 and the transport (Qt network or libcurl, with busy-poll). Shows a
/// banner with three ways out when no secure key storage exists. Knows nothing of QSettings or the
/// keychain: ProfilePanel loads and stores what it shows.
class ProfileEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ProfileEditor(QWidget *parent = nullptr);

    /// Shows `profile` (read-only when it is the built-in simulator). Emits nothing.
    void setProfile(const EndpointProfile &profile);
    /// The profile as the form shows it. An extra body that does not parse keeps the last valid one.
    EndpointProfile profile() const;

    /// The key field (never logged). setKey() emits nothing.
    void setKey(const QString &key);
    QString key() const;

    /// The in-process simulator's address, shown in the simulator profile's Base URL field.
    void setSimulatorBaseUrl(const QString &url);
    QString simulatorBaseUrl() const { return m_simulatorBaseUrl; }

    /// No keychain answered (`reason`: the backend's words). While set, a profile whose key is
    /// meant for the keychain shows a banner offering the environment, the session, or plaintext.
    void setNoSecureStorage(bool noSecureStorage, const QString &reason = {});
    bool isNoSecureStorageBannerVisible() const;
    /// The keychain failed otherwise (denied, or an error of its own): shown under the key source.
    void setKeyStorageProblem(const QString &message);

    /// Asked before the key source becomes Plaintext; the default shows a warning dialog.
    void setPlaintextConfirmation(std::function<bool(QWidget *parent)> confirm);

    /// Empty when the form can drive a run; otherwise the first problem, in words for the user.
    QString validationError() const;
    /// Empty when the extra body is a JSON object (or empty); else what is wrong and where.
    QString extraBodyError() const { return m_extraBodyError; }

    /// Fills the Model ID list with what the endpoint listed (the typed model stays) and says
    /// `message` under it, in red when `problem` (the endpoint lists none, or the request failed).
    void setModelList(const QStringList &models, const QString &message, bool problem);
    /// While the endpoint is asked for its models: the button is off and the line says so.
    void setFetchingModels(bool fetching);
    QStringList listedModels() const;
    QString modelsStatusText() const; ///< empty when no line is shown

Q_SIGNALS:
    /// Any field changed by the user (not by setProfile/setKey).
    void edited();
    /// The key field finished editing (focus left it or Return): time to store the key.
    void keyEditingFinished();
    /// "Fetch models" was pressed: the owner asks the endpoint (it knows the key) and calls setModelList().
    void fetchModelsRequested();

private:
    QWidget *buildBaseUrlRow();
    QWidget *buildExtraBodyBox();
    QWidget *buildKeyRow();
    QWidget *buildKeySourceRow();
    QWidget *buildHeadersBox();
    QWidget *buildProxyRow();
    QWidget *buildMetricsRow();
    void buildTransport();
    /// Busy-poll can be chosen only with libcurl (and not for the simulator).
    void updateBusyPoll();
    void updatePerChunkUsage(); ///< only chat and completions can ask for it
    QFrame *buildNoSecureStorageBanner();
    void connectEdits();
    QWidget *buildModelRow();
    void buildOutputForcing();
    void buildPerChunkUsage();
    void buildServerPreset();
    void applyServerPreset(int index); ///< ticks what the chosen server understands
    void showModelsStatus(const QString &message, bool problem);
    void updateForApi();
    void onApiActivated();
    void setKeySource(KeySource source);
    void onKeySourceActivated(int index);
    void validateExtraBody();
    void updateKeyWidgets();
    QString keychainChoiceText() const;
    void updateEnvStatus();
    void updateReadOnly();
    /// The built-in simulator's models and what each does, translated (docs/simulator.md#models).
    static QList<std::pair<QString, QString>> simulatorModelHints();
    /// Offers the simulator's models in the list, each with its hint as a tooltip.
    void listSimulatorModels();
    void showSimulatorModelHints();
    /// The model field's tooltip: the chosen simulator model's hint; none for other endpoints.
    void updateModelToolTip();
    void addHeaderRow(const QString &name, const QString &value);
    void emitEdited();
    /// The profile as a run's endpoint settings: what the run check is asked about.
    RunConfig runConfig() const;
    /// What the run check says of the Base URL field (empty when it is fine or empty).
    QString baseUrlProblem() const;
    void updateBaseUrlProblem();
    /// The placeholder and the suggestion button follow the Base URL; the key box, the origins.
    void updateMetricsWidgets();
    /// What the run check says of the metrics URL field (empty when it is fine or empty).
    QString metricsUrlProblem() const;
    /// Shows the headers', the proxy's and the metrics URL's problems under them.
    void updateFieldProblems();

    EndpointProfile m_loaded; ///< what setProfile() got: id, flags, the last valid extra body
    QJsonObject m_extraBody;
    QString m_extraBodyError;
    QString m_simulatorBaseUrl;
    bool m_noSecureStorage = false;
    /// Whether to send the key to a metrics URL on another origin, as the user chose it: the box
    /// shows the key going along (ticked, disabled) while the URL is on the Base URL's origin.
    bool m_metricsSendKey = false;
    /// Busy-poll as the user chose it: kept while Qt network is chosen, where the box shows no tick.
    bool m_busyPollChosen = false;
    bool m_filling = false; ///< setProfile() is filling the fields: no edited()
    std::function<bool(QWidget *)> m_confirmPlaintext;

    QLineEdit *m_name = nullptr;
    QLabel *m_baseUrlProblem = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QLineEdit *m_key = nullptr;
    QToolButton *m_showKey = nullptr;
    QComboBox *m_keySource = nullptr;
    QLineEdit *m_keyEnvVar = nullptr;
    QLabel *m_keyStatus = nullptr;
    QFrame *m_banner = nullptr;
    QLabel *m_bannerText = nullptr;
    QComboBox *m_modelCombo = nullptr;
    QLineEdit *m_model = nullptr; ///< m_modelCombo's line edit
    QPushButton *m_fetchModels = nullptr;
    QLabel *m_modelsStatus = nullptr;
    QComboBox *m_api = nullptr;
    QTableWidget *m_headers = nullptr;
    QPushButton *m_addHeader = nullptr;
    QPushButton *m_removeHeader = nullptr;
    QLabel *m_headersProblem = nullptr;
    QPlainTextEdit *m_extraBodyEdit = nullptr;
    QLabel *m_extraBodyStatus = nullptr;
    QComboBox *m_proxyMode = nullptr;
    QLineEdit *m_proxyUrl = nullptr;
    QLabel *m_proxyProblem = nullptr;
    QLineEdit *m_metricsUrl = nullptr;
    QPushButton *m_useSuggestedMetrics = nullptr;
    QCheckBox *m_metricsSendKeyBox = nullptr;
    QLabel *m_metricsProblem = nullptr;
    QCheckBox *m_http2 = nullptr;
    QComboBox *m_transport = nullptr;
    QCheckBox *m_busyPoll = nullptr;
    QLabel *m_busyPollNote = nullptr; ///< what busy-poll costs, beside it (wraps)
    QWidget *m_busyPollRow = nullptr;
    QCheckBox *m_ignoreEos = nullptr;
    QCheckBox *m_minTokens = nullptr;
    QCheckBox *m_perChunkUsage = nullptr;
    QComboBox *m_serverPreset = nullptr; ///< a one-shot filler, not stored
    QLabel *m_simulatorNote = nullptr;
};

} // namespace TokenScope
