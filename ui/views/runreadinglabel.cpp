// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runreadinglabel.h"

#include "stats/runreading.h"
#include "stats/servingcurve.h"

namespace TokenScope {

RunReadingLabel::RunReadingLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("runReading"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setContentsMargins(4, 2, 4, 2);
    setToolTip(Reading::thresholdsNote());
    hide();
}

void RunReadingLabel::setRun(const RunResult &run)
{
    Reading::RunReading reading = Reading::readRun(run);
    // The serving-curve chart writes the knee's sentence under its plot, just above this line.
    const QString knee = Stats::findKnee(Stats::servingCurve(run.levels)).sentence;
    if (!knee.isEmpty())
        reading.sentences.removeAll(knee);
    if (run.isInterleaved() || reading.sentences.isEmpty()) {
        clearReading();
        return;
    }
    m_readingText = reading.text();
    // "No reading: it needs …" says itself what a "not enough data" title would.
    if (reading.verdict == Reading::Verdict::NotEnoughData) {
        setText(m_readingText.toHtmlEscaped());
    } else {
        //: the reading of the run shown, %1 its verdict, e.g. "Reading: queueing."
        const QString title = tr("Reading: %1.").arg(Reading::verdictTitleOf(reading));
        setText(QStringLiteral("<b>%1</b> %2").arg(title.toHtmlEscaped(), m_readingText.toHtmlEscaped()));
    }
    show();
}

void RunReadingLabel::clearReading()
{
    m_readingText.clear();
    clear();
    hide();
}

} // namespace TokenScope
