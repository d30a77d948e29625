// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnosis.h"

#include "net/apidialect.h"
#include "net/endpointurl.h"
#include "net/failure.h"

#include <QCoreApplication>
#include <QStringList>

namespace TokenScope {

using Severity = Diagnosis::Severity;

namespace {

QString hostPort(const QUrl &url)
{
    return QStringLiteral("%1:%2").arg(url.host()).arg(url.port(url.scheme() == u"https" ? 443 : 80));
}

QString quoted(const QString &text)
{
    return u'"' + text + u'"';
}

bool containsAny(const QString &text, std::initializer_list<const char *> words)
{
    for (const char *word : words) {
        if (text.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool isNetworkFailure(const QString &kind)
{
    for (const FailureKind network : { FailureKind::ConnectionRefused, FailureKind::Dns, FailureKind::Timeout,
             FailureKind::Tls, FailureKind::Proxy, FailureKind::Reset, FailureKind::Redirect, FailureKind::Network }) {
        if (kind == failureKindName(network))
            return true;
    }
    return false;
}

// Turns a result into diagnoses. A class only so that its texts share the "Diagnosis" context.
class Diagnoser
{
    Q_DECLARE_TR_FUNCTIONS(Diagnosis)
public:
    explicit Diagnoser(const ConnectionCheckResult &result)
        : r(result)
        , m_dialect(apiDialect(result.api))
    {
    }

    QList<Diagnosis> run();

private:
    void add(Severity severity, const QString &title, const QStringList &sentences)
    {
        QStringList parts = sentences;
        parts.removeAll(QString());
        // One line per point: what happened, what to check, what the server said.
        m_out.append({ severity, title, parts.join(u'\n') });
    }

    void beforeSending();
    void httpError();
    void subscriptionLogin();
    void unauthorized();
    void forbidden();
    void notFound();
    void anthropicNotFound(QStringList *sentences) const;
    void anthropicVersionMissing();
    void rateLimited();
    void overloaded();
    void otherHttpError();
    void networkError();
    void streamProblem();
    void streamQuality();
    void allGood();

    QString requestedUrl() const { return r.requestedUrl.toDisplayString(); }
    bool anthropic() const { return r.api == ApiKind::AnthropicMessages; }
    bool sentCustomHeader(const char *name) const;
    QString answerText() const { return r.serverMessage + u'\n' + QString::fromUtf8(r.rawBody); }
    bool looksLikeSubscriptionLogin() const;
    bool isOverloaded() const;
    QString serverSaid() const;
    QString keyShapeHints() const;
    QString authHeaderHint() const;
    QString anthropicAuthHint() const;
    QString customHeadersSent() const;
    QString withoutV1Hint() const;
    QString proxyVariables() const;
    QString proxyNote() const;
    QString baseUrlFix() const;

    const ConnectionCheckResult &r;
    const ApiDialect &m_dialect;
    QList<Diagnosis> m_out;
};

QList<Diagnosis> Diagnoser::run()
{
    if (!r.sent)
        beforeSending();
    else if (r.errorKind == u"cancelled")
        add(Severity::Info, tr("Cancelled"), { tr("The test request was stopped before it finished.") });
    else if (r.httpStatus >= 400)
        httpError();
    else if (isNetworkFailure(r.errorKind)) // also after a 200: a stream can stall or be cut
        networkError();
    else
        streamProblem();
    if (r.sent && r.httpStatus > 0 && r.httpStatus < 400
        && (r.ok() || r.errorKind == failureKindName(FailureKind::IncompleteStream)))
        streamQuality();
    if (r.sent && r.httpStatus > 0 && r.httpStatus < 400 && r.baseUrlRefusedByRun)
        add(Severity::Warning, tr("A run will refuse this Base URL"), { baseUrlFix() });
    if (r.ok() && worstSeverity(m_out) <= Severity::Info)
        allGood(); // first: notes (several tokens per chunk) follow it
    return m_out;
}

// ---- nothing sent ----

void Diagnoser::beforeSending()
{
    if (r.errorKind == u"base_url") {
        add(Severity::Error, tr("The Base URL cannot be used"),
            { r.baseUrl.isEmpty()
                    ? tr("The Base URL is empty.")
                    : tr("%1 is not an http:// or https:// address with a host name.").arg(quoted(r.baseUrl)),
                tr("Enter the address your provider prints in its API documentation, for example "
                   "https://api.example.com/v1 or http://127.0.0.1:8000/v1.") });
        return;
    }
    add(Severity::Error, tr("The settings are incomplete"),
        { tr("Nothing was sent, because: %1").arg(r.errorMessage), tr("Fix the setting and test again.") });
}

// ---- HTTP errors ----

void Diagnoser::httpError()
{
    const int status = r.httpStatus;
    if ((status == 401 || status == 403) && looksLikeSubscriptionLogin())
        subscriptionLogin(); // first: the key field holds the wrong kind of credential altogether
    if (isOverloaded()) {
        overloaded();
        return;
    }
    switch (status) {
    case 400:
        if (r.serverMessage.contains(QStringLiteral("anthropic-version"), Qt::CaseInsensitive))
            anthropicVersionMissing();
        else
            otherHttpError();
        return;
    case 401:
        unauthorized();
        return;
    case 403:
        forbidden();
        return;
    case 404:
        notFound();
        return;
    case 429:
        rateLimited();
        return;
    default:
        otherHttpError();
    }
}

bool Diagnoser::sentCustomHeader(const char *name) const
{
    for (const QByteArray &header : r.customHeaderNames) {
        if (header.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

// The server's words (or the key's shape) say the credential is a subscription's sign-in, as
// Claude Code and Codex use, rather than an API key (docs/endpoints.md#diagnosis-per-api-kind).
bool Diagnoser::looksLikeSubscriptionLogin() const
{
    return r.keyLooksLikeOAuthToken
        || containsAny(answerText(), { "oauth", "auth mode", "subscription", "login", "session" });
}

// Anthropic's overloaded_error: HTTP 529, the error type in an error body, or an error event in
// the stream, whose message carries its type ("Overloaded (overloaded_error)").
bool Diagnoser::isOverloaded() const
{
    const QString type = QStringLiteral("overloaded_error");
    return r.httpStatus == 529 || r.serverMessage.contains(type)
        || (r.httpStatus >= 400 && QString::fromUtf8(r.rawBody).contains(type));
}

void Diagnoser::subscriptionLogin()
{
    add(Severity::Error, tr("A subscription login is not an API key"),
        { r.keyLooksLikeOAuthToken
                ? tr("The key has the shape of a login token (an OAuth access token), not of an API key.")
                : tr("The server's answer speaks of an OAuth, session or subscription login rather than an API key."),
            tr("Signing in with a subscription, as Claude Code or Codex do, gives a token that works only in the "
               "provider's own apps; the API refuses it."),
            tr("Create an API key in the provider's console (Anthropic: console.anthropic.com, API keys; OpenAI: "
               "platform.openai.com, API keys) and enter that key instead."),
            serverSaid() });
}

QString Diagnoser::serverSaid() const
{
    return r.serverMessage.isEmpty() ? QString() : tr("The server said: %1").arg(quoted(r.serverMessage));
}

QString Diagnoser::keyShapeHints() const
{
    QStringList hints;
    if (r.keyEmpty)
        hints << tr("No API key is set: enter the key your provider gave you.");
    if (r.keyHasWhitespace)
        hints << tr("The key starts or ends with a space or a line break, probably copied along with it: remove it.");
    if (r.keyHasBearerPrefix)
        hints << (anthropic() ? tr("The key itself starts with \"Bearer \": x-api-key takes the bare key, so enter "
                                   "only the key.")
                              : tr("The key itself starts with \"Bearer \": TokenScope adds that word, so enter only "
                                   "the key."));
    return hints.join(u' ');
}

QString Diagnoser::customHeadersSent() const
{
    if (r.customHeaderNames.isEmpty())
        return {};
    QStringList names;
    for (const QByteArray &name : r.customHeaderNames)
        names << QString::fromLatin1(name);
    return tr("Custom headers sent: %1.").arg(names.join(QStringLiteral(", ")));
}

QString Diagnoser::authHeaderHint() const
{
    if (anthropic())
        return anthropicAuthHint();
    QStringList hints;
    hints << tr("TokenScope sends the key as the header \"Authorization: Bearer <key>\", the OpenAI format.");
    if (r.keyLooksAnthropic || r.serverMessage.contains(QStringLiteral("x-api-key"), Qt::CaseInsensitive))
        hints << tr("This is Anthropic's API or an Anthropic key: choose the API kind \"anthropic\", which sends the "
                    "key as \"x-api-key\" with \"anthropic-version\".");
    if (!r.wwwAuthenticate.isEmpty())
        hints << tr("The server asks for: %1.").arg(QString::fromLatin1(r.wwwAuthenticate));
    hints << tr("Some gateways want the key in another header (Azure OpenAI: \"api-key\"); add it under the "
                "profile's custom headers.")
          << customHeadersSent();
    hints.removeAll(QString());
    return hints.join(u' ');
}

// Anthropic wants an API key in x-api-key, never a Bearer token (docs/endpoints.md).
QString Diagnoser::anthropicAuthHint() const
{
    QStringList hints;
    hints << tr("TokenScope sends the key as the header \"x-api-key: <key>\" with \"anthropic-version: %1\", "
                "Anthropic's format: enter an Anthropic API key, the value ANTHROPIC_API_KEY holds, not a Bearer "
                "token.")
                 .arg(QString::fromLatin1(m_dialect.apiHeaders.value(0).value));
    if (!r.keyEmpty && !r.keyLooksAnthropic)
        hints << tr("This key does not start with \"sk-ant-\" as Anthropic's keys do: a key of another provider is "
                    "refused, unless a gateway hands out keys of its own.");
    if (sentCustomHeader("x-api-key"))
        hints << tr("A custom x-api-key header replaces the key entered in the profile: check its value or remove it.");
    if (sentCustomHeader("authorization"))
        hints << tr("A custom Authorization header is sent too: Anthropic's API reads x-api-key; an Authorization "
                    "header is for a gateway that wants a Bearer token.");
    else
        hints << tr("A gateway that wants a Bearer token instead (what Claude Code sends from ANTHROPIC_AUTH_TOKEN) "
                    "needs the header \"Authorization: Bearer <token>\", which tokenscope-cli sends with --header.");
    if (!r.wwwAuthenticate.isEmpty())
        hints << tr("The server asks for: %1.").arg(QString::fromLatin1(r.wwwAuthenticate));
    hints << customHeadersSent();
    hints.removeAll(QString());
    return hints.join(u' ');
}

void Diagnoser::unauthorized()
{
    add(Severity::Error, tr("The server rejected the API key (HTTP 401)"),
        { keyShapeHints(),
            r.keyEmpty ? QString()
                       : tr("Check that the key is complete, not revoked, and belongs to this provider (a key from "
                            "another provider or account is refused the same way)."),
            authHeaderHint(), serverSaid() });
}

void Diagnoser::forbidden()
{
    add(Severity::Error, tr("Access refused (HTTP 403)"),
        { tr("The server understood the request but does not allow it: the key may lack access to this model or "
             "endpoint, the account may be out of credit, or a firewall or gateway blocks the request."),
            tr("Check the model ID and the key's permissions in the provider's console."), keyShapeHints(),
            authHeaderHint(), serverSaid() });
}

QString Diagnoser::baseUrlFix() const
{
    const QString suggestion = suggestedBaseUrl(r.baseUrl, r.api);
    if (suggestion.isEmpty())
        return {};
    const QString path = QUrl(r.baseUrl).path();
    const QString why = hasDoubledV1(path)
        ? tr("The Base URL %1 contains /v1 twice.").arg(quoted(r.baseUrl))
        : tr("The Base URL %1 already ends with the endpoint path, which TokenScope appends itself.")
              .arg(quoted(r.baseUrl));
    return why + u' ' + tr("Type this as the Base URL instead: %1").arg(suggestion);
}

// For a requested path without /v1: the Base URL with /v1 added, as most OpenAI-compatible servers want.
QString Diagnoser::withoutV1Hint() const
{
    if (r.requestedUrl.path().contains(QStringLiteral("/v1/"), Qt::CaseInsensitive))
        return {};
    QUrl withV1(r.baseUrl);
    QString path = withV1.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    withV1.setPath(path + QStringLiteral("/v1"));
    return tr("Most OpenAI-compatible servers expect the Base URL to end in /v1: try %1.")
        .arg(withV1.toDisplayString());
}

void Diagnoser::notFound()
{
    QStringList sentences { tr("TokenScope requested %1 and the server has nothing there.").arg(requestedUrl()) };
    const QString fix = baseUrlFix();
    if (!fix.isEmpty()) {
        sentences << fix;
    } else if (anthropic()) {
        anthropicNotFound(&sentences);
    } else if (r.api == ApiKind::Responses) {
        // The Responses API is OpenAI's newer one; many compatible servers and gateways serve only chat.
        sentences << withoutV1Hint()
                  << tr("Many OpenAI-compatible servers and gateways have no /responses endpoint, only "
                        "/chat/completions: choose the API kind \"chat\" for them.")
                  << serverSaid();
        add(Severity::Error, tr("No Responses endpoint at this address (HTTP 404)"), sentences);
        return;
    } else if (const QString hint = withoutV1Hint(); !hint.isEmpty()) {
        sentences << hint;
    } else {
        sentences << tr("Enter the Base URL exactly as the provider prints it; TokenScope appends %1 to it.")
                         .arg(endpointSuffix(r.api));
    }
    sentences << tr("Some servers also answer 404 for an unknown model ID: check the model name.") << serverSaid();
    add(Severity::Error, tr("Nothing found at this address (HTTP 404)"), sentences);
}

// Anthropic's Base URL is what ANTHROPIC_BASE_URL holds, without /v1 (docs/endpoints.md).
void Diagnoser::anthropicNotFound(QStringList *sentences) const
{
    *sentences << tr("For Anthropic, enter the Base URL as ANTHROPIC_BASE_URL holds it, without /v1 (e.g. "
                     "https://api.anthropic.com): TokenScope appends /v1/messages, or only /messages to a Base URL "
                     "that already ends in /v1.");
    QUrl base(r.baseUrl.trimmed());
    QString path = base.path();
    while (path.endsWith(u'/'))
        path.chop(1);
    if (path.endsWith(QStringLiteral("/v1"), Qt::CaseInsensitive)) {
        base.setPath(path.chopped(3));
        *sentences << tr("Some gateways want the Base URL without its /v1: try %1.").arg(base.toDisplayString());
    } else if (!path.isEmpty()) {
        *sentences << tr("A gateway that serves Anthropic's API under a path of its own (e.g. "
                         "https://gateway.example.com/anthropic) needs exactly that path: check %1 against the "
                         "gateway's documentation.")
                          .arg(quoted(path));
    }
}

void Diagnoser::anthropicVersionMissing()
{
    QStringList sentences;
    if (!anthropic())
        sentences << tr("The server speaks Anthropic's Messages API, which needs the anthropic-version header: "
                        "choose the API kind \"anthropic\", which sends it (and the key as x-api-key).");
    else if (sentCustomHeader("anthropic-version"))
        sentences << tr("Your custom anthropic-version header replaces the one TokenScope sends (%1): remove it, or "
                        "set it to a version the server accepts such as %1.")
                         .arg(QString::fromLatin1(m_dialect.apiHeaders.value(0).value));
    else
        sentences << tr("TokenScope sent \"anthropic-version: %1\", so a proxy or gateway between must have dropped "
                        "or changed it: check its header settings.")
                         .arg(QString::fromLatin1(m_dialect.apiHeaders.value(0).value));
    sentences << serverSaid();
    add(Severity::Error, tr("The anthropic-version header is missing or wrong (HTTP 400)"), sentences);
}

void Diagnoser::rateLimited()
{
    add(Severity::Warning, tr("Rate limited (HTTP 429)"),
        { tr("The provider limits how many requests or tokens you may send per minute, and this key is over the "
             "limit right now."),
            r.retryAfter.isEmpty() ? QString()
                                   : tr("The server asks to wait %1 s before retrying (Retry-After).")
                                         .arg(QString::fromLatin1(r.retryAfter)),
            tr("Wait and test again. A benchmark at high concurrency will hit this limit more often: lower the "
               "concurrency or ask the provider for a higher limit."),
            serverSaid() });
}

void Diagnoser::overloaded()
{
    add(Severity::Warning,
        r.httpStatus == 529 ? tr("The server is overloaded (HTTP 529)") : tr("The server is overloaded"),
        { r.httpStatus >= 400
                ? tr("It answered overloaded_error: it has no capacity for the request right now.")
                : tr("The stream began (HTTP %1, %n text chunk(s)), then the server sent overloaded_error: it ran out "
                     "of capacity for the request.",
                    nullptr, r.textChunks)
                      .arg(r.httpStatus),
            tr("Nothing in your settings causes this: retry later. Under load a benchmark meets it more often; such "
               "failures measure the provider's capacity, not your setup."),
            serverSaid() });
}

void Diagnoser::otherHttpError()
{
    const int status = r.httpStatus;
    const QString statusText
        = r.reasonPhrase.isEmpty() ? QString::number(status) : QStringLiteral("%1 %2").arg(status).arg(r.reasonPhrase);
    if (status >= 500) {
        QStringList sentences { tr("The request reached the server, but it failed on the server's side.") };
        if (status == 502 || status == 503 || status == 504)
            sentences << tr("%1 usually comes from a proxy or gateway in front of the model server that could not "
                            "reach it, or from a server that is overloaded or starting up.")
                             .arg(status);
        sentences << tr("Nothing in your settings causes this: try again in a minute, and if it persists, tell "
                        "the provider.")
                  << proxyNote() << serverSaid();
        add(Severity::Error, tr("The server failed (HTTP %1)").arg(statusText), sentences);
        return;
    }
    QStringList sentences { tr("The server refused the request.") };
    if (status == 400 || status == 422)
        sentences << tr("Often the model ID is unknown or the server does not accept a parameter: check the model "
                        "ID and the extra body JSON.");
    sentences << serverSaid();
    add(Severity::Error, tr("The request was refused (HTTP %1)").arg(statusText), sentences);
}

// ---- network errors ----

QString Diagnoser::proxyVariables() const
{
    QStringList pairs;
    for (const auto &variable : r.proxyEnvironment)
        pairs << variable.first + u'=' + variable.second;
    return pairs.join(QStringLiteral(", "));
}

// For errors a proxy can cause: how this profile reaches the server, and the proxy variables of
// this environment when any are set.
QString Diagnoser::proxyNote() const
{
    switch (r.proxyMode) {
    case ProxyMode::Custom:
        return tr("The request went through the profile's proxy %1: check that it is reachable.").arg(r.proxyUrl);
    case ProxyMode::System:
        return r.proxyEnvironment.isEmpty()
            ? QString()
            : tr("The profile uses the system proxy settings: %1. Check that the proxy is reachable and that "
                 "NO_PROXY lists hosts that must be reached directly (e.g. localhost,127.0.0.1).")
                  .arg(proxyVariables());
    case ProxyMode::None:
        break;
    }
    return r.proxyEnvironment.isEmpty()
        ? QString()
        : tr("Proxy variables are set in this environment (%1), but this profile connects directly (proxy: none). "
             "If this network needs that proxy, set the profile's proxy to \"system\".")
              .arg(proxyVariables());
}

void Diagnoser::networkError()
{
    const QString &kind = r.errorKind;
    const QString target = hostPort(r.requestedUrl);
    if (kind == failureKindName(FailureKind::ConnectionRefused)) {
        add(Severity::Error, tr("Nothing is listening at %1").arg(target),
            { tr("The connection was refused: no server accepts connections at this host and port."),
                tr("Check the host name and the port in the Base URL, and that the server is running."), proxyNote() });
    } else if (kind == failureKindName(FailureKind::Dns)) {
        add(Severity::Error, tr("The host name cannot be found"),
            { tr("%1 could not be resolved to an address.").arg(r.requestedUrl.host()),
                tr("Check the Base URL for typos. On a company network you may need a VPN or a proxy."), proxyNote() });
    } else if (kind == failureKindName(FailureKind::Timeout)) {
        add(Severity::Error, tr("No answer in time"),
            { tr("Nothing arrived for %1 s (the timeout setting).").arg(r.timeoutMs / 1000.0),
                tr("The server may be overloaded or still loading the model, or a firewall silently drops the "
                   "connection. Try again, or raise the timeout."),
                proxyNote() });
    } else if (kind == failureKindName(FailureKind::Tls)) {
        const bool untrusted = !r.sslError.isEmpty();
        add(Severity::Error,
            untrusted ? tr("The server's certificate is not trusted") : tr("The secure connection (TLS) failed"),
            { untrusted ? tr("Problem: %1.").arg(r.sslError)
                        : tr("Check that the server speaks https on this port (and not plain http)."),
                tr("If the server uses a private or self-signed certificate authority (common for company gateways and "
                   "local servers), save that CA's certificate as a PEM file and choose it under the profile's "
                   "\"CA certificates\" option. TokenScope never switches certificate checks off."),
                r.caCertificatesPath.isEmpty()
                    ? QString()
                    : tr("The CA file %1 is set but does not vouch for this server: check that it is the CA that "
                         "signed the server's certificate.")
                          .arg(r.caCertificatesPath) });
    } else if (kind == failureKindName(FailureKind::Proxy)) {
        const bool custom = r.proxyMode == ProxyMode::Custom;
        add(Severity::Error, custom ? tr("The proxy cannot be reached or refused the request") : tr("The proxy failed"),
            { custom ? tr("This profile sends requests through the proxy %1.").arg(r.proxyUrl)
                     : tr("The request went through a proxy from the system settings."),
                r.proxyEnvironment.isEmpty()
                    ? tr("No HTTP_PROXY, HTTPS_PROXY or NO_PROXY variable is set in this environment.")
                    : tr("Proxy variables in this environment: %1.").arg(proxyVariables()),
                tr("Check the proxy's address, port and credentials, and that NO_PROXY lists hosts that must be "
                   "reached directly (e.g. localhost,127.0.0.1). If this network needs no proxy, set the profile's "
                   "proxy to \"none\"."),
                tr("Details: %1").arg(r.errorMessage) });
    } else if (kind == failureKindName(FailureKind::Reset)) {
        add(Severity::Error, tr("The connection was closed early"),
            { tr("The server (or something between) closed the connection before the answer was complete."),
                tr("Try again; if it repeats, a proxy or load balancer may cut long streaming responses."),
                proxyNote() });
    } else if (kind == failureKindName(FailureKind::Redirect)) {
        add(Severity::Error, tr("Redirected to another address"),
            { r.errorMessage, tr("Use the address the server redirects to as the Base URL.") });
    } else {
        add(Severity::Error, tr("The request failed"), { r.errorMessage, proxyNote() });
    }
    if (r.httpStatus > 0 && r.httpStatus < 400 && !m_out.isEmpty())
        m_out.last().explanation += u'\n'
            + tr("The server had answered HTTP %1 and sent %n text chunk(s) before this happened.", nullptr,
                r.textChunks)
                  .arg(r.httpStatus);
}

// ---- a 2xx answer ----

void Diagnoser::streamProblem()
{
    const QString &kind = r.errorKind;
    if (kind == u"not_streaming") {
        add(Severity::Error, tr("The server does not stream"),
            { tr("It answered with Content-Type %1 (one whole answer at the end) instead of text/event-stream: it "
                 "ignored \"stream\": true.")
                    .arg(quoted(QString::fromLatin1(r.contentType))),
                tr("TTFT would be meaningless: the first token arrives together with the last."),
                r.streamOffInExtraBody ? tr("Your extra body sets \"stream\": false; remove that key.")
                                       : tr("Use an endpoint or gateway that supports streaming.") });
    } else if (kind == failureKindName(FailureKind::EmptyResponse) && r.emptyChoiceChunks > 0) {
        add(Severity::Error, tr("The stream carries no text: its chunks have empty \"choices\""),
            { tr("%n chunk(s) arrived with \"choices\": [] and no text.", nullptr, r.emptyChoiceChunks),
                tr("A gateway may be filtering the output (a content filter) or not forwarding the model's tokens. "
                   "Without text, neither TTFT nor TPOT can be measured: try another model or ask the gateway's "
                   "operator.") });
    } else if (kind == failureKindName(FailureKind::EmptyResponse)) {
        add(Severity::Error, tr("The stream carries no text"),
            { r.outputTokens > 0 ? tr(
                  "Yet the server counts %n output token(s): the model may produce only hidden reasoning or tool "
                  "calls, which TokenScope cannot time.",
                  nullptr, r.outputTokens)
                                 : tr("%n event(s) arrived, none with text.", nullptr, r.events),
                tr("Check the model ID and the prompt.") });
    } else if (kind == failureKindName(FailureKind::StreamError) && isOverloaded()) {
        overloaded();
    } else if (kind == failureKindName(FailureKind::StreamError)) {
        add(Severity::Error, tr("The server reported an error inside the stream"),
            { tr("The HTTP status was fine, but the stream carried an error."), serverSaid() });
    } else if (kind == failureKindName(FailureKind::MalformedStream)) {
        add(Severity::Error, tr("The stream is not valid"),
            { tr("The server sent something that is not a valid event stream: %1").arg(r.errorMessage),
                anthropic()
                    ? tr("A proxy that rewrites responses, or a server that does not speak Anthropic's Messages "
                         "API, causes this.")
                    : r.api == ApiKind::Responses
                    ? tr("A proxy that rewrites responses, or a server that does not speak OpenAI's Responses API, "
                         "causes this.")
                    : tr("A proxy that rewrites responses, or a server that is not OpenAI-compatible, causes this.") });
    } else if (kind == failureKindName(FailureKind::IncompleteStream)) {
        const QString signal = m_dialect.endMarker.isEmpty()
            ? m_dialect.finishSignal
            : tr("%1 or data: %2").arg(m_dialect.finishSignal, QString::fromLatin1(m_dialect.endMarker));
        add(Severity::Warning, tr("The stream ended before its finish signal"),
            { tr("The answer stopped after %n text chunk(s) without %1, which says an answer is complete.", nullptr,
                  r.textChunks)
                    .arg(signal),
                tr("The answer is probably cut short: a proxy or load balancer may end long streams early, or the "
                   "server stopped.") });
    } else if (!r.ok()) {
        add(Severity::Error, tr("The request failed"), { r.errorMessage });
    }
}

void Diagnoser::streamQuality()
{
    if (r.textChunks == 0)
        return;
    if (!r.isStreaming() && r.errorKind != u"not_streaming")
        add(Severity::Info, tr("Unusual content type"),
            { tr("The body is an event stream, but the server labels it %1 instead of text/event-stream. "
                 "TokenScope reads it anyway; some proxies buffer such responses.")
                    .arg(quoted(QString::fromLatin1(r.contentType))) });
    if (!r.usageReturned) {
        const bool hasOption = !m_dialect.usageOption.isEmpty();
        add(Severity::Warning, tr("No token usage in the stream"),
            { !hasOption ? (anthropic() ? tr("Anthropic's Messages API sends token usage in message_start and "
                                             "message_delta, but this server sent no token counts.")
                                        : tr("The Responses API sends token usage in response.completed, but this "
                                             "server sent no token counts."))
                    : r.includeUsageRequested
                    ? tr("TokenScope asked for it (stream_options.include_usage), but the server sent no token counts.")
                    : tr(
                        "Usage is switched off for this profile (include_usage), so the server sends no token counts."),
                tr("Output tokens are then counted from text chunks. When a chunk carries several tokens this "
                   "undercounts them, so TPOT (time per output token) comes out too high, and tokens per chunk "
                   "cannot be known."),
                r.includeUsageRequested || !hasOption ? QString()
                                                      : tr("Switch include_usage on if the server supports it.") });
    }
    const int needed = qMax(2, r.minTokensForTpot);
    if (r.outputTokens < needed) {
        const bool hitLimit = r.outputTokens >= r.requestedMaxTokens;
        add(Severity::Warning, tr("The answer is too short to compute TPOT"),
            { tr("The model answered with %n token(s).", nullptr, r.outputTokens),
                tr("TPOT and ITL need at least %1 (the \"min tokens for TPOT\" setting); shorter answers are left out "
                   "of those statistics.")
                    .arg(needed),
                hitLimit ? tr("max_tokens is %1, below that minimum: raise max_tokens (256 is the usual setting).")
                               .arg(r.requestedMaxTokens)
                         : tr("The model stopped on its own: use a prompt that asks for a longer answer (the default "
                              "prompt does).") });
    }
    const double perChunk = r.tokensPerChunk();
    if (perChunk > 1.05)
        add(Severity::Info, tr("Several tokens per chunk"),
            { tr("The server sends about %1 tokens per chunk. ITL (the gap between chunks) therefore spans several "
                 "tokens; TPOT uses the usage count and stays exact.")
                    .arg(perChunk, 0, 'f', 1) });
}

void Diagnoser::allGood()
{
    const qsizetype notes = m_out.size();
    add(Severity::Ok, tr("The endpoint streams correctly"),
        { tr("HTTP %1, first token after %2 ms, %n output token(s), usage reported.", nullptr, r.outputTokens)
                .arg(r.httpStatus)
                .arg(r.ttftMs, 0, 'f', 0),
            tr("You can run a benchmark. (This first request may include connection setup, so its TTFT can be "
               "higher than in a run.)") });
    m_out.move(notes, 0);
}

} // namespace

QList<Diagnosis> diagnose(const ConnectionCheckResult &result)
{
    return Diagnoser(result).run();
}

Diagnosis::Severity worstSeverity(const QList<Diagnosis> &diagnoses)
{
    Severity worst = Severity::Ok;
    for (const Diagnosis &d : diagnoses)
        worst = qMax(worst, d.severity);
    return worst;
}

} // namespace TokenScope
