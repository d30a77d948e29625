// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "workloadsource.h"

#include "dataset.h"
#include "syntheticsource.h"

#include <QRandomGenerator>

namespace TokenScope::Workloads {

namespace {

std::shared_ptr<const PromptSource> withOutputLengths(
    const RunConfig &config, std::shared_ptr<const PromptSource> source)
{
    return std::make_shared<OutputLengthSource>(
        std::move(source), config.maxTokens, config.workload.outputSpread, config.seed);
}

std::shared_ptr<const PromptSource> datasetSource(
    const RunConfig &config, QStringList *problems, QJsonObject *measured, const InputFile::CancelCheck &cancelled)
{
    DatasetFormat format = DatasetFormat::Auto;
    parseDatasetFormat(config.workload.datasetFormat, &format);
    QList<DatasetError> errors;
    std::optional<Dataset> dataset = loadDataset(config.workload.datasetPath, format, &errors, cancelled);
    if (!dataset) {
        for (const DatasetError &e : std::as_const(errors))
            problems->append(e.message);
        return nullptr;
    }
    auto source = std::make_shared<DatasetPromptSource>(
        *dataset, config.workload.shuffle, config.seed, config.conversation.isOn());
    if (measured)
        *measured = source->spec();
    return source;
}

} // namespace

std::shared_ptr<const PromptSource> makeSource(
    const RunConfig &config, QStringList *problems, QJsonObject *measured, const InputFile::CancelCheck &cancelled)
{
    switch (config.workload.kind) {
    case WorkloadKind::Dataset: {
        std::shared_ptr<const PromptSource> source = datasetSource(config, problems, measured, cancelled);
        return source ? withOutputLengths(config, source) : nullptr;
    }
    case WorkloadKind::Synthetic:
        problems->append(QStringLiteral("A synthetic workload is calibrated against the server first."));
        return nullptr;
    case WorkloadKind::FixedPrompt:
        break;
    }
    return withOutputLengths(config, std::make_shared<FixedPromptSource>(config.prompt));
}

std::shared_ptr<const PromptSource> makeSyntheticSource(const RunConfig &config, const CalibrationFit &fit)
{
    return withOutputLengths(config, std::make_shared<SyntheticPromptSource>(config.workload, fit, config.seed));
}

std::shared_ptr<const Trace> loadTrace(
    const RunConfig &config, QStringList *problems, const InputFile::CancelCheck &cancelled)
{
    std::optional<Trace> trace = TokenScope::loadTrace(config.trace, problems, cancelled);
    if (trace && trace->hasSessions() && config.api == ApiKind::Completions) {
        problems->append(QStringLiteral("The trace's entries form conversations (session_id): they need an API that "
                                        "takes messages (chat, responses or anthropic); /completions takes one "
                                        "prompt."));
        return nullptr;
    }
    return trace ? std::make_shared<const Trace>(std::move(*trace)) : nullptr;
}

std::shared_ptr<const PromptSource> makeTraceSource(
    const RunConfig &config, std::shared_ptr<const Trace> trace, const CalibrationFit &fit)
{
    // Not from the seed: a rerun with the same seed must not find the previous run's prefixes cached.
    const QString nonce = config.trace.cacheBust
        ? QStringLiteral("Replay %1.\n\n").arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0'))
        : QString();
    return withOutputLengths(
        config, std::make_shared<TracePromptSource>(std::move(trace), fit, config.trace.blockTokens, nonce));
}

} // namespace TokenScope::Workloads
