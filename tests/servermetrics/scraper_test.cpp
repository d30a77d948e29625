// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// Scraping the server's Prometheus metrics through a run (docs/metrics.md#server-metrics): against
// the simulator's /metrics while it queues, against a URL that is down, and where the key may go.
#include "core/clock.h"
#include "report/reportwriters.h"
#include "servermetrics/metricsscraper.h"
#include "servermetrics/serverlevel.h"
#include "support/enginerun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

/// A loopback HTTP peer that answers every request with a fixed Prometheus body and keeps each
/// request's head, so a test sees exactly which headers a scrape carried.
class MetricsPeer
{
public:
    MetricsPeer()
    {
        EXPECT_TRUE(m_server.listen(QHostAddress::LocalHost));
        QObject::connect(&m_server, &QTcpServer::newConnection, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_server.serverPort()); }
    const QList<QByteArray> &heads() const { return m_heads; }

private:
    void serve(QTcpSocket *socket)
    {
        auto buffer = std::make_shared<QByteArray>();
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
            *buffer += socket->readAll();
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            m_heads.append(buffer->left(end));
            buffer->remove(0, end + 4);
            const QByteArray body = "# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name=\"m\"} 3\n";
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: "
                + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        });
        QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }

    QTcpServer m_server;
    QList<QByteArray> m_heads;
};

bool headsCarry(const QList<QByteArray> &heads, const QByteArray &needle)
{
    return std::any_of(heads.begin(), heads.end(), [&needle](const QByteArray &head) { return head.contains(needle); });
}

/// A port nothing listens on: bound, then released.
quint16 closedPort()
{
    QTcpServer probe;
    EXPECT_TRUE(probe.listen(QHostAddress::LocalHost));
    return probe.serverPort();
}

/// Two levels against a simulator whose batch holds 2: at 2 streams nothing waits, at 6 four do.
RunResult queueingRun(StartedSim &sim)
{
    RunConfig config = quickConfig(sim.url(), 2, 6, 60);
    config.concurrencyLevels = { 2, 6 };
    config.requestsPerLevel = 6;
    config.serverMetricsUrl = ServerMetrics::suggestedUrl(sim.url());
    config.serverMetricsIntervalMs = 100;
    return runAndWait(config);
}

SimConfig batchOfTwo()
{
    SimConfig sim = quickSim();
    sim.maxBatch = 2;
    sim.decodeIntervalMs = 10; // 60 tokens: 0.6 s a request, several scrapes per request
    return sim;
}

} // namespace

TEST(ServerMetrics, SuggestedUrlIsTheOriginsMetricsPath)
{
    EXPECT_EQ(ServerMetrics::suggestedUrl(QStringLiteral("http://gpu-box:8000/v1")), QStringLiteral("http://gpu-box:8000/metrics"));
    EXPECT_EQ(ServerMetrics::suggestedUrl(QStringLiteral("https://user:pw@h/v1/?x=1")), QStringLiteral("https://h/metrics"));
    EXPECT_TRUE(ServerMetrics::suggestedUrl(QStringLiteral("not a url")).isEmpty());
}

TEST(ServerMetrics, AnUnusableUrlOrIntervalIsRefusedBeforeTheRun)
{
    RunConfig config;
    config.serverMetricsUrl = QStringLiteral("ftp://h/metrics");
    EXPECT_TRUE(ServerMetrics::urlProblem(config).contains(QStringLiteral("http://")));
    config.serverMetricsUrl = QStringLiteral("http://h:8000/metrics");
    EXPECT_TRUE(ServerMetrics::urlProblem(config).isEmpty());
    config.serverMetricsIntervalMs = 50;
    EXPECT_FALSE(ServerMetrics::urlProblem(config).isEmpty());
    config.serverMetricsIntervalMs = MetricsScraper::kMaxIntervalMs + 1;
    EXPECT_FALSE(ServerMetrics::urlProblem(config).isEmpty());
    config.serverMetricsIntervalMs = 50;
    EXPECT_FALSE(runFailureOf(config).isEmpty());
}

TEST(ServerMetrics, TheKeyAndCustomHeadersGoOnlyToTheBaseUrlsOrigin)
{
    RunConfig config;
    config.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1");
    config.apiKey = QStringLiteral("sk-test-secret");
    config.headers = { { QByteArrayLiteral("X-Gateway-Token"), QByteArrayLiteral("gw-secret") } };
    config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:8000/metrics");
    QNetworkRequest same = ServerMetrics::scrapeRequest(config);
    EXPECT_EQ(same.rawHeader("Authorization"), QByteArrayLiteral("Bearer sk-test-secret"));
    EXPECT_EQ(same.rawHeader("X-Gateway-Token"), QByteArrayLiteral("gw-secret"));

    config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:9090/metrics"); // another port: another origin
    QNetworkRequest other = ServerMetrics::scrapeRequest(config);
    EXPECT_FALSE(other.hasRawHeader("Authorization"));
    EXPECT_FALSE(other.hasRawHeader("X-Gateway-Token"));

    config.serverMetricsSendKey = true;
    EXPECT_EQ(ServerMetrics::scrapeRequest(config).rawHeader("Authorization"), QByteArrayLiteral("Bearer sk-test-secret"));
}

TEST(ServerMetrics, AScrapeOnAnotherOriginCarriesNoKeyOnTheWireUnlessAsked)
{
    StartedSim sim(quickSim());
    MetricsPeer peer;
    RunConfig config = quickConfig(sim.url(), 1, 3, 20);
    config.apiKey = QStringLiteral("sk-never-on-the-metrics-wire");
    config.serverMetricsUrl = peer.url();
    config.serverMetricsIntervalMs = 100;
    RunResult run = runAndWait(config);
    ASSERT_GT(run.serverScrapesOk(), 0);
    EXPECT_FALSE(headsCarry(peer.heads(), "sk-never-on-the-metrics-wire"));
    EXPECT_FALSE(headsCarry(peer.heads(), "Authorization"));
    EXPECT_EQ(run.serverMetrics.constFirst().running, 3);
    EXPECT_EQ(run.serverMetrics.constFirst().server, QStringLiteral("vllm"));

    config.serverMetricsSendKey = true;
    run = runAndWait(config);
    ASSERT_GT(run.serverScrapesOk(), 0);
    EXPECT_TRUE(headsCarry(peer.heads(), "Authorization: Bearer sk-never-on-the-metrics-wire"));
}

TEST(ServerMetrics, ADownMetricsUrlIsCountedWhileTheRunGoesOn)
{
    StartedSim sim(quickSim());
    RunConfig config = quickConfig(sim.url(), 2, 8, 40);
    config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:%1/metrics").arg(closedPort());
    config.serverMetricsIntervalMs = 100;
    const RunResult run = runAndWait(config);
    EXPECT_EQ(countOk(run), 8);
    ASSERT_GT(run.serverMetrics.size(), 0);
    EXPECT_EQ(run.serverScrapesOk(), 0);
    EXPECT_EQ(run.serverScrapesFailed(), run.serverMetrics.size());
    EXPECT_FALSE(run.serverMetrics.constFirst().error.isEmpty());
    ASSERT_EQ(run.levels.size(), 1);
    EXPECT_EQ(run.levels.constFirst().serverScrapes, 0);
    EXPECT_FALSE(run.levels.constFirst().serverWaitingMax.has_value());
    EXPECT_TRUE(scrapeCountText(run).startsWith(QStringLiteral("no server figures: ")));
    const QJsonObject summary = Report::summaryJson(run).value(QLatin1String("server_metrics")).toObject();
    EXPECT_EQ(summary.value(QLatin1String("scrapes_ok")).toInt(), 0);
    EXPECT_EQ(summary.value(QLatin1String("scrapes_failed")).toInt(), run.serverMetrics.size());
}

TEST(ServerMetrics, AScrapeThatNeverAnswersIsAbortedAtItsDeadlineAndTheNextOneIsSent)
{
    // A peer that accepts every connection and reads the request but never answers.
    QTcpServer silent;
    ASSERT_TRUE(silent.listen(QHostAddress::LocalHost));
    QList<QTcpSocket *> accepted;
    QObject::connect(&silent, &QTcpServer::newConnection, [&silent, &accepted] {
        while (QTcpSocket *socket = silent.nextPendingConnection())
            accepted.append(socket);
    });
    RunConfig config;
    config.serverMetricsUrl = QStringLiteral("http://127.0.0.1:%1/metrics").arg(silent.serverPort());
    config.serverMetricsIntervalMs = 100;
    const qint64 deadlineNs = qint64(MetricsScraper::scrapeDeadlineMs(config.serverMetricsIntervalMs)) * 1'000'000;
    ASSERT_EQ(deadlineNs, 5'000'000'000LL); // three intervals are less than the 5 s floor

    MetricsScraper scraper;
    QList<ServerMetricsSample> samples;
    qsizetype connectionsAtFirstSample = -1;
    QObject::connect(&scraper, &MetricsScraper::sampled, [&](const ServerMetricsSample &s) {
        if (samples.isEmpty())
            connectionsAtFirstSample = accepted.size();
        samples.append(s);
    });
    scraper.start(config, ServerMetrics::scrapeRequest(config), nowNs());
    ASSERT_TRUE(QTest::qWaitFor([&samples] { return !samples.isEmpty(); }, 30000));
    // While the first scrape hung, the 100 ms ticks were skipped, not stacked up.
    EXPECT_EQ(connectionsAtFirstSample, 1);
    const ServerMetricsSample &hung = samples.constFirst();
    EXPECT_FALSE(hung.ok);
    EXPECT_TRUE(hung.error.contains(QStringLiteral("took more than 5 s"))) << hung.error.toStdString();
    // Its duration is timed from just after the deadline's timer was armed (a precise timer, never
    // early by more than its millisecond rounding).
    EXPECT_GE(hung.durationNs, deadlineNs - 20'000'000);
    EXPECT_LT(hung.durationNs, deadlineNs + 10'000'000'000LL); // not left hanging
    // Then scraping goes on: the next tick sends a new request on a new connection.
    EXPECT_TRUE(QTest::qWaitFor([&accepted] { return accepted.size() >= 2; }, 10000));
    scraper.stop();
    qDeleteAll(accepted);
}

TEST(ServerMetrics, TheSimulatorQueuesOnlyPastItsBatch)
{
    StartedSim sim(batchOfTwo());
    const RunResult run = queueingRun(sim);
    ASSERT_EQ(run.levels.size(), 2);
    const LevelSummary &atTwo = run.levels.at(0);
    const LevelSummary &atSix = run.levels.at(1);
    ASSERT_GT(atTwo.serverScrapes, 0);
    ASSERT_GT(atSix.serverScrapes, 0);
    EXPECT_EQ(atTwo.serverWaitingMax.value_or(-1), 0);
    EXPECT_GT(atSix.serverWaitingMax.value_or(-1), 0);
    EXPECT_LE(atSix.serverWaitingMax.value_or(-1), 4);
    EXPECT_EQ(atSix.serverRunningMax.value_or(-1), 2);
    EXPECT_TRUE(serverLevelText(atSix).contains(QStringLiteral("waiting")));
    // The scrapes are spread over the run on its clock, about every interval (100 ms): at least a
    // third of the ticks the levels lasted, however loaded the machine (a scrape still under way
    // skips a tick; one that never re-arms would give a single sample).
    for (qsizetype i = 1; i < run.serverMetrics.size(); ++i)
        EXPECT_GT(run.serverMetrics.at(i).offsetNs, run.serverMetrics.at(i - 1).offsetNs);
    const double levelsS = atTwo.durationS + atSix.durationS;
    ASSERT_GT(levelsS, 1.0);
    EXPECT_GE(run.serverMetrics.size(), qsizetype(levelsS / 0.1 / 3)) << levelsS << " s of levels";
}

TEST(ServerMetrics, TheRunDirectoryHoldsEveryScrapeAndTheLevelsServerFigures)
{
    StartedSim sim(batchOfTwo());
    const RunResult run = queueingRun(sim);
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(Report::writeRunDirectory(run, dir.path(), &error)) << error.toStdString();
    QFile jsonl(QDir(dir.path()).filePath(QString::fromLatin1(Report::kServerMetricsJsonlFile)));
    ASSERT_TRUE(jsonl.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = jsonl.readAll().trimmed().split('\n');
    ASSERT_EQ(lines.size(), run.serverMetrics.size());
    const QJsonObject first = QJsonDocument::fromJson(lines.constFirst()).object();
    EXPECT_TRUE(first.value(QLatin1String("ok")).toBool());
    EXPECT_TRUE(first.value(QLatin1String("offset_s")).isDouble());
    EXPECT_TRUE(first.value(QLatin1String("running")).isDouble());
    EXPECT_TRUE(first.value(QLatin1String("series")).toObject().contains(QStringLiteral("vllm:num_requests_waiting{model_name=\"tokenscope-sim\"}")));
    QFile summaryFile(QDir(dir.path()).filePath(QString::fromLatin1(Report::kSummaryJsonFile)));
    ASSERT_TRUE(summaryFile.open(QIODevice::ReadOnly));
    const QJsonObject summary = QJsonDocument::fromJson(summaryFile.readAll()).object();
    const QJsonObject atSix = summary.value(QLatin1String("levels")).toArray().at(1).toObject();
    EXPECT_GT(atSix.value(QLatin1String("server_waiting_max")).toDouble(), 0);
    EXPECT_EQ(atSix.value(QLatin1String("server_running_max")).toDouble(), 2);
    EXPECT_EQ(summary.value(QLatin1String("server_metrics")).toObject().value(QLatin1String("scrapes")).toInt(),
              run.serverMetrics.size());
    // The reading names the queue from the server's own numbers, in both reports.
    for (const char *name : { Report::kReportMarkdownFile, Report::kReportHtmlFile }) {
        QFile report(QDir(dir.path()).filePath(QString::fromLatin1(name)));
        ASSERT_TRUE(report.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(report.readAll());
        EXPECT_TRUE(text.contains(QStringLiteral("Reading"))) << name;
        EXPECT_TRUE(text.contains(QStringLiteral("the queueing is at the server"))) << name;
    }
}
