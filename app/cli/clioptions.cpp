// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clioptions.h"

#include "core/defaultprompt.h"
#include "core/inputfile.h"
#include "engine/runcheck.h"
#include "net/apidialect.h"
#include "net/headerrules.h"
#include "net/requestbuilder.h"
#include "servermetrics/metricsscraper.h"
#include "session/runsession.h"
#include "stats/statistics.h"
#include "store/keyresolution.h"

#include <QFile>
#include <QTextStream>

#include <cmath>
#include <limits>

namespace TokenScope::Cli {

namespace {

QCommandLineOption valueOption(
    const QString &name, const QString &help, const QString &valueName, const QString &defaultValue = {})
{
    return QCommandLineOption(name, help, valueName, defaultValue);
}

bool readInt(const QCommandLineParser &parser, const QString &name, int min, int *out, QString *error)
{
    if (!parser.isSet(name) && parser.value(name).isEmpty())
        return true;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value < min) {
        *error = QStringLiteral("--%1 expects a whole number >= %2, got \"%3\"")
                     .arg(name)
                     .arg(min)
                     .arg(parser.value(name));
        return false;
    }
    *out = value;
    return true;
}

bool readDouble(const QCommandLineParser &parser, const QString &name, double min, double *out, QString *error)
{
    if (!parser.isSet(name) && parser.value(name).isEmpty())
        return true;
    bool ok = false;
    const double value = parser.value(name).toDouble(&ok);
    // toDouble() reads "nan" and "inf" too: neither is a setting (a NaN duration never ends).
    if (!ok || !std::isfinite(value) || value < min) {
        *error = QStringLiteral("--%1 expects a finite number >= %2, got \"%3\"")
                     .arg(name)
                     .arg(min)
                     .arg(parser.value(name));
        return false;
    }
    *out = value;
    return true;
}

// --model-decode-ms fast=5 --model-decode-ms slow=20: extra models with their own decode speed.
bool readModelSpeeds(const QStringList &items, SimConfig *sim, QString *error)
{
    for (const QString &item : items) {
        const qsizetype eq = item.lastIndexOf(u'=');
        bool ok = false;
        const double ms = eq > 0 ? item.mid(eq + 1).toDouble(&ok) : 0.0;
        if (!ok || !std::isfinite(ms) || ms < 0) {
            *error = QStringLiteral("--model-decode-ms expects MODEL=MS such as fast=5, got \"%1\"").arg(item);
            return false;
        }
        const QString model = item.left(eq).trimmed();
        sim->decodeIntervalMsByModel.insert(model, ms);
        if (!sim->models.contains(model))
            sim->models.append(model);
    }
    return true;
}

bool readLevels(const QString &text, QList<int> *out, QString *error)
{
    out->clear();
    for (const QString &part : text.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int value = part.trimmed().toInt(&ok);
        if (!ok || value < 1) {
            *error = QStringLiteral("--concurrency expects a list like 1,4,8,16; \"%1\" is not a positive number")
                         .arg(part.trimmed());
            return false;
        }
        out->append(value);
    }
    if (out->isEmpty()) {
        *error = QStringLiteral("--concurrency needs at least one level, e.g. 1,4,8,16");
        return false;
    }
    return true;
}

// --header "Name: value" (repeatable) under the one header rule (docs/metrics.md#custom-headers);
// --replace-auth-header lets one of them replace the API kind's key header. Needs config->api.
bool readHeaders(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    config->replaceAuthHeader = parser.isSet(QStringLiteral("replace-auth-header"));
    for (const QString &value : parser.values(QStringLiteral("header"))) {
        const qsizetype colon = value.indexOf(u':');
        if (colon <= 0) {
            *error = QStringLiteral("--header expects \"Name: value\", got \"%1\"").arg(value);
            return false;
        }
        const QByteArray name = value.left(colon).trimmed().toUtf8();
        const QByteArray headerValue = value.mid(colon + 1).trimmed().toUtf8();
        const QString problem = HeaderRules::problem(name, headerValue, config->api, config->replaceAuthHeader);
        if (!problem.isEmpty()) {
            *error = QStringLiteral("--header: ") + problem;
            return false;
        }
        config->headers.append({ name, headerValue });
    }
    return true;
}

// The key comes from --api-key-stdin, --api-key-env or the API's own variable (ANTHROPIC_API_KEY
// for anthropic, OPENAI_API_KEY otherwise); `keyVariable` is the variable, for the curl command.
bool readApiKey(const QCommandLineParser &parser, RunConfig *config, QString *keyVariable, QString *error)
{
    *keyVariable = parser.isSet(QStringLiteral("api-key-env")) ? parser.value(QStringLiteral("api-key-env"))
                                                               : apiDialect(config->api).keyVariable;
    if (parser.isSet(QStringLiteral("api-key-stdin"))) {
        QTextStream in(stdin);
        config->apiKey = in.readLine().trimmed();
        if (config->apiKey.isEmpty()) {
            *error = QStringLiteral("--api-key-stdin: no key on standard input");
            return false;
        }
        return true;
    }
    config->apiKey = KeyResolution::fromEnvironment(*keyVariable);
    return true;
}

bool readPrompt(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    if (parser.isSet(QStringLiteral("prompt-file"))) {
        // A regular file of at most 16 MiB (docs/metrics.md#input-files): a pipe or /dev/zero is refused.
        const QString path = parser.value(QStringLiteral("prompt-file"));
        QString why;
        const std::optional<QByteArray> bytes = InputFile::read(path, InputFile::kTextFileMaxBytes, &why);
        if (!bytes) {
            *error = QStringLiteral("--prompt-file: cannot read the prompt file %1: %2").arg(path, why);
            return false;
        }
        config->prompt = QString::fromUtf8(*bytes);
    } else if (parser.isSet(QStringLiteral("prompt"))) {
        config->prompt = parser.value(QStringLiteral("prompt"));
    } else {
        config->prompt = defaultPrompt();
    }
    return true;
}

// --input-tokens, --dataset and the length and output options (docs/methodology.md#workloads).
bool readWorkload(const QCommandLineParser &parser, RunConfig *c, QString *error)
{
    Workload &w = c->workload;
    const bool synthetic = parser.isSet(QStringLiteral("input-tokens"));
    const bool dataset = parser.isSet(QStringLiteral("dataset"));
    const bool promptGiven = parser.isSet(QStringLiteral("prompt")) || parser.isSet(QStringLiteral("prompt-file"));
    if (int(synthetic) + int(dataset) + int(promptGiven) > 1) {
        *error = QStringLiteral("Choose one source of prompts: --prompt/--prompt-file, --input-tokens or --dataset.");
        return false;
    }
    if (synthetic) {
        w.kind = WorkloadKind::Synthetic;
        if (!readInt(parser, QStringLiteral("input-tokens"), 1, &w.inputTokens, error))
            return false;
    } else if (dataset) {
        w.kind = WorkloadKind::Dataset;
        w.datasetPath = parser.value(QStringLiteral("dataset"));
        w.datasetFormat = parser.value(QStringLiteral("dataset-format"));
        w.shuffle = parser.isSet(QStringLiteral("shuffle"));
    }
    for (const char *name : { "input-tokens-spread", "shared-prefix-tokens" }) {
        if (parser.isSet(QLatin1String(name)) && !synthetic) {
            *error = QStringLiteral("--%1 belongs to --input-tokens.").arg(QLatin1String(name));
            return false;
        }
    }
    if (parser.isSet(QStringLiteral("output-tokens")) && parser.isSet(QStringLiteral("max-tokens"))) {
        *error = QStringLiteral("--output-tokens and --max-tokens are the same setting: give one.");
        return false;
    }
    w.ignoreEos = parser.isSet(QStringLiteral("ignore-eos"));
    w.minTokens = parser.isSet(QStringLiteral("min-tokens"));
    return readDouble(parser, QStringLiteral("input-tokens-spread"), 0.0, &w.inputSpread, error)
        && readDouble(parser, QStringLiteral("output-tokens-spread"), 0.0, &w.outputSpread, error)
        && readInt(parser, QStringLiteral("shared-prefix-tokens"), 0, &w.sharedPrefixTokens, error)
        && readInt(parser, QStringLiteral("output-tokens"), 1, &c->maxTokens, error);
}

void addWorkloadOptions(QCommandLineParser &parser)
{
    parser.addOption(valueOption(QStringLiteral("input-tokens"),
        QStringLiteral("Synthetic prose prompts that the server itself counts as N tokens: calibrated "
                       "first by short probes against its usage.prompt_tokens (no tokenizer)."),
        QStringLiteral("N")));
    parser.addOption(valueOption(QStringLiteral("input-tokens-spread"),
        QStringLiteral("Draw each prompt's length uniformly from [N(1-R), N(1+R)] (vLLM's "
                       "random-range-ratio; default 0)."),
        QStringLiteral("R"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("shared-prefix-tokens"),
        QStringLiteral("Every synthetic prompt opens with the same P tokens, then differs (prefix caching)."),
        QStringLiteral("P"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("output-tokens"),
        QStringLiteral("Each request's max_tokens (the same as --max-tokens)."), QStringLiteral("M")));
    parser.addOption(valueOption(QStringLiteral("output-tokens-spread"),
        QStringLiteral("Draw each request's max_tokens uniformly from [M(1-R), M(1+R)] (default 0)."),
        QStringLiteral("R"), QStringLiteral("0")));
    parser.addOption(QCommandLineOption(QStringLiteral("ignore-eos"),
        QStringLiteral("Send ignore_eos: true (vLLM, SGLang) so every answer runs to max_tokens.")));
    parser.addOption(QCommandLineOption(QStringLiteral("min-tokens"),
        QStringLiteral("Send min_tokens = max_tokens (vLLM) so every answer is exactly max_tokens long.")));
    parser.addOption(valueOption(QStringLiteral("dataset"),
        QStringLiteral("Prompts from a file: JSONL {\"prompt\", \"output_tokens\"} (vLLM custom), JSONL "
                       "{\"messages\": [...]} (chat) or ShareGPT JSON; checked before anything is sent."),
        QStringLiteral("file")));
    parser.addOption(valueOption(QStringLiteral("dataset-format"),
        QStringLiteral("auto (default), custom, chat or sharegpt."), QStringLiteral("fmt"), QStringLiteral("auto")));
    parser.addOption(QCommandLineOption(QStringLiteral("shuffle"),
        QStringLiteral("Take the dataset in a shuffled order (seeded by --seed) instead of file order.")));
}

bool readFormat(const QString &name, OutputFormat *format, QString *error)
{
    if (name == u"table")
        *format = OutputFormat::Table;
    else if (name == u"json")
        *format = OutputFormat::Json;
    else if (name == u"markdown" || name == u"md")
        *format = OutputFormat::Markdown;
    else if (name == u"csv")
        *format = OutputFormat::Csv;
    else if (name == u"html")
        *format = OutputFormat::Html;
    else {
        *error = QStringLiteral("--format expects table, json, markdown, csv or html, got \"%1\"").arg(name);
        return false;
    }
    return true;
}

/// --proxy none | system | URL
bool readProxy(const QString &value, RunConfig *config, QString *error)
{
    if (value.isEmpty() || value == u"none") {
        config->proxyMode = ProxyMode::None;
        return true;
    }
    if (value == u"system") {
        config->proxyMode = ProxyMode::System;
        return true;
    }
    RunConfig custom;
    custom.proxyMode = ProxyMode::Custom;
    custom.proxyUrl = value;
    const QString problem = RunCheck::proxyProblem(custom);
    if (!problem.isEmpty()) {
        *error = QStringLiteral("--proxy expects none, system or a proxy URL: ") + problem;
        return false;
    }
    config->proxyMode = ProxyMode::Custom;
    config->proxyUrl = value.trimmed();
    return true;
}

/// --transport, --transport-threads, --busy-poll. Only the words and the number are read here:
/// which names exist, the threads' range and what applies to curl only are
/// RunCheck::transportProblem()'s rules, answered with the rest of the config.
bool readTransport(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    config->transport = parser.value(QStringLiteral("transport"));
    config->busyPoll = parser.isSet(QStringLiteral("busy-poll"));
    if (!parser.isSet(QStringLiteral("transport-threads")))
        return true;
    bool ok = false;
    const QString text = parser.value(QStringLiteral("transport-threads"));
    const int threads = text.toInt(&ok);
    if (!ok) {
        *error = QStringLiteral("--transport-threads expects a whole number from 0 (one per usable core) to %1, "
                                "got \"%2\"")
                     .arg(RunCheck::kMaxTransportThreads)
                     .arg(text);
        return false;
    }
    config->transportThreads = threads;
    return true;
}

/// --target-precision (a percentage, "5" or "5%"), --precision-metric, --max-requests. The count
/// options would contradict a level that runs until precise: they are refused beside it.
bool readPrecision(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    if (!parser.isSet(QStringLiteral("target-precision")))
        return true;
    QString text = parser.value(QStringLiteral("target-precision")).trimmed();
    if (text.endsWith(u'%'))
        text.chop(1);
    bool ok = false;
    config->targetPrecisionPct = text.trimmed().toDouble(&ok);
    if (!ok || !(config->targetPrecisionPct > 0)) {
        *error = QStringLiteral("--target-precision expects a percentage above 0, e.g. 5%, got \"%1\"")
                     .arg(parser.value(QStringLiteral("target-precision")));
        return false;
    }
    for (const QString &count : { QStringLiteral("requests"), QStringLiteral("requests-per-concurrency") })
        if (parser.isSet(count)) {
            *error = QStringLiteral("--%1 and --target-precision contradict each other: a level runs until its "
                                    "figure is precise; bound it with --max-requests or --duration")
                         .arg(count);
            return false;
        }
    config->precisionMetric = parser.value(QStringLiteral("precision-metric"));
    return readInt(parser, QStringLiteral("max-requests"), 1, &config->maxRequests, error);
}

void addPrecisionOptions(QCommandLineParser &parser)
{
    parser.addOption(valueOption(QStringLiteral("target-precision"),
        QStringLiteral("Stop each level (--concurrency or finite --request-rate) once the 95 % interval of "
                       "--precision-metric is within this many percent of the figure (e.g. 5%), bounded by "
                       "--max-requests and --duration."),
        QStringLiteral("pct")));
    parser.addOption(valueOption(QStringLiteral("precision-metric"),
        QStringLiteral("The figure --target-precision aims at: <stat>_<metric>_ms, stat p50|median|p90|p95|p99, "
                       "metric ttft|tpot|itl|e2el."),
        QStringLiteral("name"), QStringLiteral("p95_ttft_ms")));
    parser.addOption(valueOption(QStringLiteral("max-requests"),
        QStringLiteral("With --target-precision: the most requests a level sends (default %1).")
            .arg(RunConfig::kDefaultPrecisionMaxRequests),
        QStringLiteral("n")));
}

void addTransportOptions(QCommandLineParser &parser)
{
    parser.addOption(valueOption(QStringLiteral("transport"),
        QStringLiteral("How requests travel: qnam (Qt network, the default) or curl (libcurl on worker threads; "
                       "lower CPU per chunk, timestamps at the socket read)."),
        QStringLiteral("name"), QStringLiteral("qnam")));
    parser.addOption(valueOption(QStringLiteral("transport-threads"),
        QStringLiteral("curl: worker threads (default 0 = one per usable core, at most %1).")
            .arg(RunCheck::kMaxTransportThreads),
        QStringLiteral("k"), QStringLiteral("0")));
    parser.addOption(QCommandLineOption(QStringLiteral("busy-poll"),
        QStringLiteral("curl: worker threads poll without sleeping while requests are in flight, so no read "
                       "waits for a CPU to wake; costs a core per worker.")));
}

// The options that say where the endpoint is and how to reach it, shared by `run`, `curl` and `models`.

QCommandLineOption baseUrlOption()
{
    return valueOption(QStringLiteral("base-url"),
        QStringLiteral("Base URL as the provider prints it, e.g. http://127.0.0.1:8000/v1; "
                       "the API's path is appended (/chat/completions, /completions, "
                       "/responses; /v1/messages for anthropic, after e.g. "
                       "https://api.anthropic.com)."),
        QStringLiteral("url"));
}

QCommandLineOption apiKeyEnvOption()
{
    return valueOption(QStringLiteral("api-key-env"),
        QStringLiteral("Read the API key from this environment variable (default "
                       "OPENAI_API_KEY; ANTHROPIC_API_KEY with --api anthropic)."),
        QStringLiteral("var"));
}

QCommandLineOption apiKeyStdinOption()
{
    return QCommandLineOption(
        QStringLiteral("api-key-stdin"), QStringLiteral("Read the API key from the first line of standard input."));
}

QCommandLineOption apiOption()
{
    return valueOption(QStringLiteral("api"),
        QStringLiteral("chat (default: OpenAI chat completions), completions (legacy), "
                       "responses (OpenAI Responses) or anthropic (Anthropic Messages)."),
        QStringLiteral("kind"), QStringLiteral("chat"));
}

QCommandLineOption headerOption()
{
    return valueOption(QStringLiteral("header"), QStringLiteral("Extra request header \"Name: value\" (repeatable)."),
        QStringLiteral("header"));
}

QCommandLineOption replaceAuthHeaderOption()
{
    return QCommandLineOption(QStringLiteral("replace-auth-header"),
        QStringLiteral("Let a --header named like the API's key header (Authorization; "
                       "x-api-key for anthropic) replace the key TokenScope sends."));
}

QCommandLineOption http2Option()
{
    return QCommandLineOption(
        QStringLiteral("http2"), QStringLiteral("Use HTTP/2 (h2 via ALPN, h2c prior knowledge)."));
}

QCommandLineOption caFileOption()
{
    return valueOption(QStringLiteral("ca-file"),
        QStringLiteral("Also trust the CA certificate(s) in this PEM file (private or "
                       "self-signed CA); the system's stay trusted."),
        QStringLiteral("file"));
}

QCommandLineOption proxyOption()
{
    return valueOption(QStringLiteral("proxy"),
        QStringLiteral("none (default: connect directly), system (http_proxy, https_proxy, "
                       "no_proxy or the desktop's settings), or a proxy URL "
                       "http://host:port or socks5://host:port."),
        QStringLiteral("proxy"), QStringLiteral("none"));
}

bool readApi(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    if (parseApiKind(parser.value(QStringLiteral("api")), &config->api))
        return true;
    *error = QStringLiteral("--api expects chat, completions, responses or anthropic, got \"%1\"")
                 .arg(parser.value(QStringLiteral("api")));
    return false;
}

bool readServerMetrics(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    double intervalS = 1;
    if (!readDouble(parser, QStringLiteral("server-metrics-interval"), 0.1, &intervalS, error))
        return false;
    if (intervalS > MetricsScraper::kMaxIntervalMs / 1000) {
        *error = QStringLiteral("--server-metrics-interval expects at most %1 s, got %2")
                     .arg(MetricsScraper::kMaxIntervalMs / 1000)
                     .arg(parser.value(QStringLiteral("server-metrics-interval")));
        return false;
    }
    config->serverMetricsIntervalMs = int(std::lround(intervalS * 1000));
    config->serverMetricsUrl = parser.value(QStringLiteral("server-metrics"));
    config->serverMetricsSendKey = parser.isSet(QStringLiteral("server-metrics-send-key"));
    return true;
}

bool readRates(const QString &text, QList<double> *out, QString *error)
{
    out->clear();
    for (const QString &raw : text.split(u',', Qt::SkipEmptyParts)) {
        const QString part = raw.trimmed();
        // "inf" (all at once) is the one rate that is not a finite number; toDouble() also reads
        // "nan" and "-inf", refused here. How low a rate may go: RunCheck::loadProblem().
        bool ok = part == QLatin1String("inf");
        const double value = ok ? std::numeric_limits<double>::infinity() : part.toDouble(&ok);
        if (!ok || !(value > 0) || (std::isinf(value) && part != QLatin1String("inf"))) {
            *error = QStringLiteral("--request-rate expects requests per second like 10 or 5,10,20 (inf = all at "
                                    "once); \"%1\" is not a positive number")
                         .arg(part);
            return false;
        }
        out->append(value);
    }
    if (out->isEmpty()) {
        *error = QStringLiteral("--request-rate needs at least one rate, e.g. 10 or 5,10,20");
        return false;
    }
    return true;
}

// The timeout is kept in milliseconds in an int: seconds beyond a week would overflow it (and mean nothing).
bool timeoutInRange(int timeoutS, QString *error)
{
    constexpr int kMaxTimeoutS = 7 * 24 * 3600;
    if (timeoutS <= kMaxTimeoutS)
        return true;
    *error = QStringLiteral("--timeout expects at most %1 s (7 days), got %2").arg(kMaxTimeoutS).arg(timeoutS);
    return false;
}

bool readSeconds(const QCommandLineParser &parser, const QString &name, double *out, QString *error)
{
    return readDouble(parser, name, 0.0, out, error);
}

/// --trace and the options that shape its replay (docs/methodology.md#trace-replay); their ranges:
/// RunCheck::loadProblem().
bool readTraceReplay(const QCommandLineParser &parser, TraceReplay *t, QString *error)
{
    t->path = parser.value(QStringLiteral("trace"));
    t->cacheBust = parser.isSet(QStringLiteral("cache-bust"));
    return readDouble(parser, QStringLiteral("trace-speedup"), 0.0, &t->speedup, error)
        && readSeconds(parser, QStringLiteral("trace-max-gap"), &t->maxGapS, error)
        && readInt(parser, QStringLiteral("trace-start"), 0, &t->start, error)
        && readInt(parser, QStringLiteral("trace-limit"), 0, &t->limit, error)
        && readInt(parser, QStringLiteral("trace-block-tokens"), 1, &t->blockTokens, error);
}

/// --turns and the options that shape each conversation (docs/methodology.md#conversations); their
/// ranges: RunCheck::loadProblem().
bool readConversation(const QCommandLineParser &parser, Conversation *c, QString *error)
{
    c->cacheControl = parser.isSet(QStringLiteral("cache-control"));
    c->chainResponses = parser.isSet(QStringLiteral("previous-response-id"));
    return readInt(parser, QStringLiteral("turns"), 1, &c->turns, error)
        && readInt(parser, QStringLiteral("turn-input-tokens"), 0, &c->turnInputTokens, error)
        && readInt(parser, QStringLiteral("turn-output-tokens"), 0, &c->turnOutputTokens, error)
        && readDouble(parser, QStringLiteral("think-time"), 0.0, &c->thinkTimeMs, error)
        && readDouble(parser, QStringLiteral("think-time-spread"), 0.0, &c->thinkTimeSpread, error);
}

/// --request-rate, --sweep, --find-max-rate and --trace choose the load mode; at most one of them, and
/// none with an explicit --concurrency (which is closed loop; a rate is capped with --max-concurrency).
bool readLoadMode(const QCommandLineParser &parser, RunConfig *c, QString *error)
{
    QStringList modes;
    for (const char *name : { "request-rate", "sweep", "find-max-rate", "trace" })
        if (parser.isSet(QLatin1String(name)))
            modes << QStringLiteral("--") + QLatin1String(name);
    if (modes.size() > 1) {
        *error = QStringLiteral("%1 each choose how the run loads the server: give one of them")
                     .arg(modes.join(QStringLiteral(" and ")));
        return false;
    }
    if (!modes.isEmpty() && parser.isSet(QStringLiteral("concurrency"))) {
        *error = QStringLiteral("--concurrency is closed-loop load and %1 is open-loop: give one; to cap requests in "
                                "flight under a rate, use --max-concurrency")
                     .arg(modes.first());
        return false;
    }
    if (parser.isSet(QStringLiteral("request-rate"))) {
        c->loadMode = LoadMode::Rates;
        return readRates(parser.value(QStringLiteral("request-rate")), &c->requestRates, error);
    }
    if (parser.isSet(QStringLiteral("sweep"))) {
        c->loadMode = LoadMode::Sweep;
        return readInt(parser, QStringLiteral("sweep"), 1, &c->sweepRates, error);
    }
    if (parser.isSet(QStringLiteral("trace"))) {
        c->loadMode = LoadMode::Trace;
        c->arrival = Arrival::Trace;
        return readTraceReplay(parser, &c->trace, error);
    }
    if (parser.isSet(QStringLiteral("find-max-rate"))) {
        c->loadMode = LoadMode::FindMaxRate;
        return SloConstraint::parseList(
                   parser.value(QStringLiteral("find-max-rate")), &c->maxRateConstraints, error, &Stats::isLevelMetric)
            || (error->prepend(QStringLiteral("--find-max-rate: ")), false);
    }
    return true;
}

bool readLoadShape(const QCommandLineParser &parser, RunConfig *c, QString *error)
{
    if (!readLoadMode(parser, c, error))
        return false;
    if (parser.isSet(QStringLiteral("arrival"))
        && (!parseArrival(parser.value(QStringLiteral("arrival")), &c->arrival) || c->arrival == Arrival::Trace)) {
        *error = QStringLiteral("--arrival expects poisson, gamma or constant, got \"%1\"")
                     .arg(parser.value(QStringLiteral("arrival")));
        return false;
    }
    if (parser.isSet(QStringLiteral("burstiness"))) {
        if (!readDouble(parser, QStringLiteral("burstiness"), 0.0, &c->burstiness, error))
            return false;
        if (!parser.isSet(QStringLiteral("arrival")))
            c->arrival = Arrival::Gamma; // as vLLM: --burstiness alone shapes the gamma gaps
    }
    int seed = 0;
    if (!readInt(parser, QStringLiteral("seed"), 0, &seed, error)
        || !readInt(parser, QStringLiteral("max-concurrency"), 0, &c->maxConcurrency, error)
        || !readSeconds(parser, QStringLiteral("duration"), &c->durationS, error)
        || !readSeconds(parser, QStringLiteral("grace"), &c->graceS, error)
        || !readSeconds(parser, QStringLiteral("ramp-up"), &c->rampUpS, error)
        || !readInt(parser, QStringLiteral("max-rate-probes"), 1, &c->maxRateProbes, error))
        return false;
    c->seed = quint32(seed);
    if (!readConversation(parser, &c->conversation, error))
        return false;
    if (parser.isSet(QStringLiteral("goodput"))
        && !GoodputSlo::parse(parser.values(QStringLiteral("goodput")).join(u' '), &c->goodput, error)) {
        error->prepend(QStringLiteral("--goodput: "));
        return false;
    }
    return true;
}

void addLoadShapeOptions(QCommandLineParser &parser)
{
    const RunConfig defaults;
    parser.addOption(valueOption(QStringLiteral("request-rate"),
        QStringLiteral("Open loop: requests per second, one level per rate (inf = all at once), e.g. 5,10,20."),
        QStringLiteral("list")));
    parser.addOption(valueOption(QStringLiteral("arrival"),
        QStringLiteral("Open-loop gaps: poisson, gamma or constant (default poisson)."), QStringLiteral("kind"),
        QStringLiteral("poisson")));
    parser.addOption(valueOption(QStringLiteral("burstiness"),
        QStringLiteral(
            "Gamma shape B, as vLLM's: 1 = Poisson, below 1 burstier, above 1 smoother (implies --arrival gamma)."),
        QStringLiteral("B"), QStringLiteral("1")));
    parser.addOption(valueOption(QStringLiteral("seed"), QStringLiteral("Seed of the open-loop schedules (default 0)."),
        QStringLiteral("n"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("max-concurrency"),
        QStringLiteral("Cap on requests in flight under a rate (default 0 = none); a request due while it is full "
                       "waits, and records the wait."),
        QStringLiteral("n"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("duration"),
        QStringLiteral("Bound each level by time instead of by count (seconds; 0 = by count)."), QStringLiteral("s"),
        QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("grace"),
        QStringLiteral("After --duration, how long requests in flight may finish before they are recorded as "
                       "incomplete (default 30)."),
        QStringLiteral("s"), QString::number(defaults.graceS)));
    parser.addOption(valueOption(QStringLiteral("ramp-up"),
        QStringLiteral(
            "Open loop: raise the rate linearly from 0 over this long first; those requests are not counted."),
        QStringLiteral("s"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("sweep"),
        QStringLiteral("Sweep: a synchronous level, a throughput level, then N rates between them; stops early when "
                       "the server saturates."),
        QStringLiteral("N")));
    parser.addOption(valueOption(QStringLiteral("find-max-rate"),
        QStringLiteral("Search by bisection for the highest rate meeting every constraint, e.g. "
                       "\"p95_ttft_ms<=500,p95_tpot_ms<=50\"."),
        QStringLiteral("constraints")));
    parser.addOption(valueOption(QStringLiteral("trace"),
        QStringLiteral("Replay a timestamped trace (mooncake JSONL: timestamp, input_length, output_length, hash_ids; "
                       "or timed JSONL with input_length or messages): one open-loop level, each request sent at "
                       "its timestamp, --max-concurrency capping it as for a rate. Entries sharing a session_id "
                       "are one conversation's turns: each resends the history with the model's answers, at its "
                       "time or when the answer before it ends."),
        QStringLiteral("file")));
    parser.addOption(valueOption(QStringLiteral("trace-speedup"),
        QStringLiteral("Replay the trace this many times faster (default 1)."), QStringLiteral("x"),
        QStringLiteral("1")));
    parser.addOption(valueOption(QStringLiteral("trace-max-gap"),
        QStringLiteral("Cut every idle gap of the trace to at most this long, before the speed-up (default 0 = as "
                       "recorded)."),
        QStringLiteral("s"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("trace-start"),
        QStringLiteral("Replay from this entry on, counted from 0 in timestamp order (default 0)."),
        QStringLiteral("n"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("trace-limit"),
        QStringLiteral("Replay at most this many entries (default 0 = all)."), QStringLiteral("n"),
        QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("trace-block-tokens"),
        QStringLiteral("Tokens per hash_ids block; equal ids are sent as equal text (default 512, as mooncake)."),
        QStringLiteral("n"), QStringLiteral("512")));
    parser.addOption(QCommandLineOption(QStringLiteral("cache-bust"),
        QStringLiteral("Open every prompt with a nonce of this run's own, so a replayed trace cannot hit prefixes an "
                       "earlier run left cached.")));
    parser.addOption(valueOption(QStringLiteral("turns"),
        QStringLiteral("Conversations of T turns: turn k sends every earlier message and the model's actual answers, "
                       "plus a new prompt. --concurrency then counts conversations at once and "
                       "--requests-per-concurrency conversations per user; --request-rate counts conversations begun "
                       "per second (their later turns follow their answers), --max-concurrency conversations at "
                       "once and --requests conversations (default 1 = single requests)."),
        QStringLiteral("T"), QStringLiteral("1")));
    parser.addOption(valueOption(QStringLiteral("turn-input-tokens"),
        QStringLiteral("With --input-tokens: the new user message of every turn after the first holds this many "
                       "tokens, by the same calibration (default 0 = as the first)."),
        QStringLiteral("n"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("turn-output-tokens"),
        QStringLiteral("max_tokens of every turn after the first (default 0 = as the first, or a dataset "
                       "conversation's recorded answer length)."),
        QStringLiteral("n"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("think-time"),
        QStringLiteral("Pause between an answer's last byte and the next turn's send (default 0)."),
        QStringLiteral("ms"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("think-time-spread"),
        QStringLiteral("Draw each pause from think-time × (1 ± R), seeded by --seed (default 0)."), QStringLiteral("R"),
        QStringLiteral("0")));
    parser.addOption(QCommandLineOption(QStringLiteral("cache-control"),
        QStringLiteral("With --turns and --api anthropic: mark the growing prefix with cache_control breakpoints (the "
                       "system prompt and the last two user messages), as Claude Code does.")));
    parser.addOption(QCommandLineOption(QStringLiteral("previous-response-id"),
        QStringLiteral("With --turns and --api responses: send each later turn's new message with "
                       "previous_response_id (store: true) instead of resending the history (store: false).")));
    parser.addOption(valueOption(QStringLiteral("max-rate-probes"),
        QStringLiteral("Probes (real levels) the search may run after the throughput level (default 8)."),
        QStringLiteral("n"), QString::number(defaults.maxRateProbes)));
    parser.addOption(valueOption(QStringLiteral("goodput"),
        QStringLiteral("SLOs for request_goodput, vLLM's syntax: \"ttft:MS tpot:MS e2el:MS\", any subset (quote it, or "
                       "repeat --goodput)."),
        QStringLiteral("slos")));
}

} // namespace

bool readOutputFormat(const QString &name, OutputFormat *format, QString *error)
{
    return readFormat(name, format, error);
}

void addRunOptions(QCommandLineParser &parser, bool forDemo)
{
    const RunConfig defaults;
    if (!forDemo) {
        parser.addOption(baseUrlOption());
        parser.addOption(valueOption(QStringLiteral("model"), QStringLiteral("Model ID."), QStringLiteral("id")));
        parser.addOption(apiKeyEnvOption());
        parser.addOption(apiKeyStdinOption());
        parser.addOption(apiOption());
    } else {
        parser.addOption(valueOption(QStringLiteral("model"),
            QStringLiteral("Simulated model (default tokenscope-sim): tokenscope-sim and tokenscope-sim-fast "
                           "(5 ms/token) share a small server's batch of 8 and slow down per stream; "
                           "tokenscope-sim-ideal is uncontended."),
            QStringLiteral("id"), QString::fromUtf16(kSimModel)));
    }
    parser.addOption(valueOption(QStringLiteral("concurrency"),
        QStringLiteral("Concurrency levels (default 1,4,8,16)."), QStringLiteral("list"), QStringLiteral("1,4,8,16")));
    parser.addOption(valueOption(
        QStringLiteral("requests"), QStringLiteral("Fixed number of requests per level."), QStringLiteral("n")));
    parser.addOption(valueOption(QStringLiteral("requests-per-concurrency"),
        QStringLiteral("Requests per level = this x concurrency (default 4)."), QStringLiteral("n"),
        QString::number(defaults.requestsPerConcurrency)));
    parser.addOption(valueOption(QStringLiteral("max-tokens"), QStringLiteral("max_tokens (default 256)."),
        QStringLiteral("n"), QString::number(defaults.maxTokens)));
    parser.addOption(valueOption(QStringLiteral("temperature"), QStringLiteral("temperature (default 0)."),
        QStringLiteral("t"), QStringLiteral("0")));
    parser.addOption(valueOption(QStringLiteral("prompt"), QStringLiteral("Prompt text (default: the shipped prompt)."),
        QStringLiteral("text")));
    parser.addOption(valueOption(
        QStringLiteral("prompt-file"), QStringLiteral("Read the prompt from a file."), QStringLiteral("path")));
    parser.addOption(valueOption(QStringLiteral("warmup"),
        QStringLiteral("Warm-up requests before the run, not counted (default 1)."), QStringLiteral("n"),
        QString::number(defaults.warmupRequests)));
    parser.addOption(valueOption(QStringLiteral("min-tokens-for-tpot"),
        QStringLiteral("TPOT/ITL leave out requests with fewer output tokens (default 20)."), QStringLiteral("n"),
        QString::number(defaults.minTokensForTpot)));
    addLoadShapeOptions(parser);
    addWorkloadOptions(parser);
    parser.addOption(headerOption());
    parser.addOption(replaceAuthHeaderOption());
    parser.addOption(valueOption(QStringLiteral("extra-body"),
        QStringLiteral("JSON object merged into the request body."), QStringLiteral("json")));
    parser.addOption(valueOption(QStringLiteral("timeout"),
        QStringLiteral("Inactivity timeout per request in seconds (default 60)."), QStringLiteral("s"),
        QStringLiteral("60")));
    parser.addOption(valueOption(QStringLiteral("request-deadline"),
        QStringLiteral("Abort a request still open this many seconds after its send, as "
                       "\"deadline\" (default 0 = none)."),
        QStringLiteral("s"), QStringLiteral("0")));
    parser.addOption(http2Option());
    addTransportOptions(parser);
    addPrecisionOptions(parser);
    parser.addOption(valueOption(QStringLiteral("slice"),
        QStringLiteral("Also summarise each level in windows this many seconds long (e.g. 5): TTFT, output "
                       "tok/s and requests in flight per window (default 0 = off)."),
        QStringLiteral("s"), QStringLiteral("0")));
    if (!forDemo) {
        parser.addOption(caFileOption());
        parser.addOption(proxyOption());
    }
    parser.addOption(QCommandLineOption(QStringLiteral("no-usage"),
        QStringLiteral("Do not send stream_options.include_usage (strict gateways; "
                       "chat and completions: Responses and Anthropic always "
                       "stream usage).")));
    parser.addOption(QCommandLineOption(QStringLiteral("per-chunk-usage"),
        QStringLiteral("Also send stream_options.continuous_usage_stats (vLLM, SGLang): usage on every "
                       "chunk gives a per-token ITL beside the per-chunk one (chat and completions).")));
    parser.addOption(QCommandLineOption(
        QStringLiteral("no-preconnect"), QStringLiteral("Do not open connections before each level.")));
    parser.addOption(valueOption(QStringLiteral("server-metrics"),
        QStringLiteral("Scrape the server's Prometheus metrics at this URL through the run "
                       "(e.g. http://host:8000/metrics; demo: the simulator's)."),
        QStringLiteral("url")));
    parser.addOption(valueOption(QStringLiteral("server-metrics-interval"),
        QStringLiteral("Seconds between scrapes of --server-metrics (default 1, from 0.1 to 3600)."),
        QStringLiteral("s"), QStringLiteral("1")));
    parser.addOption(QCommandLineOption(QStringLiteral("server-metrics-send-key"),
        QStringLiteral("Send the API key to --server-metrics on another host or port "
                       "too (on the Base URL's origin it is always sent).")));
    parser.addOption(valueOption(QStringLiteral("out"),
        QStringLiteral(
            "Write summary.json, requests.jsonl, results.csv, report.md, report.html, server_metrics.jsonl here."),
        QStringLiteral("dir")));
    parser.addOption(
        valueOption(QStringLiteral("format"), QStringLiteral("Results on stdout: table, json, markdown, csv or html."),
            QStringLiteral("fmt"), QStringLiteral("table")));
    parser.addOption(valueOption(QStringLiteral("repeat"),
        QStringLiteral("Run the whole configuration this many times back to back (1 to %1, default 1) and print "
                       "the spread between runs beside the spread within them; --out DIR gets DIR/repeat-1 … "
                       "and repeats.json, repeats.md.")
            .arg(RunSession::kMaxRepeats),
        QStringLiteral("k"), QStringLiteral("1")));
}

namespace {

/// --repeat K: what RunSession::repeatProblem allows beside the run's load, and a --format that
/// can show one summary (docs/metrics.md#repeats). A/B: readAbOptions.
bool readRepeat(const QCommandLineParser &parser, RunOptions *out, QString *error)
{
    if (!readInt(parser, QStringLiteral("repeat"), 1, &out->repeats, error))
        return false;
    if (const QString problem = RunSession::repeatProblem({ out->config }, out->repeats); !problem.isEmpty()) {
        *error = QStringLiteral("--repeat: ") + problem;
        return false;
    }
    if (out->repeats > 1 && (out->format == OutputFormat::Csv || out->format == OutputFormat::Html)) {
        *error = QStringLiteral("--repeat prints one repeat summary (--format table, markdown or json); each "
                                "repeat's csv and html are in --out DIR/repeat-N");
        return false;
    }
    return true;
}

// demo --model: one of the built-in simulator's models (docs/simulator.md#models).
bool readDemoModel(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    const QStringList models = builtInSimulatorConfig().models;
    config->model = parser.value(QStringLiteral("model"));
    if (models.contains(config->model))
        return true;
    *error = QStringLiteral("--model: the built-in simulator serves %1, not \"%2\"")
                 .arg(models.join(QStringLiteral(", ")), config->model);
    return false;
}

} // namespace

bool readRunOptions(const QCommandLineParser &parser, bool forDemo, RunOptions *out, QString *error)
{
    RunConfig &c = out->config;
    if (!forDemo) {
        if (!parser.isSet(QStringLiteral("base-url")) || !parser.isSet(QStringLiteral("model"))) {
            *error = QStringLiteral(
                "run needs --base-url and --model (try `tokenscope-cli demo` for the built-in simulator)");
            return false;
        }
        c.baseUrl = parser.value(QStringLiteral("base-url"));
        c.model = parser.value(QStringLiteral("model"));
        if (!readApi(parser, &c, error) || !readApiKey(parser, &c, &out->keyVariable, error))
            return false;
    } else if (!readDemoModel(parser, &c, error)) {
        return false;
    }
    int timeoutS = 60;
    double requestDeadlineS = 0;
    if (!readLevels(parser.value(QStringLiteral("concurrency")), &c.concurrencyLevels, error)
        || !readInt(parser, QStringLiteral("requests"), 1, &c.requestsPerLevel, error)
        || !readInt(parser, QStringLiteral("requests-per-concurrency"), 1, &c.requestsPerConcurrency, error)
        || !readInt(parser, QStringLiteral("max-tokens"), 1, &c.maxTokens, error)
        || !readDouble(parser, QStringLiteral("temperature"), 0.0, &c.temperature, error)
        || !readInt(parser, QStringLiteral("warmup"), 0, &c.warmupRequests, error)
        || !readInt(parser, QStringLiteral("min-tokens-for-tpot"), 2, &c.minTokensForTpot, error)
        || !readInt(parser, QStringLiteral("timeout"), 1, &timeoutS, error) || !timeoutInRange(timeoutS, error)
        || !readLoadShape(parser, &c, error)
        || !readDouble(parser, QStringLiteral("request-deadline"), 0.0, &requestDeadlineS, error)
        || !readDouble(parser, QStringLiteral("slice"), 0.0, &c.sliceS, error) || !readHeaders(parser, &c, error)
        || !readPrompt(parser, &c, error) || !readWorkload(parser, &c, error)
        || !readFormat(parser.value(QStringLiteral("format")), &out->format, error))
        return false;
    c.timeoutMs = timeoutS * 1000;
    if (!(requestDeadlineS <= 86400)) {
        *error = QStringLiteral("--request-deadline expects seconds from 0 (none) to 86400, got \"%1\"")
                     .arg(parser.value(QStringLiteral("request-deadline")));
        return false;
    }
    c.requestDeadlineMs = int(std::lround(std::min(requestDeadlineS, 86400.0) * 1000));
    if (!readServerMetrics(parser, &c, error))
        return false;
    if (!RequestBuilder::parseExtraBody(parser.value(QStringLiteral("extra-body")), &c.extraBody, error))
        return false;
    c.http2 = parser.isSet(QStringLiteral("http2"));
    if (!readTransport(parser, &c, error) || !readPrecision(parser, &c, error))
        return false;
    c.includeUsage = !parser.isSet(QStringLiteral("no-usage"));
    c.perChunkUsage = parser.isSet(QStringLiteral("per-chunk-usage"));
    c.preconnect = !parser.isSet(QStringLiteral("no-preconnect"));
    if (!forDemo) {
        c.caCertificatesPath = parser.value(QStringLiteral("ca-file"));
        if (!readProxy(parser.value(QStringLiteral("proxy")), &c, error))
            return false;
    }
    out->outDir = parser.value(QStringLiteral("out"));
    if (!readRepeat(parser, out, error))
        return false;
    const QString problem = RunCheck::problem(c);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    return true;
}

void addEndpointOptions(QCommandLineParser &parser)
{
    for (const QCommandLineOption &option : { baseUrlOption(), apiOption(), apiKeyEnvOption(), apiKeyStdinOption(),
             headerOption(), replaceAuthHeaderOption(), caFileOption(), proxyOption(), http2Option() })
        parser.addOption(option);
}

bool readEndpointOptions(const QCommandLineParser &parser, RunConfig *config, QString *error)
{
    if (!parser.isSet(QStringLiteral("base-url"))) {
        *error = QStringLiteral("--base-url is missing: the Base URL as the provider prints it, e.g. "
                                "http://127.0.0.1:8000/v1 or https://api.anthropic.com");
        return false;
    }
    config->baseUrl = parser.value(QStringLiteral("base-url"));
    QString keyVariable;
    if (!readApi(parser, config, error) || !readApiKey(parser, config, &keyVariable, error)
        || !readHeaders(parser, config, error) || !readProxy(parser.value(QStringLiteral("proxy")), config, error))
        return false;
    config->http2 = parser.isSet(QStringLiteral("http2"));
    config->caCertificatesPath = parser.value(QStringLiteral("ca-file"));
    // The Base URL, header names and CA file as a run checks them (the model is not needed here).
    const QString problem = RunCheck::problem(*config);
    if (!problem.isEmpty()) {
        *error = problem;
        return false;
    }
    return true;
}

QList<RunConfig> RunOptions::arms() const
{
    if (!armB)
        return { config };
    RunConfig b = *armB;
    b.serverMetricsUrl.clear(); // a run scrapes arm A's metrics URL only (docs/metrics.md#server-metrics)
    return { config, b };
}

void addAbOptions(QCommandLineParser &parser)
{
    parser.addOption(valueOption(QStringLiteral("ab-model"),
        QStringLiteral("A/B interleaved run: arm B sends the same requests with this model "
                       "(A is --model); requests alternate A, B, A, B. --out DIR writes DIR/A, DIR/B and, "
                       "beside them, comparison.md and report.html of both arms (--format html prints that page)."),
        QStringLiteral("id")));
    parser.addOption(valueOption(QStringLiteral("ab-base-url"),
        QStringLiteral("A/B: arm B's base URL (default: --base-url)."), QStringLiteral("url")));
    parser.addOption(valueOption(QStringLiteral("ab-api-key-env"),
        QStringLiteral("A/B: read arm B's API key from this environment variable "
                       "(default: A's key)."),
        QStringLiteral("var")));
}

bool readAbOptions(const QCommandLineParser &parser, RunOptions *out, QString *error)
{
    const QString model = QStringLiteral("ab-model"), baseUrl = QStringLiteral("ab-base-url"),
                  keyEnv = QStringLiteral("ab-api-key-env");
    if (!parser.isSet(model) && !parser.isSet(baseUrl) && !parser.isSet(keyEnv))
        return true;
    RunConfig b = out->config; // the same run settings; only the endpoint, model and key may differ
    if (parser.isSet(baseUrl))
        b.baseUrl = parser.value(baseUrl);
    if (parser.isSet(model))
        b.model = parser.value(model);
    if (parser.isSet(keyEnv)) {
        const QString var = parser.value(keyEnv);
        b.apiKey = KeyResolution::fromEnvironment(var);
        // Unlike A's default variable, this one was named on purpose: empty is a typo, not "no key".
        if (b.apiKey.isEmpty()) {
            *error = QStringLiteral("--ab-api-key-env: the environment variable \"%1\" is not set or empty").arg(var);
            return false;
        }
    }
    if (const QString interleaving = RunCheck::interleavingProblem(out->config); !interleaving.isEmpty()) {
        *error = QStringLiteral("--ab-model with --sweep or --find-max-rate: %1 (--request-rate)").arg(interleaving);
        return false;
    }
    const QList<RunCheck::Problem> problems = RunCheck::problems(b);
    if (!problems.isEmpty()) {
        // Everything else was copied from A, which passed: the model or the base URL is at fault.
        const bool baseUrlAtFault = problems.first().section == RunCheck::Section::Endpoint;
        *error = QStringLiteral("--%1 (arm B): %2").arg(baseUrlAtFault ? baseUrl : model, problems.first().message);
        return false;
    }
    if (const QString where = RunCheck::otherArmsKeyProblem(out->config, b); !where.isEmpty()) {
        *error = QStringLiteral("%1 (--ab-base-url, --ab-api-key-env)").arg(where);
        return false;
    }
    if (const QString problem = RunSession::repeatProblem({ out->config, b }, out->repeats); !problem.isEmpty()) {
        *error = QStringLiteral("--repeat: ") + problem;
        return false;
    }
    out->armB = b;
    return true;
}

void addServeOptions(QCommandLineParser &parser)
{
    const SimConfig d;
    const auto num = [](double v) { return QString::number(v); };
    parser.addOption(valueOption(QStringLiteral("host"), QStringLiteral("Address to listen on (default 127.0.0.1)."),
        QStringLiteral("addr"), QStringLiteral("127.0.0.1")));
    parser.addOption(valueOption(QStringLiteral("port"), QStringLiteral("Port (default 8000; 0 = any free port)."),
        QStringLiteral("port"), QStringLiteral("8000")));
    parser.addOption(valueOption(QStringLiteral("model"), QStringLiteral("Model name listed by /v1/models."),
        QStringLiteral("id"), d.models.value(0)));
    parser.addOption(valueOption(QStringLiteral("require-key-env"),
        QStringLiteral("Require the API key held in this environment variable (401 otherwise)."),
        QStringLiteral("var")));
    parser.addOption(valueOption(QStringLiteral("ttft-ms"), QStringLiteral("Base time to first token."),
        QStringLiteral("ms"), num(d.baseTtftMs)));
    parser.addOption(valueOption(QStringLiteral("prefill-us-per-token"),
        QStringLiteral("Prefill cost per prompt token not served from the prefix cache (prompt "
                       "tokens: the simulator's own count, docs/simulator.md)."),
        QStringLiteral("us"), num(d.prefillUsPerToken)));
    parser.addOption(QCommandLineOption(QStringLiteral("prefix-cache"),
        QStringLiteral("A toy prefix cache: a prompt's leading 16-token blocks seen "
                       "before are cached (usage cached_tokens) and skip prefill.")));
    parser.addOption(valueOption(QStringLiteral("decode-ms"), QStringLiteral("Time per output token."),
        QStringLiteral("ms"), num(d.decodeIntervalMs)));
    parser.addOption(valueOption(QStringLiteral("model-decode-ms"),
        QStringLiteral("Also serve MODEL, decoding at MS per token (repeatable), e.g. fast=5."),
        QStringLiteral("model=ms")));
    parser.addOption(valueOption(QStringLiteral("jitter-ms"), QStringLiteral("Uniform +- jitter per token."),
        QStringLiteral("ms"), num(d.jitterMs)));
    parser.addOption(valueOption(QStringLiteral("slowdown-per-stream"),
        QStringLiteral("Decode slows by this fraction per extra active stream (contention)."), QStringLiteral("f"),
        num(d.slowdownPerStream)));
    parser.addOption(valueOption(QStringLiteral("max-batch"),
        QStringLiteral("Streams decoding at once; more queue (0 = unlimited)."), QStringLiteral("n"),
        QString::number(d.maxBatch)));
    parser.addOption(valueOption(QStringLiteral("kv-cache-tokens"),
        QStringLiteral("The notional KV cache behind /metrics' cache usage, in tokens (no "
                       "effect on timing)."),
        QStringLiteral("n"), QString::number(d.kvCacheTokens)));
    parser.addOption(valueOption(QStringLiteral("output-tokens"),
        QStringLiteral("Tokens per response (0 = the request's max_tokens); a request's "
                       "min_tokens raises it, its ignore_eos makes it max_tokens."),
        QStringLiteral("n"), QString::number(d.outputTokens)));
    parser.addOption(valueOption(QStringLiteral("tokens-per-chunk"), QStringLiteral("Tokens per chunk."),
        QStringLiteral("n"), QString::number(d.tokensPerChunk)));
    parser.addOption(
        QCommandLineOption(QStringLiteral("mixed-chunks"), QStringLiteral("Chunk sizes cycle 1,3,2,4 tokens.")));
    parser.addOption(
        valueOption(QStringLiteral("reasoning-tokens"), QStringLiteral("Reasoning tokens before the content."),
            QStringLiteral("n"), QString::number(d.reasoningTokens)));
    parser.addOption(QCommandLineOption(QStringLiteral("no-role-chunk"), QStringLiteral("No role-only first chunk.")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("usage-always"), QStringLiteral("Send usage even when not asked for.")));
    parser.addOption(valueOption(QStringLiteral("fault"),
        QStringLiteral("One of: %1 (docs/simulator.md lists what each does per API).")
            .arg(simFaultNames().join(QStringLiteral(", "))),
        QStringLiteral("kind"), QStringLiteral("none")));
    parser.addOption(valueOption(QStringLiteral("fault-every"), QStringLiteral("The fault hits every n-th request."),
        QStringLiteral("n"), QString::number(d.faultEvery)));
    parser.addOption(
        valueOption(QStringLiteral("fault-after-chunks"), QStringLiteral("Chunks sent before reset/stall/malformed."),
            QStringLiteral("n"), QString::number(d.faultAfterChunks)));
    parser.addOption(valueOption(QStringLiteral("wire-log"),
        QStringLiteral("Append the write time of every chunk (JSONL) to this file."), QStringLiteral("path")));
    parser.addOption(valueOption(
        QStringLiteral("threads"), QStringLiteral("Worker threads."), QStringLiteral("n"), QString::number(d.threads)));
    parser.addOption(valueOption(
        QStringLiteral("seed"), QStringLiteral("Jitter random seed."), QStringLiteral("n"), QString::number(d.seed)));
    parser.addOption(valueOption(QStringLiteral("tls-cert"),
        QStringLiteral("Serve HTTPS with this PEM certificate (chain); needs --tls-key."), QStringLiteral("file")));
    parser.addOption(valueOption(
        QStringLiteral("tls-key"), QStringLiteral("PEM private key for --tls-cert."), QStringLiteral("file")));
}

bool readServeOptions(const QCommandLineParser &parser, SimConfig *out, QString *error)
{
    SimConfig &s = *out;
    if (!s.address.setAddress(parser.value(QStringLiteral("host")))) {
        *error = QStringLiteral("--host expects an IP address such as 127.0.0.1");
        return false;
    }
    int port = 8000, maxBatch = 0, seed = 1;
    if (!readInt(parser, QStringLiteral("port"), 0, &port, error) || port > 65535) {
        if (error->isEmpty())
            *error = QStringLiteral("--port must be at most 65535");
        return false;
    }
    s.port = quint16(port);
    s.models = QStringList { parser.value(QStringLiteral("model")) };
    if (parser.isSet(QStringLiteral("require-key-env")))
        s.apiKey = KeyResolution::fromEnvironment(parser.value(QStringLiteral("require-key-env")));
    if (!readDouble(parser, QStringLiteral("ttft-ms"), 0, &s.baseTtftMs, error)
        || !readDouble(parser, QStringLiteral("prefill-us-per-token"), 0, &s.prefillUsPerToken, error)
        || !readDouble(parser, QStringLiteral("decode-ms"), 0, &s.decodeIntervalMs, error)
        || !readDouble(parser, QStringLiteral("jitter-ms"), 0, &s.jitterMs, error)
        || !readDouble(parser, QStringLiteral("slowdown-per-stream"), 0, &s.slowdownPerStream, error)
        || !readInt(parser, QStringLiteral("max-batch"), 0, &maxBatch, error)
        || !readInt(parser, QStringLiteral("kv-cache-tokens"), 1, &s.kvCacheTokens, error)
        || !readInt(parser, QStringLiteral("output-tokens"), 0, &s.outputTokens, error)
        || !readInt(parser, QStringLiteral("tokens-per-chunk"), 1, &s.tokensPerChunk, error)
        || !readInt(parser, QStringLiteral("reasoning-tokens"), 0, &s.reasoningTokens, error)
        || !readInt(parser, QStringLiteral("fault-every"), 1, &s.faultEvery, error)
        || !readInt(parser, QStringLiteral("fault-after-chunks"), 0, &s.faultAfterChunks, error)
        || !readInt(parser, QStringLiteral("threads"), 1, &s.threads, error)
        || !readInt(parser, QStringLiteral("seed"), 0, &seed, error))
        return false;
    if (!readModelSpeeds(parser.values(QStringLiteral("model-decode-ms")), &s, error))
        return false;
    s.maxBatch = maxBatch;
    s.seed = quint32(seed);
    s.mixedChunks = parser.isSet(QStringLiteral("mixed-chunks"));
    s.roleFirstChunk = !parser.isSet(QStringLiteral("no-role-chunk"));
    s.usageByDefault = parser.isSet(QStringLiteral("usage-always"));
    s.prefixCache = parser.isSet(QStringLiteral("prefix-cache"));
    if (!parseSimFault(parser.value(QStringLiteral("fault")), &s.fault)) {
        *error = QStringLiteral("--fault expects one of: %1").arg(simFaultNames().join(QStringLiteral(", ")));
        return false;
    }
    s.wireLogPath = parser.value(QStringLiteral("wire-log"));
    s.tlsCertificatePath = parser.value(QStringLiteral("tls-cert"));
    s.tlsKeyPath = parser.value(QStringLiteral("tls-key"));
    if (s.tlsCertificatePath.isEmpty() != s.tlsKeyPath.isEmpty()) {
        *error = QStringLiteral("--tls-cert and --tls-key go together (PEM certificate and its private key)");
        return false;
    }
    return true;
}

} // namespace TokenScope::Cli
