// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tracebox.h"

#include "workload/trace.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QtConcurrent/QtConcurrentRun>

namespace TokenScope {

namespace {

// What the trace as `replay` cuts and scales it will send, or its first problem; on a pool thread.
QString describe(const TraceReplay &replay)
{
    if (replay.path.trimmed().isEmpty())
        return TraceBox::tr("Choose a mooncake or timed JSONL file (a sample: resources/traces in the source, /usr/share/doc/tokenscope/examples once installed).");
    QStringList problems;
    const std::optional<Trace> trace = loadTrace(replay, &problems);
    if (!trace)
        return problems.value(0);
    //: %1 entries of %2 from %3 (a file name), %4 its format, %5 seconds, %6 requests per second
    QString text = TraceBox::tr("%1 of %2 entries (%3, %4), sent over %5 s: %6 requests/s on average.")
                       .arg(trace->entries.size())
                       .arg(trace->entriesInFile)
                       .arg(QFileInfo(replay.path).fileName(), trace->format)
                       .arg(trace->spanS(), 0, 'f', 1)
                       .arg(trace->meanRate(), 0, 'f', 2);
    if (trace->hasSessions())
        text += QLatin1Char(' ')
            + TraceBox::tr("They form %n conversation(s): each turn resends the history with the model's answers, "
                           "at its time or when the answer before it ends.",
                nullptr, int(trace->sessions.size()));
    return text;
}

} // namespace

TraceBox::TraceBox(QWidget *parent)
    : QWidget(parent)
    , m_path(new QLineEdit)
    , m_speedup(new QDoubleSpinBox)
    , m_maxGapS(new QDoubleSpinBox)
    , m_start(new QSpinBox)
    , m_limit(new QSpinBox)
    , m_cacheBust(new QCheckBox(tr("Cache-bust: open every prompt with this run's own nonce")))
    , m_summary(new QLabel)
{
    setObjectName(QStringLiteral("traceBox"));
    const TraceReplay defaults;
    m_path->setObjectName(QStringLiteral("tracePath"));
    m_path->setPlaceholderText(tr("trace file (.jsonl)"));
    auto *browse = new QPushButton(tr("Choose…"));
    connect(browse, &QPushButton::clicked, this, &TraceBox::chooseFile);
    m_speedup->setObjectName(QStringLiteral("traceSpeedup"));
    m_speedup->setRange(0.001, 1000);
    m_speedup->setDecimals(3);
    m_speedup->setValue(defaults.speedup);
    m_speedup->setPrefix(QStringLiteral("×"));
    m_speedup->setToolTip(tr("The trace's gaps are divided by this: 2 replays it twice as fast"));
    m_maxGapS->setObjectName(QStringLiteral("traceMaxGap"));
    m_maxGapS->setRange(0, 86400);
    m_maxGapS->setDecimals(1);
    m_maxGapS->setSuffix(tr(" s"));
    m_maxGapS->setSpecialValueText(tr("as recorded"));
    m_maxGapS->setToolTip(tr("Every idle gap longer than this is cut to it, before the speed-up"));
    m_start->setObjectName(QStringLiteral("traceStart"));
    m_start->setRange(0, 1000000);
    m_start->setToolTip(tr("Replay from this entry on, counted from 0 in timestamp order"));
    m_limit->setObjectName(QStringLiteral("traceLimit"));
    m_limit->setRange(0, 1000000);
    m_limit->setSpecialValueText(tr("all"));
    m_limit->setToolTip(tr("Replay at most this many entries"));
    m_cacheBust->setObjectName(QStringLiteral("traceCacheBust"));
    m_cacheBust->setToolTip(tr("A replayed trace then cannot hit prefixes an earlier run left in the server's cache"));
    m_summary->setObjectName(QStringLiteral("traceSummary"));
    m_summary->setWordWrap(true);

    auto *file = new QHBoxLayout;
    file->addWidget(m_path, 1);
    file->addWidget(browse);
    auto *cut = new QHBoxLayout;
    cut->addWidget(m_start, 1);
    cut->addWidget(new QLabel(tr("limit")));
    cut->addWidget(m_limit, 1);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Trace file:"), file);
    form->addRow(tr("Speed-up:"), m_speedup);
    form->addRow(tr("Longest gap:"), m_maxGapS);
    form->addRow(tr("From entry:"), cut);
    form->addRow(m_cacheBust);
    form->addRow(m_summary);
    m_editable = { m_path, browse, m_speedup, m_maxGapS, m_start, m_limit, m_cacheBust };

    connect(&m_read, &QFutureWatcherBase::finished, this, &TraceBox::showCheck);
    connect(m_path, &QLineEdit::editingFinished, this, &TraceBox::check);
    for (QDoubleSpinBox *box : { m_speedup, m_maxGapS })
        connect(box, &QDoubleSpinBox::valueChanged, this, &TraceBox::check);
    for (QSpinBox *box : { m_start, m_limit })
        connect(box, &QSpinBox::valueChanged, this, &TraceBox::check);
    connect(m_path, &QLineEdit::textChanged, this, &TraceBox::changed);
    check();
}

TraceBox::~TraceBox()
{
    m_read.waitForFinished(); // a read under way uses nothing of this box, but must not outlive the app
}

TraceReplay TraceBox::replay() const
{
    TraceReplay r;
    r.path = m_path->text().trimmed();
    r.speedup = m_speedup->value();
    r.maxGapS = m_maxGapS->value();
    r.start = m_start->value();
    r.limit = m_limit->value();
    r.cacheBust = m_cacheBust->isChecked();
    return r;
}

void TraceBox::load(const TraceReplay &replay)
{
    m_path->setText(replay.path);
    m_speedup->setValue(replay.speedup);
    m_maxGapS->setValue(replay.maxGapS);
    m_start->setValue(replay.start);
    m_limit->setValue(replay.limit);
    m_cacheBust->setChecked(replay.cacheBust);
    check();
}

void TraceBox::setEditable(bool editable)
{
    for (QWidget *w : std::as_const(m_editable))
        w->setEnabled(editable);
}

void TraceBox::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Choose a trace"), QFileInfo(m_path->text()).path(), tr("Traces (*.jsonl *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    m_path->setText(path);
    check();
}

void TraceBox::check()
{
    const TraceReplay r = replay();
    if (r.path.isEmpty()) {
        m_read.setFuture(QFuture<QString>()); // an earlier read's answer is not shown
        m_summary->setText(describe(r));
        return;
    }
    m_summary->setText(tr("Reading the trace…"));
    // setFuture() stops watching the previous read: only the latest one's answer is shown.
    m_read.setFuture(QtConcurrent::run([r] { return describe(r); }));
}

void TraceBox::showCheck()
{
    if (m_read.isCanceled() || m_read.future().resultCount() < 1)
        return; // no read (an empty path)
    m_summary->setText(m_read.result());
}

} // namespace TokenScope
