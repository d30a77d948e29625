// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/clicompare.h"
#include "cli/clioptions.h"
#include "cli/clireport.h"
#include "cli/clirun.h"
#include "cli/cliserve.h"
#include "core/fdlimit.h"
#include "net/requestbuilder.h"
#include "probe/modellist.h"
#include "servermetrics/metricsscraper.h"
#include "sim/simulatorserver.h"
#include "version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTranslator>
#include <algorithm>
#include <csignal>
#include <cstdio>

using namespace TokenScope;
using namespace TokenScope::Cli;

namespace {

const char *kUsage = "Usage: tokenscope-cli <command> [options]\n"
                     "\n"
                     "Measures how an LLM endpoint streams: TTFT, TPOT, ITL, E2E latency, throughput.\n"
                     "APIs (--api): OpenAI chat completions (default), completions, Responses, Anthropic Messages.\n"
                     "\n"
                     "Commands:\n"
                     "  run     Measure an endpoint (--base-url, --model; key from $OPENAI_API_KEY,\n"
                     "          or $ANTHROPIC_API_KEY with --api anthropic)\n"
                     "  serve   Run the built-in simulator server on loopback\n"
                     "  demo    Run the default measurement against an in-process simulator\n"
                     "  curl    Print the request `run` would send as a curl command (key redacted)\n"
                     "  models  List the model IDs an endpoint serves (GET {base}/models), one per line\n"
                     "  compare Compare two run directories (or an A/B run's), each figure real or within noise\n"
                     "  report  Print a stored run directory again, under TokenScope's or another tool's\n"
                     "          definitions (--definitions vllm|sglang|aiperf|guidellm|llmperf)\n"
                     "\n"
                     "  tokenscope-cli <command> --help    options of a command\n"
                     "  tokenscope-cli --version\n";

int badArguments(const QString &message)
{
    std::fprintf(stderr, "error: %s\n", qPrintable(message));
    return ExitBadArguments;
}

/// Parses `args` (command name first) with a parser prepared by `addOptions`.
bool parseCommand(QCommandLineParser &parser, const QStringList &args, const QString &description, QString *error)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    if (!parser.parse(args)) {
        *error = parser.errorText();
        return false;
    }
    if (!parser.positionalArguments().isEmpty()) {
        *error = QStringLiteral("unexpected argument \"%1\"").arg(parser.positionalArguments().first());
        return false;
    }
    return true;
}

/// The most requests a run may have in flight: its highest concurrency, its cap under a rate, or
/// (an uncapped rate) a bound the file limit should allow.
int mostInFlight(const RunConfig &config)
{
    if (config.loadMode == LoadMode::Concurrency)
        return *std::max_element(config.concurrencyLevels.cbegin(), config.concurrencyLevels.cend());
    constexpr int kUncappedRate = 512;
    return config.maxConcurrency > 0 ? config.maxConcurrency : kUncappedRate;
}

int executeRun(const RunOptions &options, bool inProcessSimulator)
{
    const QString limitProblem = checkOpenFileLimit(mostInFlight(options.config), inProcessSimulator);
    if (!limitProblem.isEmpty())
        return badArguments(limitProblem);
    CliRun run(options);
    run.start();
    return QCoreApplication::exec();
}

constexpr int kContinue = -1;

/// Parses `run` or `demo`; returns kContinue, or the exit code to return now.
int parseRunCommand(const QStringList &args, bool forDemo, RunOptions *options)
{
    QCommandLineParser parser;
    addRunOptions(parser, forDemo);
    if (!forDemo)
        addAbOptions(parser);
    const QString description = forDemo
        ? QStringLiteral("Measure the built-in simulator (no account needed).")
        : QStringLiteral("Measure a streaming endpoint.\n\n"
                         "A/B: --ab-model, --ab-base-url or --ab-api-key-env add an arm B measured\n"
                         "in the same run; requests alternate A, B, A, B at each level and the\n"
                         "concurrency counts both arms. Results are printed per arm (json:\n"
                         "{\"A\": ..., \"B\": ...}; csv: one file with an arm column first),\n"
                         "then B's verdicts against A (on stderr with json or csv); --out DIR\n"
                         "writes two ordinary run directories, DIR/A and DIR/B, and beside them\n"
                         "comparison.md and comparison.json (as `compare DIR` prints them).");
    QString error;
    if (!parseCommand(parser, args, description, &error))
        return badArguments(error);
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (!readRunOptions(parser, forDemo, options, &error) || (!forDemo && !readAbOptions(parser, options, &error)))
        return badArguments(error);
    return kContinue;
}

int runCommand(const QStringList &args)
{
    RunOptions options;
    const int code = parseRunCommand(args, false, &options);
    return code != kContinue ? code : executeRun(options, false);
}

int demoCommand(const QStringList &args)
{
    RunOptions options;
    const int code = parseRunCommand(args, true, &options);
    if (code != kContinue)
        return code;
    // The window's simulator: a small server that queues and slows down (docs/simulator.md#models).
    const SimConfig simConfig = builtInSimulatorConfig();
    SimulatorServer simulator;
    QString error;
    if (!simulator.start(simConfig, &error))
        return badArguments(QStringLiteral("cannot start the simulator: ") + error);
    options.config.baseUrl = simulator.baseUrl().toString();
    // Known by its timing, not its port, as in the window: two demos compare as the same endpoint.
    options.config.endpointLabel = simulatorEndpointLabel(simConfig);
    if (options.config.serverMetricsUrl.isEmpty()) // the server's side of the demo, from its own /metrics
        options.config.serverMetricsUrl = ServerMetrics::suggestedUrl(options.config.baseUrl);
    std::fprintf(stderr, "Built-in simulator listening on %s\n", qPrintable(options.config.baseUrl));
    return executeRun(options, true);
}

int curlCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addRunOptions(parser, false);
    parser.addOption(QCommandLineOption(QStringLiteral("show-key"),
                                        QStringLiteral("Write the key itself instead of $VAR (it then lands in your shell history).")));
    QString error;
    if (!parseCommand(parser, args, QStringLiteral("Print the streaming request as a curl command (key redacted)."), &error))
        return badArguments(error);
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    RunOptions options;
    if (!readRunOptions(parser, false, &options, &error))
        return badArguments(error);
    const QString command = RequestBuilder::curlCommand(options.config, parser.isSet(QStringLiteral("show-key")),
                                                        options.keyVariable);
    std::printf("%s\n", qPrintable(command));
    return ExitOk;
}

int modelsCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addEndpointOptions(parser);
    QString error;
    if (!parseCommand(parser, args,
                      QStringLiteral("List the model IDs an endpoint serves, one per line on stdout (GET {base}/models;\n"
                                     "Anthropic: {base}/v1/models, every page). The key is sent as the API kind\n"
                                     "sends it and never printed.\n\n"
                                     "Exit codes: 0 listed, 1 the request failed (the reason on stderr), 2 bad\n"
                                     "arguments, 4 the endpoint does not list models (type the model ID yourself)."),
                      &error))
        return badArguments(error);
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    RunConfig config;
    if (!readEndpointOptions(parser, &config, &error))
        return badArguments(error);
    // One short request and nothing to save: Ctrl-C simply ends the process.
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    ModelListFetch fetch;
    QObject::connect(&fetch, &ModelListFetch::finished, &fetch, [](const ModelListResult &result) {
        if (!result.ok()) {
            std::fprintf(stderr, "error: %s\n", qPrintable(result.error));
            QCoreApplication::exit(result.notListed ? ExitNotListed : ExitFailure);
            return;
        }
        for (const QString &model : result.models)
            std::printf("%s\n", qPrintable(model));
        if (result.models.isEmpty())
            std::fprintf(stderr, "%s lists no models.\n", qPrintable(result.url.toDisplayString()));
        QCoreApplication::exit(ExitOk);
    });
    fetch.start(config);
    return QCoreApplication::exec();
}

int serveCommand(const QStringList &args)
{
    QCommandLineParser parser;
    addServeOptions(parser);
    QString error;
    if (!parseCommand(parser, args, QStringLiteral("Run the built-in OpenAI-compatible simulator."), &error))
        return badArguments(error);
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    SimConfig config;
    if (!readServeOptions(parser, &config, &error))
        return badArguments(error);
    return serveSimulator(config);
}

// The CLI speaks English; app/'s texts with a count are tr("%n core(s)", nullptr, n), whose English
// forms ("1 core", "2 cores") come from the embedded tokenscope_en.qm, as in the window.
void installEnglishPlurals(QCoreApplication *app)
{
    auto *english = new QTranslator(app);
    if (english->load(QStringLiteral(":/i18n/tokenscope_en")))
        QCoreApplication::installTranslator(english);
    else
        delete english;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tokenscope-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TOKENSCOPE_VERSION));
    installEnglishPlurals(&app);
    raiseOpenFileLimit();
    installInterruptHandler();

    const QStringList args = QCoreApplication::arguments();
    const QString command = args.value(1);
    const QStringList commandArgs = args.mid(1); // the command name stands in for argv[0]
    if (command == u"run")
        return runCommand(commandArgs);
    if (command == u"demo")
        return demoCommand(commandArgs);
    if (command == u"serve")
        return serveCommand(commandArgs);
    if (command == u"curl")
        return curlCommand(commandArgs);
    if (command == u"models")
        return modelsCommand(commandArgs);
    if (command == u"compare")
        return compareCommand(commandArgs);
    if (command == u"report")
        return reportCommand(commandArgs);
    if (command == u"--version" || command == u"-v") {
        std::printf("tokenscope-cli %s\n", TOKENSCOPE_VERSION);
        return ExitOk;
    }
    if (command.isEmpty() || command == u"--help" || command == u"-h" || command == u"help") {
        std::fputs(kUsage, command.isEmpty() ? stderr : stdout);
        return command.isEmpty() ? ExitBadArguments : ExitOk;
    }
    std::fprintf(stderr, "error: unknown command \"%s\"\n\n%s", qPrintable(command), kUsage);
    return ExitBadArguments;
}
