// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"

#include <QList>
#include <QString>

/// Every rule about a RunConfig, in one place: the window's forms, RunSession, the CLI and the
/// engine all ask here before a run (docs/architecture.md#the-run-check). Each rule belongs to one
/// section, the part of the settings a form field edits, so that a form shows each field's problem
/// next to it and the whole config's first problem is the same one everywhere. Each function
/// returns an empty string or what is wrong, in words a user can act on. Pure functions; thread-safe.
namespace TokenScope::RunCheck {

/// The part of a RunConfig a rule is about; one field or group of fields of a form.
enum class Section {
    Endpoint, ///< the Base URL with the API kind (resolveEndpoint())
    Model, ///< the model ID
    Headers, ///< custom request headers (HeaderRules)
    ExtraBody, ///< the JSON merged into each request body
    Proxy, ///< the custom proxy URL
    Tls, ///< the extra CA certificates file
    Load, ///< mode, levels or rates, cap, duration, sweep, search
    Workload, ///< lengths, spreads, shared prefix, dataset file
    Requests, ///< max_tokens, temperature, counts, warm-up, timeout, deadline
    ServerMetrics, ///< the metrics URL and its interval
    Transport, ///< how requests travel: the transport and its worker threads
};

/// One section's first problem.
struct Problem
{
    Section section;
    QString message;
};

/// The bounds loadProblem() holds numbers to (docs/metrics.md#number-limits): below the lowest
/// rate a level's send times would not fit in nanoseconds; beyond the longest duration, grace or
/// ramp-up its timers would not fit in milliseconds; and a level bounded by a duration schedules
/// rate x (duration + ramp-up) sends up front, at most kMaxScheduledSends.
constexpr double kMinRequestRate = 0.001;
constexpr double kMaxLevelSeconds = 7 * 24 * 3600;
constexpr double kMaxScheduledSends = 10'000'000;

/// Why the Base URL cannot be sent to with the config's API kind, or empty.
QString endpointProblem(const RunConfig &config);
/// Why the model ID cannot be sent (it is empty), or empty.
QString modelProblem(const RunConfig &config);
/// The first custom header that cannot be sent, and why (HeaderRules::problem()), or empty.
QString headersProblem(const RunConfig &config);
/// Why the extra body cannot be merged into the requests (it sets "stream"), or empty.
QString extraBodyProblem(const RunConfig &config);
/// Why the custom proxy URL cannot be used (ClientPool::proxyUrlProblem()), or empty; empty for
/// no proxy and the system's.
QString proxyProblem(const RunConfig &config);
/// Why the CA certificates file cannot be read as PEM certificates, or empty when none is given.
QString tlsProblem(const RunConfig &config);
/// Why the load settings (mode, levels or rates, cap, duration, sweep, search) cannot run, or empty.
QString loadProblem(const RunConfig &config);
/// Why the slice width (docs/metrics.md#slices) cannot be used: below RunConfig::kMinSliceS, or more
/// than RunConfig::kMaxSlicesPerLevel slices in a level of --duration; empty when off. Part of loadProblem().
QString sliceProblem(const RunConfig &config);
/// Why the workload settings (lengths, spreads, shared prefix, dataset file) cannot run, or empty.
/// Does not read the dataset: Workloads::makeSource() does, and reports its lines.
QString workloadProblem(const RunConfig &config);
/// Why the request settings (max_tokens, temperature, counts, warm-up, timeout, deadline) cannot
/// run, or empty.
QString requestsProblem(const RunConfig &config);
/// Why the server's metrics cannot be scraped as set (ServerMetrics::urlProblem()), or empty.
QString serverMetricsProblem(const RunConfig &config);
/// Why the transport cannot carry the run (an unknown name, worker threads or busy-poll with qnam,
/// worker threads out of range), or empty.
QString transportProblem(const RunConfig &config);
/// The most worker threads a curl transport runs (RunConfig::transportThreads).
constexpr int kMaxTransportThreads = 8;
/// The problem of `section` alone, or empty.
QString problem(Section section, const RunConfig &config);

/// Every section's first problem, in the order problem() checks them: the first entry is
/// problem()'s answer. Empty when the config can run.
QList<Problem> problems(const RunConfig &config);
/// The first problem of the whole config (endpoint, model, load, request settings, workload,
/// server metrics, extra body, headers, CA file, proxy, transport), or empty when it can run.
QString problem(const RunConfig &config);

/// Why arms A and B cannot run as one A/B interleaved run, beyond each arm's own problem(): a sweep
/// or a max-rate search measures one endpoint (its levels follow that endpoint's answers); and each
/// arm's exports hide that arm's key only, so neither arm's settings may carry the other's key.
QString armsProblem(const RunConfig &a, const RunConfig &b);
/// The first problem of a run of `arms`: one config, or an A/B run's two (each arm's problem()
/// prefixed "Endpoint A: " or "Endpoint B: ", then armsProblem()); empty when it can run. What
/// RunSession, the CLI and the engine each ask before a run starts.
QString runProblem(const QList<RunConfig> &arms);
/// armsProblem()'s first rule alone: whether `config`'s load mode can be interleaved.
QString interleavingProblem(const RunConfig &config);
/// armsProblem()'s second rule alone: whether either arm's settings carry the other's key.
QString otherArmsKeyProblem(const RunConfig &a, const RunConfig &b);

} // namespace TokenScope::RunCheck
