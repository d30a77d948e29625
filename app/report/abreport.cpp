// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The report of an A/B interleaved run (docs/history-and-compare.md#the-ab-report; see abreport.h).
#include "abreport.h"

#include "core/runoutcome.h"
#include "htmlparts.h"
#include "htmlreportcharts.h"
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"
#include "stats/runreading.h"
#include "svgchart.h"
#include "version.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

namespace TokenScope::Report {

namespace {

using Detail::element;
using Detail::esc;

// The figures drawn per arm against concurrency, each a line per arm.
Detail::ArmFigureSpec latencySpec(const QString &name, Distribution LevelSummary::*distribution)
{
    return { name + QStringLiteral(" P50 vs concurrency"), name + QStringLiteral(" P50 (ms)"),
        name + QStringLiteral(" P50 of each arm's completed requests per level."),
        [distribution](const LevelSummary &l) -> std::optional<Detail::ArmFigureValue> {
            const Distribution &d = l.*distribution;
            if (d.count == 0)
                return std::nullopt;
            return Detail::ArmFigureValue { d.p50, d.p50Ci };
        } };
}

Detail::ArmFigureSpec throughputSpec()
{
    return { QStringLiteral("Output throughput vs concurrency"), QStringLiteral("Output throughput (tokens/s)"),
        QStringLiteral("Each arm's output tokens of a level over the level's duration; both arms share the levels' "
                       "time, so each carries about half the load."),
        [](const LevelSummary &l) -> std::optional<Detail::ArmFigureValue> {
            if (l.completed == 0)
                return std::nullopt;
            return Detail::ArmFigureValue { l.outputThroughput, l.outputThroughputCi };
        } };
}

// "A: tokenscope-sim", as the legends and headings name an arm.
QString armTitle(const RunResult &arm)
{
    return Detail::armName(arm);
}

QString armPill(const RunResult &arm)
{
    const int index = std::max(0, arm.armOf);
    return element("span", armLetter(index), QStringLiteral("pill arm-%1").arg(index));
}

QString endpointLine(const RunResult &arm)
{
    const QString &key = arm.config.apiKey;
    return element("p",
        armPill(arm) + element("span", esc(apiKindName(arm.config.api), key), QStringLiteral("pill"))
            + element("code", esc(urlForDisplay(arm.config.baseUrl), key)) + QStringLiteral(" · model ")
            + element("code", esc(arm.config.model, key)),
        QStringLiteral("endpoint"));
}

QString headerSection(
    const RunResult &run, const QList<RunResult> &arms, const RunComparison &comparison, const QString &environment)
{
    QStringList names;
    for (const RunResult &arm : arms)
        names.append(esc(armTitle(arm), arm.config.apiKey));
    QString out = QStringLiteral("<header class=\"report-head\">");
    out += element("div", QStringLiteral("TokenScope A/B report"), QStringLiteral("brand"));
    out += element("h1", names.join(QStringLiteral(" · ")));
    for (const RunResult &arm : arms)
        out += endpointLine(arm);
    out += element("p",
        QStringLiteral("Started ") + Detail::humanDate(run.startedAt) + QStringLiteral(" · ")
            + esc(environment, run.config.apiKey),
        QStringLiteral("meta"));
    out += element("p",
        QStringLiteral("Interleaved: the arms took turns request by request at every level. ")
            + Svg::escape(Compare::configDiffSummary(comparison.configDiff)),
        QStringLiteral("meta"));
    QString differences;
    for (const QString &line : inputDifferences(comparison))
        differences += element("li", Svg::escape(line));
    if (!differences.isEmpty())
        out += element("ul", differences, QStringLiteral("differences"));
    out += QStringLiteral("</header>");
    if (const Outcome outcome = runOutcome(run); outcome != Outcome::Completed)
        out += element("div", Detail::outcomeSentence(run).toHtmlEscaped(),
            outcome == Outcome::Cancelled ? QStringLiteral("banner") : QStringLiteral("banner failed"));
    return out + element("p", Svg::escape(comparisonHeadline(comparison)), QStringLiteral("banner verdict"));
}

QList<Detail::ResultsColumn> abColumns(const QList<RunResult> &arms)
{
    QList<Detail::ResultsColumn> columns = Detail::parameterLogColumns(arms.constFirst());
    columns.prepend(Detail::armColumn());
    return columns;
}

QString resultsSection(const QList<RunResult> &arms)
{
    return element("h2", QStringLiteral("Results"))
        + element("p", QStringLiteral("One row per level and arm, each from its own arm's requests only."),
            QStringLiteral("meta"))
        + Detail::htmlLevelTable(
            Detail::armLevelRows(arms), abColumns(arms), QStringLiteral("results"), arms.constFirst().config.apiKey);
}

QString comparisonSection(const RunComparison &comparison)
{
    return element("h2", QStringLiteral("B against A, level by level"))
        + element("p",
            QStringLiteral("A change is real when the two arms' 95 % intervals do not overlap; a figure without "
                           "intervals is judged by a fixed band. Hover a verdict for the intervals."),
            QStringLiteral("meta"))
        + element("section", comparisonLevelsHtml(comparison, 3), QStringLiteral("ab-levels"));
}

// Each arm's levels read on their own (docs/history-and-compare.md#5-the-reading-paragraph-verdicts-and-thresholds).
QString readingText(const RunResult &arm)
{
    const Reading::RunReading reading = Reading::readRun(arm);
    if (reading.verdict == Reading::Verdict::NotEnoughData || reading.sentences.isEmpty())
        return QStringLiteral("Not enough levels to read.");
    return reading.text();
}

QString readingSection(const QList<RunResult> &arms)
{
    QString out;
    for (const RunResult &arm : arms)
        out += element("h3", esc(armTitle(arm), arm.config.apiKey))
            + element("p", esc(readingText(arm), arm.config.apiKey), QStringLiteral("reading"));
    return element("h2", QStringLiteral("Reading of each arm")) + element("section", out, QStringLiteral("ab-arms"));
}

QString chartsSection(const RunResult &run, const QList<RunResult> &arms)
{
    const QString &key = run.config.apiKey;
    QString out = element("h2", QStringLiteral("Charts")) + QStringLiteral("<section class=\"charts\">");
    const Detail::ChartFigure serving = Detail::armsServingCurveFigure(arms);
    if (!serving.svg.isEmpty())
        out += Detail::figureHtml(serving, true, key);
    if (const Detail::ChartFigure tpot = Detail::armsTpotCurveFigure(arms); !tpot.svg.isEmpty())
        out += Detail::figureHtml(tpot, true, key);
    // Against concurrency says nothing of rate levels, whose concurrency is only their cap.
    if (!Detail::hasRateLevels(run)) {
        out += Detail::figureHtml(
            Detail::armsByConcurrencyFigure(arms, latencySpec(QStringLiteral("TTFT"), &LevelSummary::ttftMs)), false,
            key);
        out += Detail::figureHtml(
            Detail::armsByConcurrencyFigure(arms, latencySpec(QStringLiteral("TPOT"), &LevelSummary::tpotMs)), false,
            key);
        out += Detail::figureHtml(
            Detail::armsByConcurrencyFigure(arms, latencySpec(QStringLiteral("E2E"), &LevelSummary::e2elMs)), false,
            key);
        out += Detail::figureHtml(Detail::armsByConcurrencyFigure(arms, throughputSpec()), false, key);
    }
    return out + QStringLiteral("</section>");
}

QString notesSection(const QList<RunResult> &arms)
{
    QString out;
    for (const RunResult &arm : arms)
        out += element("h3", esc(armTitle(arm), arm.config.apiKey))
            + Detail::notesList(reportNotes(arm), arm.config.apiKey);
    return element("h2", QStringLiteral("Notes")) + element("section", out, QStringLiteral("ab-arms"));
}

QString pageHead(const QList<RunResult> &arms)
{
    QStringList names;
    for (const RunResult &arm : arms)
        names.append(esc(armTitle(arm), arm.config.apiKey));
    QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out += QStringLiteral("<meta name=\"generator\" content=\"") + QStringLiteral(TOKENSCOPE_NAME) + u' '
        + QStringLiteral(TOKENSCOPE_VERSION) + QStringLiteral("\">\n");
    out += element("title", QStringLiteral("TokenScope A/B report: ") + names.join(QStringLiteral(" vs "))) + u'\n';
    return out + element("style", reportStyleSheet()) + QStringLiteral("\n</head>\n<body>\n<main>\n");
}

// ---- Markdown ----

QString mdArmLine(const RunResult &arm)
{
    const QString &key = arm.config.apiKey;
    return QStringLiteral("- **%1**: model %2 at %3 (%4)\n")
        .arg(armLetter(std::max(0, arm.armOf)), Detail::markdownEscape(arm.config.model, key),
            Detail::markdownEscape(urlForDisplay(arm.config.baseUrl), key), apiKindName(arm.config.api));
}

QString mdHeader(const RunResult &run, const QList<RunResult> &arms, const RunComparison &comparison)
{
    QStringList names;
    for (const RunResult &arm : arms)
        names.append(Detail::markdownEscape(armTitle(arm), arm.config.apiKey));
    QString out
        = QStringLiteral("# TokenScope A/B report: ") + names.join(QStringLiteral(" vs ")) + QStringLiteral("\n\n");
    for (const RunResult &arm : arms)
        out += mdArmLine(arm);
    const QString started = isoTimestamp(run.startedAt);
    out += QStringLiteral("\nInterleaved: the arms took turns request by request at every level. Measured with ")
        + QStringLiteral(TOKENSCOPE_NAME) + u' ' + QStringLiteral(TOKENSCOPE_VERSION)
        + (started.isEmpty() ? QString() : QStringLiteral(", started ") + started) + QStringLiteral(".\n");
    out += QStringLiteral("\n**Status: ") + Detail::outcomeSentence(run) + QStringLiteral("**\n");
    out += QStringLiteral("\n**") + Detail::markdownEscape(comparisonHeadline(comparison), {}) + QStringLiteral("**\n");
    out += u'\n' + Detail::markdownEscape(Compare::configDiffSummary(comparison.configDiff), {}) + u'\n';
    const QStringList differences = inputDifferences(comparison);
    if (!differences.isEmpty())
        out += u'\n';
    for (const QString &line : differences)
        out += QStringLiteral("- ") + Detail::markdownEscape(line, {}) + u'\n';
    return out;
}

QString mdArmSections(const QList<RunResult> &arms)
{
    QString out = QStringLiteral("\n## Reading of each arm\n");
    for (const RunResult &arm : arms)
        out += QStringLiteral("\n### ") + Detail::markdownEscape(armTitle(arm), arm.config.apiKey)
            + QStringLiteral("\n\n") + Detail::markdownEscape(readingText(arm), arm.config.apiKey) + u'\n';
    out += QStringLiteral("\n## Notes\n");
    for (const RunResult &arm : arms) {
        out += QStringLiteral("\n### ") + Detail::markdownEscape(armTitle(arm), arm.config.apiKey)
            + QStringLiteral("\n\n");
        for (const QString &note : reportNotes(arm))
            out += QStringLiteral("- ") + Detail::markdownEscape(note, arm.config.apiKey) + u'\n';
    }
    return out;
}

// ---- JSON ----

QJsonObject armJson(const RunResult &arm)
{
    const QString letter = armLetter(std::max(0, arm.armOf));
    QJsonObject summary = summaryJson(arm);
    QJsonArray levels;
    for (const QJsonValue &level : summary.value(QStringLiteral("levels")).toArray()) {
        QJsonObject withArm = level.toObject();
        withArm.insert(QStringLiteral("arm"), letter);
        levels.append(withArm);
    }
    summary.insert(QStringLiteral("levels"), levels);
    QJsonArray requests;
    for (const RequestRecord &r : arm.records) {
        QJsonObject request = requestJson(r);
        request.insert(QStringLiteral("arm"), letter);
        requests.append(request);
    }
    return { { QStringLiteral("summary"), summary }, { QStringLiteral("requests"), requests } };
}

} // namespace

RunComparison armComparison(const RunResult &run, const QStringList &sources)
{
    const QList<RunResult> arms = Detail::armResults(run);
    const auto side = [&](int arm) {
        return ComparedSide { arms.value(arm), armLetter(arm), sources.value(arm), QStringLiteral(TOKENSCOPE_VERSION) };
    };
    return compareRuns(side(0), side(1));
}

QString abHtmlReport(const RunResult &run, const HtmlReportOptions &options)
{
    const QList<RunResult> arms = Detail::armResults(run);
    const RunComparison comparison = armComparison(run);
    const QString environment = options.environment.isEmpty() ? environmentDescription() : options.environment;
    QString out = pageHead(arms);
    out += headerSection(run, arms, comparison, environment) + u'\n';
    out += resultsSection(arms) + u'\n';
    out += comparisonSection(comparison) + u'\n';
    out += readingSection(arms) + u'\n';
    out += chartsSection(run, arms) + u'\n';
    out += notesSection(arms) + u'\n';
    out += Detail::configSection(arms.constFirst(), QStringLiteral("Configuration of A (B's differs as listed above)"))
        + u'\n';
    const QString perRequest = options.requestsJsonlBeside
        ? QStringLiteral("Each arm's run directory, A/ and B/ beside this page, holds its requests.jsonl.")
        : QStringLiteral("Per-request data is not part of this page: export the run as a directory (or run "
                         "tokenscope-cli with --out) for each arm's requests.jsonl.");
    out += Detail::footerSection(perRequest) + QStringLiteral("\n</main>\n</body>\n</html>\n");
    return secretsOf(run).redact(out);
}

QString abMarkdownReport(const RunResult &run)
{
    const QList<RunResult> arms = Detail::armResults(run);
    const RunComparison comparison = armComparison(run);
    QString out = mdHeader(run, arms, comparison);
    out += QStringLiteral("\n## Results\n\n")
        + Detail::markdownLevelTable(Detail::armLevelRows(arms), abColumns(arms), run.config.apiKey);
    out += QStringLiteral("\n## B against A, level by level\n") + comparisonLevelsMarkdown(comparison, 3);
    out += QStringLiteral("\nA change is real when the two arms' 95 % intervals do not overlap; a figure without "
                          "intervals is judged by a fixed band (docs/history-and-compare.md).\n");
    out += mdArmSections(arms);
    return secretsOf(run).redact(out);
}

QJsonObject abJson(const RunResult &run)
{
    QJsonObject out;
    for (const RunResult &arm : Detail::armResults(run))
        out.insert(armLetter(std::max(0, arm.armOf)), armJson(arm));
    out.insert(QStringLiteral("comparison"), comparisonJson(armComparison(run)));
    return secretsOf(run).redact(out);
}

bool writeAbParentFiles(const RunResult &run, const RunComparison &comparison, const QString &dir, QString *error)
{
    const QDir target(dir);
    const QList<QPair<const char *, QByteArray>> files {
        { kComparisonMarkdownFile, comparisonMarkdown(comparison).toUtf8() },
        { kComparisonJsonFile, QJsonDocument(comparisonJson(comparison)).toJson(QJsonDocument::Indented) },
        { kReportMarkdownFile, abMarkdownReport(run).toUtf8() },
        { kReportHtmlFile, abHtmlReport(run, HtmlReportOptions {}).toUtf8() },
    };
    for (const auto &[name, bytes] : files)
        if (!writeFileAtomically(target.filePath(QString::fromLatin1(name)), bytes, error))
            return false;
    return true;
}

bool writeAbRunDirectory(const RunResult &run, const QString &dir, QString *error)
{
    const QDir parent(dir);
    QStringList sources;
    for (const RunResult &arm : Detail::armResults(run)) {
        const QString armDir = parent.filePath(armLetter(std::max(0, arm.armOf)));
        if (!writeRunDirectory(arm, armDir, error))
            return false;
        sources.append(QDir::toNativeSeparators(armDir));
    }
    return writeAbParentFiles(run, armComparison(run, sources), dir, error);
}

} // namespace TokenScope::Report
