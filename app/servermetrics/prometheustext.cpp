// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prometheustext.h"

namespace TokenScope {

// Placeholder until the parser lands (same session): parses nothing.
QString PrometheusSample::key() const { return name; }
QString PrometheusSample::label(const QString &) const { return {}; }
QList<PrometheusSample> PrometheusText::samplesNamed(const QString &) const { return {}; }
PrometheusText parsePrometheusText(QByteArrayView) { return {}; }

} // namespace TokenScope
