// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// report.md: a run to paste into a chat or a PR; its table has the columns of results.csv
// (docs/metrics.md#7-the-results-table-resultscsv-and-summaryjson).
#include "abreport.h"
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"
#include "serverview.h"
#include "stats/runreading.h"
#include "version.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace TokenScope::Report {

namespace {

QString mdRow(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString titleSection(const RunResult &run)
{
    QString out = QStringLiteral("# TokenScope report: ") + Detail::markdownEscape(run.config.model, run.config.apiKey)
        + QStringLiteral("\n\n");
    const QString started = isoTimestamp(run.startedAt);
    out += QStringLiteral("Endpoint ") + Detail::markdownEscape(urlForDisplay(run.config.baseUrl), run.config.apiKey)
        + QStringLiteral(" (") + apiKindName(run.config.api) + QStringLiteral("), measured with ")
        + QStringLiteral(TOKENSCOPE_NAME) + u' ' + QStringLiteral(TOKENSCOPE_VERSION)
        + (started.isEmpty() ? QString() : QStringLiteral(", started ") + started) + QStringLiteral(".\n");
    out += QStringLiteral("\n**Status: ") + Detail::outcomeSentence(run) + QStringLiteral("**\n");
    return out;
}

QString configSection(const RunResult &run)
{
    // toJson() holds every input except the key; the prompt text itself stays out (its
    // length, prompt_chars, is shown).
    const QJsonObject config = run.config.toJson();
    QString out = QStringLiteral("\n## Configuration\n\n| Setting | Value |\n|---|---|\n");
    for (auto it = config.constBegin(); it != config.constEnd(); ++it) {
        if (it.key() == u"prompt")
            continue;
        out += mdRow(
            { u'`' + it.key() + u'`', Detail::markdownEscape(Detail::configValueText(it.value()), run.config.apiKey) });
    }
    return out;
}

} // namespace

QString Detail::markdownLevelTable(
    const QList<LevelRow> &rows, const QList<ResultsColumn> &columns, const QString &secret)
{
    QStringList header, rule;
    for (const Detail::ResultsColumn &c : columns) {
        header.append(c.header);
        rule.append(c.numeric ? QStringLiteral("---:") : QStringLiteral("---"));
    }
    QString out = mdRow(header) + mdRow(rule);
    for (const Detail::LevelRow &row : rows) {
        QStringList cells;
        for (const Detail::ResultsColumn &c : columns)
            cells.append(
                Detail::markdownEscape(Detail::displayCell(c.value(row), c.decimals, QStringLiteral("-")), secret));
        out += mdRow(cells);
    }
    return out;
}

namespace {

QString tableOf(const RunResult &run, const QList<Detail::ResultsColumn> &columns)
{
    return Detail::markdownLevelTable(Detail::levelRows(run), columns, run.config.apiKey);
}

QString resultsSection(const RunResult &run)
{
    return QStringLiteral("\n## Results\n\n") + tableOf(run, Detail::parameterLogColumns(run));
}

// The latencies' percentiles with their 95 % intervals, apart from the results table, which keeps
// results.csv's columns (docs/metrics.md#confidence-intervals).
QString intervalSection(const RunResult &run)
{
    const Detail::TextTable table = Detail::intervalTable(run);
    if (table.rows.isEmpty())
        return {};
    QStringList rule { QStringLiteral("---"), QStringLiteral("---") };
    while (rule.size() < table.header.size())
        rule.append(QStringLiteral("---:"));
    QString out = QStringLiteral("\n## Percentiles with 95 % intervals\n\n") + mdRow(table.header) + mdRow(rule);
    for (const QStringList &row : table.rows) {
        QStringList cells;
        for (const QString &cell : row)
            cells.append(Detail::markdownEscape(cell, run.config.apiKey));
        out += mdRow(cells);
    }
    return out;
}

// A table of display text under its heading; nothing when it has no rows.
QString textTableSection(const QString &heading, const Detail::TextTable &table, const QString &secret)
{
    if (table.rows.isEmpty())
        return {};
    QStringList rule { QStringLiteral("---") };
    while (rule.size() < table.header.size())
        rule.append(QStringLiteral("---:"));
    QString out = QStringLiteral("\n## %1\n\n").arg(heading) + mdRow(table.header) + mdRow(rule);
    for (const QStringList &row : table.rows) {
        QStringList cells;
        for (const QString &cell : row)
            cells.append(Detail::markdownEscape(cell, secret));
        out += mdRow(cells);
    }
    return out;
}

// The levels' slices (docs/metrics.md#slices); absent when the run sliced none.
QString sliceSection(const RunResult &run)
{
    return textTableSection(
        QStringLiteral("Slices of %1 s").arg(run.config.sliceS), Detail::sliceTable(run), run.config.apiKey);
}

// A conversation run's figures by turn (docs/metrics.md#conversations); absent for single requests.
QString turnSection(const RunResult &run)
{
    return textTableSection(
        QStringLiteral("By turn (%1)").arg(Detail::turnsCaption(run)), Detail::turnTable(run), run.config.apiKey);
}

// The server's own figures per level (docs/metrics.md#server-metrics); absent when no level has one.
QString serverViewSection(const RunResult &run)
{
    if (!Detail::hasServerFigures(run))
        return {};
    return QStringLiteral("\n## Server view\n\n") + tableOf(run, Detail::serverViewColumns());
}

// What the levels mean together, as the HTML report and the window say it.
QString readingSection(const RunResult &run)
{
    const Reading::RunReading reading = Reading::readRun(run);
    if (reading.verdict == Reading::Verdict::NotEnoughData || reading.sentences.isEmpty())
        return {};
    return QStringLiteral("\n## Reading\n\n") + Detail::markdownEscape(reading.text(), run.config.apiKey) + u'\n';
}

QString notesSection(const RunResult &run)
{
    QString out = QStringLiteral("\n## Notes\n\n");
    for (const QString &note : reportNotes(run))
        out += QStringLiteral("- ") + Detail::markdownEscape(note, run.config.apiKey) + u'\n';
    return out;
}

} // namespace

QString markdownReport(const RunResult &run)
{
    if (run.isInterleaved())
        return abMarkdownReport(run); // both arms side by side, never one table of both
    const QString out = titleSection(run) + configSection(run) + resultsSection(run) + intervalSection(run)
        + sliceSection(run) + turnSection(run) + readingSection(run) + serverViewSection(run) + notesSection(run);
    return secretsOf(run).redact(out);
}

} // namespace TokenScope::Report
