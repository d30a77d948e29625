// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "conversation.h"
#include "loadpoint.h"
#include "promptsource.h"
#include "slo.h"
#include "tracereplay.h"
#include "workload.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>

#include <memory>

namespace TokenScope {

/// Which streaming API the endpoint speaks (one row each in the dialect table, app/net/apidialect.h).
enum class ApiKind { ChatCompletions, Completions, AnthropicMessages, Responses };

QString apiKindName(ApiKind kind); ///< "chat" | "completions" | "anthropic" | "responses"
bool parseApiKind(const QString &name, ApiKind *kind);
/// Every kind, in enum order.
QList<ApiKind> apiKinds();

/// How requests reach the endpoint: directly, through the system's proxy settings (http_proxy,
/// https_proxy, no_proxy or the desktop's), or through one given proxy (http:// or socks5://).
enum class ProxyMode { None, System, Custom };

QString proxyModeName(ProxyMode mode); ///< "none" | "system" | "custom"
bool parseProxyMode(const QString &name, ProxyMode *mode);
/// `url` without user name and password, for exports and logs.
QString proxyUrlForDisplay(const QString &url);

/// How a run chooses its levels (docs/metrics.md#load-modes).
enum class LoadMode {
    Concurrency, ///< closed loop, one level per entry of concurrencyLevels
    Rates, ///< open loop, one level per entry of requestRates
    Sweep, ///< synchronous, then throughput, then sweepRates rates between the two
    FindMaxRate, ///< throughput, then bisection on the rate until every maxRateConstraints holds
    Trace, ///< one open-loop level at the times a trace file gives (RunConfig::trace)
};

QString loadModeName(LoadMode mode); ///< "concurrency" | "rates" | "sweep" | "find-max-rate" | "trace"
bool parseLoadMode(const QString &name, LoadMode *mode);

/// Everything a run needs. Plain value type; safe to copy across threads.
/// The API key lives here only in memory: writers must use toJson(), which never includes it.
struct RunConfig
{
    QString baseUrl = QStringLiteral("http://127.0.0.1:8000/v1");
    QString model = QStringLiteral("tokenscope-sim");
    ApiKind api = ApiKind::ChatCompletions;
    QString apiKey; ///< never exported, logged or printed
    QString prompt; ///< the fixed prompt (WorkloadKind::FixedPrompt)
    int maxTokens = 256; ///< each request's max_tokens (its centre, with Workload::outputSpread)
    Workload workload; ///< where prompts come from and how long they and their answers are
    double temperature = 0.0;
    LoadMode loadMode = LoadMode::Concurrency;
    QList<int> concurrencyLevels { 1, 4, 8, 16 };
    /// Open-loop levels (LoadMode::Rates), requests per second; infinity = all at once.
    QList<double> requestRates { 1, 2, 4 };
    Arrival arrival = Arrival::Poisson;
    double burstiness = 1; ///< gamma shape: 1 = Poisson, below 1 burstier, above 1 smoother
    quint32 seed = 0; ///< seeds every open-loop schedule (level i uses seed + i)
    /// Cap on requests in flight under a rate; 0 = none. The sweep's and the max-rate search's
    /// throughput level sends everything at once under it.
    int maxConcurrency = 0;
    double durationS = 0; ///< > 0: each level lasts this long instead of sending a count
    double graceS = 30; ///< after durationS, in-flight requests get this long, then are recorded incomplete
    double rampUpS = 0; ///< open loop: the rate rises linearly from 0 over this long; those requests are not counted
    int sweepRates
        = 8; ///< LoadMode::Sweep: rates evenly spaced above the synchronous one, the last at the throughput one
    TraceReplay trace; ///< LoadMode::Trace: the file and how it is replayed
    Conversation conversation; ///< turns > 1: each closed-loop user holds conversations
    QList<SloConstraint> maxRateConstraints; ///< LoadMode::FindMaxRate: what every probe must meet
    int maxRateProbes = 8; ///< LoadMode::FindMaxRate: probes after the throughput level
    GoodputSlo goodput; ///< request_goodput counts requests meeting every set SLO
    int requestsPerLevel = 0; ///< fixed count per level; 0 = requestsPerConcurrency x concurrency
    int requestsPerConcurrency = 4;
    int warmupRequests = 1; ///< sent before the first level, excluded from every statistic
    int minTokensForTpot = 20; ///< TPOT/ITL exclude requests with fewer output tokens
    QList<QPair<QByteArray, QByteArray>> headers;
    /// A custom header named like the API kind's key header (Authorization; x-api-key for Anthropic)
    /// replaces the key TokenScope sends; without this such a header is refused
    /// (docs/metrics.md#custom-headers). tokenscope-cli: --replace-auth-header.
    bool replaceAuthHeader = false;
    QJsonObject extraBody; ///< merged into the request body (top-level keys override)
    int timeoutMs = 60000; ///< transfer (inactivity) timeout per request
    /// Overall limit per request from its send: still open this long after, it is aborted as
    /// `deadline` (docs/metrics.md#request-deadline). 0 = none.
    int requestDeadlineMs = 0;
    bool http2 = false;
    ProxyMode proxyMode = ProxyMode::None; ///< None = direct, what Qt does on Linux unless told otherwise
    QString proxyUrl; ///< for Custom: scheme://[user:password@]host:port; exported without the user info
    bool includeUsage = true; ///< send stream_options.include_usage
    /// Also send stream_options.continuous_usage_stats (vLLM, SGLang): usage on every chunk, for
    /// per-token ITL (docs/metrics.md#per-token-itl-from-per-chunk-usage). Chat and completions only.
    bool perChunkUsage = false;
    bool preconnect = true; ///< open each level's connections before it starts
    /// PEM file of CA certificate(s) trusted in addition to the system's (private or self-signed
    /// CA); empty = the system's only. Certificate checks are never switched off.
    QString caCertificatesPath;
    /// The server's Prometheus endpoint, scraped through the run (docs/metrics.md#server-metrics);
    /// empty = none. Exported without user info.
    QString serverMetricsUrl;
    int serverMetricsIntervalMs = 1000; ///< between scrapes
    /// Send the API key to a metrics URL on another origin than the Base URL (never by default).
    bool serverMetricsSendKey = false;
    /// How requests travel (docs/architecture.md#transports): "qnam", the QNetworkAccessManager
    /// pool (the default), or "curl", libcurl's multi interface on worker threads. Recorded so that
    /// runs measured through different transports are never compared as if only the endpoint differed.
    QString transport = QStringLiteral("qnam");
    /// curl: worker threads, each with its own connections; 0 = usable cores, at most 8.
    int transportThreads = 0;
    /// curl: the worker threads poll without sleeping while requests are in flight, so no read
    /// waits for an idle CPU to wake (docs/performance.md#busy-poll). Costs a core per worker.
    bool busyPoll = false;
    /// Stop when precise (docs/metrics.md#stop-when-precise): a closed-loop level keeps sending
    /// until the 95 % interval of `precisionMetric` lies within ± this percent of the figure, or
    /// `maxRequests`, or the duration; 0 = off (levels send their count).
    double targetPrecisionPct = 0;
    /// `<stat>_<metric>_ms`: stat p50|median|p90|p95|p99, metric ttft|tpot|itl|e2el.
    QString precisionMetric = QStringLiteral("p95_ttft_ms");
    /// With a target precision: the most requests a level sends; 0 = kDefaultPrecisionMaxRequests.
    int maxRequests = 0;
    static constexpr int kDefaultPrecisionMaxRequests = 1000;
    bool stopsWhenPrecise() const { return targetPrecisionPct > 0; }
    /// Whether levels of this mode can stop once precise (docs/metrics.md#stop-when-precise): closed
    /// loop and listed rates; a sweep or a search chooses its levels from earlier ones.
    static bool canStopWhenPrecise(LoadMode mode) { return mode == LoadMode::Concurrency || mode == LoadMode::Rates; }
    /// Slices (docs/metrics.md#slices): each level is also summarised in windows this long (s);
    /// 0 = off. A level longer than kMaxSlicesPerLevel windows gets wider ones, multiples of it.
    double sliceS = 0;
    static constexpr int kMaxSlicesPerLevel = 1000;
    static constexpr double kMinSliceS = 0.01;

    /// What the endpoint is when its URL does not say it, e.g. "built-in simulator (TTFT 40 ms, …)"
    /// for the window's simulator, whose port may change between sessions. Empty for an ordinary
    /// endpoint. History and Compare show and compare endpoint() rather than the URL.
    QString endpointLabel;
    /// The name of the endpoint profile the run used (the window's; empty for the CLI and for runs
    /// recorded before it was kept): with the load and the time, what tells runs of one model apart
    /// (core/runlabel.h).
    QString profileName;
    /// endpointLabel, or the Base URL when there is none.
    QString endpoint() const { return endpointLabel.isEmpty() ? baseUrl : endpointLabel; }

    /// What `prompt_source` in summary.json says: the fixed prompt's id, or what the run loaded
    /// or calibrated (Workload::measured).
    QJsonObject promptSourceSpec() const;
    /// The run's levels as far as they are known before it starts, in order: one per entry of
    /// concurrencyLevels or requestRates; a sweep's first two (synchronous, throughput); a max-rate
    /// search's throughput level. A sweep and a search choose the rest as they go
    /// (RunResult::loadPoints holds every level a run had).
    QList<LoadPoint> loadPoints() const;
    /// The throughput level of a sweep or a max-rate search: everything at once under maxConcurrency.
    LoadPoint throughputPoint(int index) const;
    /// An open-loop point at `rate` with this config's arrival, burstiness and cap.
    LoadPoint ratePoint(double rate, int index, LoadPoint::Role role) const;
    /// How many requests the level at `point` sends when bounded by count (durationS == 0):
    /// requestsPerLevel when set; else closed loop requestsPerConcurrency x c, open loop about ten
    /// seconds' worth at its rate (10 to 1000), and all-at-once requestsPerConcurrency x its cap
    /// (x 16 with no cap). A closed-loop level that stops when precise: at most maxRequests.
    int requestsForPoint(const LoadPoint &point) const;
    /// Every input except the key, for summary.json, reports and the history: URLs as
    /// urlForDisplay() writes them, every string cleaned of Secrets::of(*this) (core/secrets.h).
    QJsonObject toJson() const;
    /// The inverse of toJson() (the `config` object of summary.json, or a stored history run).
    /// Keys that are absent or of the wrong type keep RunConfig's defaults; an unknown `api` name
    /// keeps ChatCompletions. Never yields a key (toJson() holds none), and headers come back as
    /// their names with empty values, since toJson() keeps only the names.
    /// fromJson(c.toJson()).toJson() == c.toJson() for every config without a key.
    static RunConfig fromJson(const QJsonObject &json);
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::RunConfig)
