// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "helpdialogs.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace TokenScope {

namespace {

// The translation context of the help texts.
struct HelpDialogs {
    Q_DECLARE_TR_FUNCTIONS(HelpDialogs)
};

void showHtml(QWidget *parent, const QString &title, const QString &html, const QSize &size)
{
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto *text = new QTextBrowser;
    text->setOpenExternalLinks(true);
    text->setHtml(html);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    // Ours, so it reads in the window's language where Qt's own translations are not installed.
    buttons->button(QDialogButtonBox::Close)->setText(HelpDialogs::tr("Close"));
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(size);
    dialog->show();
}

// "&File" -> "File", and a translation's "文件(&F)" -> "文件".
QString withoutMnemonic(QString text)
{
    static const QRegularExpression suffix(QStringLiteral("\\(&.\\)"));
    return text.remove(suffix).remove(u'&');
}

QString row(const QString &name, const QString &definition)
{
    return QStringLiteral("<tr><td style=\"padding:3px 12px 3px 0\"><b>%1</b></td><td>%2</td></tr>").arg(name, definition);
}

} // namespace

// The definitions of docs/metrics.md#3-derived-per-request-metrics, short.
QString metricsExplainedHtml()
{
    QString html = QStringLiteral("<h3>%1</h3><p>%2</p><table>").arg(HelpDialogs::tr("What the numbers mean"),
        HelpDialogs::tr("Every time is taken on one steady clock from the moment TokenScope posts the request. Warm-up requests "
           "are left out of every figure."));
    html += row(HelpDialogs::tr("TTFT"), HelpDialogs::tr("Time to first token: from posting the request to the first streamed event that "
                               "carries text. It includes connecting, the network and the server's queue and prefill."));
    html += row(HelpDialogs::tr("TTFT from sent"), HelpDialogs::tr("TTFT minus the time the request was written to the socket: without the "
                                         "client's own connection setup and queueing."));
    html += row(HelpDialogs::tr("TPOT"), HelpDialogs::tr("Time per output token after the first: (last token − first token) ÷ (output tokens − 1), "
                               "with the server's token count. Responses shorter than the minimum are left out."));
    html += row(HelpDialogs::tr("ITL"), HelpDialogs::tr("Inter-chunk latency: the gaps between successive text-bearing chunks. Per chunk, not per "
                              "token: a server that sends 3 tokens a chunk has an ITL of about 3 × TPOT."));
    html += row(HelpDialogs::tr("E2E"), HelpDialogs::tr("End to end: from posting the request to its last text-bearing chunk. A failed request "
                              "has none."));
    html += row(HelpDialogs::tr("TPS"), HelpDialogs::tr("A request's output tokens ÷ its E2E: includes its TTFT."));
    html += row(HelpDialogs::tr("Output tok/s"), HelpDialogs::tr("All completed requests' output tokens ÷ the level's duration, all streams "
                                       "together."));
    html += row(HelpDialogs::tr("Concurrency"), HelpDialogs::tr("Closed loop: that many users, each sending its next request when its previous "
                                      "one ends."));
    html += row(HelpDialogs::tr("Request rate"), HelpDialogs::tr("Open loop (r=40/s): requests arrive on a schedule at that rate, Poisson, gamma "
                                       "or evenly spaced, whether or not earlier ones have ended; c≤N caps how many are in "
                                       "flight. inf sends a level's requests all at once."));
    html += row(HelpDialogs::tr("Goodput"), HelpDialogs::tr("Completed requests that meet every objective set (ttft, tpot, e2el in ms) per "
                                  "second of the level."));
    html += row(HelpDialogs::tr("Serving curve"), HelpDialogs::tr("TTFT and TPOT against the throughput each level achieved (completed "
                                        "requests/s). The knee is where median TTFT first exceeds twice that of the "
                                        "lowest load: requests start to queue."));
    html += row(HelpDialogs::tr("Outcome"), HelpDialogs::tr("Completed; completed with failures (N of M failed); failed (no request succeeded); "
                                  "or cancelled (what was measured is kept)."));
    html += QStringLiteral("</table><p>%1</p>")
                .arg(HelpDialogs::tr("The full definitions, and how other tools name the same figures, are in docs/metrics.md."));
    return html;
}

void showMetricsExplained(QWidget *parent)
{
    showHtml(parent, HelpDialogs::tr("Metrics explained"), metricsExplainedHtml(), QSize(720, 560));
}

QString keyboardShortcutsHtml(const QWidget *window)
{
    QString html = QStringLiteral("<h3>%1</h3><table>").arg(HelpDialogs::tr("Keyboard shortcuts"));
    const QMenuBar *bar = window->findChild<QMenuBar *>();
    const QList<QAction *> menus = bar ? bar->actions() : QList<QAction *>();
    for (const QAction *menuAction : menus) {
        const QMenu *menu = menuAction->menu();
        if (!menu)
            continue;
        for (const QAction *action : menu->actions()) {
            if (action->shortcut().isEmpty())
                continue;
            html += row(action->shortcut().toString(QKeySequence::NativeText),
                withoutMnemonic(menuAction->text()) + QStringLiteral(" › ") + withoutMnemonic(action->text()));
        }
    }
    html += QStringLiteral("</table><h3>%1</h3><table>").arg(HelpDialogs::tr("In the charts"));
    html += row(HelpDialogs::tr("Alt+1 … Alt+5"),
        HelpDialogs::tr("Show the timeline, the histograms, throughput, serving curve"));
    html += row(HelpDialogs::tr("Ctrl+PgUp / Ctrl+PgDn"), HelpDialogs::tr("Previous / next chart"));
    html += row(HelpDialogs::tr("Mouse wheel"), HelpDialogs::tr("Zoom the time axis around the pointer"));
    html += row(HelpDialogs::tr("Shift+wheel"), HelpDialogs::tr("Timeline: zoom the rows around the pointer"));
    html += row(HelpDialogs::tr("Drag"), HelpDialogs::tr("Pan"));
    html += row(HelpDialogs::tr("Double-click"), HelpDialogs::tr("Back to the whole run"));
    html += row(HelpDialogs::tr("Click a row"), HelpDialogs::tr("Timeline: open that request in the Requests tab"));
    html += row(HelpDialogs::tr("Hover"), HelpDialogs::tr("Read the value under the pointer"));
    return html + QStringLiteral("</table>");
}

void showKeyboardShortcuts(QWidget *window)
{
    showHtml(window, HelpDialogs::tr("Keyboard shortcuts"), keyboardShortcutsHtml(window), QSize(560, 520));
}

void showAbout(QWidget *parent)
{
    // The window's translation context, where these words have always been.
    QMessageBox::about(parent, QCoreApplication::translate("TokenScope::MainWindow", "About TokenScope"),
        QCoreApplication::translate("TokenScope::MainWindow",
            "<h3>TokenScope %1</h3><p>Measures how OpenAI-compatible LLM endpoints stream: TTFT, TPOT, ITL, "
            "end-to-end latency and throughput, per token and per request.</p><p>License: GPL-3.0-or-later.</p>")
            .arg(QCoreApplication::applicationVersion()));
}

} // namespace TokenScope
