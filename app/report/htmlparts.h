// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"
#include "htmlreportcharts.h"
#include "reportformat.h"

#include <QString>

/// The pieces report.html is built of, shared by every page of its kind (the A/B report too;
/// internal to app/report). Pure; thread-safe.
namespace TokenScope::Report::Detail {

/// Free text from the config or a server: `secret` out first (escaping could split it), then
/// escaped so that it cannot open markup.
QString esc(const QString &text, const QString &secret);
/// <tag class="cssClass">html</tag>; `html` is taken as it is.
QString element(const char *tag, const QString &html, const QString &cssClass = {});
/// A <time> element: local date and time with its UTC offset; "unknown date" when invalid.
QString humanDate(const QDateTime &time);
/// A results table, one row per entry of `rows`, every cell escaped; missing figures greyed.
QString htmlLevelTable(
    const QList<LevelRow> &rows, const QList<ResultsColumn> &columns, const QString &cssClass, const QString &secret);
/// A chart in a <figure>, spanning both columns when `wide`.
QString figureHtml(const ChartFigure &figure, bool wide, const QString &secret);
/// The notes as an escaped list (<ul class="notes">).
QString notesList(const QStringList &notes, const QString &secret);
/// The configuration of `run` as a definition list under an <h2> of `heading` (no prompt text).
QString configSection(const RunResult &run, const QString &heading);
/// The footer: who wrote the page, how it measured, then `perRequest` (where the per-request data is).
QString footerSection(const QString &perRequest);

} // namespace TokenScope::Report::Detail
