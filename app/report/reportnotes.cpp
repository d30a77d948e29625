// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The notes under every results table: what the numbers leave out, never silently
// (docs/metrics.md#7-the-results-table-resultscsv-and-summaryjson).
#include "core/englishcount.h"
#include "core/failurekind.h"
#include "redaction.h"
#include "reportformat.h"
#include "reportwriters.h"
#include "servermetrics/serverlevel.h"
#include "stats/bootstrap.h"
#include "stats/precision.h"
#include "stats/schedulecheck.h"
#include "stats/servingcurve.h"
#include "stats/statistics.h"
#include "stats/turnfigures.h"
#include "stats/workloadcheck.h"
#include "workload/calibration.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <limits>

namespace TokenScope::Report {

namespace {

constexpr int kMessageChars = 200; // a first error message, cut so a note stays one line

// "sentence." or "sentence; first message: ..." when there is one.
QString withMessage(const QString &sentence, const QString &message)
{
    if (message.isEmpty())
        return sentence + u'.';
    return sentence + QStringLiteral("; first message: ") + message;
}

QString firstMessageOf(const QList<RequestRecord> &records, const QString &kind)
{
    for (const RequestRecord &r : records)
        if (!r.ok && Stats::errorKindOf(r) == kind && !r.errorMessage.trimmed().isEmpty())
            return Detail::oneLine(r.errorMessage, kMessageChars);
    return {};
}

QStringList warmupNotes(const RunResult &run)
{
    int total = 0;
    QStringList failures;
    for (const RequestRecord &r : run.records) {
        if (!r.warmup || r.probe) // calibration probes have their own note
            continue;
        ++total;
        if (!r.ok)
            failures.append(withMessage(QStringLiteral("Warm-up request failed with %1").arg(Stats::errorKindOf(r)),
                Detail::oneLine(r.errorMessage, kMessageChars)));
    }
    if (total == 0)
        return {};
    QString sent = countOf(total, u"warm-up request", u"warm-up requests");
    if (run.config.conversation.isOn()) // docs/methodology.md#conversations: a warm-up is a whole conversation
        sent = countOf(run.config.warmupRequests, u"warm-up conversation", u"warm-up conversations")
            + QStringLiteral(" (%1)").arg(sent);
    return QStringList { QStringLiteral("%1 sent first, excluded from every statistic.").arg(sent) } + failures;
}

// Open loop (docs/metrics.md#latency-from-the-schedule): whether the client sent on time, what the
// cap held back, what the level's end cut off.
QStringList scheduleNotes(const RunResult &run, const LevelSummary &l, const QString &prefix)
{
    const LoadPoint point = l.loadPoint();
    if (!point.isOpenLoop())
        return {};
    QStringList notes;
    for (const QString &text : { Stats::scheduleProblem(l), Stats::capWaitText(l) })
        if (!text.isEmpty())
            notes.append(prefix + text);
    if (l.rampUpExcluded > 0)
        notes.append(prefix
            + QStringLiteral("%1 sent during the %2 s ramp-up left out of every statistic.")
                  .arg(countOf(l.rampUpExcluded, u"request", u"requests"))
                  .arg(Detail::plainNumber(run.config.rampUpS, 3)));
    const int incomplete = l.errorsByKind.value(failureKindName(FailureKind::Incomplete));
    if (incomplete > 0)
        notes.append(prefix
            + QStringLiteral("%1 %2 still in flight when the level's %3 s grace period ended: counted as "
                             "failed (incomplete), not as completions.")
                  .arg(countOf(incomplete, u"request", u"requests"), wordFor(incomplete, u"was", u"were"))
                  .arg(Detail::plainNumber(run.config.graceS, 3)));
    const int notSent = l.errorsByKind.value(failureKindName(FailureKind::NotSent));
    if (notSent > 0)
        notes.append(prefix
            + QStringLiteral("%1 %2 due under the schedule but the cap held %3 until the level ended: "
                             "never sent, counted as failed (not_sent).")
                  .arg(countOf(notSent, u"request", u"requests"), wordFor(notSent, u"was", u"were"),
                      wordFor(notSent, u"it", u"them")));
    return notes;
}

// "Concurrency 4: ", "Concurrency 1 (level 3): "; a run with rate levels names each by its load
// point: "r=40/s c≤4: ".
QString levelPrefix(const RunResult &run, const LevelSummary &l)
{
    if (Detail::hasRateLevels(run)) {
        const QList<LoadPoint> points = run.points();
        const LoadPoint point = l.loadPoint();
        const bool known = l.levelIndex >= 0 && l.levelIndex < points.size() && points.at(l.levelIndex).sameLoad(point);
        return (known ? levelName(points, l.levelIndex) : point.label()) + QStringLiteral(": ");
    }
    return isRepeated(run.config.loadPoints(), l.levelIndex)
        ? QStringLiteral("Concurrency %1 (level %2): ").arg(l.concurrency).arg(l.levelIndex + 1)
        : QStringLiteral("Concurrency %1: ").arg(l.concurrency);
}

// What servers sent that was not believed or not measured, and what a record keeps only in part
// (docs/metrics.md#protocol-notes).
QStringList protocolNotes(const QList<RequestRecord> &records, const QString &prefix)
{
    int afterDone = 0, cut = 0, rejected = 0, aboveMax = 0;
    for (const RequestRecord &r : records) {
        afterDone += r.eventsAfterDone > 0 ? 1 : 0;
        cut += r.chunkTimesDropped > 0 ? 1 : 0;
        rejected += r.usageTokensRejected >= 0 ? 1 : 0;
        aboveMax += r.outputTokensFromUsage && r.maxTokens > 0
                && qint64(r.outputTokens) > qint64(r.maxTokens) + RequestRecord::kUsageSlackTokens
            ? 1
            : 0;
    }
    QStringList notes;
    if (afterDone > 0)
        notes.append(prefix
            + QStringLiteral("%1 went on sending events after the stream's end ([DONE]); the events were "
                             "counted (events_after_done) and otherwise ignored.")
                  .arg(countOf(afterDone, u"request", u"requests")));
    if (cut > 0)
        notes.append(prefix
            + QStringLiteral("%1 had more than %2 text chunks: only the first %2 chunk times of each were "
                             "kept, so the ITL covers those; TTFT, E2E and output tokens cover every chunk.")
                  .arg(countOf(cut, u"request", u"requests"))
                  .arg(RequestRecord::kMaxChunkTimes));
    if (rejected > 0)
        notes.append(prefix
            + QStringLiteral("%1 reported usage of more than %2 output tokens, which no answer reaches; it "
                             "was not believed and the output tokens were counted from text-bearing chunks "
                             "(usage_rejected_tokens).")
                  .arg(countOf(rejected, u"request", u"requests"))
                  .arg(RequestRecord::kMaxPlausibleTokens));
    if (aboveMax > 0)
        notes.append(prefix
            + QStringLiteral("%1 reported more output tokens than max_tokens allowed (+%2): the server "
                             "ignored max_tokens or counts tokens (reasoning) outside it. The reported usage is used "
                             "for TPOT and throughput; check it against the server's documentation.")
                  .arg(countOf(aboveMax, u"request", u"requests"))
                  .arg(RequestRecord::kUsageSlackTokens));
    return notes;
}

constexpr double kIntervalPercentiles[] = { 50, 90, 95, 99 };

// The percentiles that `samples` samples are too few to give an interval (none of an empty sample).
QList<double> refusedPercentiles(int samples)
{
    QList<double> out;
    for (double p : kIntervalPercentiles) {
        if (samples > 0 && !Stats::hasEnoughSamplesForInterval(samples, p))
            out.append(p);
    }
    return out;
}

// "P90, P95, P99".
QString percentileNames(const QList<double> &percentiles)
{
    QStringList names;
    for (double p : percentiles)
        names.append(QStringLiteral("P%1").arg(p));
    return names.join(QStringLiteral(", "));
}

// "A", "A and B", "A, B and C".
QString listed(QStringList names)
{
    const QString last = names.takeLast();
    return names.isEmpty() ? last : names.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

// One clause per sample size: "P90, P95, P99 of TTFT and E2E (16 samples)".
QStringList refusedIntervalClauses(const LevelSummary &l, QList<double> *refusedAll)
{
    QList<QPair<QString, const Distribution *>> metrics { { QStringLiteral("TTFT"), &l.ttftMs } };
    if (l.ttftFromSentMs.count != l.ttftMs.count) // otherwise it reads as TTFT's
        metrics.append({ QStringLiteral("TTFT from sent"), &l.ttftFromSentMs });
    metrics += { { QStringLiteral("TPOT"), &l.tpotMs }, { QStringLiteral("ITL"), &l.itlMs },
        { QStringLiteral("E2E"), &l.e2elMs } };
    QMap<int, QStringList> namesBySamples; // metrics that share a sample size share their refusals
    for (const auto &[name, d] : metrics) {
        if (!refusedPercentiles(d->count).isEmpty())
            namesBySamples[d->count].append(name);
    }
    QStringList clauses;
    for (auto it = namesBySamples.constBegin(); it != namesBySamples.constEnd(); ++it) {
        const QList<double> refused = refusedPercentiles(it.key());
        for (double p : refused)
            if (!refusedAll->contains(p))
                refusedAll->append(p);
        clauses.append(
            QStringLiteral("%1 of %2 (%3 samples)").arg(percentileNames(refused), listed(it.value())).arg(it.key()));
    }
    return clauses;
}

// The figures of a level that summary.json gives no 95 % interval, and why, in one note
// (docs/metrics.md#confidence-intervals).
QString refusedIntervalsNote(const LevelSummary &l)
{
    QList<double> refusedAll;
    QStringList clauses = refusedIntervalClauses(l, &refusedAll);
    const bool throughputRefused = l.requests > 0 && l.requests < Stats::kMinIntervalSamples;
    if (throughputRefused)
        clauses.append(QStringLiteral("output throughput (%1 requests)").arg(l.requests));
    if (clauses.isEmpty())
        return {};
    std::sort(refusedAll.begin(), refusedAll.end());
    QStringList needs;
    for (double p : refusedAll)
        needs.append(QStringLiteral("P%1 ≥ %2").arg(p).arg(Stats::minSamplesForInterval(p)));
    QString needed = needs.isEmpty() ? QString() : needs.join(QStringLiteral(", ")) + QStringLiteral(" samples");
    if (throughputRefused)
        needed += (needed.isEmpty() ? QString() : QStringLiteral("; "))
            + QStringLiteral("throughput ≥ %1 requests").arg(Stats::kMinIntervalSamples);
    return QStringLiteral("No 95 % interval for %1: too few samples at or beyond the percentile (needs %2; "
                          "docs/metrics.md#confidence-intervals).")
        .arg(clauses.join(QStringLiteral("; ")), needed);
}

// Per-token ITL beside the table's per-chunk ITL, and the requests it could not cover
// (docs/metrics.md#per-token-itl-from-per-chunk-usage).
QStringList perChunkUsageNotes(
    const RunResult &run, const LevelSummary &l, const QList<RequestRecord> &records, const QString &prefix)
{
    if (!run.config.perChunkUsage)
        return {};
    QStringList notes;
    if (l.itlPerTokenMs.count > 0)
        notes.append(prefix
            + QStringLiteral("Per-token ITL (from per-chunk usage): median %1 ms, p99 %2 ms over %3 tokens; the "
                             "ITL columns are per chunk.")
                  .arg(QString::number(l.itlPerTokenMs.p50, 'f', 2), QString::number(l.itlPerTokenMs.p99, 'f', 2))
                  .arg(l.itlPerTokenMs.count));
    const auto without = std::count_if(records.cbegin(), records.cend(),
        [](const RequestRecord &r) { return r.ok && !r.warmup && !r.hasChunkTokens(); });
    if (without > 0)
        notes.append(prefix
            + QStringLiteral("%1 carried no usable per-chunk usage (a text chunk without usage, or a "
                             "count that went backwards): left out of per-token ITL.")
                  .arg(countOf(without, u"completed request", u"completed requests")));
    return notes;
}

QStringList levelNotes(const RunResult &run, const LevelSummary &l)
{
    QStringList notes;
    const QString prefix = levelPrefix(run, l);
    // First: whether the figures below can be trusted (docs/metrics.md#measurement-quality).
    for (const QString &reason : l.quality.reasons)
        notes.append(prefix + QStringLiteral("Measurement degraded: ") + reason);
    if (const QString stop = Stats::stopText(l); !stop.isEmpty()) // docs/metrics.md#stop-when-precise
        notes.append(prefix + stop.at(0).toUpper() + stop.mid(1) + u'.');
    if (Stats::turnsPerConversation(run) > 0) { // docs/metrics.md#conversations
        if (const QString cache = Stats::prefixCacheNote(Stats::figuresByTurn(run.records, l.levelIndex));
            !cache.isEmpty())
            notes.append(prefix + QStringLiteral("Warning: ") + cache);
    }
    if (l.shortOutputExcluded > 0)
        notes.append(prefix
            + QStringLiteral("%1 with fewer than %2 output tokens left out of TPOT and ITL.")
                  .arg(countOf(l.shortOutputExcluded, u"completed request", u"completed requests"))
                  .arg(run.config.minTokensForTpot));
    if (l.outputTokensFromChunks > 0)
        notes.append(prefix
            + QStringLiteral("%1 reported no usage; output tokens counted from text-bearing chunks.")
                  .arg(countOf(l.outputTokensFromChunks, u"request", u"requests")));
    // Past this share of zero gaps, ITL P50 says more about how reads were merged than about the
    // server's pace (docs/metrics.md#coalesced-reads).
    constexpr double kZeroGapNoteShare = 0.05;
    if (l.zeroGapShare > kZeroGapNoteShare)
        notes.append(prefix
            + QStringLiteral("%1 % of ITL gaps were 0 (%2 events per read): chunks arrived together, either written "
                             "together by the server or merged into one read by a busy client.")
                  .arg(QString::number(100.0 * l.zeroGapShare, 'f', 1), QString::number(l.eventsPerRead, 'f', 2)));
    if (run.config.http2 && l.http1Responses > 0)
        notes.append(prefix
            + QStringLiteral(
                "%1 of %2 came over HTTP/1.1 although HTTP/2 was asked for (the server did not "
                "offer h2). The client had sized its pool for HTTP/2 streams, so past 6 requests per pool member "
                "they waited for a connection inside the client, and that wait counts in TTFT (see "
                "request_sent_ms; ttft_from_sent excludes it).")
                  .arg(l.http1Responses)
                  .arg(countOf(l.http1Responses + l.http2Responses, u"response", u"responses")));
    // Over HTTP/1.1 after a failed --http2 the note above says why requests waited.
    const bool fellBack = run.config.http2 && l.http1Responses > 0;
    if (l.queuedInClient > 0 && !fellBack) {
        const QString why = l.http2Responses > 0 && l.http1Responses == 0
            ? QStringLiteral("the server allowed fewer concurrent HTTP/2 streams than the run's concurrency, so the "
                             "client queued the rest")
            : QStringLiteral("the client queued the rest for a connection");
        notes.append(prefix
            + QStringLiteral("%1 of %2 waited inside the client before %8 sent (median "
                             "%3 ms, p99 %4 ms): at most %5 were on the wire at once against up to %6 in flight; %7. "
                             "That wait counts in TTFT (see request_sent_ms; ttft_from_sent excludes it).")
                  .arg(l.queuedInClient)
                  .arg(countOf(l.completed, u"completed request", u"completed requests"))
                  .arg(QString::number(l.clientQueueMs.p50, 'f', 1), QString::number(l.clientQueueMs.p99, 'f', 1))
                  .arg(l.peakOnWire)
                  .arg(l.peakInFlight)
                  .arg(why, wordFor(l.queuedInClient, u"it was", u"they were")));
    }
    if (l.connectionsOpened > 0)
        notes.append(prefix
            + QStringLiteral("%1 %2 opened during the level; the requests that waited for %3 carry "
                             "connection setup in TTFT (see connect_ms; ttft_from_sent excludes it).")
                  .arg(countOf(l.connectionsOpened, u"connection", u"connections"),
                      wordFor(l.connectionsOpened, u"was", u"were"), wordFor(l.connectionsOpened, u"it", u"them")));
    const QList<RequestRecord> records = run.recordsOfLevel(l.levelIndex);
    notes += protocolNotes(records, prefix);
    notes += perChunkUsageNotes(run, l, records, prefix);
    notes += scheduleNotes(run, l, prefix);
    if (const QString note = refusedIntervalsNote(l); !note.isEmpty())
        notes.append(prefix + note);
    for (const QString &text : { Stats::offTargetProblem(l), Stats::shortOutputProblem(l), Stats::cacheText(l) }) {
        if (!text.isEmpty())
            notes.append(prefix + text.at(0).toUpper() + text.mid(1) + u'.');
    }
    for (auto it = l.errorsByKind.constBegin(); it != l.errorsByKind.constEnd(); ++it) {
        if (l.loadPoint().isOpenLoop()
            && (it.key() == failureKindName(FailureKind::Incomplete)
                || it.key() == failureKindName(FailureKind::NotSent)))
            continue; // scheduleNotes() says what these mean
        const QString sentence
            = QStringLiteral("%1 failed with %2").arg(countOf(it.value(), u"request", u"requests"), it.key());
        notes.append(prefix + withMessage(sentence, firstMessageOf(records, it.key())));
    }
    return notes;
}

/// How synthetic prompts were calibrated (docs/methodology.md#prompts-of-exactly-n-tokens).
QString calibrationNote(const RunResult &run)
{
    const QJsonObject calibration = run.config.workload.measured.value(QLatin1String("calibration")).toObject();
    const QJsonArray probes = calibration.value(QLatin1String("probes")).toArray();
    if (probes.isEmpty())
        return {};
    const Workload &w = run.config.workload;
    const CalibrationFit fit = CalibrationFit::fromJson(calibration.value(QLatin1String("fit")).toObject());
    if (run.config.loadMode == LoadMode::Trace)
        return QStringLiteral("The trace's prompts are made of blocks of %1 tokens as the server counts them, "
                              "calibrated by %2 of one output token each (not measured); each prompt's length is "
                              "the trace's input_length, checked against the server's count below.")
            .arg(run.config.trace.blockTokens)
            .arg(countOf(probes.size(), u"probe request", u"probe requests"));
    const QString lengths = w.inputSpread > 0
        ? QStringLiteral("%1 to %2 tokens").arg(w.minInputTokens()).arg(w.maxInputTokens())
        : QStringLiteral("%1 tokens").arg(w.inputTokens);
    const QString verified = fit.exactFor(w.inputTokens)
        ? QStringLiteral("a probe of the asked %1 tokens was counted as exactly that").arg(w.inputTokens)
        : QStringLiteral("no probe was counted as exactly %1 tokens, so prompts of that length may be a token off")
              .arg(w.inputTokens);
    const QString prefix = fit.prefixTokens > 0
        ? QStringLiteral(" Each opens with the same %1 tokens (the shared prefix).").arg(fit.prefixTokens)
        : QString();
    return QStringLiteral("Synthetic prompts of %1 as the server counts them, calibrated by %2 of "
                          "one output token each (not measured): %3.%4")
        .arg(lengths)
        .arg(countOf(probes.size(), u"probe request", u"probe requests"))
        .arg(verified, prefix);
}

/// Without it, an arm's "concurrency 8" would read as 8 streams of this endpoint.
QString interleavedNote(const RunResult &run)
{
    QStringList others;
    for (int i = 0; i < run.interleavedArms.size(); ++i) {
        if (i == run.armOf)
            continue;
        const RunConfig &arm = run.interleavedArms.at(i);
        others.append(QStringLiteral("%1: model %2 at %3")
                          .arg(armLetter(i), arm.model, redactSecret(urlForDisplay(arm.baseUrl), arm.apiKey)));
    }
    return QStringLiteral("Arm %1 of an A/B interleaved run (%2): requests alternated between the arms, and "
                          "concurrency counts the requests of all arms in flight.")
        .arg(armLetter(run.armOf), others.join(QStringLiteral("; ")));
}

} // namespace

QStringList reportNotes(const RunResult &run)
{
    QStringList notes;
    if (run.cancelled)
        notes.append(QStringLiteral("Run cancelled: the results are partial."));
    if (run.armOf >= 0)
        notes.append(interleavedNote(run));
    if (const QString cache = Stats::cacheWarning(run); !cache.isEmpty())
        notes.append(QStringLiteral("Warning: ") + cache);
    if (const QString calibration = calibrationNote(run); !calibration.isEmpty())
        notes.append(calibration);
    if (const QString scrapes = scrapeCountText(run); !scrapes.isEmpty()) // docs/metrics.md#server-metrics
        notes.append(run.serverScrapesOk() == 0 ? QStringLiteral("Warning: ") + scrapes : scrapes);
    notes += warmupNotes(run);
    for (const LevelSummary &l : run.levels)
        notes += levelNotes(run, l);
    if (run.levels.isEmpty())
        notes.append(QStringLiteral("No measured requests."));
    if (!run.loadPlanOutcome.isEmpty())
        notes.append(QStringLiteral("Load plan: ") + run.loadPlanOutcome);
    if (run.levels.size() >= 2 && Detail::hasRateLevels(run)) {
        const QString knee = Stats::findKnee(Detail::servingCurveOf(run)).sentence;
        if (!knee.isEmpty())
            notes.append(knee);
    }
    for (QString &note : notes)
        note = redactSecret(note, run.config.apiKey);
    return notes;
}

} // namespace TokenScope::Report
