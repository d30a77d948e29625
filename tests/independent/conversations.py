#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Conversations (`tokenscope-cli run --turns T --think-time MS --warmup 0`) as an independent
server saw them (python3 stdlib only; run.sh, CONVERSATION=1).

Ground truth is a loopback capture; compare.py rebuilds each connection's exchanges and each
answer's streamed content, matched to requests.jsonl by response id. For every turn k > 1 of a
conversation (session_id, turn):
  verbatim   its request's messages hold, just before the new user message, an assistant message
             whose content is exactly the text the server streamed for turn k-1;
  think gap  capture time of its POST's first byte minus that of the last byte of turn k-1's
             response; error = gap - the think time;
  connection the same TCP connection as turn k-1;
  growth     its request carries more messages, and a longer body, than turn k-1's.
Targets: every request ok and on the wire; every turn verbatim, on its conversation's connection,
longer than the one before; |think gap error| p95 <= --p95-ms (5). Exits 1 when one is missed.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402


def exchanges_by_id(pcap, port):
    """response id -> {stream, post_first_ns, resp_end_ns, body (request), answer (content text)}."""
    streams, _ = compare.read_capture(pcap, port)
    out, problems = {}, []
    for sid, st in sorted(streams.items()):
        reqs = compare.parse_requests(st["c2s"])
        resps = compare.parse_responses(st["s2c"])
        if st["c2s"].gaps or st["s2c"].gaps:
            problems.append(f"tcp.stream {sid}: bytes missing from the capture")
        for req, resp in zip(reqs, resps):
            rid = next((e["id"] for e in resp["events"] if e["id"]), None)
            if rid is None:
                continue
            out[rid] = {"stream": sid, "post_first_ns": req["first_ns"], "resp_end_ns": resp["end_ns"],
                        "body": req["body"], "answer": "".join(e["content_text"] for e in resp["events"])}
    return out, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pcap", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--out-dir", required=True, help="the run's --out")
    ap.add_argument("--think-ms", type=float, required=True)
    ap.add_argument("--p95-ms", type=float, default=5.0)
    ap.add_argument("--json")
    a = ap.parse_args()

    wire, misses = exchanges_by_id(a.pcap, a.port)
    with open(os.path.join(a.out_dir, "requests.jsonl"), encoding="utf-8") as f:
        recs = [json.loads(line) for line in f if line.strip()]
    recs = [r for r in recs if not r.get("warmup") and not r.get("probe")]
    ok = sum(1 for r in recs if r.get("status") == "ok")
    on_wire = [r for r in recs if r.get("response_id") in wire]
    if ok != len(recs):
        misses.append(f"{len(recs) - ok} of {len(recs)} requests failed")
    if len(on_wire) != len(recs):
        misses.append(f"{len(recs) - len(on_wire)} of {len(recs)} requests not found on the wire")
    by_turn = {(r["level_index"], r["session_id"], r["turn"]): wire[r["response_id"]] for r in on_wire}
    later = verbatim = same_connection = longer = 0
    errors = []
    for (level, session, turn), w in sorted(by_turn.items()):
        before = by_turn.get((level, session, turn - 1))
        if turn == 1 or before is None:
            continue
        later += 1
        messages = json.loads(w["body"]).get("messages", [])
        previous = json.loads(before["body"]).get("messages", [])
        if len(messages) >= 2 and messages[-2] == {"role": "assistant", "content": before["answer"]} \
                and before["answer"]:
            verbatim += 1
        same_connection += w["stream"] == before["stream"]
        longer += len(messages) > len(previous) and len(w["body"]) > len(before["body"])
        errors.append((w["post_first_ns"] - before["resp_end_ns"]) / 1e6 - a.think_ms)
    for count, what in ((verbatim, "send the previous answer verbatim"),
                        (same_connection, "go on their conversation's connection"),
                        (longer, "are longer than the turn before")):
        if count != later:
            misses.append(f"{later - count} of {later} later turns do not {what.replace('are ', 'be ')}")
    p50, p95, worst = compare.abs_percentiles(errors)
    signed = sorted(errors)
    if later == 0 or p95 > a.p95_ms:
        misses.append(f"|think gap - {a.think_ms} ms| p95 {compare.fmt(p95)} ms, expected <= {a.p95_ms}")
    row = {"requests": len(recs), "ok": ok, "on_wire": len(on_wire), "later_turns": later, "verbatim": verbatim,
           "same_connection": same_connection, "longer": longer, "gap_error_p50_ms": p50, "gap_error_p95_ms": p95,
           "gap_error_max_ms": worst, "gap_error_min_signed_ms": signed[0] if signed else None}
    compare.finish_check(
        ["requests ok / on the wire", "later turns", "verbatim answer", "same connection", "longer",
         "\\|gap - think\\| p50 / p95 / max ms", "least signed error ms"],
        [f"{ok} / {len(on_wire)}", later, verbatim, same_connection, longer,
         f"{compare.fmt(p50)} / {compare.fmt(p95)} / {compare.fmt(worst)}",
         compare.fmt(row["gap_error_min_signed_ms"])], row, misses, a.json)

if __name__ == "__main__":
    main()
