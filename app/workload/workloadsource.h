// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "calibration.h"
#include "core/inputfile.h"
#include "core/promptsource.h"
#include "core/runconfig.h"
#include "trace.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace TokenScope::Workloads {

/// Whether the run's prompts must first be calibrated against the server (a synthetic workload).
/// A trace is read first, then calibrated when its entries give lengths (Trace::needsCalibration()).
inline bool needsCalibration(const RunConfig &config)
{
    return config.workload.isSynthetic();
}

/// What a run without calibration sends: the fixed prompt, or the dataset (loaded and checked
/// here, so a malformed line stops the run before anything is sent). Output lengths are drawn
/// as the workload says. On failure returns nullptr and the problems, one per line (a dataset's
/// by line number). `measured`, when given, receives what was loaded (the dataset's digest).
/// `cancelled` is polled while a dataset is read (loadDataset()).
std::shared_ptr<const PromptSource> makeSource(const RunConfig &config, QStringList *problems,
    QJsonObject *measured = nullptr, const InputFile::CancelCheck &cancelled = {});

/// A synthetic workload's prompts once calibration has found `fit`.
std::shared_ptr<const PromptSource> makeSyntheticSource(const RunConfig &config, const CalibrationFit &fit);

/// The trace of a LoadMode::Trace run (RunConfig::trace), read and cut; nullptr with the problems.
std::shared_ptr<const Trace> loadTrace(
    const RunConfig &config, QStringList *problems, const InputFile::CancelCheck &cancelled = {});
/// Its prompts and schedule; `fit` from the calibration when Trace::needsCalibration(), else empty.
/// With RunConfig::trace.cacheBust each call draws a nonce of its own.
std::shared_ptr<const PromptSource> makeTraceSource(
    const RunConfig &config, std::shared_ptr<const Trace> trace, const CalibrationFit &fit);

} // namespace TokenScope::Workloads
