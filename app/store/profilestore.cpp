// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilestore.h"

#include <QJsonDocument>
#include <QSettings>

namespace TokenScope {

namespace {
const QString kGroup = QStringLiteral("profiles");
const QString kOrder = QStringLiteral("profiles/order");
const QString kSelected = QStringLiteral("profiles/selected");
} // namespace

ProfileStore::ProfileStore()
    : m_ownSettings(std::make_unique<QSettings>())
    , m_settings(m_ownSettings.get())
{
}

ProfileStore::ProfileStore(QSettings *settings)
    : m_settings(settings)
{
}

ProfileStore::~ProfileStore() = default;

void ProfileStore::load()
{
    m_profiles.clear();
    const QStringList ids = m_settings->value(kOrder).toStringList();
    for (const QString &id : ids) {
        if (!id.isEmpty() && !find(id))
            m_profiles.append(readProfile(id));
    }
    ensureBuiltInSimulator();
    setSelectedId(m_settings->value(kSelected).toString());
    if (ids.isEmpty())
        save(); // first start: the simulator profile exists from now on
}

void ProfileStore::ensureBuiltInSimulator()
{
    for (const EndpointProfile &p : std::as_const(m_profiles)) {
        if (p.builtInSimulator)
            return;
    }
    m_profiles.prepend(EndpointProfile::builtInSimulatorProfile());
}

EndpointProfile ProfileStore::readProfile(const QString &id) const
{
    EndpointProfile p;
    p.id = id;
    m_settings->beginGroup(kGroup + u'/' + id);
    p.name = m_settings->value(QStringLiteral("name"), id).toString();
    p.builtInSimulator = m_settings->value(QStringLiteral("builtInSimulator"), false).toBool();
    p.baseUrl = p.builtInSimulator ? QString() : m_settings->value(QStringLiteral("baseUrl")).toString();
    p.model = m_settings->value(QStringLiteral("model")).toString();
    parseApiKind(m_settings->value(QStringLiteral("api")).toString(), &p.api);
    const int headerCount = m_settings->beginReadArray(QStringLiteral("headers"));
    for (int i = 0; i < headerCount; ++i) {
        m_settings->setArrayIndex(i);
        p.headers.append({m_settings->value(QStringLiteral("name")).toString(),
                          m_settings->value(QStringLiteral("value")).toString()});
    }
    m_settings->endArray();
    p.extraBody = QJsonDocument::fromJson(m_settings->value(QStringLiteral("extraBody")).toString().toUtf8()).object();
    parseProxyMode(m_settings->value(QStringLiteral("proxyMode")).toString(), &p.proxyMode);
    p.proxyUrl = m_settings->value(QStringLiteral("proxyUrl")).toString();
    p.http2 = m_settings->value(QStringLiteral("http2"), false).toBool();
    p.transport = m_settings->value(QStringLiteral("transport"), p.transport).toString(); // older stores: Qt network
    p.busyPoll = m_settings->value(QStringLiteral("busyPoll"), false).toBool();
    p.ignoreEos = m_settings->value(QStringLiteral("ignoreEos"), false).toBool();
    p.minTokens = m_settings->value(QStringLiteral("minTokens"), false).toBool();
    p.perChunkUsage = m_settings->value(QStringLiteral("perChunkUsage"), false).toBool();
    p.metricsUrl = m_settings->value(QStringLiteral("metricsUrl")).toString();
    p.metricsSendKey = m_settings->value(QStringLiteral("metricsSendKey"), false).toBool();
    parseKeySource(m_settings->value(QStringLiteral("keySource")).toString(), &p.keySource);
    p.keyEnvVar = m_settings->value(QStringLiteral("keyEnvVar"), p.keyEnvVar).toString();
    if (p.keySource == KeySource::Plaintext)
        p.plaintextKey = m_settings->value(QStringLiteral("plaintextKey")).toString();
    m_settings->endGroup();
    return p;
}

void ProfileStore::writeProfile(const EndpointProfile &p)
{
    m_settings->beginGroup(kGroup + u'/' + p.id);
    m_settings->remove(QString()); // this group only: no stale keys (a plaintext key after a switch)
    m_settings->setValue(QStringLiteral("name"), p.name);
    m_settings->setValue(QStringLiteral("builtInSimulator"), p.builtInSimulator);
    if (!p.builtInSimulator)
        m_settings->setValue(QStringLiteral("baseUrl"), p.baseUrl); // the simulator's port changes per start
    m_settings->setValue(QStringLiteral("model"), p.model);
    m_settings->setValue(QStringLiteral("api"), apiKindName(p.api));
    m_settings->beginWriteArray(QStringLiteral("headers"), int(p.headers.size()));
    for (int i = 0; i < p.headers.size(); ++i) {
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("name"), p.headers[i].first);
        m_settings->setValue(QStringLiteral("value"), p.headers[i].second);
    }
    m_settings->endArray();
    m_settings->setValue(QStringLiteral("extraBody"),
                         QString::fromUtf8(QJsonDocument(p.extraBody).toJson(QJsonDocument::Compact)));
    m_settings->setValue(QStringLiteral("proxyMode"), proxyModeName(p.proxyMode));
    m_settings->setValue(QStringLiteral("proxyUrl"), p.proxyUrl);
    m_settings->setValue(QStringLiteral("http2"), p.http2);
    m_settings->setValue(QStringLiteral("transport"), p.transport);
    m_settings->setValue(QStringLiteral("busyPoll"), p.busyPoll);
    m_settings->setValue(QStringLiteral("ignoreEos"), p.ignoreEos);
    m_settings->setValue(QStringLiteral("minTokens"), p.minTokens);
    m_settings->setValue(QStringLiteral("perChunkUsage"), p.perChunkUsage);
    m_settings->setValue(QStringLiteral("metricsUrl"), p.metricsUrl);
    m_settings->setValue(QStringLiteral("metricsSendKey"), p.metricsSendKey);
    m_settings->setValue(QStringLiteral("keySource"), keySourceName(p.keySource));
    m_settings->setValue(QStringLiteral("keyEnvVar"), p.keyEnvVar);
    if (p.keySource == KeySource::Plaintext) // the user opted in after a warning
        m_settings->setValue(QStringLiteral("plaintextKey"), p.plaintextKey);
    m_settings->endGroup();
}

void ProfileStore::save()
{
    QStringList ids;
    for (const EndpointProfile &p : std::as_const(m_profiles))
        ids.append(p.id);
    m_settings->beginGroup(kGroup);
    const QStringList stored = m_settings->childGroups();
    m_settings->endGroup();
    for (const QString &id : stored) {
        if (!ids.contains(id))
            m_settings->remove(kGroup + u'/' + id);
    }
    for (const EndpointProfile &p : std::as_const(m_profiles))
        writeProfile(p);
    m_settings->setValue(kOrder, ids);
    m_settings->setValue(kSelected, m_selectedId);
    m_settings->sync();
}

const EndpointProfile *ProfileStore::find(const QString &id) const
{
    for (const EndpointProfile &p : m_profiles) {
        if (p.id == id)
            return &p;
    }
    return nullptr;
}

void ProfileStore::upsert(const EndpointProfile &profile)
{
    for (EndpointProfile &p : m_profiles) {
        if (p.id == profile.id) {
            p = profile;
            return;
        }
    }
    m_profiles.append(profile);
}

bool ProfileStore::remove(const QString &id)
{
    const EndpointProfile *p = find(id);
    if (!p || p->builtInSimulator)
        return false;
    m_profiles.removeIf([&id](const EndpointProfile &q) { return q.id == id; });
    if (m_selectedId == id)
        setSelectedId(QString());
    return true;
}

void ProfileStore::setSelectedId(const QString &id)
{
    // An unknown id (deleted, or a settings file edited by hand) falls back to the first profile.
    m_selectedId = find(id) ? id : m_profiles.value(0).id;
}

} // namespace TokenScope
