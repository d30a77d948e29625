// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace TokenScope {

/// What each request asks (docs/methodology.md#workloads).
enum class WorkloadKind {
    FixedPrompt, ///< RunConfig::prompt, the same for every request
    Synthetic, ///< prose prompts that the server itself counts as inputTokens (calibrated from its usage)
    Dataset, ///< a file of prompts (vLLM custom JSONL, chat JSONL, ShareGPT JSON)
};

QString workloadKindName(WorkloadKind kind); ///< "fixed" | "synthetic" | "dataset"
bool parseWorkloadKind(const QString &name, WorkloadKind *kind);

/// The workload of a run: where prompts come from, how long they are, how long the answers may
/// be. Plain value type, part of RunConfig. What a run learned about it (a dataset's digest, the
/// calibration) is written back into the run's config, so summary.json says what was sent.
struct Workload {
    WorkloadKind kind = WorkloadKind::FixedPrompt;
    /// Synthetic: the prompt length in the server's count, and its spread R: each request's length
    /// is drawn uniformly from [N(1-R), N(1+R)] (vLLM's random-range-ratio).
    int inputTokens = 0;
    double inputSpread = 0;
    /// Each request's max_tokens is drawn uniformly from [M(1-R), M(1+R)], M = RunConfig::maxTokens
    /// (a dataset entry's own output length wins).
    double outputSpread = 0;
    /// Synthetic: every prompt opens with the same text of about this many tokens, then differs.
    int sharedPrefixTokens = 0;
    QString datasetPath; ///< Dataset: the file (its contents never reach an export; its digest does)
    QString datasetFormat = QStringLiteral("auto"); ///< "auto" | "custom" | "chat" | "sharegpt"
    bool shuffle = false; ///< Dataset: a seeded shuffle (RunConfig::seed) instead of file order
    bool ignoreEos = false; ///< send `ignore_eos: true` (vLLM, SGLang): the answer runs to max_tokens
    bool minTokens = false; ///< send `min_tokens` = the request's max_tokens (vLLM)
    /// Filled in by the run: the dataset as loaded (file, size_bytes, sha256, format, …) or the
    /// calibration (probes and the fit). Empty before a run.
    QJsonObject measured;

    bool isSynthetic() const { return kind == WorkloadKind::Synthetic; }
    /// The range of input lengths a synthetic workload draws from.
    int minInputTokens() const;
    int maxInputTokens() const;
    QJsonObject toJson() const;
    static Workload fromJson(const QJsonObject &json);
};

} // namespace TokenScope
