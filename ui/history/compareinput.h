// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>
#include <optional>

namespace TokenScope {

class HistoryStore;

/// What CompareView::setRuns takes, read from the history: the runs, their names (empty for a run
/// not named; the view names it by RunLabel), their history ids and the TokenScope versions that
/// measured them.
struct CompareInput
{
    Q_DECLARE_TR_FUNCTIONS(CompareInput)

public:
    QList<RunResult> runs;
    QStringList names;
    QStringList toolVersions;
    QList<qint64> historyIds;

    /// Loads `runIds` in that order. Fails (nullopt, *error set) if any cannot be read.
    static std::optional<CompareInput> load(
        const HistoryStore &store, const QList<qint64> &runIds, QString *error = nullptr);
};

} // namespace TokenScope
