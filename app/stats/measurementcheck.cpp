// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "measurementcheck.h"

#include "schedulecheck.h"

#include <QCoreApplication>

namespace TokenScope::Stats {

namespace {

QString ms(double value)
{
    return QString::number(value, 'f', value < 10 ? 2 : 1);
}

QString percent(double share)
{
    return QString::number(100.0 * share, 'f', 0);
}

/// The lag of the thread that timestamps reads: the libcurl workers', else the engine thread's.
std::optional<double> timestampLagP99(const MeasurementQuality &q)
{
    return q.readerLagP99Ms ? q.readerLagP99Ms : q.engineLagP99Ms;
}

bool busyClient(const MeasurementQuality &q)
{
    return q.clientCpuShare && *q.clientCpuShare >= kBusyClientCpuShare;
}

QString lagReason(const MeasurementQuality &q, const RunConfig &config)
{
    const std::optional<double> lag = timestampLagP99(q);
    if (!lag || *lag <= kMaxTimestampLagP99Ms)
        return {};
    const QString head
        = QCoreApplication::translate("MeasurementCheck", "the thread that timestamps reads handled its 1 ms probe up to %1 ms late "
                         "(p99; worst %2 ms), so a chunk's arrival may be recorded as late")
              .arg(ms(*lag), ms(q.readerLagP99Ms ? q.readerLagMaxMs.value_or(0) : q.engineLagMaxMs.value_or(0)));
    if (busyClient(q))
        return head
            + QCoreApplication::translate("MeasurementCheck", ": the client was too busy. Run fewer streams%1, or run the client on a machine with more "
                             "cores than the server leaves free.")
                  .arg(config.transport == u"curl" ? QString() : QCoreApplication::translate("MeasurementCheck", ", use --transport curl"));
    if (q.machineCpuShare && *q.machineCpuShare >= kBusyMachineCpuShare)
        return head
            + QCoreApplication::translate("MeasurementCheck", 
                ": the machine's CPUs were %1 % in use, the client's share %2 %, so other work (a server or "
                "simulator on this machine, a build) kept the thread waiting. Run the server on another "
                "machine, run fewer streams, or measure on a quiet machine.")
                  .arg(percent(*q.machineCpuShare), percent(q.clientCpuShare.value_or(0)));
    if (config.busyPoll)
        return head + QCoreApplication::translate("MeasurementCheck", " although its workers busy-polled: another process took the CPU.");
    return head
        + QCoreApplication::translate("MeasurementCheck", ": the client was mostly idle, and an idle CPU takes time to wake up. For one or a few "
                         "streams use --transport curl --busy-poll, or keep a CPU busy during the run.");
}

QString cpuReason(const MeasurementQuality &q)
{
    if (!q.clientCpuShare || *q.clientCpuShare <= kMaxClientCpuShare)
        return {};
    return QCoreApplication::translate("MeasurementCheck",
        "the client used %1 % of the %n usable core(s) it had: it competed with itself for CPU. Run fewer streams, "
        "use --transport curl, or run the client on another machine.",
        nullptr, q.cores)
        .arg(percent(*q.clientCpuShare));
}

QString coalescedReason(const LevelSummary &level)
{
    const double share = level.coalescedShare();
    if (share <= kMaxCoalescedShare)
        return {};
    return QCoreApplication::translate("MeasurementCheck", "%1 % of events shared a read with an earlier one (%2 % of ITL gaps are 0): while the "
                          "client lagged, chunks the server sent apart were read together, and ITL understates "
                          "their spacing.")
        .arg(percent(share), percent(level.zeroGapShare));
}

QString sentence(const QString &text)
{
    return text.isEmpty() ? text : text.at(0).toUpper() + text.mid(1);
}

} // namespace

QString handoffText(const RunConfig &config)
{
    if (config.transport == u"curl")
        return QCoreApplication::translate("MeasurementCheck", "libcurl's workers take each timestamp in the call that read the socket; handing the "
                              "bytes to the engine thread later changes no figure.");
    return QCoreApplication::translate("MeasurementCheck", "Qt reads each socket on its own network thread and hands the read to the engine thread, "
                          "which takes the timestamp. Qt does not say when it read, so the engine thread's probe lag "
                          "stands in for that hand-off.");
}

void assessMeasurement(LevelSummary *level, const RunConfig &config)
{
    MeasurementQuality &q = level->quality;
    q.handoff = handoffText(config);
    q.reasons.clear();
    const QString lag = lagReason(q, config);
    const QString cpu = cpuReason(q);
    for (const QString &reason : { lag, cpu })
        if (!reason.isEmpty())
            q.reasons.append(sentence(reason));
    // A server may write several events at once: merged reads count only beside a lagging client.
    if (!q.reasons.isEmpty()) {
        const QString coalesced = coalescedReason(*level);
        if (!coalesced.isEmpty())
            q.reasons.append(sentence(coalesced));
    }
    if (clientFellBehindSchedule(*level)) // the cap's shortfall is the load's, not the measurement's
        q.reasons.append(sentence(scheduleProblem(*level)));
    q.verdict = q.reasons.isEmpty() ? QStringLiteral("ok") : QStringLiteral("degraded");
}

QString measurementText(const LevelSummary &level)
{
    const MeasurementQuality &q = level.quality;
    if (q.verdict.isEmpty())
        return {};
    if (!q.reasons.isEmpty())
        return QCoreApplication::translate("MeasurementCheck", "measurement degraded: ") + q.reasons.join(u' ');
    QStringList figures;
    if (const std::optional<double> lag = timestampLagP99(q))
        figures.append(QCoreApplication::translate("MeasurementCheck", "timestamp thread lag p99 %1 ms").arg(ms(*lag)));
    if (q.clientCpuShare)
        figures.append(
            QCoreApplication::translate("MeasurementCheck", "client CPU %1 % of %n core(s)", nullptr, q.cores)
                .arg(percent(*q.clientCpuShare)));
    return QCoreApplication::translate("MeasurementCheck", "measurement ok")
        + (figures.isEmpty() ? QString() : QStringLiteral(": ") + figures.join(QStringLiteral(", ")));
}

} // namespace TokenScope::Stats
