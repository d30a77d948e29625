// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonreport.h"

#include "htmlreport.h"
#include "reportformat.h"
#include "stats/leadingchange.h"
#include "stats/significancetext.h"
#include "stats/turnfigures.h"
#include "svgchart.h"
#include "version.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace TokenScope::Report {

namespace {

using Compare::DeltaCell;
using Compare::DeltaMetric;
using Compare::LevelDelta;

// The figure a headline reports when nothing changed for real: the wait a user feels first.
constexpr DeltaMetric kQuietMetric = DeltaMetric::TtftP50;

DeltaMetric metricAt(int index)
{
    return static_cast<DeltaMetric>(index);
}

// "TTFT P50 is 12% higher in B, and the difference is real (…)."
QString figureSentence(const LevelDelta &level, DeltaMetric metric, const QString &otherLabel)
{
    const QString sentence = SignificanceText::sentence(level.cell(metric), metric, otherLabel);
    return sentence.isEmpty() ? SignificanceText::figureName(metric) + QStringLiteral(" was not measured in both runs.")
                              : sentence;
}

// Decimals by magnitude, as the sentences round their figures.
int decimalsFor(double value)
{
    const double magnitude = std::abs(value);
    return magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0;
}

QString figure(double value)
{
    return Detail::fixedNumber(value, decimalsFor(value));
}

QString withSign(const QString &digits, double value)
{
    return (value > 0 ? QStringLiteral("+") : QString()) + digits;
}

// "80.1 [78.2, 82.0]": the value and its 95 % interval when it has a usable one.
QString valueText(const std::optional<double> &value, const ConfidenceInterval &ci, bool intervalUsable)
{
    if (!value)
        return QStringLiteral("-");
    if (!intervalUsable || !ci.valid)
        return figure(*value);
    // As fine as its interval, so that a value is never shown outside it by rounding alone.
    const int decimals = std::max(decimalsFor(*value), SignificanceText::intervalDecimals(ci));
    return Detail::fixedNumber(*value, decimals) + u' ' + SignificanceText::interval(ci);
}

// "+12.3%", or for the error rate "+1.0 pt" (percentage points); the absolute change when the
// baseline is 0.
QString changeText(const DeltaCell &cell, DeltaMetric metric)
{
    if (!cell.absolute)
        return QStringLiteral("-");
    if (metric == DeltaMetric::ErrorRate)
        return withSign(Detail::fixedNumber(*cell.absolute, 1), *cell.absolute) + QStringLiteral(" pt");
    if (cell.percent)
        return withSign(Detail::fixedNumber(*cell.percent, 1), *cell.percent) + u'%';
    return withSign(figure(*cell.absolute), *cell.absolute);
}

QString verdictText(const DeltaCell &cell, DeltaMetric metric)
{
    const QString verdict = SignificanceText::verdict(cell, metric);
    return verdict.isEmpty() ? QStringLiteral("-") : verdict;
}

// The five cells of a figure's row, in the tables' column order.
QStringList rowCells(const LevelDelta &level, DeltaMetric metric)
{
    const DeltaCell &cell = level.cell(metric);
    const bool usable = cell.hasIntervals();
    return { Compare::deltaMetricTitle(metric), valueText(cell.baseline, cell.baselineCi, usable),
        valueText(cell.other, cell.otherCi, usable), changeText(cell, metric), verdictText(cell, metric) };
}

QStringList headerCells(const RunComparison &c)
{
    return { QStringLiteral("Metric"), c.baselineLabel, c.otherLabel, QStringLiteral("Change"),
        QStringLiteral("Verdict") };
}

bool bothMeasured(const LevelDelta &level)
{
    return level.inBaseline && level.inOther;
}

QString judgementKey(Compare::Significance significance)
{
    switch (significance) {
    case Compare::Significance::Real:
        return QStringLiteral("real");
    case Compare::Significance::WithinNoise:
        return QStringLiteral("within_noise");
    case Compare::Significance::Unknown:
        break;
    }
    return QStringLiteral("not_judged");
}

QString missingKey(Compare::MissingInterval missing)
{
    switch (missing) {
    case Compare::MissingInterval::None:
        break;
    case Compare::MissingInterval::TooFewSamples:
        return QStringLiteral("too_few_samples");
    case Compare::MissingInterval::NotStored:
        return QStringLiteral("not_stored");
    case Compare::MissingInterval::PointInterval:
        return QStringLiteral("point_interval");
    }
    return {};
}

QJsonValue numberOrNull(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue intervalJson(const ConfidenceInterval &ci)
{
    return ci.valid ? QJsonValue(QJsonArray { ci.lo, ci.hi }) : QJsonValue(QJsonValue::Null);
}

QJsonObject cellJson(const LevelDelta &level, DeltaMetric metric, const QString &otherLabel)
{
    const DeltaCell &cell = level.cell(metric);
    QJsonObject out { { QStringLiteral("metric"), Compare::deltaMetricKey(metric) },
        { QStringLiteral("baseline"), numberOrNull(cell.baseline) },
        { QStringLiteral("other"), numberOrNull(cell.other) },
        { QStringLiteral("change"), numberOrNull(cell.absolute) },
        { QStringLiteral("change_pct"), numberOrNull(cell.percent) },
        { QStringLiteral("baseline_ci95"), intervalJson(cell.baselineCi) },
        { QStringLiteral("other_ci95"), intervalJson(cell.otherCi) } };
    if (!cell.absolute) {
        out.insert(QStringLiteral("verdict"), QJsonValue::Null);
        return out;
    }
    const Compare::Judgement judgement = Compare::significance(cell, metric);
    out.insert(QStringLiteral("verdict"), judgementKey(judgement.significance));
    out.insert(QStringLiteral("judged_by"),
        judgement.judgedBy == Compare::JudgedBy::Intervals ? QStringLiteral("intervals") : QStringLiteral("band"));
    out.insert(QStringLiteral("below_floor"), judgement.belowFloor);
    if (const QString missing = missingKey(cell.missing); !missing.isEmpty())
        out.insert(QStringLiteral("missing_interval"), missing);
    out.insert(QStringLiteral("sentence"), SignificanceText::sentence(cell, metric, otherLabel));
    return out;
}

QJsonObject levelJson(const LevelDelta &level, const QString &otherLabel)
{
    QJsonArray metrics;
    if (bothMeasured(level))
        for (int m = 0; m < Compare::kDeltaMetricCount; ++m)
            metrics.append(cellJson(level, metricAt(m), otherLabel));
    return { { QStringLiteral("load_point"), level.label }, { QStringLiteral("concurrency"), level.concurrency },
        { QStringLiteral("occurrence"), level.occurrence }, { QStringLiteral("in_baseline"), level.inBaseline },
        { QStringLiteral("in_other"), level.inOther }, { QStringLiteral("metrics"), metrics } };
}

QJsonObject configJson(const RunComparison &c)
{
    QJsonArray differences;
    for (const Compare::ConfigDifference &d : c.configDiff.differences)
        differences.append(QJsonObject { { QStringLiteral("field"), Compare::configFieldKey(d.field) },
            { QStringLiteral("baseline"), d.values.value(0) }, { QStringLiteral("other"), d.values.value(1) } });
    return { { QStringLiteral("summary"), Compare::configDiffSummary(c.configDiff) },
        { QStringLiteral("differences"), differences } };
}

// "Model: m1 -> m2", one per input that differs, each value passed through `quoted`.
template <typename Quote> QStringList differenceLines(const RunComparison &c, Quote quoted)
{
    QStringList lines;
    for (const Compare::ConfigDifference &d : c.configDiff.differences)
        lines.append(
            QStringLiteral("%1: %2 -> %3")
                .arg(Compare::configFieldTitle(d.field), quoted(d.values.value(0)), quoted(d.values.value(1))));
    return lines;
}

QString asIs(const QString &text)
{
    return text;
}

QString markdownCode(const QString &text)
{
    return u'`' + QString(text).replace(u'`', u'\'') + u'`';
}

QString sourceText(const QString &label, const QString &source)
{
    return source.isEmpty() || source == label ? label : QStringLiteral("%1 (%2)").arg(label, source);
}

// ---------------------------------------------------------------------------------------------
// Text

// The metric and the verdict are words; the figures line up on the right.
// The level index of `level`'s load point in `run`: its occurrence-th level at that point; -1 when none.
int levelIndexIn(const RunResult &run, const LevelDelta &level)
{
    int seen = 0;
    for (const LevelSummary &l : run.levels) {
        if (l.point.label() == level.label && seen++ == level.occurrence)
            return l.levelIndex;
    }
    return -1;
}

// Both runs' figures by turn at every level both measured (docs/metrics.md#conversations).
QList<TurnDelta> turnDeltas(const RunResult &baseline, const RunResult &other, const QList<LevelDelta> &levels)
{
    QList<TurnDelta> out;
    if (Stats::turnsPerConversation(baseline) == 0 || Stats::turnsPerConversation(other) == 0)
        return out;
    for (const LevelDelta &level : levels) {
        const QList<Stats::TurnFigures> a = Stats::figuresByTurn(baseline.records, levelIndexIn(baseline, level));
        const QList<Stats::TurnFigures> b = Stats::figuresByTurn(other.records, levelIndexIn(other, level));
        for (const Stats::TurnFigures &t : a) {
            const auto match = std::find_if(b.cbegin(), b.cend(), [&t](const auto &u) { return u.turn == t.turn; });
            if (match != b.cend())
                out.append({ level.label, t.turn, t.ttftP50Ms, match->ttftP50Ms, t.cachedShare, match->cachedShare });
        }
    }
    return out;
}

// The by-turn table's rows, the header first: level, turn, both TTFT P50s and the change, both
// cached shares.
QList<QStringList> turnRows(const RunComparison &c)
{
    const auto ms = [](double v) { return v >= 0 ? Detail::fixedNumber(v, 1) : QStringLiteral("-"); };
    const auto share = [](double v) { return v >= 0 ? Detail::fixedNumber(v * 100, 0) + u'%' : QStringLiteral("-"); };
    QList<QStringList> rows { { QStringLiteral("Level"), QStringLiteral("Turn"),
        QStringLiteral("TTFT P50 %1 (ms)").arg(c.baselineLabel), QStringLiteral("TTFT P50 %1 (ms)").arg(c.otherLabel),
        QStringLiteral("Change"), QStringLiteral("Cached %1").arg(c.baselineLabel),
        QStringLiteral("Cached %1").arg(c.otherLabel) } };
    for (const TurnDelta &t : c.turns) {
        const bool both = t.baselineTtftP50Ms > 0 && t.otherTtftP50Ms >= 0;
        rows.append({ t.level, QString::number(t.turn), ms(t.baselineTtftP50Ms), ms(t.otherTtftP50Ms),
            both ? withSign(Detail::fixedNumber((t.otherTtftP50Ms / t.baselineTtftP50Ms - 1) * 100, 1),
                       t.otherTtftP50Ms - t.baselineTtftP50Ms)
                    + u'%'
                 : QStringLiteral("-"),
            share(t.baselineCachedShare), share(t.otherCachedShare) });
    }
    return rows;
}

QString alignedTable(const QList<QStringList> &rows)
{
    return Detail::alignedText(
        rows, [](qsizetype column, qsizetype columns) { return column == 0 || column == columns - 1; });
}

QString levelText(const RunComparison &c, const LevelDelta &level)
{
    QList<QStringList> rows { headerCells(c) };
    for (int m = 0; m < Compare::kDeltaMetricCount; ++m)
        rows.append(rowCells(level, metricAt(m)));
    return QStringLiteral("\n== %1\n").arg(level.label) + alignedTable(rows);
}

// ---------------------------------------------------------------------------------------------
// Markdown

QString mdRow(const QStringList &cells)
{
    return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
}

QString mdLevel(const RunComparison &c, const LevelDelta &level, int headingLevel)
{
    QStringList header;
    for (const QString &cell : headerCells(c))
        header.append(Detail::markdownEscape(cell, {}));
    QString out
        = QStringLiteral("\n%1 %2\n\n").arg(QString(headingLevel, u'#'), Detail::markdownEscape(level.label, {}))
        + mdRow(header) + QStringLiteral("|---|--:|--:|--:|---|\n");
    // The figures and verdicts are TokenScope's own words: only the labels need escaping.
    for (int m = 0; m < Compare::kDeltaMetricCount; ++m)
        out += mdRow(rowCells(level, metricAt(m)));
    return out;
}

// ---------------------------------------------------------------------------------------------
// HTML

QString cellHtml(const QString &text, const QString &cssClass = {}, const QString &title = {})
{
    QString open = QStringLiteral("<td");
    if (!cssClass.isEmpty())
        open += QStringLiteral(" class=\"%1\"").arg(cssClass);
    if (!title.isEmpty())
        open += QStringLiteral(" title=\"%1\"").arg(Svg::escape(title));
    return open + u'>' + Svg::escape(text) + QStringLiteral("</td>");
}

QString htmlLevel(const RunComparison &c, const LevelDelta &level, int headingLevel)
{
    QString out = QStringLiteral("<h%1>").arg(headingLevel) + Svg::escape(level.label)
        + QStringLiteral("</h%1>\n<div class=\"table-wrap\"><table class=\"results\"><thead><tr>").arg(headingLevel);
    for (const QString &cell : headerCells(c))
        out += QStringLiteral("<th>") + Svg::escape(cell) + QStringLiteral("</th>");
    out += QStringLiteral("</tr></thead><tbody>\n");
    for (int m = 0; m < Compare::kDeltaMetricCount; ++m) {
        const DeltaMetric metric = metricAt(m);
        const QStringList cells = rowCells(level, metric);
        const QString sentence = SignificanceText::sentence(level.cell(metric), metric, c.otherLabel);
        out += QStringLiteral("<tr>") + cellHtml(cells.at(0)) + cellHtml(cells.at(1), QStringLiteral("num"))
            + cellHtml(cells.at(2), QStringLiteral("num")) + cellHtml(cells.at(3), QStringLiteral("num"))
            + cellHtml(cells.at(4), QStringLiteral("wrap"), sentence) + QStringLiteral("</tr>\n");
    }
    return out + QStringLiteral("</tbody></table></div>\n");
}

QString htmlList(const QStringList &items)
{
    if (items.isEmpty())
        return {};
    QString out = QStringLiteral("<ul class=\"notes\">");
    for (const QString &item : items)
        out += QStringLiteral("<li>") + Svg::escape(item) + QStringLiteral("</li>");
    return out + QStringLiteral("</ul>\n");
}

} // namespace

RunComparison compareRuns(const ComparedSide &baseline, const ComparedSide &other)
{
    RunComparison c;
    c.baselineLabel = baseline.label;
    c.otherLabel = other.label;
    c.baselineSource = baseline.source;
    c.otherSource = other.source;
    c.configDiff
        = Compare::diffConfigs({ baseline.run.config, baseline.toolVersion }, { other.run.config, other.toolVersion });
    c.levels = Compare::levelDeltas(baseline.run, other.run);
    c.turns = turnDeltas(baseline.run, other.run, c.levels);
    c.secrets = Secrets::of(QList<RunConfig> { baseline.run.config, other.run.config });
    return c;
}

QString comparisonHeadline(const RunComparison &c)
{
    const LevelDelta *level = Compare::highestCommonLevel(c.levels);
    if (!level)
        return QStringLiteral("%1 and %2 measured no load point in common: nothing to compare level by level.")
            .arg(c.otherLabel, c.baselineLabel);
    const QList<DeltaMetric> real = Compare::realChangesLargestFirst(*level);
    if (real.isEmpty())
        return c.secrets.redact(QStringLiteral("At %1: no real change, every figure is within noise. %2")
                                    .arg(level->label, figureSentence(*level, kQuietMetric, c.otherLabel)));
    QString out = QStringLiteral("At %1: %2").arg(level->label, figureSentence(*level, real.first(), c.otherLabel));
    QStringList others;
    for (qsizetype i = 1; i < real.size(); ++i)
        others.append(SignificanceText::figureName(real.at(i)));
    out += others.isEmpty() ? QStringLiteral(" No other figure there changed beyond noise.")
                            : QStringLiteral(" Other real changes there: %1.").arg(others.join(QStringLiteral(", ")));
    return c.secrets.redact(out);
}

QStringList unmatchedLevels(const RunComparison &c)
{
    QStringList lines;
    for (const LevelDelta &level : c.levels)
        if (!bothMeasured(level)) {
            const QString only = level.inBaseline ? c.baselineLabel : c.otherLabel;
            const QString missing = level.inBaseline ? c.otherLabel : c.baselineLabel;
            lines.append(QStringLiteral("%1: only in %2 (no partner in %3)").arg(level.label, only, missing));
        }
    return lines;
}

QStringList inputDifferences(const RunComparison &c)
{
    return differenceLines(c, asIs);
}

QString comparisonText(const RunComparison &c)
{
    QString out = QStringLiteral("Comparison: %1 vs the baseline %2\n")
                      .arg(sourceText(c.otherLabel, c.otherSource), sourceText(c.baselineLabel, c.baselineSource));
    out += comparisonHeadline(c) + u'\n';
    out += QStringLiteral("\nInputs: ") + Compare::configDiffSummary(c.configDiff) + u'\n';
    for (const QString &line : differenceLines(c, asIs))
        out += QStringLiteral("  ") + line + u'\n';
    for (const LevelDelta &level : c.levels)
        if (bothMeasured(level))
            out += levelText(c, level);
    if (const QStringList unmatched = unmatchedLevels(c); !unmatched.isEmpty())
        out += u'\n' + unmatched.join(u'\n') + u'\n';
    if (!c.turns.isEmpty())
        out += QStringLiteral("\n== By turn (docs/metrics.md#conversations)\n") + Detail::alignedText(turnRows(c));
    return c.secrets.redact(out);
}

QString comparisonMarkdown(const RunComparison &c)
{
    QString out = QStringLiteral("# TokenScope comparison: %1 vs the baseline %2\n\n")
                      .arg(Detail::markdownEscape(sourceText(c.otherLabel, c.otherSource), {}),
                          Detail::markdownEscape(sourceText(c.baselineLabel, c.baselineSource), {}));
    out += QStringLiteral("**") + Detail::markdownEscape(comparisonHeadline(c), {}) + QStringLiteral("**\n\n");
    out += Detail::markdownEscape(Compare::configDiffSummary(c.configDiff), {}) + u'\n';
    const QStringList differences = differenceLines(c, markdownCode);
    if (!differences.isEmpty())
        out += u'\n';
    for (const QString &line : differences)
        out += QStringLiteral("- ") + line + u'\n';
    out += comparisonLevelsMarkdown(c, 2);
    out += QStringLiteral("\nA change is real when the two runs' 95 % intervals do not overlap; a figure without "
                          "intervals is judged by a fixed band (docs/history-and-compare.md).\n");
    return c.secrets.redact(out);
}

QString comparisonLevelsMarkdown(const RunComparison &c, int headingLevel)
{
    QString out;
    for (const LevelDelta &level : c.levels)
        if (bothMeasured(level))
            out += mdLevel(c, level, headingLevel);
    if (const QStringList unmatched = unmatchedLevels(c); !unmatched.isEmpty()) {
        out += u'\n';
        for (const QString &line : unmatched)
            out += QStringLiteral("- ") + Detail::markdownEscape(line, {}) + u'\n';
    }
    if (!c.turns.isEmpty()) {
        const QList<QStringList> rows = turnRows(c);
        out += QStringLiteral("\n%1 By turn\n\n").arg(QString(headingLevel, u'#'));
        for (qsizetype i = 0; i < rows.size(); ++i) {
            QStringList cells;
            for (const QString &cell : rows.at(i))
                cells.append(Detail::markdownEscape(cell, {}));
            out += mdRow(cells) + (i == 0 ? QStringLiteral("|---|--:|--:|--:|--:|--:|--:|\n") : QString());
        }
    }
    return out;
}

QString comparisonLevelsHtml(const RunComparison &c, int headingLevel)
{
    QString out;
    for (const LevelDelta &level : c.levels)
        if (bothMeasured(level))
            out += htmlLevel(c, level, headingLevel);
    if (const QStringList unmatched = unmatchedLevels(c); !unmatched.isEmpty())
        out += QStringLiteral("<h%1>Unmatched levels</h%1>\n").arg(headingLevel) + htmlList(unmatched);
    if (!c.turns.isEmpty()) {
        const QList<QStringList> rows = turnRows(c);
        out += QStringLiteral("<h%1>By turn</h%1>\n<table>").arg(headingLevel);
        for (qsizetype i = 0; i < rows.size(); ++i) {
            out += QStringLiteral("<tr>");
            for (const QString &cell : rows.at(i))
                out += (i == 0 ? QStringLiteral("<th>") : QStringLiteral("<td>")) + Svg::escape(cell)
                    + (i == 0 ? QStringLiteral("</th>") : QStringLiteral("</td>"));
            out += QStringLiteral("</tr>");
        }
        out += QStringLiteral("</table>\n");
    }
    return out;
}

QJsonObject comparisonJson(const RunComparison &c)
{
    QJsonArray levels;
    for (const LevelDelta &level : c.levels)
        levels.append(levelJson(level, c.otherLabel));
    const QJsonObject out { { QStringLiteral("tool"),
                                QJsonObject { { QStringLiteral("name"), QStringLiteral(TOKENSCOPE_NAME) },
                                    { QStringLiteral("version"), QStringLiteral(TOKENSCOPE_VERSION) } } },
        { QStringLiteral("baseline"),
            QJsonObject {
                { QStringLiteral("label"), c.baselineLabel }, { QStringLiteral("source"), c.baselineSource } } },
        { QStringLiteral("other"),
            QJsonObject { { QStringLiteral("label"), c.otherLabel }, { QStringLiteral("source"), c.otherSource } } },
        { QStringLiteral("headline"), comparisonHeadline(c) }, { QStringLiteral("config"), configJson(c) },
        { QStringLiteral("levels"), levels },
        { QStringLiteral("unmatched_levels"), QJsonArray::fromStringList(unmatchedLevels(c)) } };
    QJsonArray turns;
    const auto orNull = [](double v) { return v >= 0 ? QJsonValue(v) : QJsonValue(QJsonValue::Null); };
    for (const TurnDelta &t : c.turns)
        turns.append(QJsonObject { { QStringLiteral("level"), t.level }, { QStringLiteral("turn"), t.turn },
            { QStringLiteral("baseline_ttft_p50_ms"), orNull(t.baselineTtftP50Ms) },
            { QStringLiteral("other_ttft_p50_ms"), orNull(t.otherTtftP50Ms) },
            { QStringLiteral("baseline_cached_share"), orNull(t.baselineCachedShare) },
            { QStringLiteral("other_cached_share"), orNull(t.otherCachedShare) } });
    QJsonObject withTurns = out;
    if (!turns.isEmpty())
        withTurns.insert(QStringLiteral("turns"), turns);
    return c.secrets.redact(withTurns);
}

QString comparisonHtml(const RunComparison &c)
{
    const QString title = QStringLiteral("%1 vs the baseline %2").arg(c.otherLabel, c.baselineLabel);
    QString out = QStringLiteral("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        + Svg::escape(QStringLiteral("TokenScope comparison: ") + title) + QStringLiteral("</title>\n<style>")
        + reportStyleSheet() + QStringLiteral("</style>\n</head>\n<body>\n<main>\n");
    out += QStringLiteral("<header class=\"report-head\"><div class=\"brand\">TokenScope comparison</div><h1>")
        + Svg::escape(title) + QStringLiteral("</h1><p class=\"meta\">")
        + Svg::escape(QStringLiteral("Baseline %1 · other %2")
                          .arg(sourceText(c.baselineLabel, c.baselineSource), sourceText(c.otherLabel, c.otherSource)))
        + QStringLiteral("</p></header>\n");
    out += QStringLiteral("<p class=\"banner\">") + Svg::escape(comparisonHeadline(c)) + QStringLiteral("</p>\n");
    out += QStringLiteral("<h2>Inputs</h2>\n<p>") + Svg::escape(Compare::configDiffSummary(c.configDiff))
        + QStringLiteral("</p>\n") + htmlList(differenceLines(c, asIs));
    out += comparisonLevelsHtml(c, 2);
    out += QStringLiteral("<footer>A change is real when the two runs' 95 % intervals do not overlap; a figure "
                          "without intervals is judged by a fixed band. Hover a verdict for the intervals. Written by ")
        + QStringLiteral(TOKENSCOPE_NAME) + u' ' + QStringLiteral(TOKENSCOPE_VERSION)
        + QStringLiteral(".</footer>\n</main>\n</body>\n</html>\n");
    return c.secrets.redact(out);
}

} // namespace TokenScope::Report
