// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The results table the CLI prints: aligned columns for a fixed-width terminal.
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"

#include <algorithm>

namespace TokenScope::Report {

namespace {

constexpr int kGap = 2; // spaces between columns

QList<QStringList> tableCells(const RunResult &run, const QList<Detail::ResultsColumn> &columns)
{
    QList<QStringList> rows;
    QStringList header;
    for (const Detail::ResultsColumn &c : columns)
        header.append(c.header);
    rows.append(header);
    for (const Detail::LevelRow &row : Detail::levelRows(run)) {
        QStringList cells;
        for (const Detail::ResultsColumn &c : columns)
            cells.append(Detail::displayCell(c.value(row), c.decimals, QStringLiteral("-")));
        rows.append(cells);
    }
    return rows;
}

QList<qsizetype> columnWidths(const QList<QStringList> &rows, qsizetype columnCount)
{
    QList<qsizetype> widths(columnCount, 0);
    for (const QStringList &row : rows)
        for (qsizetype i = 0; i < columnCount; ++i)
            widths[i] = std::max(widths[i], row.at(i).size());
    return widths;
}

QString alignedLine(
    const QStringList &cells, const QList<qsizetype> &widths, const QList<Detail::ResultsColumn> &columns)
{
    QString line;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (i > 0)
            line += QString(kGap, u' ');
        const auto width = static_cast<int>(widths.at(i));
        line += columns.at(i).numeric ? cells.at(i).rightJustified(width) : cells.at(i).leftJustified(width);
    }
    return line + u'\n';
}

// The levels' slices under the results (docs/metrics.md#slices); nothing when none was sliced.
QString sliceSection(const RunResult &run)
{
    const Detail::TextTable table = Detail::sliceTable(run);
    if (table.rows.isEmpty())
        return {};
    return QStringLiteral("\nSlices of %1 s:\n").arg(run.config.sliceS)
        + Detail::alignedText(QList<QStringList> { table.header } + table.rows);
}

// A conversation run's figures by turn (docs/metrics.md#conversations).
QString turnSection(const RunResult &run)
{
    const Detail::TextTable table = Detail::turnTable(run);
    if (table.rows.isEmpty())
        return {};
    return QStringLiteral("\nBy turn (%1):\n").arg(Detail::turnsCaption(run))
        + Detail::alignedText(QList<QStringList> { table.header } + table.rows);
}

} // namespace

QString textTable(const RunResult &run)
{
    const QList<Detail::ResultsColumn> columns = Detail::terminalColumns(run);
    const QList<QStringList> rows = tableCells(run, columns);
    const QList<qsizetype> widths = columnWidths(rows, columns.size());
    QString out;
    for (const QStringList &row : rows)
        out += alignedLine(row, widths, columns);
    out += sliceSection(run);
    out += turnSection(run);
    const QStringList notes = reportNotes(run);
    if (!notes.isEmpty())
        out += u'\n';
    for (const QString &note : notes)
        out += QStringLiteral("- ") + note + u'\n';
    return secretsOf(run).redact(out);
}

} // namespace TokenScope::Report
