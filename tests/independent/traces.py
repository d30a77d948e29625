#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A trace replay as an independent server saw it (python3 stdlib only; run.sh, TRACE=1).

Ground truth is a loopback capture of one `tokenscope-cli run --trace FILE --warmup 0` run; the
HTTP/1.1 exchanges are rebuilt by compare.py and matched to the run's requests.jsonl by response
id. Per replayed request:
  arrival  = capture time of the segment that completes its POST (the server can start then);
  error    = (arrival - first arrival) - (scheduled_ms - first scheduled_ms): how far from the
             trace's scaled schedule the server saw it, with the two clocks' offset taken out at
             the first request.
Prefix sharing: the user text of two requests whose trace entries open with the same hash id must
share at least MIN_SHARED_SHARE of the shorter first block. A first block holds min(block tokens,
input_length) tokens; in characters, that many tokens at the request's own characters per token
(its text's length over its input_length). Two whose first ids differ must share fewer than
MAX_DISTINCT_CHARS (a few characters at most, since every block opens with a tag of its own).
Targets: every request ok and matched on the wire; |error| p95 <= --p95-ms (5); the prefix rules.
Exits 1 when a target is missed.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

MIN_SHARED_SHARE = 0.9
MAX_DISTINCT_CHARS = 200


def user_text(body: bytes) -> str:
    try:
        obj = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return ""
    messages = obj.get("messages") or []
    return "".join(m.get("content", "") for m in messages if isinstance(m, dict) and m.get("role") == "user")


def common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pcap", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--out-dir", required=True, help="the run's --out")
    ap.add_argument("--trace", required=True, help="the mooncake file replayed (entries in timestamp order)")
    ap.add_argument("--p95-ms", type=float, default=5.0)
    ap.add_argument("--block-tokens", type=int, default=512, help="the run's --trace-block-tokens")
    ap.add_argument("--json")
    a = ap.parse_args()

    streams, _ = compare.read_capture(a.pcap, a.port)
    wire, duplicates, problems = compare.wire_exchanges(streams)
    bodies = {}  # a POST's body by the time of its last byte (what wire_exchanges calls req_last_ns)
    for st in streams.values():
        for q in compare.parse_requests(st["c2s"]):
            bodies[q["last_ns"]] = q["body"]
    with open(os.path.join(a.out_dir, "requests.jsonl"), encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    recs = [r for r in records if not r.get("warmup") and not r.get("probe")]
    recs.sort(key=lambda r: r["scheduled_ms"])
    with open(a.trace, encoding="utf-8") as f:
        entries = sorted((json.loads(line) for line in f if line.strip()), key=lambda e: e["timestamp"])

    misses = list(problems)
    matched = [(r, wire[r["response_id"]]) for r in recs if r.get("response_id") in wire]
    ok = sum(1 for r in recs if r.get("status") == "ok")
    if ok != len(recs):
        misses.append(f"{len(recs) - ok} of {len(recs)} requests failed")
    if len(matched) != len(recs):
        misses.append(f"{len(recs) - len(matched)} of {len(recs)} requests not found on the wire")
    errors = []
    if matched:
        r0, w0 = matched[0]
        for r, w in matched:
            errors.append((w["req_last_ns"] - w0["req_last_ns"]) / 1e6 - (r["scheduled_ms"] - r0["scheduled_ms"]))
    p50, p95, worst = compare.abs_percentiles(errors)
    if p95 is None or p95 > a.p95_ms:
        misses.append(f"|arrival - scaled schedule| p95 {compare.fmt(p95)} ms, expected <= {a.p95_ms}")

    # Prefix sharing, by the entries' first hash id (request i of the level is entry i of the cut).
    shared_min, distinct_max, pairs_same, pairs_other = None, None, 0, 0
    texts = []  # (first hash id, text, characters of its first block)
    for r, w in matched:
        entry = entries[r.get("index", 0)] if r.get("index", 0) < len(entries) else {}
        text = user_text(bodies.get(w["req_last_ns"], b""))
        length = max(1, entry.get("input_length", 1))
        first_block = min(a.block_tokens, length) * len(text) / length
        texts.append(((entry.get("hash_ids") or [None])[0], text, first_block))
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            (ia, ta, ba), (ib, tb, bb) = texts[i], texts[j]
            if ia is None or ib is None:
                continue
            n = common_prefix(ta, tb)
            if ia == ib:
                pairs_same += 1
                share = n / min(ba, bb)
                shared_min = share if shared_min is None else min(shared_min, share)
            else:
                pairs_other += 1
                distinct_max = n if distinct_max is None else max(distinct_max, n)
    if pairs_same == 0 or shared_min < MIN_SHARED_SHARE:
        misses.append(f"requests opening with the same hash id share {compare.fmt(shared_min)} of the shorter first "
                      f"block at least, expected >= {MIN_SHARED_SHARE} ({pairs_same} pairs)")
    if distinct_max is not None and distinct_max >= MAX_DISTINCT_CHARS:
        misses.append(f"requests opening with different hash ids share up to {distinct_max} characters, expected "
                      f"< {MAX_DISTINCT_CHARS}")

    row = {"requests": len(recs), "ok": ok, "matched": len(matched), "error_p50_ms": p50, "error_p95_ms": p95,
           "error_max_ms": worst, "same_first_block_pairs": pairs_same, "shared_share_min": shared_min,
           "other_first_block_pairs": pairs_other, "distinct_chars_max": distinct_max}
    compare.finish_check(
        ["requests", "ok", "on the wire", "\\|arrival - schedule\\| p50 / p95 / max ms",
         "same first block: pairs, least share of the shorter block shared",
         "other first block: pairs, shared chars max"],
        [len(recs), ok, len(matched), f"{compare.fmt(p50)} / {compare.fmt(p95)} / {compare.fmt(worst)}",
         f"{pairs_same}, {compare.fmt(shared_min)}", f"{pairs_other}, {distinct_max}"], row, misses, a.json)

if __name__ == "__main__":
    main()
