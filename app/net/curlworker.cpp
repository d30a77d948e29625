// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "curlworker.h"

#include "core/clock.h"
#include "net/curlfailure.h"
#include "net/redirectrule.h"

#include <QHash>

#include <curl/curl.h>
#include <netdb.h>
#include <pthread.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <utility>

namespace TokenScope {

namespace {

// Events waiting for the engine thread, in bytes: past this the worker reads nothing more until
// the engine has caught up (a server faster than the client's parsing must not fill the memory).
constexpr qint64 kMaxWaitingBytes = 32 * 1024 * 1024;
constexpr qint64 kInactivityCheckNs = 20'000'000;
// Body bytes wait at most this long for the engine thread: their timestamps are taken, and parsing
// them in batches spares the engine a wake-up per read (docs/architecture.md#transports). Every
// other event (a start, a head, an end) wakes it at once: the closed loop refills on an end.
constexpr qint64 kBodyHandOverNs = 10'000'000;
constexpr qint64 kUrgentBytes = 1024 * 1024;
constexpr qsizetype kMaxDiscardedBody = 64 * 1024; ///< of a preconnect's or a redirect's answer
constexpr long kMaxIdleConnectionAgeS = 24 * 3600; ///< keep-alive connections stay as long as the server keeps them

QByteArray headerValue(QByteArrayView line, qsizetype colon)
{
    return line.sliced(colon + 1).trimmed().toByteArray();
}

} // namespace

/// One request on the worker's thread.
struct Transfer
{
    quint64 id = 0;
    CURL *easy = nullptr;
    curl_slist *headers = nullptr; ///< the worker's, shared
    QByteArray body;
    QUrl url;
    bool preconnect = false;
    int connectionKey = -1; ///< ≥ 0: it reuses only connections of its key's cache
    qint64 tStartNs = 0;
    qint64 lastActivityNs = 0;
    qint64 connectNs = -1; ///< this transfer opened a socket (its first one)
    bool tlsReported = false;
    qint64 firstSentNs = -1; ///< the first request bytes written (the handshake was over then)
    qint64 lastSentNs = -1; ///< the latest request bytes written, before any answer came
    bool sentReported = false;
    bool headReported = false;
    bool answered = false; ///< a header line of the answer came: no later write is "the request"
    bool redirecting = false;
    QByteArray location;
    ResponseHead head;
    int redirects = 0;
    qsizetype discarded = 0;
    bool timedOut = false;
    bool opensH2c = false; ///< the transfer opening this worker's h2c connection
    char errorText[CURL_ERROR_SIZE] = {};
    CurlWorker::Loop *loop = nullptr;

    qint64 since(qint64 tNs) const { return tNs - tStartNs; }
};

/// Plain-HTTP connections opened ahead of a level, without sending anything: libcurl takes one
/// (onOpenSocket) whenever it needs a new connection, as if it had just connected it.
struct SocketPool
{
    struct Pending
    {
        std::vector<sockaddr_storage> addresses; ///< still to try, first is the one connecting
        std::vector<socklen_t> lengths;
    };
    QHash<int, Pending> connecting;
    QList<int> ready;

    ~SocketPool()
    {
        for (auto it = connecting.cbegin(); it != connecting.cend(); ++it)
            close(it.key());
        for (int fd : std::as_const(ready))
            close(fd);
    }
    /// Starts `count` connections to `url`'s host and port, each in `epollFd`; false when the host
    /// does not resolve (the level's requests then fail as they would have).
    bool open(const QUrl &url, int count, int epollFd)
    {
        addrinfo hints {};
        hints.ai_socktype = SOCK_STREAM;
        addrinfo *found = nullptr;
        const QByteArray port = QByteArray::number(url.port(80));
        if (getaddrinfo(url.host().toUtf8().constData(), port.constData(), &hints, &found) != 0)
            return false;
        Pending addresses;
        for (addrinfo *a = found; a; a = a->ai_next) {
            sockaddr_storage address {};
            memcpy(&address, a->ai_addr, a->ai_addrlen);
            addresses.addresses.push_back(address);
            addresses.lengths.push_back(a->ai_addrlen);
        }
        freeaddrinfo(found);
        for (int i = 0; i < count; ++i)
            connectNext(addresses, epollFd);
        return true;
    }
    /// Tries the first of `pending`'s addresses; on an immediate failure the next one.
    void connectNext(Pending pending, int epollFd)
    {
        while (!pending.addresses.empty()) {
            const sockaddr_storage &address = pending.addresses.front();
            const int fd = socket(address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            if (fd >= 0) {
                const int result = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), pending.lengths.front());
                if (result == 0 || errno == EINPROGRESS) {
                    epoll_event ev {};
                    ev.events = EPOLLOUT;
                    ev.data.fd = fd;
                    epoll_ctl(epollFd, EPOLL_CTL_ADD, fd, &ev);
                    connecting.insert(fd, std::move(pending));
                    return;
                }
                close(fd);
            }
            pending.addresses.erase(pending.addresses.begin());
            pending.lengths.erase(pending.lengths.begin());
        }
    }
    /// `fd` became writable: connected (kept), or failed (the next address is tried).
    void onWritable(int fd, int epollFd)
    {
        Pending pending = connecting.take(fd);
        epoll_ctl(epollFd, EPOLL_CTL_DEL, fd, nullptr);
        int error = 0;
        socklen_t length = sizeof error;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
        if (error == 0) {
            ready.append(fd);
            return;
        }
        close(fd);
        pending.addresses.erase(pending.addresses.begin());
        pending.lengths.erase(pending.lengths.begin());
        connectNext(std::move(pending), epollFd);
    }
};

/// The worker thread's own state: touched only on that thread.
struct CurlWorker::Loop
{
    CurlWorker *worker = nullptr;
    CURLM *multi = nullptr;
    int epollFd = -1;
    qint64 timerDueNs = -1; ///< libcurl's timeout, absolute; -1 none
    qint64 actionStartNs = 0; ///< when the current curl_multi_socket_action() began: a transfer it ends, ended then
    qint64 nextInactivityCheckNs = 0;
    curl_slist *headers = nullptr;
    QHash<quint64, Transfer *> transfers;
    QList<CurlEvent> batch; ///< this turn's events, handed over together at its end
    qint64 batchBytes = 0;
    int preconnectsPending = 0;
    bool preconnectWanted = false;
    quint64 nextPreconnectId = ~quint64(0); ///< counts down: never one of the engine's ids, which count up
    SocketPool pool;
    QSet<int> preopened; ///< pool sockets handed to libcurl whose sockopt callback has not come yet
    int openConnections = 0; ///< sockets libcurl holds (in use or idle in its cache)
    // h2c (HTTP/2 over cleartext, prior knowledge): libcurl 7.88 fails a transfer that reuses such a
    // connection while asking for prior knowledge ("Error in the HTTP2 framing layer"; fixed in
    // curl 8.0). So one transfer opens the connection with prior knowledge, the others wait for it
    // here and then ask for plain HTTP/2, which reuses it.
    bool h2cReady = false; ///< an h2c connection is open: transfers reuse it
    bool h2cOpening = false; ///< a transfer is opening one
    bool h2cRelease = false; ///< the opener got its answer or failed: the held opens may go
    bool nextOpensH2c = false; ///< the next start() opens the h2c connection
    std::vector<Command> heldForH2c;
    QString proxyForUrl; ///< "host:port" of the proxy requests go through, or empty
    /// Connection caches of their own, by connection key: share handles that share only
    /// connections, used on this thread alone (so they need no lock).
    QHash<int, CURLSH *> connectionCaches;
    CURLSH *connectionCacheOf(int key);

    bool urgent = false; ///< the batch holds an event other than body bytes
    qint64 engineWakeDueNs = -1; ///< body bytes wait for the engine until then; -1 none waiting

    void emitEvent(CurlEvent event)
    {
        batchBytes += event.bytes.size();
        urgent = urgent || event.type != CurlEvent::Body;
        batch.append(std::move(event));
    }
    /// Queues this turn's events for the engine thread and wakes it when they (or bodies queued
    /// earlier whose time is up) should go now.
    void handOver(qint64 now);
    void command(const Command &command);
    Transfer *start(quint64 id, const QByteArray &body, bool preconnect, int connectionKey = -1);
    void configure(Transfer *t);
    void remove(Transfer *t);
    void onDone(Transfer *t, CURLcode result);
    bool followRedirect(Transfer *t, Failure::Description *failure);
    void finish(Transfer *t, const Failure::Description &failure, qint64 tNs);
    void reportSendPhases(Transfer *t);
    void preconnect(int count, const QList<int> &keys);
    bool h2c() const { return worker->m_settings.http2 && worker->m_settings.url.scheme() == u"http"; }
    /// Whether `t` may be added now; false when it waits for the h2c connection another opens.
    bool mayStartH2c();
    void noteH2c(Transfer *t);
    void releaseHeldForH2c();
    void preconnectDone();
    void readDone();
    void checkInactivity(qint64 now);
    int waitMs(qint64 now) const;
};

// ---- libcurl callbacks: the first statement of each takes the time ----

static int onSocket(CURL *, curl_socket_t s, int what, void *userp, void *socketp)
{
    auto *loop = static_cast<CurlWorker::Loop *>(userp);
    if (what == CURL_POLL_REMOVE) {
        epoll_ctl(loop->epollFd, EPOLL_CTL_DEL, s, nullptr);
        return 0;
    }
    epoll_event ev {};
    ev.events = (what & CURL_POLL_IN ? EPOLLIN : 0u) | (what & CURL_POLL_OUT ? EPOLLOUT : 0u);
    ev.data.fd = s;
    if (socketp) {
        epoll_ctl(loop->epollFd, EPOLL_CTL_MOD, s, &ev);
    } else {
        epoll_ctl(loop->epollFd, EPOLL_CTL_ADD, s, &ev);
        curl_multi_assign(loop->multi, s, loop); // any non-null marker: "added"
    }
    return 0;
}

static int onTimer(CURLM *, long timeoutMs, void *userp)
{
    auto *loop = static_cast<CurlWorker::Loop *>(userp);
    loop->timerDueNs = timeoutMs < 0 ? -1 : nowNs() + qint64(timeoutMs) * 1'000'000;
    return 0;
}

static curl_socket_t onOpenSocket(void *clientp, curlsocktype purpose, curl_sockaddr *address)
{
    const qint64 t = nowNs();
    auto *transfer = static_cast<Transfer *>(clientp);
    CurlWorker::Loop *loop = transfer->loop;
    if (purpose == CURLSOCKTYPE_IPCXN && !loop->pool.ready.isEmpty()) {
        const int fd = loop->pool.ready.takeFirst(); // opened before the level: no connect_ms
        loop->preopened.insert(fd);
        ++loop->openConnections;
        return fd;
    }
    if (transfer->connectNs < 0 && !transfer->preconnect) {
        transfer->connectNs = transfer->since(t);
        loop->emitEvent({ transfer->id, CurlEvent::ConnectStarted, transfer->connectNs, {}, {}, {} });
    }
    const int fd = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
    if (fd >= 0)
        ++loop->openConnections;
    return fd;
}

static int onSocketOptions(void *clientp, curl_socket_t fd, curlsocktype)
{
    auto *transfer = static_cast<Transfer *>(clientp);
    return transfer->loop->preopened.remove(fd) ? CURL_SOCKOPT_ALREADY_CONNECTED : CURL_SOCKOPT_OK;
}

/// Called with the loop, not the transfer: libcurl closes an idle connection long after the
/// transfer that opened it has gone.
static int onCloseSocket(void *clientp, curl_socket_t fd)
{
    --static_cast<CurlWorker::Loop *>(clientp)->openConnections;
    return close(fd);
}

static int onDebug(CURL *, curl_infotype type, char *, size_t, void *clientp)
{
    const qint64 t = nowNs();
    auto *transfer = static_cast<Transfer *>(clientp);
    if ((type == CURLINFO_HEADER_OUT || type == CURLINFO_DATA_OUT) && !transfer->answered) {
        transfer->lastSentNs = transfer->since(t);
        if (transfer->firstSentNs < 0)
            transfer->firstSentNs = transfer->lastSentNs;
    }
    return 0;
}

/// The head is complete: reports what the engine hears before it (TLS, the request's send), then
/// the head itself, unless it is a redirect's.
static void headComplete(Transfer *t, qint64 tNs)
{
    if (RedirectRule::isRedirect(t->head.httpStatus)) {
        t->redirecting = true;
        return;
    }
    t->loop->reportSendPhases(t);
    t->loop->noteH2c(t);
    t->headReported = true;
    t->loop->emitEvent({ t->id, CurlEvent::Headers, t->since(tNs), {}, t->head, {} });
}

static void headerLine(Transfer *t, QByteArrayView line)
{
    if (line.startsWith("HTTP/")) { // a new head: a 1xx before the final one, or a redirect's target
        t->head = ResponseHead {};
        t->location.clear();
        t->head.httpVersion = line.startsWith("HTTP/2") ? 2 : 1;
        const qsizetype space = line.indexOf(' ');
        t->head.httpStatus = space < 0
            ? 0
            : line.sliced(space + 1).first(std::min<qsizetype>(3, line.size() - space - 1)).toByteArray().toInt();
        return;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return;
    const QByteArrayView name = line.first(colon).trimmed();
    ResponseHead &head = t->head;
    head.headerBytes += name.size() + line.sliced(colon + 1).trimmed().size();
    ++head.headerCount;
    if (name.compare("Content-Type", Qt::CaseInsensitive) == 0)
        head.contentType = headerValue(line, colon);
    else if (name.compare("Content-Encoding", Qt::CaseInsensitive) == 0)
        head.contentEncoding = headerValue(line, colon);
    else if (name.compare("Transfer-Encoding", Qt::CaseInsensitive) == 0)
        head.transferEncoding = headerValue(line, colon);
    else if (name.compare("Content-Length", Qt::CaseInsensitive) == 0)
        head.hasContentLength = true;
    else if (name.compare("Retry-After", Qt::CaseInsensitive) == 0)
        head.retryAfter = headerValue(line, colon);
    else if (name.compare("Location", Qt::CaseInsensitive) == 0)
        t->location = headerValue(line, colon);
}

static size_t onHeader(char *data, size_t size, size_t count, void *userdata)
{
    const qint64 tNs = nowNs();
    auto *t = static_cast<Transfer *>(userdata);
    const size_t bytes = size * count;
    t->answered = true;
    t->lastActivityNs = tNs;
    if (t->preconnect)
        return bytes;
    const QByteArrayView line = QByteArrayView(data, qsizetype(bytes)).trimmed();
    if (!line.isEmpty()) {
        headerLine(t, line);
        // Past the limits the head is handed over as it is (its refusal() says why) and the
        // transfer stops: a hostile server must not make the worker read an endless head.
        const bool tooLarge
            = t->head.headerBytes > ResponseHead::kMaxHeaderBytes || t->head.headerCount > ResponseHead::kMaxHeaders;
        if (!tooLarge)
            return bytes;
        headComplete(t, tNs);
        return 0;
    }
    if (t->head.httpStatus >= 200 || t->head.httpStatus == 0)
        headComplete(t, tNs); // a 1xx head is followed by the final one
    return bytes;
}

static size_t onWrite(char *data, size_t size, size_t count, void *userdata)
{
    const qint64 tNs = nowNs();
    auto *t = static_cast<Transfer *>(userdata);
    const size_t bytes = size * count;
    t->lastActivityNs = tNs;
    if (t->preconnect || t->redirecting) {
        t->discarded += qsizetype(bytes);
        return t->discarded > kMaxDiscardedBody ? 0 : bytes;
    }
    if (!t->headReported)
        headComplete(t, tNs); // a body without a head that ended (HTTP/0.9 is refused earlier)
    t->loop->emitEvent({ t->id, CurlEvent::Body, t->since(tNs), QByteArray(data, qsizetype(bytes)), {}, {} });
    return bytes;
}

// ---- the loop ----

void CurlWorker::Loop::reportSendPhases(Transfer *t)
{
    if (t->connectNs >= 0 && !t->tlsReported && t->url.scheme() == u"https") {
        // The handshake's end, from libcurl's own phase times (all from its start of the transfer):
        // the request's first bytes went out (firstSentNs) PRETRANSFER - APPCONNECT after it.
        curl_off_t tlsUs = 0, pretransferUs = 0;
        curl_easy_getinfo(t->easy, CURLINFO_APPCONNECT_TIME_T, &tlsUs);
        curl_easy_getinfo(t->easy, CURLINFO_PRETRANSFER_TIME_T, &pretransferUs);
        if (tlsUs > 0 && t->firstSentNs >= 0) {
            t->tlsReported = true;
            const qint64 tlsNs = t->firstSentNs - std::max<qint64>(0, pretransferUs - tlsUs) * 1000;
            emitEvent({ t->id, CurlEvent::TlsDone, std::max(tlsNs, t->connectNs), {}, {}, {} });
        }
    }
    if (t->lastSentNs >= 0 && !t->sentReported) {
        t->sentReported = true;
        emitEvent({ t->id, CurlEvent::RequestSent, t->lastSentNs, {}, {}, {} });
    }
}

Transfer *CurlWorker::Loop::start(quint64 id, const QByteArray &body, bool preconnect, int connectionKey)
{
    auto *t = new Transfer;
    t->id = id;
    t->connectionKey = connectionKey;
    t->opensH2c = std::exchange(nextOpensH2c, false);
    t->body = body;
    t->url = worker->m_settings.url;
    t->preconnect = preconnect;
    t->loop = this;
    t->easy = curl_easy_init();
    configure(t); // the request is prepared, not yet handed over: its options are not in its time
    transfers.insert(id, t);
    t->tStartNs = nowNs();
    t->lastActivityNs = t->tStartNs;
    if (!preconnect)
        emitEvent({ id, CurlEvent::Started, t->tStartNs, {}, {}, {} });
    curl_multi_add_handle(multi, t->easy);
    // Started now rather than at the loop's next turn: libcurl connects or sends from its timer.
    int running = 0;
    actionStartNs = t->tStartNs;
    curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running);
    readDone();
    return t;
}

void CurlWorker::Loop::configure(Transfer *t)
{
    const CurlSettings &s = worker->m_settings;
    CURL *e = t->easy;
    curl_easy_setopt(e, CURLOPT_PRIVATE, t);
    curl_easy_setopt(e, CURLOPT_URL, t->url.toEncoded().constData());
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers);
    if (t->connectionKey >= 0)
        curl_easy_setopt(e, CURLOPT_SHARE, connectionCacheOf(t->connectionKey));
    if (t->preconnect) {
        curl_easy_setopt(e, CURLOPT_HTTPGET, 1L);
    } else {
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, t->body.constData());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(t->body.size()));
    }
    long version = CURL_HTTP_VERSION_1_1;
    if (s.http2 && t->url.scheme() == u"https")
        version = CURL_HTTP_VERSION_2TLS;
    else if (s.http2)
        version = t->opensH2c ? CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE : CURL_HTTP_VERSION_2_0;
    curl_easy_setopt(e, CURLOPT_HTTP_VERSION, version);
    curl_easy_setopt(e, CURLOPT_PIPEWAIT, s.http2 ? 1L : 0L);
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L); // same-origin 307/308 only, followed here
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_MAXAGE_CONN, kMaxIdleConnectionAgeS);
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errorText);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onWrite);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, t);
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, t);
    curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, onOpenSocket);
    curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, t);
    curl_easy_setopt(e, CURLOPT_SOCKOPTFUNCTION, onSocketOptions);
    curl_easy_setopt(e, CURLOPT_SOCKOPTDATA, t);
    curl_easy_setopt(e, CURLOPT_CLOSESOCKETFUNCTION, onCloseSocket);
    curl_easy_setopt(e, CURLOPT_CLOSESOCKETDATA, this);
    // The debug callback is how libcurl says when it wrote the request (request_sent_ms).
    curl_easy_setopt(e, CURLOPT_DEBUGFUNCTION, onDebug);
    curl_easy_setopt(e, CURLOPT_DEBUGDATA, t);
    curl_easy_setopt(e, CURLOPT_VERBOSE, t->preconnect ? 0L : 1L);
    curl_easy_setopt(e, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1L);
    if (!s.extraCaPem.isEmpty()) {
        // Added to the system's CAs (CAPATH stays the system's directory), as with Qt network.
        curl_blob blob { const_cast<char *>(s.extraCaPem.constData()), size_t(s.extraCaPem.size()), CURL_BLOB_COPY };
        curl_easy_setopt(e, CURLOPT_CAINFO_BLOB, &blob);
        curl_easy_setopt(e, CURLOPT_CAPATH, "/etc/ssl/certs");
    }
    switch (s.proxyMode) {
    case ProxyMode::None:
        curl_easy_setopt(e, CURLOPT_PROXY, ""); // not even the environment's
        break;
    case ProxyMode::System:
        break; // libcurl reads http_proxy, https_proxy, all_proxy and no_proxy itself
    case ProxyMode::Custom:
        curl_easy_setopt(e, CURLOPT_PROXY, s.proxyUrl.trimmed().toUtf8().constData());
        break;
    }
}

void CurlWorker::Loop::remove(Transfer *t)
{
    transfers.remove(t->id);
    curl_multi_remove_handle(multi, t->easy);
    curl_easy_cleanup(t->easy);
    delete t;
}

CURLSH *CurlWorker::Loop::connectionCacheOf(int key)
{
    CURLSH *&share = connectionCaches[key];
    if (!share) {
        share = curl_share_init();
        curl_share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
    }
    return share;
}

void CurlWorker::Loop::command(const Command &c)
{
    switch (c.kind) {
    case Command::Open:
        if (!h2c() || mayStartH2c())
            start(c.id, c.body, false, c.key);
        else
            heldForH2c.push_back(c);
        return;
    case Command::Abort:
        if (Transfer *t = transfers.value(c.id))
            remove(t);
        std::erase_if(heldForH2c, [&c](const Command &held) { return held.id == c.id; });
        return;
    case Command::Preconnect:
        preconnect(c.count, c.keys);
        return;
    }
}

bool CurlWorker::Loop::mayStartH2c()
{
    if (h2cReady && openConnections > 0)
        return true; // reuses it
    if (h2cOpening)
        return false; // waits for it
    h2cOpening = true;
    nextOpensH2c = true;
    return true; // opens it
}

void CurlWorker::Loop::noteH2c(Transfer *t)
{
    if (!t->opensH2c)
        return;
    long version = 0;
    curl_easy_getinfo(t->easy, CURLINFO_HTTP_VERSION, &version);
    h2cReady = version == CURL_HTTP_VERSION_2_0; // else the next transfer tries to open one again
    h2cOpening = false;
    t->opensH2c = false;
    h2cRelease = true;
}

void CurlWorker::Loop::releaseHeldForH2c()
{
    h2cRelease = false;
    std::vector<Command> held;
    held.swap(heldForH2c);
    for (const Command &c : held)
        command(c);
}

void CurlWorker::Loop::preconnect(int count, const QList<int> &keys)
{
    // Exactly the connections missing: libcurl keeps those of the previous level for reuse.
    int missing = count - openConnections - int(pool.ready.size());
    preconnectWanted = true;
    const QUrl &url = worker->m_settings.url;
    if (h2c()) // its one connection is opened by a request (see h2cReady), or is being opened
        missing = missing > 0 && mayStartH2c() && !(h2cReady && openConnections > 0) ? 1 : 0;
    if (missing > 0 && url.scheme() == u"http" && proxyForUrl.isEmpty() && !h2c()) {
        // Plain HTTP straight to the server: TCP connections alone, nothing sent.
        pool.open(url, missing, epollFd);
    } else {
        // TLS or a proxy: libcurl alone can open such a connection, and only with a request. A GET
        // of the endpoint's URL (its answer, 404 or 405, is read and dropped) leaves the connection,
        // handshakes done, in libcurl's cache (docs/architecture.md#transports): with connection
        // keys, in each key's own cache, one for each key without a connection yet.
        for (int i = 0; i < missing; ++i) {
            ++preconnectsPending;
            start(nextPreconnectId--, {}, true, keys.value(keys.size() - missing + i, -1));
        }
    }
    preconnectDone();
}

void CurlWorker::Loop::preconnectDone()
{
    if (!preconnectWanted || preconnectsPending > 0 || !pool.connecting.isEmpty())
        return;
    preconnectWanted = false;
    emitEvent({ 0, CurlEvent::Prepared, 0, {}, {}, {} });
}

bool CurlWorker::Loop::followRedirect(Transfer *t, Failure::Description *failure)
{
    const RedirectRule::Decision decision
        = RedirectRule::decide(t->head.httpStatus, t->location, t->url, worker->m_settings.url, t->redirects);
    if (!decision.follows()) {
        *failure = decision.failure;
        return false;
    }
    ++t->redirects;
    curl_multi_remove_handle(multi, t->easy);
    t->url = decision.target;
    t->redirecting = false;
    t->answered = false;
    t->discarded = 0;
    t->head = ResponseHead {};
    curl_easy_setopt(t->easy, CURLOPT_URL, t->url.toEncoded().constData());
    curl_multi_add_handle(multi, t->easy);
    return true;
}

void CurlWorker::Loop::finish(Transfer *t, const Failure::Description &failure, qint64 tNs)
{
    reportSendPhases(t);
    long connections = 0;
    curl_easy_getinfo(t->easy, CURLINFO_NUM_CONNECTS, &connections);
    // Happy eyeballs may open two sockets for one connection: libcurl's own count is exact.
    for (long c = 1; c < connections && t->connectNs >= 0; ++c)
        emitEvent({ t->id, CurlEvent::ConnectStarted, t->connectNs, {}, {}, {} });
    if (!t->headReported && t->head.httpStatus > 0 && !t->redirecting && failure.kind == FailureKind::None)
        emitEvent({ t->id, CurlEvent::Headers, t->since(tNs), {}, t->head, {} });
    emitEvent({ t->id, CurlEvent::Finished, t->since(tNs), {}, {}, failure });
    remove(t);
}

void CurlWorker::Loop::onDone(Transfer *t, CURLcode result)
{
    // The read that ended the transfer: its last callback, or the start of the call that read the
    // end (a chunked body's last chunk, an HTTP/2 END_STREAM) if no callback came. Not the time
    // libcurl reported it: by then it may have sent another request on the stream that freed up.
    const qint64 tNs = t->timedOut ? nowNs() : std::max(t->lastActivityNs, actionStartNs);
    noteH2c(t);
    if (t->preconnect) {
        remove(t);
        --preconnectsPending;
        preconnectDone();
        return;
    }
    Failure::Description failure;
    if (result == CURLE_OK && t->redirecting) {
        if (followRedirect(t, &failure))
            return;
    } else if (t->timedOut) {
        failure = { FailureKind::Timeout,
            Failure::explainNetwork(FailureKind::Timeout, {}, t->url, worker->m_settings.timeoutMs) };
    } else if (result != CURLE_OK) {
        failure = CurlFailure::describe(
            result, QString::fromUtf8(t->errorText), t->url, proxyForUrl, t->head.httpStatus > 0);
    }
    finish(t, failure, tNs);
}

void CurlWorker::Loop::readDone()
{
    int left = 0;
    while (CURLMsg *message = curl_multi_info_read(multi, &left)) {
        if (message->msg != CURLMSG_DONE)
            continue;
        Transfer *t = nullptr;
        curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, &t);
        if (t)
            onDone(t, message->data.result);
    }
}

void CurlWorker::Loop::checkInactivity(qint64 now)
{
    if (now < nextInactivityCheckNs)
        return;
    nextInactivityCheckNs = now + kInactivityCheckNs;
    const qint64 limitNs = qint64(worker->m_settings.timeoutMs) * 1'000'000;
    QList<Transfer *> stalled;
    for (Transfer *t : std::as_const(transfers)) {
        if (!t->preconnect && limitNs > 0 && now - t->lastActivityNs >= limitNs)
            stalled.append(t);
    }
    for (Transfer *t : std::as_const(stalled)) {
        t->timedOut = true;
        onDone(t, CURLE_OPERATION_TIMEDOUT);
    }
}

int CurlWorker::Loop::waitMs(qint64 now) const
{
    if (worker->m_settings.busyPoll && !transfers.isEmpty())
        return 0;
    qint64 dueNs = transfers.isEmpty() ? now + 1'000'000'000 : nextInactivityCheckNs;
    if (timerDueNs >= 0)
        dueNs = std::min(dueNs, timerDueNs);
    if (engineWakeDueNs >= 0)
        dueNs = std::min(dueNs, engineWakeDueNs);
    // Rounded up: woken before the deadline, the loop would only go back to sleep.
    return int(std::clamp<qint64>((dueNs - now + 999'999) / 1'000'000, 0, INT_MAX));
}

void CurlWorker::Loop::handOver(qint64 now)
{
    if (batch.isEmpty() && engineWakeDueNs < 0)
        return;
    bool wake = false;
    {
        std::unique_lock lock(worker->m_lock);
        for (const CurlEvent &event : std::as_const(batch)) {
            if (event.type == CurlEvent::Finished)
                worker->m_ended.insert(event.id);
        }
        worker->m_events.append(std::move(batch));
        worker->m_eventBytes += batchBytes;
        if (worker->m_wakePending || worker->m_events.isEmpty()) {
            engineWakeDueNs = -1; // a delivery is on its way (it takes these too), or nothing waits
        } else if (urgent || worker->m_eventBytes >= kUrgentBytes || (engineWakeDueNs >= 0 && now >= engineWakeDueNs)) {
            wake = true;
            worker->m_wakePending = true;
            engineWakeDueNs = -1;
        } else if (engineWakeDueNs < 0) {
            engineWakeDueNs = now + kBodyHandOverNs;
        }
    }
    batch = {};
    batchBytes = 0;
    urgent = false;
    if (wake)
        worker->m_wake();
}

// ---- CurlWorker ----

CurlWorker::CurlWorker(const CurlSettings &settings, std::function<void()> wake)
    : m_settings(settings)
    , m_wake(std::move(wake))
    , m_loop(std::make_unique<Loop>())
{
    m_loop->worker = this;
    m_loop->multi = curl_multi_init();
    m_loop->epollFd = epoll_create1(EPOLL_CLOEXEC);
    m_wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (!m_loop->multi || m_loop->epollFd < 0 || m_wakeFd < 0) {
        m_setupError = QStringLiteral("libcurl could not be set up (%1).").arg(QString::fromLocal8Bit(strerror(errno)));
        return;
    }
    for (const int fd : { m_wakeFd, m_lagTimer.fd() }) {
        epoll_event ev {};
        ev.events = EPOLLIN;
        ev.data.fd = fd;
        if (fd >= 0)
            epoll_ctl(m_loop->epollFd, EPOLL_CTL_ADD, fd, &ev);
    }
    curl_multi_setopt(m_loop->multi, CURLMOPT_SOCKETFUNCTION, onSocket);
    curl_multi_setopt(m_loop->multi, CURLMOPT_SOCKETDATA, m_loop.get());
    curl_multi_setopt(m_loop->multi, CURLMOPT_TIMERFUNCTION, onTimer);
    curl_multi_setopt(m_loop->multi, CURLMOPT_TIMERDATA, m_loop.get());
    // Every connection a level opened stays for the next request (the default keeps 4 per transfer
    // added, which drops connections between levels), up to the file descriptors there are.
    curl_multi_setopt(m_loop->multi, CURLMOPT_MAXCONNECTS, 65536L);
    curl_multi_setopt(m_loop->multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    // Over HTTP/2 a worker keeps one connection, as Qt network does: a request beyond the server's
    // stream limit waits in libcurl's queue for a stream (its request_sent_ms is late) instead of
    // opening another connection.
    if (m_settings.http2)
        curl_multi_setopt(m_loop->multi, CURLMOPT_MAX_HOST_CONNECTIONS, 1L);
    for (const QByteArray &line : std::as_const(m_settings.headerLines))
        m_loop->headers = curl_slist_append(m_loop->headers, line.constData());
    // No "Expect: 100-continue" (libcurl adds it to larger bodies): one round trip less, as Qt sends.
    m_loop->headers = curl_slist_append(m_loop->headers, "Expect:");
    m_loop->proxyForUrl = CurlFailure::proxyFor(m_settings.url, m_settings.proxyMode, m_settings.proxyUrl);
    m_thread = std::thread([this] { run(); });
}

LagRecord CurlWorker::takeLag()
{
    std::lock_guard lock(m_lock);
    return std::exchange(m_lag, {});
}

CurlWorker::~CurlWorker()
{
    {
        std::unique_lock lock(m_lock);
        m_stop = true;
    }
    m_drained.notify_all();
    if (m_wakeFd >= 0) {
        const quint64 one = 1;
        [[maybe_unused]] const auto written = write(m_wakeFd, &one, sizeof one);
    }
    if (m_thread.joinable())
        m_thread.join();
    for (Transfer *t : std::as_const(m_loop->transfers)) {
        curl_multi_remove_handle(m_loop->multi, t->easy);
        curl_easy_cleanup(t->easy);
        delete t;
    }
    // A share handle is cleaned up once no easy handle uses it; the connections it holds close
    // through the close-socket callback, which needs the loop.
    for (CURLSH *share : std::as_const(m_loop->connectionCaches))
        curl_share_cleanup(share);
    if (m_loop->multi)
        curl_multi_cleanup(m_loop->multi);
    curl_slist_free_all(m_loop->headers);
    if (m_loop->epollFd >= 0)
        close(m_loop->epollFd);
    if (m_wakeFd >= 0)
        close(m_wakeFd);
}

void CurlWorker::post(Command command)
{
    {
        std::unique_lock lock(m_lock);
        m_commands.push_back(std::move(command));
    }
    const quint64 one = 1;
    [[maybe_unused]] const auto written = write(m_wakeFd, &one, sizeof one);
}

void CurlWorker::open(quint64 id, const QByteArray &body, int connectionKey)
{
    post({ Command::Open, id, body, 0, connectionKey, {} });
}

void CurlWorker::abort(quint64 id)
{
    post({ Command::Abort, id, {}, 0, -1, {} });
}

void CurlWorker::preconnect(int connections, const QList<int> &connectionKeys)
{
    post({ Command::Preconnect, 0, {}, connections, -1, connectionKeys });
}

QList<CurlEvent> CurlWorker::takeEvents()
{
    QList<CurlEvent> events;
    {
        std::unique_lock lock(m_lock);
        events.swap(m_events);
        m_eventBytes = 0;
        m_wakePending = false;
    }
    m_drained.notify_all();
    return events;
}

QList<CurlEvent> CurlWorker::takeEventsOf(quint64 id)
{
    QList<CurlEvent> taken;
    QList<CurlEvent> kept;
    std::unique_lock lock(m_lock);
    for (CurlEvent &event : m_events) {
        if (event.id == id)
            m_eventBytes -= event.bytes.size(); // no longer waiting: the back pressure counts it out
        (event.id == id ? taken : kept).append(std::move(event));
    }
    m_events.swap(kept);
    return taken;
}

bool CurlWorker::ended(quint64 id) const
{
    std::unique_lock lock(m_lock);
    return m_ended.contains(id);
}

void CurlWorker::forget(quint64 id)
{
    std::unique_lock lock(m_lock);
    m_ended.remove(id);
}

void CurlWorker::run()
{
    pthread_setname_np(pthread_self(), "TokenScope curl"); // at most 15 characters
    Loop &loop = *m_loop;
    m_lagTimer.arm();
    std::vector<Command> commands;
    epoll_event events[256];
    for (;;) {
        {
            std::unique_lock lock(m_lock);
            // Back pressure: nothing more is read while the engine has this much to take.
            m_drained.wait(lock, [this] { return m_stop || m_eventBytes < kMaxWaitingBytes; });
            if (m_stop)
                return;
            commands.swap(m_commands);
        }
        for (const Command &c : commands)
            loop.command(c);
        commands.clear();
        int running = 0;
        const int ready = epoll_wait(loop.epollFd, events, 256, loop.waitMs(nowNs()));
        for (int i = 0; i < ready; ++i) {
            const int fd = events[i].data.fd;
            if (fd == m_lagTimer.fd()) {
                std::lock_guard lock(m_lock);
                m_lagTimer.handle(&m_lag);
                continue;
            }
            if (fd == m_wakeFd) {
                quint64 count = 0;
                [[maybe_unused]] const auto readBytes = read(m_wakeFd, &count, sizeof count);
                continue;
            }
            if (loop.pool.connecting.contains(fd)) {
                loop.pool.onWritable(fd, loop.epollFd);
                loop.preconnectDone();
                continue;
            }
            const int flags = (events[i].events & (EPOLLIN | EPOLLHUP) ? CURL_CSELECT_IN : 0)
                | (events[i].events & EPOLLOUT ? CURL_CSELECT_OUT : 0)
                | (events[i].events & EPOLLERR ? CURL_CSELECT_ERR : 0);
            loop.actionStartNs = nowNs();
            curl_multi_socket_action(loop.multi, fd, flags, &running);
            loop.readDone();
        }
        const qint64 now = nowNs();
        if (loop.timerDueNs >= 0 && now >= loop.timerDueNs) {
            loop.timerDueNs = -1;
            loop.actionStartNs = now;
            curl_multi_socket_action(loop.multi, CURL_SOCKET_TIMEOUT, 0, &running);
            loop.readDone();
        }
        loop.checkInactivity(now);
        if (loop.h2cRelease)
            loop.releaseHeldForH2c();
        loop.handOver(nowNs());
    }
}

} // namespace TokenScope
