// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/streamscheduler.h"

#include <QHash>
#include <QObject>

namespace TokenScope {

class HttpConnection;
struct SimShared;

/// One simulator worker: lives on its own QThread and owns the connections handed to it, plus the
/// one StreamScheduler that times all of their chunks. Its public functions must run on its
/// thread; other threads reach it through queued QMetaObject::invokeMethod().
class SimWorker : public QObject
{
    Q_OBJECT
public:
    explicit SimWorker(SimShared *shared, QObject *parent = nullptr);
    ~SimWorker() override;

    /// Takes over an accepted socket descriptor (from the listener thread).
    void adoptSocket(qintptr descriptor);
    /// A batch slot freed at atNs (steady clock) now belongs to this connection's request.
    void grantSlot(quint64 connectionId, quint64 serial, qint64 atNs);
    /// Server stopping: drops every connection without answering.
    void shutdown();

private:
    void dispatch(const StreamScheduler::Entry &entry);
    void onConnectionClosed(quint64 connectionId);

    SimShared *m_shared;
    StreamScheduler *m_scheduler;
    QHash<quint64, HttpConnection *> m_connections;
    quint64 m_nextConnectionId = 0;
};

} // namespace TokenScope
