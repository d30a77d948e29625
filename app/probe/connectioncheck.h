// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "probe/probethread.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QPair>
#include <QString>
#include <QUrl>

namespace TokenScope {

/// One finding of a connection check, in words a newcomer can act on. Plain value type.
struct Diagnosis
{
    enum class Severity { Ok, Info, Warning, Error };
    Severity severity = Severity::Info;
    QString title; ///< one line, e.g. "The server rejected the API key"
    QString explanation; ///< what it means and what to do, in plain words

    friend bool operator==(const Diagnosis &, const Diagnosis &) = default;
};

/// What one short test request found. Never holds the API key: only facts about its shape.
/// Plain value type; crosses threads by queued signal.
struct ConnectionCheckResult
{
    static constexpr qsizetype kRawBodyLimit = 2048; ///< bytes of the body kept in rawBody

    // --- what was sent
    QString baseUrl; ///< the Base URL as configured (trimmed)
    ApiKind api = ApiKind::ChatCompletions;
    QUrl requestedUrl; ///< empty when the config was refused before sending
    /// The Base URL is of a form the run refuses (doubled /v1, pasted endpoint path): the check
    /// sent the request anyway, to the URL a naive client would build, so the user sees the answer.
    bool baseUrlRefusedByRun = false;
    int requestedMaxTokens = 0;
    int minTokensForTpot = 0;
    bool includeUsageRequested = true;
    bool streamOffInExtraBody = false; ///< the extra body sets "stream": false
    int timeoutMs = 0;
    QString caCertificatesPath;
    // The key's shape, never its text.
    bool keyEmpty = true;
    bool keyHasWhitespace = false; ///< leading/trailing space or a line break: pasted with it
    bool keyHasBearerPrefix = false; ///< the key itself starts with "Bearer "
    bool keyLooksAnthropic = false; ///< the key starts with "sk-ant-", as Anthropic's keys and tokens do
    /// The key has the shape of a subscription login's token, not of an API key: Claude Code's OAuth
    /// token ("sk-ant-oat…") or a JSON Web Token ("eyJ….….…", the access token of a ChatGPT sign-in).
    bool keyLooksLikeOAuthToken = false;
    QList<QByteArray> customHeaderNames;
    ProxyMode proxyMode = ProxyMode::None;
    QString proxyUrl; ///< Custom mode: the proxy URL without user info
    /// HTTP_PROXY, HTTPS_PROXY, ALL_PROXY, NO_PROXY (either case) as set when the check started,
    /// passwords in proxy URLs replaced by "***".
    QList<QPair<QString, QString>> proxyEnvironment;

    // --- what came back
    bool sent = false; ///< a request went out (false: the config was refused, see errorMessage)
    int httpStatus = 0; ///< 0 when no HTTP answer came
    QString reasonPhrase;
    QByteArray contentType, server, retryAfter, wwwAuthenticate, via;
    QByteArray rawBody; ///< the first kRawBodyLimit bytes of the body, exactly as received
    qint64 bodyBytes = 0; ///< all body bytes received
    double headersMs = -1; ///< from the post to the status line and headers
    double ttftMs = -1; ///< from the post to the first event carrying text; -1 if none
    double e2eMs = -1; ///< from the post to the last event carrying text
    int events = 0; ///< SSE events parsed
    int textChunks = 0; ///< events carrying text
    int emptyChoiceChunks = 0; ///< data chunks with `choices: []`, no text and no usage
    bool sawDone = false; ///< `[DONE]`, or the API's closing event (message_stop, response.completed)
    bool usageReturned = false; ///< the stream carried usage.completion_tokens
    int outputTokens = 0; ///< from usage when returned, else text chunks
    QString serverMessage; ///< the server's own words from an error body or an in-stream error
    QString sslError; ///< the first certificate problem of the handshake

    QString errorKind; ///< empty when ok; failure.h kinds plus base_url, config, not_streaming, cancelled
    QString errorMessage; ///< the engine's explanation (English), for logs and the raw view

    QList<Diagnosis> diagnoses; ///< filled by diagnose(); the first is the most important

    bool ok() const { return errorKind.isEmpty(); }
    bool isStreaming() const { return contentType.toLower().contains("text/event-stream"); }
    /// usage tokens / text chunks when usage came back; -1 = unknown.
    double tokensPerChunk() const { return usageReturned && textChunks > 0 ? double(outputTokens) / textChunks : -1.0; }
};

/// Sends one short streaming request built from a RunConfig (its endpoint, key, headers, extra
/// body, HTTP/2, timeout and CA file; max_tokens capped, see probeConfig()) on a worker thread of
/// its own and reports what happened, with diagnoses. Every API kind goes through its dialect
/// (apiDialect(): path, auth headers, body) and is measured in its stream format by the engine's
/// StreamMeasurement, so the check sees what a run would. Used from the GUI thread: no network
/// work or timestamping happens there (the worker runs on a ProbeThread, "TokenScope connection
/// check"). Destruction cancels a check, quits the thread and waits for it.
class ConnectionCheck : public QObject
{
    Q_OBJECT
public:
    /// max_tokens of the test request unless the config asks for fewer or needs more for TPOT.
    static constexpr int kProbeMaxTokens = 32;

    explicit ConnectionCheck(QObject *parent = nullptr);
    ~ConnectionCheck() override;

    /// Starts a check (a running one is cancelled first; its result is not reported).
    void start(const RunConfig &config);
    /// Stops the request; finished() follows with errorKind "cancelled".
    void cancel();
    bool isRunning() const { return m_probe.isRunning(); }

    /// The config the check sends: `config` with max_tokens = min(config.maxTokens,
    /// max(kProbeMaxTokens, config.minTokensForTpot)). Pure; thread-safe.
    static RunConfig probeConfig(const RunConfig &config);

Q_SIGNALS:
    void finished(const TokenScope::ConnectionCheckResult &result);

private:
    ProbeThread<RunConfig, ConnectionCheckResult> m_probe; ///< a result of an earlier start() is dropped
};

/// Proxy variables of the environment as (name, value), passwords in URLs replaced by "***".
QList<QPair<QString, QString>> proxyEnvironment();
/// `value` with the password of any `scheme://user:password@host` replaced by "***".
QString redactProxyPassword(const QString &value);

} // namespace TokenScope

Q_DECLARE_METATYPE(TokenScope::ConnectionCheckResult)
