// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clireport.h"

#include "cli/clioptions.h"
#include "report/peertable.h"
#include "report/reportwriters.h"
#include "store/historyimport.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <cstdio>
#include <optional>

namespace TokenScope::Cli {

namespace {

enum class ReportFormat { Table, Markdown, Json, Html };

struct ReportOptions
{
    QString dir;
    Stats::PeerTool tool = Stats::PeerTool::TokenScope;
    ReportFormat format = ReportFormat::Table;
    QString outFile;
};

const QString kDefinitions = QStringLiteral("definitions");
const QString kFormat = QStringLiteral("format");
const QString kOut = QStringLiteral("out");

void addReportOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Print a stored run directory's results again, under TokenScope's definitions or another\n"
                       "tool's: which chunk is the first token, whether TPOT includes it, ITL per chunk or per\n"
                       "request, where E2E ends, which output-token count (docs/metrics.md, section 8). DIR is\n"
                       "what `run --out DIR` wrote (summary.json and requests.jsonl), or the parent of A/ and B/\n"
                       "of an A/B run (one table per arm; md and html: the A/B report of both arms).\n\n"
                       "Exit codes: 0 printed, 1 the directory cannot be read (the file named on stderr),\n"
                       "2 bad arguments, 5 --out could not be written."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("The run directory."));
    parser.addOption({ kDefinitions,
        QStringLiteral("Whose definitions: %1 (default tokenscope).").arg(Stats::peerToolKeys().join(u'|')),
        QStringLiteral("tool") });
    parser.addOption(
        { kFormat, QStringLiteral("table (default), md, json or html (report.html; TokenScope's definitions)."),
            QStringLiteral("format") });
    parser.addOption(
        { kOut, QStringLiteral("Also write the output to this file (replaced atomically)."), QStringLiteral("file") });
}

bool readFormat(const QString &name, ReportFormat *format)
{
    if (name == u"table")
        *format = ReportFormat::Table;
    else if (name == u"md" || name == u"markdown")
        *format = ReportFormat::Markdown;
    else if (name == u"json")
        *format = ReportFormat::Json;
    else if (name == u"html")
        *format = ReportFormat::Html;
    else
        return false;
    return true;
}

bool readReportOptions(const QCommandLineParser &parser, ReportOptions *options, QString *error)
{
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 1) {
        *error = positional.isEmpty() ? QStringLiteral("report needs a run directory")
                                      : QStringLiteral("unexpected argument \"%1\"").arg(positional.at(1));
        return false;
    }
    options->dir = positional.first();
    const QString tool = parser.value(kDefinitions);
    if (parser.isSet(kDefinitions) && !Stats::parsePeerTool(tool, &options->tool)) {
        *error
            = QStringLiteral("unknown --definitions \"%1\" (valid: %2)").arg(tool, Stats::peerToolKeys().join(u", "));
        return false;
    }
    if (parser.isSet(kFormat) && !readFormat(parser.value(kFormat), &options->format)) {
        *error = QStringLiteral("unknown --format \"%1\" (valid: table, md, json, html)").arg(parser.value(kFormat));
        return false;
    }
    if (options->format == ReportFormat::Html && options->tool != Stats::PeerTool::TokenScope) {
        *error
            = QStringLiteral("--format html shows TokenScope's definitions only (use md or json with --definitions)");
        return false;
    }
    options->outFile = parser.value(kOut);
    return true;
}

std::optional<HistoryImport::ImportedRun> readRun(const QString &dir, QString *error)
{
    if (HistoryImport::isAbParentDirectory(dir))
        return HistoryImport::readAbRunDirectory(dir, error);
    return HistoryImport::readRunDirectory(dir, error);
}

QJsonObject jsonOf(const RunResult &run, Stats::PeerTool tool)
{
    return tool == Stats::PeerTool::TokenScope ? Report::summaryJson(run) : Report::peerJson(run, tool);
}

QString textOf(const RunResult &run, const ReportOptions &options)
{
    const bool own = options.tool == Stats::PeerTool::TokenScope;
    if (options.format == ReportFormat::Markdown)
        return own ? Report::markdownReport(run) : Report::peerMarkdownTable(run, options.tool);
    return own ? Report::textTable(run) : Report::peerTextTable(run, options.tool);
}

QByteArray rendered(const RunResult &run, const ReportOptions &options)
{
    // report.html and report.md take an A/B run whole: both arms side by side (Report::abHtmlReport).
    if (options.format == ReportFormat::Html)
        return Report::htmlReport(run).toUtf8();
    if (options.format == ReportFormat::Markdown && options.tool == Stats::PeerTool::TokenScope)
        return Report::markdownReport(run).toUtf8();
    if (!run.isInterleaved()) {
        if (options.format == ReportFormat::Json)
            return QJsonDocument(jsonOf(run, options.tool)).toJson(QJsonDocument::Indented);
        return textOf(run, options).toUtf8();
    }
    QJsonObject arms;
    QString text;
    for (int arm = 0; arm < run.arms.size(); ++arm) {
        const RunResult armRun = run.armResult(arm);
        arms.insert(armLetter(arm), jsonOf(armRun, options.tool));
        const QString mark = options.format == ReportFormat::Markdown ? QStringLiteral("#") : QStringLiteral("==");
        text += QStringLiteral("%1%2 %3: %4\n\n")
                    .arg(arm > 0 ? QStringLiteral("\n") : QString(), mark, armLetter(arm), armRun.config.model);
        text += textOf(armRun, options);
    }
    if (options.format == ReportFormat::Json)
        return QJsonDocument(arms).toJson(QJsonDocument::Indented);
    return text.toUtf8();
}

int failWith(const QString &message, int code)
{
    std::fprintf(stderr, "error: %s\n", qPrintable(message));
    return code;
}

} // namespace

int reportCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addReportOptions(parser);
    if (!parser.parse(args))
        return failWith(parser.errorText(), ExitBadArguments);
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    ReportOptions options;
    QString error;
    if (!readReportOptions(parser, &options, &error))
        return failWith(error, ExitBadArguments);
    const std::optional<HistoryImport::ImportedRun> imported = readRun(options.dir, &error);
    if (!imported)
        return failWith(error, ExitFailure);
    const QByteArray bytes = rendered(imported->run, options);
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
    if (!options.outFile.isEmpty() && !Report::writeFileAtomically(options.outFile, bytes, &error))
        return failWith(error, ExitWriteFailed);
    return ExitOk;
}

} // namespace TokenScope::Cli
