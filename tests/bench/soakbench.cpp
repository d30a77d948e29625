// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tokenscope-soak: many streams for a long time. Starts the simulator as a separate process,
// keeps N streams busy in one closed-loop level for the given duration, then cancels. Prints,
// every interval, the client's resident memory and the running error rate, so a leak or a slow
// failure shows as a trend. A program that prints figures, not a test.
#include "core/fdlimit.h"
#include "engine/runcontroller.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>
#include <cstdio>

using namespace TokenScope;

namespace {

long residentMiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    static const QRegularExpression rss(QStringLiteral("VmRSS:\\s+(\\d+) kB"));
    const auto match = rss.match(QString::fromLatin1(status.readAll()));
    return match.hasMatch() ? match.captured(1).toLong() / 1024 : -1;
}

bool startSimulator(const QString &cli, double decodeMs, QProcess *process, QString *baseUrl)
{
    process->setProgram(cli);
    process->setArguments({QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--decode-ms"),
                           QString::number(decodeMs)});
    process->setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process->start();
    static const QRegularExpression urlPattern(QStringLiteral("(http://\\S+/v1)"));
    QByteArray output;
    while (process->waitForReadyRead(5000)) {
        output += process->readAllStandardOutput();
        const auto match = urlPattern.match(QString::fromUtf8(output));
        if (match.hasMatch()) {
            *baseUrl = match.captured(1);
            return true;
        }
    }
    return false;
}

struct Tally {
    qint64 ok = 0, failed = 0;
    QMap<QString, int> kinds;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Soak: N streams for a long time; RSS and error rate over time."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("cli"), QStringLiteral("tokenscope-cli to serve the simulator."), QStringLiteral("path"),
                      QCoreApplication::applicationDirPath() + QStringLiteral("/tokenscope-cli")});
    parser.addOption({QStringLiteral("streams"), QStringLiteral("Concurrent streams."), QStringLiteral("n"), QStringLiteral("1024")});
    parser.addOption({QStringLiteral("seconds"), QStringLiteral("Duration."), QStringLiteral("s"), QStringLiteral("600")});
    parser.addOption({QStringLiteral("interval"), QStringLiteral("Seconds between report lines."), QStringLiteral("s"), QStringLiteral("30")});
    parser.addOption({QStringLiteral("max-tokens"), QStringLiteral("Tokens per request."), QStringLiteral("n"), QStringLiteral("256")});
    parser.addOption({QStringLiteral("decode-ms"), QStringLiteral("Simulator decode interval."), QStringLiteral("ms"), QStringLiteral("20")});
    parser.process(app);
    raiseOpenFileLimit();

    QProcess simulator;
    QString baseUrl;
    if (!startSimulator(parser.value(QStringLiteral("cli")), parser.value(QStringLiteral("decode-ms")).toDouble(), &simulator,
                        &baseUrl)) {
        std::fprintf(stderr, "could not start the simulator with %s\n", qPrintable(parser.value(QStringLiteral("cli"))));
        return 1;
    }
    const int streams = parser.value(QStringLiteral("streams")).toInt();
    const int seconds = parser.value(QStringLiteral("seconds")).toInt();
    RunConfig config;
    config.baseUrl = baseUrl;
    config.prompt = QStringLiteral("Soak prompt of a fixed length.");
    config.concurrencyLevels = {streams};
    config.requestsPerLevel = 100'000'000; // ended by the clock, not by the count
    config.maxTokens = parser.value(QStringLiteral("max-tokens")).toInt();
    config.warmupRequests = 1;

    RunController controller;
    Tally tally;
    QElapsedTimer clock;
    QObject::connect(&controller, &RunController::requestFinished, &app, [&tally](const RequestRecord &r) {
        if (r.warmup)
            return;
        if (r.ok)
            ++tally.ok;
        else
            ++tally.failed, ++tally.kinds[r.errorKind];
    });
    QObject::connect(&controller, &RunController::runFinished, &app, [&](const RunResult &) { QCoreApplication::quit(); });
    QObject::connect(&controller, &RunController::runFailed, &app, [&](const QString &message) {
        std::fprintf(stderr, "run failed: %s\n", qPrintable(message));
        QCoreApplication::exit(1);
    });
    const auto printLine = [&] {
        const qint64 done = tally.ok + tally.failed;
        std::printf("%7.0f s %10lld requests %8lld failed %8.4f %% error %8ld MiB RSS\n", clock.elapsed() / 1000.0,
                    static_cast<long long>(done), static_cast<long long>(tally.failed),
                    done ? 100.0 * double(tally.failed) / double(done) : 0.0, residentMiB());
        std::fflush(stdout);
    };
    QTimer report;
    QObject::connect(&report, &QTimer::timeout, &app, printLine);
    QTimer::singleShot(seconds * 1000, &controller, &RunController::cancel);

    std::printf("%d streams for %d s, %d tokens per request, simulator decode %s ms/token (separate process)\n", streams,
                seconds, config.maxTokens, qPrintable(parser.value(QStringLiteral("decode-ms"))));
    std::printf("%7s %19s %15s %16s %12s\n", "elapsed", "requests done", "failed", "error rate", "client RSS");
    clock.start();
    report.start(parser.value(QStringLiteral("interval")).toInt() * 1000);
    controller.start(config);
    const int code = QCoreApplication::exec();
    report.stop();
    printLine();
    for (auto it = tally.kinds.constBegin(); it != tally.kinds.constEnd(); ++it)
        std::printf("  %s: %d\n", qPrintable(it.key()), it.value());
    simulator.terminate();
    simulator.waitForFinished(10000);
    return code;
}
