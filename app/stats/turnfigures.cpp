// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "turnfigures.h"

#include "statistics.h"

#include <QHash>
#include <QMap>

#include <algorithm>

namespace TokenScope::Stats {
namespace {

bool inLevel(const RequestRecord &r, int levelIndex)
{
    return r.session >= 0 && !r.warmup && !r.probe && r.levelIndex == levelIndex;
}

double sortedPercentile(std::vector<double> values, double p)
{
    if (values.empty())
        return -1;
    std::sort(values.begin(), values.end());
    return percentile(values, p);
}

double mean(const std::vector<double> &values)
{
    if (values.empty())
        return -1;
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum / double(values.size());
}

TurnFigures figuresOf(int turn, const QList<const RequestRecord *> &records)
{
    TurnFigures f;
    f.turn = turn;
    f.requests = int(records.size());
    std::vector<double> ttft, tpot, prompt;
    double cached = 0, cachedOf = 0;
    for (const RequestRecord *r : records) {
        if (r->promptTokens >= 0)
            prompt.push_back(r->promptTokens);
        if (r->promptTokens > 0 && r->cachedTokens >= 0) {
            cached += r->cachedTokens;
            cachedOf += r->promptTokens;
        }
        if (!r->ok)
            continue;
        ++f.completed;
        if (const double t = ttftMs(*r); t >= 0)
            ttft.push_back(t);
        if (const double t = tpotMs(*r); t >= 0)
            tpot.push_back(t);
    }
    f.ttftP50Ms = sortedPercentile(ttft, 50);
    f.ttftP95Ms = sortedPercentile(ttft, 95);
    f.tpotP50Ms = sortedPercentile(tpot, 50);
    f.promptTokensMean = mean(prompt);
    f.cachedShare = cachedOf > 0 ? cached / cachedOf : -1;
    return f;
}

} // namespace

int turnsPerConversation(const RunResult &run)
{
    if (run.config.conversation.isOn())
        return run.config.conversation.turns;
    int most = 0;
    for (const RequestRecord &r : run.records)
        most = std::max(most, r.warmup ? 0 : r.turn);
    return most > 1 ? most : 0;
}

QList<TurnFigures> figuresByTurn(const QList<RequestRecord> &records, int levelIndex)
{
    QMap<int, QList<const RequestRecord *>> byTurn;
    for (const RequestRecord &r : records) {
        if (inLevel(r, levelIndex))
            byTurn[r.turn].append(&r);
    }
    QList<TurnFigures> out;
    for (auto it = byTurn.cbegin(); it != byTurn.cend(); ++it)
        out.append(figuresOf(it.key(), it.value()));
    return out;
}

ConversationFigures conversationFigures(const QList<RequestRecord> &records, int levelIndex)
{
    struct Span
    {
        qint64 firstSendNs = 0;
        qint64 lastEndNs = 0;
        int lastTurn = 0;
        int lastPromptTokens = -1;
        double outputTokens = 0;
        bool allOk = true;
        bool seen = false;
    };
    QHash<int, Span> spans;
    for (const RequestRecord &r : records) {
        if (!inLevel(r, levelIndex))
            continue;
        Span &s = spans[r.session];
        const qint64 endNs = r.tStartNs + recordEndNs(r);
        s.firstSendNs = s.seen ? std::min(s.firstSendNs, r.tStartNs) : r.tStartNs;
        s.lastEndNs = std::max(s.lastEndNs, endNs);
        if (r.turn > s.lastTurn) {
            s.lastTurn = r.turn;
            s.lastPromptTokens = r.promptTokens;
        }
        s.outputTokens += r.outputTokens;
        s.allOk = s.allOk && r.ok;
        s.seen = true;
    }
    ConversationFigures f;
    f.conversations = int(spans.size());
    std::vector<double> durations, outputs, lastPrompts;
    for (const Span &s : std::as_const(spans)) {
        if (!s.allOk)
            continue;
        ++f.completed;
        durations.push_back(double(s.lastEndNs - s.firstSendNs) / 1e9);
        outputs.push_back(s.outputTokens);
        if (s.lastPromptTokens >= 0)
            lastPrompts.push_back(s.lastPromptTokens);
    }
    f.durationP50S = sortedPercentile(durations, 50);
    f.durationMaxS = durations.empty() ? -1 : *std::max_element(durations.begin(), durations.end());
    f.outputTokensMean = mean(outputs);
    f.promptTokensLastMean = mean(lastPrompts);
    return f;
}

QString prefixCacheNote(const QList<TurnFigures> &turns)
{
    bool reported = false;
    bool laterHit = false;
    for (const TurnFigures &t : turns) {
        reported = reported || t.cachedShare >= 0;
        laterHit = laterHit || (t.turn > 1 && t.cachedShare > 0);
    }
    const bool hasLaterTurns
        = std::any_of(turns.cbegin(), turns.cend(), [](const TurnFigures &t) { return t.turn > 1; });
    if (!reported || laterHit || !hasLaterTurns)
        return {};
    return QStringLiteral("Later turns show no cached prompt tokens although the server reports them: the prefix "
                          "cache is not being hit (check sticky routing: a gateway that spreads one conversation "
                          "over replicas, or a prompt that changes its opening).");
}

} // namespace TokenScope::Stats
