// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "stats/repeatsummary.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

/// The summary of a repeated run (docs/metrics.md#repeats) as repeats.json and repeats.md, beside
/// the repeats' own run directories. Pure functions; thread-safe.
namespace TokenScope::Report {

inline constexpr char kRepeatsJsonFile[] = "repeats.json";
inline constexpr char kRepeatsMarkdownFile[] = "repeats.md";

/// The name of the `index`-th repeat's run directory (from 1): "repeat-1", "repeat-2", …
QString repeatDirectoryName(int index);

/// repeats.json: the counts, the repeats' directories and, per level and figure, every repeat's
/// value, their spread between repeats and the mean 95 % half-width within them.
QJsonObject repeatsJson(const Stats::RepeatSummary &summary);
/// repeats.md, which the CLI prints too: one table and one sentence per level.
QString repeatsMarkdown(const Stats::RepeatSummary &summary);

/// Writes repeats.json and repeats.md into `dir`, each atomically (writeFileAtomically). False,
/// with the path and reason, when one cannot be written.
bool writeRepeatFiles(const Stats::RepeatSummary &summary, const QString &dir, QString *error);

} // namespace TokenScope::Report
