#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One entry point for a fresh Debian 12 machine (run as root, or with sudo):
#   packaging/dev.sh demo    install packages, build (release), run `tokenscope-cli demo`
#   packaging/dev.sh test    install packages, build (dev, warnings as errors), run the whole test suite,
#                            then again under ASan+UBSan, fuzz the SSE parser for 60 s, and run the
#                            engine, simulator and CLI tests under ThreadSanitizer
#   packaging/dev.sh fuzz [runs]  fuzz the SSE parser and chunk decoder for that many inputs (100000)
#   packaging/dev.sh deps    only install the Debian packages
#   packaging/dev.sh build [preset]
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_deps() {
    local wanted missing=()
    mapfile -t wanted < <(grep -v '^#' packaging/debian-packages.txt | sed '/^$/d')
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing: ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

build() { # build output goes to stderr: stdout carries only results (demo's table)
    local preset=$1
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j "$(nproc)" >&2
}

fuzz() { # $1: libFuzzer's budget, -max_total_time=S or -runs=N; any crash or broken invariant fails
    build fuzz
    # New inputs go to a throwaway corpus; the seeds are read from tests/data in place. A crashing
    # input is kept under build/fuzz/artifacts/ to reproduce with `build/fuzz/tokenscope_ssefuzzer FILE`.
    local corpus
    corpus=$(mktemp -d)
    mkdir -p build/fuzz/artifacts
    local rc=0
    build/fuzz/tokenscope_ssefuzzer "$1" -verbosity=0 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
        "$corpus" tests/data/sse tests/data/sse-extra >&2 || rc=$?
    rm -rf "$corpus"
    return "$rc"
}

tsan_tests() {
    # Debian's Qt is not TSan-instrumented: tsan.supp lists, with reasons, the reports that are Qt's
    # own thread hand-offs. A race between two frames of our code is never suppressed.
    # die_after_fork=0: the CLI tests start tokenscope-cli through QProcess from a threaded process.
    # PreconnectedLevelsReuseConnections asserts timing (connections ready before the level) that
    # TSan's slowdown on two loaded cores breaks now and then; it runs in the other passes.
    TSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/tsan.supp:ignore_noninstrumented_modules=1:halt_on_error=1:die_after_fork=0" \
        ctest --preset dev-tsan --output-on-failure -j 2 -R '^(Engine|Faults|Sim|Cli)' \
        -E '^Engine\.PreconnectedLevelsReuseConnections$'
}

case "${1:-}" in
deps)
    install_deps
    ;;
build)
    install_deps
    build "${2:-release}"
    ;;
demo)
    install_deps
    build release
    shift
    exec build/release/tokenscope-cli demo "$@"
    ;;
test)
    install_deps
    export TOKENSCOPE_WERROR=ON
    build dev
    ctest --preset dev --output-on-failure -j 2
    echo "== again under AddressSanitizer + UndefinedBehaviorSanitizer =="
    build dev-asan
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp \
        ctest --preset dev-asan --output-on-failure -j 2
    echo "== fuzzing the SSE parser and chunk decoder for 60 s =="
    fuzz -max_total_time=60
    echo "== engine, simulator and CLI tests under ThreadSanitizer =="
    build dev-tsan
    tsan_tests
    ;;
fuzz)
    install_deps
    fuzz "-runs=${2:-100000}"
    ;;
*)
    sed -n '5,12p' "$0"
    exit 2
    ;;
esac
