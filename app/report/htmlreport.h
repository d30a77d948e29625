// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QString>

/// report.html (README.md#where-results-go): one self-contained page for teammates. Inline CSS, charts as inline SVG
/// drawn from the run's data; no script, font, image or stylesheet from anywhere, so it opens
/// offline and prints as it shows. Every string from the config or a server is HTML-escaped and
/// the API key is redacted from every byte. Pure functions; thread-safe.
namespace TokenScope::Report {

struct HtmlReportOptions
{
    /// Chunk-arrival ticks drawn in the token timeline at most; above, every k-th chunk of each
    /// request is drawn (its last one always) and the caption says so.
    int maxTimelineMarks = 4000;
    /// The environment line under the title; empty: environmentDescription() of this machine.
    QString environment;
    /// requests.jsonl is written beside the page (a run directory): the footer points to it. A
    /// page exported on its own says where the per-request data can be had instead.
    bool requestsJsonlBeside = true;
};

/// report.html for `run`, with `options`. reportwriters.h's htmlReport(run) uses the defaults.
QString htmlReport(const RunResult &run, const HtmlReportOptions &options);

/// The inline CSS of report.html, shared by every self-contained page (light theme, system fonts,
/// print rules; the comparison page too).
QString reportStyleSheet();

/// "TokenScope 0.1.0 · Qt 6.4.2 · Debian GNU/Linux 12 (bookworm) · linux 6.1.0 x86_64 · 8 CPU threads":
/// where the measurement ran (the report is written by the process that ran it).
QString environmentDescription();

} // namespace TokenScope::Report
