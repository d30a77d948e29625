// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "peertable.h"

#include "core/englishcount.h"
#include "redaction.h"
#include "reportformat.h"

#include <QJsonArray>
#include <algorithm>
#include <functional>

namespace TokenScope::Report {

namespace {

using Stats::PeerLevelSummary;
using Stats::PeerTool;

struct PeerColumn
{
    QString header;
    int decimals = 0;
    std::function<double(const PeerLevelSummary &)> value; ///< < 0: no figure
};

double statOrNone(const Distribution &d, double Distribution::*stat)
{
    return d.count > 0 ? d.*stat : -1;
}

void addMetricColumns(QList<PeerColumn> &columns, const QString &name, Distribution PeerLevelSummary::*metric)
{
    const auto column = [&](const char *stat, double Distribution::*field) {
        columns.append({ QStringLiteral("%1 %2 ms").arg(name, QLatin1String(stat)), 2,
            [metric, field](const PeerLevelSummary &s) { return statOrNone(s.*metric, field); } });
    };
    column("mean", &Distribution::mean);
    column("p50", &Distribution::p50);
    column("p99", &Distribution::p99);
}

QList<PeerColumn> peerColumns()
{
    QList<PeerColumn> columns {
        { QStringLiteral("ok"), 0, [](const PeerLevelSummary &s) { return double(s.completed); } },
        { QStringLiteral("fail"), 0, [](const PeerLevelSummary &s) { return double(s.failed); } },
    };
    addMetricColumns(columns, QStringLiteral("TTFT"), &PeerLevelSummary::ttft);
    addMetricColumns(columns, QStringLiteral("TPOT"), &PeerLevelSummary::tpot);
    addMetricColumns(columns, QStringLiteral("ITL"), &PeerLevelSummary::itl);
    addMetricColumns(columns, QStringLiteral("E2E"), &PeerLevelSummary::e2e);
    columns.append({ QStringLiteral("out tok/s"), 1, [](const PeerLevelSummary &s) { return s.outputThroughput; } });
    columns.append({ QStringLiteral("req/s"), 2, [](const PeerLevelSummary &s) { return s.requestThroughput; } });
    return columns;
}

QString cellText(double value, int decimals)
{
    return value < 0 ? QStringLiteral("-") : Detail::fixedNumber(value, decimals);
}

QList<QStringList> peerCells(const QList<PeerLevelSummary> &levels)
{
    const QList<PeerColumn> columns = peerColumns();
    QStringList header { QStringLiteral("level") };
    for (const PeerColumn &c : columns)
        header.append(c.header);
    QList<QStringList> rows { header };
    for (const PeerLevelSummary &level : levels) {
        QStringList cells { level.point.label() };
        for (const PeerColumn &c : columns)
            cells.append(cellText(c.value(level), c.decimals));
        rows.append(cells);
    }
    return rows;
}

/// What the columns are called by the tool, when it names them differently.
QString namesLine(PeerTool tool)
{
    const Stats::PeerMetricNames names = Stats::peerMetricNames(tool);
    if (names.ttft == u"TTFT")
        return {};
    const QString tpot = names.tpot.isEmpty() ? QStringLiteral("(none)") : names.tpot;
    return QStringLiteral("%1's names: TTFT = %2, TPOT = %3, ITL = %4, E2E = %5.")
        .arg(Stats::peerToolTitle(tool), names.ttft, tpot, names.itl, names.e2e);
}

QStringList peerNotes(const QList<PeerLevelSummary> &levels, PeerTool tool)
{
    QStringList notes;
    const QString names = namesLine(tool);
    if (!names.isEmpty())
        notes.append(names);
    notes += Stats::peerStandIns(tool);
    for (const PeerLevelSummary &level : levels) {
        if (level.firstEventMissing > 0)
            notes.append(QStringLiteral("%1: %2 without first_event_ms (written before it was recorded): TTFT "
                                        "at the first text instead.")
                             .arg(level.point.label(), countOf(level.firstEventMissing, u"request", u"requests")));
    }
    return notes;
}

// The notes under a table: a blank line, then one "- " line each; nothing without notes.
QString notesList(const QStringList &notes)
{
    QString out = notes.isEmpty() ? QString() : QStringLiteral("\n");
    for (const QString &note : notes)
        out += QStringLiteral("- ") + note + u'\n';
    return out;
}

QJsonValue figureOrNull(double value)
{
    return Detail::roundedOrNull(value, 3);
}

QJsonValue distributionJson(const Distribution &d)
{
    if (d.count == 0)
        return QJsonValue::Null;
    return QJsonObject { { QStringLiteral("count"), d.count }, { QStringLiteral("mean"), figureOrNull(d.mean) },
        { QStringLiteral("median"), figureOrNull(d.p50) }, { QStringLiteral("std"), figureOrNull(d.std) },
        { QStringLiteral("min"), figureOrNull(d.min) }, { QStringLiteral("max"), figureOrNull(d.max) },
        { QStringLiteral("p90"), figureOrNull(d.p90) }, { QStringLiteral("p95"), figureOrNull(d.p95) },
        { QStringLiteral("p99"), figureOrNull(d.p99) } };
}

QJsonObject levelJson(const PeerLevelSummary &s)
{
    return QJsonObject { { QStringLiteral("level_index"), s.levelIndex }, { QStringLiteral("level"), s.point.label() },
        { QStringLiteral("concurrency"), s.concurrency }, { QStringLiteral("requests"), s.requests },
        { QStringLiteral("completed"), s.completed }, { QStringLiteral("failed"), s.failed },
        { QStringLiteral("duration_s"), figureOrNull(s.durationS) },
        { QStringLiteral("total_output_tokens"), double(s.totalOutputTokens) },
        { QStringLiteral("output_throughput"), figureOrNull(s.outputThroughput) },
        { QStringLiteral("request_throughput"), figureOrNull(s.requestThroughput) },
        { QStringLiteral("ttft_ms"), distributionJson(s.ttft) },
        { QStringLiteral("tpot_ms"), distributionJson(s.tpot) }, { QStringLiteral("itl_ms"), distributionJson(s.itl) },
        { QStringLiteral("e2el_ms"), distributionJson(s.e2e) } };
}

QJsonObject namesJson(PeerTool tool)
{
    const Stats::PeerMetricNames names = Stats::peerMetricNames(tool);
    const auto orNull = [](const QString &name) { return name.isEmpty() ? QJsonValue() : QJsonValue(name); };
    return QJsonObject { { QStringLiteral("ttft"), names.ttft }, { QStringLiteral("tpot"), orNull(names.tpot) },
        { QStringLiteral("itl"), names.itl }, { QStringLiteral("e2el"), names.e2e } };
}

} // namespace

QString peerTextTable(const RunResult &run, PeerTool tool)
{
    const QList<PeerLevelSummary> levels = Stats::summarizePeerRun(tool, run);
    QString out = Stats::peerRulesLine(tool) + QStringLiteral("\n\n") + Detail::alignedText(peerCells(levels));
    out += notesList(peerNotes(levels, tool));
    return secretsOf(run).redact(out);
}

QString peerMarkdownTable(const RunResult &run, PeerTool tool)
{
    const QList<PeerLevelSummary> levels = Stats::summarizePeerRun(tool, run);
    const QList<QStringList> rows = peerCells(levels);
    QString out = Stats::peerRulesLine(tool) + QStringLiteral("\n\n");
    out += QStringLiteral("| ") + rows.first().join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    out += QStringLiteral("---|").repeated(rows.first().size()) + u'\n';
    for (qsizetype i = 1; i < rows.size(); ++i)
        out += QStringLiteral("| ") + rows.at(i).join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    out += notesList(peerNotes(levels, tool));
    return secretsOf(run).redact(out);
}

QJsonObject peerJson(const RunResult &run, PeerTool tool)
{
    const QList<PeerLevelSummary> levels = Stats::summarizePeerRun(tool, run);
    QJsonArray levelArray;
    for (const PeerLevelSummary &level : levels)
        levelArray.append(levelJson(level));
    return QJsonObject { { QStringLiteral("definitions"), Stats::peerToolKey(tool) },
        { QStringLiteral("title"), Stats::peerToolTitle(tool) },
        { QStringLiteral("rules"), Stats::peerRulesLine(tool) }, { QStringLiteral("metric_names"), namesJson(tool) },
        { QStringLiteral("notes"), QJsonArray::fromStringList(peerNotes(levels, tool)) },
        { QStringLiteral("levels"), levelArray } };
}

} // namespace TokenScope::Report
