#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A real HTTP/2 server for the engine's tests: cleartext h2 with prior knowledge (h2c, what the
engine speaks to an http:// URL with http2 on), built on Debian's python3-h2.

It advertises SETTINGS_MAX_CONCURRENT_STREAMS = --max-streams in its first frames and answers
POST .../chat/completions with an OpenAI-style SSE stream: a role chunk, --tokens (or the request's
max_tokens, whichever is smaller) content chunks --interval-ms apart after --ttft-ms, a finish
chunk, a usage chunk when the request asked for include_usage, then `data: [DONE]`.

A stream opened past the limit before the client acknowledged the setting is refused with
RST_STREAM(REFUSED_STREAM), as nghttp2 and Go's server do; after the acknowledgement, h2 treats it
as a connection error. Either is counted and logged on stderr.

With --misbehave, every answer breaks the protocol on purpose: `rst` resets the stream
(RST_STREAM INTERNAL_ERROR) after three content chunks; `no-status` sends a response head without
`:status`.

On start it prints one line on stdout: "h2peer serving http://127.0.0.1:PORT/v1 (max concurrent
streams N)". With --log, one line per stream event on stderr, after the CLOCK_MONOTONIC time in ms
("open 3 streams=2 max=2", "request 3 complete after 0.4 ms", "close 3 (answered) streams=1"); on
SIGTERM or SIGINT it prints "h2peer done: streams=S max_open=M refused=R errors=E" on stderr.
"""
import argparse
import asyncio
import json
import signal
import sys
import time

import h2.config
import h2.connection
import h2.errors
import h2.events
import h2.exceptions
import h2.settings

MAX_CONCURRENT = h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS


class Totals:
    def __init__(self):
        self.streams = 0  # streams answered (opened and not refused)
        self.open = 0  # streams being answered now, over all connections
        self.max_open = 0
        self.refused = 0
        self.errors = 0  # connections ended by a protocol error


class Peer(asyncio.Protocol):
    def __init__(self, args, totals):
        self.args = args
        self.totals = totals
        self.conn = h2.connection.H2Connection(
            # A head without :status is only sent with h2's own check of outgoing headers off.
            config=h2.config.H2Configuration(client_side=False, header_encoding="utf-8",
                                             validate_outbound_headers=args.misbehave != "no-status")
        )
        self.transport = None
        self.requests = {}  # stream id -> {"headers": dict, "body": bytearray}
        self.tasks = {}  # stream id -> the task answering it
        self.window_opened = asyncio.Event()
        self.open_here = 0  # streams being answered on this connection

    def log(self, text):
        if self.args.log:
            # CLOCK_MONOTONIC in ms: the engine's clock too (docs/metrics.md#1-clock-and-timestamps).
            print(f"{time.monotonic() * 1000:.3f} {text}", file=sys.stderr, flush=True)

    def connection_made(self, transport):
        self.transport = transport
        # The server preface goes out at once, before the client's: the limit reaches a client that
        # opened the connection ahead of its first request (a preconnect) before it sends one.
        self.conn.initiate_connection()
        self.conn.update_settings({MAX_CONCURRENT: self.args.max_streams})
        self.flush()

    def connection_lost(self, exc):
        for task in self.tasks.values():
            task.cancel()
        self.tasks.clear()

    def flush(self):
        data = self.conn.data_to_send()
        if data and self.transport and not self.transport.is_closing():
            self.transport.write(data)

    def data_received(self, data):
        try:
            events = self.conn.receive_data(data)
        except h2.exceptions.ProtocolError as error:
            self.totals.errors += 1
            print(f"h2peer: protocol error, connection closed: {error}", file=sys.stderr, flush=True)
            self.flush()  # the GOAWAY h2 prepared
            self.transport.close()
            return
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                self.on_request(event)
            elif isinstance(event, h2.events.DataReceived):
                self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                if event.stream_id in self.requests:
                    self.requests[event.stream_id]["body"] += event.data
            elif isinstance(event, h2.events.StreamEnded):
                self.on_request_complete(event.stream_id)
            elif isinstance(event, h2.events.StreamReset):
                self.end_stream(event.stream_id, "reset by client")
            elif isinstance(event, h2.events.WindowUpdated):
                self.window_opened.set()
            elif isinstance(event, h2.events.ConnectionTerminated):
                self.transport.close()
        self.flush()

    def on_request(self, event):
        stream_id = event.stream_id
        if self.open_here >= self.args.max_streams:
            # Only before the client acknowledged the setting: after it, h2 refuses the frame itself.
            self.totals.refused += 1
            print(f"h2peer: refused stream {stream_id}: {self.open_here} open, limit {self.args.max_streams}",
                  file=sys.stderr, flush=True)
            self.conn.reset_stream(stream_id, h2.errors.ErrorCodes.REFUSED_STREAM)
            return
        self.open_here += 1
        self.totals.open += 1
        self.totals.streams += 1
        self.totals.max_open = max(self.totals.max_open, self.totals.open)
        self.requests[stream_id] = {"headers": dict(event.headers), "body": bytearray(), "opened": time.monotonic()}
        self.log(f"open {stream_id} streams={self.totals.open} max={self.totals.max_open}")
        if event.stream_ended:
            self.on_request_complete(stream_id)

    def on_request_complete(self, stream_id):
        request = self.requests.get(stream_id)
        if request is None or stream_id in self.tasks:
            return
        self.log(f"request {stream_id} complete after {(time.monotonic() - request['opened']) * 1000:.3f} ms")
        self.tasks[stream_id] = asyncio.get_running_loop().create_task(self.answer(stream_id, request))

    def end_stream(self, stream_id, why):
        task = self.tasks.pop(stream_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if self.requests.pop(stream_id, None) is not None:
            self.open_here -= 1
            self.totals.open -= 1
            self.log(f"close {stream_id} ({why}) streams={self.totals.open}")

    async def send(self, stream_id, data, end_stream=False):
        while data:
            window = min(self.conn.local_flow_control_window(stream_id), self.conn.max_outbound_frame_size)
            if window <= 0:
                self.window_opened.clear()
                await self.window_opened.wait()
                continue
            self.conn.send_data(stream_id, data[:window])
            data = data[window:]
            self.flush()
        if end_stream:
            self.conn.end_stream(stream_id)
            self.flush()

    async def answer(self, stream_id, request):
        try:
            await self.answer_stream(stream_id, request)
            self.end_stream(stream_id, "answered")
        except asyncio.CancelledError:
            raise
        except h2.exceptions.StreamClosedError:
            self.end_stream(stream_id, "closed")

    async def answer_stream(self, stream_id, request):
        headers = request["headers"]
        if headers.get(":method") != "POST" or not headers.get(":path", "").endswith("/chat/completions"):
            self.conn.send_headers(stream_id, [(":status", "404"), ("content-type", "application/json")])
            await self.send(stream_id, b'{"error":{"message":"not found","type":"invalid_request_error"}}', True)
            return
        try:
            body = json.loads(bytes(request["body"]) or b"{}")
        except ValueError:
            body = {}
        tokens = max(1, min(self.args.tokens, int(body.get("max_tokens") or self.args.tokens)))
        with_usage = bool((body.get("stream_options") or {}).get("include_usage"))
        model = body.get("model") or "h2peer"
        created = int(time.time())
        chunk_id = f"chatcmpl-h2peer-{stream_id}"

        def event(choices, usage=None):
            chunk = {"id": chunk_id, "object": "chat.completion.chunk", "created": created, "model": model,
                     "choices": choices, "usage": usage}
            return b"data: " + json.dumps(chunk, separators=(",", ":")).encode() + b"\n\n"

        head = [("content-type", "text/event-stream"), ("cache-control", "no-cache")]
        self.conn.send_headers(stream_id, head if self.args.misbehave == "no-status" else [(":status", "200")] + head)
        self.flush()
        await asyncio.sleep(self.args.ttft_ms / 1000)
        await self.send(stream_id, event([{"index": 0, "delta": {"role": "assistant", "content": ""},
                                           "finish_reason": None}]))
        for i in range(tokens):
            if i > 0:
                await asyncio.sleep(self.args.interval_ms / 1000)
            await self.send(stream_id, event([{"index": 0, "delta": {"content": f" tok{i}"}, "finish_reason": None}]))
            if self.args.misbehave == "rst" and i == 2:
                self.conn.reset_stream(stream_id, h2.errors.ErrorCodes.INTERNAL_ERROR)
                self.flush()
                return
        await self.send(stream_id, event([{"index": 0, "delta": {}, "finish_reason": "stop"}]))
        if with_usage:
            await self.send(stream_id, event([], {"prompt_tokens": 5, "completion_tokens": tokens,
                                                  "total_tokens": 5 + tokens}))
        await self.send(stream_id, b"data: [DONE]\n\n", True)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0: any free port (printed)")
    parser.add_argument("--max-streams", type=int, required=True, help="SETTINGS_MAX_CONCURRENT_STREAMS")
    parser.add_argument("--ttft-ms", type=float, default=20, help="from the request to the first chunk")
    parser.add_argument("--interval-ms", type=float, default=20, help="between content chunks")
    parser.add_argument("--tokens", type=int, default=16, help="content chunks at most (and max_tokens)")
    parser.add_argument("--misbehave", choices=["none", "rst", "no-status"], default="none",
                        help="break the protocol in every answer (see above)")
    parser.add_argument("--log", action="store_true", help="one stderr line per stream opened or closed")
    args = parser.parse_args()

    totals = Totals()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Peer(args, totals), args.host, args.port)
    port = server.sockets[0].getsockname()[1]
    print(f"h2peer serving http://{args.host}:{port}/v1 (max concurrent streams {args.max_streams})", flush=True)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    server.close()
    print(f"h2peer done: streams={totals.streams} max_open={totals.max_open} refused={totals.refused} "
          f"errors={totals.errors}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    asyncio.run(main())
