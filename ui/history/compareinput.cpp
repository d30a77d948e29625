// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareinput.h"

#include "store/historystore.h"

namespace TokenScope {

std::optional<CompareInput> CompareInput::load(const HistoryStore &store, const QList<qint64> &runIds, QString *error)
{
    CompareInput input;
    for (qint64 id : runIds) {
        QString why;
        const std::optional<HistoryRunInfo> info = store.runInfo(id, &why);
        std::optional<RunResult> run = info ? store.loadRun(id, &why) : std::nullopt;
        if (!info || !run) {
            if (error)
                *error = tr("Run %1 could not be read: %2").arg(id).arg(why);
            return std::nullopt;
        }
        input.runs.append(*run);
        input.names.append(info->name);
        input.toolVersions.append(info->toolVersion);
        input.historyIds.append(id);
    }
    return input;
}

} // namespace TokenScope
