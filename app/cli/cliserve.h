// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sim/simconfig.h"

namespace TokenScope::Cli {

/// Serves the simulator until SIGINT/SIGTERM; returns the exit code.
int serveSimulator(const SimConfig &config);

} // namespace TokenScope::Cli
