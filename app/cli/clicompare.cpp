// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicompare.h"

#include "cli/clioptions.h"
#include "report/comparisonreport.h"
#include "report/reportwriters.h"
#include "store/historyimport.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <cstdio>
#include <optional>

namespace TokenScope::Cli {

namespace {

const char kDescription[]
    = "Compare two measured runs figure by figure: BASE and OTHER are run directories written by\n"
      "`run --out` or `demo --out`; a single A/B run's directory (its A/ and B/) compares arm B with\n"
      "arm A. Prints a headline, the inputs that differ, and per level each figure in both runs\n"
      "with its 95 % interval, the change, and the verdict: real when the two intervals do not\n"
      "overlap, within noise when they do; a figure without intervals is judged by a 5 % band.\n\n"
      "Exit codes: 0 compared, 1 a directory could not be read (the file is named on stderr),\n"
      "2 bad arguments, 5 --out could not be written.";

int fail(int code, const QString &message)
{
    std::fprintf(stderr, "error: %s\n", qPrintable(message));
    return code;
}

QString nativePath(const QString &dir)
{
    return QDir::toNativeSeparators(QDir::cleanPath(dir));
}

std::optional<Report::ComparedSide> readSide(const QString &dir, QString *error)
{
    const std::optional<HistoryImport::ImportedRun> imported = HistoryImport::readRunDirectory(dir, error);
    if (!imported && HistoryImport::isAbParentDirectory(dir))
        *error += QStringLiteral(" (%1 holds an A/B run: compare it alone for B against A, or name %2)")
                      .arg(nativePath(dir), nativePath(QDir(dir).filePath(armLetter(0))));
    if (!imported)
        return std::nullopt;
    return Report::ComparedSide { imported->run, QFileInfo(QDir::cleanPath(dir)).fileName(), nativePath(dir),
        imported->toolVersion };
}

// Directory names as labels, unless both runs have the same name (run1/out, run2/out).
void distinguishLabels(Report::ComparedSide &baseline, Report::ComparedSide &other)
{
    if (baseline.label != other.label && !baseline.label.isEmpty() && !other.label.isEmpty())
        return;
    baseline.label = baseline.source;
    other.label = other.source;
}

// Arm A as the baseline, arm B as the other run, both from the A/B run's parent directory.
std::optional<Report::RunComparison> readAbRun(const QString &dir, QString *error)
{
    const std::optional<HistoryImport::ImportedRun> imported = HistoryImport::readAbRunDirectory(dir, error);
    if (!imported)
        return std::nullopt;
    const QDir parent(dir);
    Report::ComparedSide a { imported->run.armResult(0), armLetter(0), nativePath(parent.filePath(armLetter(0))),
        imported->toolVersion };
    Report::ComparedSide b { imported->run.armResult(1), armLetter(1), nativePath(parent.filePath(armLetter(1))),
        imported->toolVersion };
    return Report::compareRuns(a, b);
}

std::optional<Report::RunComparison> readTwoRuns(const QString &baseDir, const QString &otherDir, QString *error)
{
    std::optional<Report::ComparedSide> baseline = readSide(baseDir, error);
    if (!baseline)
        return std::nullopt;
    std::optional<Report::ComparedSide> other = readSide(otherDir, error);
    if (!other)
        return std::nullopt;
    distinguishLabels(*baseline, *other);
    return Report::compareRuns(*baseline, *other);
}

QByteArray rendered(const Report::RunComparison &comparison, OutputFormat format)
{
    switch (format) {
    case OutputFormat::Json:
        return QJsonDocument(Report::comparisonJson(comparison)).toJson(QJsonDocument::Indented);
    case OutputFormat::Markdown:
        return Report::comparisonMarkdown(comparison).toUtf8();
    case OutputFormat::Html:
        return Report::comparisonHtml(comparison).toUtf8();
    case OutputFormat::Table:
    case OutputFormat::Csv: // refused by readCompareFormat
        break;
    }
    return Report::comparisonText(comparison).toUtf8();
}

bool readCompareFormat(const QCommandLineParser &parser, OutputFormat *format, QString *error)
{
    if (!readOutputFormat(parser.value(QStringLiteral("format")), format, error))
        return false;
    if (*format != OutputFormat::Csv)
        return true;
    *error = QStringLiteral("compare --format expects table, markdown, json or html (a comparison has no CSV)");
    return false;
}

void addCompareOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QString::fromLatin1(kDescription));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("BASE"), QStringLiteral("The baseline's run directory."));
    parser.addPositionalArgument(
        QStringLiteral("OTHER"), QStringLiteral("The run compared with it."), QStringLiteral("[OTHER]"));
    parser.addOption(
        QCommandLineOption(QStringLiteral("format"), QStringLiteral("table (default), markdown (md), json or html."),
            QStringLiteral("fmt"), QStringLiteral("table")));
    parser.addOption(QCommandLineOption(QStringLiteral("out"),
        QStringLiteral("Write the comparison into this file (replaced atomically) instead of stdout; html is one "
                       "self-contained page."),
        QStringLiteral("file")));
}

int writeOutput(const QByteArray &bytes, const QString &outFile)
{
    if (outFile.isEmpty()) {
        std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
        return ExitOk;
    }
    QString error;
    if (!Report::writeFileAtomically(outFile, bytes, &error))
        return fail(ExitWriteFailed, error);
    std::fprintf(stderr, "Wrote %s\n", qPrintable(QDir::toNativeSeparators(outFile)));
    return ExitOk;
}

} // namespace

int compareCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addCompareOptions(parser);
    if (!parser.parse(args))
        return fail(ExitBadArguments, parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    OutputFormat format = OutputFormat::Table;
    QString error;
    if (!readCompareFormat(parser, &format, &error))
        return fail(ExitBadArguments, error);
    const QStringList dirs = parser.positionalArguments();
    const bool abRun = dirs.size() == 1 && HistoryImport::isAbParentDirectory(dirs.first());
    if (dirs.size() != 2 && !abRun)
        return fail(ExitBadArguments,
            dirs.size() == 1 ? QStringLiteral("%1 is not an A/B run's directory (A/ and B/): give two run directories")
                                   .arg(nativePath(dirs.first()))
                             : QStringLiteral("compare takes two run directories, BASE and OTHER, or one A/B run's"));
    const std::optional<Report::RunComparison> comparison
        = abRun ? readAbRun(dirs.first(), &error) : readTwoRuns(dirs.at(0), dirs.at(1), &error);
    if (!comparison)
        return fail(ExitFailure, error);
    for (const QString &line : Report::unmatchedLevels(*comparison))
        std::fprintf(stderr, "warning: %s\n", qPrintable(line));
    return writeOutput(rendered(*comparison, format), parser.value(QStringLiteral("out")));
}

} // namespace TokenScope::Cli
