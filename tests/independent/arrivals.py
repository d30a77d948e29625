#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Open-loop arrivals and the concurrency cap as an independent server saw them (python3 stdlib only).

Ground truth is a loopback capture of one tokenscope-cli run per file (run.sh, OPENLOOP=1); the
HTTP/1.1 exchanges are rebuilt by compare.py (read_capture, parse_requests, wire_exchanges).
Per run:
  arrival        = capture time of the segment that completes a POST (its last byte: the server
                   can start on the request then, not before). Every POST in the file counts, so
                   the run must have been started with --warmup 0.
  gaps           = differences of successive arrivals, sorted; rate = 1 / mean gap;
                   CV = sample standard deviation of the gaps / their mean.
  in flight      = exchanges open at once, each from its arrival to the last byte of its response
                   (an end before a start at the same instant), over all connections; its peak,
                   and the share of the time from the first arrival to the last response byte
                   spent at that peak.
When DIR (the run's --out) is given, its requests.jsonl is read beside the capture: the client's
own send times (start_ms) as gaps and CV, scheduled_ms and send_lag_ms when the file has them,
the client's own peak in flight (start_ms to start_ms + end_ms, and summary.json's
peak_in_flight), and per request, matched by
response_id, how much the wire arrival trails the client's send beyond the fastest request
(the two clocks are never aligned; only that spread is shown).

Targets by label: poisson: CV in [0.85, 1.15] and rate within 15 % of --rate; constant: CV < 0.15
and rate within 15 %; gamma: CV within --gamma-tolerance of 1/sqrt(--burstiness), rate shown only
(a few hundred gamma gaps at CV 2 leave the mean gap about 12 % uncertain); cap: peak in flight
exactly --cap (never more, and reached). Every run: every request ok, one POST on the wire per
request in requests.jsonl, every POST answered, no bytes missing from the capture.
Exits 1 when a target is missed.
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (the capture parsing lives there)

POISSON_CV = (0.85, 1.15)
CONSTANT_CV_MAX = 0.15
RATE_TOLERANCE = 0.15


def gap_figures(times_ms):
    """Mean gap (ms), rate (1/s) and CV of the gaps between sorted times."""
    t = sorted(times_ms)
    gaps = [b - a for a, b in zip(t, t[1:])]
    if len(gaps) < 2:
        return None, None, None
    mean = sum(gaps) / len(gaps)
    sd = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1))
    return mean, (1000.0 / mean if mean > 0 else None), (sd / mean if mean > 0 else None)


def share_at_least(intervals, k):
    """Share of the time from the first start to the last end with at least k intervals open."""
    points = sorted([(a, 1) for a, _ in intervals] + [(b, -1) for _, b in intervals])
    if not points or points[-1][0] <= points[0][0]:
        return None
    cur, since, total = 0, None, 0
    for t, step in points:
        cur += step
        if cur >= k and since is None:
            since = t
        elif cur < k and since is not None:
            total += t - since
            since = None
    return total / (points[-1][0] - points[0][0])


def read_records(out_dir):
    path = os.path.join(out_dir, "requests.jsonl")
    records = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                records.append(json.loads(line))
    return records


def analyse(label, pcap, out_dir, port):
    streams, _ = compare.read_capture(pcap, port)
    wire, duplicates, problems = compare.wire_exchanges(streams)
    posts = []  # (first byte ns, last byte ns) of every POST in the file
    for st in streams.values():
        posts += [(q["first_ns"], q["last_ns"]) for q in compare.parse_requests(st["c2s"]) if q["method"] == "POST"]
    arrivals_ms = sorted(last / 1e6 for _, last in posts)
    mean_gap, rate, cv = gap_figures(arrivals_ms)
    exchanges = [w for w in wire.values()]
    row = {
        "run": label,
        "pcap": pcap,
        "posts": len(posts),
        "answered": len(exchanges),
        "duplicate_ids": len(duplicates),
        "capture_problems": problems,
        "span_s": (arrivals_ms[-1] - arrivals_ms[0]) / 1e3 if len(arrivals_ms) > 1 else None,
        "mean_gap_ms": mean_gap,
        "rate_per_s": rate,
        "cv": cv,
        "max_in_flight_wire": compare.max_overlap([(w["req_last_ns"], w["end_ns"]) for w in exchanges]),
        "share_at_max": None,
        "requests": None, "ok": None, "warmups": None, "matched": None,
        "client_rate_per_s": None, "client_cv": None, "schedule_cv": None,
        "send_lag_p50_ms": None, "send_lag_p99_ms": None, "send_lag_max_ms": None,
        "wire_after_send_p50_ms": None, "wire_after_send_p99_ms": None, "wire_after_send_max_ms": None,
        "wire_after_schedule_p99_ms": None, "max_in_flight_client": None, "summary_peak_in_flight": None,
    }
    row["share_at_max"] = share_at_least([(w["req_last_ns"], w["end_ns"]) for w in exchanges],
                                         row["max_in_flight_wire"])
    if out_dir:
        records = read_records(out_dir)
        row["warmups"] = sum(1 for r in records if r.get("warmup"))
        recs = [r for r in records if not r.get("warmup")]
        row["requests"] = len(recs)
        row["ok"] = sum(1 for r in recs if r.get("status") == "ok")
        _, row["client_rate_per_s"], row["client_cv"] = gap_figures([r["start_ms"] for r in recs])
        sched = [r["scheduled_ms"] for r in recs if r.get("scheduled_ms") is not None]
        if len(sched) == len(recs):
            row["schedule_cv"] = gap_figures(sched)[2]
        lags = [r["send_lag_ms"] for r in recs if r.get("send_lag_ms") is not None]
        if lags:
            row["send_lag_p50_ms"] = compare.percentile(lags, 50)
            row["send_lag_p99_ms"] = compare.percentile(lags, 99)
            row["send_lag_max_ms"] = max(lags)
        row["max_in_flight_client"] = compare.max_overlap(
            [(r["start_ms"], r["start_ms"] + r["end_ms"]) for r in recs if r.get("end_ms") is not None])
        summary = os.path.join(out_dir, "summary.json")
        if os.path.exists(summary):
            with open(summary, encoding="utf-8") as f:
                peaks = [lv.get("peak_in_flight") for lv in json.load(f).get("levels", [])]
            if peaks and all(p is not None for p in peaks):
                row["summary_peak_in_flight"] = max(peaks)
        matched = [(r, wire[r["response_id"]]) for r in recs if r.get("response_id") in wire]
        row["matched"] = len(matched)
        if matched:
            # The wire arrival minus the client's send, less its smallest value: how much later than
            # the fastest request each reached the server (the clocks differ by an unknown offset).
            after = [w["req_last_ns"] / 1e6 - r["start_ms"] for r, w in matched]
            lo = min(after)
            spread = [a - lo for a in after]
            row["wire_after_send_p50_ms"] = compare.percentile(spread, 50)
            row["wire_after_send_p99_ms"] = compare.percentile(spread, 99)
            row["wire_after_send_max_ms"] = max(spread)
            with_sched = [(r, w) for r, w in matched if r.get("scheduled_ms") is not None]
            if with_sched:
                after = [w["req_last_ns"] / 1e6 - r["scheduled_ms"] for r, w in with_sched]
                lo = min(after)
                row["wire_after_schedule_p99_ms"] = compare.percentile([a - lo for a in after], 99)
    return row


def targets(row, a):
    """(target text, misses) for one row."""
    label = row["run"]
    misses = []
    kind = label.split("-", 1)[0]
    rate_ok = row["rate_per_s"] is not None and abs(row["rate_per_s"] / a.rate - 1) <= RATE_TOLERANCE
    rate_text = f"rate {a.rate:g} ± {RATE_TOLERANCE:.0%}"
    if kind == "poisson":
        text = f"CV {POISSON_CV[0]}–{POISSON_CV[1]}, {rate_text}"
        if row["cv"] is None or not POISSON_CV[0] <= row["cv"] <= POISSON_CV[1]:
            misses.append(f"{label}: CV of the gaps at the server {compare.fmt(row['cv'])}, expected "
                          f"{POISSON_CV[0]}–{POISSON_CV[1]}")
        if not rate_ok:
            misses.append(f"{label}: rate at the server {compare.fmt(row['rate_per_s'])}/s, expected {rate_text}")
    elif kind == "constant":
        text = f"CV < {CONSTANT_CV_MAX}, {rate_text}"
        if row["cv"] is None or row["cv"] >= CONSTANT_CV_MAX:
            misses.append(f"{label}: CV of the gaps at the server {compare.fmt(row['cv'])}, expected < {CONSTANT_CV_MAX}")
        if not rate_ok:
            misses.append(f"{label}: rate at the server {compare.fmt(row['rate_per_s'])}/s, expected {rate_text}")
    elif kind == "gamma":
        want = 1 / math.sqrt(a.burstiness)
        text = f"CV {want:.2f} ± {a.gamma_tolerance:g}"
        if row["cv"] is None or abs(row["cv"] - want) > a.gamma_tolerance:
            misses.append(f"{label}: CV of the gaps at the server {compare.fmt(row['cv'])}, expected "
                          f"{want:.2f} ± {a.gamma_tolerance:g}")
    elif kind == "cap":
        text = f"max in flight = {a.cap}"
        if row["max_in_flight_wire"] > a.cap:
            misses.append(f"{label}: {row['max_in_flight_wire']} requests in flight at the server, cap {a.cap}")
        elif row["max_in_flight_wire"] < a.cap:
            misses.append(f"{label}: at most {row['max_in_flight_wire']} requests in flight at the server, "
                          f"the cap {a.cap} was never reached")
    else:
        text = "-"
    for p in row["capture_problems"]:
        misses.append(f"{label}: capture problem: {p}")
    if row["duplicate_ids"]:
        misses.append(f"{label}: {row['duplicate_ids']} response ids occur more than once")
    if row["answered"] != row["posts"]:
        misses.append(f"{label}: {row['posts']} POSTs on the wire, {row['answered']} answered with an id")
    if row["requests"] is not None:
        if row["warmups"]:
            misses.append(f"{label}: {row['warmups']} warm-up requests in the run (their POSTs count as arrivals); "
                          "run with --warmup 0")
        if row["posts"] != row["requests"]:
            misses.append(f"{label}: {row['posts']} POSTs on the wire for {row['requests']} requests in requests.jsonl")
        if row["ok"] != row["requests"]:
            misses.append(f"{label}: {row['requests'] - row['ok']} of {row['requests']} requests failed")
        if row["matched"] != row["requests"]:
            misses.append(f"{label}: only {row['matched']} of {row['requests']} requests matched by response_id")
    return text, misses


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True, help="the server's TCP port")
    ap.add_argument("--run", action="append", required=True, metavar="LABEL=PCAP[,DIR]",
                    help="one run's capture and, optionally, its tokenscope-cli --out directory (repeatable); "
                         "LABEL poisson…, constant…, gamma… or cap… picks the targets")
    ap.add_argument("--rate", type=float, default=40, help="the asked rate of the arrival runs (req/s)")
    ap.add_argument("--burstiness", type=float, default=0.25, help="gamma runs: the shape B (CV = 1/sqrt(B))")
    ap.add_argument("--gamma-tolerance", type=float, default=0.3, help="gamma runs: allowed |CV - 1/sqrt(B)|")
    ap.add_argument("--cap", type=int, default=4, help="cap runs: the --max-concurrency asked")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()

    rows, misses = [], []
    for spec in a.run:
        label, _, rest = spec.partition("=")
        pcap, _, out_dir = rest.partition(",")
        row = analyse(label, pcap, out_dir or None, a.port)
        row["target"], m = targets(row, a)
        row["met"] = not m
        rows.append(row)
        misses += m

    fmt = compare.fmt

    def fmt_pct(v):
        return "-" if v is None else f"{100 * v:.0f} %"

    def fmt_int(v):
        return "-" if v is None else str(v)

    def table(header, cells):
        print()
        print(header)
        print("|" + "|".join("---" for _ in range(header.count("|") - 1)) + "|")
        for r in rows:
            print("| " + " | ".join(cells(r)) + " |")

    print("At the server (loopback capture; arrival = the segment completing each POST):")
    table("| run | requests (jsonl / POSTs on the wire / answered) | arrivals span s | mean gap ms | rate req/s | CV of gaps | "
          "max in flight (share of the time at it) | target | met |",
          lambda r: [r["run"], f"{'-' if r['requests'] is None else r['requests']} / {r['posts']} / {r['answered']}",
                     fmt(r["span_s"], 2), fmt(r["mean_gap_ms"], 2), fmt(r["rate_per_s"], 2), fmt(r["cv"]),
                     f"{r['max_in_flight_wire']} ({fmt_pct(r['share_at_max'])})", r["target"], "yes" if r["met"] else "**no**"])
    print()
    print("The client's own view (requests.jsonl) beside it; wire after send = wire arrival - start_ms, "
          "less its smallest value:")
    table("| run | client send rate req/s | client CV | schedule CV | send lag p50 / p99 / max ms | "
          "wire after send p50 / p99 / max ms | wire after schedule p99 ms | max in flight (client: jsonl / summary) |",
          lambda r: [r["run"], fmt(r["client_rate_per_s"], 2), fmt(r["client_cv"]), fmt(r["schedule_cv"]),
                     f"{fmt(r['send_lag_p50_ms'])} / {fmt(r['send_lag_p99_ms'])} / {fmt(r['send_lag_max_ms'])}",
                     f"{fmt(r['wire_after_send_p50_ms'])} / {fmt(r['wire_after_send_p99_ms'])} / "
                     f"{fmt(r['wire_after_send_max_ms'])}",
                     fmt(r["wire_after_schedule_p99_ms"]),
                     f"{fmt_int(r['max_in_flight_client'])} / {fmt_int(r['summary_peak_in_flight'])}"])
    print()
    if misses:
        for m in misses:
            print("MISS:", m)
    else:
        print("all targets met")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"rows": rows, "misses": misses}, f, indent=2)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
