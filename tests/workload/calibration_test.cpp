// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration of synthetic prompts against counting rules TokenScope does not know: the
// calibrator sees only what each rule says about its probes, as it sees a server's usage.
#include "workload/calibration.h"
#include "workload/lengthdraw.h"
#include "workload/syntheticsource.h"
#include "workload/synthetictext.h"

#include <gtest/gtest.h>

#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <functional>

using namespace TokenScope;

namespace {

using Counter = std::function<int(const QString &)>;

// mock-openai-api's and aimock's rule: characters / 4, rounded up; no template.
int charsOverFour(const QString &text)
{
    return int(std::ceil(text.size() / 4.0));
}

// A BPE-like rule: a word costs one token per started five letters, punctuation one each, and a
// chat template adds 7.
int wordPieces(const QString &text)
{
    int tokens = 7;
    for (const QString &word : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        int letters = 0;
        for (QChar c : word) {
            if (c.isLetterOrNumber())
                ++letters;
            else
                ++tokens;
        }
        tokens += (letters + 4) / 5;
    }
    return tokens;
}

CalibrationFit calibrate(const Workload &w, const Counter &count, int *probes = nullptr)
{
    PromptCalibrator calibrator(w);
    while (const std::optional<Prompt> probe = calibrator.nextProbe()) {
        EXPECT_EQ(probe->maxTokens, 1);
        calibrator.answered(count(probe->text));
    }
    EXPECT_FALSE(calibrator.failed()) << calibrator.error().toStdString();
    if (probes)
        *probes = calibrator.probesSent();
    return calibrator.fit();
}

Workload synthetic(int n, double spread = 0, int prefix = 0)
{
    Workload w;
    w.kind = WorkloadKind::Synthetic;
    w.inputTokens = n;
    w.inputSpread = spread;
    w.sharedPrefixTokens = prefix;
    return w;
}

struct Rule {
    const char *name;
    Counter count;
};

const Rule kRules[] = { { "chars/4", charsOverFour }, { "word pieces", wordPieces } };

} // namespace

TEST(Calibration, LandsExactlyOnTheAskedLengthUnderRulesItDoesNotKnow)
{
    for (const Rule &rule : kRules) {
        for (int n : { 40, 128, 500, 2000 }) {
            int probes = 0;
            const Workload w = synthetic(n);
            const SyntheticPromptSource source(w, calibrate(w, rule.count, &probes), 0);
            EXPECT_LE(probes, 12) << rule.name << " N=" << n;
            for (int level = -1; level < 3; ++level) {
                for (int index = 0; index < 50; ++index) {
                    const Prompt p = source.next(level, index, 0);
                    EXPECT_EQ(p.targetInputTokens, n);
                    EXPECT_EQ(rule.count(p.text), n) << rule.name << " N=" << n << " request " << level << "/" << index;
                }
            }
        }
    }
}

TEST(Calibration, SpreadLengthsLandWithinOnePercentOfTheirDraw)
{
    for (const Rule &rule : kRules) {
        const Workload w = synthetic(1000, 0.5);
        const SyntheticPromptSource source(w, calibrate(w, rule.count), 7);
        int lo = 1 << 30;
        int hi = 0;
        for (int index = 0; index < 300; ++index) {
            const Prompt p = source.next(0, index, 0);
            ASSERT_GE(p.targetInputTokens, 500);
            ASSERT_LE(p.targetInputTokens, 1500);
            lo = std::min(lo, p.targetInputTokens);
            hi = std::max(hi, p.targetInputTokens);
            EXPECT_LE(std::abs(rule.count(p.text) - p.targetInputTokens), 0.01 * p.targetInputTokens)
                << rule.name << " aim " << p.targetInputTokens << " got " << rule.count(p.text);
        }
        EXPECT_LT(lo, 600) << "uniform over [500, 1500]";
        EXPECT_GT(hi, 1400);
    }
}

TEST(Calibration, EveryPromptStartsDifferentlyAndReadsAsProse)
{
    const Workload w = synthetic(300);
    const SyntheticPromptSource source(w, calibrate(w, wordPieces), 0);
    QSet<QString> texts;
    QSet<QString> firstTags;
    for (int level = -1; level < 4; ++level) {
        for (int index = 0; index < 256; ++index) {
            const Prompt p = source.next(level, index, 0);
            texts.insert(p.text);
            firstTags.insert(p.text.section(u' ', 0, 3)); // "Field notes, set <word>"
        }
    }
    EXPECT_EQ(texts.size(), 5 * 256) << "no two requests of a run send the same prompt";
    EXPECT_EQ(firstTags.size(), 256) << "consecutive requests differ from the tag's first word";
    const QString text = source.next(0, 0, 0).text;
    EXPECT_TRUE(text.startsWith(QStringLiteral("Field notes, set "))) << text.left(60).toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(" the "))) << "everyday sentences, not token soup";
}

TEST(Calibration, ArmsOfAnInterleavedRunSendDistinctPrompts)
{
    const Workload w = synthetic(100);
    const SyntheticPromptSource source(w, calibrate(w, charsOverFour), 0);
    EXPECT_NE(source.next(0, 3, 0).text, source.next(0, 3, 1).text);
}

TEST(Calibration, ASharedPrefixOpensEveryPromptThenTheyDiffer)
{
    const Workload w = synthetic(600, 0, 256);
    const CalibrationFit fit = calibrate(w, wordPieces);
    EXPECT_LE(std::abs(fit.prefixTokens - 256), 2) << fit.prefixTokens;
    const SyntheticPromptSource source(w, fit, 0);
    const QString a = source.next(0, 0, 0).text;
    const QString b = source.next(0, 1, 0).text;
    const qsizetype prefixChars = a.indexOf(QStringLiteral("\n\nField notes"));
    ASSERT_GT(prefixChars, 0);
    EXPECT_EQ(a.left(prefixChars), b.left(prefixChars));
    EXPECT_NE(a.mid(prefixChars, 40), b.mid(prefixChars, 40));
    EXPECT_EQ(wordPieces(a), 600);
    EXPECT_EQ(wordPieces(b), 600);
}

TEST(Calibration, AServerWithoutUsageStopsItWithTheAlternative)
{
    PromptCalibrator calibrator(synthetic(500));
    ASSERT_TRUE(calibrator.nextProbe());
    calibrator.answered(-1);
    EXPECT_TRUE(calibrator.failed());
    EXPECT_FALSE(calibrator.nextProbe());
    EXPECT_TRUE(calibrator.error().contains(QStringLiteral("usage"))) << calibrator.error().toStdString();
    EXPECT_TRUE(calibrator.error().contains(QStringLiteral("--dataset"))) << calibrator.error().toStdString();
}

TEST(Calibration, ALengthBelowTheTemplateIsRefusedWithTheServersFloor)
{
    PromptCalibrator calibrator(synthetic(5));
    ASSERT_TRUE(calibrator.nextProbe());
    calibrator.answered(14); // the template and the tag alone
    EXPECT_TRUE(calibrator.failed());
    EXPECT_TRUE(calibrator.error().contains(QStringLiteral("15"))) << calibrator.error().toStdString();
}

TEST(Calibration, AFailedProbeStopsIt)
{
    PromptCalibrator calibrator(synthetic(500));
    ASSERT_TRUE(calibrator.nextProbe());
    calibrator.probeFailed(QStringLiteral("HTTP 401"));
    EXPECT_TRUE(calibrator.failed());
    EXPECT_TRUE(calibrator.error().contains(QStringLiteral("HTTP 401")));
}

TEST(LengthDraw, UniformOverTheRangeAndTheSameForTheSameRequest)
{
    EXPECT_EQ(drawLength(256, 0, 1, LengthDraw::Output, 0, 5, 0), 256);
    int lo = 1 << 30;
    int hi = 0;
    for (int i = 0; i < 2000; ++i) {
        const int n = drawLength(100, 0.2, 3, LengthDraw::Output, 1, i, 0);
        EXPECT_EQ(n, drawLength(100, 0.2, 3, LengthDraw::Output, 1, i, 0));
        lo = std::min(lo, n);
        hi = std::max(hi, n);
    }
    EXPECT_EQ(lo, 80);
    EXPECT_EQ(hi, 120);
    int differ = 0;
    for (int i = 0; i < 20; ++i)
        differ += drawLength(100, 0.2, 3, LengthDraw::Output, 1, i, 0) != drawLength(100, 0.2, 3, LengthDraw::Input, 1, i, 0);
    EXPECT_GT(differ, 10) << "input and output lengths are drawn apart";
}
