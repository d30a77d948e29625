// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "knownseries.h"

namespace TokenScope {

// Placeholder until the known-series table lands (same session).
void readKnownSeries(const PrometheusText &, ServerMetricsSample *) {}

} // namespace TokenScope
