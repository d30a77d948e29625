// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/threadlag.h"

#include <QObject>

class QSocketNotifier;

namespace TokenScope {

/// The 1 ms lag probe of the thread it lives on (docs/metrics.md#measurement-quality): a LagTimer
/// watched by this thread's Qt event loop. A read that waits in the same loop waits as long.
class LagProbe : public QObject
{
    Q_OBJECT
public:
    explicit LagProbe(QObject *parent = nullptr);

    /// Starts afresh: what was recorded before is dropped.
    void start();
    void stop();
    /// What it recorded since the last call (or start()); empty when no timer could be made.
    LagRecord take();

private:
    LagTimer m_timer;
    QSocketNotifier *m_notifier = nullptr;
    LagRecord m_record;
};

} // namespace TokenScope
