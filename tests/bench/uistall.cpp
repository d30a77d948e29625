// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tokenscope-uibench: does the window stay responsive while it draws a run live? It opens the real
// MainWindow (offscreen, or on the X display when QT_QPA_PLATFORM=xcb and DISPLAY are set), runs
// the built-in simulator at the given concurrency levels, and lets a 5 ms timer tick on the GUI
// thread for the whole run. How late each tick fires is how long the event loop was busy (a stall
// the user would feel as a frozen window). Prints per level and overall: ticks, p50/p99/max stall,
// wall time, live batches received and timeline repaints. The first tick after Run is pressed is
// shown apart ("press Run"): it waits for startRun() itself and for what that queued.
// A program that prints figures, not a test.
#include "charts/tokentimelinechart.h"
#include "core/runconfig.h"
#include "core/runprogress.h"
#include "engine/runcontroller.h"
#include "mainwindow.h"
#include "runsettingsform.h"
#include "stats/statistics.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEvent>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace TokenScope;

namespace {

constexpr int kTickMs = 5;

/// What happened while one phase (warm-up, or one concurrency level) ran.
struct Phase {
    QString name;
    std::vector<double> stallMs; ///< per tick: how much later than kTickMs after the previous one it fired
    int liveBatches = 0;
    int repaints = 0;
    qint64 startNs = 0;
    qint64 endNs = 0;
};

/// Counts paint events of a widget (the timeline chart's viewport): each is one redraw the user sees.
class PaintCounter : public QObject
{
public:
    using QObject::QObject;
    int count = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++count;
        return QObject::eventFilter(watched, event);
    }
};

QList<int> parseLevels(const QString &text, bool *ok)
{
    QList<int> levels;
    *ok = true;
    for (const QString &item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool itemOk = false;
        const int level = item.trimmed().toInt(&itemOk);
        if (!itemOk || level < 1) {
            *ok = false;
            return {};
        }
        levels.append(level);
    }
    *ok = !levels.isEmpty();
    return levels;
}

void printPhase(const Phase &phase)
{
    std::vector<double> sorted = phase.stallMs;
    std::sort(sorted.begin(), sorted.end());
    std::printf("%-10s %7zu %9.1f %9.1f %9.1f %9.2f %9d %9d\n", qPrintable(phase.name), sorted.size(),
                Stats::percentile(sorted, 50), Stats::percentile(sorted, 99), sorted.empty() ? 0.0 : sorted.back(),
                double(phase.endNs - phase.startNs) / 1e9, phase.liveBatches, phase.repaints);
}

} // namespace

int main(int argc, char **argv)
{
    // Offscreen unless a real X display was asked for; never the user's settings or history.
    const bool onX11 = qEnvironmentVariable("QT_QPA_PLATFORM") == QStringLiteral("xcb")
        && !qEnvironmentVariableIsEmpty("DISPLAY");
    if (!onX11)
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    for (const char *variable : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
        qputenv(variable, home.filePath(QString::fromLatin1(variable)).toLocal8Bit());

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TokenScope"));
    QApplication::setApplicationName(QStringLiteral("TokenScope-uibench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Event-loop stalls of the main window during a live run."));
    parser.addHelpOption();
    const QCommandLineOption levelsOption(QStringLiteral("levels"), QStringLiteral("Concurrency levels."),
                                          QStringLiteral("list"), QStringLiteral("1,16,64,256"));
    const QCommandLineOption perConcurrencyOption(QStringLiteral("per-concurrency"),
        QStringLiteral("Requests per level = N x concurrency."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption maxTokensOption(QStringLiteral("max-tokens"), QStringLiteral("max_tokens per request."),
                                             QStringLiteral("n"), QStringLiteral("256"));
    parser.addOption(levelsOption);
    parser.addOption(perConcurrencyOption);
    parser.addOption(maxTokensOption);
    parser.process(app);

    bool ok = false;
    RunConfig config;
    config.concurrencyLevels = parseLevels(parser.value(levelsOption), &ok);
    if (!ok) {
        std::fprintf(stderr, "bad --levels\n");
        return 2;
    }
    config.requestsPerConcurrency = parser.value(perConcurrencyOption).toInt(&ok);
    if (!ok || config.requestsPerConcurrency < 1) {
        std::fprintf(stderr, "bad --per-concurrency\n");
        return 2;
    }
    config.maxTokens = parser.value(maxTokensOption).toInt(&ok);
    if (!ok || config.maxTokens < 1) {
        std::fprintf(stderr, "bad --max-tokens\n");
        return 2;
    }

    MainWindow window;
    window.resize(1500, 950);
    window.show();
    auto *settings = window.findChild<RunSettingsForm *>();
    auto *controller = window.findChild<RunController *>();
    auto *viewport = window.timelineChart()->viewport();
    if (!settings || !controller) {
        std::fprintf(stderr, "the window has no run settings form or run controller\n");
        return 1;
    }
    config.prompt = settings->promptText(); // the form's default prompt
    // The simulator's uncontended model, so every level's streams decode at once, as many as the
    // level has (docs/simulator.md#models); the default one would queue all but 8.
    if (auto *model = window.findChild<QLineEdit *>(QStringLiteral("model")))
        model->setText(QStringLiteral("tokenscope-sim-ideal"));
    settings->load(config);
    PaintCounter paints;
    viewport->installEventFilter(&paints);

    QList<Phase> phases;
    QElapsedTimer clock;
    clock.start();
    const auto beginPhase = [&phases, &clock, &paints](const QString &name) {
        if (!phases.isEmpty()) {
            phases.last().endNs = clock.nsecsElapsed();
            phases.last().repaints = paints.count - phases.last().repaints;
        }
        Phase phase;
        phase.name = name;
        phase.startNs = clock.nsecsElapsed();
        phase.repaints = paints.count; // the count at the start, until the phase ends
        phases.append(phase);
    };
    QObject::connect(controller, &RunController::levelStarted, &window,
        [&beginPhase](const LoadPoint &point) { beginPhase(point.label()); });
    QObject::connect(controller, &RunController::liveBatch, &window, [&phases](const LiveBatch &) {
        if (!phases.isEmpty())
            ++phases.last().liveBatches;
    });

    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(kTickMs);
    qint64 lastTickNs = 0;
    const QString pressRun = QStringLiteral("press Run");
    QObject::connect(&ticker, &QTimer::timeout, &window, [&phases, &clock, &lastTickNs, &beginPhase, pressRun] {
        const qint64 nowNs = clock.nsecsElapsed();
        if (!phases.isEmpty())
            phases.last().stallMs.push_back(std::max(0.0, double(nowNs - lastTickNs) / 1e6 - kTickMs));
        lastTickNs = nowNs;
        // The first tick waits for startRun() and what it queued: the click's own cost, apart.
        if (phases.size() == 1 && phases.last().name == pressRun)
            beginPhase(QStringLiteral("warm-up"));
    });

    double startRunMs = 0; // the click's own cost: startRun() runs on the GUI thread before any tick
    bool ended = false;
    QObject::connect(&window, &MainWindow::runEnded, &window, [&phases, &clock, &paints, &ticker, &ended] {
        ended = true;
        phases.last().endNs = clock.nsecsElapsed();
        phases.last().repaints = paints.count - phases.last().repaints;
        ticker.stop();
        QApplication::quit();
    });
    // Let the window settle (first layout, simulator listening) before the run and the ticks start.
    QTimer::singleShot(500, &window, [&beginPhase, &lastTickNs, &clock, &ticker, &window, &startRunMs, pressRun] {
        beginPhase(pressRun);
        lastTickNs = clock.nsecsElapsed();
        ticker.start();
        QElapsedTimer startRunClock;
        startRunClock.start();
        window.startRun();
        startRunMs = double(startRunClock.nsecsElapsed()) / 1e6;
        if (!window.isRunning()) {
            std::fprintf(stderr, "the run did not start: %s\n", qPrintable(window.errorText()));
            QApplication::exit(1);
        }
    });
    if (QApplication::exec() != 0 || !ended)
        return 1;

    std::printf("tokenscope-uibench: platform %s, levels %s, %d request(s) per concurrency, max_tokens %d, "
                "tick %d ms\n",
                qPrintable(QApplication::platformName()), qPrintable(parser.value(levelsOption)),
                config.requestsPerConcurrency, config.maxTokens, kTickMs);
    std::printf("startRun() (pressing Run) itself blocked the GUI thread for %.1f ms (in the \"press Run\" tick)\n",
                startRunMs);
    if (!window.errorText().isEmpty())
        std::printf("window error: %s\n", qPrintable(window.errorText()));
    if (!window.runs().isEmpty()) {
        int failed = 0;
        for (const RequestRecord &record : window.runs().last().records)
            failed += record.ok ? 0 : 1;
        std::printf("requests: %lld, failed: %d\n", static_cast<long long>(window.runs().last().records.size()),
                    failed);
    }
    std::printf("%-10s %7s %9s %9s %9s %9s %9s %9s\n", "phase", "ticks", "p50 ms", "p99 ms", "max ms", "wall s",
                "batches", "repaints");
    Phase overall;
    overall.name = QStringLiteral("overall");
    overall.startNs = phases.first().startNs;
    overall.endNs = phases.last().endNs;
    for (const Phase &phase : std::as_const(phases)) {
        printPhase(phase);
        overall.stallMs.insert(overall.stallMs.end(), phase.stallMs.begin(), phase.stallMs.end());
        overall.liveBatches += phase.liveBatches;
        overall.repaints += phase.repaints;
    }
    printPhase(overall);
    return 0;
}
