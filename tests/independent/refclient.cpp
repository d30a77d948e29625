// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A minimal native reference client for the independent-server check: the floor of what any
// client can reach on this machine. It is a control, not part of TokenScope (no Qt; plain C++17,
// POSIX sockets and epoll), built by run.sh with `g++ -O2`. It does what refclient.py does (one
// thread, one keep-alive connection per concurrent user opened before the level, the same closed
// loop and request, every recv() timestamped with CLOCK_MONOTONIC before anything else) and writes
// requests.jsonl with the fields compare.py reads. Its SSE handling is only what mock-llm's
// chunks need: an event has text when its JSON carries a non-empty "content" string.
// With --api anthropic it POSTs /v1/messages with x-api-key (from the variable --api-key-env
// names) and anthropic-version: 2023-06-01, and reads only what aimock's events need: the
// first "id" (message_start's), text in a non-empty text_delta or thinking_delta (the first
// text_delta is ttfc_ms), the last "output_tokens" (message_delta's) as usage.
//
//   refclient-native --port P [--model M] [--concurrency 1,16,64,256]
//                    [--requests-per-concurrency 1] [--requests N] [--warmup 1] [--timeout 60]
//                    [--api anthropic --api-key-env VAR] --out DIR

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <vector>

namespace {

long long nowNs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

struct Options {
    int port = 0;
    std::string model = "independent-mock";
    std::vector<int> levels{1, 16, 64, 256};
    int requestsPerConcurrency = 1;
    int requests = 0; // a fixed number per level instead, when > 0
    bool anthropic = false;
    std::string apiKeyEnv = "ANTHROPIC_API_KEY";
    int warmup = 1;
    double timeoutS = 60;
    std::string out;
};

/// One request/response on a connection: HTTP/1.1 head, chunked body, SSE events.
struct Exchange {
    int level = 0, index = 0;
    bool warmup = false, anthropic = false;
    long long runStartNs = 0, tStartNs = 0, sentNs = -1, ttfcNs = -1;
    std::string raw, body;
    bool headersDone = false, chunked = false, needCrlf = false, done = false;
    long long remaining = -1, chunkLeft = 0;
    int status = 0, usageTokens = -1;
    std::string responseId;
    std::vector<long long> chunkTimesNs;

    void feed(const char *data, size_t size, long long tNs)
    {
        raw.append(data, size);
        if (!headersDone && !parseHead())
            return;
        decodeBody();
        splitEvents(tNs);
    }

    bool parseHead()
    {
        const size_t end = raw.find("\r\n\r\n");
        if (end == std::string::npos)
            return false;
        const std::string head = raw.substr(0, end);
        status = std::atoi(head.c_str() + head.find(' ') + 1);
        std::string lower = head;
        for (char &c : lower)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        chunked = lower.find("transfer-encoding: chunked") != std::string::npos;
        if (const size_t cl = lower.find("content-length:"); cl != std::string::npos)
            remaining = std::atoll(lower.c_str() + cl + 15);
        raw.erase(0, end + 4);
        headersDone = true;
        return true;
    }

    void decodeBody()
    {
        if (!chunked) {
            const size_t take = remaining < 0 ? raw.size() : std::min(raw.size(), size_t(remaining));
            body.append(raw, 0, take);
            raw.erase(0, take);
            if (remaining >= 0 && (remaining -= take) == 0)
                done = true;
            return;
        }
        while (!raw.empty()) {
            if (needCrlf) {
                if (raw.size() < 2)
                    return;
                raw.erase(0, 2);
                needCrlf = false;
            }
            if (chunkLeft == 0) {
                const size_t eol = raw.find("\r\n");
                if (eol == std::string::npos)
                    return;
                const long long size = std::strtoll(raw.c_str(), nullptr, 16);
                if (size == 0) {
                    if (raw.size() < eol + 4)
                        return;
                    raw.erase(0, eol + 4);
                    done = true;
                    return;
                }
                raw.erase(0, eol + 2);
                chunkLeft = size;
            }
            const size_t take = std::min(size_t(chunkLeft), raw.size());
            body.append(raw, 0, take);
            raw.erase(0, take);
            if ((chunkLeft -= take) == 0)
                needCrlf = true;
        }
    }

    void splitEvents(long long tNs)
    {
        size_t sep;
        while ((sep = body.find("\n\n")) != std::string::npos) {
            const std::string event = body.substr(0, sep);
            body.erase(0, sep + 2);
            handleEvent(event, tNs);
        }
    }

    void handleEvent(const std::string &event, long long tNs)
    {
        if (event.find("data:") == std::string::npos || event.find("[DONE]") != std::string::npos)
            return;
        if (responseId.empty()) {
            if (const size_t id = event.find("\"id\":\""); id != std::string::npos) {
                const size_t from = id + 6;
                responseId = event.substr(from, event.find('"', from) - from);
            }
        }
        if (anthropic) {
            if (const size_t u = event.find("\"output_tokens\":"); u != std::string::npos)
                usageTokens = std::atoi(event.c_str() + u + 16);
            const bool text = event.find("\"text_delta\",\"text\":\"") != std::string::npos
                && event.find("\"text_delta\",\"text\":\"\"") == std::string::npos;
            const bool thinking = event.find("\"thinking_delta\",\"thinking\":\"") != std::string::npos
                && event.find("\"thinking_delta\",\"thinking\":\"\"") == std::string::npos;
            if (text && ttfcNs < 0)
                ttfcNs = tNs - tStartNs;
            if (text || thinking)
                chunkTimesNs.push_back(tNs - tStartNs);
            return;
        }
        if (const size_t u = event.find("\"completion_tokens\":"); u != std::string::npos)
            usageTokens = std::atoi(event.c_str() + u + 20);
        const size_t content = event.find("\"content\":\"");
        if (content != std::string::npos && event[content + 11] != '"')
            chunkTimesNs.push_back(tNs - tStartNs);
    }

    std::string record() const
    {
        auto ms = [](long long ns) { return std::to_string(double(ns) / 1e6); };
        const bool ok = done && status == 200 && !chunkTimesNs.empty();
        std::string times;
        for (size_t i = 0; i < chunkTimesNs.size(); ++i)
            times += (i ? "," : "") + ms(chunkTimesNs[i]);
        const int tokens = usageTokens >= 0 ? usageTokens : int(chunkTimesNs.size());
        return "{\"level\":" + std::to_string(level) + ",\"index\":" + std::to_string(index)
            + ",\"warmup\":" + (warmup ? "true" : "false") + ",\"response_id\":"
            + (responseId.empty() ? std::string("null") : "\"" + responseId + "\"") + ",\"status\":\""
            + (ok ? "ok" : "error") + "\",\"start_ms\":" + ms(tStartNs - runStartNs)
            + ",\"request_sent_ms\":" + (sentNs >= 0 ? ms(sentNs) : std::string("null"))
            + ",\"ttft_ms\":" + (chunkTimesNs.empty() ? std::string("null") : ms(chunkTimesNs[0]))
            + ",\"ttfc_ms\":" + (ttfcNs >= 0 ? ms(ttfcNs) : anthropic ? std::string("null")
                                     : chunkTimesNs.empty() ? std::string("null") : ms(chunkTimesNs[0]))
            + ",\"chunk_times_ms\":[" + times + "],\"output_tokens\":" + std::to_string(tokens)
            + ",\"output_tokens_source\":\"" + (usageTokens >= 0 ? "usage" : "chunks") + "\"}";
    }
};

class Client {
public:
    explicit Client(const Options &o)
        : m_o(o)
        , m_epoll(epoll_create1(0))
        , m_runStartNs(nowNs())
    {
        if (o.anthropic) {
            const char *key = std::getenv(o.apiKeyEnv.c_str());
            const std::string body = "{\"model\":\"" + o.model
                + "\",\"stream\":true,\"max_tokens\":2048,\"messages\":[{\"role\":\"user\","
                  "\"content\":\"Explain how a CPU cache works.\"}]}";
            m_request = "POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(o.port)
                + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nx-api-key: "
                + (key ? key : "") + "\r\nanthropic-version: 2023-06-01\r\nContent-Length: "
                + std::to_string(body.size()) + "\r\nConnection: keep-alive\r\n\r\n" + body;
            return;
        }
        const std::string body = "{\"model\":\"" + o.model
            + "\",\"stream\":true,\"temperature\":0,\"max_tokens\":64,\"messages\":[{\"role\":\"user\","
              "\"content\":\"Explain how a CPU cache works.\"}],\"stream_options\":{\"include_usage\":true}}";
        m_request = "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(o.port)
            + "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\nContent-Length: "
            + std::to_string(body.size()) + "\r\nConnection: keep-alive\r\n\r\n" + body;
    }

    void runLevel(int level, int total, bool warmup)
    {
        while (int(m_sockets.size()) < level)
            m_sockets.push_back(connectSocket());
        m_level = level;
        m_total = total;
        m_issued = m_finished = 0;
        m_warmup = warmup;
        for (int i = 0; i < level; ++i) {
            epoll_event ev{};
            ev.events = EPOLLIN;
            ev.data.fd = m_sockets[size_t(i)];
            epoll_ctl(m_epoll, EPOLL_CTL_ADD, ev.data.fd, &ev);
        }
        for (int i = 0; i < std::min(level, total); ++i)
            issue(m_sockets[size_t(i)]);
        const long long deadline = nowNs() + (long long)(m_o.timeoutS * 1e9);
        std::vector<epoll_event> events(static_cast<size_t>(level));
        while (m_finished < total && nowNs() < deadline) {
            const int n = epoll_wait(m_epoll, events.data(), level, 1000);
            for (int i = 0; i < n; ++i)
                onReadable(events[size_t(i)].data.fd);
        }
        for (int i = 0; i < level; ++i)
            epoll_ctl(m_epoll, EPOLL_CTL_DEL, m_sockets[size_t(i)], nullptr);
    }

    const std::vector<std::string> &records() const { return m_records; }

private:
    int connectSocket() const
    {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(uint16_t(m_o.port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
            std::perror("connect");
            std::exit(1);
        }
        const int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        return fd;
    }

    void issue(int fd)
    {
        Exchange &ex = m_active[fd] = Exchange{};
        ex.level = m_level;
        ex.index = m_issued++;
        ex.warmup = m_warmup;
        ex.anthropic = m_o.anthropic;
        ex.runStartNs = m_runStartNs;
        ex.tStartNs = nowNs();
        for (size_t sent = 0; sent < m_request.size();) { // blocking socket: whole request
            const ssize_t w = send(fd, m_request.data() + sent, m_request.size() - sent, MSG_NOSIGNAL);
            if (w <= 0)
                break;
            sent += size_t(w);
        }
        ex.sentNs = nowNs() - ex.tStartNs;
    }

    void onReadable(int fd)
    {
        const long long t = nowNs(); // first statement: the read's timestamp
        const ssize_t got = recv(fd, m_buffer, sizeof m_buffer, MSG_DONTWAIT);
        if (got < 0 && errno == EAGAIN)
            return;
        const auto it = m_active.find(fd);
        if (it == m_active.end()) {
            if (got <= 0) // an idle connection the server closed: a fresh one takes its place
                replaceSocket(fd);
            return;
        }
        Exchange &ex = it->second;
        if (got > 0)
            ex.feed(m_buffer, size_t(got), t);
        else
            ex.done = false; // closed or failed mid-response: recorded as an error
        if (got > 0 && !ex.done)
            return;
        m_records.push_back(ex.record());
        ++m_finished;
        m_active.erase(it);
        if (got <= 0)
            fd = replaceSocket(fd);
        if (m_issued < m_total)
            issue(fd);
    }

    /// Closes `fd` and puts a new connection in its place (and in epoll); returns the new fd.
    int replaceSocket(int fd)
    {
        epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, nullptr);
        close(fd);
        const int fresh = connectSocket();
        for (int &s : m_sockets)
            if (s == fd)
                s = fresh;
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.fd = fresh;
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, fresh, &ev);
        return fresh;
    }

    const Options &m_o;
    int m_epoll;
    long long m_runStartNs;
    std::string m_request;
    std::vector<int> m_sockets;
    std::map<int, Exchange> m_active;
    std::vector<std::string> m_records;
    int m_level = 0, m_total = 0, m_issued = 0, m_finished = 0;
    bool m_warmup = false;
    char m_buffer[262144];
};

std::vector<int> parseLevels(const char *text)
{
    std::vector<int> levels;
    for (const char *p = text; *p;) {
        levels.push_back(std::atoi(p));
        const char *comma = std::strchr(p, ',');
        p = comma ? comma + 1 : p + std::strlen(p);
    }
    return levels;
}

Options parseOptions(int argc, char **argv)
{
    Options o;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string name = argv[i];
        const char *value = argv[i + 1];
        if (name == "--port")
            o.port = std::atoi(value);
        else if (name == "--model")
            o.model = value;
        else if (name == "--concurrency")
            o.levels = parseLevels(value);
        else if (name == "--requests-per-concurrency")
            o.requestsPerConcurrency = std::atoi(value);
        else if (name == "--requests")
            o.requests = std::atoi(value);
        else if (name == "--api")
            o.anthropic = std::string(value) == "anthropic";
        else if (name == "--api-key-env")
            o.apiKeyEnv = value;
        else if (name == "--warmup")
            o.warmup = std::atoi(value);
        else if (name == "--timeout")
            o.timeoutS = std::atof(value);
        else if (name == "--out")
            o.out = value;
        else {
            std::fprintf(stderr, "unknown option %s\n", name.c_str());
            std::exit(2);
        }
    }
    if (o.port <= 0 || o.out.empty() || o.levels.empty()) {
        std::fprintf(stderr, "usage: %s --port P --out DIR [--concurrency 1,16,64,256] ...\n", argv[0]);
        std::exit(2);
    }
    return o;
}

} // namespace

int main(int argc, char **argv)
{
    const Options o = parseOptions(argc, argv);
    static Client client(o); // static: its 256 KiB read buffer stays off the stack
    for (int i = 0; i < o.warmup; ++i)
        client.runLevel(1, 1, true);
    for (const int level : o.levels)
        client.runLevel(level, o.requests > 0 ? o.requests : level * o.requestsPerConcurrency, false);
    mkdir(o.out.c_str(), 0755);
    const std::string path = o.out + "/requests.jsonl";
    FILE *file = std::fopen(path.c_str(), "w");
    if (!file) {
        std::perror(path.c_str());
        return 1;
    }
    int ok = 0;
    for (std::string line : client.records()) {
        ok += line.find("\"status\":\"ok\"") != std::string::npos;
        if (line.find("\"warmup\":true") != std::string::npos) // like refclient.py: the first level's number
            line.replace(line.find("\"level\":1,"), 10, "\"level\":" + std::to_string(o.levels.front()) + ",");
        std::fprintf(file, "%s\n", line.c_str());
    }
    std::fclose(file);
    std::printf("refclient-native: %zu requests, %d ok, written to %s\n", client.records().size(), ok, path.c_str());
    return 0;
}
