// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "syntheticsource.h"

#include "lengthdraw.h"
#include "synthetictext.h"

namespace TokenScope {

SyntheticPromptSource::SyntheticPromptSource(const Workload &workload, const CalibrationFit &fit, quint32 seed)
    : m_workload(workload)
    , m_fit(fit)
    , m_seed(seed)
{
    if (fit.prefixWords > 0)
        m_prefix = SyntheticText::passage(1, fit.prefixWords).join(QLatin1Char(' ')) + QStringLiteral("\n\n");
    const int mostWords = fit.bodyWordsFor(workload.maxInputTokens()) + 8;
    for (const QString &word : SyntheticText::passage(0, mostWords)) {
        m_body += QLatin1Char(' ') + word;
        m_bodyWordEnds.append(int(m_body.size()));
    }
}

Prompt SyntheticPromptSource::next(int levelIndex, int index, int arm) const
{
    Prompt prompt;
    prompt.targetInputTokens = drawLength(m_workload.inputTokens, m_workload.inputSpread, m_seed, LengthDraw::Input,
                                          levelIndex, index, arm);
    const std::optional<CalibrationFit::Exact> exact = m_fit.exactFor(prompt.targetInputTokens);
    const int words = std::clamp(exact ? exact->bodyWords : m_fit.bodyWordsFor(prompt.targetInputTokens), 0,
                                 int(m_bodyWordEnds.size()));
    prompt.text = m_prefix + SyntheticText::tag(SyntheticText::ordinal(levelIndex, index, arm))
        + QStringView(m_body).left(words > 0 ? m_bodyWordEnds.at(words - 1) : 0)
        + SyntheticText::tail(exact ? exact->tailWords : 0);
    prompt.id = arm > 0 ? QStringLiteral("syn-%1-%2-%3").arg(levelIndex).arg(index).arg(arm)
                        : QStringLiteral("syn-%1-%2").arg(levelIndex).arg(index);
    return prompt;
}

QJsonObject SyntheticPromptSource::spec() const
{
    return { { QStringLiteral("kind"), QStringLiteral("synthetic") },
        { QStringLiteral("input_tokens"), m_workload.inputTokens },
        { QStringLiteral("input_tokens_spread"), m_workload.inputSpread },
        { QStringLiteral("shared_prefix_tokens"), m_fit.prefixTokens }, { QStringLiteral("fit"), m_fit.toJson() } };
}

OutputLengthSource::OutputLengthSource(std::shared_ptr<const PromptSource> inner, int maxTokens, double spread,
                                       quint32 seed)
    : m_inner(std::move(inner))
    , m_maxTokens(maxTokens)
    , m_spread(spread)
    , m_seed(seed)
{
}

Prompt OutputLengthSource::next(int levelIndex, int index, int arm) const
{
    Prompt prompt = m_inner->next(levelIndex, index, arm);
    if (prompt.maxTokens <= 0)
        prompt.maxTokens = drawLength(m_maxTokens, m_spread, m_seed, LengthDraw::Output, levelIndex, index, arm);
    return prompt;
}

} // namespace TokenScope
