// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison's renderers on hand-made Compare results: what each format shows of a verdict.
#include "report/comparisonreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Compare;
using namespace TokenScope::Report;

namespace {

DeltaCell cell(double baseline, double other)
{
    DeltaCell c;
    c.baseline = baseline;
    c.other = other;
    c.absolute = other - baseline;
    if (baseline != 0)
        c.percent = 100.0 * (other - baseline) / baseline;
    return c;
}

DeltaCell cellWithIntervals(double baseline, ConfidenceInterval baselineCi, double other, ConfidenceInterval otherCi)
{
    DeltaCell c = cell(baseline, other);
    c.baselineCi = baselineCi;
    c.otherCi = otherCi;
    return c;
}

// c=2 in both runs: TTFT P50 20 % higher with intervals apart (real), TPOT P50 with intervals that
// overlap (within noise), E2E P50 3 % higher without intervals (too few samples: the 5 % band);
// c=8 in the baseline only.
RunComparison handMade()
{
    RunComparison c;
    c.baselineLabel = QStringLiteral("base");
    c.otherLabel = QStringLiteral("B <new>");
    c.baselineSource = QStringLiteral("/runs/base");
    c.configDiff.differences.append({ ConfigField::Model, { QStringLiteral("m1"), QStringLiteral("m2") } });
    LevelDelta both;
    both.concurrency = 2;
    both.label = QStringLiteral("c=2");
    both.inBaseline = both.inOther = true;
    both.cells[size_t(DeltaMetric::ErrorRate)] = cell(0, 0);
    both.cells[size_t(DeltaMetric::TtftP50)] = cellWithIntervals(80, { 78, 82, true }, 96, { 93, 99, true });
    both.cells[size_t(DeltaMetric::TpotP50)] = cellWithIntervals(10, { 9.5, 10.6, true }, 10.2, { 9.8, 10.9, true });
    DeltaCell e2e = cell(100, 103);
    e2e.missing = MissingInterval::TooFewSamples;
    both.cells[size_t(DeltaMetric::E2eP50)] = e2e;
    LevelDelta baselineOnly;
    baselineOnly.concurrency = 8;
    baselineOnly.label = QStringLiteral("c=8");
    baselineOnly.inBaseline = true;
    c.levels = { both, baselineOnly };
    return c;
}

QJsonObject metricJson(const QJsonObject &level, const QString &key)
{
    for (const QJsonValue &m : level.value(u"metrics").toArray())
        if (m.toObject().value(u"metric").toString() == key)
            return m.toObject();
    return {};
}

QString lineStartingWith(const QString &text, const QString &start)
{
    for (const QString &line : text.split(u'\n'))
        if (line.startsWith(start))
            return line;
    return {};
}

} // namespace

TEST(ComparisonReport, TheHeadlineLeadsWithTheLargestRealChangeAtTheHighestCommonLevel)
{
    RunComparison c = handMade();
    const QString headline = comparisonHeadline(c);
    EXPECT_TRUE(
        headline.startsWith(QStringLiteral("At c=2: TTFT P50 is 20% higher in B <new>, and the difference is "
                                           "real (95 % intervals [78.0, 82.0] vs [93.0, 99.0] do not overlap).")))
        << headline.toStdString();
    EXPECT_TRUE(headline.endsWith(QStringLiteral("No other figure there changed beyond noise.")))
        << headline.toStdString();

    c.levels[0].cells[size_t(DeltaMetric::E2eP50)] = cell(100, 130); // 30 %: real by the band, larger than TTFT's
    EXPECT_TRUE(comparisonHeadline(c).startsWith(QStringLiteral("At c=2: E2E P50 is 30% higher in B <new>")))
        << comparisonHeadline(c).toStdString();
    EXPECT_TRUE(comparisonHeadline(c).endsWith(QStringLiteral("Other real changes there: TTFT P50.")))
        << comparisonHeadline(c).toStdString();

    c.levels.removeFirst();
    EXPECT_TRUE(comparisonHeadline(c).contains(QStringLiteral("no load point in common")));
}

TEST(ComparisonReport, TheHeadlineSkipsALargeChangeWithinNoiseForTheRealOne)
{
    RunComparison c = handMade();
    // TTFT 33 % higher, but the intervals overlap; TPOT 50 % lower with intervals apart.
    c.levels[0].cells[size_t(DeltaMetric::TtftP50)] = cellWithIntervals(60, { 30, 90, true }, 80, { 50, 110, true });
    c.levels[0].cells[size_t(DeltaMetric::TpotP50)] = cellWithIntervals(10, { 9.8, 10.2, true }, 5, { 4.9, 5.1, true });
    const QString headline = comparisonHeadline(c);
    EXPECT_TRUE(
        headline.startsWith(QStringLiteral("At c=2: TPOT P50 is 50% lower in B <new>, and the difference is real")))
        << headline.toStdString();
    EXPECT_FALSE(headline.contains(QStringLiteral("TTFT"))) << headline.toStdString();
}

TEST(ComparisonReport, TheHeadlineSaysNoRealChangeOnlyWhenNoneIsReal)
{
    RunComparison c = handMade();
    c.levels[0].cells[size_t(DeltaMetric::TtftP50)] = cellWithIntervals(80, { 78, 82, true }, 80.2, { 78, 82, true });
    const QString headline = comparisonHeadline(c);
    EXPECT_TRUE(headline.startsWith(QStringLiteral("At c=2: no real change, every figure is within noise. TTFT P50 "
                                                   "is 0.3% higher in B <new>, within noise")))
        << headline.toStdString();
}

TEST(ComparisonReport, TheTableShowsValuesIntervalsChangeAndVerdictPerFigure)
{
    const QString text = comparisonText(handMade());
    EXPECT_TRUE(text.startsWith(QStringLiteral("Comparison: B <new> vs the baseline base (/runs/base)\n")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Inputs: Only one input differs (Model)"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("  Model: m1 -> m2\n"))) << text.toStdString();

    const QString ttft = lineStartingWith(text, QStringLiteral("TTFT P50 (ms)"));
    EXPECT_TRUE(ttft.contains(QStringLiteral("80.0 [78.0, 82.0]"))) << ttft.toStdString();
    EXPECT_TRUE(ttft.contains(QStringLiteral("96.0 [93.0, 99.0]"))) << ttft.toStdString();
    EXPECT_TRUE(ttft.contains(QStringLiteral("+20.0%"))) << ttft.toStdString();
    EXPECT_TRUE(ttft.endsWith(QStringLiteral("real"))) << ttft.toStdString();
    EXPECT_TRUE(lineStartingWith(text, QStringLiteral("TPOT P50 (ms)")).endsWith(QStringLiteral("within noise")));
    EXPECT_TRUE(lineStartingWith(text, QStringLiteral("E2E P50 (ms)"))
                    .endsWith(QStringLiteral("within noise (too few samples: 5% band)")))
        << text.toStdString();
    EXPECT_TRUE(lineStartingWith(text, QStringLiteral("Error rate (%)")).contains(QStringLiteral("0.0 pt")))
        << text.toStdString();
    EXPECT_TRUE(lineStartingWith(text, QStringLiteral("Output (tok/s)")).endsWith(QStringLiteral("-")))
        << "a figure neither run has: no verdict";
    EXPECT_FALSE(text.contains(QStringLiteral("== c=8"))) << "no table for a level without a partner";
    EXPECT_TRUE(text.contains(QStringLiteral("c=8: only in base (no partner in B <new>)"))) << text.toStdString();
}

TEST(ComparisonReport, JsonCarriesBothIntervalsAndTheRuleThatJudged)
{
    const QJsonObject json = comparisonJson(handMade());
    const QJsonArray levels = json.value(u"levels").toArray();
    ASSERT_EQ(levels.size(), 2);
    const QJsonObject ttft = metricJson(levels.at(0).toObject(), QStringLiteral("ttft_p50_ms"));
    EXPECT_EQ(ttft.value(u"verdict").toString(), QStringLiteral("real"));
    EXPECT_EQ(ttft.value(u"judged_by").toString(), QStringLiteral("intervals"));
    EXPECT_EQ(ttft.value(u"baseline_ci95").toArray(), (QJsonArray { 78.0, 82.0 }));
    EXPECT_DOUBLE_EQ(ttft.value(u"change_pct").toDouble(), 20.0);
    const QJsonObject e2e = metricJson(levels.at(0).toObject(), QStringLiteral("e2e_p50_ms"));
    EXPECT_EQ(e2e.value(u"verdict").toString(), QStringLiteral("within_noise"));
    EXPECT_EQ(e2e.value(u"judged_by").toString(), QStringLiteral("band"));
    EXPECT_EQ(e2e.value(u"missing_interval").toString(), QStringLiteral("too_few_samples"));
    EXPECT_TRUE(
        metricJson(levels.at(0).toObject(), QStringLiteral("output_throughput_tok_s")).value(u"verdict").isNull());
    EXPECT_FALSE(levels.at(1).toObject().value(u"in_other").toBool());
    EXPECT_TRUE(levels.at(1).toObject().value(u"metrics").toArray().isEmpty());
    EXPECT_EQ(json.value(u"config").toObject().value(u"differences").toArray().at(0).toObject().value(u"field"),
        QStringLiteral("model"));
    EXPECT_EQ(json.value(u"unmatched_levels").toArray().size(), 1);
}

TEST(ComparisonReport, MarkdownAndHtmlEscapeTheLabelsAndKeepTheKeyOut)
{
    RunComparison c = handMade();
    const QString key = QStringLiteral("sk-compare-KEY-31337");
    c.configDiff.differences.append(
        { ConfigField::BaseUrl, { QStringLiteral("http://a/v1"), QStringLiteral("http://b/v1?") + key } });
    c.secrets.add(key);

    const QString markdown = comparisonMarkdown(c);
    EXPECT_TRUE(markdown.contains(QStringLiteral("| Metric | base | B \\<new\\> | Change | Verdict |")))
        << markdown.toStdString();
    EXPECT_TRUE(
        markdown.contains(QStringLiteral("| TTFT P50 (ms) | 80.0 [78.0, 82.0] | 96.0 [93.0, 99.0] | +20.0% | real |")))
        << markdown.toStdString();
    EXPECT_TRUE(markdown.contains(QStringLiteral("- Model: `m1` -> `m2`\n"))) << markdown.toStdString();
    EXPECT_FALSE(markdown.contains(key));

    const QString html = comparisonHtml(c);
    EXPECT_TRUE(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    EXPECT_TRUE(html.contains(QStringLiteral("B &lt;new&gt;")));
    EXPECT_FALSE(html.contains(QStringLiteral("B <new>")));
    EXPECT_FALSE(html.contains(key));
    EXPECT_FALSE(comparisonText(c).contains(key));
    EXPECT_FALSE(QJsonDocument(comparisonJson(c)).toJson().contains(key.toUtf8()));
}
