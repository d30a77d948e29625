// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareview.h"

#include "charts/palette.h"
#include "compareheadline.h"
#include "deltatablemodel.h"
#include "stats/runreading.h"
#include "stats/servingcurve.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <limits>
#include <cmath>

namespace TokenScope {

namespace {

// Points per CDF curve: a few thousand at most (docs/history-and-compare.md#4-the-compare-tab).
constexpr int kCdfMaxPoints = 1500;
constexpr int kChartMinHeightPx = 190;
constexpr int kDiffTableMaxHeightPx = 160;
constexpr double kTailCutFactor = 3.0; // cut the CDF axis when the slowest sample is this far past the P95...
constexpr double kTailShownFactor = 1.5; // ...and then show up to this many times the largest P95

const std::array<Compare::Metric, 3> kCdfMetrics { Compare::Metric::Ttft, Compare::Metric::Tpot, Compare::Metric::Itl };

int cdfSlot(Compare::Metric metric)
{
    switch (metric) {
    case Compare::Metric::Ttft:
        return 0;
    case Compare::Metric::Tpot:
        return 1;
    case Compare::Metric::Itl:
        return 2;
    case Compare::Metric::E2e:
        break;
    }
    return -1;
}

QChartView *makeChartView(QChart *chart, QWidget *parent)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont small = chart->legend()->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    chart->legend()->setFont(small);
    QFont title = chart->titleFont();
    title.setBold(true);
    chart->setTitleFont(title);
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(kChartMinHeightPx);
    return view;
}

QValueAxis *makeValueAxis(const QString &title, const QString &format)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(format);
    QFont font = axis->labelsFont();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    axis->setLabelsFont(font);
    axis->setTitleFont(font);
    return axis;
}

QLineSeries *makeLine(const QString &name, const QColor &color, Qt::PenStyle style, double widthPx)
{
    auto *series = new QLineSeries;
    series->setName(name);
    QPen pen(color, widthPx, style);
    pen.setCosmetic(true);
    series->setPen(pen);
    series->setUseOpenGL(false); // GL series crash under the offscreen platform (the test suite's default)
    return series;
}

// The ECDF as a step line: up at each sample value, flat in between.
QList<QPointF> steps(const QList<QPointF> &cdf)
{
    QList<QPointF> out;
    out.reserve(cdf.size() * 2 + 1);
    double previousY = 0;
    for (const QPointF &p : cdf) {
        out.append(QPointF(p.x(), previousY * 100.0));
        out.append(QPointF(p.x(), p.y() * 100.0));
        previousY = p.y();
    }
    return out;
}

void hideLegendMarker(QChart *chart, QLineSeries *series)
{
    for (QLegendMarker *marker : chart->legend()->markers(series))
        marker->setVisible(false);
}

// One level per concurrency (the first), ascending.
QList<LevelSummary> levelsByConcurrency(const RunResult &run)
{
    QList<LevelSummary> out;
    for (const LevelSummary &level : run.levels) {
        const bool seen = std::any_of(
            out.cbegin(), out.cend(), [&level](const LevelSummary &l) { return l.concurrency == level.concurrency; });
        if (!seen)
            out.append(level);
    }
    std::sort(out.begin(), out.end(),
        [](const LevelSummary &a, const LevelSummary &b) { return a.concurrency < b.concurrency; });
    return out;
}

QString cdfTitle(Compare::Metric metric)
{
    switch (metric) {
    case Compare::Metric::Ttft:
        return CompareView::tr("TTFT (time to first token)");
    case Compare::Metric::Tpot:
        return CompareView::tr("TPOT (time per output token)");
    case Compare::Metric::Itl:
        return CompareView::tr("ITL (gap between chunks)");
    case Compare::Metric::E2e:
        return CompareView::tr("E2E (whole request)");
    }
    return {};
}

QString formatMs(double ms)
{
    return QLocale().toString(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0);
}

// A table title inside a sentence: "Max tokens" -> "max tokens", but "HTTP version" and
// "TokenScope version" keep their capitals (a no-op for scripts without case).
QString inSentence(const QString &title)
{
    const QString firstWord = title.section(u' ', 0, 0);
    if (firstWord.size() < 2 || firstWord.mid(1) != firstWord.mid(1).toLower())
        return title;
    return title.left(1).toLower() + title.mid(1);
}

// "a", "a and b", "a, b and c"
QString listText(const QStringList &items)
{
    if (items.size() < 2)
        return items.value(0);
    //: the end of a list: "model and max_tokens", "model, endpoint and max_tokens"
    return CompareView::tr("%1 and %2")
        .arg(items.mid(0, items.size() - 1).join(CompareView::tr(", ")), items.constLast());
}

// A banner's colours as a style sheet's declarations.
QString bannerStyle(const QColor &background, const QColor &border, const QColor &text)
{
    return QStringLiteral("background: %1; border: 1px solid %2; color: %3;")
        .arg(background.name(), border.name(), text.name());
}

QString plainText(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

// The level charts' x axis: base 2 over concurrency, linear over achieved throughput.
QAbstractAxis *makeLevelAxis(bool byThroughput)
{
    QAbstractAxis *axis = nullptr;
    if (byThroughput) {
        auto *x = new QValueAxis;
        x->setLabelFormat(QStringLiteral("%.3g"));
        x->setTitleText(CompareView::tr("achieved throughput (completed requests/s)"));
        axis = x;
    } else {
        auto *x = new QLogValueAxis;
        x->setBase(2); // 1, 2, 4, 8, 16...: the usual concurrency steps sit evenly
        x->setLabelFormat(QStringLiteral("%g"));
        x->setTitleText(CompareView::tr("concurrency"));
        axis = x;
    }
    QFont font = axis->labelsFont();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    axis->setLabelsFont(font);
    axis->setTitleFont(font);
    return axis;
}

} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent)
{
    // The summary keeps its natural height; the charts and the tables share the rest.
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(createCharts());
    splitter->addWidget(createTables());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 560, 260 }); // scaled to the height the view gets

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(createSummary());
    layout->addWidget(splitter, 1);
    rebuild();
}

QWidget *CompareView::createSummary()
{
    auto *summary = new QWidget(this);
    m_baselineCombo = new QComboBox(summary);
    m_baselineCombo->setToolTip(tr("Every delta and headline is against this run"));
    m_baselineCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_baselineCombo, &QComboBox::activated, this, &CompareView::setBaseline);
    m_levelCombo = new QComboBox(summary);
    m_levelCombo->setToolTip(tr("Which requests the distributions are drawn from"));
    connect(m_levelCombo, &QComboBox::activated, this,
        [this](int index) { setCdfConcurrency(m_levelCombo->itemData(index).toInt()); });

    auto *controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Baseline:"), summary));
    controls->addWidget(m_baselineCombo);
    controls->addSpacing(24);
    controls->addWidget(new QLabel(tr("Distributions over:"), summary));
    controls->addWidget(m_levelCombo);
    controls->addStretch(1);

    m_headline = new QLabel(summary);
    m_headline->setObjectName(QStringLiteral("compareHeadline"));
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::RichText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setAttribute(Qt::WA_StyledBackground);
    m_headline->setStyleSheet(
        QStringLiteral("#compareHeadline { background: %1; border: 1px solid %2; border-radius: 4px; padding: 6px; }")
            .arg(Palette::panelBackground.name(), Palette::panelBorder.name()));
    QFont headlineFont = m_headline->font();
    headlineFont.setPointSizeF(headlineFont.pointSizeF() * 1.1);
    m_headline->setFont(headlineFont);

    m_diffBanner = new QLabel(summary);
    m_diffBanner->setObjectName(QStringLiteral("compareDiffBanner"));
    m_diffBanner->setWordWrap(true);
    m_diffBanner->setTextFormat(Qt::RichText);
    m_diffBanner->setAttribute(Qt::WA_StyledBackground);

    m_diffModel = new QStandardItemModel(this);
    m_diffTable = new QTableView(summary);
    m_diffTable->setModel(m_diffModel);
    m_diffTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_diffTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_diffTable->verticalHeader()->hide();
    m_diffTable->horizontalHeader()->setStretchLastSection(true);
    m_diffTable->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_diffTable->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_diffTable->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    auto *layout = new QVBoxLayout(summary);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_headline);
    layout->addWidget(m_diffBanner);
    layout->addWidget(m_diffTable);
    return summary;
}

QWidget *CompareView::createCharts()
{
    auto *charts = new QWidget(this);
    auto *grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(4);
    auto *caption = new QLabel(tr("<b>Distributions</b> — each curve rises through the share of requests (y) done "
                                  "within x ms: a curve further left is faster, a steeper one steadier. The dashed "
                                  "line is the median (P50)."),
        charts);
    caption->setWordWrap(true);
    grid->addWidget(caption, 0, 0, 1, 3);
    auto *levelCaption = new QLabel(charts);
    levelCaption->setWordWrap(true);
    m_levelCaption = levelCaption;
    for (int i = 0; i < 3; ++i) {
        auto *chart = new QChart;
        chart->setTitle(cdfTitle(kCdfMetrics[static_cast<size_t>(i)]));
        chart->addAxis(makeValueAxis(tr("ms"), QStringLiteral("%.4g")), Qt::AlignBottom);
        QValueAxis *y = makeValueAxis(QString(), QStringLiteral("%d%%"));
        y->setRange(0, 100);
        y->setTickCount(5);
        chart->addAxis(y, Qt::AlignLeft);
        m_cdfCharts[static_cast<size_t>(i)] = chart;
        grid->addWidget(makeChartView(chart, charts), 1, i);
    }
    const std::array<QString, 3> levelTitles { tr("Output throughput (higher is better)"),
        tr("TTFT P50 (solid) and P95 (dashed)"), tr("TPOT P50: decode time per token") };
    const std::array<QString, 3> levelUnits { tr("tok/s"), tr("ms"), tr("ms") };
    for (int i = 0; i < 3; ++i) {
        auto *chart = new QChart;
        chart->setTitle(levelTitles[static_cast<size_t>(i)]);
        chart->addAxis(makeLevelAxis(false), Qt::AlignBottom);
        chart->addAxis(makeValueAxis(levelUnits[static_cast<size_t>(i)], QStringLiteral("%.4g")), Qt::AlignLeft);
        m_levelCharts[static_cast<size_t>(i)] = chart;
        grid->addWidget(makeChartView(chart, charts), 3, i);
    }
    grid->addWidget(levelCaption, 2, 0, 1, 3);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(3, 1);
    return charts;
}

QWidget *CompareView::createTables()
{
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);

    auto *deltaBox = new QWidget(splitter);
    m_deltaModel = new DeltaTableModel(this);
    m_deltaProxy = new QSortFilterProxyModel(this);
    m_deltaProxy->setSourceModel(m_deltaModel);
    m_deltaProxy->setSortRole(DeltaTableModel::SortRole);
    m_deltaTable = new QTableView(deltaBox);
    m_deltaTable->setModel(m_deltaProxy);
    m_deltaTable->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // run order until asked
    m_deltaTable->setSortingEnabled(true);
    m_deltaTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_deltaTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_deltaTable->verticalHeader()->hide();
    m_deltaTable->setWordWrap(false);
    // The P95 of TPOT and the request rate add little next to their neighbours; the model keeps them.
    m_deltaTable->setColumnHidden(DeltaTableModel::TpotP95Column, true);
    m_deltaTable->setColumnHidden(DeltaTableModel::RequestThroughputColumn, true);
    m_deltaNote = new QLabel(deltaBox);
    m_deltaNote->setWordWrap(true);
    auto *deltaTitle = new QLabel(tr("<b>Level by level against the baseline</b> — run minus baseline, and in % of "
                                     "the baseline; green is better, red is worse"),
        deltaBox);
    deltaTitle->setWordWrap(true);
    auto *deltaLayout = new QVBoxLayout(deltaBox);
    deltaLayout->setContentsMargins(0, 0, 0, 0);
    deltaLayout->addWidget(deltaTitle);
    deltaLayout->addWidget(m_deltaTable, 1);
    deltaLayout->addWidget(m_deltaNote);

    auto *readingBox = new QWidget(splitter);
    m_readings = new QTextBrowser(readingBox);
    m_readings->setOpenLinks(false);
    auto *readingLayout = new QVBoxLayout(readingBox);
    readingLayout->setContentsMargins(0, 0, 0, 0);
    readingLayout->addWidget(new QLabel(tr("<b>What each run's numbers mean</b>"), readingBox));
    readingLayout->addWidget(m_readings, 1);

    splitter->addWidget(deltaBox);
    splitter->addWidget(readingBox);
    splitter->setStretchFactor(0, 5);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({ 1000, 400 }); // the delta table needs the width; the readings wrap
    return splitter;
}

void CompareView::setRuns(const QList<RunResult> &runs, const QStringList &labels, const QStringList &toolVersions)
{
    m_runs.clear();
    m_labels.clear();
    m_toolVersions.clear();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const RunResult &run = runs.at(i);
        const QString label = labels.value(i).isEmpty() ? run.config.model : labels.value(i);
        if (!run.isInterleaved()) {
            m_runs.append(run);
            m_labels.append(label);
            m_toolVersions.append(toolVersions.value(i));
            continue;
        }
        for (int arm = 0; arm < run.arms.size(); ++arm) {
            m_runs.append(run.armResult(arm));
            //: an arm of an A/B run: the run's label, the arm's letter, its model
            m_labels.append(tr("%1 · %2: %3").arg(label, armLetter(arm), run.arms.at(arm).model));
            m_toolVersions.append(toolVersions.value(i));
        }
    }
    // Labels name series and rows: they must differ.
    for (qsizetype i = 0; i < m_labels.size(); ++i) {
        int copy = 1;
        const QString original = m_labels.at(i);
        while (m_labels.mid(0, i).contains(m_labels.at(i)))
            m_labels[i] = tr("%1 (%2)").arg(original).arg(++copy);
    }
    m_baseline = 0;
    m_cdfConcurrency = 0;
    rebuild();
}

void CompareView::clear()
{
    setRuns({}, {});
}

QColor CompareView::runColor(int index) const
{
    return Palette::runs[static_cast<size_t>(index) % Palette::runs.size()];
}

void CompareView::setBaseline(int index)
{
    if (index < 0 || index >= m_runs.size() || index == m_baseline)
        return;
    m_baseline = index;
    rebuild();
    Q_EMIT baselineChanged(index);
}

void CompareView::setCdfConcurrency(int concurrency)
{
    if (concurrency == m_cdfConcurrency)
        return;
    m_cdfConcurrency = concurrency;
    updateLevelCombo();
    updateCdfCharts();
}

QString CompareView::legendName(int run) const
{
    return run == m_baseline ? tr("%1 (baseline)").arg(m_labels.at(run)) : m_labels.at(run);
}

void CompareView::rebuild()
{
    updateBaselineCombo();
    updateLevelCombo();
    updateHeadline();
    updateDiff();
    updateCdfCharts();
    updateLevelCharts();
    updateDeltaTable();
    updateReadings();
}

void CompareView::updateBaselineCombo()
{
    m_baselineCombo->clear();
    for (int i = 0; i < m_runs.size(); ++i) {
        QPixmap swatch(12, 12);
        swatch.fill(runColor(i));
        m_baselineCombo->addItem(QIcon(swatch), m_labels.at(i));
    }
    m_baselineCombo->setCurrentIndex(m_runs.isEmpty() ? -1 : m_baseline);
    m_baselineCombo->setEnabled(m_runs.size() > 1);
}

void CompareView::updateLevelCombo()
{
    // A rate level's concurrency is its cap, which every level of a sweep shares: no way to pick one.
    const bool byRate = std::any_of(m_runs.cbegin(), m_runs.cend(),
        [](const RunResult &run) { return run.config.loadMode != LoadMode::Concurrency; });
    m_levelCombo->setEnabled(!byRate);
    m_levelCombo->setToolTip(byRate ? tr("A run measured by request rate is shown over every level") : QString());
    if (byRate) {
        m_cdfConcurrency = 0;
        m_levelCombo->clear();
        m_levelCombo->addItem(tr("every level"), 0);
        return;
    }
    QList<int> concurrencies;
    for (const RunResult &run : std::as_const(m_runs))
        for (const LevelSummary &level : run.levels)
            if (!concurrencies.contains(level.concurrency))
                concurrencies.append(level.concurrency);
    std::sort(concurrencies.begin(), concurrencies.end());
    m_levelCombo->clear();
    m_levelCombo->addItem(tr("every level"), 0);
    for (int c : std::as_const(concurrencies))
        m_levelCombo->addItem(tr("concurrency %1").arg(c), c);
    m_levelCombo->setCurrentIndex(std::max(0, m_levelCombo->findData(m_cdfConcurrency)));
}

void CompareView::updateHeadline()
{
    if (m_runs.size() < 2) {
        m_headline->setText(m_runs.isEmpty() ? tr("Select two or more runs in the history and press Compare.")
                                             : tr("Only one run: select another one to compare it with."));
        return;
    }
    QStringList paragraphs;
    for (int i = 0; i < m_runs.size(); ++i) {
        if (i == m_baseline)
            continue;
        paragraphs.append(CompareHeadline::compute(
            m_runs.at(m_baseline).levels, m_runs.at(i).levels, m_labels.at(m_baseline), m_labels.at(i), runColor(i))
                              .html);
    }
    m_headline->setText(paragraphs.join(QStringLiteral("<br>")));
}

void CompareView::updateDiff()
{
    QList<Compare::ComparedConfig> configs;
    QList<int> order { m_baseline }; // the diff reads the first as the baseline
    for (int i = 0; i < m_runs.size(); ++i)
        if (i != m_baseline)
            order.append(i);
    if (m_runs.isEmpty())
        order.clear();
    for (int i : std::as_const(order))
        configs.append(Compare::ComparedConfig { m_runs.at(i).config, m_toolVersions.value(i) });
    m_diff = Compare::diffConfigs(configs);
    m_diffWarning = m_diff.moreThanOneVariable;

    QStringList sentenceTitles;
    for (const Compare::ConfigDifference &d : std::as_const(m_diff.differences))
        sentenceTitles.append(inSentence(Compare::configFieldTitle(d.field)));
    QString style;
    QString text;
    if (m_runs.size() < 2) {
        text.clear();
    } else if (m_diffWarning) {
        style = bannerStyle(Palette::warningBannerBackground, Palette::warningBannerBorder, Palette::warningBannerText);
        text = tr("<b>⚠ Compare one variable at a time:</b> these runs differ in %1. A difference in the results "
                  "cannot be put down to one of them.")
                   .arg(listText(sentenceTitles).toHtmlEscaped());
    } else if (m_diff.differences.size() == 1) {
        style = bannerStyle(Palette::goodBannerBackground, Palette::goodBannerBorder, Palette::goodBannerText);
        const Compare::ConfigDifference &only = m_diff.differences.constFirst();
        //: %1 the input (e.g. Model), %2 its values from the baseline on, e.g. "sim-slow → sim-fast"
        text = tr("<b>One variable:</b> only the %1 differs (%2), so the comparison isolates it.")
                   .arg(sentenceTitles.constFirst().toHtmlEscaped(),
                       only.values.join(QStringLiteral(" → ")).toHtmlEscaped());
    } else {
        style = bannerStyle(Palette::infoBannerBackground, Palette::infoBannerBorder, Palette::infoBannerText);
        text = Compare::configDiffSummary(m_diff).toHtmlEscaped();
    }
    m_diffBanner->setStyleSheet(
        QStringLiteral("#compareDiffBanner { %1 border-radius: 4px; padding: 5px; }").arg(style));
    m_diffBanner->setText(text);
    m_diffBanner->setVisible(!text.isEmpty());

    m_diffModel->clear();
    QStringList headers { tr("Input") };
    for (int i : std::as_const(order))
        headers.append(i == m_baseline ? tr("%1 (baseline)").arg(m_labels.at(i)) : m_labels.at(i));
    m_diffModel->setHorizontalHeaderLabels(headers);
    for (const Compare::ConfigDifference &d : std::as_const(m_diff.differences)) {
        QList<QStandardItem *> row { new QStandardItem(Compare::configFieldTitle(d.field)) };
        for (qsizetype v = 0; v < d.values.size(); ++v) {
            auto *item = new QStandardItem(d.values.at(v));
            item->setToolTip(d.values.at(v));
            if (v > 0 && d.values.at(v) != d.values.constFirst()) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            row.append(item);
        }
        m_diffModel->appendRow(row);
    }
    // One difference is said in the banner; several get a table with a row each, and no blank space.
    m_diffTable->setVisible(m_diff.differences.size() > 1);
    m_diffTable->resizeColumnsToContents();
    int height = m_diffTable->horizontalHeader()->sizeHint().height() + 2 * m_diffTable->frameWidth();
    for (int row = 0; row < m_diffModel->rowCount(); ++row)
        height += m_diffTable->verticalHeader()->sectionSize(row);
    m_diffTable->setFixedHeight(std::min(height, kDiffTableMaxHeightPx));
}

void CompareView::updateCdfCharts()
{
    for (Compare::Metric metric : kCdfMetrics) {
        const auto slot = static_cast<size_t>(cdfSlot(metric));
        QChart *chart = m_cdfCharts[slot];
        chart->removeAllSeries();
        m_cdfSeries[slot].clear();
        QAbstractAxis *x = chart->axes(Qt::Horizontal).constFirst();
        QAbstractAxis *y = chart->axes(Qt::Vertical).constFirst();
        double maxX = 0;
        double minX = std::numeric_limits<double>::max();
        double maxP95 = 0;
        for (int i = 0; i < m_runs.size(); ++i) {
            const QList<QPointF> points = Compare::cdf(m_runs.at(i), metric, m_cdfConcurrency, kCdfMaxPoints);
            if (points.isEmpty())
                continue;
            maxX = std::max(maxX, points.constLast().x());
            minX = std::min(minX, points.constFirst().x());
            const auto p95
                = std::find_if(points.cbegin(), points.cend(), [](const QPointF &p) { return p.y() >= 0.95; });
            maxP95 = std::max(maxP95, p95 != points.cend() ? p95->x() : points.constLast().x());
            QLineSeries *series = makeLine(legendName(i), runColor(i), Qt::SolidLine, i == m_baseline ? 2.6 : 2.0);
            series->replace(steps(points));
            chart->addSeries(series);
            series->attachAxis(x);
            series->attachAxis(y);
            m_cdfSeries[slot].append(series);
        }
        // A few slow outliers would squeeze every curve into a corner: past kTailCutFactor x the
        // largest P95 the axis is cut, and the title says so and names the slowest value.
        const bool cut = maxP95 > 0 && maxX > kTailCutFactor * maxP95;
        const double top = cut ? maxP95 * kTailShownFactor : maxX > 0 ? maxX * 1.05 : 1.0;
        // The axis starts near the data: TTFTs of 40 to 45 ms would otherwise be a wall at the right.
        const double span = top - minX;
        const double bottom = minX < top && minX > 0.25 * top ? std::max(0.0, minX - 0.1 * span) : 0.0;
        static_cast<QValueAxis *>(x)->setRange(bottom, top);
        static_cast<QValueAxis *>(x)->applyNiceNumbers();
        chart->setTitle(
            cut ? tr("%1 — tail cut, slowest %2 ms").arg(cdfTitle(metric), formatMs(maxX)) : cdfTitle(metric));
        if (!m_cdfSeries[slot].isEmpty()) {
            // The median line: where each curve crosses it is that run's P50.
            QLineSeries *median = makeLine(QString(), Palette::guide, Qt::DashLine, 1.0);
            median->replace({ QPointF(static_cast<QValueAxis *>(x)->min(), 50),
                QPointF(static_cast<QValueAxis *>(x)->max(), 50) });
            chart->addSeries(median);
            median->attachAxis(x);
            median->attachAxis(y);
            hideLegendMarker(chart, median);
        }
    }
}

void CompareView::updateLevelCharts()
{
    // Levels chosen by rate stand on no concurrency (a rate level's is its cap): the runs are drawn
    // as serving curves, against the throughput each level achieved.
    m_levelsByThroughput = std::any_of(m_runs.cbegin(), m_runs.cend(),
        [](const RunResult &run) { return run.config.loadMode != LoadMode::Concurrency; });
    m_levelCaption->setText(m_levelsByThroughput
            ? tr("<b>Against achieved throughput</b> — the serving curve of each run: one point per level at the "
                 "requests per second it completed. A curve further right before TTFT rises serves more.")
            : tr("<b>Against concurrency</b> — how each run takes more load: throughput should rise, TTFT and TPOT "
                 "should stay flat."));
    int minC = 0;
    int maxC = 0;
    double maxX = 0;
    std::array<double, 3> maxY { 0, 0, 0 };
    for (size_t c = 0; c < m_levelCharts.size(); ++c) {
        QChart *chart = m_levelCharts[c];
        chart->removeAllSeries();
        m_levelSeries[c].clear();
        QAbstractAxis *old = chart->axes(Qt::Horizontal).value(0);
        const bool isLog = qobject_cast<QLogValueAxis *>(old) != nullptr;
        if (!old || isLog == m_levelsByThroughput) {
            if (old) {
                chart->removeAxis(old);
                delete old;
            }
            chart->addAxis(makeLevelAxis(m_levelsByThroughput), Qt::AlignBottom);
        }
    }
    const auto add = [this](LevelChart which, QLineSeries *series, const QList<QPointF> &points, bool legend) {
        const auto c = static_cast<size_t>(which);
        QChart *chart = m_levelCharts[c];
        series->replace(points);
        series->setPointsVisible(true);
        chart->addSeries(series);
        series->attachAxis(chart->axes(Qt::Horizontal).constFirst());
        series->attachAxis(chart->axes(Qt::Vertical).constFirst());
        if (!legend)
            hideLegendMarker(chart, series);
        m_levelSeries[c].append(series);
    };
    for (int i = 0; i < m_runs.size(); ++i) {
        QList<QPointF> throughput, ttftP50, ttftP95, tpotP50;
        if (m_levelsByThroughput) {
            for (const Stats::ServingPoint &p : Stats::servingCurve(m_runs.at(i).levels)) {
                maxX = std::max(maxX, p.throughput);
                throughput.append(QPointF(p.throughput, p.outputThroughput));
                maxY[0] = std::max(maxY[0], p.outputThroughput);
                if (p.ttftP50Ms >= 0) {
                    ttftP50.append(QPointF(p.throughput, p.ttftP50Ms));
                    ttftP95.append(QPointF(p.throughput, p.ttftP95Ms));
                    maxY[1] = std::max(maxY[1], p.ttftP95Ms);
                }
                if (p.tpotP50Ms >= 0) {
                    tpotP50.append(QPointF(p.throughput, p.tpotP50Ms));
                    maxY[2] = std::max(maxY[2], p.tpotP50Ms);
                }
            }
        }
        for (const LevelSummary &level : levelsByConcurrency(m_runs.at(i))) {
            if (m_levelsByThroughput || level.concurrency <= 0)
                continue;
            minC = minC == 0 ? level.concurrency : std::min(minC, level.concurrency);
            maxC = std::max(maxC, level.concurrency);
            const double c = level.concurrency;
            if (level.durationS > 0) {
                throughput.append(QPointF(c, level.outputThroughput));
                maxY[0] = std::max(maxY[0], level.outputThroughput);
            }
            if (level.ttftMs.count > 0) {
                ttftP50.append(QPointF(c, level.ttftMs.p50));
                ttftP95.append(QPointF(c, level.ttftMs.p95));
                maxY[1] = std::max(maxY[1], level.ttftMs.p95);
            }
            if (level.tpotMs.count > 0) {
                tpotP50.append(QPointF(c, level.tpotMs.p50));
                maxY[2] = std::max(maxY[2], level.tpotMs.p50);
            }
        }
        const double width = i == m_baseline ? 2.6 : 2.0;
        add(LevelChart::OutputThroughput, makeLine(legendName(i), runColor(i), Qt::SolidLine, width), throughput, true);
        add(LevelChart::Ttft, makeLine(legendName(i), runColor(i), Qt::SolidLine, width), ttftP50, true);
        add(LevelChart::Ttft, makeLine(tr("%1 P95").arg(m_labels.at(i)), runColor(i), Qt::DashLine, 1.6), ttftP95,
            false);
        add(LevelChart::Tpot, makeLine(legendName(i), runColor(i), Qt::SolidLine, width), tpotP50, true);
    }
    for (size_t c = 0; c < m_levelCharts.size(); ++c) {
        QAbstractAxis *axis = m_levelCharts[c]->axes(Qt::Horizontal).constFirst();
        if (auto *log = qobject_cast<QLogValueAxis *>(axis)) {
            // Half a step of margin on a base-2 axis, so the first and last points are not on the frame.
            log->setRange(minC > 0 ? minC / 1.4 : 0.7, maxC > 0 ? maxC * 1.4 : 1.4);
        } else if (auto *linear = qobject_cast<QValueAxis *>(axis)) {
            linear->setRange(0, maxX > 0 ? maxX * 1.08 : 1.0);
            linear->applyNiceNumbers();
        }
        auto *y = static_cast<QValueAxis *>(m_levelCharts[c]->axes(Qt::Vertical).constFirst());
        y->setRange(0, maxY[c] > 0 ? maxY[c] * 1.08 : 1.0);
        y->applyNiceNumbers();
    }
}

void CompareView::updateDeltaTable()
{
    QList<QList<LevelSummary>> levels;
    QList<QColor> colors;
    for (int i = 0; i < m_runs.size(); ++i) {
        levels.append(m_runs.at(i).levels);
        colors.append(runColor(i));
    }
    m_deltaModel->setComparison(levels, m_labels, m_runs.isEmpty() ? -1 : m_baseline, colors);
    m_deltaTable->resizeColumnsToContents();

    QStringList notes;
    for (int i = 0; i < m_runs.size(); ++i) {
        const QList<int> unmatched = m_deltaModel->unmatchedLevels(i);
        if (unmatched.isEmpty())
            continue;
        QStringList levelsText;
        for (int c : unmatched)
            levelsText.append(QString::number(c));
        notes.append(tr("Not in both %1 and the baseline, so not compared: concurrency %2.")
                         .arg(m_labels.at(i), levelsText.join(QStringLiteral(", "))));
    }
    m_deltaNote->setText(notes.join(u'\n'));
    m_deltaNote->setVisible(!notes.isEmpty());
}

void CompareView::updateReadings()
{
    QString html;
    for (int i = 0; i < m_runs.size(); ++i) {
        const Reading::RunReading reading = Reading::readRun(m_runs.at(i));
        html += QStringLiteral("<p><span style=\"color:%1\">■</span> <b>%2</b> — <i>%3</i><br>%4</p>")
                    .arg(runColor(i).name(), legendName(i).toHtmlEscaped(),
                        Reading::verdictTitleOf(reading).toHtmlEscaped(), reading.text().toHtmlEscaped());
    }
    if (!m_runs.isEmpty())
        html += QStringLiteral("<p style=\"color:%1; font-size:small\">%2</p>")
                    .arg(Palette::footnote.name(), Reading::thresholdsNote().toHtmlEscaped());
    m_readings->setHtml(html);
}

QList<QLineSeries *> CompareView::cdfSeries(Compare::Metric metric) const
{
    const int slot = cdfSlot(metric);
    return slot < 0 ? QList<QLineSeries *>() : m_cdfSeries[static_cast<size_t>(slot)];
}

QList<QLineSeries *> CompareView::levelSeries(LevelChart chart) const
{
    return m_levelSeries[static_cast<size_t>(chart)];
}

QString CompareView::diffBannerText() const
{
    return plainText(m_diffBanner->text());
}

QString CompareView::headlineText() const
{
    return plainText(m_headline->text());
}

QString CompareView::readingText() const
{
    return m_readings->toPlainText();
}

} // namespace TokenScope
