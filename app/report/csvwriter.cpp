// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// results.csv: the parameter log, one row per level (docs/metrics.md#resultscsv-one-row-per-level), RFC 4180.
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"

#include <algorithm>

namespace TokenScope::Report {

namespace {

// RFC 4180: a field holding a comma, a quote or a line break is quoted, quotes doubled.
QString csvField(const QString &field)
{
    static const QString special = QStringLiteral(",\"\r\n");
    const bool quote = std::any_of(field.cbegin(), field.cend(), [](QChar c) { return special.contains(c); });
    if (!quote)
        return field;
    QString escaped = field;
    escaped.replace(u'"', QStringLiteral("\"\""));
    return u'"' + escaped + u'"';
}

// The secret goes before quoting, which could double a quote inside it.
QString csvLine(const QStringList &fields, const Secrets &secrets)
{
    QStringList quoted;
    for (const QString &f : fields)
        quoted.append(csvField(secrets.redact(f)));
    return quoted.join(u',') + QStringLiteral("\r\n");
}

} // namespace

QByteArray resultsCsv(const RunResult &run)
{
    // An A/B run: one table of both arms, the arm first on every row, each row from its own arm.
    const QList<RunResult> arms = Detail::armResults(run);
    QList<Detail::ResultsColumn> columns = Detail::parameterLogColumns(arms.constFirst());
    if (run.isInterleaved())
        columns.prepend(Detail::armColumn());
    QStringList header;
    for (const Detail::ResultsColumn &c : columns)
        header.append(c.key);
    const Secrets secrets = secretsOf(run);
    QString out = csvLine(header, secrets);
    for (const Detail::LevelRow &row : Detail::armLevelRows(arms)) {
        QStringList fields;
        for (const Detail::ResultsColumn &c : columns)
            fields.append(Detail::machineCell(c.value(row)));
        out += csvLine(fields, secrets);
    }
    return out.toUtf8();
}

} // namespace TokenScope::Report
