// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later

#include "runcheck.h"

#include "core/secrets.h"
#include "net/clientpool.h"
#include "net/endpointurl.h"
#include "net/headerrules.h"
#include "net/requestbuilder.h"
#include "servermetrics/metricsscraper.h"
#include "stats/precision.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace TokenScope::RunCheck {

namespace {

// The texts a user reads before a run starts (under the Run button, in the connection check),
// translated in the window; a struct only so that they share the "TokenScope::RunCheck" context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::RunCheck)
};

// A trace replay (docs/methodology.md#trace-replay): its file sets the requests, their times and
// their prompts, so nothing else may.
QString traceProblem(const RunConfig &config)
{
    const TraceReplay &t = config.trace;
    if (config.loadMode != LoadMode::Trace)
        return config.arrival == Arrival::Trace
            ? Text::tr("Arrivals from a trace come with a trace file (--trace FILE).")
            : QString();
    if (t.path.trimmed().isEmpty())
        return Text::tr("No trace file is chosen (--trace FILE).");
    if (!(std::isfinite(t.speedup) && t.speedup >= 0.001 && t.speedup <= 1000))
        return Text::tr("The trace's speed-up is from 0.001 to 1000 (--trace-speedup; 2 replays it twice as fast).");
    if (!(std::isfinite(t.maxGapS) && t.maxGapS >= 0 && t.maxGapS <= kMaxLevelSeconds))
        return Text::tr("The trace's longest gap is from 0 (no cap) to %1 s (--trace-max-gap).")
            .arg(kMaxLevelSeconds, 0, 'f', 0);
    if (t.start < 0 || t.limit < 0)
        return Text::tr("The trace's start and limit cannot be negative (--trace-start, --trace-limit).");
    if (t.blockTokens < TraceReplay::kMinBlockTokens || t.blockTokens > TraceReplay::kMaxBlockTokens)
        return Text::tr("A trace's block holds %1 to %2 tokens (--trace-block-tokens; mooncake's traces use 512).")
            .arg(TraceReplay::kMinBlockTokens)
            .arg(TraceReplay::kMaxBlockTokens);
    if (config.workload.kind != WorkloadKind::FixedPrompt)
        return Text::tr("A trace brings its own prompts: it cannot be combined with prompts of N tokens or a dataset.");
    if (config.durationS > 0 || config.rampUpS > 0 || config.stopsWhenPrecise())
        return Text::tr("A trace's timestamps set how long it runs: cut it with --trace-start and --trace-limit "
                        "instead of a duration, a ramp-up or a target precision.");
    return {};
}

// Conversations (docs/methodology.md#conversations): closed-loop users, each holding one
// conversation at a time, over an API that takes a list of messages.
QString conversationProblem(const RunConfig &config)
{
    const Conversation &c = config.conversation;
    if (c.turns < 1 || c.turns > Conversation::kMaxTurns)
        return Text::tr("A conversation has 1 to %1 turns (--turns).").arg(Conversation::kMaxTurns);
    if (!c.isOn()) {
        if (c.cacheControl || c.chainResponses)
            return Text::tr("--cache-control and --previous-response-id shape the turns of a conversation: give "
                            "--turns 2 or more.");
        return {};
    }
    if (c.turnInputTokens < 0 || c.turnInputTokens > RequestRecord::kMaxPlausibleTokens)
        return Text::tr("A turn's input tokens are from 0 (as the first turn's) to %1 (--turn-input-tokens).")
            .arg(RequestRecord::kMaxPlausibleTokens);
    if (c.turnInputTokens > 0 && !config.workload.isSynthetic())
        return Text::tr("--turn-input-tokens sizes prompts of N tokens: give --input-tokens for the first turn too.");
    if (c.turnOutputTokens < 0 || c.turnOutputTokens > RequestRecord::kMaxPlausibleTokens)
        return Text::tr("A turn's output tokens are from 0 (the run's max_tokens) to %1 (--turn-output-tokens).")
            .arg(RequestRecord::kMaxPlausibleTokens);
    if (!(std::isfinite(c.thinkTimeMs) && c.thinkTimeMs >= 0 && c.thinkTimeMs <= Conversation::kMaxThinkTimeMs))
        return Text::tr("The think time is from 0 to %1 ms (--think-time).")
            .arg(Conversation::kMaxThinkTimeMs, 0, 'f', 0);
    if (!(std::isfinite(c.thinkTimeSpread) && c.thinkTimeSpread >= 0 && c.thinkTimeSpread < 1))
        return Text::tr("The think time's spread is from 0 to below 1 (--think-time-spread 0.2: ±20 %).");
    if (config.loadMode != LoadMode::Concurrency && config.loadMode != LoadMode::Rates)
        return Text::tr("Conversations run with concurrency levels (--concurrency: that many conversations at "
                        "once) or request rates (--request-rate: conversations begun per second); sweeps and "
                        "the max-rate search send single requests, and a trace's conversations are its "
                        "session_ids.");
    if (config.api == ApiKind::Completions)
        return Text::tr("Conversations need an API that takes messages (chat, responses or anthropic); "
                        "/completions takes one prompt.");
    if (c.cacheControl && config.api != ApiKind::AnthropicMessages)
        return Text::tr("--cache-control marks Anthropic Messages' cache breakpoints: use --api anthropic, or "
                        "leave it out (OpenAI-style servers cache a repeated prefix by themselves).");
    if (c.chainResponses && config.api != ApiKind::Responses)
        return Text::tr("--previous-response-id chains turns of the Responses API: use --api responses.");
    if (config.stopsWhenPrecise())
        return Text::tr("A target precision stops a level mid-conversation: use a count of conversations "
                        "(--requests-per-concurrency) or a duration with --turns.");
    return {};
}

} // namespace

QString loadProblem(const RunConfig &config)
{
    if (const QString problem = traceProblem(config); !problem.isEmpty())
        return problem;
    if (const QString problem = conversationProblem(config); !problem.isEmpty())
        return problem;
    if (config.durationS < 0 || config.graceS < 0 || config.rampUpS < 0)
        return Text::tr("Duration, grace and ramp-up cannot be negative.");
    // Before the rates, whose schedule they bound. NaN passes every comparison: each is asked to be
    // finite and within the bound (docs/metrics.md#number-limits).
    const struct
    {
        double seconds;
        const char *option;
    } spans[] = { { config.durationS, "--duration" }, { config.graceS, "--grace" }, { config.rampUpS, "--ramp-up" } };
    for (const auto &span : spans) {
        if (!(std::isfinite(span.seconds) && span.seconds <= kMaxLevelSeconds))
            //: %1: the number given, %2: the bound in seconds, %3: the command-line option, e.g. --duration
            return Text::tr("Duration, grace and ramp-up are each at most %2 s (7 days); %1 is not (%3).")
                .arg(span.seconds)
                .arg(kMaxLevelSeconds, 0, 'f', 0)
                .arg(QLatin1String(span.option));
    }
    if (config.loadMode == LoadMode::Concurrency) {
        if (config.concurrencyLevels.isEmpty())
            return Text::tr("No concurrency levels given.");
        for (int c : config.concurrencyLevels) {
            if (c < 1 || c > 4096)
                return Text::tr("Concurrency %1 is out of range (1 to 4096).").arg(c);
        }
    }
    if (config.loadMode == LoadMode::Rates) {
        if (config.requestRates.isEmpty())
            return Text::tr("No request rates given.");
        for (double r : config.requestRates) {
            if (!(r > 0))
                return Text::tr("Request rate %1 must be above 0 requests per second (or inf).").arg(r);
            if (r < kMinRequestRate)
                return Text::tr("Request rate %1 is below %2 requests per second (one request every %3 s), the "
                                "lowest a level may have (Request rates, --request-rate).")
                    .arg(r)
                    .arg(kMinRequestRate)
                    .arg(1 / kMinRequestRate);
            if (!std::isinf(r) && config.durationS > 0 && r * (config.durationS + config.rampUpS) > kMaxScheduledSends)
                return Text::tr("Request rate %1 for %2 s schedules more than %3 requests in one level: lower the "
                                "rate or the duration (--request-rate, --duration).")
                    .arg(r)
                    .arg(config.durationS + config.rampUpS)
                    .arg(kMaxScheduledSends, 0, 'f', 0);
            if (std::isinf(r) && config.durationS > 0 && config.maxConcurrency <= 0)
                return Text::tr("A rate of inf sends everything at once; bounded by a duration it needs a "
                                "concurrency cap (Max concurrency, --max-concurrency) to say how many stay in flight.");
        }
    }
    if (config.maxConcurrency < 0 || config.maxConcurrency > 4096)
        return Text::tr("The concurrency cap %1 is out of range (0 = none, up to 4096).").arg(config.maxConcurrency);
    if (!std::isfinite(config.burstiness) || (config.arrival == Arrival::Gamma && !(config.burstiness > 0)))
        return Text::tr("Burstiness must be above 0 (1 = Poisson; below 1 burstier, above 1 smoother).");
    if (config.loadMode == LoadMode::Sweep) {
        if (config.sweepRates < 1 || config.sweepRates > 100)
            return Text::tr("A sweep needs 1 to 100 rates between the synchronous and the throughput level.");
        if (config.durationS > 0 && config.maxConcurrency <= 0)
            return Text::tr("A sweep bounded by a duration needs a concurrency cap for its "
                            "throughput level, which keeps that many in flight (Max concurrency, --max-concurrency).");
    }
    if (config.loadMode == LoadMode::FindMaxRate) {
        if (config.maxRateConstraints.isEmpty())
            return Text::tr("The max-rate search has no constraint: give one such as p95_ttft_ms<=500.");
        if (config.maxRateProbes < 1 || config.maxRateProbes > 30)
            return Text::tr("The max-rate search needs 1 to 30 probes.");
        if (config.durationS > 0 && config.maxConcurrency <= 0)
            return Text::tr("A max-rate search bounded by a duration needs a concurrency cap for its throughput "
                            "level (Max concurrency, --max-concurrency).");
    }
    return sliceProblem(config);
}

// Slices (docs/metrics.md#slices): a width the chunk times can fill and a sane count per level.
QString sliceProblem(const RunConfig &config)
{
    if (config.sliceS == 0)
        return {};
    if (!std::isfinite(config.sliceS) || config.sliceS < RunConfig::kMinSliceS)
        return Text::tr("A slice lasts at least %1 s (--slice 5; 0 = off).").arg(RunConfig::kMinSliceS);
    if (config.durationS > 0 && config.durationS / config.sliceS > RunConfig::kMaxSlicesPerLevel)
        return Text::tr("--slice %1 cuts a %2 s level into more than %3 slices: use --slice %4 or more.")
            .arg(config.sliceS)
            .arg(config.durationS)
            .arg(RunConfig::kMaxSlicesPerLevel)
            .arg(config.durationS / RunConfig::kMaxSlicesPerLevel);
    return {};
}

QString workloadProblem(const RunConfig &config)
{
    const Workload &w = config.workload;
    if (!(w.outputSpread >= 0 && w.outputSpread < 1 && w.inputSpread >= 0 && w.inputSpread < 1)) // NaN too
        return Text::tr("A length spread is a fraction from 0 to below 1 (0.1 draws lengths within ±10 %).");
    switch (w.kind) {
    case WorkloadKind::Synthetic:
        if (w.inputTokens < 1)
            return Text::tr("Prompts of N tokens need N of at least 1 (--input-tokens).");
        if (!config.includeUsage && (config.api == ApiKind::ChatCompletions || config.api == ApiKind::Completions))
            return Text::tr("Prompts of N tokens are calibrated against the server's usage count, and usage is "
                            "switched off (--no-usage). Switch it on, or send a dataset or a fixed prompt.");
        if (w.sharedPrefixTokens < 0 || w.sharedPrefixTokens >= w.minInputTokens())
            return Text::tr("The shared prefix (%1 tokens) must be shorter than the shortest prompt (%2 tokens).")
                .arg(w.sharedPrefixTokens)
                .arg(w.minInputTokens());
        break;
    case WorkloadKind::Dataset:
        if (w.datasetPath.trimmed().isEmpty())
            return Text::tr("No dataset file is chosen.");
        break;
    case WorkloadKind::FixedPrompt:
        if (w.sharedPrefixTokens > 0)
            return Text::tr("A shared prefix belongs to prompts of N tokens (--input-tokens).");
        break;
    }
    return {};
}

namespace {

// Per-chunk usage is an option of OpenAI's stream_options, which include_usage carries
// (docs/metrics.md#per-token-itl-from-per-chunk-usage).
QString perChunkUsageProblem(const RunConfig &config)
{
    if (!config.perChunkUsage)
        return {};
    if (config.api != ApiKind::ChatCompletions && config.api != ApiKind::Completions)
        return Text::tr("Per-chunk usage (--per-chunk-usage) is asked with stream_options.continuous_usage_stats, "
                        "which only the chat and completions APIs take: switch it off for %1.")
            .arg(apiKindName(config.api));
    if (!config.includeUsage)
        return Text::tr("Per-chunk usage (--per-chunk-usage) rides on stream_options.include_usage, which is "
                        "switched off (--no-usage): switch usage on, or per-chunk usage off.");
    return {};
}

// max_tokens and temperature: checked before the workload, as they always were.
QString generationProblem(const RunConfig &config)
{
    if (config.maxTokens < 1)
        return Text::tr("max_tokens must be at least 1.");
    if (!std::isfinite(config.temperature) || config.temperature < 0)
        return Text::tr("The temperature must be a finite number of at least 0 (--temperature).");
    return perChunkUsageProblem(config);
}

// Counts, warm-up, timeout and deadline: checked after the workload.
QString countsProblem(const RunConfig &config)
{
    if (config.requestsPerLevel < 0 || config.requestsPerConcurrency < 1)
        return Text::tr("Requests per level must be positive.");
    // Bounded so that a level's count (per concurrency x up to 4096 users) always fits an int.
    if (config.requestsPerLevel > kMaxScheduledSends || config.requestsPerConcurrency > 100000)
        return Text::tr("Requests per level are at most %1, and per concurrency at most 100000.")
            .arg(kMaxScheduledSends, 0, 'f', 0);
    if (config.warmupRequests < 0)
        return Text::tr("Warm-up requests cannot be negative.");
    if (config.timeoutMs < 1)
        return Text::tr("The timeout must be positive.");
    if (config.requestDeadlineMs < 0)
        return Text::tr("The request deadline cannot be negative (0 = none).");
    return {};
}

// Stop when precise (docs/metrics.md#stop-when-precise): a figure, a target and closed-loop levels.
QString precisionProblem(const RunConfig &config)
{
    if (!config.stopsWhenPrecise())
        return config.targetPrecisionPct < 0 ? Text::tr("The target precision cannot be negative.") : QString();
    if (!std::isfinite(config.targetPrecisionPct) || config.targetPrecisionPct > 100)
        return Text::tr("The target precision is a percentage above 0 and at most 100 (--target-precision 5%).");
    Stats::PrecisionFigure figure;
    if (!Stats::parsePrecisionFigure(config.precisionMetric, &figure))
        return Text::tr("Unknown precision metric \"%1\": use <stat>_<metric>_ms with stat p50, median, p90, p95 or "
                        "p99 and metric ttft, tpot, itl or e2el (e.g. p95_ttft_ms).")
            .arg(config.precisionMetric);
    if (config.maxRequests < 0 || config.maxRequests > kMaxScheduledSends)
        return Text::tr("--max-requests is between 1 and %1 (0 = %2).")
            .arg(kMaxScheduledSends, 0, 'f', 0)
            .arg(RunConfig::kDefaultPrecisionMaxRequests);
    if (!RunConfig::canStopWhenPrecise(config.loadMode))
        return Text::tr("A target precision needs levels of its own (--concurrency or --request-rate): a sweep or a "
                        "search chooses each level from the ones before it.");
    if (config.loadMode == LoadMode::Rates
        && std::any_of(config.requestRates.cbegin(), config.requestRates.cend(), [](double r) { return std::isinf(r); }))
        return Text::tr("A target precision cannot stop a level that sends all its requests at once (--request-rate "
                        "inf): give finite rates.");
    return {};
}

// The order problem() checks in. A section may appear twice (Requests: before and after the
// workload); problems() keeps its first problem.
const struct
{
    Section section;
    QString (*check)(const RunConfig &);
} kChecks[] = {
    { Section::Endpoint, endpointProblem },
    { Section::Model, modelProblem },
    { Section::Load, loadProblem },
    { Section::Requests, generationProblem },
    { Section::Workload, workloadProblem },
    { Section::Requests, countsProblem },
    { Section::Requests, precisionProblem },
    { Section::ServerMetrics, serverMetricsProblem },
    { Section::ExtraBody, extraBodyProblem },
    { Section::Headers, headersProblem },
    { Section::Tls, tlsProblem },
    { Section::Proxy, proxyProblem },
    { Section::Transport, transportProblem },
};

} // namespace

QString endpointProblem(const RunConfig &config)
{
    return resolveEndpoint(config.baseUrl, config.api).error;
}

QString modelProblem(const RunConfig &config)
{
    if (config.model.trimmed().isEmpty())
        return Text::tr("The model ID is empty.");
    return {};
}

QString headersProblem(const RunConfig &config)
{
    return HeaderRules::problem(config);
}

QString extraBodyProblem(const RunConfig &config)
{
    if (config.extraBody.contains(u"stream"))
        return Text::tr("The extra body sets \"stream\": TokenScope always streams, since TTFT and ITL need the "
                        "tokens as they arrive. Remove the key.");
    return {};
}

QString proxyProblem(const RunConfig &config)
{
    return config.proxyMode == ProxyMode::Custom ? ClientPool::proxyUrlProblem(config.proxyUrl) : QString();
}

QString tlsProblem(const RunConfig &config)
{
    if (config.caCertificatesPath.isEmpty())
        return {};
    QString error;
    if (RequestBuilder::caCertificates(config.caCertificatesPath, &error).isEmpty())
        return error;
    return {};
}

QString transportProblem(const RunConfig &config)
{
    if (config.transport != u"qnam" && config.transport != u"curl")
        return Text::tr("The transport \"%1\" is not known: use qnam (Qt network, the default) or curl (libcurl).")
            .arg(config.transport);
    if (config.transport == u"qnam" && (config.transportThreads != 0 || config.busyPoll))
        return Text::tr("Transport threads and busy-poll apply to the curl transport only (--transport curl).");
    if (config.transportThreads < 0 || config.transportThreads > kMaxTransportThreads)
        //: %1: the number given, %2: the most threads allowed
        return Text::tr("Transport threads %1 is out of range (0 = one per usable core, up to %2; "
                        "--transport-threads).")
            .arg(config.transportThreads)
            .arg(kMaxTransportThreads);
    return {};
}

QString requestsProblem(const RunConfig &config)
{
    const QString generation = generationProblem(config);
    return generation.isEmpty() ? countsProblem(config) : generation;
}

QString serverMetricsProblem(const RunConfig &config)
{
    return ServerMetrics::urlProblem(config);
}

QString problem(Section section, const RunConfig &config)
{
    for (const auto &check : kChecks) {
        if (check.section != section)
            continue;
        if (QString why = check.check(config); !why.isEmpty())
            return why;
    }
    return {};
}

QList<Problem> problems(const RunConfig &config)
{
    QList<Problem> found;
    for (const auto &check : kChecks) {
        const bool known = std::any_of(
            found.cbegin(), found.cend(), [&check](const Problem &p) { return p.section == check.section; });
        if (known)
            continue;
        if (QString why = check.check(config); !why.isEmpty())
            found.append({ check.section, std::move(why) });
    }
    return found;
}

QString problem(const RunConfig &config)
{
    for (const auto &check : kChecks) {
        if (QString why = check.check(config); !why.isEmpty())
            return why;
    }
    return {};
}

QString interleavingProblem(const RunConfig &config)
{
    if (config.loadMode == LoadMode::Sweep || config.loadMode == LoadMode::FindMaxRate)
        return Text::tr("A sweep or a max-rate search measures one endpoint: its levels depend on that endpoint's "
                        "answers. Run it once per endpoint, or compare fixed request rates.");
    if (config.loadMode == LoadMode::Trace)
        return Text::tr("A trace replays against one endpoint: replay it once per endpoint and compare the runs.");
    return {};
}

QString otherArmsKeyProblem(const RunConfig &a, const RunConfig &b)
{
    // Each arm's exports are redacted with that arm's key only (core/secrets.h), so an arm whose
    // settings carry the other arm's key (e.g. B inheriting A's Base URL with `?key=`) would write it out.
    const auto carries = [](const RunConfig &arm, const QString &key) {
        if (key.size() < kMinSecretLength || key == arm.apiKey)
            return false;
        return QJsonDocument(arm.toJson()).toJson().contains(key.toUtf8()) || arm.baseUrl.contains(key);
    };
    if (carries(b, a.apiKey))
        return Text::tr("Arm B's settings contain arm A's API key (in the Base URL, a header or the extra "
                        "body), which B's exports would not hide: give B a Base URL of its own.");
    if (carries(a, b.apiKey))
        return Text::tr("Arm A's settings contain arm B's API key, which A's exports would not hide.");
    return {};
}

QString armsProblem(const RunConfig &a, const RunConfig &b)
{
    const QString interleaving = interleavingProblem(a);
    return interleaving.isEmpty() ? otherArmsKeyProblem(a, b) : interleaving;
}

QString runProblem(const QList<RunConfig> &arms)
{
    if (arms.isEmpty() || arms.size() > 2)
        return Text::tr("A run measures one endpoint, or two in an A/B run.");
    for (qsizetype i = 0; i < arms.size(); ++i) {
        const QString armProblem = problem(arms.at(i));
        if (!armProblem.isEmpty())
            return arms.size() > 1 ? Text::tr("Endpoint %1: %2").arg(QChar(char16_t(u'A' + i)), armProblem)
                                   : armProblem;
    }
    if (arms.size() == 2 && (arms.at(0).conversation.isOn() || arms.at(1).conversation.isOn()))
        return Text::tr("An A/B run sends single requests: conversations (--turns) measure one endpoint at a time.");
    return arms.size() == 2 ? armsProblem(arms.at(0), arms.at(1)) : QString();
}

} // namespace TokenScope::RunCheck
