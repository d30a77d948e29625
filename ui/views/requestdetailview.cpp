// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "requestdetailview.h"

#include "charts/palette.h"
#include "models/requeststablemodel.h"

#include "stats/statistics.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>

namespace TokenScope {

namespace {

constexpr double kNsPerMs = 1e6;
// px: the phase text elides (its tooltip has it whole); a wider minimum would widen the window's.
constexpr int kPhaseColumnMinimumWidth = 60;

/// One moment of a request and the phase that ends there (drawn from the previous moment).
struct Milestone
{
    QString name;
    QString phase; ///< what the time since the previous milestone was spent on
    QString absentNote; ///< why a milestone may be missing
    qint64 ns = RequestRecord::kNever;
    QColor color;
    int labelPriority = 0; ///< lower: labelled first on the phase bar when labels crowd
};

// Every milestone in the order they happen; ns = kNever where the request did not get there.
QList<Milestone> milestonesOf(const RequestRecord &r)
{
    const bool failedBeforeDone = !r.ok && r.endNs >= 0;
    QList<Milestone> list {
        { RequestDetailView::tr("Connect started"), RequestDetailView::tr("Queued in the client"),
            RequestDetailView::tr("No new connection: a pre-opened or kept-alive one was reused"), r.connectNs,
            Palette::phaseQueued, 6 },
        { RequestDetailView::tr("TLS established"), RequestDetailView::tr("TCP connect and TLS handshake"),
            RequestDetailView::tr("Plain HTTP or a reused connection"), r.tlsNs, Palette::phaseConnect, 7 },
        { RequestDetailView::tr("Request sent"),
            r.connectNs >= 0 && r.tlsNs < 0 ? RequestDetailView::tr("TCP connect and sending")
                                            : RequestDetailView::tr("Sending"),
            {}, r.requestSentNs, Palette::phaseSending, 3 },
        { RequestDetailView::tr("Headers received"), RequestDetailView::tr("Waiting for the status line and headers"),
            {}, r.headersNs, Palette::phaseHeaders, 5 },
        { RequestDetailView::tr("First byte"),
            RequestDetailView::tr("Waiting for the first body byte (often the server's queue and prefill)"), {},
            r.firstByteNs, Palette::phaseFirstByte, 4 },
        { RequestDetailView::tr("First token"),
            RequestDetailView::tr("First bytes without text (role chunk, comments)"), {}, r.ttftNs, Palette::firstToken,
            0 },
        { RequestDetailView::tr("Last token"), RequestDetailView::tr("Streaming tokens"), {}, r.lastTokenNs,
            Palette::chunk, 1 },
        { RequestDetailView::tr("Done"), RequestDetailView::tr("Last token to [DONE] / end of body"), {}, r.doneNs,
            Palette::phaseDone, 2 },
    };
    if (failedBeforeDone && r.doneNs < 0)
        list.append({ RequestDetailView::tr("Failed"), RequestDetailView::tr("Until the error"), {}, r.endNs,
            Palette::failure, 1 });
    return list;
}

QString formatMs(double ms)
{
    return QLocale().toString(ms, 'f', ms < 100 ? 2 : 1);
}

// A small square of the phase colour for the milestone table.
QIcon swatch(const QColor &color)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(color);
    return QIcon(pixmap);
}

QTableWidget *makeTable(const QStringList &headers)
{
    auto *table = new QTableWidget(0, static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    table->horizontalHeader()->setStretchLastSection(true);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    return table;
}

QTableWidgetItem *numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

// The width that shows the table's first `columns` columns whole (header and every cell), with
// `spare` pixels for the columns after them and room for the vertical scroll bar.
int widthShowing(QTableWidget *table, int columns, int spare)
{
    QHeaderView *header = table->horizontalHeader();
    header->resizeSections(QHeaderView::ResizeToContents); // now, not at the next layout
    int width = 2 * table->frameWidth() + spare + table->verticalScrollBar()->sizeHint().width();
    for (int column = 0; column < columns; ++column)
        width += header->sectionSize(column);
    return width;
}

} // namespace

/// The request's phases as one horizontal bar scaled to its duration: a coloured segment per
/// phase, a tick above the bar per text-bearing chunk, and the milestones labelled below in up
/// to three staggered lanes (a label that fits no lane is left to the milestone table).
class PhaseBar : public QWidget
{
public:
    explicit PhaseBar(QWidget *parent = nullptr)
        : QWidget(parent)
    {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        updateHeight();
    }

    void setRecord(const RequestRecord &record)
    {
        m_record = record;
        m_milestones.clear();
        for (const Milestone &m : milestonesOf(record)) {
            if (m.ns >= 0)
                m_milestones.append(m);
        }
        std::stable_sort(m_milestones.begin(), m_milestones.end(),
            [](const Milestone &a, const Milestone &b) { return a.ns < b.ns; });
        update();
    }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange)
            updateHeight();
        QWidget::changeEvent(event);
    }

    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QFontMetricsF metrics(font());
        const double totalNs = std::max<double>(1, Stats::recordEndNs(m_record));
        const QRectF bar(
            12, barTop(), width() - 24 - metrics.horizontalAdvance(QStringLiteral("0000.0 ms")), kBarHeight);
        const auto xOf = [&](qint64 ns) { return bar.left() + bar.width() * std::clamp(ns / totalNs, 0.0, 1.0); };

        painter.fillRect(bar, Palette::phaseTrack);
        qint64 previousNs = 0;
        for (const Milestone &m : std::as_const(m_milestones)) {
            const double left = xOf(previousNs);
            painter.fillRect(QRectF(left, bar.top(), std::max(1.0, xOf(m.ns) - left), bar.height()), m.color);
            previousNs = m.ns;
        }
        painter.setPen(QPen(Palette::mutedText, 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(bar);

        painter.setPen(QPen(Palette::chunk, 1));
        for (qint64 ns : std::as_const(m_record.chunkTimesNs))
            painter.drawLine(QPointF(xOf(ns), bar.top() - kTickHeight - 1), QPointF(xOf(ns), bar.top() - 1));
        painter.setPen(Palette::mutedText);
        painter.drawText(QPointF(bar.left(), textBaseline()),
            RequestDetailView::tr("%n chunk(s)", nullptr, static_cast<int>(m_record.chunkTimesNs.size())));
        //: the request's total duration in milliseconds
        painter.drawText(QPointF(bar.right() + 6, bar.center().y() + metrics.ascent() / 2 - 1),
            RequestDetailView::tr("%1 ms").arg(formatMs(totalNs / kNsPerMs)));

        drawMilestoneLabels(painter, bar, xOf);
    }

private:
    // Labels go on in order of importance (first token first), each in the highest lane where it
    // overlaps no other; leader lines are drawn first and the labels over them on the background.
    template <typename XOf> void drawMilestoneLabels(QPainter &painter, const QRectF &bar, const XOf &xOf)
    {
        const QFontMetricsF metrics(font());
        QList<Milestone> byPriority = m_milestones;
        std::stable_sort(byPriority.begin(), byPriority.end(),
            [](const Milestone &a, const Milestone &b) { return a.labelPriority < b.labelPriority; });
        struct Placed
        {
            QRectF text;
            QString label;
            double x;
            QColor color;
        };
        std::array<QList<QPair<double, double>>, 3> lanes;
        QList<Placed> placed;
        for (const Milestone &m : std::as_const(byPriority)) {
            const double x = xOf(m.ns);
            //: a milestone on the phase bar and its time since the post: "First token 43.21 ms"
            const QString label = RequestDetailView::tr("%1 %2 ms").arg(m.name, formatMs(m.ns / kNsPerMs));
            const double width = metrics.horizontalAdvance(label);
            const double left = std::clamp(x - 2, 0.0, std::max(0.0, this->width() - width - 2));
            const auto overlaps = [&](const QPair<double, double> &used) {
                return left < used.second + 8 && left + width + 8 > used.first;
            };
            for (size_t lane = 0; lane < lanes.size(); ++lane) {
                if (std::any_of(lanes[lane].cbegin(), lanes[lane].cend(), overlaps))
                    continue;
                lanes[lane].append({ left, left + width });
                const double baseline = bar.bottom() + 4 + laneHeight() * static_cast<double>(lane + 1);
                placed.append(
                    { QRectF(left, baseline - metrics.ascent(), width, metrics.height()), label, x, m.color });
                break;
            }
        }
        for (const Placed &p : std::as_const(placed)) {
            painter.setPen(QPen(p.color.darker(130), 1));
            painter.drawLine(QPointF(p.x, bar.bottom()), QPointF(p.x, p.text.top()));
        }
        for (const Placed &p : std::as_const(placed)) {
            painter.fillRect(p.text.adjusted(-1, 0, 1, 0), palette().window());
            painter.setPen(palette().windowText().color());
            painter.drawText(QPointF(p.text.left(), p.text.top() + metrics.ascent()), p.label);
        }
    }

    // A label's line: the font's, or taller where the translated names fall back to a taller font.
    double laneHeight() const
    {
        const QFontMetricsF metrics(font());
        return std::max(metrics.height(), metrics.boundingRect(RequestDetailView::tr("First byte")).height());
    }

    // The chunk count, the bar and three lanes of labels under it, the last one whole.
    void updateHeight()
    {
        const QFontMetricsF metrics(font());
        setFixedHeight(
            static_cast<int>(std::ceil(barTop() + kBarHeight + 4 + 3 * laneHeight() + metrics.descent() + 2)));
    }

    // The chunk count's baseline: a line high, the line as tall as a translated label's font, with
    // room for a fallback font's glyphs that rise above the font's own ascent.
    double textBaseline() const { return laneHeight() - QFontMetricsF(font()).descent() + kGlyphOvershoot; }
    // Under the chunk count's line, whose descent the chunk ticks may share.
    double barTop() const { return textBaseline() + kTickHeight; }

    static constexpr double kGlyphOvershoot = 3;
    static constexpr double kTickHeight = 5;
    static constexpr double kBarHeight = 16;
    RequestRecord m_record;
    QList<Milestone> m_milestones; ///< present ones, in time order
};

RequestDetailView::RequestDetailView(QWidget *parent)
    : QWidget(parent)
    , m_placeholder(new QLabel(tr("Select a request to see its phases and every chunk it received.")))
    , m_content(new QWidget)
    , m_title(new QLabel)
    , m_error(new QLabel)
    , m_metrics(new QLabel)
    , m_phaseBar(new PhaseBar)
    , m_milestones(makeTable({ tr("Milestone"), tr("At (ms)"), tr("Step (ms)"), tr("Phase") }))
    , m_chunks(makeTable({ tr("Chunk"), tr("At (ms)"), tr("Gap (ms)") }))
{
    // The headers stay short so that the figures fit; their tooltips say the whole of it.
    const QString afterPost = tr("Milliseconds after the request was posted");
    m_milestones->horizontalHeaderItem(1)->setToolTip(afterPost);
    m_milestones->horizontalHeaderItem(2)->setToolTip(tr("Milliseconds since the previous milestone"));
    m_milestones->horizontalHeaderItem(3)->setToolTip(tr("What the time since the previous milestone was spent on"));
    m_chunks->horizontalHeaderItem(1)->setToolTip(afterPost);
    m_chunks->horizontalHeaderItem(2)->setToolTip(tr("Milliseconds since the previous chunk"));

    m_placeholder->setAlignment(Qt::AlignCenter);
    // Wrapped, the words never make the drill-down wider than the room beside the table.
    m_placeholder->setWordWrap(true);
    m_placeholder->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(Palette::mutedText.name()));

    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(
        QStringLiteral("QLabel { color: %1; background: %2; border: 1px solid %3; border-radius: 3px; padding: 4px; }")
            .arg(Palette::errorText.name(), Palette::errorBackground.name(), Palette::errorBorder.name()));
    m_metrics->setWordWrap(true);
    m_metrics->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_metrics->setToolTip(metricsToolTip());
    m_phaseBar->setObjectName(QStringLiteral("phaseBar"));

    // Names and figures are sized to their contents; the phase text takes what is left and elides
    // (its tooltip holds the whole of it), so it never pushes the figures out of view.
    m_milestones->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_milestones->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_milestones->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_milestones->setSelectionMode(QAbstractItemView::NoSelection);
    m_milestones->setFocusPolicy(Qt::NoFocus); // nothing to select: no focus frame on a cell either
    m_chunks->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_chunks->horizontalHeader()->setStretchLastSection(false);
    m_chunks->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_chunks->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // its width is part of the table's minimum
    // Two rows each at least, so that a short window (1366x768) keeps the labels above them whole;
    // each table scrolls its own rows, nothing scrolls around them.
    for (QTableWidget *table : { m_milestones, m_chunks })
        table->setMinimumHeight(
            table->horizontalHeader()->sizeHint().height() + 2 * table->verticalHeader()->defaultSectionSize() + 4);

    // The chunk table is as wide as its three figures; the milestones take the rest.
    auto *tables = new QHBoxLayout;
    tables->setContentsMargins(0, 0, 0, 0);
    tables->addWidget(m_milestones, 1);
    tables->addWidget(m_chunks);

    auto *contentLayout = new QVBoxLayout(m_content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->setSpacing(2); // a short window leaves the tables little height
    contentLayout->addWidget(m_title);
    contentLayout->addWidget(m_error);
    contentLayout->addWidget(m_metrics);
    contentLayout->addWidget(m_phaseBar);
    contentLayout->addLayout(tables, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_placeholder);
    layout->addWidget(m_content, 1);
    clear();
}

void RequestDetailView::clear()
{
    m_record = RequestRecord();
    m_hasRecord = false;
    m_milestones->setRowCount(0);
    m_chunks->setRowCount(0);
    m_error->clear();
    m_content->hide();
    m_placeholder->show();
}

void RequestDetailView::showRecord(const RequestRecord &record)
{
    m_record = record;
    m_hasRecord = true;
    const QString level = record.warmup ? tr("warm-up") : tr("concurrency %1").arg(record.level);
    const QString status = record.ok ? tr("ok") : Stats::errorKindOf(record);
    const QString http = record.httpStatus > 0 ? tr("HTTP %1").arg(record.httpStatus) : tr("no HTTP status");
    QString title = tr("Request #%1 · %2 · %3 · %4").arg(record.index).arg(level, status, http);
    if (!record.responseId.isEmpty())
        title += tr(" · %1").arg(record.responseId);
    m_title->setText(title);

    if (record.ok) {
        m_error->clear();
        m_error->hide();
    } else {
        const QString message = record.errorMessage.isEmpty() ? tr("(no message)") : record.errorMessage;
        m_error->setText(tr("Failed: %1 — %2").arg(Stats::errorKindOf(record), message));
        m_error->show();
    }
    m_metrics->setText(metricsLine(record));
    m_phaseBar->setRecord(record);
    fillMilestones(record);
    fillChunks(record);
    // No figure is cut: each table keeps the width of its figures.
    m_milestones->setMinimumWidth(widthShowing(m_milestones, 3, kPhaseColumnMinimumWidth));
    m_chunks->setFixedWidth(widthShowing(m_chunks, m_chunks->columnCount(), 0));
    m_placeholder->hide();
    m_content->show();
}

QString RequestDetailView::titleText() const
{
    return m_title->text();
}

QString RequestDetailView::errorText() const
{
    return m_hasRecord && !m_record.ok ? m_error->text() : QString();
}

QString RequestDetailView::metricsLine(const RequestRecord &r) const
{
    const QLocale locale;
    QStringList parts;
    const auto addMs = [&parts](const QString &name, double ms) {
        if (ms >= 0)
            //: a metric and its value in milliseconds
            parts.append(tr("%1 %2 ms").arg(name, formatMs(ms)));
    };
    addMs(tr("TTFT"), Stats::ttftMs(r));
    addMs(tr("TTFT from sent"), Stats::ttftFromSentMs(r));
    addMs(tr("TPOT"), Stats::tpotMs(r));
    addMs(tr("E2E"), r.e2eMs());
    parts.append(r.outputTokensFromUsage ? tr("%n output token(s) (usage)", nullptr, r.outputTokens)
                                         : tr("%n output token(s) (counted chunks)", nullptr, r.outputTokens));
    if (r.promptTokens >= 0)
        parts.append(r.cachedTokens > 0
                ? tr("%n input token(s)", nullptr, r.promptTokens) + tr(" (%n cached)", nullptr, r.cachedTokens)
                : tr("%n input token(s)", nullptr, r.promptTokens));
    if (Stats::tps(r) >= 0)
        parts.append(tr("%1 tok/s").arg(locale.toString(Stats::tps(r), 'f', 1)));
    parts.append(QString(tr("%n read(s)", nullptr, r.reads) + tr(", ") + tr("%n SSE event(s)", nullptr, r.events)));
    parts.append(tr("%n connection(s) opened", nullptr, r.connectionsOpened));
    if (r.ok)
        parts.append(r.doneMarker ? tr("ended with [DONE]") : tr("ended at its finish signal, no [DONE]"));
    return parts.join(tr(" · "));
}

// What each figure of the metrics line means, as the Requests table's headers say it.
QString RequestDetailView::metricsToolTip()
{
    using Model = RequestsTableModel;
    const QList<QPair<QString, QString>> definitions {
        { tr("TTFT"), Model::columnDefinition(Model::TtftColumn) },
        { tr("TTFT from sent"), Model::columnDefinition(Model::TtftFromSentColumn) },
        { tr("TPOT"), Model::columnDefinition(Model::TpotColumn) },
        { tr("E2E"), Model::columnDefinition(Model::E2eColumn) },
        { tr("Output tokens"), Model::columnDefinition(Model::OutputTokensColumn) },
        { tr("tok/s"), Model::columnDefinition(Model::TpsColumn) },
        { tr("Reads, SSE events"),
            tr("How often data arrived from the socket, and the server-sent events parsed from it: one read can "
               "carry several events, one event several tokens") },
        { tr("Connections opened"), Model::columnDefinition(Model::ConnectionsColumn) },
        { tr("Input tokens"),
            tr("The prompt's tokens as the server's usage counts them, and how many it served from its prompt cache") },
        { tr("[DONE]"),
            tr("Whether the stream ended with data: [DONE]. Without it, a stream that ended after its finish "
               "signal (finish_reason, message_stop, response.completed) is complete: Anthropic and Responses "
               "never send [DONE]") },
    };
    QString html;
    for (const auto &[name, definition] : definitions)
        html += QStringLiteral("<p style='margin:0 0 4px 0'><b>%1</b>: %2</p>").arg(name.toHtmlEscaped(), definition.toHtmlEscaped());
    return html;
}

QString RequestDetailView::metricsText() const
{
    return m_metrics->text();
}

QString RequestDetailView::metricsToolTipText() const
{
    return m_metrics->toolTip();
}

void RequestDetailView::fillMilestones(const RequestRecord &record)
{
    const QList<Milestone> milestones = milestonesOf(record);
    m_milestones->setRowCount(static_cast<int>(milestones.size()));
    qint64 previousNs = 0;
    for (int row = 0; row < milestones.size(); ++row) {
        const Milestone &m = milestones.at(row);
        auto *name = new QTableWidgetItem(swatch(m.color), m.name);
        const bool present = m.ns >= 0;
        if (!present) {
            name->setForeground(Palette::absentText);
            name->setToolTip(m.absentNote);
        }
        m_milestones->setItem(row, 0, name);
        m_milestones->setItem(row, 1, numberItem(present ? formatMs(m.ns / kNsPerMs) : tr("—")));
        m_milestones->setItem(row, 2, numberItem(present ? formatMs((m.ns - previousNs) / kNsPerMs) : tr("—")));
        const QString absent = m.absentNote.isEmpty() ? tr("Not reached") : m.absentNote;
        auto *phase = new QTableWidgetItem(present ? m.phase : absent);
        phase->setToolTip(phase->text());
        m_milestones->setItem(row, 3, phase);
        if (present)
            previousNs = m.ns;
    }
}

void RequestDetailView::fillChunks(const RequestRecord &record)
{
    const QList<qint64> &times = record.chunkTimesNs;
    m_chunks->setUpdatesEnabled(false);
    m_chunks->setRowCount(static_cast<int>(times.size()));
    for (int row = 0; row < times.size(); ++row) {
        m_chunks->setItem(row, 0, numberItem(QString::number(row + 1)));
        m_chunks->setItem(row, 1, numberItem(formatMs(times.at(row) / kNsPerMs)));
        m_chunks->setItem(
            row, 2, numberItem(row == 0 ? tr("—") : formatMs((times.at(row) - times.at(row - 1)) / kNsPerMs)));
    }
    m_chunks->setUpdatesEnabled(true);
    m_chunks->scrollToTop();
}

} // namespace TokenScope
