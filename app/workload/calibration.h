// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/promptsource.h"
#include "core/workload.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace TokenScope {

/// What the server counted for synthetic prompts of a given shape: the measured points that
/// turn a wanted length into a number of body words (docs/methodology.md#prompts-of-exactly-n-tokens).
struct CalibrationFit {
    struct Point {
        int bodyWords = 0;
        int serverTokens = 0;
    };
    int prefixWords = 0; ///< words of the shared prefix passage every prompt opens with
    int prefixTokens = 0; ///< what they add to the server's count (0 without a shared prefix)
    int emptyTokens = 0; ///< the server's count of a prompt with only its tag: template and tag
    QList<Point> points; ///< with the chosen prefix, sorted by bodyWords, (0, emptyTokens) first
    /// Lengths a probe hit exactly, with the words (and tail words, SyntheticText::tail) that did it.
    struct Exact {
        int targetTokens = 0;
        int bodyWords = 0;
        int tailWords = 0;
    };
    QList<Exact> exact;
    /// The exact hit for `targetTokens`, if a probe found one.
    std::optional<Exact> exactFor(int targetTokens) const;

    /// Body words for a prompt the server counts as `targetTokens`: a measured point's words when
    /// one hit it, else interpolated between the measured points around it (extrapolated past them).
    int bodyWordsFor(int targetTokens) const;
    QJsonObject toJson() const;
    static CalibrationFit fromJson(const QJsonObject &json);
};

/// Finds, by asking the server, how many words synthetic prompts need to be counted as the
/// workload's lengths. Sends short probes (max_tokens 1) one at a time: a prompt of its tag only,
/// then (with a shared prefix) prefixes until the prefix adds the asked tokens, then for each
/// wanted length bodies until the server counts that length exactly (or the tries run out).
/// Plain logic, no network: the engine sends each probe and hands back what the server counted.
class PromptCalibrator
{
public:
    explicit PromptCalibrator(const Workload &workload);

    /// The next probe to send, or nullopt when calibration is over (see failed()).
    std::optional<Prompt> nextProbe();
    /// The server's count for the last probe (usage prompt_tokens; -1 when it sent no usage).
    void answered(int serverTokens);
    /// The probe failed before the server counted anything: calibration stops with `message`.
    void probeFailed(const QString &message);

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    const CalibrationFit &fit() const { return m_fit; }
    /// The probes and what the server counted, for the run's config (`workload.measured`).
    QJsonObject report() const;
    int probesSent() const { return int(m_probes.size()); }

    static constexpr int kMostTriesPerTarget = 7;

private:
    enum class Stage { Empty, Prefix, Body, Done };
    struct Probe {
        int prefixWords = 0;
        int bodyWords = 0;
        int tailWords = 0;
        int targetTokens = -1; ///< what it aimed for (-1: the empty probe)
        int serverTokens = -1;
    };
    Prompt probePrompt(const Probe &probe) const;
    std::optional<Probe> planNext();
    int prefixWordsGuess() const;
    /// A tail for `target` when whole words step over it: the measured words just below it.
    std::optional<Probe> tailProbe(int target) const;
    void startBodyStage();
    void fail(const QString &message);

    Workload m_workload;
    Stage m_stage = Stage::Empty;
    QList<int> m_targets; ///< body stage: lengths still to hit, the next first
    int m_tries = 0; ///< probes for the current target (or the prefix)
    QList<Probe> m_probes;
    QList<QPair<int, int>> m_prefixPoints; ///< (prefix words, tokens they add)
    CalibrationFit m_fit;
    QString m_error;
};

} // namespace TokenScope
