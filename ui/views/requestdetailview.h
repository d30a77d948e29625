// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/requestrecord.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace TokenScope {

class PhaseBar;

/// The drill-down for one request: a header line (level, index, status, HTTP status, response id),
/// the error kind and message in a red box for a failed one, its key metrics, a horizontal bar of
/// its phases (connect, TLS, request sent, headers, first byte, first token, last token, done) with
/// a tick per chunk, the table of those milestones, and a table of every text-bearing chunk with
/// its arrival (ms from the post) and the gap to the previous one. Nothing scrolls but the two
/// tables, each its own rows: the view takes the height it is given (RequestsPane puts it beside
/// the table of requests).
class RequestDetailView : public QWidget
{
    Q_OBJECT
public:
    explicit RequestDetailView(QWidget *parent = nullptr);

    void showRecord(const RequestRecord &record);
    void clear();

    bool hasRecord() const { return m_hasRecord; }
    const RequestRecord &record() const { return m_record; }
    // For tests: what the view shows.
    QTableWidget *chunkTable() const { return m_chunks; }
    QTableWidget *milestoneTable() const { return m_milestones; }
    QString titleText() const;
    QString errorText() const; ///< empty unless a failed request is shown
    QString metricsText() const; ///< the line of the request's figures
    QString metricsToolTipText() const; ///< what each of them means (rich text)

private:
    void fillMilestones(const RequestRecord &record);
    void fillChunks(const RequestRecord &record);
    QString metricsLine(const RequestRecord &record) const;
    static QString metricsToolTip();

    RequestRecord m_record;
    bool m_hasRecord = false;
    QLabel *m_placeholder;
    QWidget *m_content;
    QLabel *m_title;
    QLabel *m_error;
    QLabel *m_metrics;
    PhaseBar *m_phaseBar;
    QTableWidget *m_milestones;
    QTableWidget *m_chunks;
};

} // namespace TokenScope
