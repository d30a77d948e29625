// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runreadinglabel.h"

#include "stats/runreading.h"

namespace TokenScope {

namespace {

// The verdict in the Compare tab's words, so that both places name a run's behaviour alike.
QString verdictTitle(Reading::Verdict verdict)
{
    switch (verdict) {
    case Reading::Verdict::NotEnoughData:
        return RunReadingLabel::tr("not enough data");
    case Reading::Verdict::Flat:
        return RunReadingLabel::tr("steady under load");
    case Reading::Verdict::Queueing:
        return RunReadingLabel::tr("queueing");
    case Reading::Verdict::Contention:
        return RunReadingLabel::tr("decode contention");
    case Reading::Verdict::Both:
        return RunReadingLabel::tr("contention and queueing");
    }
    return {};
}

// "9 of 28 failed · steady under load": a run that lost requests never reads as simply steady.
QString verdictTitleOf(const Reading::RunReading &reading)
{
    if (reading.failedRequests == 0)
        return verdictTitle(reading.verdict);
    return RunReadingLabel::tr("%1 of %2 failed · %3")
        .arg(reading.failedRequests)
        .arg(reading.measuredRequests)
        .arg(verdictTitle(reading.verdict));
}

} // namespace

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
    const Reading::RunReading reading = Reading::readRun(run);
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
        const QString title = tr("Reading: %1.").arg(verdictTitleOf(reading));
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
