// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Load section of the run settings: each mode round-trips through load() and applyTo(), only
// the fields a mode uses are shown and checked, and bad input is rejected with a message that names it.
#include "runsettingsform.h"

#include "engine/runcheck.h"
#include "support/widgettest.h"
#include "testpaths.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <limits>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

RunConfig roundTrip(const RunConfig &in)
{
    RunSettingsForm form;
    form.load(in);
    RunConfig out;
    QString error;
    EXPECT_TRUE(form.applyTo(&out, &error)) << error.toStdString();
    return out;
}

// What applyTo() says about the form after `edit`; empty when it accepts it.
QString problemAfter(const RunConfig &start, const std::function<void(RunSettingsForm &)> &edit)
{
    RunSettingsForm form;
    form.load(start);
    edit(form);
    RunConfig out;
    QString error;
    if (form.applyTo(&out, &error))
        return {};
    EXPECT_FALSE(error.isEmpty());
    return error;
}

RunConfig withPrompt(LoadMode mode)
{
    RunConfig c;
    c.prompt = QStringLiteral("Say hello.");
    c.loadMode = mode;
    return c;
}

void setMode(RunSettingsForm &form, LoadMode mode)
{
    auto *box = child<QComboBox>(&form, "loadMode");
    box->setCurrentIndex(box->findData(int(mode)));
}

} // namespace

TEST(UiRunSettingsForm, ConcurrencyModeRoundTrips)
{
    RunConfig in = withPrompt(LoadMode::Concurrency);
    in.concurrencyLevels = { 1, 4, 1 };
    in.requestsPerConcurrency = 3;
    in.durationS = 20;
    in.graceS = 5;
    QString error;
    ASSERT_TRUE(GoodputSlo::parse(QStringLiteral("ttft:500 tpot:50"), &in.goodput, &error));
    const RunConfig out = roundTrip(in);
    EXPECT_EQ(out.loadMode, LoadMode::Concurrency);
    EXPECT_EQ(out.concurrencyLevels, in.concurrencyLevels);
    EXPECT_EQ(out.requestsPerConcurrency, 3);
    EXPECT_DOUBLE_EQ(out.durationS, 20);
    EXPECT_DOUBLE_EQ(out.graceS, 5);
    EXPECT_EQ(out.goodput, in.goodput);
    EXPECT_TRUE(out.maxRateConstraints.isEmpty()); // only a search records constraints
}

TEST(UiRunSettingsForm, RatesModeRoundTripsWithGammaArrivalsACapAndInf)
{
    RunConfig in = withPrompt(LoadMode::Rates);
    in.requestRates = { 0.5, 2, 40, std::numeric_limits<double>::infinity() };
    in.arrival = Arrival::Gamma;
    in.burstiness = 0.5;
    in.maxConcurrency = 8;
    in.rampUpS = 2;
    in.seed = 42;
    const RunConfig out = roundTrip(in);
    EXPECT_EQ(out.loadMode, LoadMode::Rates);
    EXPECT_EQ(out.requestRates, in.requestRates);
    EXPECT_EQ(out.arrival, Arrival::Gamma);
    EXPECT_DOUBLE_EQ(out.burstiness, 0.5);
    EXPECT_EQ(out.maxConcurrency, 8);
    EXPECT_DOUBLE_EQ(out.rampUpS, 2);
    EXPECT_EQ(out.seed, 42u);
    EXPECT_EQ(out.loadPoints().size(), 4);
    EXPECT_EQ(out.loadPoints().at(2).label(), QStringLiteral("r=40/s c≤8"));
}

TEST(UiRunSettingsForm, SweepModeRoundTrips)
{
    RunConfig in = withPrompt(LoadMode::Sweep);
    in.sweepRates = 5;
    in.arrival = Arrival::Constant;
    in.maxConcurrency = 16;
    in.durationS = 30;
    in.graceS = 10;
    const RunConfig out = roundTrip(in);
    EXPECT_EQ(out.loadMode, LoadMode::Sweep);
    EXPECT_EQ(out.sweepRates, 5);
    EXPECT_EQ(out.arrival, Arrival::Constant);
    EXPECT_DOUBLE_EQ(out.burstiness, 1); // only gamma has a shape
    EXPECT_EQ(out.maxConcurrency, 16);
    EXPECT_DOUBLE_EQ(out.durationS, 30);
    EXPECT_DOUBLE_EQ(out.graceS, 10);
}

TEST(UiRunSettingsForm, FindMaxRateModeRoundTripsItsConstraintsAndProbes)
{
    RunConfig in = withPrompt(LoadMode::FindMaxRate);
    QString error;
    ASSERT_TRUE(SloConstraint::parseList(
        QStringLiteral("p95_ttft_ms<=300,median_tpot_ms<40"), &in.maxRateConstraints, &error, nullptr));
    in.maxRateProbes = 4;
    const RunConfig out = roundTrip(in);
    EXPECT_EQ(out.loadMode, LoadMode::FindMaxRate);
    EXPECT_EQ(out.maxRateConstraints, in.maxRateConstraints);
    EXPECT_EQ(out.maxRateProbes, 4);
}

TEST(UiRunSettingsForm, DefaultsAreTheDocumentedOnes)
{
    RunSettingsForm form;
    setMode(form, LoadMode::FindMaxRate);
    EXPECT_EQ(child<QLineEdit>(&form, "requestRates")->text(), QStringLiteral("1,2,4"));
    const RunConfig defaults; // the core's: the form offers them
    EXPECT_EQ(child<QSpinBox>(&form, "sweepRates")->value(), defaults.sweepRates);
    EXPECT_EQ(child<QLineEdit>(&form, "constraints")->text(), QStringLiteral("p95_ttft_ms<=500"));
    EXPECT_EQ(child<QSpinBox>(&form, "probes")->value(), defaults.maxRateProbes);
    EXPECT_TRUE(child<QLineEdit>(&form, "goodput")->text().isEmpty());
    RunConfig out;
    out.prompt = QStringLiteral("x");
    QString error;
    ASSERT_TRUE(form.applyTo(&out, &error)) << error.toStdString();
    ASSERT_EQ(out.maxRateConstraints.size(), 1);
    EXPECT_EQ(out.maxRateConstraints.first().text(), QStringLiteral("p95_ttft_ms<=500"));
}

TEST(UiRunSettingsForm, EachModeShowsOnlyItsFieldsAndBurstinessIsForGammaOnly)
{
    RunSettingsForm form;
    form.show();
    const auto shown = [&form](const char *name) { return child<QWidget>(&form, name)->isVisibleTo(&form); };
    setMode(form, LoadMode::Concurrency);
    EXPECT_TRUE(shown("concurrencyLevels"));
    EXPECT_FALSE(shown("requestRates"));
    EXPECT_FALSE(shown("arrival"));
    EXPECT_FALSE(shown("constraints"));
    EXPECT_TRUE(shown("durationS"));
    setMode(form, LoadMode::Rates);
    EXPECT_FALSE(shown("concurrencyLevels"));
    EXPECT_TRUE(shown("requestRates"));
    EXPECT_TRUE(shown("arrival"));
    EXPECT_TRUE(shown("maxConcurrency"));
    EXPECT_FALSE(shown("sweepRates"));
    setMode(form, LoadMode::Sweep);
    EXPECT_TRUE(shown("sweepRates"));
    EXPECT_FALSE(shown("probes"));
    setMode(form, LoadMode::FindMaxRate);
    EXPECT_TRUE(shown("constraints"));
    EXPECT_TRUE(shown("probes"));
    EXPECT_FALSE(shown("sweepRates"));

    auto *arrival = child<QComboBox>(&form, "arrival");
    arrival->setCurrentIndex(arrival->findData(int(Arrival::Poisson)));
    EXPECT_FALSE(child<QWidget>(&form, "burstiness")->isEnabled());
    arrival->setCurrentIndex(arrival->findData(int(Arrival::Gamma)));
    EXPECT_TRUE(child<QWidget>(&form, "burstiness")->isEnabled());
    // Grace only means something after a duration.
    EXPECT_FALSE(child<QWidget>(&form, "graceS")->isEnabled());
    child<QDoubleSpinBox>(&form, "durationS")->setValue(10);
    EXPECT_TRUE(child<QWidget>(&form, "graceS")->isEnabled());
    // During a run nothing is editable, and editable again afterwards only where it applies.
    form.setEditable(false);
    EXPECT_FALSE(child<QWidget>(&form, "loadMode")->isEnabled());
    form.setEditable(true);
    arrival->setCurrentIndex(arrival->findData(int(Arrival::Constant)));
    form.setEditable(true);
    EXPECT_FALSE(child<QWidget>(&form, "burstiness")->isEnabled());
}

TEST(UiRunSettingsForm, BadInputIsRejectedWithAMessageNamingIt)
{
    const RunConfig rates = withPrompt(LoadMode::Rates);
    EXPECT_NE(problemAfter(rates, [](RunSettingsForm &f) { type(&f, "requestRates", QStringLiteral("1,fast,4")); })
                  .indexOf(QStringLiteral("Request rates: “fast”")),
        -1);
    EXPECT_NE(problemAfter(rates, [](RunSettingsForm &f) { type(&f, "requestRates", QStringLiteral("0,2")); })
                  .indexOf(QStringLiteral("above 0")),
        -1);
    EXPECT_NE(problemAfter(rates, [](RunSettingsForm &f) { child<QLineEdit>(&f, "requestRates")->clear(); })
                  .indexOf(QStringLiteral("No request rates")),
        -1);
    // inf bounded by a duration needs a cap (RunCheck::loadProblem()'s message).
    EXPECT_NE(problemAfter(rates,
                  [](RunSettingsForm &f) {
                      type(&f, "requestRates", QStringLiteral("inf"));
                      child<QDoubleSpinBox>(&f, "durationS")->setValue(10);
                  })
                  .indexOf(QStringLiteral("concurrency cap")),
        -1);
    EXPECT_NE(problemAfter(rates, [](RunSettingsForm &f) { type(&f, "goodput", QStringLiteral("ttft=500")); })
                  .indexOf(QStringLiteral("Goodput SLO:")),
        -1);

    const RunConfig search = withPrompt(LoadMode::FindMaxRate);
    const QString typo
        = problemAfter(search, [](RunSettingsForm &f) { type(&f, "constraints", QStringLiteral("p95_ttft<=500")); });
    EXPECT_TRUE(typo.startsWith(QStringLiteral("Constraints:"))) << typo.toStdString();
    EXPECT_NE(typo.indexOf(QStringLiteral("p95_ttft")), -1) << typo.toStdString();
    const QString none = problemAfter(search, [](RunSettingsForm &f) { child<QLineEdit>(&f, "constraints")->clear(); });
    EXPECT_NE(none.indexOf(QStringLiteral("Constraints: No constraint")), -1) << none.toStdString();

    const RunConfig sweep = withPrompt(LoadMode::Sweep);
    EXPECT_NE(problemAfter(sweep, [](RunSettingsForm &f) { child<QDoubleSpinBox>(&f, "durationS")->setValue(30); })
                  .indexOf(QStringLiteral("concurrency cap")),
        -1);

    const RunConfig closed = withPrompt(LoadMode::Concurrency);
    EXPECT_NE(problemAfter(closed, [](RunSettingsForm &f) { type(&f, "concurrencyLevels", QStringLiteral("1,x")); })
                  .indexOf(QStringLiteral("“x”")),
        -1);
    EXPECT_NE(problemAfter(closed, [](RunSettingsForm &f) { type(&f, "concurrencyLevels", QStringLiteral("0")); })
                  .indexOf(QStringLiteral("out of range")),
        -1);
}

TEST(UiRunSettingsForm, AFieldTheModeDoesNotUseIsNotChecked)
{
    // Rates typed wrong while measuring concurrency levels: not this run's problem.
    EXPECT_TRUE(problemAfter(withPrompt(LoadMode::Concurrency), [](RunSettingsForm &f) {
        type(&f, "requestRates", QStringLiteral("soon"));
        type(&f, "constraints", QStringLiteral("nonsense"));
    }).isEmpty());
    EXPECT_TRUE(problemAfter(withPrompt(LoadMode::Rates), [](RunSettingsForm &f) {
        type(&f, "concurrencyLevels", QStringLiteral("many"));
    }).isEmpty());
}

TEST(UiRunSettingsForm, RateListsParseInfAndNameTheBadItem)
{
    QList<double> rates;
    QString bad;
    ASSERT_TRUE(parseRequestRates(QStringLiteral(" 1, 2.5 ,INF"), &rates, &bad));
    ASSERT_EQ(rates.size(), 3);
    EXPECT_TRUE(std::isinf(rates.at(2)));
    EXPECT_EQ(requestRatesText(rates), QStringLiteral("1,2.5,inf"));
    EXPECT_FALSE(parseRequestRates(QStringLiteral("1,2/s"), &rates, &bad));
    EXPECT_EQ(bad, QStringLiteral("2/s"));
}

TEST(UiRunSettingsForm, TabVisitsTheLoadFieldsInTheOrderTheyAreShown)
{
    RunSettingsForm form;
    form.show();
    setMode(form, LoadMode::FindMaxRate);
    QStringList order;
    QWidget *w = child<QWidget>(&form, "loadMode");
    for (int i = 0; i < 200 && w; ++i, w = w->nextInFocusChain()) {
        if (!w->objectName().isEmpty() && (w->focusPolicy() & Qt::TabFocus) && w->isVisibleTo(&form)
            && !order.contains(w->objectName()))
            order.append(w->objectName());
    }
    const QStringList expected { QStringLiteral("loadMode"), QStringLiteral("arrival"), QStringLiteral("burstiness"),
        QStringLiteral("maxConcurrency"), QStringLiteral("constraints"), QStringLiteral("probes"),
        QStringLiteral("requestsPerConcurrency"), QStringLiteral("durationS"), QStringLiteral("graceS"),
        QStringLiteral("rampUpS"), QStringLiteral("seed"), QStringLiteral("goodput") };
    QStringList loadOnly;
    for (const QString &name : std::as_const(order))
        if (expected.contains(name))
            loadOnly.append(name);
    EXPECT_EQ(loadOnly, expected) << order.join(u',').toStdString();
}

// The Load section's problem shows under the load fields as they are typed: the run check's words.
TEST(UiRunSettingsForm, ABadRateShowsItsProblemUnderTheLoadAsYouType)
{
    RunSettingsForm form;
    form.load(withPrompt(LoadMode::Rates));
    form.show();
    auto *problem = child<QLabel>(&form, "loadProblem");
    ASSERT_NE(problem, nullptr);
    EXPECT_FALSE(problem->isVisible());

    type(&form, "requestRates", QStringLiteral("0.0001"));
    RunConfig rates;
    rates.loadMode = LoadMode::Rates;
    rates.requestRates = { 0.0001 };
    EXPECT_TRUE(problem->isVisible());
    EXPECT_EQ(problem->text(), RunCheck::loadProblem(rates));
    RunConfig out;
    QString error;
    EXPECT_FALSE(form.applyTo(&out, &error));
    EXPECT_EQ(error, problem->text()) << "Run says the same";

    type(&form, "requestRates", QStringLiteral("1,x"));
    EXPECT_TRUE(problem->text().contains(QStringLiteral("“x”"))) << problem->text().toStdString();
    type(&form, "requestRates", QStringLiteral("2,4"));
    EXPECT_FALSE(problem->isVisible());
    EXPECT_TRUE(form.applyTo(&out, &error)) << error.toStdString();
}

// The form fills the config, then asks the run check once: a rule that reads another field (the
// workload's reads the usage setting and the profile's API) sees it whatever order the fields are read in.
TEST(UiRunSettingsForm, OneCheckAfterTheFieldsSoTheirOrderDoesNotMatter)
{
    RunConfig start = withPrompt(LoadMode::Concurrency);
    start.workload.kind = WorkloadKind::Synthetic;
    start.workload.inputTokens = 500;
    start.includeUsage = false;
    RunSettingsForm form;
    form.load(start);
    RunConfig chat;
    QString error;
    EXPECT_FALSE(form.applyTo(&chat, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("usage"))) << error.toStdString();
    RunConfig anthropic;
    anthropic.api = ApiKind::AnthropicMessages; // streams usage anyway
    EXPECT_TRUE(form.applyTo(&anthropic, &error)) << error.toStdString();

    // A load problem and a workload problem at once: the run check's order, load first.
    type(&form, "concurrencyLevels", QStringLiteral("5000"));
    RunConfig both;
    EXPECT_FALSE(form.applyTo(&both, &error));
    EXPECT_EQ(error, RunCheck::problem(both)) << error.toStdString();
    EXPECT_TRUE(error.contains(QStringLiteral("5000"))) << error.toStdString();
    child<QCheckBox>(&form, "includeUsage")->setChecked(true);
    EXPECT_FALSE(form.applyTo(&both, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("5000"))) << error.toStdString();
}

TEST(UiRunSettingsForm, ATargetPrecisionRoundTripsAndBelongsToLevelsOfTheirOwn)
{
    RunConfig in = withPrompt(LoadMode::Concurrency);
    in.targetPrecisionPct = 2.5;
    in.precisionMetric = QStringLiteral("p99_itl_ms");
    in.maxRequests = 600;
    const RunConfig out = roundTrip(in);
    EXPECT_DOUBLE_EQ(out.targetPrecisionPct, 2.5);
    EXPECT_EQ(out.precisionMetric, QStringLiteral("p99_itl_ms"));
    EXPECT_EQ(out.maxRequests, 600);

    RunSettingsForm form;
    form.load(in);
    EXPECT_FALSE(child<QSpinBox>(&form, "requestsPerConcurrency")->isEnabled()) << "a precise level runs until precise";
    setMode(form, LoadMode::Rates);
    child<QLineEdit>(&form, "requestRates")->setText(QStringLiteral("2"));
    RunConfig rates;
    QString error;
    ASSERT_TRUE(form.applyTo(&rates, &error)) << error.toStdString();
    EXPECT_DOUBLE_EQ(rates.targetPrecisionPct, 2.5) << "listed rates stop when precise too";
    setMode(form, LoadMode::Sweep);
    RunConfig sweep;
    ASSERT_TRUE(form.applyTo(&sweep, &error)) << error.toStdString();
    EXPECT_EQ(sweep.targetPrecisionPct, 0) << "a sweep chooses its levels as it goes: no precision";
    EXPECT_TRUE(child<QSpinBox>(&form, "requestsPerConcurrency")->isEnabled());
}

TEST(UiRunSettingsForm, ASliceRoundTripsAndIsOffByDefault)
{
    RunSettingsForm form;
    RunConfig fresh;
    QString error;
    ASSERT_TRUE(form.applyTo(&fresh, &error)) << error.toStdString();
    EXPECT_EQ(fresh.sliceS, 0) << "off unless asked";
    EXPECT_EQ(child<QDoubleSpinBox>(&form, "sliceS")->text(), RunSettingsForm::tr("off"));
    RunConfig in = withPrompt(LoadMode::Rates);
    in.sliceS = 2.5;
    EXPECT_DOUBLE_EQ(roundTrip(in).sliceS, 2.5);
}

TEST(UiRunSettingsForm, AConversationRoundTripsAndItsFieldsFollowTheTurns)
{
    RunConfig in = withPrompt(LoadMode::Concurrency);
    in.conversation.turns = 5;
    in.conversation.thinkTimeMs = 750;
    in.conversation.thinkTimeSpread = 0.2;
    in.conversation.turnOutputTokens = 64;
    const RunConfig out = roundTrip(in);
    EXPECT_EQ(out.conversation.turns, 5);
    EXPECT_DOUBLE_EQ(out.conversation.thinkTimeMs, 750);
    EXPECT_NEAR(out.conversation.thinkTimeSpread, 0.2, 1e-9);
    EXPECT_EQ(out.conversation.turnOutputTokens, 64);

    RunSettingsForm form;
    form.load(withPrompt(LoadMode::Concurrency));
    auto *turns = child<QSpinBox>(&form, "turns");
    auto *think = child<QDoubleSpinBox>(&form, "thinkTime");
    EXPECT_FALSE(think->isEnabled()) << "a run of single requests has no think time";
    turns->setValue(3);
    EXPECT_TRUE(think->isEnabled());
    EXPECT_TRUE(child<QLabel>(&form, "conversationPreview")->text().contains(QStringLiteral("2k−1 messages")));
    // A rate begins conversations; a sweep chooses its levels as it goes and is refused with the reason.
    setMode(form, LoadMode::Rates);
    RunConfig config;
    QString error;
    EXPECT_TRUE(form.applyTo(&config, &error)) << error.toStdString();
    EXPECT_EQ(config.conversation.turns, 3);
    setMode(form, LoadMode::Sweep);
    EXPECT_FALSE(form.applyTo(&config, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("concurrency levels"))) << error.toStdString();
    // The Anthropic and Responses choices go with the conversation.
    child<QCheckBox>(&form, "cacheControl")->setChecked(true);
    child<QCheckBox>(&form, "chainResponses")->setChecked(true);
    setMode(form, LoadMode::Concurrency);
    form.applyTo(&config, &error);
    EXPECT_TRUE(config.conversation.cacheControl);
    EXPECT_TRUE(config.conversation.chainResponses);
    turns->setValue(1);
    form.applyTo(&config, &error);
    EXPECT_FALSE(config.conversation.cacheControl) << "single requests have no turns to shape";
    EXPECT_FALSE(child<QCheckBox>(&form, "cacheControl")->isEnabled());
}

TEST(UiRunSettingsForm, ATraceReplayRoundTripsAndShowsWhatItWillSend)
{
    RunConfig in = withPrompt(LoadMode::Trace);
    in.arrival = Arrival::Trace;
    in.trace.path = QStringLiteral(TOKENSCOPE_TEST_DATA_DIR "/../../resources/traces/mooncake-sample.jsonl");
    in.trace.speedup = 2;
    in.trace.maxGapS = 5;
    in.trace.start = 10;
    in.trace.limit = 50;
    in.trace.cacheBust = true;
    const RunConfig out = roundTrip(in);
    EXPECT_EQ(out.loadMode, LoadMode::Trace);
    EXPECT_EQ(out.arrival, Arrival::Trace);
    EXPECT_EQ(out.trace.path, in.trace.path);
    EXPECT_DOUBLE_EQ(out.trace.speedup, 2);
    EXPECT_DOUBLE_EQ(out.trace.maxGapS, 5);
    EXPECT_EQ(out.trace.start, 10);
    EXPECT_EQ(out.trace.limit, 50);
    EXPECT_TRUE(out.trace.cacheBust);

    RunSettingsForm form;
    form.load(in);
    auto *summary = child<QLabel>(&form, "traceSummary");
    // The file is read off the GUI thread: the line says so, then what will be sent.
    for (int i = 0; i < 200 && !summary->text().contains(QStringLiteral("50 of 200 entries")); ++i)
        QTest::qWait(20);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("50 of 200 entries (mooncake-sample.jsonl, mooncake)")))
        << summary->text().toStdString();
    EXPECT_FALSE(child<QLineEdit>(&form, "concurrencyLevels")->isVisibleTo(&form));
    EXPECT_FALSE(child<QComboBox>(&form, "arrival")->isVisibleTo(&form)) << "the trace gives the times";
    EXPECT_TRUE(child<QSpinBox>(&form, "maxConcurrency")->isVisibleTo(&form)) << "a cap applies as to a rate";
    form.show(); // a shown form, as in the window
    setMode(form, LoadMode::Concurrency);
    EXPECT_FALSE(child<QSpinBox>(&form, "maxConcurrency")->isVisible());
    setMode(form, LoadMode::Trace);
    EXPECT_TRUE(child<QSpinBox>(&form, "maxConcurrency")->isVisible()) << "after switching modes";
}

TEST(UiRunSettingsForm, TheCapRowShowsWhenTheWindowSwitchesFromConcurrencyToATrace)
{
    RunSettingsForm form;
    form.load(withPrompt(LoadMode::Concurrency));
    form.resize(480, 1600);
    form.show();
    QApplication::processEvents();
    setMode(form, LoadMode::Trace);
    QApplication::processEvents();
    auto *cap = child<QSpinBox>(&form, "maxConcurrency");
    auto *goodput = child<QLineEdit>(&form, "goodput");
    EXPECT_TRUE(cap->isVisible());
    EXPECT_GT(cap->height(), 0) << "a row shown is laid out with its height";
    EXPECT_LT(cap->mapTo(&form, QPoint()).y(), goodput->mapTo(&form, QPoint()).y()) << "above the SLO row";
}
