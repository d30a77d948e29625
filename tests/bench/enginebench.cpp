// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tokenscope-bench: how exact is the engine, and what does it cost? For each concurrency level it
// starts the simulator as a separate process (`tokenscope-cli serve --wire-log`), runs the engine
// against it in this process, and compares every text chunk's measured arrival with the time the
// simulator wrote it (both CLOCK_MONOTONIC). Prints per level and transport (--transport
// qnam,curl,curl-busy: Qt network, libcurl, libcurl with busy-poll): arrival lag and ITL error
// (measured minus wire, p50/p99), TTFT error, client CPU seconds per 100k chunks, peak RSS.
// A program that prints figures, not a test.
#include "core/fdlimit.h"
#include "engine/runcontroller.h"
#include "stats/measurementcheck.h"
#include "stats/statistics.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>
#include <sched.h>
#include <sys/resource.h>

using namespace TokenScope;

namespace {

struct BenchOptions {
    QString cli;
    QList<int> levels {1, 16, 64, 256, 1024};
    int maxTokens = 128;
    int requestsPerConcurrency = 1;
    double decodeMs = 20;
    double ttftMs = 40;
    int serverThreads = 1;
    bool pin = false; ///< simulator on CPU 1, this process (all its threads) on CPU 0
    QStringList transports { QStringLiteral("qnam") }; ///< qnam, curl, curl-busy (curl with busy-poll)
    int transportThreads = 0;
};

struct Serve {
    QProcess process;
    QString baseUrl;
};

bool startServer(const BenchOptions &o, const QString &wireLog, Serve *serve)
{
    QStringList args;
    if (o.pin) {
        serve->process.setProgram(QStringLiteral("taskset"));
        args << QStringLiteral("-c") << QStringLiteral("1") << o.cli;
    } else {
        serve->process.setProgram(o.cli);
    }
    serve->process.setArguments(args + QStringList {QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"),
                                 QStringLiteral("--decode-ms"), QString::number(o.decodeMs),
                                 QStringLiteral("--ttft-ms"), QString::number(o.ttftMs),
                                 QStringLiteral("--threads"), QString::number(o.serverThreads),
                                 QStringLiteral("--wire-log"), wireLog});

    serve->process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    serve->process.start();
    if (!serve->process.waitForStarted(5000))
        return false;
    static const QRegularExpression urlPattern(QStringLiteral("(http://\\S+/v1)"));
    QByteArray output;
    while (serve->process.waitForReadyRead(5000)) {
        output += serve->process.readAllStandardOutput();
        const auto match = urlPattern.match(QString::fromUtf8(output));
        if (match.hasMatch()) {
            serve->baseUrl = match.captured(1);
            return true;
        }
    }
    return false;
}

void stopServer(Serve *serve)
{
    serve->process.terminate(); // SIGTERM: the simulator flushes its wire log and exits
    if (!serve->process.waitForFinished(10000))
        serve->process.kill();
}

/// response id -> write times of its text chunks, in order.
QHash<QString, QList<qint64>> readWireLog(const QString &path)
{
    QHash<QString, QList<qint64>> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    while (!file.atEnd()) {
        const QJsonObject e = QJsonDocument::fromJson(file.readLine()).object();
        if (e.value(u"text").toBool())
            out[e.value(u"response_id").toString()].append(qint64(e.value(u"written_ns").toDouble()));
    }
    return out;
}

RunResult runEngine(const RunConfig &config)
{
    RunController controller;
    RunResult result;
    QEventLoop loop;
    QObject::connect(&controller, &RunController::runFinished, &loop, [&](const RunResult &r) {
        result = r;
        loop.quit();
    });
    QObject::connect(&controller, &RunController::runFailed, &loop, [&](const QString &message) {
        std::fprintf(stderr, "run failed: %s\n", qPrintable(message));
        loop.quit();
    });
    controller.start(config);
    loop.exec();
    return result;
}

double cpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/// Starts a new peak-RSS window (Linux: writing 5 to clear_refs resets VmHWM), so that each
/// transport's row shows its own peak although they run in one process.
void resetPeakRss()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5");
}

long peakRssMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong() / 1024;
    }
    return -1;
}

struct Errors {
    std::vector<double> lagMs, itlErrMs, ttftErrMs;
    qint64 chunks = 0;
    int unmatched = 0;
};

Errors compare(const RunResult &run, const QHash<QString, QList<qint64>> &wire)
{
    Errors e;
    for (const RequestRecord &r : run.records) {
        if (r.warmup || !r.ok)
            continue;
        const QList<qint64> w = wire.value(r.responseId);
        if (w.size() != r.chunkTimesNs.size()) {
            ++e.unmatched;
            continue;
        }
        for (qsizetype i = 0; i < w.size(); ++i) {
            const qint64 arrival = r.tStartNs + r.chunkTimesNs[i];
            e.lagMs.push_back((arrival - w[i]) / 1e6);
            if (i > 0)
                e.itlErrMs.push_back(std::abs((r.chunkTimesNs[i] - r.chunkTimesNs[i - 1]) - (w[i] - w[i - 1])) / 1e6);
        }
        e.ttftErrMs.push_back((r.tStartNs + r.ttftNs - w.first()) / 1e6);
        e.chunks += w.size();
    }
    return e;
}

bool parseOptions(const QStringList &args, BenchOptions *o)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Engine accuracy and cost against the simulator."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("cli"), QStringLiteral("tokenscope-cli to serve the simulator."), QStringLiteral("path"),
                      QCoreApplication::applicationDirPath() + QStringLiteral("/tokenscope-cli")});
    parser.addOption({QStringLiteral("levels"), QStringLiteral("Concurrency levels."), QStringLiteral("list"),
                      QStringLiteral("1,16,64,256,1024")});
    parser.addOption({QStringLiteral("max-tokens"), QStringLiteral("Tokens per request."), QStringLiteral("n"), QStringLiteral("128")});
    parser.addOption({QStringLiteral("requests-per-concurrency"), QStringLiteral("Requests per level / concurrency."),
                      QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("decode-ms"), QStringLiteral("Simulator decode interval."), QStringLiteral("ms"), QStringLiteral("20")});
    parser.addOption({QStringLiteral("pin"), QStringLiteral("Simulator on CPU 1, this process on CPU 0 (needs 2 CPUs).")});
    parser.addOption({QStringLiteral("server-threads"), QStringLiteral("Simulator worker threads."), QStringLiteral("n"), QStringLiteral("1")});
    parser.addOption({ QStringLiteral("transport"),
        QStringLiteral("Transports to compare at each level: qnam, curl, curl-busy (curl with --busy-poll)."),
        QStringLiteral("list"), QStringLiteral("qnam") });
    parser.addOption({ QStringLiteral("transport-threads"), QStringLiteral("curl worker threads (0 = usable cores)."),
        QStringLiteral("n"), QStringLiteral("0") });
    parser.process(args);
    o->cli = parser.value(QStringLiteral("cli"));
    o->levels.clear();
    for (const QString &l : parser.value(QStringLiteral("levels")).split(u','))
        o->levels.append(l.toInt());
    o->maxTokens = parser.value(QStringLiteral("max-tokens")).toInt();
    o->requestsPerConcurrency = parser.value(QStringLiteral("requests-per-concurrency")).toInt();
    o->decodeMs = parser.value(QStringLiteral("decode-ms")).toDouble();
    o->serverThreads = parser.value(QStringLiteral("server-threads")).toInt();
    o->pin = parser.isSet(QStringLiteral("pin"));
    o->transports = parser.value(QStringLiteral("transport")).split(u',', Qt::SkipEmptyParts);
    o->transportThreads = parser.value(QStringLiteral("transport-threads")).toInt();
    return QFile::exists(o->cli);
}

void printRow(int concurrency, const QString &transport, const RunResult &run, const Errors &e, double cpuS)
{
    auto summary = [](const std::vector<double> &v) { return Stats::summarize(v); };
    const Distribution lag = summary(e.lagMs), itl = summary(e.itlErrMs), ttft = summary(e.ttftErrMs);
    int ok = 0;
    for (const RequestRecord &r : run.records)
        ok += (!r.warmup && r.ok) ? 1 : 0;
    std::printf("%6d %-9s %6d %9lld %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %10.2f %8ld\n", concurrency,
        qPrintable(transport), ok, static_cast<long long>(e.chunks), lag.p50, lag.p99, itl.p50, itl.p99, ttft.p50,
        ttft.p99, e.chunks ? cpuS / double(e.chunks) * 1e5 : 0.0, peakRssMiB());
    if (e.unmatched)
        std::printf("       (%d requests could not be matched to the wire log)\n", e.unmatched);
    if (!run.levels.isEmpty()) // what the level said of its own measurement (docs/metrics.md#measurement-quality)
        std::printf("       %s\n", qPrintable(Stats::measurementText(run.levels.constLast())));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BenchOptions o;
    if (!parseOptions(QCoreApplication::arguments(), &o)) {
        std::fprintf(stderr, "tokenscope-cli not found at %s (use --cli)\n", qPrintable(o.cli));
        return 2;
    }
    raiseOpenFileLimit();
    if (o.pin) {
        // Set before any thread starts, so every thread of the engine and of Qt inherits it.
        cpu_set_t cpus;
        CPU_ZERO(&cpus);
        CPU_SET(0, &cpus);
        sched_setaffinity(0, sizeof(cpus), &cpus);
    }
    std::printf("decode %.1f ms/token, %d tokens/request, %d request(s) per concurrency, 1 warm-up, simulator in a "
                "separate process (%d thread)%s\n",
                o.decodeMs, o.maxTokens, o.requestsPerConcurrency, o.serverThreads,
                o.pin ? ", simulator pinned to CPU 1 and client to CPU 0" : ", no pinning");
    std::printf("%6s %-9s %6s %9s %8s %8s %8s %8s %8s %8s %10s %8s\n", "conc", "transport", "ok", "chunks", "lag p50",
        "lag p99", "itl p50", "itl p99", "ttft p50", "ttft p99", "cpu s/100k", "rss MiB");
    std::printf("%6s %-9s %6s %9s %8s %8s %8s %8s %8s %8s %10s %8s\n", "", "", "", "", "ms", "ms", "|err| ms",
        "|err| ms", "err ms", "err ms", "chunks", "peak");
    QTemporaryDir dir;
    for (int concurrency : o.levels) {
        for (const QString &transport : std::as_const(o.transports)) {
            const QString wireLog = dir.filePath(QStringLiteral("wire-%1-%2.jsonl").arg(concurrency).arg(transport));
            Serve serve;
            if (!startServer(o, wireLog, &serve)) {
                std::fprintf(stderr, "could not start the simulator\n");
                return 1;
            }
            RunConfig config;
            config.baseUrl = serve.baseUrl;
            config.prompt = QStringLiteral("Benchmark prompt of a fixed length for every request.");
            config.concurrencyLevels = { concurrency };
            config.requestsPerConcurrency = o.requestsPerConcurrency;
            config.maxTokens = o.maxTokens;
            config.warmupRequests = 1;
            config.minTokensForTpot = 2;
            config.transport = transport.startsWith(u"curl") ? QStringLiteral("curl") : transport;
            config.busyPoll = transport == u"curl-busy";
            config.transportThreads = config.transport == u"curl" ? o.transportThreads : 0;
            resetPeakRss();
            const double cpuBefore = cpuSeconds();
            const RunResult run = runEngine(config);
            const double cpuUsed = cpuSeconds() - cpuBefore;
            stopServer(&serve);
            printRow(concurrency, transport, run, compare(run, readWireLog(wireLog)), cpuUsed);
        }
    }
    return 0;
}
