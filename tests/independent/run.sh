#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Check tokenscope-cli's timings against an independent OpenAI-compatible streaming server
# (@dwmkerr/mock-llm from npm, not written by this repo), with a loopback packet capture as the
# ground truth for the server's send times. See docs/independent-server.md. Then the same for
# Anthropic Messages (--api anthropic) against @copilotkit/aimock (npm, not written by this repo),
# which refuses requests without the right x-api-key; anthropic-version it does not check, so
# compare.py checks every request for it in the capture.
#
#   tests/independent/run.sh [path/to/tokenscope-cli] [out-dir]
#
# Everything stays on 127.0.0.1. Installs what it lacks (apt-get: tshark; npm: mock-llm, aimock and
# mock-openai-api into tests/independent/node_modules). Bounded: each step has a timeout; the
# measuring takes about 80 s (the Anthropic phase about 60 s more), after waiting up to
# QUIET_WAIT s (default 120) for other load on the machine to settle.
# Exits non-zero when a target is missed or the capture is incomplete.
# Environment knobs: PORT (18080), LEVELS (1,16,64,256), CHUNK_SIZE (16 chars), INTERVAL_MS (20),
# CONTENT_CHARS (640), TTFT_SERIES (30 requests at concurrency 1; 0 = skip), REF (1: also run the
# control client refclient.py), REF_NATIVE (1: also the C++ control refclient.cpp), PIN (1: server+capture on CPU 1, clients on CPU 0),
# CLI_ARGS (more tokenscope-cli options for the timing runs, e.g. "--transport curl"),
# USAGE_CHECK (1: also the token-count check against mock-openai-api on PORT+1), USAGE_ONLY (1: only that
# check; no timing phase, no waiting for a quiet machine),
# ANTHROPIC (1: also the Anthropic Messages phase against aimock on PORT+2), ANTHROPIC_ONLY (1: only that
# phase), ANTHROPIC_CONCURRENCY (4), ANTHROPIC_REQUESTS (40 per model: one thinks before its text, one
# does not), ANTHROPIC_TTFT_MS (50: aimock's delay before message_start), ANTHROPIC_JITTER (0.25),
# QUIET_MAX / QUIET_WAIT (wait up to QUIET_WAIT s for other load to drop to QUIET_MAX % first),
# OPENLOOP (1: also the open-loop phase against mock-llm on PORT+4: --request-rate arrivals and the
# --max-concurrency cap, checked by arrivals.py), OPENLOOP_ONLY (1: only that phase; waits at most
# QUIET_WAIT, here 15 s by default), OPENLOOP_RATE (40 req/s), OPENLOOP_REQUESTS (300 per arrival),
# OPENLOOP_BURSTINESS (0.25, the gamma run), OPENLOOP_CAP_RATE (200), OPENLOOP_CAP (4),
# OPENLOOP_CAP_REQUESTS (200), OPENLOOP_CONTENT_CHARS (320: 20 chunks, 400 ms a response), OPENLOOP_SEED (1),
# TRACE (1: also the trace-replay phase against mock-openai-api on PORT+5: the shipped mooncake sample at
# TRACE_SPEEDUP (2), checked by traces.py), TRACE_ONLY (1: only that phase), CONVERSATION (1: also the
# conversation phase against mock-llm on PORT+6: --turns 5 --think-time 500, checked by conversations.py),
# CONVERSATION_ONLY (1: only that phase), CONVERSATION_LOAD (its load options; default "--concurrency 4
# --requests-per-concurrency 2", or e.g. "--request-rate 4 --requests 8" for conversations begun at a rate).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CLI="${1:-$ROOT/build/release/tokenscope-cli}"
OUT="${2:-$HERE/out}"
PORT="${PORT:-18080}"
LEVELS="${LEVELS:-1,16,64,256}"
CHUNK_SIZE="${CHUNK_SIZE:-16}"
INTERVAL_MS="${INTERVAL_MS:-20}"
CONTENT_CHARS="${CONTENT_CHARS:-640}"
TTFT_SERIES="${TTFT_SERIES:-30}"
MODEL="independent-mock"
ANTHROPIC_ONLY="${ANTHROPIC_ONLY:-0}"
ANTHROPIC="${ANTHROPIC:-1}"
[[ "$ANTHROPIC_ONLY" == 1 ]] && ANTHROPIC=1
[[ "${USAGE_ONLY:-0}" == 1 ]] && ANTHROPIC=0
CONVERSATION_ONLY="${CONVERSATION_ONLY:-0}"
CONVERSATION="${CONVERSATION:-0}"
[[ "$CONVERSATION_ONLY" == 1 ]] && { CONVERSATION=1; ANTHROPIC=0; TRACE_ONLY=1; TRACE_SKIP=1; }
TRACE_ONLY="${TRACE_ONLY:-0}"
TRACE="${TRACE:-0}"
[[ "$TRACE_ONLY" == 1 ]] && { TRACE=1; ANTHROPIC=0; }
OPENLOOP_ONLY="${OPENLOOP_ONLY:-0}"
OPENLOOP="${OPENLOOP:-0}"
[[ "$OPENLOOP_ONLY" == 1 ]] && { OPENLOOP=1; ANTHROPIC=0; }

[[ -x "$CLI" ]] || { echo "tokenscope-cli not found at $CLI (pass its path as the first argument)" >&2; exit 2; }
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"

# ---- dependencies ------------------------------------------------------------------------------
if ! command -v dumpcap >/dev/null || ! command -v tshark >/dev/null; then
    echo "installing tshark (Debian)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q tshark >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q tshark >/dev/null; }
fi
SERVER_JS="$HERE/node_modules/@dwmkerr/mock-llm/dist/main.js"
USAGE_SERVER_JS="$HERE/node_modules/mock-openai-api/dist/cli.js"
AIMOCK_JS="$HERE/node_modules/@copilotkit/aimock/dist/cli.js"
if [[ ! -f "$SERVER_JS" || ! -f "$USAGE_SERVER_JS" || ! -f "$AIMOCK_JS" ]]; then
    echo "installing @dwmkerr/mock-llm, @copilotkit/aimock and mock-openai-api (npm, pinned by package-lock.json)"
    for attempt in 1 2 3; do # the registry can drop a connection now and then
        (cd "$HERE" && timeout 300 npm ci --no-audit --no-fund --loglevel=error) && break
        ((attempt < 3)) || { echo "npm ci failed 3 times" >&2; exit 1; }
        sleep 5
    done
fi
SERVER_VERSION="$(node -p "require('$HERE/node_modules/@dwmkerr/mock-llm/package.json').version")"
AIMOCK_VERSION="$(node -p "require('$HERE/node_modules/@copilotkit/aimock/package.json').version")"

# ---- machine load: this measures a client's timing accuracy, so other work on the machine matters
cpu_busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat; }
proc_jiffies() { awk '{print $14+$15+$16+$17}' "/proc/$1/stat" 2>/dev/null || echo 0; }
busy_percent_over() { # busy % of all cores over $1 seconds
    local a b
    a=$(cpu_busy_jiffies); sleep "$1"; b=$(cpu_busy_jiffies)
    echo $(( (b - a) * 100 / ($(nproc) * $(getconf CLK_TCK)) / $1 ))
}
# The open-loop phase checks gaps of 25 ms and more and the cap, not sub-millisecond timing.
[[ "$OPENLOOP_ONLY" == 1 || "$TRACE_ONLY" == 1 ]] && QUIET_WAIT="${QUIET_WAIT:-15}"
QUIET_WAIT="${QUIET_WAIT:-120}"
QUIET_MAX="${QUIET_MAX:-10}"
# wait_quiet: wait up to QUIET_WAIT s for the machine's load to drop to QUIET_MAX %; sets $load.
wait_quiet() {
    local busy waited=0
    busy=$(busy_percent_over 5)
    while ((busy > QUIET_MAX && waited < QUIET_WAIT)); do
        ((waited == 0)) && echo "machine busy ${busy}% (other processes); waiting up to ${QUIET_WAIT}s for <= ${QUIET_MAX}%"
        busy=$(busy_percent_over 5)
        waited=$((waited + 5))
    done
    load="busy ${busy}% of all cores just before the run"
}
# USAGE_ONLY counts tokens only: no timing to protect, so no sampling and no waiting.
if [[ "${USAGE_ONLY:-0}" == 1 ]]; then
    load="load not sampled (USAGE_ONLY)"
else
    wait_quiet
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $load"

# ---- children are stopped on any exit ----------------------------------------------------------
SERVER_PID=""
CAPTURE_PID=""
GATEWAY_PID=""
cleanup() {
    [[ -n "$CAPTURE_PID" ]] && kill -INT "$CAPTURE_PID" 2>/dev/null && wait "$CAPTURE_PID" 2>/dev/null || true
    [[ -n "$GATEWAY_PID" ]] && kill "$GATEWAY_PID" 2>/dev/null && wait "$GATEWAY_PID" 2>/dev/null || true
    [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
    CAPTURE_PID=""
    GATEWAY_PID=""
    SERVER_PID=""
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$OUT"
mkdir -p "$OUT"

if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
    echo "port $PORT on 127.0.0.1 is already in use; set PORT=..." >&2
    exit 2
fi

# wait_for_server URL LOG: until URL answers (the server started last, SERVER_PID, must stay up).
wait_for_server() {
    for _ in $(seq 1 100); do
        curl -sf "$1" >/dev/null 2>&1 && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || { cat "$2" >&2; exit 1; }
        sleep 0.1
    done
    curl -sf "$1" >/dev/null || { echo "the server at $1 did not come up" >&2; exit 1; }
}
# start_capture PORT NAME: dumpcap (tshark's capture engine) on loopback, only PORT, into OUT/NAME.pcapng.
start_capture() {
    dumpcap -q -i lo -f "tcp port $1" -B 128 -w "$OUT/$2.pcapng" >"$OUT/$2.log" 2>&1 &
    CAPTURE_PID=$!
    for _ in $(seq 1 50); do
        [[ -s "$OUT/$2.pcapng" ]] && break
        sleep 0.1
    done
    sleep 0.5
}
# stop_capture: after half a second, so that it holds everything the server sent.
stop_capture() {
    sleep 0.5
    kill -INT "$CAPTURE_PID"
    wait "$CAPTURE_PID" || true
    CAPTURE_PID=""
}
# stop_server_and_capture: the capture first, so that it holds everything the server sent.
stop_server_and_capture() {
    stop_capture
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}

# start_gateway PORT BACKEND: Debian's nginx on PORT in front of the server on BACKEND, as an
# Anthropic gateway: a request without anthropic-version gets Anthropic's 400, every other request
# goes through with its headers (x-api-key too) over kept-alive connections, and the answer streams
# back unbuffered, each SSE event as the server wrote it. Its own prefix and logs under OUT/nginx.
start_gateway() {
    local dir="$OUT/nginx"
    mkdir -p "$dir/tmp"
    cat >"$dir/nginx.conf" <<NGINX
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    upstream backend { server 127.0.0.1:$2; keepalive 16; }
    server {
        listen 127.0.0.1:$1;
        location / {
            default_type application/json; # nginx's own answer below; proxied ones keep theirs
            if (\$http_anthropic_version = "") {
                return 400 '{"type":"error","error":{"type":"invalid_request_error","message":"anthropic-version: header is required"}}';
            }
            proxy_pass http://backend;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_buffering off;
            proxy_cache off;
            tcp_nodelay on;
        }
        location = /health { proxy_pass http://backend; }
    }
}
NGINX
    nginx -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" &
    GATEWAY_PID=$!
}

# PIN=1 puts the server and the capture on CPU 1 and the client on CPU 0 (diagnostic: separates
# the client's own cost from competition with the server for two cores).
CLI_PREFIX=()
[[ "${PIN:-0}" == 1 ]] && CLI_PREFIX=(taskset -c 0)
pin_server_and_capture() {
    if [[ "${PIN:-0}" == 1 ]]; then
        taskset -a -p -c 1 "$SERVER_PID" >/dev/null
        taskset -a -p -c 1 "$CAPTURE_PID" >/dev/null
    fi
}
# CPU accounting per phase: what the client, the server, the capture and everything else on
# the machine (other users' builds and tests) used while the client was measuring.
HZ=$(getconf CLK_TCK)
TIMEFORMAT='%U %S'
phase_begin() {
    PH_T0=$(date +%s.%N); PH_B0=$(cpu_busy_jiffies)
    PH_S0=$(proc_jiffies "$SERVER_PID"); PH_C0=$(proc_jiffies "$CAPTURE_PID")
    PH_CLIENT_FILE="$OUT/cpu-$1.tmp"; : >"$PH_CLIENT_FILE"
}
phase_end() {
    local client
    client=$(awk '{s += $1 + $2} END {print s + 0}' "$PH_CLIENT_FILE")
    awk -v label="$1" -v now="$(date +%s.%N)" -v t0="$PH_T0" -v b1="$(cpu_busy_jiffies)" -v b0="$PH_B0" \
        -v s1="$(proc_jiffies "$SERVER_PID")" -v s0="$PH_S0" -v c1="$(proc_jiffies "$CAPTURE_PID")" \
        -v c0="$PH_C0" -v hz="$HZ" -v cl="$client" -v n="$(nproc)" -v qmax="$QUIET_MAX" 'BEGIN {
            total = (b1 - b0) / hz; server = (s1 - s0) / hz; cap = (c1 - c0) / hz
            other = total - server - cap - cl
            printf "== CPU while %s ran (%.1f s wall, %d cores): client %.1f s, server %.1f s, capture %.1f s, everything else %.1f s\n",
                label, now - t0, n, cl, server, cap, other
            if (other > (now - t0) * n * qmax / 100)
                printf "WARNING: other processes used %.0f%% of the machine while %s ran; its timings are not those of a quiet machine\n",
                    100 * other / ((now - t0) * n), label }' | tee -a "$OUT/cpu.txt"
    rm -f "$PH_CLIENT_FILE"
}
: >"$OUT/cpu.txt"

status=0
if [[ "${USAGE_ONLY:-0}" != 1 && "$ANTHROPIC_ONLY" != 1 && "$OPENLOOP_ONLY" != 1 && "$TRACE_ONLY" != 1 ]]; then # ---- the timing phase against mock-llm, down to "fi # timing phase"
# ---- server ------------------------------------------------------------------------------------
# One sequence rule per request gives each response its own id (see make_config.py).
IFS=, read -r -a LEVEL_LIST <<<"$LEVELS"
PER_CLIENT=2 # warm-ups of both runs
for c in "${LEVEL_LIST[@]}"; do PER_CLIENT=$((PER_CLIENT + c)); done
PER_CLIENT=$((PER_CLIENT + TTFT_SERIES))
TOTAL=$((PER_CLIENT * 3 + 16)) # tokenscope-cli, refclient.py, refclient-native
python3 "$HERE/make_config.py" --out "$OUT/mock-llm.yaml" --requests "$TOTAL" \
    --chunk-size "$CHUNK_SIZE" --interval-ms "$INTERVAL_MS" --content-chars "$CONTENT_CHARS"

# mock-llm listens on HOST:PORT from the environment (its src/main.ts).
HOST=127.0.0.1 PORT="$PORT" node "$SERVER_JS" --config "$OUT/mock-llm.yaml" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
wait_for_server "http://127.0.0.1:$PORT/health" "$OUT/server.log"
start_capture "$PORT" capture

# ---- the runs ----------------------------------------------------------------------------------
pin_server_and_capture
COMMON=(--base-url "http://127.0.0.1:$PORT/v1" --model "$MODEL" --max-tokens 64 --timeout 60)
# CLI_ARGS: more tokenscope-cli options for the timing runs, e.g. "--transport curl" or
# "--transport curl --busy-poll" (word-split on spaces).
read -r -a EXTRA_CLI_ARGS <<<"${CLI_ARGS:-}"
COMMON+=("${EXTRA_CLI_ARGS[@]}")
echo "== tokenscope-cli run --concurrency $LEVELS --requests-per-concurrency 1 (mock-llm $SERVER_VERSION, chunkSize $CHUNK_SIZE, chunkIntervalMs $INTERVAL_MS)"
phase_begin tokenscope
{ time timeout 180 "${CLI_PREFIX[@]}" "$CLI" run "${COMMON[@]}" --concurrency "$LEVELS" --requests-per-concurrency 1 \
    --out "$OUT/levels" >"$OUT/levels.txt" 2>"$OUT/levels.err"; } 2>>"$PH_CLIENT_FILE"
cat "$OUT/levels.txt"
RUNS=(--run "levels=$OUT/levels")
if ((TTFT_SERIES > 0)); then
    echo "== tokenscope-cli run --concurrency 1 --requests $TTFT_SERIES (TTFT series)"
    { time timeout 120 "${CLI_PREFIX[@]}" "$CLI" run "${COMMON[@]}" --concurrency 1 --requests "$TTFT_SERIES" \
        --out "$OUT/ttft-c1" >"$OUT/ttft-c1.txt" 2>"$OUT/ttft-c1.err"; } 2>>"$PH_CLIENT_FILE"
    cat "$OUT/ttft-c1.txt"
    RUNS+=(--run "ttft-c1=$OUT/ttft-c1")
fi

phase_end tokenscope-cli

# The control: a plain one-thread epoll client (refclient.py), same levels, same server, same capture.
if [[ "${REF:-1}" == 1 ]]; then
    echo "== refclient.py (control) --concurrency $LEVELS, then concurrency 1 x $TTFT_SERIES"
    phase_begin refclient
    { time timeout 180 "${CLI_PREFIX[@]}" python3 "$HERE/refclient.py" --port "$PORT" --model "$MODEL" \
        --concurrency "$LEVELS" --out "$OUT/ref-levels"; } 2>>"$PH_CLIENT_FILE"
    RUNS+=(--run "ref-levels=$OUT/ref-levels")
    if ((TTFT_SERIES > 0)); then
        { time timeout 120 "${CLI_PREFIX[@]}" python3 "$HERE/refclient.py" --port "$PORT" --model "$MODEL" \
            --concurrency 1 --requests-per-concurrency "$TTFT_SERIES" --out "$OUT/ref-ttft-c1"; } 2>>"$PH_CLIENT_FILE"
        RUNS+=(--run "ref-ttft-c1=$OUT/ref-ttft-c1")
    fi
    phase_end refclient.py
fi

# The native control: the same loop in C++ with epoll (refclient.cpp), the floor of this machine.
if [[ "${REF_NATIVE:-1}" == 1 ]]; then
    g++ -std=c++17 -O2 -Wall -Wextra -Werror -o "$OUT/refclient-native" "$HERE/refclient.cpp"
    echo "== refclient-native (control) --concurrency $LEVELS, then concurrency 1 x $TTFT_SERIES"
    phase_begin refclient-native
    { time timeout 180 "${CLI_PREFIX[@]}" "$OUT/refclient-native" --port "$PORT" --model "$MODEL" \
        --concurrency "$LEVELS" --out "$OUT/ref-native-levels"; } 2>>"$PH_CLIENT_FILE"
    RUNS+=(--run "ref-native-levels=$OUT/ref-native-levels")
    if ((TTFT_SERIES > 0)); then
        { time timeout 120 "${CLI_PREFIX[@]}" "$OUT/refclient-native" --port "$PORT" --model "$MODEL" \
            --concurrency 1 --requests-per-concurrency "$TTFT_SERIES" --out "$OUT/ref-native-ttft-c1"; } 2>>"$PH_CLIENT_FILE"
        RUNS+=(--run "ref-native-ttft-c1=$OUT/ref-native-ttft-c1")
    fi
    phase_end refclient-native
fi

stop_server_and_capture
echo "== capture: $(tr '\n' ' ' <"$OUT/capture.log")"

# ---- comparison --------------------------------------------------------------------------------
python3 "$HERE/compare.py" --pcap "$OUT/capture.pcapng" --port "$PORT" "${RUNS[@]}" \
    --json "$OUT/comparison.json" | tee "$OUT/comparison.md" || status=$?
if grep -q 'dropped on interface' "$OUT/capture.log" && ! grep -qE 'dropped on interface[^0-9]*[0-9]+/0 ' "$OUT/capture.log"; then
    echo "WARNING: the capture dropped packets (see $OUT/capture.log)"
fi
fi # timing phase

# ---- Anthropic Messages: the same timing check with --api anthropic ------------------------------
# @copilotkit/aimock (npm, MIT, not written by this repo) streams message_start, then a thinking
# block (thinking_delta events) and a text block (text_delta events), then message_delta with
# usage and message_stop, one SSE event per timer tick (its streamingProfile), see make_config.py.
# With AIMOCK_API_KEYS set it answers 401 unless a request carries one of those keys (x-api-key
# here). It does not check anthropic-version, so it sits behind Debian's nginx (not written by this
# repo either) as a gateway would: nginx answers 400 "anthropic-version: header is required" to a
# request without that header and streams everything else through unbuffered. The capture is on the
# client's side of nginx: the send times are the gateway's, as a client of a gateway sees them.
# compare.py also checks every request's headers in the capture. Targets (compare.py, labels anthropic-): at ANTHROPIC_CONCURRENCY, |TTFT| and
# |TTFC| error p99 <= 2 ms and ITL error p99 <= 1 ms against the capture, output_tokens from
# usage, and ttft_ms < ttfc_ms where thinking came first. refclient-native (REF_NATIVE=1) runs the
# same requests as a control, shown beside them, not held to the targets.
if [[ "$ANTHROPIC" == 1 ]]; then
    A_PORT=$((PORT + 2)) # nginx, which the client talks to and the capture watches
    A_BACKEND=$((PORT + 3)) # aimock behind it
    A_CONC="${ANTHROPIC_CONCURRENCY:-4}"
    A_REQUESTS="${ANTHROPIC_REQUESTS:-40}"
    for port in "$A_PORT" "$A_BACKEND"; do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "port $port on 127.0.0.1 (PORT+2 and PORT+3, the Anthropic phase's servers) is already in use; set PORT=..." >&2
            exit 2
        fi
    done
    if ! command -v nginx >/dev/null; then
        echo "installing nginx-light (Debian)"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nginx-light >/dev/null ||
            { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nginx-light >/dev/null; }
    fi
    if [[ "$ANTHROPIC_ONLY" != 1 ]]; then # the mock-llm phase ran first: let other load settle again
        wait_quiet
        echo "== before the Anthropic phase: $load"
    fi
    python3 "$HERE/make_config.py" --aimock --out "$OUT/aimock-fixtures.json" --model "$MODEL" \
        --chunk-size "$CHUNK_SIZE" --interval-ms "$INTERVAL_MS" --content-chars "$CONTENT_CHARS" \
        --ttft-ms "${ANTHROPIC_TTFT_MS:-50}" --jitter "${ANTHROPIC_JITTER:-0.25}"
    # A test key: aimock accepts only this one; tokenscope-cli reads it from the variable.
    export TOKENSCOPE_INDEP_ANTHROPIC_KEY="sk-ant-indep-$$-$RANDOM"
    AIMOCK_API_KEYS="$TOKENSCOPE_INDEP_ANTHROPIC_KEY" node "$AIMOCK_JS" -p "$A_BACKEND" -h 127.0.0.1 \
        -f "$OUT/aimock-fixtures.json" --log-level warn >"$OUT/anthropic-server.log" 2>&1 &
    SERVER_PID=$!
    wait_for_server "http://127.0.0.1:$A_BACKEND/health" "$OUT/anthropic-server.log"
    start_gateway "$A_PORT" "$A_BACKEND"
    wait_for_server "http://127.0.0.1:$A_PORT/health" "$OUT/nginx/error.log"
    # What the server itself checks (before the capture starts, so that it holds only the runs).
    probe() {
        timeout 10 curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$A_PORT/v1/messages" \
            -H 'content-type: application/json' "$@" \
            -d "{\"model\":\"$MODEL\",\"max_tokens\":16,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}" || true
    }
    no_key=$(probe -H "anthropic-version: 2023-06-01")
    bad_key=$(probe -H "x-api-key: sk-ant-wrong" -H "anthropic-version: 2023-06-01")
    no_version=$(probe -H "x-api-key: $TOKENSCOPE_INDEP_ANTHROPIC_KEY")
    both=$(probe -H "x-api-key: $TOKENSCOPE_INDEP_ANTHROPIC_KEY" -H "anthropic-version: 2023-06-01")
    echo "== nginx $(nginx -v 2>&1 | sed 's|.*/||') in front of aimock $AIMOCK_VERSION on 127.0.0.1:$A_PORT answers POST /v1/messages:" \
        "without x-api-key $no_key, wrong x-api-key $bad_key, right key without anthropic-version $no_version," \
        "with both $both" | tee "$OUT/anthropic-probes.txt"
    if [[ "$no_key" != 401 || "$bad_key" != 401 || "$no_version" != 400 || "$both" != 200 ]]; then
        echo "MISS: the server was expected to refuse a request without the right x-api-key (401) or without" \
            "anthropic-version (400) and to answer one with both (200)"
        status=1
    fi
    # The server's warm-up, before the capture: one unmeasured pass per model. Right after node
    # starts, its JIT compiles the streaming path while the first run streams, and on two cores that
    # takes CPU from the client: whichever model ran first missed ITL p99 by 1-2 ms and the second
    # met it, in either order (2026-12-01, docs/independent-server.md).
    for model in "$MODEL-thinking" "$MODEL"; do
        timeout 180 "$CLI" run --api anthropic --base-url "http://127.0.0.1:$A_PORT" \
            --api-key-env TOKENSCOPE_INDEP_ANTHROPIC_KEY --model "$model" --concurrency "$A_CONC" \
            --requests "$A_REQUESTS" --timeout 60 --max-tokens 2048 >/dev/null 2>&1 || true
    done
    start_capture "$A_PORT" anthropic-capture
    pin_server_and_capture
    A_RUNS=()
    phase_begin anthropic
    for model in "$MODEL-thinking" "$MODEL"; do
        label="anthropic-text"
        extra=(--max-tokens 256)
        if [[ "$model" == *-thinking ]]; then # as a client enables extended thinking (docs/endpoints.md)
            label="anthropic-thinking"
            extra=(--max-tokens 2048 --extra-body '{"thinking":{"type":"enabled","budget_tokens":1024},"temperature":1}')
        fi
        echo "== tokenscope-cli run --api anthropic --model $model --concurrency $A_CONC --requests $A_REQUESTS (aimock $AIMOCK_VERSION)"
        { time timeout 180 "${CLI_PREFIX[@]}" "$CLI" run --api anthropic --base-url "http://127.0.0.1:$A_PORT" \
            --api-key-env TOKENSCOPE_INDEP_ANTHROPIC_KEY --model "$model" --concurrency "$A_CONC" \
            --requests "$A_REQUESTS" --timeout 60 "${extra[@]}" --out "$OUT/$label" >"$OUT/$label.txt" \
            2>"$OUT/$label.err" || status=1; } 2>>"$PH_CLIENT_FILE"
        cat "$OUT/$label.txt"
        A_RUNS+=(--run "$label=$OUT/$label")
    done
    phase_end "tokenscope-cli --api anthropic"
    # The native control client on the same server and capture: what this machine allows.
    if [[ "${REF_NATIVE:-1}" == 1 ]]; then
        [[ -x "$OUT/refclient-native" ]] ||
            g++ -std=c++17 -O2 -Wall -Wextra -Werror -o "$OUT/refclient-native" "$HERE/refclient.cpp"
        echo "== refclient-native (control) --api anthropic --concurrency $A_CONC --requests $A_REQUESTS, both models"
        phase_begin ref-anthropic
        for model in "$MODEL-thinking" "$MODEL"; do
            label="ref-anthropic-text"
            [[ "$model" == *-thinking ]] && label="ref-anthropic-thinking"
            { time timeout 120 "${CLI_PREFIX[@]}" "$OUT/refclient-native" --port "$A_PORT" --api anthropic \
                --api-key-env TOKENSCOPE_INDEP_ANTHROPIC_KEY --model "$model" --concurrency "$A_CONC" \
                --requests "$A_REQUESTS" --out "$OUT/$label" >"$OUT/$label.txt"; } 2>>"$PH_CLIENT_FILE"
            A_RUNS+=(--run "$label=$OUT/$label")
        done
        phase_end "refclient-native --api anthropic"
    fi
    stop_server_and_capture
    kill "$GATEWAY_PID" 2>/dev/null && wait "$GATEWAY_PID" 2>/dev/null || true
    GATEWAY_PID=""
    echo "== capture: $(tr '\n' ' ' <"$OUT/anthropic-capture.log")"
    python3 "$HERE/compare.py" --pcap "$OUT/anthropic-capture.pcapng" --port "$A_PORT" "${A_RUNS[@]}" \
        --json "$OUT/anthropic-comparison.json" | tee "$OUT/anthropic-comparison.md" || status=1
    if grep -q 'dropped on interface' "$OUT/anthropic-capture.log" && ! grep -qE 'dropped on interface[^0-9]*[0-9]+/0 ' "$OUT/anthropic-capture.log"; then
        echo "WARNING: the capture dropped packets (see $OUT/anthropic-capture.log)"
    fi
fi

# ---- open loop: request arrivals and the concurrency cap as the server sees them -----------------
# tokenscope-cli --request-rate sends on a seeded schedule of gaps (poisson, constant, or gamma of
# shape --burstiness), whether or not earlier requests have finished; --max-concurrency caps the
# requests in flight. mock-llm as in the timing phase, on its own port; one capture file per run,
# so the runs never mix, and --warmup 0, so every POST in a file is one of the run's requests.
# arrivals.py takes a request's arrival at the server as the segment that completes its POST and
# an exchange as in flight from then to its response's last byte. Targets at OPENLOOP_RATE over
# OPENLOOP_REQUESTS: poisson CV 0.85-1.15 and rate within 15 %, constant CV < 0.15 and rate within
# 15 %, gamma CV 1/sqrt(B) +- 0.3; at OPENLOOP_CAP_RATE with --max-concurrency OPENLOOP_CAP, at most
# OPENLOOP_CAP in flight at the server, and OPENLOOP_CAP reached (a response takes about
# OPENLOOP_CONTENT_CHARS / CHUNK_SIZE x INTERVAL_MS, 400 ms by default, so the cap binds).
if [[ "$OPENLOOP" == 1 ]]; then
    O_PORT=$((PORT + 4))
    if (exec 3<>"/dev/tcp/127.0.0.1/$O_PORT") 2>/dev/null; then
        echo "port $O_PORT on 127.0.0.1 (PORT+4, the open-loop phase's server) is already in use; set PORT=..." >&2
        exit 2
    fi
    O_RATE="${OPENLOOP_RATE:-40}"
    O_REQUESTS="${OPENLOOP_REQUESTS:-300}"
    O_BURSTINESS="${OPENLOOP_BURSTINESS:-0.25}"
    O_CAP_RATE="${OPENLOOP_CAP_RATE:-200}"
    O_CAP="${OPENLOOP_CAP:-4}"
    O_CAP_REQUESTS="${OPENLOOP_CAP_REQUESTS:-200}"
    O_CONTENT_CHARS="${OPENLOOP_CONTENT_CHARS:-320}"
    O_SEED="${OPENLOOP_SEED:-1}"
    O_WARM=20 # the server's warm-up requests, before any capture
    if [[ "$OPENLOOP_ONLY" != 1 ]]; then # other phases ran first: let other load settle again
        wait_quiet
        echo "== before the open-loop phase: $load"
    fi
    python3 "$HERE/make_config.py" --out "$OUT/openloop-mock-llm.yaml" \
        --requests $((3 * O_REQUESTS + O_CAP_REQUESTS + O_WARM + 16)) \
        --chunk-size "$CHUNK_SIZE" --interval-ms "$INTERVAL_MS" --content-chars "$O_CONTENT_CHARS"
    HOST=127.0.0.1 PORT="$O_PORT" node "$SERVER_JS" --config "$OUT/openloop-mock-llm.yaml" >"$OUT/openloop-server.log" 2>&1 &
    SERVER_PID=$!
    wait_for_server "http://127.0.0.1:$O_PORT/health" "$OUT/openloop-server.log"
    O_COMMON=(--base-url "http://127.0.0.1:$O_PORT/v1" --model "$MODEL" --max-tokens 64 --timeout 60 --warmup 0)
    # Node compiles the server's streaming path on first use; that happens here, not in a run.
    timeout 60 "$CLI" run "${O_COMMON[@]}" --concurrency 4 --requests "$O_WARM" >/dev/null 2>&1 || true
    O_RUNS=()
    # open_loop_run LABEL ARGS...: one tokenscope-cli run with ARGS, captured alone in OUT/openloop-LABEL.pcapng.
    open_loop_run() {
        local label="$1"
        shift
        start_capture "$O_PORT" "openloop-$label"
        pin_server_and_capture
        echo "== tokenscope-cli run $* --seed $O_SEED --warmup 0 (mock-llm $SERVER_VERSION, $O_CONTENT_CHARS chars in chunks of $CHUNK_SIZE every $INTERVAL_MS ms)"
        phase_begin "openloop-$label"
        { time timeout 180 "${CLI_PREFIX[@]}" "$CLI" run "${O_COMMON[@]}" --seed "$O_SEED" "$@" --out "$OUT/openloop-$label" \
            >"$OUT/openloop-$label.txt" 2>"$OUT/openloop-$label.err" || status=1; } 2>>"$PH_CLIENT_FILE"
        phase_end "tokenscope-cli open loop ($label)"
        stop_capture
        cat "$OUT/openloop-$label.txt"
        if grep -q 'dropped on interface' "$OUT/openloop-$label.log" && ! grep -qE 'dropped on interface[^0-9]*[0-9]+/0 ' "$OUT/openloop-$label.log"; then
            echo "WARNING: the capture dropped packets (see $OUT/openloop-$label.log)"
        fi
        O_RUNS+=(--run "$label=$OUT/openloop-$label.pcapng,$OUT/openloop-$label")
    }
    open_loop_run poisson --request-rate "$O_RATE" --arrival poisson --requests "$O_REQUESTS"
    open_loop_run constant --request-rate "$O_RATE" --arrival constant --requests "$O_REQUESTS"
    open_loop_run gamma --request-rate "$O_RATE" --arrival gamma --burstiness "$O_BURSTINESS" --requests "$O_REQUESTS"
    open_loop_run cap --request-rate "$O_CAP_RATE" --max-concurrency "$O_CAP" --requests "$O_CAP_REQUESTS"
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
    python3 "$HERE/arrivals.py" --port "$O_PORT" --rate "$O_RATE" --burstiness "$O_BURSTINESS" --cap "$O_CAP" \
        "${O_RUNS[@]}" --json "$OUT/openloop-arrivals.json" | tee "$OUT/openloop-arrivals.md" || status=1
fi

# ---- trace replay: the shipped mooncake sample, scaled, against its schedule at the server ---------
# mock-openai-api counts each request's prompt tokens (usage), which the replay's calibration needs;
# it writes each answer at once, so the run is arrival timing only. Targets (traces.py): every
# request on the wire at its scaled time within 5 ms at p95 (the first request's arrival taken as the
# clocks' offset), and the trace's shared hash ids sent as shared prompt text.
if [[ "$TRACE" == 1 && "${TRACE_SKIP:-0}" != 1 ]]; then
    T_PORT=$((PORT + 5))
    if (exec 3<>"/dev/tcp/127.0.0.1/$T_PORT") 2>/dev/null; then
        echo "port $T_PORT on 127.0.0.1 (PORT+5, the trace phase's server) is already in use; set PORT=..." >&2
        exit 2
    fi
    T_FILE="$ROOT/resources/traces/mooncake-sample.jsonl"
    T_SPEEDUP="${TRACE_SPEEDUP:-2}"
    node "$USAGE_SERVER_JS" -p "$T_PORT" -H 127.0.0.1 >"$OUT/trace-server.log" 2>&1 &
    SERVER_PID=$!
    wait_for_server "http://127.0.0.1:$T_PORT/v1/models" "$OUT/trace-server.log"
    start_capture "$T_PORT" trace-capture
    pin_server_and_capture
    echo "== tokenscope-cli run --trace $(basename "$T_FILE") --trace-speedup $T_SPEEDUP --warmup 0 (mock-openai-api)"
    timeout 300 "${CLI_PREFIX[@]}" "$CLI" run --base-url "http://127.0.0.1:$T_PORT/v1" --model mock-gpt-markdown \
        --timeout 60 --warmup 0 --trace "$T_FILE" --trace-speedup "$T_SPEEDUP" ${CLI_ARGS:-} --out "$OUT/trace" \
        >"$OUT/trace.txt" 2>"$OUT/trace.err" || status=1
    cat "$OUT/trace.txt"
    stop_server_and_capture
    python3 "$HERE/traces.py" --pcap "$OUT/trace-capture.pcapng" --port "$T_PORT" --out-dir "$OUT/trace" \
        --trace "$T_FILE" --json "$OUT/trace-check.json" | tee "$OUT/trace-check.md" || status=1
fi

# ---- conversations: each turn resends the answer, after the think time, on its connection -------------
# mock-llm streams each answer in CHUNK_SIZE-character chunks every INTERVAL_MS ms. Targets
# (conversations.py): every later turn sends the previous answer verbatim, on the conversation's
# connection, longer than the turn before, and |gap - think time| p95 <= 5 ms, where the gap runs from
# the last byte of the previous answer to the first byte of the next POST, both in the capture.
if [[ "$CONVERSATION" == 1 ]]; then
    C_PORT=$((PORT + 6))
    if (exec 3<>"/dev/tcp/127.0.0.1/$C_PORT") 2>/dev/null; then
        echo "port $C_PORT on 127.0.0.1 (PORT+6, the conversation phase's server) is already in use; set PORT=..." >&2
        exit 2
    fi
    C_THINK_MS="${CONVERSATION_THINK_MS:-500}"
    python3 "$HERE/make_config.py" --out "$OUT/conversation-mock-llm.yaml" --requests 200 \
        --chunk-size "$CHUNK_SIZE" --interval-ms "$INTERVAL_MS" --content-chars 320
    HOST=127.0.0.1 PORT="$C_PORT" node "$SERVER_JS" --config "$OUT/conversation-mock-llm.yaml" \
        >"$OUT/conversation-server.log" 2>&1 &
    SERVER_PID=$!
    wait_for_server "http://127.0.0.1:$C_PORT/health" "$OUT/conversation-server.log"
    start_capture "$C_PORT" conversation-capture
    pin_server_and_capture
    C_LOAD="${CONVERSATION_LOAD:---concurrency 4 --requests-per-concurrency 2}"
    echo "== tokenscope-cli run $C_LOAD --turns 5 --think-time $C_THINK_MS --warmup 0 (mock-llm)"
    # shellcheck disable=SC2086 # C_LOAD is a list of options
    timeout 300 "${CLI_PREFIX[@]}" "$CLI" run --base-url "http://127.0.0.1:$C_PORT/v1" --model "$MODEL" \
        --max-tokens 64 --timeout 60 --warmup 0 $C_LOAD --turns 5 \
        --think-time "$C_THINK_MS" ${CLI_ARGS:-} --out "$OUT/conversation" \
        >"$OUT/conversation.txt" 2>"$OUT/conversation.err" || status=1
    cat "$OUT/conversation.txt"
    stop_server_and_capture
    python3 "$HERE/conversations.py" --pcap "$OUT/conversation-capture.pcapng" --port "$C_PORT" \
        --out-dir "$OUT/conversation" --think-ms "$C_THINK_MS" --json "$OUT/conversation-check.json" \
        | tee "$OUT/conversation-check.md" || status=1
fi

# ---- usage check: token counts from usage when chunks carry many tokens -------------------------
# mock-llm sends no usage. mock-openai-api (npm, MIT, not written by this repo) puts several words
# in every chunk and `usage.completion_tokens` in its last chunk, and writes the whole stream at
# once, so this part checks counts, not timing: every request's output_tokens must equal the
# wire's completion_tokens, and its text chunks the wire's. mock-gpt-thinking streams
# reasoning_content before content.
if [[ "${USAGE_CHECK:-1}" == 1 && "$ANTHROPIC_ONLY" != 1 && "$OPENLOOP_ONLY" != 1 && "$TRACE_ONLY" != 1 ]]; then
    USAGE_PORT=$((PORT + 1))
    if (exec 3<>"/dev/tcp/127.0.0.1/$USAGE_PORT") 2>/dev/null; then
        echo "port $USAGE_PORT on 127.0.0.1 (PORT+1, the usage check's server) is already in use; set PORT=..." >&2
        exit 2
    fi
    node "$USAGE_SERVER_JS" -p "$USAGE_PORT" -H 127.0.0.1 >"$OUT/usage-server.log" 2>&1 &
    SERVER_PID=$!
    wait_for_server "http://127.0.0.1:$USAGE_PORT/v1/models" "$OUT/usage-server.log"
    start_capture "$USAGE_PORT" usage-capture
    USAGE_RUNS=()
    for model in mock-gpt-markdown mock-gpt-thinking; do
        echo "== tokenscope-cli run --model $model --concurrency 1,8 --requests-per-concurrency 2 (mock-openai-api, usage check)"
        timeout 120 "$CLI" run --base-url "http://127.0.0.1:$USAGE_PORT/v1" --model "$model" --max-tokens 64 --timeout 60 \
            --concurrency 1,8 --requests-per-concurrency 2 --out "$OUT/usage-$model" >"$OUT/usage-$model.txt" \
            2>"$OUT/usage-$model.err" || status=1
        cat "$OUT/usage-$model.txt"
        USAGE_RUNS+=(--run "usage-$model=$OUT/usage-$model")
    done
    stop_server_and_capture
    python3 "$HERE/compare.py" --pcap "$OUT/usage-capture.pcapng" --port "$USAGE_PORT" "${USAGE_RUNS[@]}" \
        --json "$OUT/usage-comparison.json" | tee "$OUT/usage-comparison.md" || status=1
fi
exit "$status"
