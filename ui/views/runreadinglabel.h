// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runresult.h"

#include <QLabel>
#include <QString>

namespace TokenScope {

/// One run's reading paragraph (docs/history-and-compare.md#5-the-reading-paragraph-verdicts-and-thresholds)
/// in a compact word-wrapped line: the verdict in bold, then the sentences. Hidden while there is
/// nothing to say: before a run has ended, for a run with no sentence, and for an A/B run, whose
/// arms the Compare tab reads one by one. The knee's sentence is left to the serving-curve chart,
/// which writes it under its plot.
class RunReadingLabel : public QLabel
{
    Q_OBJECT
public:
    explicit RunReadingLabel(QWidget *parent = nullptr);

    void setRun(const RunResult &run);
    void clearReading();
    /// The reading's sentences as shown (without the verdict title); empty when hidden.
    QString readingText() const { return m_readingText; }

private:
    QString m_readingText;
};

} // namespace TokenScope
