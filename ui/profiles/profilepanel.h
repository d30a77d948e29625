// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "store/endpointprofile.h"
#include "store/keystore.h"

#include <QHash>
#include <QTimer>
#include <QWidget>
#include <memory>

class QAction;
class QComboBox;
class QPushButton;

namespace TokenScope {

class ModelListFetch;
class ProfileEditor;
class ProfileStore;
struct EnvironmentEndpoint;
struct ModelListResult;

/// Endpoint profiles: a selector with New / Duplicate / Rename / Delete above the selected
/// profile's form. Edits are saved to the ProfileStore shortly after they happen (and when another
/// profile is selected); keys go where the profile says: the KeyStore (keychain), memory (session),
/// the settings file (plaintext, opted in), or nowhere (read from the environment at run time).
/// First start shows the built-in simulator, read-only. GUI thread only.
class ProfilePanel : public QWidget
{
    Q_OBJECT
public:
    /// `store` and `keyStore` are not owned; nullptr makes (and owns) the defaults: a ProfileStore
    /// on the application's QSettings and a QtKeychainKeyStore. The store is loaded here.
    explicit ProfilePanel(ProfileStore *store = nullptr, KeyStore *keyStore = nullptr, QWidget *parent = nullptr);
    ~ProfilePanel() override;

    /// Endpoint, model, API, headers, extra body, proxy, HTTP/2 and the key (typed, or read from
    /// the environment variable now) into `config`; the simulator profile sets the simulator's URL.
    void applyTo(RunConfig *config) const;
    RunConfig applyTo(RunConfig config) const;

    bool isBuiltInSimulatorSelected() const;
    /// The environment variable the selected profile reads its key from; empty when the key is
    /// kept elsewhere (keychain, session, plaintext).
    QString keyVariable() const;
    /// Every profile as (id, name), in the selector's order.
    QList<QPair<QString, QString>> profileNames() const;
    /// Another profile's endpoint (the selected one's as applyTo()): false with the reason when its
    /// key is not known yet (a keychain key is read when the profile is first selected).
    bool applyProfileTo(const QString &id, RunConfig *config, QString *error) const;
    /// The in-process simulator's Base URL, once it listens (http://127.0.0.1:<port>/v1), and the
    /// label its runs record instead of that URL (RunConfig::endpointLabel).
    void setSimulatorEndpoint(const QString &url, const QString &label);
    /// Off while a run is going: the run's settings stay what they were when it started.
    void setEditable(bool editable);
    /// Empty when the selected profile can drive a run; otherwise what to fix.
    QString validationError() const;

    QString selectedProfileId() const { return m_currentId; }
    /// Selects the profile `id` (saving the edits of the previous one first).
    void selectProfile(const QString &id);
    /// New profile with defaults, selected. Returns its id.
    QString createProfile(const QString &name);
    /// A profile for an endpoint found in the environment (endpointsFromEnvironment()), selected; its
    /// key goes to the keychain, or without one stays in its environment variable. Returns its id.
    QString createProfileFrom(const EnvironmentEndpoint &endpoint);
    /// Asks the selected profile's endpoint for its models (on a worker thread) and lists them in
    /// the editor's Model ID field.
    void fetchModels();
    /// Copy of the selected profile (its key too), selected. Returns its id.
    QString duplicateSelected(const QString &name);
    void renameSelected(const QString &name);
    /// Deletes the selected profile and its keychain entry; false for the built-in simulator.
    bool deleteSelected();
    /// Writes pending edits now (otherwise they are written a moment after the last change).
    void saveNow();

    ProfileEditor *editor() const { return m_editor; }

Q_SIGNALS:
    /// The selected profile or one of its fields changed: the run's config would differ.
    void profileChanged();
    void simulatorSelectedChanged(bool builtInSimulator);

private:
    QWidget *buildSelectorRow();
    void reloadSelector();
    void showProfile(const QString &id);
    void commitEdits();
    void storeKey(const QString &id, KeySource source, const QString &key);
    void onEdited();
    void onNewClicked();
    void onNewFromEnvironmentClicked();
    static QString describe(const EnvironmentEndpoint &endpoint);
    void onModelsFetched(const ModelListResult &result);
    void onDuplicateClicked();
    void onRenameClicked();
    void onDeleteClicked();
    void onKeyRead(const QString &profileId, const QString &key);
    void onKeyStoreFailed(const QString &profileId, KeyStore::Operation operation, KeyStore::Error error,
                          const QString &message);
    void updateButtons();

    std::unique_ptr<ProfileStore> m_ownStore;
    std::unique_ptr<KeyStore> m_ownKeyStore;
    ProfileStore *m_store;
    KeyStore *m_keyStore;
    ProfileEditor *m_editor = nullptr;
    QString m_simulatorLabel;
    QComboBox *m_selector = nullptr;
    QPushButton *m_new = nullptr; ///< its menu: an empty profile, or one from the environment
    QAction *m_newFromEnvironment = nullptr;
    ModelListFetch *m_modelFetch = nullptr; ///< made on the first fetch
    QString m_fetchProfileId; ///< whose models the last fetch asked for
    QPushButton *m_duplicate = nullptr;
    QPushButton *m_rename = nullptr;
    QPushButton *m_delete = nullptr;
    QTimer m_saveTimer;
    QString m_currentId;
    bool m_currentIsSimulator = false;
    bool m_editable = true;
    QHash<QString, QString> m_keys; ///< this session's keys per profile id (memory only)
    QHash<QString, QString> m_keychainKeys; ///< what the keychain holds per id, as far as we know
    bool m_noSecureStorage = false;
};

} // namespace TokenScope
