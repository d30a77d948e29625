// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinemodel.h"

#include "axis.h"
#include "core/runresult.h"
#include "stats/statistics.h"

#include <QFontMetricsF>
#include <QLocale>
#include <cmath>
#include <functional>
#include <limits>

namespace TokenScope {

namespace {

// A row's chunks closer than the merge distance on screen, or than 1.5 times the row's mean gap,
// are one stream bar: a bar breaks where the stream paused, not at every chunk of a steady stream.
constexpr double kMergeMeanGaps = 1.5;

QString formatMs(double ms)
{
    //: milliseconds, in the timeline's readout
    return TimelineModel::tr("%1 ms").arg(QLocale().toString(ms, 'f', ms < 100 ? 2 : 1));
}

} // namespace

int TimelineMapper::firstRow() const
{
    return std::max(0, static_cast<int>(std::floor(y0)));
}

int TimelineMapper::lastRow(int rowCount) const
{
    return std::min(rowCount - 1, static_cast<int>(std::ceil(y1)));
}

// ---- the run and its rows ----

void TimelineModel::reset(const RunConfig &config, int arms)
{
    m_arms = std::max(1, arms);
    m_config = config;
    m_byCount = config.durationS <= 0;
    m_points = config.loadPoints();
    m_levelSlots.clear();
    m_warmupSlots = std::max(0, config.warmupRequests) * m_arms;
    m_rows.clear();
    for (int i = 0; i < m_warmupSlots; ++i) {
        Row r;
        r.levelIndex = -1;
        r.index = i;
        m_rows.append(r);
    }
    for (const LoadPoint &point : std::as_const(m_points))
        growLevel(point.index, plannedRequests(point));
    m_records.clear();
    m_latestS = 0;
    layoutRows();
}

int TimelineModel::plannedRequests(const LoadPoint &point) const
{
    return m_byCount ? m_config.requestsForPoint(point) * m_arms : 0;
}

void TimelineModel::growLevel(int levelIndex, int count)
{
    if (levelIndex < 0)
        return;
    while (m_levelSlots.size() <= levelIndex)
        m_levelSlots.append(QList<int>());
    QList<int> &slots = m_levelSlots[levelIndex];
    while (slots.size() < count) {
        Row r;
        r.levelIndex = levelIndex;
        r.index = int(slots.size());
        slots.append(int(m_rows.size()));
        m_rows.append(r);
    }
}

void TimelineModel::addLevel(const LoadPoint &point)
{
    if (point.index < 0)
        return;
    while (m_points.size() <= point.index)
        m_points.append(LoadPoint::closedLoop(0, int(m_points.size())));
    m_points[point.index] = point;
    growLevel(point.index, plannedRequests(point));
    layoutRows();
}

int TimelineModel::slotOf(int levelIndex, int index, bool warmup) const
{
    if (index < 0)
        return -1;
    if (warmup)
        return index < m_warmupSlots ? index : -1;
    if (levelIndex < 0 || levelIndex >= m_levelSlots.size() || index >= m_levelSlots.at(levelIndex).size())
        return -1;
    return m_levelSlots.at(levelIndex).at(index);
}

// slotOf(), adding the rows up to `index` of a measured level that has fewer; -1 for a warm-up
// beyond the warm-up rows. Sets `*grew` when rows were added (layoutRows() is due).
int TimelineModel::ensureSlot(int levelIndex, int index, bool warmup, bool *grew)
{
    constexpr int kMaxRequestsPerLevel = 1'000'000; // a corrupt index must not allocate without end
    const int slot = slotOf(levelIndex, index, warmup);
    if (slot >= 0 || warmup || levelIndex < 0 || index < 0 || index >= kMaxRequestsPerLevel)
        return slot;
    // A level no levelStarted named: its band says "level N" until one does.
    while (m_points.size() <= levelIndex)
        m_points.append(LoadPoint::closedLoop(0, int(m_points.size())));
    growLevel(levelIndex, index + 1);
    *grew = true;
    return slotOf(levelIndex, index, warmup);
}

void TimelineModel::setLevelFilter(int levelIndex)
{
    m_levelFilter = std::max(-1, levelIndex);
    layoutRows();
}

void TimelineModel::layoutRows()
{
    m_rowSlots.clear();
    m_slotRows = QList<int>(m_rows.size(), -1);
    m_bands.clear();
    const auto addBand = [this](const QString &label, int levelIndex, const QList<int> &slots) {
        if (slots.isEmpty())
            return;
        m_bands.append({ label, levelIndex, int(m_rowSlots.size()), int(slots.size()) });
        for (int slot : slots) {
            m_slotRows[slot] = int(m_rowSlots.size());
            m_rowSlots.append(slot);
        }
    };
    if (m_levelFilter < 0) {
        QList<int> warmups;
        for (int slot = 0; slot < m_warmupSlots; ++slot)
            warmups.append(slot);
        addBand(tr("warm-up"), -1, warmups);
    }
    for (int level = 0; level < m_levelSlots.size(); ++level) {
        if (m_levelFilter >= 0 && level != m_levelFilter)
            continue;
        addBand(bandLabel(level), level, m_levelSlots.at(level));
    }
}

QString TimelineModel::bandLabel(int levelIndex) const
{
    if (levelIndex >= m_points.size())
        return tr("level %1").arg(levelIndex + 1);
    const LoadPoint &point = m_points.at(levelIndex);
    if (point.isOpenLoop()) // "r=40/s c≤4", "r=40/s · level 3"
        return levelName(m_points, levelIndex);
    if (point.concurrency <= 0)
        return tr("level %1").arg(levelIndex + 1);
    return isRepeated(m_points, levelIndex) ? tr("concurrency %1 (level %2)").arg(point.concurrency).arg(levelIndex + 1)
                                            : tr("concurrency %1").arg(point.concurrency);
}

int TimelineModel::followedRowCount() const
{
    int posted = 0;
    for (int row = rowCount() - 1; row >= 0 && posted == 0; --row) {
        if (this->row(row).startNs >= 0)
            posted = row + 1;
    }
    // Grown in steps of about an eighth of the rows, so the axis does not creep on every post.
    const int step = std::max(1, static_cast<int>(niceStep(posted / 8.0)));
    return std::min(rowCount(), (posted + step - 1) / step * step);
}

int TimelineModel::requestRow(int levelIndex, int index) const
{
    const int slot = slotOf(levelIndex, index, levelIndex < 0);
    return slot < 0 ? -1 : m_slotRows.at(slot);
}

// ---- live data ----

void TimelineModel::addBatch(const LiveBatch &batch)
{
    bool grew = false;
    for (const RequestStart &s : batch.started) {
        const int slot = ensureSlot(s.levelIndex, s.index, s.warmup, &grew);
        if (slot < 0)
            continue;
        m_rows[slot].startNs = s.startNs;
        m_rows[slot].level = s.level;
        m_rows[slot].arm = s.arm;
    }
    for (const ChunkArrival &c : batch.chunks) {
        const int slot = slotOf(c.levelIndex, c.index, c.warmup); // a row begins with its request's start
        if (slot < 0)
            continue;
        Row &r = m_rows[slot];
        if (c.first)
            r.firstTokenNs = c.arrivalNs;
        r.chunksNs.append(c.arrivalNs);
        m_latestS = std::max(m_latestS, c.arrivalNs / 1e9);
    }
    m_latestS = std::max(m_latestS, batch.sentNs / 1e9);
    if (grew)
        layoutRows();
}

void TimelineModel::addFinished(const RequestRecord &record)
{
    bool grew = false;
    const int slot = ensureSlot(record.levelIndex, record.index, record.warmup, &grew);
    if (grew)
        layoutRows();
    if (slot < 0)
        return;
    Row &r = m_rows[slot];
    const qint64 endNs = record.endNs >= 0 ? record.endNs : std::max<qint64>(record.lastTokenNs, 0);
    if (r.startNs < 0)
        r.startNs = record.startNs;
    r.endNs = record.startNs + endNs;
    r.finished = true;
    r.failed = !record.ok;
    m_records.insert(slot, record);
    m_latestS = std::max(m_latestS, r.endNs / 1e9);
}

RequestRecord TimelineModel::recordOfRow(int row) const
{
    const int slot = m_rowSlots.at(row);
    const auto it = m_records.constFind(slot);
    if (it != m_records.cend())
        return *it;
    // Still in flight: what the live batches told of it, as offsets from its post.
    const Row &r = m_rows.at(slot);
    RequestRecord record;
    record.levelIndex = r.levelIndex;
    record.level = r.level;
    record.index = r.index;
    record.warmup = r.warmup();
    record.arm = r.arm;
    record.startNs = std::max<qint64>(r.startNs, 0);
    for (qint64 t : r.chunksNs)
        record.chunkTimesNs.append(t - record.startNs);
    if (r.firstTokenNs >= 0)
        record.ttftNs = r.firstTokenNs - record.startNs;
    if (!r.chunksNs.isEmpty())
        record.lastTokenNs = r.chunksNs.last() - record.startNs;
    return record;
}

// ---- what a view shows ----

TimelineModel::TimeRange TimelineModel::autoTimeRange() const
{
    double first = std::numeric_limits<double>::max();
    double last = 0;
    if (m_levelFilter >= 0) {
        for (int slot : m_rowSlots) {
            const Row &r = m_rows.at(slot);
            if (r.startNs < 0)
                continue;
            first = std::min(first, r.startNs / 1e9);
            double end = r.finished ? r.endNs / 1e9 : m_latestS;
            if (!r.chunksNs.isEmpty())
                end = std::max(end, r.chunksNs.last() / 1e9);
            last = std::max(last, end);
        }
    }
    TimeRange range;
    if (first > last) { // every level, or a level not under way yet
        range.step = niceStep(std::max(m_latestS, 0.5) / 6.0);
        range.minS = 0;
        range.maxS = std::ceil(std::max(m_latestS, 0.5) * 1.02 / range.step) * range.step;
        return range;
    }
    range.step = niceStep(std::max(last - first, 0.5) / 6.0);
    range.minS = std::floor(first / range.step) * range.step;
    range.maxS = range.minS + std::ceil(std::max(last - range.minS, 0.5) * 1.02 / range.step) * range.step;
    return range;
}

TimelineModel::RowMarks TimelineModel::rowMarks() const
{
    RowMarks marks;
    for (int row = 0; row < rowCount(); ++row) {
        const Row &r = this->row(row);
        if (r.startNs >= 0 && !r.warmup())
            marks.starts.append(QPointF(r.startNs / 1e9, row));
        if (r.firstTokenNs >= 0 && !r.warmup())
            marks.firstTokens.append(QPointF(r.firstTokenNs / 1e9, row));
        if (r.failed)
            marks.failed.append(QPointF(r.endNs / 1e9, row));
        if (r.startNs >= 0 && !r.finished)
            ++marks.inFlight;
    }
    return marks;
}

QList<QPointF> TimelineModel::decimated(bool warmup, int arm, int bins, const TimelineMapper &m) const
{
    const double spanS = m.x1 - m.x0;
    const double fromS = m.x0 - spanS / 2;
    const double toS = m.x1 + spanS / 2;
    const double binS = spanS / bins;
    QList<QPointF> points;
    for (int row = m.firstRow(); row <= m.lastRow(rowCount()); ++row) {
        const Row &r = this->row(row);
        if (r.warmup() != warmup || (!warmup && armSeriesOf(r) != arm))
            continue;
        const auto begin = std::lower_bound(r.chunksNs.cbegin(), r.chunksNs.cend(), qint64(fromS * 1e9));
        qint64 lastBin = std::numeric_limits<qint64>::min();
        for (auto it = begin; it != r.chunksNs.cend(); ++it) {
            const double tS = *it / 1e9;
            if (tS > toS)
                break;
            const auto bin = static_cast<qint64>(std::floor((tS - fromS) / binS));
            if (bin == lastBin)
                continue;
            lastBin = bin;
            points.append(QPointF(tS, row));
        }
    }
    return points;
}

TimelineModel::ChunkMarks TimelineModel::chunkMarks(const TimelineMapper &m, qsizetype maxPoints) const
{
    ChunkMarks marks;
    int bins = std::max(8, static_cast<int>(m.plot.width() / 2));
    marks.chunks = decimated(false, 0, bins, m);
    marks.chunksB = decimated(false, 1, bins, m);
    while (marks.chunks.size() + marks.chunksB.size() > maxPoints && bins > 8) {
        bins = std::max(8, bins / 2);
        marks.chunks = decimated(false, 0, bins, m);
        marks.chunksB = decimated(false, 1, bins, m);
    }
    marks.warmup = decimated(true, 0, bins, m);
    return marks;
}

QList<TimelineModel::Segment> TimelineModel::segments(
    const TimelineMapper &m, double mergePx, qsizetype maxSegments) const
{
    const double spanS = m.x1 - m.x0;
    const double fromS = m.x0 - spanS / 2;
    const double toS = m.x1 + spanS / 2;
    QList<Segment> out;
    // Sparse chunks on many rows would make tens of thousands of bars: merge coarser until they fit.
    for (;; mergePx *= 2) {
        out.clear();
        const double mergeNs = mergePx / std::max(1.0, m.plot.width()) * spanS * 1e9;
        for (int row = m.firstRow(); row <= m.lastRow(rowCount()); ++row) {
            const Row &r = this->row(row);
            const QList<qint64> &chunks = r.chunksNs;
            auto it = std::lower_bound(chunks.cbegin(), chunks.cend(), qint64(fromS * 1e9));
            if (it == chunks.cend())
                continue;
            const double meanGapNs
                = chunks.size() > 1 ? double(chunks.last() - chunks.first()) / double(chunks.size() - 1) : 0;
            const double joinNs = std::max(mergeNs, kMergeMeanGaps * meanGapNs);
            qint64 from = *it;
            qint64 previous = *it;
            for (++it; it != chunks.cend() && *it / 1e9 <= toS; ++it) {
                if (double(*it - previous) > joinNs) {
                    out.append({ from / 1e9, previous / 1e9, row, r.warmup(), armSeriesOf(r) });
                    from = *it;
                }
                previous = *it;
            }
            out.append({ from / 1e9, previous / 1e9, row, r.warmup(), armSeriesOf(r) });
        }
        if (out.size() <= maxSegments || mergePx > m.plot.width())
            return out;
    }
}

// ---- questions: the request and the mark at a point ----

int TimelineModel::postedRowAt(const TimelineMapper &m, const QPointF &chartPos) const
{
    if (!m.plot.contains(chartPos))
        return -1;
    const int row = static_cast<int>(std::lround(m.valueY(chartPos.y())));
    if (row < 0 || row >= rowCount())
        return -1;
    return this->row(row).startNs < 0 ? -1 : row; // not posted yet: there is no request to show
}

QString TimelineModel::statusOf(const Row &r, int slot) const
{
    if (r.finished) {
        const RequestRecord &record = m_records.value(slot);
        if (record.ok)
            return tr("ok");
        //: a failed request in the timeline's readout: its error kind and when it failed
        return record.endNs >= 0 ? tr("%1 at %2").arg(Stats::errorKindOf(record), formatMs(record.endNs / 1e6))
                                 : Stats::errorKindOf(record);
    }
    const double nowMs = m_latestS * 1e3;
    if (r.chunksNs.isEmpty())
        return tr("in flight, no token in %1").arg(formatMs(std::max(0.0, nowMs - r.startNs / 1e6)));
    return tr("in flight, last chunk %1 ago").arg(formatMs(std::max(0.0, nowMs - r.chunksNs.last() / 1e6)));
}

QString TimelineModel::readoutAt(const TimelineMapper &m, const QPointF &chartPos, double nearPx) const
{
    const int row = postedRowAt(m, chartPos);
    if (row < 0)
        return {};
    const int slot = m_rowSlots.at(row);
    const Row &r = m_rows.at(slot);
    const QLocale locale;
    QString text = r.warmup() ? tr("warm-up · request %1").arg(locale.toString(r.index))
                              //: the timeline's readout: the level's name ("c=4") and the request's index in it
                              : tr("%1 · request %2").arg(levelName(m_points, r.levelIndex), locale.toString(r.index));
    if (m_arms > 1)
        text += tr(" · arm %1").arg(armLetter(r.arm));
    text += QStringLiteral(" · ") + statusOf(r, slot);

    // The nearest mark on the row within `nearPx`: the post, a chunk (the first is the first token)
    // or the end of a failed request.
    const double cursorX = chartPos.x();
    double best = nearPx;
    QString mark;
    const auto consider = [&](qint64 tNs, const std::function<QString()> &describe) {
        const double distance = std::abs(m.x(tNs / 1e9) - cursorX);
        if (distance < best || (mark.isEmpty() && distance <= best)) {
            best = distance;
            mark = describe();
        }
    };
    consider(
        r.startNs, [&] { return tr("Posted at %1 s into the run").arg(locale.toString(r.startNs / 1e9, 'f', 3)); });
    const QList<qint64> &chunks = r.chunksNs;
    if (!chunks.isEmpty()) {
        const qint64 cursorNs = static_cast<qint64>(m.valueX(cursorX) * 1e9);
        const auto at = std::lower_bound(chunks.cbegin(), chunks.cend(), cursorNs);
        qsizetype nearest = at - chunks.cbegin();
        if (nearest == chunks.size()
            || (nearest > 0 && cursorNs - chunks.at(nearest - 1) <= chunks.at(nearest) - cursorNs))
            --nearest;
        // Chunks of one read share its time: name the first of them, whose gap is the read's.
        while (nearest > 0 && chunks.at(nearest - 1) == chunks.at(nearest))
            --nearest;
        consider(chunks.at(nearest), [&] { return chunkText(r, nearest); });
    }
    if (r.failed && r.endNs >= 0) {
        consider(r.endNs, [&] {
            return tr("Failed (%1): %2 after post")
                .arg(Stats::errorKindOf(m_records.value(slot)), formatMs((r.endNs - r.startNs) / 1e6));
        });
    }
    if (!mark.isEmpty())
        text += QLatin1Char('\n') + mark;
    return text;
}

// "Chunk 3: 52.00 ms after post, gap 10.00 ms": the row's chunk at `nearest`, the first of a read.
QString TimelineModel::chunkText(const Row &r, qsizetype nearest) const
{
    const QList<qint64> &chunks = r.chunksNs;
    const QLocale locale;
    const double sincePostMs = (chunks.at(nearest) - r.startNs) / 1e6;
    qsizetype sameRead = 0;
    while (nearest + sameRead + 1 < chunks.size() && chunks.at(nearest + sameRead + 1) == chunks.at(nearest))
        ++sameRead;
    QString line = nearest == 0 ? tr("First token (chunk 1): %1 after post").arg(formatMs(sincePostMs))
                                : tr("Chunk %1: %2 after post, gap %3")
                                      .arg(locale.toString(nearest + 1), formatMs(sincePostMs),
                                          formatMs((chunks.at(nearest) - chunks.at(nearest - 1)) / 1e6));
    if (sameRead > 0)
        line += tr(" (%n more in the same read)", nullptr, int(sameRead));
    return line;
}

// Each level's name at the right edge, at the top of its band (or of the plot, for a band that
// starts above the view). The largest bands are named first and the warm-ups last; a name that
// would collide with one already placed moves down within its own band, and when its band has no
// room left it is left out: the band and the readout still say which level it is.
// Whether `rect` (chart coordinates) lies over a bar of one of the band's rows, as drawn up to now.
bool TimelineModel::coversBars(const Band &band, const QRectF &rect, const TimelineMapper &m) const
{
    for (int row = band.firstRow; row < band.firstRow + band.rowCount && row < rowCount(); ++row) {
        const double y = m.y(row);
        const Row &r = this->row(row);
        if (y < rect.top() - 3 || y > rect.bottom() + 3 || r.startNs < 0)
            continue;
        const double endS = r.finished ? r.endNs / 1e9 : m_latestS;
        if (m.x(r.startNs / 1e9) <= rect.right() && m.x(endS) >= rect.left())
            return true;
    }
    return false;
}

QList<TimelineModel::LabelPlacement> TimelineModel::placeLevelLabels(
    const TimelineMapper &m, const QFontMetricsF &metrics) const
{
    constexpr double kPad = 3;
    QList<const Band *> order;
    for (const Band &band : m_bands)
        order.append(&band);
    std::stable_sort(order.begin(), order.end(), [](const Band *a, const Band *b) {
        if ((a->levelIndex < 0) != (b->levelIndex < 0))
            return b->levelIndex < 0;
        return a->rowCount > b->rowCount;
    });
    QList<LabelPlacement> placed;
    for (const Band *band : std::as_const(order)) {
        const double top = std::max(m.y(band->firstRow - 0.5), m.plot.top());
        const double bottom = std::min(m.y(band->firstRow + band->rowCount - 0.5), m.plot.bottom());
        if (bottom <= top)
            continue; // out of view
        QRectF rect(0, top + 1, metrics.horizontalAdvance(band->label) + 2 * kPad, metrics.height());
        rect.moveRight(m.plot.right() - 4);
        // Mid-run the newest bars reach the right edge: the name moves to the left edge when that
        // covers none of its band's bars there (and stays right, on its plate, when both would).
        if (coversBars(*band, rect, m)) {
            QRectF left = rect;
            left.moveLeft(m.plot.left() + 4);
            if (!coversBars(*band, left, m))
                rect = left;
        }
        // A name may hang below a band thinner than itself, as long as it fits in the plot.
        const double lowest = std::max(bottom, top + 1 + rect.height());
        while (rect.bottom() <= std::min(lowest, m.plot.bottom())) {
            const auto hit = std::find_if(
                placed.cbegin(), placed.cend(), [&rect](const LabelPlacement &p) { return p.rect.intersects(rect); });
            if (hit == placed.cend()) {
                placed.append({ band->label, rect });
                break;
            }
            rect.moveTop(hit->rect.bottom() + 1);
        }
    }
    return placed;
}

} // namespace TokenScope
