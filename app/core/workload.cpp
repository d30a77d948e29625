// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload.h"

#include <cmath>

namespace TokenScope {

QString workloadKindName(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Synthetic:
        return QStringLiteral("synthetic");
    case WorkloadKind::Dataset:
        return QStringLiteral("dataset");
    case WorkloadKind::FixedPrompt:
        break;
    }
    return QStringLiteral("fixed");
}

bool parseWorkloadKind(const QString &name, WorkloadKind *kind)
{
    for (WorkloadKind k : { WorkloadKind::FixedPrompt, WorkloadKind::Synthetic, WorkloadKind::Dataset }) {
        if (name == workloadKindName(k)) {
            *kind = k;
            return true;
        }
    }
    return false;
}

int Workload::minInputTokens() const
{
    return std::max(1, int(std::lround(inputTokens * (1 - inputSpread))));
}

int Workload::maxInputTokens() const
{
    return std::max(1, int(std::lround(inputTokens * (1 + inputSpread))));
}

QJsonObject Workload::toJson() const
{
    QJsonObject json {
        { QStringLiteral("kind"), workloadKindName(kind) },
        { QStringLiteral("output_tokens_spread"), outputSpread },
        { QStringLiteral("ignore_eos"), ignoreEos },
        { QStringLiteral("min_tokens"), minTokens },
    };
    if (kind == WorkloadKind::Synthetic) {
        json.insert(QStringLiteral("input_tokens"), inputTokens);
        json.insert(QStringLiteral("input_tokens_spread"), inputSpread);
        json.insert(QStringLiteral("shared_prefix_tokens"), sharedPrefixTokens);
    }
    if (kind == WorkloadKind::Dataset) {
        json.insert(QStringLiteral("dataset_path"), datasetPath);
        json.insert(QStringLiteral("dataset_format"), datasetFormat);
        json.insert(QStringLiteral("shuffle"), shuffle);
    }
    if (!measured.isEmpty())
        json.insert(QStringLiteral("measured"), measured);
    return json;
}

Workload Workload::fromJson(const QJsonObject &json)
{
    Workload w;
    parseWorkloadKind(json.value(QLatin1String("kind")).toString(), &w.kind);
    w.inputTokens = json.value(QLatin1String("input_tokens")).toInt(w.inputTokens);
    w.inputSpread = json.value(QLatin1String("input_tokens_spread")).toDouble(w.inputSpread);
    w.outputSpread = json.value(QLatin1String("output_tokens_spread")).toDouble(w.outputSpread);
    w.sharedPrefixTokens = json.value(QLatin1String("shared_prefix_tokens")).toInt(w.sharedPrefixTokens);
    w.datasetPath = json.value(QLatin1String("dataset_path")).toString(w.datasetPath);
    w.datasetFormat = json.value(QLatin1String("dataset_format")).toString(w.datasetFormat);
    w.shuffle = json.value(QLatin1String("shuffle")).toBool(w.shuffle);
    w.ignoreEos = json.value(QLatin1String("ignore_eos")).toBool(w.ignoreEos);
    w.minTokens = json.value(QLatin1String("min_tokens")).toBool(w.minTokens);
    w.measured = json.value(QLatin1String("measured")).toObject();
    return w;
}

} // namespace TokenScope
