// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "slices.h"

#include "core/runconfig.h"
#include "stats/statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace TokenScope::Stats {

namespace {

// One window's accumulators; times in ns from the run's start, like RequestRecord::startNs.
struct Window
{
    qint64 fromNs = 0, toNs = 0;
    LevelSlice slice;
    std::vector<double> ttftMs;
    double inFlightNs = 0; ///< sum over requests of their time in flight inside the window
};

qint64 endOf(const RequestRecord &r)
{
    return r.startNs + recordEndNs(r);
}

// The window holding time tNs; the last window holds the level's last end too.
int windowOf(const std::vector<Window> &windows, qint64 tNs)
{
    const auto after = std::upper_bound(
        windows.cbegin(), windows.cend(), tNs, [](qint64 t, const Window &w) { return t < w.fromNs; });
    return std::clamp(int(after - windows.cbegin()) - 1, 0, int(windows.size()) - 1);
}

std::vector<Window> cutWindows(qint64 fromNs, qint64 toNs, double widthS)
{
    const double spanS = double(toNs - fromNs) / 1e9;
    const int count = std::max(1, int(std::ceil(spanS / widthS - 1e-9)));
    std::vector<Window> windows(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Window &w = windows[std::size_t(i)];
        w.fromNs = fromNs + qint64(std::llround(i * widthS * 1e9));
        w.toNs = i + 1 == count ? toNs : fromNs + qint64(std::llround((i + 1) * widthS * 1e9));
        w.slice.startS = i * widthS;
        w.slice.endS = i + 1 == count ? spanS : (i + 1) * widthS;
    }
    return windows;
}

// Spreads a completed request's output tokens over its chunks' arrivals.
void addTokens(std::vector<Window> &windows, const RequestRecord &r)
{
    if (r.outputTokens <= 0)
        return;
    const int chunks = r.textChunks();
    const qint64 lastNs = r.startNs + (r.lastTokenNs >= 0 ? r.lastTokenNs : recordEndNs(r));
    if (chunks == 0) {
        windows[std::size_t(windowOf(windows, lastNs))].slice.outputTokens += r.outputTokens;
        return;
    }
    const double perChunk = double(r.outputTokens) / chunks;
    for (const qint64 chunkNs : r.chunkTimesNs)
        windows[std::size_t(windowOf(windows, r.startNs + chunkNs))].slice.outputTokens += perChunk;
    windows[std::size_t(windowOf(windows, lastNs))].slice.outputTokens += perChunk * r.chunkTimesDropped;
}

void addInFlight(std::vector<Window> &windows, const RequestRecord &r)
{
    for (int i = windowOf(windows, r.startNs); i <= windowOf(windows, endOf(r)); ++i) {
        Window &w = windows[std::size_t(i)];
        const qint64 overlap = std::min(w.toNs, endOf(r)) - std::max(w.fromNs, r.startNs);
        if (overlap > 0)
            w.inFlightNs += double(overlap);
    }
}

void addRecord(std::vector<Window> &windows, const RequestRecord &r)
{
    Window &sent = windows[std::size_t(windowOf(windows, r.startNs))];
    ++sent.slice.started;
    ++windows[std::size_t(windowOf(windows, endOf(r)))].slice.finished;
    addInFlight(windows, r);
    if (!r.ok)
        return;
    if (r.hasTtft())
        sent.ttftMs.push_back(ttftMs(r));
    addTokens(windows, r);
}

LevelSlice finish(Window &w)
{
    LevelSlice slice = w.slice;
    const double lengthS = slice.endS - slice.startS;
    if (lengthS > 0) {
        slice.outputThroughput = slice.outputTokens / lengthS;
        slice.meanInFlight = w.inFlightNs / 1e9 / lengthS;
    }
    if (!w.ttftMs.empty()) {
        std::sort(w.ttftMs.begin(), w.ttftMs.end());
        slice.ttftP50Ms = percentile(w.ttftMs, 50);
        slice.ttftP95Ms = percentile(w.ttftMs, 95);
    }
    return slice;
}

} // namespace

double sliceWidthS(double levelSpanS, double sliceS)
{
    const double multiple = std::ceil(levelSpanS / (sliceS * RunConfig::kMaxSlicesPerLevel) - 1e-9);
    return sliceS * std::max(1.0, multiple);
}

QList<LevelSlice> levelSlices(const QList<RequestRecord> &measured, double sliceS)
{
    if (!(sliceS > 0))
        return {};
    QList<const RequestRecord *> counted;
    qint64 fromNs = std::numeric_limits<qint64>::max(), toNs = std::numeric_limits<qint64>::min();
    for (const RequestRecord &r : measured) {
        if (r.warmup || r.rampUp)
            continue;
        counted.append(&r);
        fromNs = std::min(fromNs, r.startNs);
        toNs = std::max(toNs, endOf(r));
    }
    if (counted.isEmpty())
        return {};
    std::vector<Window> windows = cutWindows(fromNs, toNs, sliceWidthS(double(toNs - fromNs) / 1e9, sliceS));
    for (const RequestRecord *r : std::as_const(counted))
        addRecord(windows, *r);
    QList<LevelSlice> slices;
    for (Window &w : windows)
        slices.append(finish(w));
    return slices;
}

} // namespace TokenScope::Stats
