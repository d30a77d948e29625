// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "sim/simconfig.h"

#include <QCommandLineParser>
#include <QString>

namespace TokenScope::Cli {

enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitBadArguments = 2, ExitLevelFailed = 3, ExitInterrupted = 130 };

enum class OutputFormat { Table, Json, Markdown, Csv, Html };

/// What `run` and `demo` need beyond the RunConfig.
struct RunOptions {
    RunConfig config;
    OutputFormat format = OutputFormat::Table;
    QString outDir;
};

void addRunOptions(QCommandLineParser &parser, bool forDemo);
/// Reads the parsed run options; false with a message on bad input. `forDemo` skips the key.
bool readRunOptions(const QCommandLineParser &parser, bool forDemo, RunOptions *out, QString *error);

void addServeOptions(QCommandLineParser &parser);
bool readServeOptions(const QCommandLineParser &parser, SimConfig *out, QString *error);

} // namespace TokenScope::Cli
