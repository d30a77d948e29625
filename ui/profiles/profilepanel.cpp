// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilepanel.h"

#include "dialogs/textprompt.h"
#include "probe/modellist.h"
#include "profiles/profileeditor.h"
#include "servermetrics/metricsscraper.h"
#include "store/environmentprofiles.h"
#include "store/keyresolution.h"
#include "store/profilestore.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QUuid>
#include <QVBoxLayout>

namespace TokenScope {

namespace {
constexpr int kSaveDelayMs = 400; // a burst of typing is written once
}

ProfilePanel::ProfilePanel(ProfileStore *store, KeyStore *keyStore, QWidget *parent)
    : QWidget(parent)
    , m_ownStore(store ? nullptr : std::make_unique<ProfileStore>())
    , m_ownKeyStore(keyStore ? nullptr : std::make_unique<QtKeychainKeyStore>())
    , m_store(store ? store : m_ownStore.get())
    , m_keyStore(keyStore ? keyStore : m_ownKeyStore.get())
    , m_saveTimer(this)
{
    m_editor = new ProfileEditor;
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildSelectorRow());
    layout->addWidget(m_editor);

    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(kSaveDelayMs);
    connect(&m_saveTimer, &QTimer::timeout, this, &ProfilePanel::commitEdits);
    connect(m_editor, &ProfileEditor::edited, this, &ProfilePanel::onEdited);
    connect(m_editor, &ProfileEditor::keyEditingFinished, this, &ProfilePanel::saveNow);
    connect(m_editor, &ProfileEditor::fetchModelsRequested, this, &ProfilePanel::fetchModels);
    connect(m_keyStore, &KeyStore::keyRead, this, &ProfilePanel::onKeyRead);
    connect(m_keyStore, &KeyStore::failed, this, &ProfilePanel::onKeyStoreFailed);

    m_store->load();
    reloadSelector();
    showProfile(m_store->selectedId());
}

ProfilePanel::~ProfilePanel()
{
    if (m_saveTimer.isActive())
        commitEdits();
}

QWidget *ProfilePanel::buildSelectorRow()
{
    m_selector = new QComboBox;
    m_selector->setObjectName(QStringLiteral("profileSelector"));
    m_selector->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_selector->setMinimumContentsLength(12);
    m_selector->setToolTip(tr("Endpoint profile"));
    connect(m_selector, &QComboBox::activated, this,
            [this](int index) { selectProfile(m_selector->itemData(index).toString()); });
    m_new = new QPushButton(tr("New"));
    m_new->setObjectName(QStringLiteral("newProfile"));
    auto *newMenu = new QMenu(m_new);
    newMenu->addAction(tr("Empty Profile…"), this, &ProfilePanel::onNewClicked);
    m_newFromEnvironment
        = newMenu->addAction(tr("From the Environment…"), this, &ProfilePanel::onNewFromEnvironmentClicked);
    m_newFromEnvironment->setObjectName(QStringLiteral("newProfileFromEnvironment"));
    m_newFromEnvironment->setToolTip(tr("A profile for each endpoint a coding tool's variables describe: "
                                        "OPENAI_BASE_URL, ANTHROPIC_BASE_URL and their keys"));
    newMenu->setToolTipsVisible(true);
    m_new->setMenu(newMenu);
    m_duplicate = new QPushButton(tr("Duplicate"));
    m_duplicate->setObjectName(QStringLiteral("duplicateProfile"));
    m_rename = new QPushButton(tr("Rename"));
    m_rename->setObjectName(QStringLiteral("renameProfile"));
    m_delete = new QPushButton(tr("Delete"));
    m_delete->setObjectName(QStringLiteral("deleteProfile"));
    connect(m_duplicate, &QPushButton::clicked, this, &ProfilePanel::onDuplicateClicked);
    connect(m_rename, &QPushButton::clicked, this, &ProfilePanel::onRenameClicked);
    connect(m_delete, &QPushButton::clicked, this, &ProfilePanel::onDeleteClicked);

    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_selector);
    auto *buttons = new QHBoxLayout;
    for (QPushButton *b : {m_new, m_duplicate, m_rename, m_delete})
        buttons->addWidget(b);
    buttons->addStretch();
    layout->addLayout(buttons);
    return box;
}

void ProfilePanel::reloadSelector()
{
    const QSignalBlocker block(m_selector);
    m_selector->clear();
    for (const EndpointProfile &p : m_store->profiles())
        m_selector->addItem(p.shownName(), p.id);
    m_selector->setCurrentIndex(m_selector->findData(m_currentId));
}

void ProfilePanel::showProfile(const QString &id)
{
    const EndpointProfile *profile = m_store->find(id);
    if (!profile)
        profile = &m_store->profiles().first(); // the store always holds the simulator
    m_currentId = profile->id;
    m_editor->setProfile(*profile);
    if (m_keys.contains(m_currentId))
        m_editor->setKey(m_keys.value(m_currentId));
    else if (profile->keySource == KeySource::Plaintext)
        m_editor->setKey(profile->plaintextKey);
    else if (profile->keySource == KeySource::Keychain && !profile->builtInSimulator && !m_noSecureStorage)
        m_keyStore->readKey(m_currentId); // the field fills in when the keychain answers
    m_keys.insert(m_currentId, m_editor->key());

    m_store->setSelectedId(m_currentId);
    m_store->save(); // remember the selection for the next start
    {
        const QSignalBlocker block(m_selector);
        m_selector->setCurrentIndex(m_selector->findData(m_currentId));
    }
    updateButtons();
    Q_EMIT profileChanged();
    if (profile->builtInSimulator != m_currentIsSimulator) {
        m_currentIsSimulator = profile->builtInSimulator;
        Q_EMIT simulatorSelectedChanged(m_currentIsSimulator);
    }
}

void ProfilePanel::selectProfile(const QString &id)
{
    if (id == m_currentId)
        return;
    commitEdits();
    showProfile(id);
}

void ProfilePanel::onEdited()
{
    m_saveTimer.start();
    const int index = m_selector->findData(m_currentId);
    if (index >= 0)
        m_selector->setItemText(index, m_editor->profile().shownName());
    Q_EMIT profileChanged();
}

void ProfilePanel::saveNow()
{
    commitEdits();
}

void ProfilePanel::commitEdits()
{
    m_saveTimer.stop();
    const EndpointProfile *stored = m_store->find(m_currentId);
    if (!stored)
        return;
    if (stored->builtInSimulator) { // only its model can change: the simulator serves two
        EndpointProfile simulator = *stored;
        simulator.model = m_editor->profile().model;
        if (simulator.model != stored->model) {
            m_store->upsert(simulator);
            m_store->save();
        }
        return;
    }
    const KeySource previousSource = stored->keySource;
    const EndpointProfile profile = m_editor->profile();
    const QString key = m_editor->key();
    const bool keyChanged = key != m_keys.value(m_currentId);
    m_keys.insert(m_currentId, key);

    if (profile.keySource == KeySource::Keychain && !m_noSecureStorage
        && (keyChanged || previousSource != KeySource::Keychain)) {
        storeKey(m_currentId, profile.keySource, key);
    } else if (previousSource == KeySource::Keychain && profile.keySource != KeySource::Keychain
               && !m_noSecureStorage) {
        // The key moved elsewhere: it must not linger in the keychain.
        m_keyStore->deleteKey(m_currentId);
        m_keychainKeys.remove(m_currentId);
    }
    m_store->upsert(profile);
    m_store->save();
}

void ProfilePanel::storeKey(const QString &id, KeySource source, const QString &key)
{
    if (source != KeySource::Keychain || m_noSecureStorage)
        return;
    if (m_keychainKeys.contains(id) && m_keychainKeys.value(id) == key)
        return;
    if (key.isEmpty())
        m_keyStore->deleteKey(id);
    else
        m_keyStore->writeKey(id, key);
    m_keychainKeys.insert(id, key);
}

void ProfilePanel::onKeyRead(const QString &profileId, const QString &key)
{
    m_keychainKeys.insert(profileId, key);
    // Fill the field unless the user has typed a key meanwhile.
    if (profileId != m_currentId || m_editor->key() != m_keys.value(profileId))
        return;
    m_keys.insert(profileId, key);
    m_editor->setKey(key);
    Q_EMIT profileChanged();
}

void ProfilePanel::onKeyStoreFailed(const QString &profileId, KeyStore::Operation operation, KeyStore::Error error,
                                    const QString &message)
{
    switch (error) {
    case KeyStore::Error::NotFound:
        m_keychainKeys.insert(profileId, QString());
        return;
    case KeyStore::Error::NoSecureStorage:
        // The key stays in memory (m_keys) for this session; the banner asks where it should live.
        m_noSecureStorage = true;
        m_keychainKeys.clear();
        m_editor->setNoSecureStorage(true, message);
        return;
    case KeyStore::Error::Denied:
    case KeyStore::Error::Other:
        m_keychainKeys.remove(profileId);
        if (profileId == m_currentId) {
            m_editor->setKeyStorageProblem(operation == KeyStore::Operation::Read
                                               ? tr("The keychain refused to give the key: %1").arg(message)
                                               : tr("The keychain did not save the key: %1").arg(message));
        }
        return;
    }
}

void ProfilePanel::updateButtons()
{
    const bool simulator = m_store->find(m_currentId) && m_store->find(m_currentId)->builtInSimulator;
    m_selector->setEnabled(m_editable);
    m_new->setEnabled(m_editable);
    m_duplicate->setEnabled(m_editable && !simulator);
    m_rename->setEnabled(m_editable && !simulator);
    m_delete->setEnabled(m_editable && !simulator);
    m_editor->setEnabled(m_editable);
}

void ProfilePanel::setEditable(bool editable)
{
    m_editable = editable;
    if (!editable)
        saveNow();
    updateButtons();
}

QString ProfilePanel::createProfile(const QString &name)
{
    commitEdits();
    EndpointProfile profile = EndpointProfile::create(name);
    if (m_noSecureStorage)
        profile.keySource = KeySource::EnvironmentVariable; // the keychain is known not to answer
    m_store->upsert(profile);
    m_store->save();
    reloadSelector();
    showProfile(profile.id);
    return profile.id;
}

QString ProfilePanel::duplicateSelected(const QString &name)
{
    commitEdits();
    const EndpointProfile *source = m_store->find(m_currentId);
    if (!source || source->builtInSimulator)
        return {};
    EndpointProfile copy = *source;
    copy.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    copy.name = name;
    const QString key = m_keys.value(m_currentId);
    m_keys.insert(copy.id, key);
    if (!key.isEmpty())
        storeKey(copy.id, copy.keySource, key);
    m_store->upsert(copy);
    m_store->save();
    reloadSelector();
    showProfile(copy.id);
    return copy.id;
}

void ProfilePanel::renameSelected(const QString &name)
{
    if (name.trimmed().isEmpty())
        return;
    commitEdits();
    const EndpointProfile *current = m_store->find(m_currentId);
    if (!current || current->builtInSimulator)
        return;
    EndpointProfile renamed = *current;
    renamed.name = name.trimmed();
    m_store->upsert(renamed);
    m_store->save();
    reloadSelector();
    showProfile(renamed.id);
}

bool ProfilePanel::deleteSelected()
{
    m_saveTimer.stop();
    const EndpointProfile *current = m_store->find(m_currentId);
    if (!current || current->builtInSimulator)
        return false;
    const QString id = m_currentId;
    const bool inKeychain = current->keySource == KeySource::Keychain;
    m_store->remove(id);
    m_store->save();
    if (inKeychain && !m_noSecureStorage)
        m_keyStore->deleteKey(id);
    m_keys.remove(id);
    m_keychainKeys.remove(id);
    m_currentId.clear();
    reloadSelector();
    showProfile(m_store->selectedId());
    return true;
}

void ProfilePanel::onNewClicked()
{
    bool ok = false;
    const QString name
        = askForText(this, tr("New profile"), tr("Name of the endpoint profile:"), tr("New endpoint"), &ok);
    if (ok && !name.trimmed().isEmpty())
        createProfile(name.trimmed());
}

QString ProfilePanel::createProfileFrom(const EnvironmentEndpoint &endpoint)
{
    commitEdits();
    EndpointProfile profile = endpoint.profile;
    if (m_noSecureStorage) {
        // Never into the settings file: without a keychain the key stays where it was found.
        profile.keySource = KeySource::EnvironmentVariable;
        profile.keyEnvVar = endpoint.keyVariable.isEmpty() ? profile.keyEnvVar : endpoint.keyVariable;
    }
    m_store->upsert(profile);
    m_store->save();
    m_keys.insert(profile.id, endpoint.key);
    if (!endpoint.key.isEmpty())
        storeKey(profile.id, profile.keySource, endpoint.key);
    reloadSelector();
    showProfile(profile.id);
    return profile.id;
}

// One line per endpoint found: what it is and where each value came from, never the key itself.
QString ProfilePanel::describe(const EnvironmentEndpoint &endpoint)
{
    QString text = tr("%1 · %2").arg(endpoint.profile.api == ApiKind::AnthropicMessages ? tr("Anthropic Messages")
                                                                                     : tr("OpenAI chat completions"),
        endpoint.profile.baseUrl);
    text += endpoint.keyVariable.isEmpty() ? tr(" · no key") : tr(" · key from %1").arg(endpoint.keyVariable);
    if (!endpoint.modelVariable.isEmpty())
        text += tr(" · model %1").arg(endpoint.profile.model);
    return text;
}

void ProfilePanel::onNewFromEnvironmentClicked()
{
    const QList<EnvironmentEndpoint> found = endpointsFromEnvironment(QProcessEnvironment::systemEnvironment());
    if (found.isEmpty()) {
        QMessageBox::information(this, tr("Nothing in the environment"),
            tr("TokenScope's environment sets none of OPENAI_BASE_URL, OPENAI_API_KEY, ANTHROPIC_BASE_URL, "
               "ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN.\n\nStart TokenScope from the shell where your coding "
               "tool is configured, or create an empty profile."));
        return;
    }
    QStringList items;
    for (const EnvironmentEndpoint &endpoint : found)
        items.append(describe(endpoint));
    bool ok = false;
    const QString chosen = askForItem(this, tr("New profile from the environment"),
        m_noSecureStorage ? tr("Endpoint (its key stays in the environment variable: no keychain answers):")
                          : tr("Endpoint (its key is stored in the OS keychain, never in the settings file):"),
        items, &ok);
    if (ok && items.contains(chosen))
        createProfileFrom(found.at(items.indexOf(chosen)));
}

void ProfilePanel::fetchModels()
{
    if (!m_modelFetch) {
        m_modelFetch = new ModelListFetch(this);
        connect(m_modelFetch, &ModelListFetch::finished, this, &ProfilePanel::onModelsFetched);
    }
    m_editor->setFetchingModels(true);
    m_fetchProfileId = m_currentId;
    m_modelFetch->start(applyTo(RunConfig()));
}

void ProfilePanel::onModelsFetched(const ModelListResult &result)
{
    if (m_fetchProfileId != m_currentId)
        return; // another profile's list: the editor shows a new profile (and an enabled button)
    if (result.ok() && !result.models.isEmpty())
        m_editor->setModelList(result.models, tr("%n model(s) listed by the endpoint.", nullptr, int(result.models.size())), false);
    else if (result.ok())
        m_editor->setModelList({}, tr("The endpoint lists no models: type the model ID."), true);
    else
        m_editor->setModelList({}, result.error, true);
}

void ProfilePanel::onDuplicateClicked()
{
    const EndpointProfile *current = m_store->find(m_currentId);
    if (!current)
        return;
    bool ok = false;
    const QString name = askForText(
        this, tr("Duplicate profile"), tr("Name of the copy:"), tr("%1 (copy)").arg(current->shownName()), &ok);
    if (ok && !name.trimmed().isEmpty())
        duplicateSelected(name.trimmed());
}

void ProfilePanel::onRenameClicked()
{
    const EndpointProfile *current = m_store->find(m_currentId);
    if (!current)
        return;
    bool ok = false;
    const QString name = askForText(this, tr("Rename profile"), tr("New name:"), m_editor->profile().name, &ok);
    if (ok)
        renameSelected(name);
}

void ProfilePanel::onDeleteClicked()
{
    const EndpointProfile *current = m_store->find(m_currentId);
    if (!current)
        return;
    const auto answer = QMessageBox::question(
        this, tr("Delete profile"),
        tr("Delete the profile \"%1\" and its stored API key?").arg(current->name),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes)
        deleteSelected();
}

void ProfilePanel::applyTo(RunConfig *config) const
{
    const EndpointProfile profile = m_editor->profile();
    profile.applyTo(config);
    if (profile.builtInSimulator) {
        if (!m_editor->simulatorBaseUrl().isEmpty())
            config->baseUrl = m_editor->simulatorBaseUrl();
        config->endpointLabel = m_simulatorLabel;
        // The simulator serves vLLM's metrics beside its API: the demo shows the server's side too.
        config->serverMetricsUrl = ServerMetrics::suggestedUrl(m_editor->simulatorBaseUrl());
        config->apiKey.clear();
        return;
    }
    // The key field holds what the keychain answered, or what was typed (plaintext included).
    config->apiKey = KeyResolution::forProfile(profile, m_editor->key()).value_or(QString());
}

QString ProfilePanel::keyVariable() const
{
    const EndpointProfile profile = m_editor->profile();
    return profile.keySource == KeySource::EnvironmentVariable ? profile.keyEnvVar : QString();
}

QList<QPair<QString, QString>> ProfilePanel::profileNames() const
{
    QList<QPair<QString, QString>> names;
    for (const EndpointProfile &p : m_store->profiles())
        names.append({ p.id, p.shownName() });
    return names;
}

bool ProfilePanel::applyProfileTo(const QString &id, RunConfig *config, QString *error) const
{
    if (id == m_currentId) {
        applyTo(config);
        return true;
    }
    const EndpointProfile *profile = m_store->find(id);
    if (!profile) {
        *error = tr("That profile no longer exists.");
        return false;
    }
    profile->applyTo(config);
    config->apiKey.clear();
    if (profile->builtInSimulator) {
        config->baseUrl = m_editor->simulatorBaseUrl();
        config->endpointLabel = m_simulatorLabel;
        config->serverMetricsUrl = ServerMetrics::suggestedUrl(config->baseUrl);
        if (config->baseUrl.isEmpty())
            *error = tr("The built-in simulator is not running.");
        return !config->baseUrl.isEmpty();
    }
    // A keychain key is held once the profile was selected and the keychain answered (asynchronously).
    const std::optional<QString> key = KeyResolution::forProfile(
        *profile, m_keys.contains(id) ? std::optional<QString>(m_keys.value(id)) : std::nullopt);
    if (!key) {
        *error = tr("The API key of “%1” is not loaded yet: select that profile once, then come back.")
                     .arg(profile->name);
        return false;
    }
    config->apiKey = *key;
    return true;
}

RunConfig ProfilePanel::applyTo(RunConfig config) const
{
    applyTo(&config);
    return config;
}

bool ProfilePanel::isBuiltInSimulatorSelected() const
{
    return m_currentIsSimulator;
}

void ProfilePanel::setSimulatorEndpoint(const QString &url, const QString &label)
{
    m_simulatorLabel = label;
    m_editor->setSimulatorBaseUrl(url);
    if (m_currentIsSimulator)
        Q_EMIT profileChanged();
}

QString ProfilePanel::validationError() const
{
    if (m_currentIsSimulator && m_editor->simulatorBaseUrl().isEmpty())
        return tr("The built-in simulator is not running.");
    return m_editor->validationError();
}

} // namespace TokenScope
