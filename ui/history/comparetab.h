// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QScrollArea>

namespace TokenScope {

class CompareView;

/// The Compare tab's page. Compare has charts of its own, so while the page is shown the window's
/// live charts (`makesRoom`) are hidden and their height goes to Compare; hiding the page (another
/// results tab) shows them again. The page scrolls the view as a whole only when the window is too
/// small for it even then: one scroll area, no other around it.
class CompareTab : public QScrollArea
{
    Q_OBJECT
public:
    CompareTab(CompareView *view, QWidget *makesRoom, QWidget *parent = nullptr);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitView();

    QPointer<QWidget> m_makesRoom;
};

} // namespace TokenScope
