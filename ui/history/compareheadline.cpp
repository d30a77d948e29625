// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareheadline.h"

#include "charts/palette.h"
#include "stats/comparison.h"
#include "stats/leadingchange.h"
#include "stats/significancetext.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace TokenScope {

namespace {

using Compare::DeltaMetric;

// + when the figure moved the good way beyond noise, - the bad way, 0 within noise
// (Compare::significance(): the 95 % intervals, or the 5 % band without them).
int goodness(const Compare::DeltaCell &cell, DeltaMetric metric)
{
    return Compare::deltaDirection(cell, metric);
}

// The colour of a figure that moved the good way, the bad way, or within noise.
QString coloured(int direction)
{
    return direction > 0 ? Palette::better.name() : direction < 0 ? Palette::worse.name() : Palette::unchanged.name();
}

// "9 of 28 (32%)"
QString failureCount(const LevelSummary &level)
{
    const double percent = level.requests > 0 ? 100.0 * level.failed / level.requests : 0.0;
    return CompareHeadline::tr("%1 of %2 (%3%)")
        .arg(level.failed)
        .arg(level.requests)
        .arg(QLocale().toString(percent, 'f', percent < 10 ? 1 : 0));
}

QString number(double value)
{
    const double magnitude = std::abs(value);
    const int decimals = magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0;
    return QLocale().toString(value, 'f', decimals);
}

QString signedPercent(double percent)
{
    const QLocale locale;
    const int decimals = std::abs(percent) < 10 ? 1 : 0;
    const QString digits = locale.toString(std::abs(percent), 'f', decimals);
    if (digits == locale.toString(0.0, 'f', decimals))
        return digits + u'%'; // no sign on a zero that rounding produced
    return (percent < 0 ? locale.negativeSign() : locale.positiveSign()) + digits + u'%';
}

// "TPOT P50 −75% (3.05 vs 12.1 ms)", coloured by whether that is good.
QString figure(const Compare::DeltaCell &cell, DeltaMetric metric, const QString &name, const QString &unit)
{
    if (!cell.percent || !cell.other || !cell.baseline)
        return {};
    const QString color = coloured(goodness(cell, metric));
    //: %1 metric name, %2 signed % change, %3 run's value, %4 baseline's value, %5 unit
    return QCoreApplication::translate("CompareHeadline", "%1 <b style=\"color:%6\">%2</b> (%3 vs %4 %5)")
        .arg(name, signedPercent(*cell.percent), number(*cell.other), number(*cell.baseline), unit, color);
}

using Outcome = CompareHeadline::Outcome;
using Cause = CompareHeadline::Cause;

// The figures the headline judges, in the order it shows them when none changed for real.
constexpr DeltaMetric kHeadlineMetrics[]
    = { DeltaMetric::OutputThroughput, DeltaMetric::TpotP50, DeltaMetric::TtftP50, DeltaMetric::E2eP50 };

// From output throughput and E2E P50 when either moved beyond noise; when neither did, from TTFT
// and TPOT P50: a real TTFT change alone makes a run faster or slower, not "about as fast".
Outcome outcomeOf(const CompareHeadline &h, const Compare::LevelDelta &row)
{
    if (!h.throughputPercent && !h.e2ePercent)
        return Outcome::NotComparable;
    int first = goodness(row.cell(DeltaMetric::OutputThroughput), DeltaMetric::OutputThroughput);
    int second = goodness(row.cell(DeltaMetric::E2eP50), DeltaMetric::E2eP50);
    if (first == 0 && second == 0) {
        first = goodness(row.cell(DeltaMetric::TtftP50), DeltaMetric::TtftP50);
        second = goodness(row.cell(DeltaMetric::TpotP50), DeltaMetric::TpotP50);
    }
    if (first == 0 && second == 0)
        return Outcome::Similar;
    if (first >= 0 && second >= 0)
        return Outcome::Faster;
    if (first <= 0 && second <= 0)
        return Outcome::Slower;
    return Outcome::Mixed;
}

// Failures first; else, of TTFT and TPOT that moved beyond the noise, the one that explains more
// of the E2E change (E2E = TTFT + decode time).
Cause causeOf(const Compare::LevelDelta &row, Outcome outcome)
{
    const Compare::DeltaCell &ttft = row.cell(DeltaMetric::TtftP50);
    const Compare::DeltaCell &e2e = row.cell(DeltaMetric::E2eP50);
    const bool ttftMoved = goodness(ttft, DeltaMetric::TtftP50) != 0;
    const bool tpotMoved = goodness(row.cell(DeltaMetric::TpotP50), DeltaMetric::TpotP50) != 0;
    if (goodness(row.cell(DeltaMetric::ErrorRate), DeltaMetric::ErrorRate) != 0)
        return Cause::Failures;
    if ((outcome == Outcome::Faster || outcome == Outcome::Slower) && ttft.absolute && e2e.absolute
        && (ttftMoved || tpotMoved)) {
        const double firstTokenPart = *ttft.absolute;
        const double decodePart = *e2e.absolute - *ttft.absolute;
        if (ttftMoved && (!tpotMoved || std::abs(firstTokenPart) > std::abs(decodePart)))
            return Cause::FirstToken;
        return Cause::Decode;
    }
    return Cause::None;
}

// `throughputVsLatency`: a Mixed outcome where throughput and E2E moved opposite ways.
QString leadSentence(Outcome outcome, const QString &who, const QString &base, bool throughputVsLatency)
{
    switch (outcome) {
    case Outcome::Faster:
        return CompareHeadline::tr("%1 is <b style=\"color:%3\">faster</b> than the baseline %2.")
            .arg(who, base, Palette::better.name());
    case Outcome::Slower:
        return CompareHeadline::tr("%1 is <b style=\"color:%3\">slower</b> than the baseline %2.")
            .arg(who, base, Palette::worse.name());
    case Outcome::Similar:
        return CompareHeadline::tr("%1 is <b>about as fast as</b> the baseline %2 (the differences are within noise).")
            .arg(who, base);
    case Outcome::Mixed:
        if (!throughputVsLatency)
            return CompareHeadline::tr(
                "%1 and the baseline %2 <b>trade off</b>: some figures are better, others worse.")
                .arg(who, base);
        return CompareHeadline::tr("%1 and the baseline %2 <b>trade off</b>: one has the higher throughput, the "
                                   "other the shorter requests.")
            .arg(who, base);
    case Outcome::NotComparable:
        return CompareHeadline::tr("%1 against the baseline %2:").arg(who, base);
    }
    return {};
}

// "TPOT P50 −75% (3.05 vs 12.1 ms)" for one of the headline's figures.
QString headlineFigure(const Compare::LevelDelta &row, DeltaMetric metric)
{
    switch (metric) {
    case DeltaMetric::OutputThroughput:
        return figure(row.cell(metric), metric, CompareHeadline::tr("output throughput"), CompareHeadline::tr("tok/s"));
    case DeltaMetric::TpotP50:
        return figure(row.cell(metric), metric, CompareHeadline::tr("TPOT P50"), CompareHeadline::tr("ms"));
    case DeltaMetric::TtftP50:
        return figure(row.cell(metric), metric, CompareHeadline::tr("TTFT P50"), CompareHeadline::tr("ms"));
    default:
        return figure(row.cell(metric), metric, CompareHeadline::tr("E2E P50"), CompareHeadline::tr("ms"));
    }
}

// The real changes among throughput, TPOT, TTFT and E2E first, largest first, then the rest in
// that order, as far as both runs have them; the failures first when any failed.
QStringList figuresOf(const Compare::LevelDelta &row, const LevelSummary *baseLevel, const LevelSummary *otherLevel)
{
    QList<DeltaMetric> order = Compare::realChangesLargestFirst(
        row, { DeltaMetric::OutputThroughput, DeltaMetric::TpotP50, DeltaMetric::TtftP50, DeltaMetric::E2eP50 });
    for (DeltaMetric metric : kHeadlineMetrics)
        if (!order.contains(metric))
            order.append(metric);
    QStringList figures;
    for (DeltaMetric metric : order)
        if (const QString f = headlineFigure(row, metric); !f.isEmpty())
            figures.append(f);
    if (baseLevel && otherLevel && (baseLevel->failed > 0 || otherLevel->failed > 0)) {
        const int g = goodness(row.cell(DeltaMetric::ErrorRate), DeltaMetric::ErrorRate);
        figures.prepend(CompareHeadline::tr("failed <b style=\"color:%3\">%1</b> vs %2")
                            .arg(failureCount(*otherLevel), failureCount(*baseLevel), coloured(g)));
    }
    return figures;
}

QString failureSentence(const QString &who, const LevelSummary &baseLevel, const LevelSummary &otherLevel,
    int throughputGood, bool tpotMoved)
{
    const bool moreFailures = otherLevel.failed * baseLevel.requests > baseLevel.failed * otherLevel.requests;
    if (moreFailures && throughputGood < 0 && !tpotMoved)
        return CompareHeadline::tr("Failures, not speed, explain the throughput drop: %1 lost %2 of its requests, and "
                                   "the decode speed (TPOT) is within noise.")
            .arg(who, failureCount(otherLevel));
    if (!moreFailures && throughputGood > 0 && !tpotMoved)
        return CompareHeadline::tr("Failures, not speed, explain the throughput gain: the baseline lost %1 of its "
                                   "requests, and the decode speed (TPOT) is within noise.")
            .arg(failureCount(baseLevel));
    return CompareHeadline::tr("Read the failures first: %1 failed %2 of its requests, the baseline %3.")
        .arg(who, failureCount(otherLevel), failureCount(baseLevel));
}

// "TTFT P50, E2E P50 — no interval (too few samples): judged by the 5% band.", one sentence per
// reason, for the figures the 5 % band judged because an interval was missing.
QString fallbackSentences(const Compare::LevelDelta &row)
{
    QStringList notes;
    QList<QStringList> namesPerNote;
    for (DeltaMetric metric : kHeadlineMetrics) {
        const QString note = SignificanceText::fallbackNote(row.cell(metric));
        if (note.isEmpty() || !row.cell(metric).absolute)
            continue;
        if (!notes.contains(note)) {
            notes.append(note);
            namesPerNote.append(QStringList {});
        }
        namesPerNote[notes.indexOf(note)].append(SignificanceText::figureName(metric));
    }
    QStringList sentences;
    for (qsizetype i = 0; i < notes.size(); ++i)
        //: %1 the figures ("TTFT P50, E2E P50"), %2 why and how they were judged
        sentences.append(
            CompareHeadline::tr("%1 — %2.").arg(namesPerNote.at(i).join(QStringLiteral(", ")), notes.at(i)));
    return sentences.join(u' ');
}

// One sentence per headline figure, how it was judged (the headline's tooltip).
QString judgementSentences(const Compare::LevelDelta &row, const QString &otherLabel)
{
    QStringList sentences;
    for (DeltaMetric metric : kHeadlineMetrics)
        if (const QString sentence = SignificanceText::sentence(row.cell(metric), metric, otherLabel);
            !sentence.isEmpty())
            sentences.append(sentence);
    return sentences.join(u'\n');
}

} // namespace

CompareHeadline CompareHeadline::compute(const QList<LevelSummary> &baseline, const QList<LevelSummary> &other,
    const QString &baselineLabel, const QString &otherLabel, const QColor &otherColor)
{
    CompareHeadline h;
    const QString who = otherColor.isValid()
        ? QStringLiteral("<b style=\"color:%1\">%2</b>").arg(otherColor.name(), otherLabel.toHtmlEscaped())
        : QStringLiteral("<b>%1</b>").arg(otherLabel.toHtmlEscaped());
    const QString base = QStringLiteral("<b>%1</b>").arg(baselineLabel.toHtmlEscaped());

    const QList<Compare::LevelDelta> rows = Compare::levelDeltas(baseline, other);
    const Compare::LevelDelta *row = Compare::highestCommonLevel(rows);
    if (!row) {
        h.html = tr("%1 and %2 measured no concurrency level in common: nothing to compare level by level.")
                     .arg(who, base);
        return h;
    }
    h.concurrency = row->concurrency;
    h.throughputPercent = row->cell(DeltaMetric::OutputThroughput).percent;
    h.e2ePercent = row->cell(DeltaMetric::E2eP50).percent;
    h.ttftPercent = row->cell(DeltaMetric::TtftP50).percent;
    h.tpotPercent = row->cell(DeltaMetric::TpotP50).percent;
    h.errorRatePoints = row->cell(DeltaMetric::ErrorRate).absolute;

    const int throughputGood = goodness(row->cell(DeltaMetric::OutputThroughput), DeltaMetric::OutputThroughput);
    const int e2eGood = goodness(row->cell(DeltaMetric::E2eP50), DeltaMetric::E2eP50);
    h.outcome = outcomeOf(h, *row);
    h.cause = causeOf(*row, h.outcome);

    const LevelSummary *baseLevel = Compare::levelAt(baseline, row->point, row->occurrence);
    const LevelSummary *otherLevel = Compare::levelAt(other, row->point, row->occurrence);
    const QStringList figures = figuresOf(*row, baseLevel, otherLevel);
    const bool tpotMoved = goodness(row->cell(DeltaMetric::TpotP50), DeltaMetric::TpotP50) != 0;
    QString cause;
    if (h.cause == Cause::Failures && baseLevel && otherLevel)
        cause = failureSentence(who, *baseLevel, *otherLevel, throughputGood, tpotMoved);
    else if (h.cause == Cause::Decode)
        cause = tr("The difference is in the decode speed: each output token takes %1 time (TPOT).")
                    .arg(h.outcome == Outcome::Faster ? tr("less") : tr("more"));
    else if (h.cause == Cause::FirstToken)
        cause = tr("The difference is in the wait for the first token (TTFT), not in the decode speed.");

    //: the level a comparison headline speaks of: a closed-loop concurrency
    const QString where = row->point.isOpenLoop() ? row->label : tr("concurrency %1").arg(QLocale().toString(h.concurrency));
    //: %1 the verdict sentence, %2 the level ("concurrency 4" or a rate such as "r=40/s c≤4"), %3 the figures, %4 the cause sentence (may be empty)
    h.html = tr("%1 At %2: %3. %4")
                 .arg(leadSentence(h.outcome, who, base, throughputGood * e2eGood < 0), where,
                     figures.join(QStringLiteral(", ")), cause)
                 .trimmed();
    if (const QString fallback = fallbackSentences(*row); !fallback.isEmpty())
        h.html += QStringLiteral(" ") + fallback.toHtmlEscaped();
    h.toolTip = judgementSentences(*row, otherLabel);
    return h;
}

} // namespace TokenScope
