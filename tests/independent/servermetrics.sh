#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# `--server-metrics` against an independent Prometheus endpoint with vLLM's series names
# (docs/independent-server.md#server-metrics-against-an-independent-prometheus-endpoint-2026-12-02):
#   - upstream: @dwmkerr/mock-llm (npm, not written by this repo) streams every answer,
#     CONTENT_CHARS characters in CHUNK_SIZE pieces every INTERVAL_MS (about 2.2 s an answer);
#   - in front of it metrics-proxy.mjs (in this repo, a few lines that count the requests it is
#     forwarding) exposes vllm:num_requests_running / _waiting / kv_cache_usage_perc through
#     prom-client (npm, not written by this repo), and logs what it served at every scrape;
#   - tokenscope-cli run --concurrency 16 --requests 64 --warmup 0 --server-metrics .../metrics,
#     then the same against a second proxy with MAX_BATCH=8 (8 forwarded at a time, the rest wait).
# servermetrics.py checks server_metrics.jsonl and summary.json (a sample about every second, the
# running gauge reaching the level's concurrency; with MAX_BATCH, running 8 and waiting about 8)
# and that every value TokenScope recorded is the one the proxy says it served.
#
#   tests/independent/servermetrics.sh [path/to/tokenscope-cli] [out-dir]
# Everything stays on 127.0.0.1. Installs what it lacks into tests/independent/node_modules (npm ci,
# pinned by package-lock.json). Bounded: each step has a timeout; the runs take about 30 s.
# Environment: PORT (18100; uses PORT, PORT+1 for mock-llm, PORT+2 for the MAX_BATCH proxy),
# CONCURRENCY (16), REQUESTS (64), BATCH (8; 0 = no MAX_BATCH run), INTERVAL_S (1, the scrape
# interval), CHUNK_SIZE (16 chars), INTERVAL_MS (20), CONTENT_CHARS (1760: 110 chunks, 2.2 s).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CLI="${1:-$ROOT/build/release/tokenscope-cli}"
OUT="${2:-$HERE/out-servermetrics}"
PORT="${PORT:-18100}"
UP_PORT=$((PORT + 1))
BATCH_PORT=$((PORT + 2))
CONCURRENCY="${CONCURRENCY:-16}"
REQUESTS="${REQUESTS:-64}"
BATCH="${BATCH:-8}"
INTERVAL_S="${INTERVAL_S:-1}"
CHUNK_SIZE="${CHUNK_SIZE:-16}"
INTERVAL_MS="${INTERVAL_MS:-20}"
CONTENT_CHARS="${CONTENT_CHARS:-1760}"
MODEL="independent-mock"

[[ -x "$CLI" ]] || { echo "tokenscope-cli not found at $CLI (pass its path as the first argument)" >&2; exit 2; }
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"

SERVER_JS="$HERE/node_modules/@dwmkerr/mock-llm/dist/main.js"
if [[ ! -f "$SERVER_JS" || ! -f "$HERE/node_modules/prom-client/package.json" ]]; then
    echo "installing @dwmkerr/mock-llm and prom-client (npm, pinned by package-lock.json)"
    for attempt in 1 2 3; do # the registry can drop a connection now and then
        (cd "$HERE" && timeout 300 npm ci --no-audit --no-fund --loglevel=error) && break
        ((attempt < 3)) || { echo "npm ci failed 3 times" >&2; exit 1; }
        sleep 5
    done
fi
version_of() { node -p "require('$HERE/node_modules/$1/package.json').version"; }

for p in "$PORT" "$UP_PORT" "$BATCH_PORT"; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
        echo "port $p on 127.0.0.1 is already in use; set PORT=... (uses PORT to PORT+2)" >&2
        exit 2
    fi
done

PIDS=()
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    PIDS=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$OUT"
mkdir -p "$OUT"

# wait_for URL PID LOG: until URL answers (the process PID must stay up meanwhile).
wait_for() {
    for _ in $(seq 1 100); do
        curl -sf "$1" >/dev/null 2>&1 && return 0
        kill -0 "$2" 2>/dev/null || { cat "$3" >&2; exit 1; }
        sleep 0.1
    done
    echo "nothing answered at $1" >&2
    exit 1
}

# ---- mock-llm upstream: one sequence rule per request, so each answer has its own id ------------
TOTAL=$((2 * REQUESTS + 16))
python3 "$HERE/make_config.py" --out "$OUT/mock-llm.yaml" --requests "$TOTAL" \
    --chunk-size "$CHUNK_SIZE" --interval-ms "$INTERVAL_MS" --content-chars "$CONTENT_CHARS"
HOST=127.0.0.1 PORT="$UP_PORT" node "$SERVER_JS" --config "$OUT/mock-llm.yaml" >"$OUT/mock-llm.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$UP_PORT/health" "${PIDS[-1]}" "$OUT/mock-llm.log"

# start_proxy PORT MAX_BATCH NAME: metrics-proxy.mjs on PORT in front of mock-llm; what it serves
# at each scrape goes to OUT/NAME-proxy-scrapes.jsonl.
start_proxy() {
    HOST=127.0.0.1 PORT="$1" UPSTREAM="http://127.0.0.1:$UP_PORT" MAX_BATCH="$2" MODEL_NAME="$MODEL" \
        SCRAPE_LOG="$OUT/$3-proxy-scrapes.jsonl" node "$HERE/metrics-proxy.mjs" >"$OUT/$3-proxy.log" 2>&1 &
    PIDS+=($!)
    wait_for "http://127.0.0.1:$1/v1/models" "${PIDS[-1]}" "$OUT/$3-proxy.log"
    # One exposition for the record, then the log holds only tokenscope-cli's scrapes.
    curl -sf "http://127.0.0.1:$1/metrics" >"$OUT/$3-exposition.txt"
    : >"$OUT/$3-proxy-scrapes.jsonl"
}

CHUNKS=$(((CONTENT_CHARS + CHUNK_SIZE - 1) / CHUNK_SIZE))
# run_level PORT NAME: one level of tokenscope-cli against the proxy on PORT, into OUT/NAME.
run_level() {
    echo "== tokenscope-cli run --concurrency $CONCURRENCY --requests $REQUESTS --warmup 0 --server-metrics http://127.0.0.1:$1/metrics --server-metrics-interval $INTERVAL_S ($2)"
    timeout 180 "$CLI" run --base-url "http://127.0.0.1:$1/v1" --model "$MODEL" --max-tokens "$CHUNKS" --timeout 60 \
        --concurrency "$CONCURRENCY" --requests "$REQUESTS" --warmup 0 \
        --server-metrics "http://127.0.0.1:$1/metrics" --server-metrics-interval "$INTERVAL_S" \
        --out "$OUT/$2" >"$OUT/$2.txt" 2>"$OUT/$2.err" || { echo "tokenscope-cli exited with $? (see $OUT/$2.err)"; status=1; }
    cat "$OUT/$2.txt"
    grep -E '^Server metrics' "$OUT/$2.err" || true
    # Qt's complaints (a timer started from the wrong thread stopped the scrapes once) are a miss.
    if grep -E '^QObject::|^QTimer' "$OUT/$2.err"; then
        echo "MISSED: tokenscope-cli printed Qt warnings (see $OUT/$2.err)"
        status=1
    fi
}

status=0
echo "mock-llm $(version_of @dwmkerr/mock-llm) ($CONTENT_CHARS chars in chunks of $CHUNK_SIZE every $INTERVAL_MS ms), prom-client $(version_of prom-client), node $(node --version)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
cpu_busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat; }
B0=$(cpu_busy_jiffies)
T0=$(date +%s.%N)
start_proxy "$PORT" 0 "c$CONCURRENCY"
run_level "$PORT" "c$CONCURRENCY"
CHECK=(--run "c$CONCURRENCY" --concurrency "$CONCURRENCY" --interval "$INTERVAL_S")
if ((BATCH > 0)); then
    start_proxy "$BATCH_PORT" "$BATCH" "c$CONCURRENCY-batch$BATCH"
    run_level "$BATCH_PORT" "c$CONCURRENCY-batch$BATCH"
    CHECK+=(--batch-run "c$CONCURRENCY-batch$BATCH" --batch "$BATCH")
fi
cleanup
B1=$(cpu_busy_jiffies)
awk -v b0="$B0" -v b1="$B1" -v t0="$T0" -v t1="$(date +%s.%N)" -v n="$(nproc)" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "machine busy %.0f%% of all cores while the runs ran (these and other processes)\n", 100 * (b1 - b0) / hz / n / (t1 - t0) }'
python3 "$HERE/servermetrics.py" "$OUT" "${CHECK[@]}" --json "$OUT/servermetrics-check.json" | tee "$OUT/servermetrics-check.md"
((PIPESTATUS[0] == 0)) || status=1
exit "$status"
