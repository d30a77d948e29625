// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/palette.h"
#include "core/runoutcome.h"

#include <QColor>

namespace TokenScope {

/// The one colour of each outcome, in the progress bar, the Runs table and History alike:
/// green completed, amber with failures, red failed, grey cancelled.
inline QColor outcomeColor(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Completed:
        return Palette::outcomeCompleted;
    case Outcome::CompletedWithFailures:
        return Palette::outcomeWithFailures;
    case Outcome::Failed:
        return Palette::outcomeFailed;
    case Outcome::Cancelled:
        return Palette::outcomeCancelled;
    case Outcome::Running:
        break;
    }
    return Palette::outcomeRunning;
}

} // namespace TokenScope
