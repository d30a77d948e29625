// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "processcpu.h"

#include <QDir>
#include <QFile>

#include <sched.h>
#include <unistd.h>

#include <algorithm>

namespace TokenScope {

namespace {

constexpr qint64 kMaxStatBytes = 4096;

/// utime + stime in clock ticks from a /proc stat file, and its comm (the thread's name); -1 when
/// unreadable. The comm sits in parentheses and may itself hold spaces or parentheses.
qint64 ticksOf(const QString &statPath, QByteArray *comm)
{
    QFile file(statPath);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = file.read(kMaxStatBytes);
    const qsizetype open = stat.indexOf('(');
    const qsizetype close = stat.lastIndexOf(')');
    if (open < 0 || close < open)
        return -1;
    if (comm)
        *comm = stat.mid(open + 1, close - open - 1);
    // After the comm: state is field 3; utime and stime are fields 14 and 15.
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    constexpr int kUtime = 14 - 3;
    if (fields.size() <= kUtime + 1)
        return -1;
    return fields.at(kUtime).toLongLong() + fields.at(kUtime + 1).toLongLong();
}

} // namespace

int usableCores()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 1;
    return std::max(1, CPU_COUNT(&set));
}

double clientCpuSeconds()
{
    const qint64 total = ticksOf(QStringLiteral("/proc/self/stat"), nullptr); // ended threads included
    if (total < 0)
        return -1;
    qint64 simulator = 0;
    const QDir tasks(QStringLiteral("/proc/self/task"));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QByteArray comm;
        const qint64 ticks = ticksOf(tasks.filePath(tid + QStringLiteral("/stat")), &comm);
        if (ticks > 0 && comm.startsWith("sim-"))
            simulator += ticks;
    }
    return double(std::max<qint64>(0, total - simulator)) / double(sysconf(_SC_CLK_TCK));
}

MachineCpuTimes machineCpuTimes()
{
    QFile file(QStringLiteral("/proc/stat"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": idle and iowait are
    // the unused time; guest time is counted in user already.
    const QList<QByteArray> fields = file.readLine(kMaxStatBytes).simplified().split(' ');
    constexpr int kIdle = 4, kIowait = 5, kSteal = 8;
    if (fields.size() <= kSteal || fields.first() != "cpu")
        return {};
    MachineCpuTimes times;
    for (qsizetype i = 1; i <= kSteal; ++i)
        times.total += fields.at(i).toLongLong();
    times.busy = times.total - fields.at(kIdle).toLongLong() - fields.at(kIowait).toLongLong();
    return times;
}

double machineCpuShare(const MachineCpuTimes &from, const MachineCpuTimes &to)
{
    if (from.busy < 0 || to.busy < 0 || to.total <= from.total)
        return -1;
    return std::clamp(double(to.busy - from.busy) / double(to.total - from.total), 0.0, 1.0);
}

} // namespace TokenScope
