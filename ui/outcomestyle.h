// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runoutcome.h"

#include <QColor>

namespace TokenScope {

/// The one colour of each outcome, in the progress bar, the Runs table and History alike:
/// green completed, amber with failures, red failed, grey cancelled.
inline QColor outcomeColor(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Completed:
        return QColor(0x2e, 0x7d, 0x32);
    case Outcome::CompletedWithFailures:
        return QColor(0xe6, 0x51, 0x00);
    case Outcome::Failed:
        return QColor(0xb7, 0x1c, 0x1c);
    case Outcome::Cancelled:
        return QColor(0x61, 0x61, 0x61);
    case Outcome::Running:
        break;
    }
    return QColor(0x15, 0x65, 0xc0);
}

} // namespace TokenScope
