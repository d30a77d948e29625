// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "compareview.h"

#include "charts/comparecharts.h"
#include "charts/palette.h"
#include "compareheadline.h"
#include "compareinput.h"
#include "core/runlabel.h"
#include "deltatablemodel.h"
#include "stats/runreading.h"
#include "stats/turnfigures.h"
#include "store/endpointprofile.h"
#include "theme.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

constexpr int kDiffTableMaxHeightPx = 160;

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
    styleHeadline();
    // View → Theme: the panel and the headline's better/worse words take the new tones.
    connect(ThemeNotifier::instance(), &ThemeNotifier::themeChanged, this, [this] {
        styleHeadline();
        updateHeadline();
    });
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
    // The field names keep their width; the runs share the rest equally, so that one run's long
    // value (an endpoint's description) cannot push the other runs' columns out of view. A cut
    // value is whole in its tooltip.
    m_diffTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_diffTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
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
    m_charts = new CompareCharts(this);
    return m_charts;
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
    deltaLayout->addWidget(createTurnBox(), 1);

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

QWidget *CompareView::createTurnBox()
{
    m_turnBox = new QWidget(this);
    m_turnModel = new QStandardItemModel(this);
    auto *table = new QTableView(m_turnBox);
    table->setObjectName(QStringLiteral("compareTurnTable"));
    table->setModel(m_turnModel);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    auto *title = new QLabel(tr("<b>By turn</b> — TTFT P50 at each turn of the conversations, its change against "
                                "the baseline, and the share of prompt tokens the server served from its cache"),
        m_turnBox);
    title->setWordWrap(true);
    auto *layout = new QVBoxLayout(m_turnBox);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addWidget(title);
    layout->addWidget(table, 1);
    return m_turnBox;
}

void CompareView::styleHeadline()
{
    m_headline->setStyleSheet(
        QStringLiteral("#compareHeadline { background: %1; border: 1px solid %2; border-radius: 4px; padding: 6px; }")
            .arg(Palette::panelBackground.name(), Palette::panelBorder.name()));
}

void CompareView::setRuns(const QList<RunResult> &runs, const QStringList &names, const QStringList &toolVersions,
    const QList<qint64> &historyIds)
{
    QList<RunLabel::Parts> parts;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        parts.append(
            RunLabel::partsOf(runs.at(i).config, runs.at(i).startedAt, names.value(i), historyIds.value(i, -1)));
        parts.last().profile = EndpointProfile::shownProfileName(parts.last().profile);
    }
    const QStringList labels = RunLabel::distinctLabels(parts);
    m_runs.clear();
    m_labels.clear();
    m_fullNames.clear();
    m_toolVersions.clear();
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const RunResult &run = runs.at(i);
        const QString fullName = RunLabel::fullName(parts.at(i));
        if (!run.isInterleaved()) {
            m_runs.append(run);
            m_labels.append(labels.at(i));
            m_fullNames.append(fullName);
            m_toolVersions.append(toolVersions.value(i));
            continue;
        }
        for (int arm = 0; arm < run.arms.size(); ++arm) {
            m_runs.append(run.armResult(arm));
            //: an arm of an A/B run: the run's label, the arm's letter, its model
            const QString armText = tr("%1 · %2: %3");
            m_labels.append(armText.arg(labels.at(i), armLetter(arm), run.arms.at(arm).model));
            m_fullNames.append(armText.arg(fullName, armLetter(arm), run.arms.at(arm).model));
            m_toolVersions.append(toolVersions.value(i));
        }
    }
    m_baseline = 0;
    m_cdfConcurrency = 0;
    rebuild();
}

void CompareView::setRuns(const CompareInput &input)
{
    setRuns(input.runs, input.names, input.toolVersions, input.historyIds);
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
    m_charts->updateDistributions(m_cdfConcurrency);
}

QString CompareView::headerName(int run) const
{
    return run == m_baseline ? tr("%1 (baseline)").arg(m_labels.at(run)) : m_labels.at(run);
}

void CompareView::rebuild()
{
    updateBaselineCombo();
    updateLevelCombo();
    updateHeadline();
    updateDiff();
    updateCharts();
    updateDeltaTable();
    updateTurnTable();
    updateReadings();
}

void CompareView::updateBaselineCombo()
{
    m_baselineCombo->clear();
    for (int i = 0; i < m_runs.size(); ++i) {
        QPixmap swatch(12, 12);
        swatch.fill(runColor(i));
        m_baselineCombo->addItem(QIcon(swatch), m_labels.at(i));
        m_baselineCombo->setItemData(i, m_fullNames.at(i), Qt::ToolTipRole);
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
    QStringList judgements;
    for (int i = 0; i < m_runs.size(); ++i) {
        if (i == m_baseline)
            continue;
        const CompareHeadline headline = CompareHeadline::compute(
            m_runs.at(m_baseline).levels, m_runs.at(i).levels, m_labels.at(m_baseline), m_labels.at(i), runColor(i));
        paragraphs.append(headline.html);
        if (!headline.toolTip.isEmpty())
            judgements.append(headline.toolTip);
    }
    m_headline->setText(paragraphs.join(QStringLiteral("<br>")));
    m_headline->setToolTip(judgements.join(QStringLiteral("\n\n")));
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
        text = tr("<b>One variable:</b> the only input that differs is the %1 (%2), so the comparison isolates it.")
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
        headers.append(headerName(i));
    m_diffModel->setHorizontalHeaderLabels(headers);
    for (qsizetype column = 1; column < headers.size(); ++column)
        m_diffModel->horizontalHeaderItem(int(column))->setToolTip(m_fullNames.at(order.at(column - 1)));
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
    m_diffTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    int height = m_diffTable->horizontalHeader()->sizeHint().height() + 2 * m_diffTable->frameWidth();
    for (int row = 0; row < m_diffModel->rowCount(); ++row)
        height += m_diffTable->verticalHeader()->sectionSize(row);
    m_diffTable->setFixedHeight(std::min(height, kDiffTableMaxHeightPx));
}

// The runs as the charts draw them: their labels, colours, and which is the baseline.
void CompareView::updateCharts()
{
    QList<CompareCharts::Run> runs;
    for (int i = 0; i < m_runs.size(); ++i)
        runs.append({ m_runs.at(i), m_labels.at(i), m_fullNames.at(i), runColor(i), i == m_baseline });
    m_charts->setRuns(runs);
    m_charts->updateDistributions(m_cdfConcurrency);
    m_charts->updateLevels();
}

void CompareView::updateTurnTable()
{
    m_turnModel->clear();
    const bool anyConversation = std::any_of(
        m_runs.cbegin(), m_runs.cend(), [](const RunResult &run) { return Stats::turnsPerConversation(run) > 0; });
    m_turnBox->setVisible(anyConversation);
    if (!anyConversation)
        return;
    m_turnModel->setHorizontalHeaderLabels({ tr("Level"), tr("Turn"), tr("Run"), tr("TTFT P50"),
        tr("Change"), tr("Cached"), tr("Prompt tokens") });
    // The baseline's levels in its order; each run's level of the same load point (its first).
    for (const LevelSummary &level : m_runs.at(m_baseline).levels) {
        QList<QList<Stats::TurnFigures>> byRun;
        for (const RunResult &run : std::as_const(m_runs)) {
            const auto same = std::find_if(run.levels.cbegin(), run.levels.cend(),
                [&level](const LevelSummary &l) { return l.point.label() == level.point.label(); });
            byRun.append(same == run.levels.cend() ? QList<Stats::TurnFigures> {}
                                                   : Stats::figuresByTurn(run.records, same->levelIndex));
        }
        for (const Stats::TurnFigures &base : std::as_const(byRun[m_baseline])) {
            for (int i = 0; i < m_runs.size(); ++i) {
                const auto match = std::find_if(byRun[i].cbegin(), byRun[i].cend(),
                    [&base](const Stats::TurnFigures &t) { return t.turn == base.turn; });
                Stats::TurnFigures turn; // a turn this run did not measure: its figures stay unknown
                turn.turn = base.turn;
                m_turnModel->appendRow(turnRow(level.point.label(), i, match == byRun[i].cend() ? turn : *match, base));
            }
        }
    }
    for (QTableView *table : m_turnBox->findChildren<QTableView *>())
        table->resizeColumnsToContents();
}

// One run's figures at one turn: its TTFT P50, the change against the baseline's at that turn, the
// share of the prompt the server served from its cache, and the prompt as the server counted it.
QList<QStandardItem *> CompareView::turnRow(
    const QString &level, int run, const Stats::TurnFigures &turn, const Stats::TurnFigures &baseline) const
{
    const QLocale locale;
    const QString none = tr("–");
    QPixmap swatch(12, 12);
    swatch.fill(runColor(run));
    QString change = none;
    if (run == m_baseline)
        change = tr("baseline");
    else if (turn.ttftP50Ms >= 0 && baseline.ttftP50Ms > 0) {
        // Whole percent, rounded first so that a change under half a percent reads "0 %", not "-0 %".
        const double pct = std::round(100 * (turn.ttftP50Ms - baseline.ttftP50Ms) / baseline.ttftP50Ms) + 0.0;
        change = (pct > 0 ? QStringLiteral("+") : QString()) + locale.toString(pct, 'f', 0) + QStringLiteral(" %");
    }
    auto *runItem = new QStandardItem(QIcon(swatch), m_labels.at(run));
    runItem->setToolTip(m_fullNames.at(run));
    return { new QStandardItem(level), new QStandardItem(locale.toString(turn.turn)), runItem,
        new QStandardItem(turn.ttftP50Ms >= 0 ? tr("%1 ms").arg(locale.toString(turn.ttftP50Ms, 'f', 1)) : none),
        new QStandardItem(change),
        new QStandardItem(turn.cachedShare >= 0 ? locale.toString(turn.cachedShare * 100, 'f', 0) + u'%' : none),
        new QStandardItem(turn.promptTokensMean >= 0 ? locale.toString(turn.promptTokensMean, 'f', 0) : none) };
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
                    .arg(runColor(i).name(), headerName(i).toHtmlEscaped(),
                        Reading::verdictTitleOf(reading).toHtmlEscaped(), reading.text().toHtmlEscaped());
    }
    if (!m_runs.isEmpty())
        html += QStringLiteral("<p style=\"color:%1; font-size:small\">%2</p>")
                    .arg(Palette::footnote.name(), Reading::thresholdsNote().toHtmlEscaped());
    m_readings->setHtml(html);
}

QList<QLineSeries *> CompareView::cdfSeries(Compare::Metric metric) const
{
    return m_charts->cdfSeries(metric);
}

QList<QLineSeries *> CompareView::levelSeries(LevelChart chart) const
{
    return m_charts->levelSeries(chart);
}

QList<WhiskerSet> CompareView::levelWhiskers(LevelChart chart) const
{
    return m_charts->levelWhiskers(chart);
}

bool CompareView::levelChartsByThroughput() const
{
    return m_charts->levelsByThroughput();
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
