// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "core/servermetrics.h"
#include "core/workerthread.h"

#include <QNetworkRequest>
#include <QObject>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <functional>

class QNetworkAccessManager;
class QNetworkReply;

namespace TokenScope {

namespace ServerMetrics {

/// Why config.serverMetricsUrl cannot be scraped, or empty (also when there is none).
QString urlProblem(const RunConfig &config);
/// Same scheme, host and port (a missing port is the scheme's default). False when either is no
/// http(s) URL with a host.
bool sameOrigin(const QString &a, const QString &b);
/// The scrape request (docs/metrics.md#server-metrics): a GET for the text format over HTTP/1.1,
/// with the run's proxy-independent settings (CA file, same-origin redirects). The run's key and
/// custom headers go only to the Base URL's origin, or anywhere with config.serverMetricsSendKey:
/// they may be credentials, and a metrics URL on another host never asked for them.
QNetworkRequest scrapeRequest(const RunConfig &config);
/// `{origin}/metrics` of a Base URL (http://h:8000/v1 → http://h:8000/metrics), where vLLM, SGLang,
/// TGI and llama.cpp serve theirs: no user info, path or query. Empty when it names no http(s) host.
QString suggestedUrl(const QString &baseUrl);

} // namespace ServerMetrics

/// Scrapes a server's Prometheus endpoint every interval, on the thread it lives on, with a
/// QNetworkAccessManager of its own: its connection is never one a measured request uses, and its
/// parsing never runs on the engine thread. One scrape at a time: a tick that finds the previous
/// one still under way is skipped. Every scrape, failed or not, is reported by sampled().
class MetricsScraper : public QObject
{
    Q_OBJECT
public:
    explicit MetricsScraper(QObject *parent = nullptr);

    /// Scrapes `request` now and then every `intervalMs`; sample offsets count from `runStartNs`
    /// (nowNs() clock). `config` gives the proxy to use.
    void start(const RunConfig &config, const QNetworkRequest &request, qint64 runStartNs);
    /// Stops the ticks and drops a scrape under way without reporting it.
    void stop();

    /// The most a scrape reads (docs/metrics.md#server-metrics): a body announced or found larger
    /// fails that scrape. Real servers send tens to hundreds of KiB.
    static constexpr qint64 kMaxBodyBytes = 16 * 1024 * 1024;
    static constexpr int kMaxIntervalMs = 3600 * 1000;
    /// How long one scrape may take in all: max(5 s, 3 intervals). A server trickling bytes would
    /// otherwise hold it open (the transfer timeout restarts with each byte) and skip every tick.
    static int scrapeDeadlineMs(int intervalMs) { return std::max(5000, 3 * intervalMs); }

Q_SIGNALS:
    void sampled(const TokenScope::ServerMetricsSample &sample);

private:
    void scrape();
    void onMetaDataChanged();
    void onReadyRead();
    void onFinished();
    ServerMetricsSample sampleOf(QNetworkReply *reply, const QByteArray &body) const;

    QNetworkAccessManager *m_manager;
    QTimer m_ticker;
    QTimer m_deadline;
    bool m_timedOut = false;
    QNetworkRequest m_request;
    QNetworkReply *m_reply = nullptr;
    QByteArray m_body;
    bool m_tooLarge = false;
    qint64 m_runStartNs = 0;
    qint64 m_sentNs = 0;
};

/// A MetricsScraper on a thread of its own, for the length of one run. Created and destroyed on
/// the engine thread; the destructor stops the scraper, quits its thread and waits for it.
class ServerMetricsMonitor
{
public:
    /// Each sample is handed to `deliver`, run on `receiver`'s thread through postTo(). It is
    /// connected before the scraper starts, so the connection itself is ordered before the first
    /// scrape as ThreadSanitizer sees it (a connection made later would be read on the scraper's
    /// thread under Qt's uninstrumented mutex).
    ServerMetricsMonitor(const RunConfig &config, qint64 runStartNs, QObject *receiver,
        std::function<void(const ServerMetricsSample &)> deliver);
    ~ServerMetricsMonitor();
    ServerMetricsMonitor(const ServerMetricsMonitor &) = delete;
    ServerMetricsMonitor &operator=(const ServerMetricsMonitor &) = delete;

private:
    MetricsScraper *m_scraper; ///< lives on m_thread: reached only through queued calls
    WorkerThread m_thread;
};

} // namespace TokenScope
