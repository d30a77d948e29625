// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QTcpServer>

namespace TokenScope {

class SimWorker;

/// Accepts connections on its own thread and hands each descriptor to the next worker,
/// round-robin; it never reads a byte itself.
class SimListener : public QTcpServer
{
    Q_OBJECT
public:
    explicit SimListener(const QList<SimWorker *> &workers, QObject *parent = nullptr);

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    QList<SimWorker *> m_workers;
    qsizetype m_next = 0;
};

} // namespace TokenScope
