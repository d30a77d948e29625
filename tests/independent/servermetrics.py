#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check tokenscope-cli's server_metrics.jsonl and summary.json against metrics-proxy.mjs (python3 stdlib only).

Run by servermetrics.sh. For each run directory OUT/NAME (one level):
  - every scrape succeeded (failures are counted and are a miss), and named the server "vllm";
  - the gaps between consecutive offset_s have a median within INTERVAL +- 0.1 s and none above
    2 x INTERVAL, and there are at least duration / INTERVAL - 1 samples (about one a second);
  - the running gauge reaches the level's concurrency, no higher: max == CONCURRENCY in the jsonl
    and summary.json's server_running_max (with MAX_BATCH, == BATCH, and waiting max >= BATCH - 1
    in both; without, waiting max == 0);
  - what TokenScope recorded is what the proxy served: the jsonl's (running, waiting) sequence is
    the proxy's own log of its answers, OUT/NAME-proxy-scrapes.jsonl, scrape for scrape (the proxy
    may have one more, a scrape still under way when the run ended and TokenScope stopped).
Prints the figures and the checks; exits 1 on a miss.
"""
import argparse
import json
import math
import os
import statistics
import sys


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def p95(values):
    if not values:
        return None
    s = sorted(values)
    return s[max(0, math.ceil(0.95 * len(s)) - 1)]


def fmt(v, digits=3):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def check_run(out, name, concurrency, interval, batch):
    run_dir = os.path.join(out, name)
    checks = []

    def check(what, ok, detail):
        checks.append({"check": what, "met": bool(ok), "detail": detail})

    lines = read_jsonl(os.path.join(run_dir, "server_metrics.jsonl"))
    with open(os.path.join(run_dir, "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    levels = summary.get("levels", [])
    level = levels[0] if levels else {}
    ok_lines = [d for d in lines if d.get("ok")]
    failed = [d for d in lines if not d.get("ok")]
    offsets = [d["offset_s"] for d in lines]
    gaps = [b - a for a, b in zip(offsets, offsets[1:])]
    running = [d["running"] for d in ok_lines if d.get("running") is not None]
    waiting = [d["waiting"] for d in ok_lines if d.get("waiting") is not None]
    cache = [d["cache_usage"] for d in ok_lines if d.get("cache_usage") is not None]
    duration = level.get("duration_s")
    fig = {
        "run": name,
        "concurrency": level.get("concurrency"),
        "max_batch": batch or 0,
        "level_duration_s": duration,
        "samples": len(lines),
        "samples_ok": len(ok_lines),
        "samples_failed": len(failed),
        "median_gap_s": statistics.median(gaps) if gaps else None,
        "p95_gap_s": p95(gaps),
        "max_gap_s": max(gaps) if gaps else None,
        "min_gap_s": min(gaps) if gaps else None,
        "running_max": max(running) if running else None,
        "waiting_max": max(waiting) if waiting else None,
        "cache_usage_max": max(cache) if cache else None,
        "summary_server_running_max": level.get("server_running_max"),
        "summary_server_running_mean": level.get("server_running_mean"),
        "summary_server_waiting_max": level.get("server_waiting_max"),
        "summary_server_waiting_mean": level.get("server_waiting_mean"),
        "summary_server_cache_usage_max": level.get("server_cache_usage_max"),
        "summary_server_scrapes": level.get("server_scrapes"),
        "summary_scrapes": (summary.get("server_metrics") or {}).get("scrapes"),
        "summary_scrapes_ok": (summary.get("server_metrics") or {}).get("scrapes_ok"),
        "summary_scrapes_failed": (summary.get("server_metrics") or {}).get("scrapes_failed"),
        "completed": level.get("completed"),
        "failed_requests": level.get("failed"),
    }

    check("one level, every request completed", len(levels) == 1 and level.get("failed") == 0
          and level.get("completed") == level.get("requests"),
          f"{len(levels)} level(s), {level.get('completed')}/{level.get('requests')} completed")
    check("every scrape ok", lines and not failed,
          f"{len(ok_lines)} of {len(lines)} ok" + (f"; first error: {failed[0].get('error')}" if failed else ""))
    check("summary.json counts the same scrapes", fig["summary_scrapes"] == len(lines)
          and fig["summary_scrapes_ok"] == len(ok_lines),
          f"summary {fig['summary_scrapes']} scrapes, {fig['summary_scrapes_ok']} ok; jsonl {len(lines)}, {len(ok_lines)} ok")
    servers = sorted({d.get("server") for d in ok_lines}, key=str)
    check('server recognised as "vllm"', servers == ["vllm"], f"server {servers}")
    check(f"median gap {interval} +- 0.1 s", gaps and abs(fig["median_gap_s"] - interval) <= 0.1,
          f"median {fmt(fig['median_gap_s'])} s over {len(gaps)} gaps")
    check(f"no gap above {2 * interval:g} s", gaps and fig["max_gap_s"] <= 2 * interval,
          f"max {fmt(fig['max_gap_s'])} s")
    if duration:
        need = math.floor(duration / interval) - 1
        check("about one sample per interval over the level", len(lines) >= need,
              f"{len(lines)} samples over a {duration:.2f} s level (at least {need})")
    target = batch if batch else concurrency
    check(f"running max == {target} (jsonl)", fig["running_max"] == target, f"jsonl running max {fmt(fig['running_max'])}")
    check(f"running max == {target} (summary.json server_running_max)",
          fig["summary_server_running_max"] == target,
          f"server_running_max {fmt(fig['summary_server_running_max'])}")
    if batch:
        check(f"waiting max >= {batch - 1} (jsonl)", fig["waiting_max"] is not None and fig["waiting_max"] >= batch - 1,
              f"jsonl waiting max {fmt(fig['waiting_max'])}")
        check(f"waiting max >= {batch - 1} (summary.json server_waiting_max)",
              fig["summary_server_waiting_max"] is not None and fig["summary_server_waiting_max"] >= batch - 1,
              f"server_waiting_max {fmt(fig['summary_server_waiting_max'])}")
    else:
        check("waiting max == 0 (no MAX_BATCH)", fig["waiting_max"] == 0 and fig["summary_server_waiting_max"] == 0,
              f"jsonl {fmt(fig['waiting_max'])}, summary {fmt(fig['summary_server_waiting_max'])}")
    expected_cache = (fig["running_max"] or 0) / (batch if batch else 64)
    check("cache usage max == running max / (MAX_BATCH or 64)",
          fig["cache_usage_max"] is not None and abs(fig["cache_usage_max"] - expected_cache) < 1e-9
          and fig["summary_server_cache_usage_max"] is not None
          and abs(fig["summary_server_cache_usage_max"] - expected_cache) < 1e-6,
          f"jsonl {fmt(fig['cache_usage_max'], 6)}, summary {fmt(fig['summary_server_cache_usage_max'], 6)}, expected {expected_cache:.6f}")

    # The proxy's own record of what it answered, on its own clock.
    proxy_path = os.path.join(out, f"{name}-proxy-scrapes.jsonl")
    if os.path.exists(proxy_path):
        served = read_jsonl(proxy_path)
        got = [(d.get("running"), d.get("waiting")) for d in ok_lines]
        sent = [(d["running"], d["waiting"]) for d in served]
        t = [d["t_ms"] / 1000 for d in served]
        proxy_gaps = [b - a for a, b in zip(t, t[1:])]
        fig["proxy_scrapes_served"] = len(served)
        fig["proxy_median_gap_s"] = statistics.median(proxy_gaps) if proxy_gaps else None
        fig["proxy_max_gap_s"] = max(proxy_gaps) if proxy_gaps else None
        fig["proxy_running_max"] = max((r for r, _ in sent), default=None)
        fig["proxy_waiting_max"] = max((w for _, w in sent), default=None)
        check("the jsonl holds what the proxy served, scrape for scrape",
              not failed and 0 <= len(sent) - len(got) <= 1 and sent[:len(got)] == got,
              f"proxy served {len(sent)}, jsonl has {len(got)} ok; "
              + ("same (running, waiting) in order" if sent[:len(got)] == got else "the sequences differ"))
    fig["checks"] = checks
    return fig


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--run", default="c16", help="the run without MAX_BATCH (OUT/RUN)")
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--interval", type=float, default=1.0, help="the scrape interval, seconds")
    ap.add_argument("--batch-run", help="the run against the proxy with MAX_BATCH (OUT/BATCH_RUN)")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--json", help="write the figures and checks here")
    a = ap.parse_args()
    runs = [check_run(a.out, a.run, a.concurrency, a.interval, 0)]
    if a.batch_run:
        runs.append(check_run(a.out, a.batch_run, a.concurrency, a.interval, a.batch))

    print("| run | conc | MAX_BATCH | level s | samples (ok) | median gap s | p95 gap s | max gap s | running max (summary) | waiting max (summary) | cache max | proxy served |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for f in runs:
        print(f"| {f['run']} | {f['concurrency']} | {f['max_batch'] or '-'} | {fmt(f['level_duration_s'], 2)} "
              f"| {f['samples']} ({f['samples_ok']}) | {fmt(f['median_gap_s'])} | {fmt(f['p95_gap_s'])} | {fmt(f['max_gap_s'])} "
              f"| {fmt(f['running_max'])} ({fmt(f['summary_server_running_max'])}) "
              f"| {fmt(f['waiting_max'])} ({fmt(f['summary_server_waiting_max'])}) | {fmt(f['cache_usage_max'], 4)} "
              f"| {fmt(f.get('proxy_scrapes_served'))} |")
    print()
    missed = 0
    for f in runs:
        for c in f["checks"]:
            missed += not c["met"]
            print(f"- {f['run']}: {'met' if c['met'] else 'MISSED'}: {c['check']} ({c['detail']})")
    print()
    print("all checks met" if not missed else f"{missed} check(s) missed")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"runs": runs, "missed": missed}, f, indent=1)
            f.write("\n")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
