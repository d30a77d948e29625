// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "metricsscraper.h"

#include "core/clock.h"
#include "core/secrets.h"
#include "core/threadhandoff.h"
#include "net/clientpool.h"
#include "net/endpointurl.h"
#include "net/requestbuilder.h"
#include "servermetrics/knownseries.h"
#include "servermetrics/prometheustext.h"

#include <QCoreApplication>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrl>

#include <algorithm>

namespace TokenScope {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(ServerMetrics)
};

bool isHttpUrl(const QUrl &url)
{
    return url.isValid() && (url.scheme() == u"http" || url.scheme() == u"https") && !url.host().isEmpty();
}

/// Between scrapes: from 100 ms (a finer cadence measures the scraper more than the server).
int intervalOf(const RunConfig &config)
{
    return std::max(100, config.serverMetricsIntervalMs);
}

} // namespace

namespace ServerMetrics {

QString urlProblem(const RunConfig &config)
{
    if (config.serverMetricsUrl.isEmpty())
        return {};
    const QUrl url(config.serverMetricsUrl, QUrl::StrictMode);
    if (!isHttpUrl(url))
        return Text::tr("The metrics URL \"%1\" is not an http:// or https:// URL with a host, such as "
                        "http://127.0.0.1:8000/metrics.")
            .arg(urlForDisplay(config.serverMetricsUrl));
    if (config.serverMetricsIntervalMs < 100 || config.serverMetricsIntervalMs > MetricsScraper::kMaxIntervalMs)
        return Text::tr("The server metrics interval must be between 100 ms and one hour.");
    return {};
}

bool sameOrigin(const QString &a, const QString &b)
{
    const QUrl first(a.trimmed(), QUrl::StrictMode);
    const QUrl second(b.trimmed(), QUrl::StrictMode);
    return isHttpUrl(first) && isHttpUrl(second) && TokenScope::sameOrigin(first, second);
}

QNetworkRequest scrapeRequest(const RunConfig &config)
{
    const QUrl url(config.serverMetricsUrl);
    RunConfig scrape = config;
    scrape.http2 = false;
    if (!config.serverMetricsSendKey && !sameOrigin(config.serverMetricsUrl, config.baseUrl)) {
        scrape.apiKey.clear();
        scrape.headers.clear();
    }
    QNetworkRequest request = RequestBuilder::networkRequest(scrape, url);
    request.setRawHeader(QByteArrayLiteral("Content-Type"), QByteArray());
    request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("text/plain;version=0.0.4, */*;q=0.1"));
    // One bound per scrape, the scraper's deadline (MetricsScraper::scrapeDeadlineMs), silence
    // included; not also Qt's idle timeout, which would cut a silent peer sooner as "Operation canceled".
    request.setTransferTimeout(0);
    return request;
}

QString suggestedUrl(const QString &baseUrl)
{
    const QUrl url(baseUrl.trimmed(), QUrl::StrictMode);
    if (!isHttpUrl(url))
        return {};
    QUrl origin; // the origin only: no user info (the key is not sent as a password either), path or query
    origin.setScheme(url.scheme());
    origin.setHost(url.host());
    origin.setPort(url.port());
    origin.setPath(QStringLiteral("/metrics"));
    return origin.toString();
}

} // namespace ServerMetrics

MetricsScraper::MetricsScraper(QObject *parent)
    : QObject(parent)
    , m_manager(new QNetworkAccessManager(this))
    , m_ticker(this) // children, so that moveToThread() takes them along
    , m_deadline(this)
{
    m_ticker.setTimerType(Qt::PreciseTimer);
    connect(&m_ticker, &QTimer::timeout, this, &MetricsScraper::scrape);
    m_deadline.setSingleShot(true);
    m_deadline.setTimerType(Qt::PreciseTimer); // a coarse timer may fire up to 5 % early
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        if (!m_reply)
            return;
        m_timedOut = true;
        m_reply->abort(); // finished() follows
    });
}

void MetricsScraper::start(const RunConfig &config, const QNetworkRequest &request, qint64 runStartNs)
{
    ClientPool::applyProxy(m_manager, config.proxyMode, config.proxyUrl);
    m_request = request;
    m_runStartNs = runStartNs;
    m_ticker.start(intervalOf(config));
    m_deadline.setInterval(scrapeDeadlineMs(intervalOf(config)));
    scrape();
}

void MetricsScraper::stop()
{
    m_ticker.stop();
    m_deadline.stop();
    if (QNetworkReply *reply = std::exchange(m_reply, nullptr)) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
}

void MetricsScraper::scrape()
{
    if (m_reply)
        return; // the previous scrape is still under way: this tick is skipped
    m_body.clear();
    m_tooLarge = false;
    m_timedOut = false;
    m_deadline.start();
    m_sentNs = nowNs();
    m_reply = m_manager->get(m_request);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &MetricsScraper::onMetaDataChanged);
    connect(m_reply, &QNetworkReply::readyRead, this, &MetricsScraper::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &MetricsScraper::onFinished);
}

void MetricsScraper::onMetaDataChanged()
{
    if (!m_reply)
        return;
    // A body announced past the cap is not read at all (docs/metrics.md#server-metrics).
    bool known = false;
    const qint64 length = m_reply->header(QNetworkRequest::ContentLengthHeader).toLongLong(&known);
    if (known && length > kMaxBodyBytes) {
        m_tooLarge = true;
        m_reply->abort(); // finished() follows
    }
}

void MetricsScraper::onReadyRead()
{
    if (!m_reply)
        return;
    // At most one byte past the cap is kept, however much one read brings.
    m_body += m_reply->read(kMaxBodyBytes + 1 - m_body.size());
    if (m_body.size() > kMaxBodyBytes) {
        m_tooLarge = true;
        m_reply->abort(); // finished() follows
    }
}

void MetricsScraper::onFinished()
{
    QNetworkReply *reply = std::exchange(m_reply, nullptr);
    if (!reply)
        return;
    m_deadline.stop();
    if (reply->isOpen() && !m_tooLarge) { // an aborted reply is closed: nothing left to read
        m_body += reply->read(kMaxBodyBytes + 1 - m_body.size());
        m_tooLarge = m_body.size() > kMaxBodyBytes;
    }
    const ServerMetricsSample sample = sampleOf(reply, m_body);
    reply->deleteLater();
    m_body.clear();
    Q_EMIT sampled(sample);
}

ServerMetricsSample MetricsScraper::sampleOf(QNetworkReply *reply, const QByteArray &body) const
{
    ServerMetricsSample sample;
    sample.offsetNs = m_sentNs - m_runStartNs;
    sample.durationNs = nowNs() - m_sentNs;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_timedOut) {
        sample.error = Text::tr("The scrape took more than %1 s: aborted.").arg(m_deadline.interval() / 1000.0);
    } else if (m_tooLarge) {
        sample.error = Text::tr("The metrics body passed %1 MiB: not a Prometheus endpoint?").arg(kMaxBodyBytes >> 20);
    } else if (status == 401 || status == 403) {
        sample.error = Text::tr("HTTP %1: the metrics URL wants credentials (on another origin than the Base URL, "
                                "the API key is sent there only when asked to).")
                           .arg(status);
    } else if (status != 0 && status != 200) {
        sample.error = status == 404 ? Text::tr("HTTP 404: no metrics at this URL (a server usually serves them at "
                                                "{origin}/metrics, outside /v1).")
                                     : Text::tr("HTTP %1 from the metrics URL.").arg(status);
    } else if (reply->error() != QNetworkReply::NoError) {
        sample.error = reply->errorString();
    } else {
        // Sample by sample: the parsed body is never held whole, only the bounded series.
        KnownSeriesReader reader;
        const PrometheusScan scan
            = scanPrometheusText(body, [&reader](const PrometheusSample &exposed) { reader.add(exposed); });
        if (scan.samples == 0) {
            sample.error
                = Text::tr("The metrics URL answered %1 bytes with no Prometheus sample in them.").arg(body.size());
        } else {
            sample.ok = true;
            reader.finish(&sample);
        }
    }
    return sample;
}

ServerMetricsMonitor::ServerMetricsMonitor(const RunConfig &config, qint64 runStartNs, QObject *receiver,
    std::function<void(const ServerMetricsSample &)> deliver)
    : m_scraper(new MetricsScraper)
    , m_thread(QStringLiteral("TokenScope server metrics"), m_scraper, [scraper = m_scraper] { scraper->stop(); })
{
    // The scraper is the context, so the lambda runs on the scraper's thread as it emits; postTo()
    // copies the sample there, before the release the receiver acquires.
    QObject::connect(m_scraper, &MetricsScraper::sampled, m_scraper,
        [receiver, deliver = std::move(deliver)](
            const ServerMetricsSample &sample) { postTo(receiver, [deliver, sample] { deliver(sample); }); });
    m_thread.start();
    const QNetworkRequest request = ServerMetrics::scrapeRequest(config);
    postTo(
        m_scraper, [scraper = m_scraper, config, request, runStartNs] { scraper->start(config, request, runStartNs); });
}

ServerMetricsMonitor::~ServerMetricsMonitor() = default; // m_thread stops the scraper, quits and joins

} // namespace TokenScope
