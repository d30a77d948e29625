#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A minimal reference client (python3 stdlib only) for the independent-server check.

It is a control, not part of TokenScope: one thread, non-blocking sockets and epoll, HTTP/1.1
keep-alive with one connection per concurrent user (all opened before a level starts), a
closed loop like tokenscope-cli's, and every recv() timestamped (time.monotonic_ns) before
anything else is done. It writes requests.jsonl with the fields compare.py reads
(response_id, level, warmup, status, start_ms, request_sent_ms, ttft_ms, chunk_times_ms,
output_tokens, output_tokens_source), so the same comparison with the capture tells how close to
the wire a plain event loop gets on this machine, next to TokenScope's figures.
"""
import argparse
import json
import os
import selectors
import socket
import time


def now_ns() -> int:
    return time.monotonic_ns()


class Exchange:
    """One request/response on a connection: incremental HTTP/1.1 + chunked + SSE parsing."""

    def __init__(self, level: int, index: int, warmup: bool, run_start_ns: int):
        self.level, self.index, self.warmup = level, index, warmup
        self.run_start_ns = run_start_ns
        self.t_start = 0
        self.sent = -1
        self.raw = bytearray()
        self.headers_done = False
        self.chunked = False
        self.remaining = None  # content-length mode
        self.chunk_left = 0  # bytes left of the current HTTP chunk (chunked mode)
        self.need_crlf = False
        self.body = bytearray()  # decoded, not yet split into SSE events
        self.done = False
        self.status = 0
        self.response_id = None
        self.chunk_times = []
        self.usage_tokens = None

    def feed(self, data: bytes, t: int):
        self.raw += data
        if not self.headers_done:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.raw[:end]).decode("latin-1").split("\r\n")
            self.status = int(head[0].split(" ")[1])
            for line in head[1:]:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                if name == "transfer-encoding" and "chunked" in value.lower():
                    self.chunked = True
                elif name == "content-length":
                    self.remaining = int(value.strip())
            del self.raw[:end + 4]
            self.headers_done = True
        self._decode()
        self._events(t)

    def _decode(self):
        if not self.chunked:
            take = len(self.raw) if self.remaining is None else min(len(self.raw), self.remaining)
            self.body += self.raw[:take]
            del self.raw[:take]
            if self.remaining is not None:
                self.remaining -= take
                if self.remaining == 0:
                    self.done = True
            return
        while self.raw:
            if self.need_crlf:
                if len(self.raw) < 2:
                    return
                del self.raw[:2]
                self.need_crlf = False
            if self.chunk_left == 0:
                eol = self.raw.find(b"\r\n")
                if eol < 0:
                    return
                size = int(bytes(self.raw[:eol]).split(b";")[0], 16)
                if size == 0:
                    if len(self.raw) < eol + 4:
                        return
                    del self.raw[:eol + 4]
                    self.done = True
                    return
                del self.raw[:eol + 2]
                self.chunk_left = size
            take = min(self.chunk_left, len(self.raw))
            self.body += self.raw[:take]
            del self.raw[:take]
            self.chunk_left -= take
            if self.chunk_left == 0:
                self.need_crlf = True

    def _events(self, t: int):
        while True:
            sep = self.body.find(b"\n\n")
            if sep < 0:
                return
            block = bytes(self.body[:sep]).decode("utf-8", "replace")
            del self.body[:sep + 2]
            data = "\n".join(ln[5:].lstrip() for ln in block.split("\n") if ln.startswith("data:"))
            if not data or data.strip() == "[DONE]":
                continue
            try:
                obj = json.loads(data)
            except ValueError:
                continue
            if self.response_id is None and obj.get("id"):
                self.response_id = obj["id"]
            usage = obj.get("usage")
            if isinstance(usage, dict) and usage.get("completion_tokens") is not None:
                self.usage_tokens = int(usage["completion_tokens"])
            for ch in obj.get("choices") or []:
                delta = ch.get("delta") or {}
                if delta.get("content") or delta.get("reasoning_content"):
                    self.chunk_times.append(t - self.t_start)
                    break

    def record(self) -> dict:
        ms = lambda ns: round(ns / 1e6, 3)
        return {
            "level": self.level, "index": self.index, "warmup": self.warmup,
            "response_id": self.response_id,
            "status": "ok" if self.done and self.status == 200 and self.chunk_times else "error",
            "start_ms": ms(self.t_start - self.run_start_ns),
            "request_sent_ms": ms(self.sent) if self.sent >= 0 else None,
            "ttft_ms": ms(self.chunk_times[0]) if self.chunk_times else None,
            "chunk_times_ms": [ms(c) for c in self.chunk_times],
            "output_tokens": self.usage_tokens if self.usage_tokens is not None else len(self.chunk_times),
            "output_tokens_source": "usage" if self.usage_tokens is not None else "chunks",
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--model", default="independent-mock")
    ap.add_argument("--concurrency", default="1,16,64,256")
    ap.add_argument("--requests-per-concurrency", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per level")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    body = json.dumps({
        "model": a.model, "stream": True, "temperature": 0, "max_tokens": 64,
        "messages": [{"role": "user", "content": "Explain how a CPU cache works."}],
        "stream_options": {"include_usage": True},
    }, separators=(",", ":")).encode()
    request = (f"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:{a.port}\r\n"
               f"Content-Type: application/json\r\nAccept: text/event-stream\r\n"
               f"Content-Length: {len(body)}\r\nConnection: keep-alive\r\n\r\n").encode() + body

    os.makedirs(a.out, exist_ok=True)
    records = []
    sel = selectors.DefaultSelector()
    conns = []
    run_start = now_ns()

    def connection():
        s = socket.create_connection(("127.0.0.1", a.port))
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.setblocking(False)
        return s

    def run_level(level, total, warmup):
        while len(conns) < level:
            conns.append(connection())
        issued = 0
        finished = 0
        active = {}

        def issue(s):
            nonlocal issued
            ex = Exchange(level, issued, warmup, run_start)
            issued += 1
            ex.t_start = now_ns()
            s.setblocking(True)
            s.sendall(request)
            s.setblocking(False)
            ex.sent = now_ns() - ex.t_start
            active[s] = ex

        for s in conns[:level]:
            sel.register(s, selectors.EVENT_READ)
        for s in conns[:min(level, total)]:
            issue(s)
        deadline = time.monotonic() + a.timeout
        while finished < total and time.monotonic() < deadline:
            for key, _ in sel.select(timeout=1.0):
                s = key.fileobj
                t = now_ns()
                data = s.recv(262144)
                ex = active.get(s)
                if ex is None:
                    continue
                if not data:
                    ex.done = False
                    records.append(ex.record())
                    finished += 1
                    del active[s]
                    continue
                ex.feed(data, t)
                if ex.done:
                    records.append(ex.record())
                    finished += 1
                    del active[s]
                    if issued < total:
                        issue(s)
        for s in conns[:level]:
            sel.unregister(s)

    for _ in range(a.warmup):
        run_level(1, 1, True)
        records[-1]["level"] = int(a.concurrency.split(",")[0])
    for level in [int(x) for x in a.concurrency.split(",") if x.strip()]:
        run_level(level, level * a.requests_per_concurrency, False)
    for s in conns:
        s.close()
    with open(os.path.join(a.out, "requests.jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    ok = sum(1 for r in records if r["status"] == "ok")
    print(f"refclient: {len(records)} requests, {ok} ok, written to {a.out}/requests.jsonl")


if __name__ == "__main__":
    main()
