// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fdlimit.h"

#include <sys/resource.h>

namespace TokenScope {

long raiseOpenFileLimit()
{
    rlimit lim {};
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0)
        return -1;
    if (lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
        getrlimit(RLIMIT_NOFILE, &lim);
    }
    return lim.rlim_cur == RLIM_INFINITY ? 1L << 20 : static_cast<long>(lim.rlim_cur);
}

long openFilesNeeded(int concurrency, bool inProcessSimulator)
{
    const long perStream = inProcessSimulator ? 2 : 1;
    return perStream * concurrency + 256;
}

QString checkOpenFileLimit(int concurrency, bool inProcessSimulator)
{
    const long limit = raiseOpenFileLimit();
    const long needed = openFilesNeeded(concurrency, inProcessSimulator);
    if (limit < 0 || limit >= needed)
        return {};
    return QStringLiteral("Concurrency %1 needs about %2 open files, but this process may open only %3. "
                          "Raise the limit (ulimit -n %2, or LimitNOFILE in a systemd unit) or lower the concurrency.")
        .arg(concurrency)
        .arg(needed)
        .arg(limit);
}

} // namespace TokenScope
