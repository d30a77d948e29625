// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "calibration.h"
#include "core/inputfile.h"
#include "core/promptsource.h"
#include "core/runconfig.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace TokenScope::Workloads {

/// Whether the run's prompts must first be calibrated against the server (a synthetic workload).
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

} // namespace TokenScope::Workloads
