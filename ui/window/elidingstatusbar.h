// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStatusBar>

namespace TokenScope {

/// A status bar whose message ends with "…" a gap before the permanent widgets (In flight,
/// Elapsed) when it is too long for its room, instead of running into them; its tooltip then
/// says the whole message. currentMessage() stays the whole message.
class ElidingStatusBar : public QStatusBar
{
    Q_OBJECT
public:
    using QStatusBar::QStatusBar;

    /// Where the message is drawn: from the left edge to a gap before the first visible widget.
    QRect messageRoom() const;
    /// The message as drawn: whole when it fits messageRoom(), else cut with "…".
    QString shownMessage() const;

    static constexpr int kGapPx = 16;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;
};

} // namespace TokenScope
