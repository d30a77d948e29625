// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sinkfeed.h"

#include "engine/runcontroller.h"
#include "store/historyrecorder.h"

namespace TokenScope::Testing {

void feedSink(RunController *controller, RunSink *sink, QStringList *failures)
{
    const auto write = [sink, failures](auto call) {
        QString error;
        if (!call(sink, &error))
            failures->append(error);
    };
    QObject::connect(controller, &RunEvents::requestFinished, controller, [write](const RequestRecord &record) {
        write([&record](RunSink *s, QString *e) { return s->recordRequest(record, e); });
    });
    QObject::connect(controller, &RunEvents::levelFinished, controller, [write](const LevelSummary &summary) {
        write([&summary](RunSink *s, QString *e) { return s->recordLevel(summary, e); });
    });
    QObject::connect(
        controller, &RunEvents::serverMetricsSampled, controller, [write](const ServerMetricsSample &sample) {
            write([&sample](RunSink *s, QString *e) { return s->recordServerSample(sample, e); });
        });
    QObject::connect(controller, &RunEvents::runFinished, controller, [write](const RunResult &result) {
        write([&result](RunSink *s, QString *e) { return s->finish(result, e); });
    });
    QObject::connect(controller, &RunEvents::runFailed, controller,
        [write](const QString &message) { write([&message](RunSink *s, QString *e) { return s->fail(message, e); }); });
}

qint64 beginRecording(HistoryRecorder &recorder, const QList<RunConfig> &arms, QStringList *failures)
{
    QString error;
    if (!recorder.begin(arms, QDateTime::currentDateTime(), &error) && failures)
        failures->append(error);
    return recorder.currentRunId();
}

} // namespace TokenScope::Testing
