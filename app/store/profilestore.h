// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/endpointprofile.h"

#include <QList>
#include <QString>
#include <memory>

class QSettings;

namespace TokenScope {

/// Endpoint profiles kept in QSettings: group "profiles/<id>" per profile, "profiles/order" (ids in
/// the user's order) and "profiles/selected" (the last selected id). API keys are not written,
/// except a profile's plaintextKey when its keySource is Plaintext (the user's explicit choice).
/// First start (no profiles stored) yields exactly one profile, the built-in simulator, selected.
/// Not thread-safe: use from one thread (the GUI's).
class ProfileStore
{
public:
    /// Uses the application's default QSettings.
    ProfileStore();
    /// Uses `settings` (not owned; must outlive the store), e.g. an INI file in a test.
    explicit ProfileStore(QSettings *settings);
    ~ProfileStore();

    /// Reads every profile. Always leaves at least the built-in simulator, and a valid selection.
    void load();
    /// Writes every profile and the selection, removing the groups of deleted profiles.
    void save();

    const QList<EndpointProfile> &profiles() const { return m_profiles; }
    /// The profile with `id`, or nullptr.
    const EndpointProfile *find(const QString &id) const;
    /// Replaces the profile with the same id, or appends it.
    void upsert(const EndpointProfile &profile);
    /// Removes the profile `id`; the built-in simulator cannot be removed (returns false).
    bool remove(const QString &id);

    QString selectedId() const { return m_selectedId; }
    void setSelectedId(const QString &id);

private:
    EndpointProfile readProfile(const QString &id) const;
    void writeProfile(const EndpointProfile &profile);
    void ensureBuiltInSimulator();

    std::unique_ptr<QSettings> m_ownSettings;
    QSettings *m_settings;
    QList<EndpointProfile> m_profiles;
    QString m_selectedId;
};

} // namespace TokenScope
