#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compare tokenscope-cli's per-request timings with a loopback packet capture (python3 stdlib only).

Ground truth is the capture: every TCP segment the independent server sent, with the kernel's
timestamp (tshark, frame.time_epoch, ns). This script rebuilds each HTTP/1.1 exchange from the
segments, decodes the chunked body and the SSE events in it, and gives every event the time of
the segment that carried the event's final byte (the client cannot parse an event before it has
its terminating blank line). Responses are matched to the client's requests.jsonl records by the
chunk `id` (response_id).

Client and capture clocks are never aligned; only differences are compared:
  ITL error     = (client gap between successive text chunks) - (wire gap between the segments
                  that carried those chunks), per gap, reported as |error|.
  TTFT overhead = client ttft_ms - (wire time of the first text-carrying segment - wire time of
                  the request's first (POST) segment).
Diagnostics only (they need one clock offset per level, taken as the smallest client-minus-wire
difference over all text chunks of the level, i.e. the chunk the client took in fastest):
  TTFT overhead send side = the POST segment's wire time - the client's start of that request
  (post() called), receive side = the rest; chunk lateness = how much later than that fastest
  chunk the client timestamped each chunk, relative to its wire time.
Also per level: requests in flight at once on the wire (most responses open at one instant,
from the POST's first segment to the response's last byte), TCP connections the client opened
after the level's first request started, and how long the level's first N POSTs took to appear
on the wire. A run LABEL starting with ref- is a control client (refclient.py): shown, not held
to the targets. A LABEL starting with usage- is held only to the token and chunk counts and the
matching (a server that writes every chunk at once has no timing to compare). Every other run
must also count, per request, the wire's usage completion_tokens (else its text chunks).

Anthropic Messages streams (event: message_start … content_block_delta … message_stop) are read
too: the id from message_start, text_delta and thinking_delta with text as the token text (TTFT,
the chunks), text_delta alone as the answer text (TTFC), the output_tokens of the last
message_delta as usage. A LABEL starting with anthropic- is held to its own targets at any level:
every request a POST to /v1/messages carrying x-api-key and anthropic-version: 2023-06-01 (read
from the capture, so whatever the server checks); ITL error p99 <= 1 ms; |TTFT error| and |TTFC
error| p99 <= 2 ms (TTFC error = client ttfc_ms - (wire time of the first text_delta - wire time of
the POST)); ttft_ms < ttfc_ms in every request whose thinking came before its text on the wire;
output_tokens equal to the wire's usage and taken from usage.
Percentiles interpolate linearly between closest ranks (numpy's default).
"""
import argparse
import bisect
import json
import os
import subprocess
import sys
from collections import defaultdict

TARGET_TTFT_OVERHEAD_MS = 1.0  # at concurrency 1
# Runs labelled anthropic-: Anthropic Messages against an independent server, at any level
ANTHROPIC_TARGET_ITL_MS = 1.0  # ITL error p99
ANTHROPIC_TARGET_FIRST_MS = 2.0  # |TTFT error| and |TTFC error| p99
ANTHROPIC_VERSION = "2023-06-01"
ANTHROPIC_EVENTS = {"message_start", "content_block_start", "content_block_delta", "content_block_stop",
                    "message_delta", "message_stop", "ping", "error"}


# ---------------------------------------------------------------------------------------------
# Capture side
# ---------------------------------------------------------------------------------------------

def parse_epoch_ns(text: str) -> int:
    sec, _, frac = text.partition(".")
    return int(sec) * 1_000_000_000 + int((frac + "000000000")[:9])


class Direction:
    """One direction of one TCP connection: its bytes in order, and which segment carried each."""

    def __init__(self):
        self.data = bytearray()
        self.seg_offsets = []  # start offset of each segment in self.data
        self.seg_times = []  # its capture time, ns
        self.base_seq = None
        self.gaps = 0  # bytes missing (dropped packets)
        self.retrans = 0

    def add(self, seq: int, payload: bytes, t_ns: int):
        if self.base_seq is None:
            self.base_seq = seq
        off = (seq - self.base_seq) % (1 << 32)
        end = len(self.data)
        if off + len(payload) <= end:
            self.retrans += 1
            return
        if off > end:
            self.gaps += off - end
            self.data += b"\0" * (off - end)
            end = off
        payload = payload[end - off:]
        self.seg_offsets.append(end)
        self.seg_times.append(t_ns)
        self.data += payload

    def time_of(self, offset: int) -> int:
        i = bisect.bisect_right(self.seg_offsets, offset) - 1
        return self.seg_times[max(i, 0)]


def read_capture(pcap: str, port: int):
    cmd = [
        "tshark", "-r", pcap, "-n",
        "-o", "tcp.desegment_tcp_streams:FALSE",
        "--disable-protocol", "http",
        "-Y", "tcp.len > 0 or (tcp.flags.syn == 1 and tcp.flags.ack == 0)",
        "-T", "fields", "-E", "separator=/t",
        "-e", "frame.time_epoch", "-e", "tcp.stream", "-e", "tcp.srcport", "-e", "tcp.dstport",
        "-e", "tcp.seq_raw", "-e", "tcp.payload", "-e", "tcp.flags.syn",
    ]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True, text=True)
    streams = defaultdict(lambda: {"c2s": Direction(), "s2c": Direction(), "syn_ns": None})
    segments = 0
    for line in proc.stdout.splitlines():
        f = line.split("\t")
        if len(f) < 6:
            continue
        t_ns = parse_epoch_ns(f[0])
        stream = int(f[1])
        if len(f) > 6 and f[6] in ("1", "True"):
            if streams[stream]["syn_ns"] is None:
                streams[stream]["syn_ns"] = t_ns
            continue
        if not f[5]:
            continue
        src = int(f[2])
        payload = bytes.fromhex(f[5].replace(":", ""))
        key = "s2c" if src == port else "c2s"
        streams[stream][key].add(int(f[4]), payload, t_ns)
        segments += 1
    return streams, segments


def parse_requests(d: Direction):
    """HTTP/1.1 requests in a client->server byte stream: (first byte time, last byte time)."""
    out = []
    data = d.data
    pos = 0
    while pos < len(data):
        hdr_end = data.find(b"\r\n\r\n", pos)
        if hdr_end < 0:
            break
        head = bytes(data[pos:hdr_end]).decode("latin-1")
        length = 0
        headers = {}
        for line in head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        end = hdr_end + 4 + length
        request_line = head.split("\r\n", 1)[0].split(" ")
        out.append({
            "method": request_line[0],
            "path": request_line[1] if len(request_line) > 1 else "",
            "headers": headers,
            "first_ns": d.time_of(pos),
            "last_ns": d.time_of(min(end, len(data)) - 1),
            "body": bytes(data[hdr_end + 4:end]),
        })
        pos = end
    return out


def parse_responses(d: Direction):
    """HTTP/1.1 responses in a server->client byte stream, with their SSE events timed."""
    out = []
    data = d.data
    pos = 0
    while pos < len(data):
        hdr_end = data.find(b"\r\n\r\n", pos)
        if hdr_end < 0:
            break
        head = bytes(data[pos:hdr_end]).decode("latin-1")
        status = int(head.split(" ", 2)[1])
        headers = {}
        for line in head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        body = bytearray()
        body_map = []  # (body offset, stream offset, length) per piece
        p = hdr_end + 4
        if "chunked" in headers.get("transfer-encoding", "").lower():
            while True:
                eol = data.find(b"\r\n", p)
                if eol < 0:
                    p = len(data)
                    break
                size = int(bytes(data[p:eol]).split(b";")[0], 16)
                p = eol + 2
                if size == 0:
                    trailer_end = data.find(b"\r\n", p)
                    p = (trailer_end + 2) if trailer_end >= 0 else len(data)
                    break
                body_map.append((len(body), p, size))
                body += data[p:p + size]
                p += size + 2
        else:
            length = int(headers.get("content-length", len(data) - p))
            body_map.append((0, p, length))
            body += data[p:p + length]
            p += length
        end_off = min(p, len(data)) - 1

        def body_time(boff, _map=body_map):
            starts = [m[0] for m in _map]
            i = max(bisect.bisect_right(starts, boff) - 1, 0)
            b0, s0, _ = _map[i]
            return d.time_of(s0 + (boff - b0))

        events = []
        text = bytes(body).replace(b"\r\n", b"\n")  # mock-llm writes \n only; keep offsets if so
        same_len = len(text) == len(body)
        bpos = 0
        while True:
            sep = text.find(b"\n\n", bpos)
            if sep < 0:
                break
            block = text[bpos:sep].decode("utf-8", "replace")
            last_byte = sep + 1 if same_len else sep
            t_ns = body_time(last_byte)
            data_lines = [ln[5:].lstrip() for ln in block.split("\n") if ln.startswith("data:")]
            bpos = sep + 2
            if not data_lines:
                continue
            payload = "\n".join(data_lines)
            # text: any token text (TTFT and the chunks); content: answer text only (TTFC)
            ev = {"t_ns": t_ns, "done": payload.strip() == "[DONE]", "id": None, "text": False,
                  "content": False, "usage": None, "content_text": ""}
            if not ev["done"]:
                try:
                    obj = json.loads(payload)
                except ValueError:
                    obj = {}
                if not isinstance(obj, dict):
                    obj = {}
                kind = obj.get("type")
                if kind in ANTHROPIC_EVENTS:
                    # Anthropic Messages: the id is in message_start, text in content_block_delta,
                    # the final usage in message_delta, the end is message_stop.
                    if kind == "message_start":
                        ev["id"] = (obj.get("message") or {}).get("id")
                    elif kind == "content_block_delta":
                        delta = obj.get("delta") or {}
                        if delta.get("type") == "text_delta" and delta.get("text"):
                            ev["text"] = ev["content"] = True
                        elif delta.get("type") == "thinking_delta" and delta.get("thinking"):
                            ev["text"] = True
                    elif kind == "message_delta":
                        usage = obj.get("usage")
                        if isinstance(usage, dict) and usage.get("output_tokens") is not None:
                            ev["usage"] = int(usage["output_tokens"])
                    elif kind == "message_stop":
                        ev["done"] = True
                else:
                    ev["id"] = obj.get("id")
                    for ch in obj.get("choices") or []:
                        delta = ch.get("delta") or {}
                        if delta.get("content") or delta.get("reasoning_content") or delta.get("reasoning"):
                            ev["text"] = True
                        if delta.get("content"):
                            ev["content"] = True
                            ev["content_text"] += delta["content"]
                    usage = obj.get("usage")
                    if isinstance(usage, dict) and usage.get("completion_tokens") is not None:
                        ev["usage"] = int(usage["completion_tokens"])
            events.append(ev)
        out.append({
            "status": status,
            "first_ns": d.time_of(pos),
            "end_ns": d.time_of(max(end_off, pos)),
            "events": events,
        })
        pos = p
    return out


def wire_exchanges(streams):
    """Pair the k-th request and k-th response of each connection (Qt does not pipeline)."""
    by_id = {}
    duplicates = set()
    problems = []
    for sid, st in sorted(streams.items()):
        reqs = parse_requests(st["c2s"])
        resps = parse_responses(st["s2c"])
        if st["c2s"].gaps or st["s2c"].gaps:
            problems.append(f"tcp.stream {sid}: {st['c2s'].gaps + st['s2c'].gaps} bytes missing from the capture")
        for k, resp in enumerate(resps):
            if k >= len(reqs):
                problems.append(f"tcp.stream {sid}: response {k} has no request")
                continue
            rid = next((e["id"] for e in resp["events"] if e["id"]), None)
            if rid is None:
                continue
            text_events = [e for e in resp["events"] if e["text"]]
            usage = [e["usage"] for e in resp["events"] if e["usage"] is not None]
            done = next((e["t_ns"] for e in resp["events"] if e["done"]), None)
            ex = {
                "stream": sid,
                "post_ns": reqs[k]["first_ns"],
                "req_last_ns": reqs[k]["last_ns"],
                "resp_first_ns": resp["first_ns"],
                "end_ns": resp["end_ns"],
                "done_ns": done,
                "text_ns": [e["t_ns"] for e in text_events],
                "content_ns": [e["t_ns"] for e in resp["events"] if e["content"]],
                "path": reqs[k]["path"],
                "req_headers": reqs[k]["headers"],
                "usage_tokens": usage[-1] if usage else None,
                "status": resp["status"],
            }
            if rid in by_id:
                duplicates.add(rid)
            by_id[rid] = ex
    for rid in duplicates:
        del by_id[rid]
    return by_id, duplicates, problems


# ---------------------------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------------------------

def percentile(values, q):
    if not values:
        return None
    s = sorted(values)
    if len(s) == 1:
        return s[0]
    rank = (len(s) - 1) * q / 100.0
    lo = int(rank)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (rank - lo)


def abs_percentiles(errors):
    """|error| p50, p95 and max of `errors`; None each when there are none."""
    values = sorted(abs(e) for e in errors)
    if not values:
        return None, None, None
    return percentile(values, 50), percentile(values, 95), values[-1]


def finish_check(header, cells, row, misses, json_path):
    """Prints a one-row Markdown table (`header`, `cells`) and each miss, writes `row` (with the
    misses) to `json_path` when given, and exits 1 when a target was missed."""
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    print("| " + " | ".join(str(c) for c in cells) + " |")
    for m in misses:
        print(f"MISSED: {m}")
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(dict(row, misses=misses), f, indent=1)
    sys.exit(1 if misses else 0)


def max_overlap(intervals):
    points = []
    for a, b in intervals:
        points.append((a, 1))
        points.append((b, -1))
    points.sort(key=lambda p: (p[0], p[1]))  # an end before a start at the same instant
    cur = best = 0
    for _, step in points:
        cur += step
        best = max(best, cur)
    return best


def fmt(v, digits=3):
    return "-" if v is None else f"{v:.{digits}f}"


def itl_target(level):
    return 1.0 if level <= 64 else 2.0


def anthropic_misses(row, label, level, recs, matched, misses):
    """The Anthropic Messages targets, at any level (run.sh measures at 4)."""
    where = f"{label} c={level}"
    if not matched:
        return
    if row["anthropic_headers_ok"] != len(matched):
        misses.append(f"{where}: {len(matched) - row['anthropic_headers_ok']} requests were not POST /v1/messages "
                      f"with x-api-key and anthropic-version: {ANTHROPIC_VERSION}")
    not_usage = sum(n for k, n in row["token_source"].items() if k != "usage")
    if not_usage:
        misses.append(f"{where}: {not_usage} requests took output_tokens from elsewhere than usage")
    if row["itl_err_p99_ms"] is None or row["itl_err_p99_ms"] > ANTHROPIC_TARGET_ITL_MS:
        misses.append(f"{where}: ITL error p99 {fmt(row['itl_err_p99_ms'])} ms > {ANTHROPIC_TARGET_ITL_MS:g} ms")
    for name in ("ttft", "ttfc"):
        v = row[f"{name}_abs_err_p99_ms"]
        if v is None or v > ANTHROPIC_TARGET_FIRST_MS:
            misses.append(f"{where}: |{name.upper()} error| p99 {fmt(v)} ms > {ANTHROPIC_TARGET_FIRST_MS:g} ms")
    if row["ttft_before_ttfc"] != row["thinking_first"]:
        misses.append(f"{where}: thinking came before text on the wire in {row['thinking_first']} requests, "
                      f"but ttft_ms < ttfc_ms in only {row['ttft_before_ttfc']}")
    if row["max_in_flight_wire"] != min(level, len(recs)):
        misses.append(f"{where}: {row['max_in_flight_wire']} requests in flight on the wire, expected {min(level, len(recs))}")


# ---------------------------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description="Compare tokenscope-cli timings with a loopback capture.")
    ap.add_argument("--pcap", required=True)
    ap.add_argument("--port", type=int, required=True, help="the server's TCP port")
    ap.add_argument("--run", action="append", required=True, metavar="LABEL=DIR",
                    help="a tokenscope-cli --out directory (repeatable); a LABEL starting with ref- "
                         "marks a control client, shown but not held to the targets; usage- is held to the token counts only; "
                         "anthropic- to the Anthropic Messages targets")
    ap.add_argument("--json", help="also write the per-level figures here")
    a = ap.parse_args()

    streams, segments = read_capture(a.pcap, a.port)
    wire, duplicates, problems = wire_exchanges(streams)
    used = sum(1 for st in streams.values() if st["c2s"].data)
    syns = [st["syn_ns"] for st in streams.values() if st["syn_ns"] is not None]
    print(f"capture: {segments} data segments, {len(streams)} TCP connections opened, {used} of them carried "
          f"a request, {len(wire)} responses with a unique id"
          + (f", {len(duplicates)} duplicate ids left out" if duplicates else ""))
    for p in problems:
        print("capture problem:", p)

    rows = []
    misses = []
    for spec in a.run:
        label, _, out_dir = spec.partition("=")
        records = []
        with open(os.path.join(out_dir, "requests.jsonl"), encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    records.append(json.loads(line))
        levels = sorted({r["level"] for r in records if not r.get("warmup")})
        for level in levels:
            recs = [r for r in records if r["level"] == level and not r.get("warmup")]
            ok = [r for r in recs if r.get("status") == "ok"]
            matched = [(r, wire[r["response_id"]]) for r in recs if r.get("response_id") in wire]
            itl_err = []
            itl_signed = []
            count_mismatch = 0
            ttft_over, wire_ttft = [], []
            sources = defaultdict(int)
            token_mismatch = 0
            # Clock offset of this level: client time (ms since the run's start, steady clock) minus
            # capture time, at its smallest over every text chunk of the level, i.e. the chunk the
            # client took in fastest. Only used to split TTFT overhead and to show lateness.
            offsets = []
            for r, w in matched:
                c = r.get("chunk_times_ms") or []
                if len(c) == len(w["text_ns"]):
                    offsets += [r["start_ms"] + ci - wi / 1e6 for ci, wi in zip(c, w["text_ns"])]
            k_ms = min(offsets) if offsets else None
            lateness = [o - k_ms for o in offsets] if offsets else []
            ttft_send, ttft_recv = [], []
            ttfc_over, wire_ttfc = [], []
            thinking_first = ttft_before_ttfc = 0  # requests whose wire had token text before answer text
            api_headers_ok = 0  # anthropic- runs: POST /v1/messages with x-api-key and anthropic-version
            for r, w in matched:
                sources[r.get("output_tokens_source")] += 1
                h = w["req_headers"]
                if (w["path"].endswith("/v1/messages") and h.get("x-api-key")
                        and h.get("anthropic-version") == ANTHROPIC_VERSION):
                    api_headers_ok += 1
                if r.get("ttfc_ms") is not None and w["content_ns"]:
                    wc = (w["content_ns"][0] - w["post_ns"]) / 1e6
                    wire_ttfc.append(wc)
                    ttfc_over.append(r["ttfc_ms"] - wc)
                if w["text_ns"] and w["content_ns"] and w["text_ns"][0] < w["content_ns"][0]:
                    thinking_first += 1
                    if r.get("ttft_ms") is not None and r.get("ttfc_ms") is not None and r["ttft_ms"] < r["ttfc_ms"]:
                        ttft_before_ttfc += 1
                truth_tokens = w["usage_tokens"] if w["usage_tokens"] is not None else len(w["text_ns"])
                if r.get("output_tokens") != truth_tokens:
                    token_mismatch += 1
                c = r.get("chunk_times_ms") or []
                wn = w["text_ns"]
                if len(c) != len(wn):
                    count_mismatch += 1
                else:
                    for i in range(1, len(c)):
                        e = (c[i] - c[i - 1]) - (wn[i] - wn[i - 1]) / 1e6
                        itl_signed.append(e)
                        itl_err.append(abs(e))
                if r.get("ttft_ms") is not None and wn:
                    wt = (wn[0] - w["post_ns"]) / 1e6
                    over = r["ttft_ms"] - wt
                    wire_ttft.append(wt)
                    ttft_over.append(over)
                    if k_ms is not None:
                        # send side: from the client's post() to the POST segment on the wire
                        send = (w["post_ns"] / 1e6 + k_ms) - r["start_ms"]
                        ttft_send.append(send)
                        ttft_recv.append(over - send)
            new_conns = None
            if k_ms is not None and recs:
                first = min(r["start_ms"] for r, _ in matched) if matched else None
                last = max(w["end_ns"] for _, w in matched) / 1e6 + k_ms if matched else None
                if first is not None:
                    new_conns = sum(1 for t in syns if first <= t / 1e6 + k_ms <= last)
            posts = sorted(w["post_ns"] for _, w in matched)
            post_spread = (posts[min(len(posts), level) - 1] - posts[0]) / 1e6 if posts else None
            in_flight = max_overlap([(w["post_ns"], w["end_ns"]) for _, w in matched])
            row = {
                "run": label,
                "concurrency": level,
                "requests": len(recs),
                "ok": len(ok),
                "matched": len(matched),
                "max_in_flight_wire": in_flight,
                "itl_gaps": len(itl_err),
                "itl_err_p50_ms": percentile(itl_err, 50),
                "itl_err_p99_ms": percentile(itl_err, 99),
                "itl_err_max_ms": max(itl_err) if itl_err else None,
                "itl_err_signed_mean_ms": (sum(itl_signed) / len(itl_signed)) if itl_signed else None,
                "chunk_count_mismatch": count_mismatch,
                "wire_ttft_p50_ms": percentile(wire_ttft, 50),
                "ttft_overhead_p50_ms": percentile(ttft_over, 50),
                "ttft_overhead_p99_ms": percentile(ttft_over, 99),
                "ttft_send_side_p50_ms": percentile(ttft_send, 50),
                "ttft_recv_side_p50_ms": percentile(ttft_recv, 50),
                "ttft_send_side_p99_ms": percentile(ttft_send, 99),
                "ttft_recv_side_p99_ms": percentile(ttft_recv, 99),
                "chunk_lateness_p50_ms": percentile(lateness, 50),
                "chunk_lateness_p99_ms": percentile(lateness, 99),
                "chunk_lateness_max_ms": max(lateness) if lateness else None,
                "connections_opened_during_level": new_conns,
                "first_posts_spread_ms": post_spread,
                "token_source": dict(sources),
                "token_count_mismatch": token_mismatch,
                "wire_ttfc_p50_ms": percentile(wire_ttfc, 50),
                "ttfc_overhead_p50_ms": percentile(ttfc_over, 50),
                "ttfc_overhead_p99_ms": percentile(ttfc_over, 99),
                "ttft_abs_err_p99_ms": percentile([abs(v) for v in ttft_over], 99),
                "ttfc_abs_err_p99_ms": percentile([abs(v) for v in ttfc_over], 99),
                "thinking_first": thinking_first,
                "ttft_before_ttfc": ttft_before_ttfc,
                "anthropic_headers_ok": api_headers_ok,
            }
            rows.append(row)
            if label.startswith("ref-"):
                continue  # a control client: shown for comparison, not held to the targets
            if token_mismatch:
                misses.append(f"{label} c={level}: {token_mismatch} requests counted other output tokens than the "
                              "wire's usage (else its text chunks)")
            if count_mismatch:
                misses.append(f"{label} c={level}: {count_mismatch} requests saw a different number of text chunks than the wire")
            if len(matched) != len(recs):
                misses.append(f"{label} c={level}: only {len(matched)} of {len(recs)} requests matched by response_id")
            if label.startswith("usage-"):
                continue  # a server that writes every chunk at once: token counts only, no timing targets
            if label.startswith("anthropic-"):
                anthropic_misses(row, label, level, recs, matched, misses)
                continue
            t = itl_target(level)
            if row["itl_err_p99_ms"] is not None and row["itl_err_p99_ms"] > t:
                misses.append(f"{label} c={level}: ITL error p99 {row['itl_err_p99_ms']:.3f} ms > {t:g} ms")
            if in_flight != min(level, len(recs)):
                misses.append(f"{label} c={level}: {in_flight} requests in flight on the wire, expected {min(level, len(recs))}")
            if level == 1 and row["ttft_overhead_p99_ms"] is not None and row["ttft_overhead_p99_ms"] >= TARGET_TTFT_OVERHEAD_MS:
                misses.append(f"{label} c=1: TTFT overhead p99 {row['ttft_overhead_p99_ms']:.3f} ms >= {TARGET_TTFT_OVERHEAD_MS:g} ms")

    def table(header, cells):
        print()
        print(header)
        print("|" + "|".join("---" for _ in range(header.count("|") - 1)) + "|")
        for r in rows:
            print("| " + " | ".join(cells(r)) + " |")

    table("| run | conc | requests (ok/matched) | max in flight (wire) | ITL gaps | ITL err p50 ms | "
          "ITL err p99 ms | ITL err max ms | server TTFT (wire) p50 ms | TTFT overhead p50 ms | "
          "TTFT overhead p99 ms | output_tokens_source | output_tokens = wire (usage, else text chunks) |",
          lambda r: [r["run"], str(r["concurrency"]), f"{r['requests']} ({r['ok']}/{r['matched']})",
                     str(r["max_in_flight_wire"]), str(r["itl_gaps"]), fmt(r["itl_err_p50_ms"]),
                     fmt(r["itl_err_p99_ms"]), fmt(r["itl_err_max_ms"]), fmt(r["wire_ttft_p50_ms"]),
                     fmt(r["ttft_overhead_p50_ms"]), fmt(r["ttft_overhead_p99_ms"]),
                     ", ".join(f"{k}:{v}" for k, v in sorted(r["token_source"].items())),
                     f"{r['matched'] - r['token_count_mismatch']}/{r['matched']}"])
    print()
    print("diagnostics (one clock offset per level; see the header of compare.py):")
    table("| run | conc | overhead send side p50 / p99 ms | overhead receive side p50 / p99 ms | "
          "chunk lateness p50 / p99 / max ms | ITL err signed mean ms | TCP connects after the level's first request | "
          "first N POSTs on the wire within ms |",
          lambda r: [r["run"], str(r["concurrency"]),
                     f"{fmt(r['ttft_send_side_p50_ms'])} / {fmt(r['ttft_send_side_p99_ms'])}",
                     f"{fmt(r['ttft_recv_side_p50_ms'])} / {fmt(r['ttft_recv_side_p99_ms'])}",
                     f"{fmt(r['chunk_lateness_p50_ms'])} / {fmt(r['chunk_lateness_p99_ms'])} / {fmt(r['chunk_lateness_max_ms'])}",
                     fmt(r["itl_err_signed_mean_ms"]),
                     "-" if r["connections_opened_during_level"] is None else str(r["connections_opened_during_level"]),
                     fmt(r["first_posts_spread_ms"])])
    anthropic_rows = [r for r in rows if r["run"].removeprefix("ref-").startswith("anthropic-")]
    if anthropic_rows:
        print()
        print("Anthropic Messages (error = client minus wire, from the POST's first segment; TTFC = first text_delta):")
        print()
        hdr = ("| run | conc | requests (ok/matched) | POST /v1/messages with x-api-key + anthropic-version | "
               "server TTFT / TTFC (wire) p50 ms | TTFT error p50 / p99 ms | TTFC error p50 / p99 ms | "
               "abs TTFT / TTFC error p99 ms | ITL err p99 ms | thinking first: ttft < ttfc | output_tokens = wire usage |")
        print(hdr)
        print("|" + "|".join("---" for _ in range(hdr.count("|") - 1)) + "|")
        for r in anthropic_rows:
            print("| " + " | ".join([
                r["run"], str(r["concurrency"]), f"{r['requests']} ({r['ok']}/{r['matched']})",
                f"{r['anthropic_headers_ok']}/{r['matched']}",
                f"{fmt(r['wire_ttft_p50_ms'])} / {fmt(r['wire_ttfc_p50_ms'])}",
                f"{fmt(r['ttft_overhead_p50_ms'])} / {fmt(r['ttft_overhead_p99_ms'])}",
                f"{fmt(r['ttfc_overhead_p50_ms'])} / {fmt(r['ttfc_overhead_p99_ms'])}",
                f"{fmt(r['ttft_abs_err_p99_ms'])} / {fmt(r['ttfc_abs_err_p99_ms'])}",
                fmt(r["itl_err_p99_ms"]),
                f"{r['ttft_before_ttfc']}/{r['thinking_first']}",
                f"{r['matched'] - r['token_count_mismatch']}/{r['matched']}"]) + " |")
    print()
    if anthropic_rows and all(r["run"].startswith("anthropic-") for r in rows):
        print(f"targets: per request POST /v1/messages with x-api-key and anthropic-version {ANTHROPIC_VERSION}; "
              f"ITL error p99 <= {ANTHROPIC_TARGET_ITL_MS:g} ms; |TTFT| and |TTFC| error p99 <= "
              f"{ANTHROPIC_TARGET_FIRST_MS:g} ms; ttft_ms < ttfc_ms where thinking came first; output_tokens = "
              "the wire's message_delta usage, from usage; max in flight = concurrency")
    elif all(r["run"].startswith("usage-") for r in rows):
        print("targets: per request, output_tokens = the wire's usage completion_tokens (else its text chunks), "
              "text chunks = the wire's, matched by response_id")
    else:
        print("targets: ITL error p99 <= 1 ms up to c=64, <= 2 ms at c=256; TTFT overhead < 1 ms at c=1; "
              "max in flight = concurrency; output_tokens = the wire's usage (else text chunks)")
    if misses:
        for m in misses:
            print("MISS:", m)
    else:
        print("all targets met")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"rows": rows, "misses": misses, "capture_problems": problems}, f, indent=2)
    return 1 if misses or problems else 0


if __name__ == "__main__":
    sys.exit(main())
