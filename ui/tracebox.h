// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/tracereplay.h"

#include <QFutureWatcher>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace TokenScope {

/// A trace replay's settings (docs/methodology.md#trace-replay): the file, its speed-up, the longest
/// idle gap, the entries replayed (start, limit) and the cache-bust nonce, with a line saying what
/// will be sent: the file is read off the GUI thread whenever one of them changes, and the line
/// gives its entries, format, span and mean rate, or the first problem by line number.
class TraceBox : public QWidget
{
    Q_OBJECT
public:
    explicit TraceBox(QWidget *parent = nullptr);
    ~TraceBox() override;

    TraceReplay replay() const;
    void load(const TraceReplay &replay);
    void setEditable(bool editable);

public Q_SLOTS:
    void chooseFile();

Q_SIGNALS:
    void changed();

private:
    /// Reads the file as the fields say, off the GUI thread; only the latest read is shown.
    void check();
    void showCheck();

    QLineEdit *m_path;
    QDoubleSpinBox *m_speedup;
    QDoubleSpinBox *m_maxGapS;
    QSpinBox *m_start;
    QSpinBox *m_limit;
    QCheckBox *m_cacheBust;
    QLabel *m_summary;
    QList<QWidget *> m_editable;
    QFutureWatcher<QString> m_read;
};

} // namespace TokenScope
