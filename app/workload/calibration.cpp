// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "calibration.h"

#include "synthetictext.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(TokenScope::Calibration)
};

// Before anything is measured: English prose runs at about 1.3 tokens a word in common tokenizers.
constexpr double kGuessTokensPerWord = 1.3;
constexpr int kGridPoints = 5; // lengths probed across a spread

// `words` for `target` on the line through the measured (words, tokens) points around it.
int interpolate(const QList<QPair<int, int>> &points, int target)
{
    if (points.isEmpty())
        return std::max(0, int(std::lround(target / kGuessTokensPerWord)));
    for (const auto &[words, tokens] : points) {
        if (tokens == target)
            return words;
    }
    if (points.size() == 1) {
        const auto [words, tokens] = points.first();
        return std::max(0, int(std::lround(words + (target - tokens) / kGuessTokensPerWord)));
    }
    qsizetype upper = 1;
    while (upper < points.size() - 1 && points.at(upper).second < target)
        ++upper;
    const auto [w0, t0] = points.at(upper - 1);
    const auto [w1, t1] = points.at(upper);
    if (t1 == t0)
        return std::max(0, w1 + (target > t1 ? 1 : -1));
    const double words = w0 + double(target - t0) * (w1 - w0) / double(t1 - t0);
    return std::max(0, int(std::lround(words)));
}

void insertSorted(QList<QPair<int, int>> *points, int words, int tokens)
{
    for (qsizetype i = 0; i < points->size(); ++i) {
        if (points->at(i).first == words) {
            (*points)[i].second = tokens;
            return;
        }
    }
    points->append({ words, tokens });
    std::sort(points->begin(), points->end());
}

QList<QPair<int, int>> pairsOf(const QList<CalibrationFit::Point> &points)
{
    QList<QPair<int, int>> pairs;
    for (const CalibrationFit::Point &p : points)
        pairs.append({ p.bodyWords, p.serverTokens });
    return pairs;
}

} // namespace

int CalibrationFit::bodyWordsFor(int targetTokens) const
{
    return interpolate(pairsOf(points), targetTokens);
}

std::optional<CalibrationFit::Exact> CalibrationFit::exactFor(int targetTokens) const
{
    for (const Exact &e : exact) {
        if (e.targetTokens == targetTokens)
            return e;
    }
    return std::nullopt;
}

QJsonObject CalibrationFit::toJson() const
{
    QJsonArray measured;
    for (const Point &p : points)
        measured.append(QJsonArray { p.bodyWords, p.serverTokens });
    QJsonArray hits;
    for (const Exact &e : exact)
        hits.append(QJsonArray { e.targetTokens, e.bodyWords, e.tailWords });
    return { { QStringLiteral("prefix_words"), prefixWords }, { QStringLiteral("prefix_tokens"), prefixTokens },
        { QStringLiteral("empty_tokens"), emptyTokens }, { QStringLiteral("body_points"), measured },
        { QStringLiteral("exact"), hits } };
}

CalibrationFit CalibrationFit::fromJson(const QJsonObject &json)
{
    CalibrationFit fit;
    fit.prefixWords = json.value(QLatin1String("prefix_words")).toInt();
    fit.prefixTokens = json.value(QLatin1String("prefix_tokens")).toInt();
    fit.emptyTokens = json.value(QLatin1String("empty_tokens")).toInt();
    for (const QJsonValue &v : json.value(QLatin1String("body_points")).toArray())
        fit.points.append({ v.toArray().at(0).toInt(), v.toArray().at(1).toInt() });
    for (const QJsonValue &v : json.value(QLatin1String("exact")).toArray())
        fit.exact.append({ v.toArray().at(0).toInt(), v.toArray().at(1).toInt(), v.toArray().at(2).toInt() });
    return fit;
}

PromptCalibrator::PromptCalibrator(const Workload &workload)
    : m_workload(workload)
{
}

Prompt PromptCalibrator::probePrompt(const Probe &probe) const
{
    Prompt prompt;
    const int number = int(m_probes.size());
    prompt.id = QStringLiteral("probe-%1").arg(number + 1);
    prompt.text = SyntheticText::prompt(probe.prefixWords, SyntheticText::ordinal(-2, number, 0), probe.bodyWords,
                                        probe.tailWords);
    prompt.maxTokens = 1;
    prompt.targetInputTokens = probe.targetTokens;
    return prompt;
}

std::optional<Prompt> PromptCalibrator::nextProbe()
{
    if (failed() || m_stage == Stage::Done)
        return std::nullopt;
    if (!m_probes.isEmpty() && m_probes.last().serverTokens < 0)
        return probePrompt(m_probes.last()); // not answered yet: the same one again
    const std::optional<Probe> probe = planNext();
    if (!probe)
        return std::nullopt;
    const Prompt prompt = probePrompt(*probe);
    m_probes.append(*probe);
    return prompt;
}

int PromptCalibrator::prefixWordsGuess() const
{
    return interpolate(m_prefixPoints, m_workload.sharedPrefixTokens);
}

std::optional<PromptCalibrator::Probe> PromptCalibrator::planNext()
{
    switch (m_stage) {
    case Stage::Empty:
        return Probe {};
    case Stage::Prefix: {
        int words = std::max(1, prefixWordsGuess());
        for (const auto &[tried, added] : std::as_const(m_prefixPoints)) { // tried and missed: one word further
            if (tried == words && added != m_workload.sharedPrefixTokens)
                words = std::max(1, words + (added < m_workload.sharedPrefixTokens ? 1 : -1));
        }
        return Probe { words, 0, 0, m_fit.emptyTokens + m_workload.sharedPrefixTokens, -1 };
    }
    case Stage::Body: {
        if (m_targets.isEmpty()) {
            m_stage = Stage::Done;
            return std::nullopt;
        }
        const int target = m_targets.first();
        if (const std::optional<Probe> tailed = tailProbe(target))
            return tailed;
        int words = m_fit.bodyWordsFor(target);
        for (const Probe &p : std::as_const(m_probes)) { // a length already tried and missed: one word further
            if (p.prefixWords == m_fit.prefixWords && p.bodyWords == words && p.serverTokens != target)
                words += p.serverTokens < target ? 1 : -1;
        }
        return Probe { m_fit.prefixWords, std::max(0, words), 0, target, -1 };
    }
    case Stage::Done:
        break;
    }
    return std::nullopt;
}

std::optional<PromptCalibrator::Probe> PromptCalibrator::tailProbe(int target) const
{
    // Words k and k + 1 both measured, k below the target and k + 1 above it: no number of whole
    // words hits it; k words and a tail of the missing count (or one more or less) may.
    const QList<CalibrationFit::Point> &points = m_fit.points;
    for (qsizetype i = 0; i + 1 < points.size(); ++i) {
        const CalibrationFit::Point &below = points.at(i);
        const CalibrationFit::Point &above = points.at(i + 1);
        if (above.bodyWords != below.bodyWords + 1 || below.serverTokens >= target || above.serverTokens <= target)
            continue;
        const int missing = std::clamp(target - below.serverTokens, 1, 3);
        for (int tail : { missing, missing - 1, missing + 1, 1, 2, 3 }) {
            if (tail < 1 || tail > 3)
                continue;
            const bool tried = std::any_of(m_probes.cbegin(), m_probes.cend(), [&](const Probe &p) {
                return p.bodyWords == below.bodyWords && p.tailWords == tail && p.prefixWords == m_fit.prefixWords;
            });
            if (!tried)
                return Probe { m_fit.prefixWords, below.bodyWords, tail, target, -1 };
        }
    }
    return std::nullopt;
}

void PromptCalibrator::answered(int serverTokens)
{
    if (m_probes.isEmpty() || failed())
        return;
    if (serverTokens < 0) {
        fail(Text::tr("Prompts of a given length are calibrated against the server's own count (usage "
                      "prompt_tokens), and this server sent no usage. Turn usage on if it can send it, or use "
                      "a dataset or a fixed prompt instead (--dataset FILE, or Prompts in the Workload box)."));
        return;
    }
    Probe &probe = m_probes.last();
    probe.serverTokens = serverTokens;
    switch (m_stage) {
    case Stage::Empty:
        m_fit.emptyTokens = serverTokens;
        if (m_workload.sharedPrefixTokens > 0) {
            m_stage = Stage::Prefix;
            m_prefixPoints = { { 0, 0 } };
        } else
            startBodyStage();
        break;
    case Stage::Prefix: {
        const int added = serverTokens - m_fit.emptyTokens;
        insertSorted(&m_prefixPoints, probe.prefixWords, added);
        ++m_tries;
        if (added == m_workload.sharedPrefixTokens || m_tries >= kMostTriesPerTarget) {
            // The closest prefix measured.
            auto best = m_prefixPoints.last();
            for (const auto &p : std::as_const(m_prefixPoints)) {
                if (std::abs(p.second - m_workload.sharedPrefixTokens) < std::abs(best.second - m_workload.sharedPrefixTokens))
                    best = p;
            }
            m_fit.prefixWords = best.first;
            m_fit.prefixTokens = best.second;
            startBodyStage();
        }
        break;
    }
    case Stage::Body: {
        if (probe.tailWords == 0) { // a tailed probe says nothing about whole words
            QList<QPair<int, int>> points = pairsOf(m_fit.points);
            insertSorted(&points, probe.bodyWords, serverTokens);
            m_fit.points.clear();
            for (const auto &[words, tokens] : std::as_const(points))
                m_fit.points.append({ words, tokens });
        }
        if (serverTokens == m_targets.first() && !m_fit.exactFor(serverTokens))
            m_fit.exact.append({ serverTokens, probe.bodyWords, probe.tailWords });
        ++m_tries;
        if (serverTokens == m_targets.first() || m_tries >= kMostTriesPerTarget) {
            m_targets.removeFirst();
            m_tries = 0;
        }
        break;
    }
    case Stage::Done:
        break;
    }
}

void PromptCalibrator::startBodyStage()
{
    m_stage = Stage::Body;
    m_tries = 0;
    const int base = m_fit.emptyTokens + m_fit.prefixTokens;
    m_fit.points = { { 0, base } };
    if (m_workload.minInputTokens() <= base) {
        fail(Text::tr("The server counts %1 tokens in the shortest synthetic prompt (its chat template, the "
                      "prompt's tag line and the shared prefix), so it cannot be given prompts of %2 tokens. "
                      "Ask for more input tokens, a smaller spread or a shorter shared prefix.")
                 .arg(base + 1)
                 .arg(m_workload.minInputTokens()));
        return;
    }
    // The longest first (it sets the slope over the whole range), then the asked length, then the
    // rest of the grid across the spread.
    const int lo = m_workload.minInputTokens();
    const int hi = m_workload.maxInputTokens();
    m_targets = { hi, m_workload.inputTokens };
    if (hi > lo) {
        for (int i = 0; i < kGridPoints; ++i)
            m_targets.append(int(std::lround(lo + double(hi - lo) * i / (kGridPoints - 1))));
    }
    QList<int> unique;
    for (int t : std::as_const(m_targets)) {
        if (!unique.contains(t))
            unique.append(t);
    }
    m_targets = unique;
}

void PromptCalibrator::probeFailed(const QString &message)
{
    fail(Text::tr("A calibration probe failed, so prompts of %1 tokens could not be calibrated: %2")
             .arg(m_workload.inputTokens)
             .arg(message));
}

void PromptCalibrator::fail(const QString &message)
{
    m_error = message;
    m_stage = Stage::Done;
}

QJsonObject PromptCalibrator::report() const
{
    QJsonArray probes;
    for (const Probe &p : m_probes) {
        probes.append(QJsonObject { { QStringLiteral("prefix_words"), p.prefixWords },
            { QStringLiteral("body_words"), p.bodyWords }, { QStringLiteral("target_tokens"), p.targetTokens },
            { QStringLiteral("prompt_tokens"), p.serverTokens } });
    }
    QJsonObject json { { QStringLiteral("probes"), probes }, { QStringLiteral("fit"), m_fit.toJson() } };
    if (failed())
        json.insert(QStringLiteral("error"), m_error);
    return json;
}

} // namespace TokenScope
