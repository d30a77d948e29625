// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "levelsummary.h"
#include "requestrecord.h"
#include "runconfig.h"

#include <QDateTime>
#include <QList>

namespace TokenScope {

/// A whole run: what was asked, what was measured, and the per-level summaries.
struct RunResult {
    RunConfig config;
    QDateTime startedAt;
    QList<RequestRecord> records; ///< warm-ups included, flagged
    QList<LevelSummary> levels;
    bool cancelled = false;

    QList<RequestRecord> recordsOfLevel(int concurrency) const;
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RunResult)
