// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tokenscope-metricsbench: a /metrics body with a huge number of series, scraped through the real
// scraper (ServerMetricsMonitor, on its thread of its own, as a run does) a number of times. Each
// sample is kept in a list, as the run result keeps them, and written to a server_metrics.jsonl as
// the run recorder writes it. Prints the peak resident memory (getrusage ru_maxrss) and the jsonl
// bytes written (docs/performance.md#server-metrics-with-a-million-series). A program that prints
// figures, not a test.
#include "core/clock.h"
#include "core/runconfig.h"
#include "report/reportwriters.h"
#include "servermetrics/metricsscraper.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <memory>

using namespace TokenScope;

namespace {

long peakRssKiB()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss; // KiB on Linux
}

// vLLM's figures first, then `series` other gauges of one short line each ("s0f3a2 1"), about
// 9 bytes a series: 1M series make a body of about 9.5 MB.
QByteArray hugeBody(qsizetype series)
{
    QByteArray body
        = "# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name=\"m\"} 3\n"
          "vllm:num_requests_waiting{model_name=\"m\"} 1\nvllm:kv_cache_usage_perc{model_name=\"m\"} 0.25\n";
    body.reserve(body.size() + series * 10);
    char line[32];
    for (qsizetype i = 0; i < series; ++i)
        body.append(line, std::snprintf(line, sizeof line, "s%05llx 1\n", static_cast<unsigned long long>(i)));
    return body;
}

/// Answers every GET with the body, keep-alive, on the thread it lives on.
class BodyServer
{
public:
    explicit BodyServer(const QByteArray &body)
        : m_bodyBytes(body.size())
        , m_response("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: "
              + QByteArray::number(body.size()) + "\r\n\r\n" + body)
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_server.serverPort()); }
    qsizetype bodyBytes() const { return m_bodyBytes; }

private:
    void serve(QTcpSocket *socket)
    {
        auto head = std::make_shared<QByteArray>();
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, head] {
            *head += socket->readAll();
            qsizetype end = 0;
            while ((end = head->indexOf("\r\n\r\n")) >= 0) {
                head->remove(0, end + 4);
                socket->write(m_response);
            }
        });
        QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    }

    QTcpServer m_server;
    qsizetype m_bodyBytes;
    QByteArray m_response;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Scrapes a /metrics body of many series with the real scraper and "
                                                    "prints the peak resident memory and the jsonl bytes written."));
    parser.addHelpOption();
    parser.addOption({ QStringLiteral("series"), QStringLiteral("Series in the body (1000000)."), QStringLiteral("n"),
        QStringLiteral("1000000") });
    parser.addOption({ QStringLiteral("scrapes"), QStringLiteral("Scrapes to take (14)."), QStringLiteral("n"),
        QStringLiteral("14") });
    parser.process(app);
    const qsizetype series = parser.value(QStringLiteral("series")).toLongLong();
    const int scrapes = std::max(1, parser.value(QStringLiteral("scrapes")).toInt());

    BodyServer server(hugeBody(series));
    if (!server.listen()) {
        std::fprintf(stderr, "metricsbench: cannot listen on 127.0.0.1\n");
        return 1;
    }
    QTemporaryDir dir;
    QFile jsonl(dir.filePath(QStringLiteral("server_metrics.jsonl")));
    if (!dir.isValid() || !jsonl.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "metricsbench: cannot write %s\n", qPrintable(jsonl.fileName()));
        return 1;
    }
    const long baselineKiB = peakRssKiB();

    RunConfig config;
    config.serverMetricsUrl = server.url();
    config.serverMetricsIntervalMs = 100; // a tick finding a scrape under way is skipped: back to back
    QList<ServerMetricsSample> samples; // as RunResult::serverMetrics keeps them
    QElapsedTimer clock;
    clock.start();
    auto monitor = std::make_unique<ServerMetricsMonitor>(config, nowNs(), &app, [&](const ServerMetricsSample &s) {
        if (samples.size() >= scrapes)
            return;
        samples.append(s);
        jsonl.write(Report::serverMetricsJsonlLine(s, Secrets()));
        if (samples.size() == scrapes)
            QTimer::singleShot(0, &app, &QCoreApplication::quit);
    });
    app.exec();
    monitor.reset();
    jsonl.close();
    const qint64 elapsedMs = clock.elapsed();

    int ok = 0;
    qsizetype kept = 0;
    qsizetype dropped = 0;
    for (const ServerMetricsSample &s : samples) {
        ok += s.ok ? 1 : 0;
        kept = std::max(kept, s.series.size());
        dropped = std::max<qsizetype>(dropped, s.seriesDropped);
    }
    std::printf(
        "series in the body     %lld (%.1f MB)\n", static_cast<long long>(series), double(server.bodyBytes()) / 1e6);
    std::printf(
        "scrapes                %d of %d ok, %.1f s in all\n", ok, int(samples.size()), double(elapsedMs) / 1e3);
    if (!samples.isEmpty() && !samples.constFirst().ok)
        std::printf("first error            %s\n", qPrintable(samples.constFirst().error));
    std::printf(
        "series kept per sample %lld (dropped %lld)\n", static_cast<long long>(kept), static_cast<long long>(dropped));
    std::printf("peak RSS               %.1f MiB (%.1f MiB before the first scrape)\n", double(peakRssKiB()) / 1024,
        double(baselineKiB) / 1024);
    std::printf("jsonl bytes written    %lld\n", static_cast<long long>(jsonl.size()));
    return 0;
}
