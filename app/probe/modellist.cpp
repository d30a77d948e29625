// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "modellist.h"

#include "core/secrets.h"
#include "net/clientpool.h"
#include "net/endpointurl.h"
#include "net/failure.h"
#include "net/requestbuilder.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslError>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>

namespace TokenScope {

namespace {

// The texts a user reads under the model field and from `tokenscope-cli models`; a struct only so
// that they share the "TokenScope::ModelList" context.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TokenScope::ModelList)
};

// The id of one entry: a string, or an object's `id` (OpenAI, Anthropic) or `name` (Ollama).
QString modelId(const QJsonValue &entry)
{
    if (entry.isString())
        return entry.toString();
    const QJsonObject object = entry.toObject();
    for (const auto key : { u"id", u"name", u"model" }) {
        if (object.value(key).isString() && !object.value(key).toString().isEmpty())
            return object.value(key).toString();
    }
    return {};
}

// Entries of which at least one has an id make a list; an empty array is a list with no models.
bool readEntries(const QJsonArray &entries, QStringList *models)
{
    for (const QJsonValue &entry : entries) {
        const QString id = modelId(entry);
        if (!id.isEmpty())
            models->append(id);
    }
    return entries.isEmpty() || !models->isEmpty();
}

bool containsAny(const QString &text, std::initializer_list<const char *> words)
{
    for (const char *word : words) {
        if (text.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace

ModelListPage parseModelListPage(const QByteArray &body)
{
    ModelListPage page;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isArray()) {
        page.isList = readEntries(doc.array(), &page.models);
        return page;
    }
    const QJsonObject object = doc.object();
    for (const auto key : { u"data", u"models" }) {
        if (object.value(key).isArray()) {
            page.isList = readEntries(object.value(key).toArray(), &page.models);
            break;
        }
    }
    page.hasMore = page.isList && object.value(u"has_more").toBool(false);
    page.lastId = object.value(u"last_id").toString();
    return page;
}

QUrl ModelListFetch::modelsUrl(const RunConfig &config)
{
    const ResolvedEndpoint endpoint = resolveEndpoint(config.baseUrl, config.api);
    if (!endpoint.ok())
        return {};
    // The endpoint's own path, back to the Base URL: "/chat/completions" off an OpenAI one; for
    // Anthropic only "/messages", which keeps the "/v1" that resolveEndpoint() added or found.
    const QString suffix
        = config.api == ApiKind::AnthropicMessages ? QStringLiteral("/messages") : endpointSuffix(config.api);
    QUrl url = endpoint.url;
    url.setPath(url.path().chopped(suffix.size()) + QStringLiteral("/models"));
    return url;
}

/// The worker half of a ModelListFetch: lives on the fetch's ProbeThread and sends each page's
/// request with the job's manager.
class ModelListWorker : public ProbeWorker<RunConfig, ModelListResult>
{
public:
    void run(const RunConfig &config) override;

private:
    void requestPage(const QUrl &url);
    void onFinished();
    void readPage(const QByteArray &body);
    QString httpError(int status, const QByteArray &body) const;
    void fail(const QString &message) { m_result.error = message; }
    void reportResult();

    QTimer *m_timer = nullptr;
    RunConfig m_config;
    ModelListResult m_result;
    QString m_sslError;
    QString m_lastId;
    int m_pages = 0;
    bool m_timedOut = false;
};

// The ProbeThread has dropped the fetch before, if any (it reports nothing), and made a new
// manager: no proxy setting or connection left from another profile.
void ModelListWorker::run(const RunConfig &config)
{
    if (!m_timer) {
        m_timer = new QTimer(this); // created here: it must live on this thread
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, [this] {
            if (!reply())
                return;
            m_timedOut = true;
            reply()->abort(); // finished() follows and reports the timeout
        });
    }
    m_timer->stop(); // the page timer of the fetch before
    m_config = config;
    m_result = {};
    m_lastId.clear();
    m_pages = 0;
    m_timedOut = false;

    m_result.url = ModelListFetch::modelsUrl(config);
    if (m_result.url.isEmpty()) {
        fail(resolveEndpoint(config.baseUrl, config.api).error);
        reportResult();
        return;
    }
    if (config.proxyMode == ProxyMode::Custom) {
        if (const QString problem = ClientPool::proxyUrlProblem(config.proxyUrl); !problem.isEmpty()) {
            fail(problem);
            reportResult();
            return;
        }
    }
    ClientPool::applyProxy(manager(), config.proxyMode, config.proxyUrl);
    requestPage(m_result.url);
}

void ModelListWorker::requestPage(const QUrl &url)
{
    // The engine's request (headers of the dialect and the config, HTTP/2, same-origin redirects,
    // CA file), as a GET that wants JSON back and carries no body.
    QNetworkRequest request = RequestBuilder::networkRequest(m_config, url);
    request.setRawHeader(QByteArrayLiteral("Content-Type"), QByteArray());
    const bool customAccept = std::any_of(m_config.headers.begin(), m_config.headers.end(),
        [](const auto &header) { return header.first.compare("accept", Qt::CaseInsensitive) == 0; });
    if (!customAccept)
        request.setRawHeader(QByteArrayLiteral("Accept"), QByteArrayLiteral("application/json"));
    request.setTransferTimeout(0); // m_timer bounds the whole page instead
    ++m_pages;
    m_sslError.clear();
    QNetworkReply *reply = manager()->get(request);
    setReply(reply);
    connect(reply, &QNetworkReply::sslErrors, this, [this](const QList<QSslError> &errors) {
        if (m_sslError.isEmpty() && !errors.isEmpty())
            m_sslError = errors.first().errorString();
    });
    connect(reply, &QNetworkReply::finished, this, [this] { onFinished(); });
    m_timer->start(ModelListFetch::kTimeoutMs);
}

void ModelListWorker::onFinished()
{
    m_timer->stop();
    QNetworkReply *ended = reply();
    const int status = ended->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_pages == 1)
        m_result.httpStatus = status;
    const QString url = urlForDisplay(ended->request().url().toString());
    // An aborted reply is closed: read its body only when it ended on its own.
    const QByteArray body = isCancelled() || m_timedOut ? QByteArray() : ended->readAll();
    if (isCancelled()) {
        fail(Text::tr("The model list request was cancelled."));
    } else if (m_timedOut) {
        fail(Text::tr("No model list from %1 within %2 s: the server may be down, slow or unreachable from here.")
                 .arg(url)
                 .arg(ModelListFetch::kTimeoutMs / 1000));
    } else if (status >= 400) {
        m_result.notListed = status == 404 || status == 405;
        fail(httpError(status, body));
    } else if (ended->error() != QNetworkReply::NoError) {
        fail(Failure::describeReplyFailure(ended, m_sslError).message);
    } else {
        readPage(body); // may request the next page
    }
    if (reply() != ended) {
        ended->disconnect(this);
        ended->deleteLater();
        return; // the next page was requested
    }
    dropReply();
    reportResult();
}

void ModelListWorker::readPage(const QByteArray &body)
{
    const ModelListPage page = parseModelListPage(body);
    if (!page.isList) {
        m_result.notListed = true;
        fail(Text::tr("The answer from %1 is not a model list, so this endpoint does not list models: type the "
                      "model ID yourself.")
                 .arg(urlForDisplay(m_result.url.toString())));
        return;
    }
    m_result.models += page.models;
    // Anthropic's pages: the next one starts after the last id of this one. A cursor that does not
    // move would ask for the same page again.
    if (!page.hasMore || page.lastId.isEmpty() || page.lastId == m_lastId || m_pages >= ModelListFetch::kMaxPages)
        return;
    m_lastId = page.lastId;
    QUrl next = m_result.url;
    QUrlQuery query(next);
    query.removeAllQueryItems(QStringLiteral("after_id"));
    query.addQueryItem(QStringLiteral("after_id"), page.lastId);
    next.setQuery(query);
    requestPage(next);
}

QString ModelListWorker::httpError(int status, const QByteArray &body) const
{
    const QString url = urlForDisplay(m_result.url.toString());
    const QString said = Failure::serverMessage(body);
    const QString serverSaid = said.isEmpty() ? QString() : u' ' + Text::tr("The server said: \"%1\"").arg(said);
    const bool anthropic = m_config.api == ApiKind::AnthropicMessages;
    if (status == 404 || status == 405)
        return Text::tr("%1 does not list models (HTTP %2): type the model ID yourself.").arg(url).arg(status);
    if ((status == 401 || status == 403)
        && containsAny(said + QString::fromUtf8(body), { "oauth", "auth mode", "subscription", "login", "session" }))
        return Text::tr("The server refused the credential (HTTP %1): an OAuth or subscription login, as Claude Code "
                        "or Codex use, is not an API key. Create an API key in the provider's console and enter "
                        "that.")
                   .arg(status)
            + serverSaid;
    if (status == 401) {
        if (m_config.apiKey.isEmpty())
            return Text::tr("The server wants an API key (HTTP 401) and none is set: enter the key%1.")
                       .arg(anthropic ? Text::tr(" (for Anthropic, what ANTHROPIC_API_KEY holds)") : QString())
                + serverSaid;
        return (anthropic ? Text::tr("The server refused the API key (HTTP 401): check the key. Anthropic wants an "
                                     "Anthropic API key (what ANTHROPIC_API_KEY holds, starting with sk-ant-) in "
                                     "x-api-key, not a Bearer token.")
                          : Text::tr("The server refused the API key (HTTP 401): check that the key is complete, "
                                     "not revoked, and belongs to this provider."))
            + serverSaid;
    }
    if (status == 403)
        return Text::tr("Access refused (HTTP 403): the key may not be allowed to list models. Check its permissions, "
                        "or type the model ID yourself.")
            + serverSaid;
    if (status == 429)
        return Text::tr("Rate limited (HTTP 429): wait a moment and ask again.") + serverSaid;
    if (status == 529 || body.contains("overloaded_error"))
        return Text::tr("The server is overloaded (HTTP %1): try again later.").arg(status) + serverSaid;
    return Text::tr("The server answered HTTP %1 to %2 instead of a model list.").arg(status).arg(url) + serverSaid;
}

void ModelListWorker::reportResult()
{
    QStringList &models = m_result.models;
    models.sort(Qt::CaseInsensitive);
    models.removeDuplicates();
    // A server may echo the key or the URL's credentials in its message; the result never carries them.
    m_result.error = Secrets::of(m_config).redact(m_result.error);
    report(m_result);
}

// ---- ModelListFetch ----

ModelListFetch::ModelListFetch(QObject *parent)
    : QObject(parent)
    , m_worker(QStringLiteral("TokenScope model list"), new ModelListWorker,
          [this](const ModelListResult &result) { Q_EMIT finished(result); })
{
    qRegisterMetaType<ModelListResult>();
}

// m_worker's destructor stops the request on its own thread (blocking), then the thread; the worker
// is deleted there. A result it posts meanwhile is discarded.
ModelListFetch::~ModelListFetch() = default;

void ModelListFetch::start(const RunConfig &config)
{
    m_worker.start(config);
}

void ModelListFetch::cancel()
{
    m_worker.cancel();
}

} // namespace TokenScope
