// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QMap>
#include <QPair>
#include <QString>

#include <functional>

namespace TokenScope {

/// One sample line of the Prometheus text exposition format (version 0.0.4): a metric name, its
/// labels in the order written, and the value (NaN, +Inf and -Inf included).
struct PrometheusSample
{
    QString name;
    QList<QPair<QString, QString>> labels;
    double value = 0;

    /// `name{a="1",b="x"}` with the labels sorted by name and values escaped as exposed; just
    /// `name` without labels. Two samples of one series have the same key.
    QString key() const;
    QString label(const QString &labelName) const; ///< empty when absent
};

/// What a /metrics body says (docs/metrics.md#server-metrics).
struct PrometheusText
{
    QList<PrometheusSample> samples; ///< in the order exposed
    /// `# TYPE` of each metric family: "counter", "gauge", "histogram", "summary" or "untyped".
    QMap<QString, QString> types;
    int skippedLines = 0; ///< lines that were neither a sample, a comment nor empty

    /// The samples named `name`, every label set.
    QList<PrometheusSample> samplesNamed(const QString &name) const;
};

/// Parses the text exposition format: `# HELP` / `# TYPE` comments, samples with or without
/// labels (escaped `\\`, `\"`, `\n` in values), an optional timestamp after the value, CRLF line ends.
/// A line it cannot read is counted in skippedLines and left out; it never fails as a whole.
PrometheusText parsePrometheusText(QByteArrayView text);

/// What scanPrometheusText() read.
struct PrometheusScan
{
    qsizetype samples = 0; ///< samples handed to the visitor
    int skippedLines = 0; ///< as PrometheusText::skippedLines
};

/// Reads `text` as parsePrometheusText() does, but hands each sample to `visit` as soon as it is
/// read instead of keeping it, and keeps no `# TYPE`: what it holds does not grow with the number of
/// series in the body (docs/metrics.md#server-metrics), so a hostile body of a million series costs
/// the body and one sample at a time. The sample is valid only during the call.
PrometheusScan scanPrometheusText(QByteArrayView text, const std::function<void(const PrometheusSample &)> &visit);

} // namespace TokenScope
