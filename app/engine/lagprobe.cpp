// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lagprobe.h"

#include <QSocketNotifier>

namespace TokenScope {

LagProbe::LagProbe(QObject *parent)
    : QObject(parent)
{
    if (m_timer.fd() < 0)
        return; // no probe: the level's figures say the lag was not measured
    m_notifier = new QSocketNotifier(m_timer.fd(), QSocketNotifier::Read, this);
    m_notifier->setEnabled(false);
    connect(m_notifier, &QSocketNotifier::activated, this, [this] { m_timer.handle(&m_record); });
}

void LagProbe::start()
{
    if (!m_notifier)
        return;
    m_record = {};
    m_notifier->setEnabled(true);
    m_timer.arm();
}

void LagProbe::stop()
{
    if (!m_notifier)
        return;
    m_notifier->setEnabled(false);
    m_timer.disarm();
}

LagRecord LagProbe::take()
{
    LagRecord taken = m_record;
    m_record = {};
    return taken;
}

} // namespace TokenScope
