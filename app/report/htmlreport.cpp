// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// report.html: one self-contained page for teammates (README.md#where-results-go; details in htmlreport.h).
#include "htmlreport.h"
#include "core/runoutcome.h"

#include "abreport.h"
#include "htmlparts.h"
#include "htmlreportcharts.h"
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"
#include "serverview.h"
#include "stats/runreading.h"
#include "svgchart.h"
#include "version.h"

#include <QJsonObject>
#include <QSysInfo>
#include <QThread>
#include <algorithm>

namespace TokenScope::Report {

namespace {

// Light theme, system fonts only (nothing to download), and print rules that keep each chart
// and the table on one page.
constexpr char kStyle[] = R"css(
:root { --fg: #111827; --muted: #6b7280; --line: #e5e7eb; --accent: #2563eb; --panel: #f9fafb; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; background: #eef0f3; color: var(--fg);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial,
    "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; }
main { max-width: 1320px; margin: 0 auto; padding: 28px 32px 40px; background: #fff; min-height: 100vh; }
code { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.92em; }
header.report-head { border-bottom: 3px solid var(--accent); padding-bottom: 14px; margin-bottom: 20px; }
.brand { font-size: 12px; letter-spacing: 0.08em; text-transform: uppercase; color: var(--accent); font-weight: 700; }
h1 { font-size: 26px; line-height: 1.25; margin: 4px 0 8px; overflow-wrap: anywhere; }
h2 { font-size: 18px; margin: 30px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); break-after: avoid; }
h3 { font-size: 14px; margin: 0; }
.endpoint { margin: 0; font-size: 14px; overflow-wrap: anywhere; }
.pill { display: inline-block; padding: 0 8px; margin-right: 6px; border-radius: 999px; background: #eff6ff;
  color: #1d4ed8; font-size: 12px; font-weight: 600; vertical-align: 1px; }
.meta { color: var(--muted); font-size: 13px; margin: 6px 0 0; }
.pill.arm-0 { background: #dbeafe; color: #1d4ed8; }
.pill.arm-1 { background: #ffedd5; color: #c2410c; }
section.ab-levels h3, section.ab-arms h3 { margin: 16px 0 6px; }
ul.differences { margin: 4px 0 0; padding-left: 20px; color: var(--muted); font-size: 13px; }
.banner.failed { background: #fee2e2; border-color: #ef4444; color: #7f1d1d; }
.banner.verdict { background: #eff6ff; border-color: #60a5fa; color: #1e3a8a; }
.banner { background: #fef3c7; border: 1px solid #f59e0b; color: #78350f; padding: 10px 14px; border-radius: 6px;
  margin: 0 0 18px; font-weight: 600; }
.cards { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; background: var(--panel); break-inside: avoid; }
.card .label { font-size: 11.5px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.05em; font-weight: 600; }
.card .value { font-size: 22px; font-weight: 650; font-variant-numeric: tabular-nums; margin-top: 2px; }
.card .value small { font-size: 13px; font-weight: 500; color: var(--muted); margin-left: 3px; }
.card .sub { font-size: 12px; color: var(--muted); }
.card .bad { color: #b91c1c; font-weight: 600; }
.table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; }
table.results { border-collapse: collapse; width: 100%; font-size: 12px; font-variant-numeric: tabular-nums; }
table.results th { background: #f3f4f6; font-weight: 600; text-align: left; vertical-align: bottom; padding: 7px 7px;
  border-bottom: 1px solid #d1d5db; }
table.results td { padding: 6px 7px; border-bottom: 1px solid var(--line); white-space: nowrap; }
table.results td.wrap { white-space: normal; overflow-wrap: anywhere; min-width: 8em; }
table.results tbody tr:last-child td { border-bottom: none; }
table.results tbody tr:nth-child(even) td { background: #fafbfc; }
table.results .num { text-align: right; }
table.results td.missing { color: #9ca3af; }
.charts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 18px; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px 8px; background: #fff;
  break-inside: avoid; }
figure.wide { grid-column: 1 / -1; }
figcaption p { margin: 2px 0 6px; color: var(--muted); font-size: 12.5px; }
figure .empty { color: var(--muted); font-style: italic; padding: 24px 0; text-align: center; }
svg.chart { display: block; width: 100%; height: auto; }
ul.notes { margin: 0; padding-left: 20px; }
ul.notes li { margin: 3px 0; overflow-wrap: anywhere; }
dl.config { display: grid; grid-template-columns: max-content minmax(0, 1fr) max-content minmax(0, 1fr);
  gap: 5px 18px; margin: 0; font-size: 13px; }
dl.config dt { color: #374151; }
dl.config dd { margin: 0; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
dl.config dd.unset { color: #9ca3af; }
footer { margin-top: 34px; color: var(--muted); font-size: 12px; border-top: 1px solid var(--line); padding-top: 10px; }
@media (max-width: 900px) {
  .charts { grid-template-columns: minmax(0, 1fr); }
  .cards { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  dl.config { grid-template-columns: max-content minmax(0, 1fr); }
}
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body { background: #fff; font-size: 11px; }
  main { max-width: none; padding: 0; min-height: 0; }
  .table-wrap { overflow: visible; border: none; }
  table.results { font-size: 10px; }
  table.results td, table.results th { padding: 4px 5px; }
  .table-wrap, figure, .card, dl.config { break-inside: avoid; }
  /* A landscape page is narrower than the small-screen breakpoint: keep the wide layout. */
  .charts { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 10px; }
  .cards { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  dl.config { grid-template-columns: max-content minmax(0, 1fr) max-content minmax(0, 1fr); }
  figure.wide { break-before: page; }
  /* In flight and the timeline share a time axis: the second follows on the same page if it fits. */
  figure.wide + figure.wide { break-before: auto; }
}
)css";

} // namespace

QString reportStyleSheet()
{
    return QString::fromUtf8(kStyle);
}

namespace {

using Detail::element;
using Detail::esc;
using Detail::figureHtml;
using Detail::humanDate;

QString headerSection(const RunResult &run, const QString &environment)
{
    const QString &key = run.config.apiKey;
    QString out = QStringLiteral("<header class=\"report-head\">");
    out += element("div", QStringLiteral("TokenScope report"), QStringLiteral("brand"));
    out += element("h1", esc(run.config.model, key));
    out += element("p",
        element("span", esc(apiKindName(run.config.api), key), QStringLiteral("pill"))
            + element("code", esc(urlForDisplay(run.config.baseUrl), key)),
        QStringLiteral("endpoint"));
    out += element("p",
        QStringLiteral("Started ") + humanDate(run.startedAt) + QStringLiteral(" · ") + esc(environment, key),
        QStringLiteral("meta"));
    out += QStringLiteral("</header>");
    // How it ended, first thing under the title; a run that failed or lost requests says so in red.
    const Outcome outcome = runOutcome(run);
    if (outcome != Outcome::Completed)
        out += element("div", Detail::outcomeSentence(run).toHtmlEscaped(),
            outcome == Outcome::Cancelled ? QStringLiteral("banner") : QStringLiteral("banner failed"));
    return out;
}

QString card(const QString &label, const QString &valueHtml, const QString &subHtml)
{
    return QStringLiteral("<div class=\"card\">") + element("div", label, QStringLiteral("label"))
        + element("div", valueHtml, QStringLiteral("value")) + element("div", subHtml, QStringLiteral("sub"))
        + QStringLiteral("</div>");
}

QString valueWithUnit(const QString &value, const QString &unit)
{
    return value + element("small", unit);
}

// The figures a reader looks for first; the table below holds all of them. A run with rate levels
// names its levels by load point and takes TTFT at its lowest throughput instead of concurrency.
QString cardsSection(const RunResult &run)
{
    if (run.levels.isEmpty())
        return {};
    const bool rates = Detail::hasRateLevels(run);
    const auto where = [rates](const LevelSummary &l) {
        return rates ? QStringLiteral("at ") + l.loadPoint().label()
                     : QStringLiteral("at concurrency %1").arg(l.concurrency);
    };
    const auto lower = [rates](const LevelSummary &a, const LevelSummary &b) {
        return rates ? a.requestThroughput < b.requestThroughput : a.concurrency < b.concurrency;
    };
    QStringList names;
    int requests = 0, completed = 0, failed = 0;
    const LevelSummary *lowest = nullptr;
    const LevelSummary *fastest = nullptr;
    for (const LevelSummary &l : run.levels) {
        names.append(rates ? l.loadPoint().label() : QString::number(l.concurrency));
        requests += l.requests;
        completed += l.completed;
        failed += l.failed;
        if (l.ttftMs.count > 0 && (!lowest || lower(l, *lowest)))
            lowest = &l;
        if (!fastest || l.outputThroughput > fastest->outputThroughput)
            fastest = &l;
    }
    QString out = QStringLiteral("<section class=\"cards\">");
    out += card(rates ? QStringLiteral("Load levels") : QStringLiteral("Concurrency levels"),
        names.join(QStringLiteral(" · ")),
        QStringLiteral("max_tokens %1, temperature %2")
            .arg(run.config.maxTokens)
            .arg(Detail::plainNumber(run.config.temperature, 3)));
    out += card(QStringLiteral("Completed requests"),
        valueWithUnit(QString::number(completed), QStringLiteral("/ %1").arg(requests)),
        failed > 0 ? element("span", QStringLiteral("%1 failed").arg(failed), QStringLiteral("bad"))
                   : QStringLiteral("none failed"));
    if (lowest)
        out += card(QStringLiteral("TTFT P50"),
            valueWithUnit(Detail::fixedNumber(lowest->ttftMs.p50, 1), QStringLiteral("ms")),
            QStringLiteral("%1; P95 %2 ms").arg(where(*lowest), Detail::fixedNumber(lowest->ttftMs.p95, 1)));
    out += card(QStringLiteral("Peak output throughput"),
        valueWithUnit(Detail::fixedNumber(fastest->outputThroughput, 1), QStringLiteral("tok/s")), where(*fastest));
    return out + QStringLiteral("</section>");
}

QString resultsSection(const RunResult &run)
{
    return element("h2", QStringLiteral("Results"))
        + Detail::htmlLevelTable(
            Detail::levelRows(run), Detail::parameterLogColumns(run), QStringLiteral("results"), run.config.apiKey);
}

// A text table in a scrolling wrapper, its columns from `numericFrom` on right-aligned.
QString tableHtml(const Detail::TextTable &table, const QString &key, qsizetype numericFrom)
{
    QString head;
    for (qsizetype i = 0; i < table.header.size(); ++i)
        head += element("th", esc(table.header.at(i), key), i >= numericFrom ? QStringLiteral("num") : QString());
    QString body;
    for (const QStringList &row : table.rows) {
        QString cells;
        for (qsizetype i = 0; i < row.size(); ++i)
            cells += element("td", esc(row.at(i), key), i >= numericFrom ? QStringLiteral("num") : QString());
        body += element("tr", cells);
    }
    return QStringLiteral("<div class=\"table-wrap\"><table class=\"results\"><thead>") + element("tr", head)
        + QStringLiteral("</thead><tbody>") + body + QStringLiteral("</tbody></table></div>");
}

// The latencies' percentiles with their 95 % intervals (docs/metrics.md#confidence-intervals);
// absent when no level measured a latency.
QString intervalSection(const RunResult &run)
{
    const Detail::TextTable table = Detail::intervalTable(run);
    if (table.rows.isEmpty())
        return {};
    return element("h2", QStringLiteral("Percentiles with 95 % intervals"))
        + element("p",
            QStringLiteral("Each percentile with the range that holds the true value with 95 % confidence, from "
                           "resampling the level's own samples; a percentile with too few samples beyond it has "
                           "none (see the notes)."),
            QStringLiteral("meta"))
        + tableHtml(table, run.config.apiKey, 2);
}

// The levels' slices (docs/metrics.md#slices); absent when the run sliced none.
QString sliceSection(const RunResult &run)
{
    const Detail::TextTable table = Detail::sliceTable(run);
    if (table.rows.isEmpty())
        return {};
    return element("h2", QStringLiteral("Slices of %1 s").arg(run.config.sliceS))
        + element("p",
            QStringLiteral("Each level cut into windows from its first send: the requests sent and ended in each, "
                           "the TTFT of those sent in it, the output tokens that arrived in it per second and the "
                           "requests in flight on average."),
            QStringLiteral("meta"))
        + tableHtml(table, run.config.apiKey, 1);
}

// A conversation run's figures by turn (docs/metrics.md#conversations); absent for single requests.
QString turnSection(const RunResult &run)
{
    const Detail::TextTable table = Detail::turnTable(run);
    if (table.rows.isEmpty())
        return {};
    return element("h2", QStringLiteral("By turn"))
        + element("p",
            QStringLiteral("Each conversation's turn k sends every earlier turn and the model's answers: the prompt "
                           "grows turn by turn, and a server with a prefix cache serves the repeated part from it."),
            QStringLiteral("meta"))
        + tableHtml(table, run.config.apiKey, 2) + figureHtml(Detail::byTurnFigure(run), true, run.config.apiKey);
}

// The server's own figures per level, under the results; absent when no level has one.
QString serverViewSection(const RunResult &run)
{
    if (!Detail::hasServerFigures(run))
        return {};
    return element("h2", QStringLiteral("Server view"))
        + element("p",
            QStringLiteral("Requests the server itself reported running and waiting, and its KV-cache usage, over the "
                           "successful scrapes of its metrics sent while each level ran."),
            QStringLiteral("meta"))
        + Detail::htmlLevelTable(Detail::levelRows(run), Detail::serverViewColumns(),
            QStringLiteral("results server-view"), run.config.apiKey);
}

// What the levels mean together (docs/history-and-compare.md#5-the-reading-paragraph-verdicts-and-thresholds),
// from the server's own figures where it reported them; absent when two levels cannot be read.
QString readingSection(const RunResult &run)
{
    const Reading::RunReading reading = Reading::readRun(run);
    if (reading.verdict == Reading::Verdict::NotEnoughData || reading.sentences.isEmpty())
        return {};
    return element("h2", QStringLiteral("Reading")) + element("p", esc(reading.text(), run.config.apiKey), QStringLiteral("reading"));
}

QString chartsSection(const RunResult &run, const HtmlReportOptions &options)
{
    const QString &key = run.config.apiKey;
    QString out = element("h2", QStringLiteral("Charts")) + QStringLiteral("<section class=\"charts\">");
    const Detail::ChartFigure serving = Detail::servingCurveFigure(run);
    if (!serving.svg.isEmpty())
        out += figureHtml(serving, true, key);
    const Detail::ChartFigure tpot = Detail::tpotServingFigure(run);
    if (!tpot.svg.isEmpty())
        out += figureHtml(tpot, true, key);
    // Against concurrency says nothing of rate levels, whose concurrency is only their cap.
    if (!Detail::hasRateLevels(run)) {
        out += figureHtml(Detail::ttftByConcurrencyFigure(run), false, key);
        out += figureHtml(Detail::throughputByConcurrencyFigure(run), false, key);
    }
    out += figureHtml(Detail::ttftHistogramFigure(run), false, key);
    out += figureHtml(Detail::itlHistogramFigure(run), false, key);
    out += figureHtml(Detail::inFlightFigure(run), true, key);
    out += figureHtml(Detail::tokenTimelineFigure(run, options.maxTimelineMarks), true, key);
    return out + QStringLiteral("</section>");
}

QString notesSection(const RunResult &run)
{
    return element("h2", QStringLiteral("Notes")) + Detail::notesList(reportNotes(run), run.config.apiKey);
}

} // namespace

// Free text from the config or a server: the key out first (escaping could split it), then
// escaped so it cannot open markup.
QString Detail::esc(const QString &text, const QString &secret)
{
    return Svg::escape(redactSecret(text, secret));
}

QString Detail::element(const char *tag, const QString &html, const QString &cssClass)
{
    const QString name = QLatin1String(tag);
    return u'<' + name + (cssClass.isEmpty() ? QString() : QStringLiteral(" class=\"") + cssClass + u'"') + u'>' + html
        + QStringLiteral("</") + name + u'>';
}

QString Detail::humanDate(const QDateTime &time)
{
    if (!time.isValid())
        return QStringLiteral("unknown date");
    const QString iso = isoTimestamp(time);
    return QStringLiteral("<time datetime=\"") + iso + QStringLiteral("\">")
        + time.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QStringLiteral(" (UTC") + iso.right(6)
        + QStringLiteral(")</time>");
}

// A table of one row per level, every cell escaped; missing figures greyed.
QString Detail::htmlLevelTable(
    const QList<LevelRow> &rows, const QList<ResultsColumn> &columns, const QString &cssClass, const QString &key)
{
    QString head;
    for (const Detail::ResultsColumn &c : columns)
        head += element("th", esc(c.header, key), c.numeric ? QStringLiteral("num") : QString());
    QString body;
    for (const Detail::LevelRow &row : rows) {
        QString cells;
        for (const Detail::ResultsColumn &c : columns) {
            const Detail::CellValue value = c.value(row);
            const bool missing = std::holds_alternative<std::monostate>(value);
            // Every cell stays on one line: a model name broken at its hyphens ("tokenscope-/sim") reads
            // as two names; a wide table scrolls in its frame instead.
            const QString cellClass = QStringList { c.numeric ? QStringLiteral("num") : QString(),
                missing ? QStringLiteral("missing") : QString() }
                                          .join(u' ')
                                          .simplified();
            cells += element("td", esc(Detail::displayCell(value, c.decimals, QStringLiteral("–")), key), cellClass);
        }
        body += element("tr", cells);
    }
    if (body.isEmpty())
        body = QStringLiteral("<tr><td colspan=\"%1\">No measured requests.</td></tr>").arg(columns.size());
    return QStringLiteral("<div class=\"table-wrap\"><table class=\"") + cssClass + QStringLiteral("\"><thead>")
        + element("tr", head) + QStringLiteral("</thead><tbody>") + body + QStringLiteral("</tbody></table></div>");
}

QString Detail::figureHtml(const ChartFigure &figure, bool wide, const QString &secret)
{
    QString out = wide ? QStringLiteral("<figure class=\"wide\">") : QStringLiteral("<figure>");
    out += QStringLiteral("<figcaption>") + element("h3", esc(figure.title, secret))
        + element("p", esc(figure.caption, secret)) + QStringLiteral("</figcaption>");
    out += figure.svg.isEmpty() ? element("div", QStringLiteral("Nothing to draw."), QStringLiteral("empty"))
                                : figure.svg;
    return out + QStringLiteral("</figure>");
}

QString Detail::notesList(const QStringList &notes, const QString &secret)
{
    QString items;
    for (const QString &note : notes)
        items += element("li", esc(note, secret));
    return element("ul", items, QStringLiteral("notes"));
}

QString Detail::configSection(const RunResult &run, const QString &heading)
{
    // toJson() holds every input except the key; the prompt text stays out (prompt_chars shows
    // its length), as in report.md.
    const QJsonObject config = run.config.toJson();
    QString items;
    for (auto it = config.constBegin(); it != config.constEnd(); ++it) {
        if (it.key() == u"prompt")
            continue;
        const QString value = Detail::configValueText(it.value());
        items += element("dt", element("code", esc(it.key(), run.config.apiKey)))
            + (value.isEmpty() ? element("dd", QStringLiteral("–"), QStringLiteral("unset"))
                               : element("dd", esc(value, run.config.apiKey)));
    }
    return element("h2", esc(heading, run.config.apiKey)) + element("dl", items, QStringLiteral("config"));
}

QString Detail::footerSection(const QString &perRequest)
{
    return element("footer",
        QStringLiteral("Written by %1 %2. Latencies are milliseconds on one monotonic clock, from the moment each "
                       "request was posted; statistics over measured requests only (warm-ups excluded). This page is "
                       "self-contained: it loads nothing from the network. %3")
            .arg(QStringLiteral(TOKENSCOPE_NAME), QStringLiteral(TOKENSCOPE_VERSION), perRequest));
}

QString environmentDescription()
{
    return QStringLiteral("%1 %2 · Qt %3 · %4 · %5 %6 %7 · %8 CPU threads")
        .arg(QStringLiteral(TOKENSCOPE_NAME), QStringLiteral(TOKENSCOPE_VERSION), QString::fromLatin1(qVersion()),
            QSysInfo::prettyProductName(), QSysInfo::kernelType(), QSysInfo::kernelVersion(),
            QSysInfo::currentCpuArchitecture())
        .arg(QThread::idealThreadCount());
}

QString htmlReport(const RunResult &run, const HtmlReportOptions &options)
{
    if (run.isInterleaved())
        return abHtmlReport(run, options); // both arms side by side, never one table of both
    const QString environment = options.environment.isEmpty() ? environmentDescription() : options.environment;
    QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out += QStringLiteral("<meta name=\"generator\" content=\"") + QStringLiteral(TOKENSCOPE_NAME) + u' '
        + QStringLiteral(TOKENSCOPE_VERSION) + QStringLiteral("\">\n");
    out += element("title", QStringLiteral("TokenScope report: ") + esc(run.config.model, run.config.apiKey)) + u'\n';
    out += element("style", reportStyleSheet()) + QStringLiteral("\n</head>\n<body>\n<main>\n");
    out += headerSection(run, environment) + u'\n';
    out += cardsSection(run) + u'\n';
    out += resultsSection(run) + u'\n';
    if (const QString intervals = intervalSection(run); !intervals.isEmpty())
        out += intervals + u'\n';
    if (const QString slices = sliceSection(run); !slices.isEmpty())
        out += slices + u'\n';
    if (const QString turns = turnSection(run); !turns.isEmpty())
        out += turns + u'\n';
    if (const QString reading = readingSection(run); !reading.isEmpty())
        out += reading + u'\n';
    if (const QString server = serverViewSection(run); !server.isEmpty())
        out += server + u'\n';
    out += chartsSection(run, options) + u'\n';
    out += notesSection(run) + u'\n';
    out += Detail::configSection(run, QStringLiteral("Configuration")) + u'\n';
    const QString perRequest = options.requestsJsonlBeside
        ? QStringLiteral("Per-request data: requests.jsonl, beside this page.")
        : QStringLiteral("Per-request data is not part of this page: export the run as a directory (or run "
                         "tokenscope-cli with --out) for requests.jsonl.");
    out += Detail::footerSection(perRequest) + QStringLiteral("\n</main>\n</body>\n</html>\n");
    return secretsOf(run).redact(out);
}

QString htmlReport(const RunResult &run)
{
    return htmlReport(run, HtmlReportOptions {});
}

} // namespace TokenScope::Report
