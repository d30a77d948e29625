// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The one run check answers per section, so that each form field shows its own problem, and for
// the whole config, whose answer is the first section's; and the transport section's own rules.
#include "engine/runcheck.h"
#include "net/headerrules.h"

#include <QJsonObject>
#include <QTemporaryFile>
#include <gtest/gtest.h>

#include <limits>

using namespace TokenScope;
using RunCheck::Section;

namespace {

RunConfig withBadHeader()
{
    RunConfig config;
    config.headers = { { QByteArrayLiteral("X Bad"), QByteArrayLiteral("1") } };
    return config;
}

QString badHeaderMessage()
{
    return HeaderRules::problem(QByteArrayLiteral("X Bad"), QByteArrayLiteral("1"), ApiKind::ChatCompletions, false);
}

void spoilRate(RunConfig &config)
{
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 0.0001 };
}

QList<Section> sectionsOf(const QList<RunCheck::Problem> &problems)
{
    QList<Section> sections;
    for (const RunCheck::Problem &p : problems)
        sections.append(p.section);
    return sections;
}

} // namespace

TEST(RunCheckSections, AGoodConfigHasNoProblemInAnySection)
{
    const RunConfig config;
    EXPECT_TRUE(RunCheck::problems(config).isEmpty());
    EXPECT_TRUE(RunCheck::problem(config).isEmpty());
    for (Section s :
        { Section::Endpoint, Section::Model, Section::Headers, Section::ExtraBody, Section::Proxy, Section::Tls,
            Section::Load, Section::Workload, Section::Requests, Section::ServerMetrics, Section::Transport })
        EXPECT_TRUE(RunCheck::problem(s, config).isEmpty()) << int(s);
}

TEST(RunCheckSections, ABadHeaderIsTheHeadersSectionsProblemWithTheHeaderRulesMessage)
{
    const RunConfig config = withBadHeader();
    const QList<RunCheck::Problem> problems = RunCheck::problems(config);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_EQ(problems.first().section, Section::Headers);
    EXPECT_EQ(problems.first().message, badHeaderMessage());
    EXPECT_TRUE(problems.first().message.contains(u"X Bad")) << problems.first().message.toStdString();
    EXPECT_EQ(RunCheck::headersProblem(config), badHeaderMessage());
    EXPECT_EQ(RunCheck::problem(Section::Headers, config), badHeaderMessage());
    EXPECT_TRUE(RunCheck::loadProblem(config).isEmpty());
}

TEST(RunCheckSections, ABadRateIsTheLoadSectionsProblem)
{
    RunConfig config;
    spoilRate(config);
    const QList<RunCheck::Problem> problems = RunCheck::problems(config);
    ASSERT_EQ(problems.size(), 1);
    EXPECT_EQ(problems.first().section, Section::Load);
    EXPECT_TRUE(problems.first().message.contains(u"Request rate 0.0001")) << problems.first().message.toStdString();
    EXPECT_TRUE(RunCheck::headersProblem(config).isEmpty());
}

TEST(RunCheckSections, BothAtOnceAreBothSectionsAndTheWholeAnswerIsTheFirst)
{
    RunConfig config = withBadHeader();
    spoilRate(config);
    const QList<RunCheck::Problem> problems = RunCheck::problems(config);
    EXPECT_EQ(sectionsOf(problems), (QList<Section> { Section::Load, Section::Headers }));
    ASSERT_EQ(problems.size(), 2);
    EXPECT_EQ(problems.at(1).message, badHeaderMessage());
    EXPECT_EQ(RunCheck::problem(config), problems.first().message) << "the load is checked before the headers";
}

// problem() has always checked in this order; problems() keeps it, one entry per section.
TEST(RunCheckSections, EverySectionInTheOrderOfTheWholeCheck)
{
    QTemporaryFile pemless;
    ASSERT_TRUE(pemless.open());
    pemless.write("not a certificate\n");
    pemless.close();

    RunConfig config = withBadHeader();
    config.baseUrl = QStringLiteral("ftp://host/v1");
    config.model = QStringLiteral(" ");
    spoilRate(config);
    config.maxTokens = 0;
    config.warmupRequests = -1; // Requests again, after the workload: one entry only
    config.workload.outputSpread = 2;
    config.serverMetricsUrl = QStringLiteral("ftp://host/metrics");
    config.extraBody = QJsonObject { { QStringLiteral("stream"), false } };
    config.caCertificatesPath = pemless.fileName();
    config.proxyMode = ProxyMode::Custom;
    config.proxyUrl = QStringLiteral("ftp://proxy.example:3128");
    config.transport = QStringLiteral("bogus");

    const QList<RunCheck::Problem> problems = RunCheck::problems(config);
    EXPECT_EQ(sectionsOf(problems),
        (QList<Section> { Section::Endpoint, Section::Model, Section::Load, Section::Requests, Section::Workload,
            Section::ServerMetrics, Section::ExtraBody, Section::Headers, Section::Tls, Section::Proxy,
            Section::Transport }));
    for (const RunCheck::Problem &p : problems)
        EXPECT_EQ(p.message, RunCheck::problem(p.section, config)) << int(p.section);
    EXPECT_TRUE(problems.at(3).message.startsWith(u"max_tokens")) << "the first of the section's problems";

    // Mend them one by one from the front: the whole answer is always the first left.
    while (!RunCheck::problems(config).isEmpty()) {
        const RunCheck::Problem first = RunCheck::problems(config).first();
        EXPECT_EQ(RunCheck::problem(config), first.message);
        const RunConfig good;
        switch (first.section) {
        case Section::Endpoint:
            config.baseUrl = good.baseUrl;
            break;
        case Section::Model:
            config.model = good.model;
            break;
        case Section::Load:
            config.loadMode = good.loadMode;
            break;
        case Section::Requests:
            config.maxTokens = good.maxTokens;
            config.warmupRequests = good.warmupRequests;
            break;
        case Section::Workload:
            config.workload.outputSpread = 0;
            break;
        case Section::ServerMetrics:
            config.serverMetricsUrl.clear();
            break;
        case Section::ExtraBody:
            config.extraBody = {};
            break;
        case Section::Headers:
            config.headers.clear();
            break;
        case Section::Tls:
            config.caCertificatesPath.clear();
            break;
        case Section::Proxy:
            config.proxyMode = ProxyMode::None;
            break;
        case Section::Transport:
            config.transport = good.transport;
            break;
        }
    }
    EXPECT_TRUE(RunCheck::problem(config).isEmpty());
}

TEST(RunCheckSections, TheProxyIsCheckedOnlyWhenCustom)
{
    RunConfig config;
    config.proxyUrl = QStringLiteral("not a proxy");
    EXPECT_TRUE(RunCheck::proxyProblem(config).isEmpty());
    config.proxyMode = ProxyMode::System;
    EXPECT_TRUE(RunCheck::proxyProblem(config).isEmpty());
    config.proxyMode = ProxyMode::Custom;
    EXPECT_FALSE(RunCheck::proxyProblem(config).isEmpty());
    EXPECT_EQ(RunCheck::problem(config), RunCheck::proxyProblem(config));
    config.proxyUrl = QStringLiteral("socks5://proxy.example:1080");
    EXPECT_TRUE(RunCheck::problem(config).isEmpty());
}

TEST(RunCheckTransport, AKnownNameWithThreadsInRangeCanRun)
{
    RunConfig config;
    EXPECT_TRUE(RunCheck::transportProblem(config).isEmpty()) << "qnam, the default";
    config.transport = QStringLiteral("curl");
    for (int threads : { 0, 1, RunCheck::kMaxTransportThreads }) {
        config.transportThreads = threads;
        for (bool busyPoll : { false, true }) {
            config.busyPoll = busyPoll;
            EXPECT_TRUE(RunCheck::transportProblem(config).isEmpty())
                << threads << " " << busyPoll << ": " << RunCheck::transportProblem(config).toStdString();
            EXPECT_TRUE(RunCheck::problem(config).isEmpty());
        }
    }
}

TEST(RunCheckTransport, AnUnknownNameIsRefusedByName)
{
    RunConfig config;
    for (const QString &name : { QStringLiteral("bogus"), QStringLiteral("Curl"), QString() }) {
        config.transport = name;
        const QString why = RunCheck::transportProblem(config);
        EXPECT_TRUE(why.startsWith(QStringLiteral("The transport \"%1\" is not known").arg(name))) << why.toStdString();
        EXPECT_TRUE(why.contains(u"qnam") && why.contains(u"curl")) << "it names the ones that exist";
        const QList<RunCheck::Problem> problems = RunCheck::problems(config);
        ASSERT_EQ(problems.size(), 1);
        EXPECT_EQ(problems.first().section, Section::Transport);
        EXPECT_EQ(problems.first().message, why);
        EXPECT_EQ(RunCheck::problem(Section::Transport, config), why);
        EXPECT_EQ(RunCheck::runProblem({ config }), why) << "what the CLI and the engine ask before a run";
    }
}

TEST(RunCheckTransport, ThreadsOutsideZeroToEightAreRefused)
{
    RunConfig config;
    config.transport = QStringLiteral("curl");
    for (int threads : { -1, RunCheck::kMaxTransportThreads + 1, std::numeric_limits<int>::min() }) {
        config.transportThreads = threads;
        const QString why = RunCheck::transportProblem(config);
        EXPECT_TRUE(why.startsWith(QStringLiteral("Transport threads %1 is out of range").arg(threads)))
            << why.toStdString();
        EXPECT_TRUE(why.contains(u"up to 8")) << why.toStdString();
        EXPECT_TRUE(why.contains(u"--transport-threads")) << why.toStdString();
        EXPECT_EQ(RunCheck::problem(config), why);
    }
    EXPECT_EQ(RunCheck::kMaxTransportThreads, 8);
}

TEST(RunCheckTransport, ThreadsAndBusyPollBelongToCurl)
{
    const QString curlOnly = QStringLiteral("Transport threads and busy-poll apply to the curl transport only");
    RunConfig config; // qnam
    config.busyPoll = true;
    EXPECT_TRUE(RunCheck::transportProblem(config).startsWith(curlOnly))
        << RunCheck::transportProblem(config).toStdString();
    EXPECT_EQ(RunCheck::runProblem({ config }), RunCheck::transportProblem(config));
    config.busyPoll = false;
    config.transportThreads = 2;
    EXPECT_TRUE(RunCheck::transportProblem(config).startsWith(curlOnly))
        << RunCheck::transportProblem(config).toStdString();
    // With qnam, threads are refused as curl's, whatever their number.
    config.transportThreads = RunCheck::kMaxTransportThreads + 1;
    EXPECT_TRUE(RunCheck::transportProblem(config).startsWith(curlOnly))
        << RunCheck::transportProblem(config).toStdString();
    config.transport = QStringLiteral("curl");
    config.transportThreads = 2;
    config.busyPoll = true;
    EXPECT_TRUE(RunCheck::transportProblem(config).isEmpty()) << RunCheck::transportProblem(config).toStdString();
}

TEST(RunCheckArms, ASweepOrASearchCannotBeInterleaved)
{
    RunConfig a;
    const RunConfig b = a;
    EXPECT_TRUE(RunCheck::armsProblem(a, b).isEmpty());
    for (LoadMode mode : { LoadMode::Sweep, LoadMode::FindMaxRate }) {
        a.loadMode = mode;
        EXPECT_TRUE(RunCheck::armsProblem(a, b).contains(u"measures one endpoint"))
            << RunCheck::armsProblem(a, b).toStdString();
    }
    a.loadMode = LoadMode::Rates;
    EXPECT_TRUE(RunCheck::armsProblem(a, b).isEmpty());
}

TEST(RunCheckArms, NeitherArmMayCarryTheOthersKey)
{
    RunConfig a;
    a.apiKey = QStringLiteral("sk-arm-a-0123456789");
    a.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1?key=sk-arm-a-0123456789");
    RunConfig b = a; // B inherits A's Base URL and with it A's key
    b.apiKey = QStringLiteral("sk-arm-b-0123456789");
    EXPECT_TRUE(RunCheck::armsProblem(a, b).startsWith(u"Arm B's settings contain arm A's API key"))
        << RunCheck::armsProblem(a, b).toStdString();
    b.baseUrl = QStringLiteral("http://127.0.0.1:8001/v1");
    EXPECT_TRUE(RunCheck::armsProblem(a, b).isEmpty());
    a.extraBody = QJsonObject { { QStringLiteral("user"), QStringLiteral("sk-arm-b-0123456789") } };
    EXPECT_TRUE(RunCheck::armsProblem(a, b).startsWith(u"Arm A's settings contain arm B's API key"))
        << RunCheck::armsProblem(a, b).toStdString();
    // Short placeholder keys ("EMPTY") are never searched for.
    a.extraBody = {};
    a.apiKey = b.apiKey = QStringLiteral("EMPTY");
    a.baseUrl = b.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1?x=EMPTY");
    EXPECT_TRUE(RunCheck::armsProblem(a, b).isEmpty());
}

TEST(RunCheckSections, ATargetPrecisionNeedsAKnownFigureABoundAndClosedLoopLevels)
{
    RunConfig config;
    config.targetPrecisionPct = 5;
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).isEmpty()) << "p95_ttft_ms by default";
    config.precisionMetric = QStringLiteral("p97_ttft_ms");
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).contains(u"Unknown precision metric \"p97_ttft_ms\""));
    config.precisionMetric = QStringLiteral("median_itl_ms");
    config.targetPrecisionPct = 150;
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).contains(u"at most 100"));
    config.targetPrecisionPct = 5;
    config.maxRequests = -1;
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).contains(u"--max-requests"));
    config.maxRequests = 0;
    config.loadMode = LoadMode::Rates;
    config.requestRates = { 4 };
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).isEmpty()) << "listed rates can stop when precise";
    config.requestRates = { 4, std::numeric_limits<double>::infinity() };
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).contains(u"all its requests at once"));
    config.loadMode = LoadMode::Sweep;
    EXPECT_TRUE(RunCheck::problem(Section::Requests, config).contains(u"chooses each level"));
}
