// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "historystore.h"

#include <QString>
#include <QStringList>
#include <optional>

/// Reading the run directories `tokenscope-cli run --out DIR` writes, for
/// HistoryStore::importRunDirectory. Only reads files; stores nothing. Internal to app/store,
/// public for tests. Errors: nullopt and *error (when given) set to a sentence naming the file.
namespace TokenScope::HistoryImport {

/// A run as read from its files, ready for HistoryStore::storeRun.
struct ImportedRun
{
    RunResult run; ///< levels recomputed from the records with Stats::summarizeRun
    HistoryRunStatus status = HistoryRunStatus::Completed;
    QString reason; ///< why an Interrupted or Failed run stopped; empty otherwise
    QString toolVersion; ///< summary.json's tool.version (empty if absent)
};

/// One run directory: summary.json (its config, started_at, status, tool) and requests.jsonl.
/// A summary still "running" (the CLI was killed) reads as Interrupted.
std::optional<ImportedRun> readRunDirectory(const QString &dir, QString *error = nullptr);

/// The run directories of the parent `tokenscope-cli run --repeat K --out DIR` writes
/// (docs/metrics.md#repeats): the ones its repeats.json lists that hold a summary.json, in repeat
/// order, and the repeats asked for. Empty `dirs` when `dir` holds no repeats.json.
struct RepeatDirectories
{
    QStringList dirs;
    int asked = 0;
};
RepeatDirectories repeatDirectories(const QString &dir);

/// True when `dir` has no summary.json but A/summary.json or B/summary.json: the parent
/// directory `tokenscope-cli run --ab-model M2 --out DIR` writes.
bool isAbParentDirectory(const QString &dir);

/// The parent of A/ and B/ as one A/B interleaved run: arms = [A's config, B's config], the
/// records of both (arm 0 from A/, 1 from B/, indexes kept) in the order they finished, levels
/// recomputed per arm. Completed only if both arms completed; otherwise the worse of the two
/// (Cancelled, then Interrupted, then Failed), with that arm's reason. Both arms must have the same
/// concurrency levels (one run measured them). Errors name the arm.
std::optional<ImportedRun> readAbRunDirectory(const QString &dir, QString *error = nullptr);

} // namespace TokenScope::HistoryImport
