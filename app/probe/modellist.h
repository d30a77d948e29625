// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "probe/probethread.h"

#include <QByteArray>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace TokenScope {

/// The models an endpoint lists (GET {base}/models), or why it lists none. Never holds the API key.
/// Plain value type; crosses threads by queued signal.
struct ModelListResult
{
    QUrl url; ///< what was requested (the first page)
    int httpStatus = 0; ///< 0: no HTTP answer
    QStringList models; ///< ids, sorted, unique
    /// The endpoint does not list models (404/405, or an answer that is not a model list).
    bool notListed = false;
    QString error; ///< empty when ok; a clear, specific sentence otherwise (401 → check the key, ...)
    bool ok() const { return error.isEmpty(); }
};

/// One page of a model list as the server wrote it. Pure value type.
struct ModelListPage
{
    bool isList = false; ///< the body is one of the shapes parseModelListPage() knows
    QStringList models; ///< in the server's order
    /// Anthropic's pagination: `has_more` with the `last_id` to pass as `after_id` for the next page.
    bool hasMore = false;
    QString lastId;
};

/// Reads a model list: `{"data":[{"id":…}]}` (OpenAI, Anthropic, vLLM, most gateways),
/// `{"models":[{"name"|"id":…}]}` (Ollama) or a bare array of such objects. Anything else is not a
/// list (isList false). Pure function; thread-safe.
ModelListPage parseModelListPage(const QByteArray &body);

/// Asks an endpoint which models it serves, on a worker thread of its own (like ConnectionCheck):
/// GET modelsUrl() with the API dialect's auth headers (Anthropic: x-api-key and
/// anthropic-version), the config's custom headers, its proxy, CA file and HTTP/2 setting, and a
/// 15 s timeout per page; Anthropic's pages (has_more, after_id) are followed up to kMaxPages.
/// Used from the GUI thread: no network work happens there (the worker runs on a ProbeThread,
/// "TokenScope model list"). Destruction cancels a fetch, quits the thread and waits for it.
class ModelListFetch : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 15000; ///< per page
    static constexpr int kMaxPages = 10;

    explicit ModelListFetch(QObject *parent = nullptr);
    ~ModelListFetch() override; ///< cancels and joins

    /// Starts a fetch; a running one is cancelled first and its result is dropped.
    void start(const RunConfig &config);
    /// Stops the request; finished() follows with an error saying so.
    void cancel();
    bool isRunning() const { return m_worker.isRunning(); }

    /// GET {base}/models (the OpenAI kinds: the Base URL includes /v1); Anthropic: {base}/v1/models,
    /// or {base}/models when the Base URL already ends in /v1. Empty when resolveEndpoint() refuses
    /// the Base URL. Pure; thread-safe.
    static QUrl modelsUrl(const RunConfig &config);

Q_SIGNALS:
    void finished(const TokenScope::ModelListResult &result);

private:
    ProbeThread<RunConfig, ModelListResult> m_worker; ///< a result of an earlier start() is dropped
};

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::ModelListResult)
