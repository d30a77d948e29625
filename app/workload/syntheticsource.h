// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "calibration.h"
#include "core/promptsource.h"
#include "core/workload.h"

#include <QList>
#include <QString>

#include <memory>

namespace TokenScope {

/// Prompts the server counts as the workload's input lengths (docs/methodology.md#prompts-of-exactly-n-tokens):
/// the shared prefix, a tag of the request's own, and as many body words as the calibration says
/// the request's drawn length needs. The texts are built once; the source is immutable after that.
class SyntheticPromptSource : public PromptSource
{
public:
    SyntheticPromptSource(const Workload &workload, const CalibrationFit &fit, quint32 seed);
    Prompt next(int levelIndex, int index, int arm) const override;
    QJsonObject spec() const override;

private:
    Workload m_workload;
    CalibrationFit m_fit;
    quint32 m_seed;
    QString m_prefix; ///< the shared prefix and its blank line (empty without one)
    QString m_body; ///< the body passage, long enough for the longest prompt
    QList<int> m_bodyWordEnds; ///< where each body word ends in m_body
};

/// Gives each request the max_tokens the workload draws for it (RunConfig::maxTokens with
/// Workload::outputSpread) unless its prompt brings its own (a dataset entry's output length).
class OutputLengthSource : public PromptSource
{
public:
    OutputLengthSource(std::shared_ptr<const PromptSource> inner, int maxTokens, double spread, quint32 seed);
    Prompt next(int levelIndex, int index, int arm) const override;
    QJsonObject spec() const override { return m_inner->spec(); }
    QList<qint64> sendTimesNs() const override { return m_inner->sendTimesNs(); }

private:
    std::shared_ptr<const PromptSource> m_inner;
    int m_maxTokens;
    double m_spread;
    quint32 m_seed;
};

} // namespace TokenScope
