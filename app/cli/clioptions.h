// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "sim/simconfig.h"

#include <QCommandLineParser>
#include <QString>
#include <optional>

namespace TokenScope::Cli {

/// ExitNotListed: `models` found an endpoint that does not list its models (404/405, or no list).
/// ExitWriteFailed: the run ended but a file in --out could not be written (a full disk): its
/// previous content stays, stderr names it; it wins over ExitLevelFailed and ExitInterrupted.
enum ExitCode {
    ExitOk = 0,
    ExitFailure = 1,
    ExitBadArguments = 2,
    ExitLevelFailed = 3,
    ExitNotListed = 4,
    ExitWriteFailed = 5,
    ExitInterrupted = 130
};

enum class OutputFormat { Table, Json, Markdown, Csv, Html };

/// --format's value: table, json, markdown (md), csv or html; false with a message otherwise.
bool readOutputFormat(const QString &name, OutputFormat *format, QString *error);

/// What `run` and `demo` need beyond the RunConfig.
struct RunOptions
{
    RunConfig config;
    /// Arm B of an A/B interleaved run (--ab-model, --ab-base-url, --ab-api-key-env): A's config
    /// with B's endpoint, model and key. Unset for an ordinary run.
    std::optional<RunConfig> armB;
    OutputFormat format = OutputFormat::Table;
    QString outDir;
    /// The environment variable the key was read from (--api-key-env, else the API's own), which
    /// the curl command writes in place of the key.
    QString keyVariable;
    /// --repeat: the whole configuration run this many times back to back (docs/metrics.md#repeats).
    int repeats = 1;

    bool isAb() const { return armB.has_value(); }
    /// What the engine runs: {config} or {config, *armB}.
    QList<RunConfig> arms() const;
};

void addRunOptions(QCommandLineParser &parser, bool forDemo);
/// Reads the parsed run options; false with a message on bad input. `forDemo` skips the key.
bool readRunOptions(const QCommandLineParser &parser, bool forDemo, RunOptions *out, QString *error);

/// `run` only: --ab-model, --ab-base-url, --ab-api-key-env.
void addAbOptions(QCommandLineParser &parser);
/// Builds out->armB from A's config (read first) when any A/B option is given; false with a
/// message naming the B option on bad input, or when --format cannot show two arms.
bool readAbOptions(const QCommandLineParser &parser, RunOptions *out, QString *error);

/// `models`: --base-url, --api, --api-key-env, --api-key-stdin, --header, --ca-file, --proxy, --http2.
void addEndpointOptions(QCommandLineParser &parser);
/// Reads them into `config` (its other fields keep their defaults), the key as `run` reads it;
/// false with a message on bad input.
bool readEndpointOptions(const QCommandLineParser &parser, RunConfig *config, QString *error);

void addServeOptions(QCommandLineParser &parser);
bool readServeOptions(const QCommandLineParser &parser, SimConfig *out, QString *error);

} // namespace TokenScope::Cli
