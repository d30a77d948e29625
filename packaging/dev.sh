#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One entry point for a fresh Debian 12 machine (run as root, or with sudo):
#   packaging/dev.sh demo    install packages, build (release), open the window on the built-in simulator
#                            (without a display, or with run options: `tokenscope-cli demo` in the terminal)
#   packaging/dev.sh test    `quick`, then again under ASan+UBSan, fuzz the SSE parser, the metrics parser and the trace
#                            reader for 60 s, run the engine, simulator and CLI tests under ThreadSanitizer, then `package`,
#                            then token counts against an independent server (tests/independent, USAGE_ONLY)
#   packaging/dev.sh quick   install packages, build (dev, warnings as errors), run the whole test suite once
#   packaging/dev.sh fresh   in a brand-new minimal Debian 12 root (mmdebstrap, this machine's apt sources):
#                            clone this repository, run `demo` with no display and check its results
#                            table, then run `quick`; each step timed, the failing step named
#   packaging/dev.sh package install packages, build (release), make the .deb with CPack, validate it
#                            (desktop-file-validate, appstreamcli, lintian), install it with dpkg and
#                            run the installed tokenscope-cli; the package stays installed
#   packaging/dev.sh fuzz [runs]  fuzz the SSE parser, chunk decoder, Prometheus parser and trace reader, that many inputs each (100000)
#   packaging/dev.sh deps    only install the Debian packages
#   packaging/dev.sh build [preset]
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# $1: a package name. Installed, or provided by an installed package: NodeSource's nodejs provides
# (and conflicts with) Debian's npm, so asking apt for npm there would fail.
installed_or_provided() {
    dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed' && return 0
    dpkg-query -W -f='${db:Status-Abbrev} ${Provides}\n' 2>/dev/null | awk -v p="$1" \
        '$1 == "ii" { for (i = 2; i <= NF; i++) { gsub(/,/, "", $i); if ($i == p) found = 1 } } END { exit !found }'
}

install_deps() {
    local wanted missing=()
    mapfile -t wanted < <(grep -v '^#' packaging/debian-packages.txt | sed '/^$/d')
    for pkg in "${wanted[@]}"; do
        installed_or_provided "$pkg" || missing+=("$pkg")
    done
    # On stderr, like the build: `demo` keeps stdout for its results table.
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing: ${missing[*]}" >&2
        as_root apt-get update -qq >&2
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
    fi
}

build() { # build output goes to stderr: stdout carries only results (demo's table)
    local preset=$1
    # ccache (when installed) makes rebuilds of unchanged files instant across the presets' trees.
    # Paths relative to the tree (base dir, no working directory in the hash), so that another clone
    # (CI's, the fresh root's) hits the same entries.
    if command -v ccache >/dev/null; then
        export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=true
    fi
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j "$(nproc)" >&2
}

fuzz() { # $1: libFuzzer's budget, -max_total_time=S or -runs=N; any crash or broken invariant fails
    build fuzz
    # Three fuzzers: a time budget is split between them, an input count is given to each.
    local budget=$1
    if [[ $budget == -max_total_time=* ]]; then
        local seconds=${budget#-max_total_time=}
        budget=-max_total_time=$(( seconds / 3 > 0 ? seconds / 3 : 1 ))
    fi
    # New inputs go to a throwaway corpus; the seeds are read in place from tests/data (and the
    # sample trace from resources/traces). A crashing input is kept under build/fuzz/artifacts/ to
    # reproduce with `build/fuzz/tokenscope_ssefuzzer FILE` (or tokenscope_metricsfuzzer, tokenscope_tracefuzzer).
    local corpus
    corpus=$(mktemp -d)
    mkdir -p build/fuzz/artifacts "$corpus/sse" "$corpus/metrics" "$corpus/trace"
    local rc=0
    build/fuzz/tokenscope_ssefuzzer "$budget" -verbosity=0 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
        "$corpus/sse" tests/data/sse tests/data/sse-extra >&2 || rc=$?
    build/fuzz/tokenscope_metricsfuzzer "$budget" -verbosity=0 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
        "$corpus/metrics" tests/data/metrics >&2 || rc=$?
    build/fuzz/tokenscope_tracefuzzer "$budget" -verbosity=0 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ \
        "$corpus/trace" tests/data/traces resources/traces >&2 || rc=$?
    rm -rf "$corpus"
    return "$rc"
}

# A test that fails is run once more before the pass fails (ctest --repeat until-pass:2). On two
# loaded cores, and slower still under a sanitizer, a test timed against the simulator (TTFT
# intervals, requests held in flight) now and then loses a scheduling race; a real failure fails
# both tries. ctest prints the first failure's output too, so a flaky test stays visible in the log.
CTEST_RETRY=(--repeat until-pass:2)

tsan_tests() {
    # Debian's Qt is not TSan-instrumented: our cross-thread calls tell TSan what Qt guarantees
    # (postTo(), app/core/threadhandoff.h), and tsan.supp names, with reasons, the few copies Qt
    # makes itself. A race between two frames of our code is never suppressed.
    # The suites whose code owns a worker thread or talks to the simulator's threads (each under
    # both transports: the "curl." tests run through libcurl's worker threads): the engine,
    # the probes (the connection check, the model list and the ProbeThread they run on), proxies,
    # TLS, the simulator, the CLI, the stream timing tests and the server-metrics scraper (a thread
    # of its own).
    # die_after_fork=0: the CLI tests start tokenscope-cli through QProcess from a threaded process.
    # history_size=7 (4M accesses a thread): a report's earlier stack is far more likely to be
    # restored, so that tsan.supp can match it.
    # Open loop: the cap and the duration bound (the engine's send, deadline and grace timers).
    # Conversations (the think timers) and trace replay (the schedule of a trace).
    # Hostile peers: the request deadline, redirects the transport follows, streams cut or reset,
    # a scraper fed a huge body, and the CLI's key redaction (docs/hostile-input.md).
    # PreconnectedLevelsReuseConnections asserts timing (connections ready before the level) that
    # TSan's slowdown on two loaded cores breaks now and then; it runs in the other passes.
    TSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/tsan.supp:ignore_noninstrumented_modules=1:halt_on_error=1:die_after_fork=0:history_size=7" \
        ctest --preset dev-tsan --output-on-failure "${CTEST_RETRY[@]}" -j 2 -R '^(curl\.)?(Engine|Faults|Sim|Cli|ConnectionCheck|Kinds/ConnectionCheckKind\.|ModelList\.|ProbeThread\.|Proxy|Tls|StreamTiming|ThreadHandoff|WorkerThread\.|RunSession|Http2|ServerMetrics\.|OpenLoop\.(TheCap|ADuration|AClosedLoopDuration)|Workload\.(SyntheticPrompts|ASharedPrefix)|Conversation\.|TraceReplay\.|Hostile(Headers|Stream|MetricsScrape)|KeyEcho\.)' \
        -E '^(curl\.)?Engine\.PreconnectedLevelsReuseConnections$'
}

# Token counts against a server this repo did not write (mock-openai-api from npm: chunks of many
# tokens, usage in the last chunk), with a loopback packet capture as the truth: every request's
# output_tokens must equal the wire's usage. Counts only, so a loaded machine does not matter
# (the timing check, tests/independent/run.sh without USAGE_ONLY, needs a quiet one and is not run here).
independent_usage_check() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "skipped: the packet capture (dumpcap) needs root; run as root to include it"
        return 0
    fi
    command -v npm >/dev/null || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm
    USAGE_ONLY=1 PORT=18380 bash tests/independent/run.sh build/release/tokenscope-cli build/independent-usage
}

APP_ID=io.github.tokenscope.TokenScope

# The .deb from build/release: checked as files, checked by lintian, installed, and run from
# /usr/bin. Lintian must report no errors; the warnings and infos it still prints are listed,
# with their reasons, in docs/install.md.
package() {
    # The release tree as `demo` configures it (no -Werror, which is the dev presets' gate), so
    # demo and package reuse one build instead of recompiling when the flag flips.
    TOKENSCOPE_WERROR='' build release
    rm -f build/release/tokenscope_*.deb
    (cd build/release && cpack -G DEB >&2)
    local deb
    deb=$(echo build/release/tokenscope_*.deb)
    echo "== $deb: $(dpkg-deb -f "$deb" Version), depends on: $(dpkg-deb -f "$deb" Depends)"

    desktop-file-validate "resources/linux/$APP_ID.desktop"
    appstreamcli validate --no-net "resources/linux/$APP_ID.metainfo.xml"
    echo "== lintian (fails on errors only)"
    lintian --fail-on error --display-info "$deb"

    echo "== dpkg -i"
    # dpkg does not fetch dependencies; on a machine where the build packages are installed they
    # are all there, otherwise apt completes the half-installed package.
    as_root dpkg -i "$deb" || as_root env DEBIAN_FRONTEND=noninteractive apt-get install -f -y -qq --no-install-recommends
    check_installed "$(dpkg-deb -f "$deb" Version)"
}

check_installed() { # $1: the package version, e.g. 0.1.0-1
    local desktop=/usr/share/applications/$APP_ID.desktop f
    desktop-file-validate "$desktop"
    appstreamcli validate --no-net "/usr/share/metainfo/$APP_ID.metainfo.xml"
    # The entry's Icon= must resolve in the hicolor theme, scalable and at every PNG size.
    grep -qx "Icon=$APP_ID" "$desktop"
    for f in /usr/share/icons/hicolor/scalable/apps/$APP_ID.svg \
        /usr/share/icons/hicolor/{16x16,22x22,24x24,32x32,48x48,64x64,128x128,256x256}/apps/$APP_ID.png \
        /usr/share/man/man1/tokenscope-cli.1.gz /usr/share/man/man1/tokenscope.1.gz \
        /usr/share/doc/tokenscope/copyright; do
        [ -s "$f" ] || { echo "missing: $f" >&2; return 1; }
    done

    local version
    version=$(/usr/bin/tokenscope-cli --version)
    echo "$version"
    [ "$version" = "tokenscope-cli ${1%-*}" ] || { echo "unexpected version: $version" >&2; return 1; }
    QT_QPA_PLATFORM=offscreen /usr/bin/tokenscope --version

    echo "== /usr/bin/tokenscope-cli demo"
    local out
    out=$(/usr/bin/tokenscope-cli demo)
    echo "$out"
    check_demo_table "$out"
    echo "== package installed and working: $(dpkg-query -W -f='${Package} ${Version} ${Status}' tokenscope)"
}

# $1: what `demo` printed on stdout. The results table: its header, then one row per default level
# with every request ok.
check_demo_table() {
    grep -q '^conc  *req  *ok  *fail  *TTFT p50 ms' <<<"$1" || { echo "demo: no results table" >&2; return 1; }
    # stdout is for the results alone (a script reads it): nothing before the table's header.
    head -n 1 <<<"$1" | grep -q '^conc ' || { echo "demo: stdout holds more than the results: $(head -n 1 <<<"$1")" >&2; return 1; }
    local level
    for level in 1 4 8 16; do
        awk -v c="$level" '$1 == c && $2 == 4 * c && $3 == $2 && $4 == 0 { found = 1 } END { exit !found }' <<<"$1" ||
            { echo "demo: no clean row for concurrency $level" >&2; return 1; }
    done
}

quick_tests() {
    install_deps
    export TOKENSCOPE_WERROR=ON
    build dev
    ctest --preset dev --output-on-failure "${CTEST_RETRY[@]}" -j 2
}

# ---- fresh: the README's commands on a brand-new Debian 12 root ----------------------------------
# A machine that has built TokenScope before hides a missing package (libqt6opengl6-dev did hide
# that way). mmdebstrap --variant=apt makes a root with only Essential packages and apt, from the
# apt sources (and Acquire:: options) this machine already uses, so no mirror is named here.

# The enabled .list/.sources files signed by Debian's archive key (or by the system keyring);
# a third-party repository's keyring would not exist inside the new root.
fresh_apt_sources() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [ -s "$f" ] && grep -qE '^[[:space:]]*(deb|Types:)' "$f" || continue
        if grep -qi 'signed-by' "$f" && ! grep -qi 'signed-by.*debian-archive-keyring' "$f"; then continue; fi
        echo "$f"
    done
}

FRESH_MOUNTS=()
fresh_mount() { # $1: what, $2: where under the root, then mount's options
    local where=$2
    mkdir -p "$where"
    mount "${@:3}" "$1" "$where"
    FRESH_MOUNTS=("$where" "${FRESH_MOUNTS[@]}")
}
fresh_unmount() {
    local where
    for where in "${FRESH_MOUNTS[@]}"; do umount -l "$where" 2>/dev/null || true; done
    FRESH_MOUNTS=()
}

# $1: the step's name, $2: its log file, then the command. Prints the step's time; on failure names
# the step, shows the end of its log (where apt or CMake names the missing package) and exits.
fresh_step() {
    local name=$1 log=$2 started=$SECONDS rc=0
    shift 2
    echo "== fresh: $name" >&2
    "$@" >"$log" 2>&1 || rc=$?
    local took=$((SECONDS - started))
    FRESH_TIMES+=("$(printf '%-44s %4d s' "$name" "$took")")
    if [ "$rc" -ne 0 ]; then
        echo "fresh: FAILED at step '$name' (exit $rc, after $took s). The end of $log:" >&2
        tail -n 40 "$log" >&2
        grep -hE 'could not be found|Unable to locate package|No such file or directory|not found' "$log" | head -n 5 |
            sed 's/^/fresh: look here: /' >&2 || true
        exit 1
    fi
    echo "   $took s" >&2
}

# Runs a shell command inside the root as a new user's login would: root, no display, a clean
# environment, in the clone.
fresh_in_root() {
    chroot "$FRESH_ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${FRESH_ENV[@]}" \
        bash -c "cd /root/tokenscope && $1"
}

# FRESH_CCACHE=0 builds cold. Otherwise, where this machine has a ccache directory, the root's
# builds use it: a compile cache cannot hide a missing package (headers are preprocessed, CMake
# packages found and libraries linked inside the root), it only spares recompiling what this
# machine already compiled.
fresh_share_ccache() {
    FRESH_ENV=()
    [ "${FRESH_CCACHE:-1}" != 0 ] && command -v ccache >/dev/null || return 0
    local dir
    dir=$(ccache --get-config cache_dir 2>/dev/null) && [ -d "$dir" ] || return 0
    fresh_mount "$dir" "$FRESH_ROOT/var/cache/ccache-host" --bind
    FRESH_ENV=(CCACHE_DIR=/var/cache/ccache-host)
    echo "fresh: compile cache shared with this machine ($dir); FRESH_CCACHE=0 builds cold" >&2
}

# This machine's own certificate authorities (/usr/local/share/ca-certificates, e.g. a company's
# TLS-inspecting proxy) go into the root as its network setup, like its apt sources: the root's
# ca-certificates package takes them in when install_deps installs it, and npm (node) is pointed at
# that bundle. No package comes from here.
fresh_share_local_cas() {
    local certs=(/usr/local/share/ca-certificates/*.crt)
    [ -e "${certs[0]}" ] || return 0
    mkdir -p "$FRESH_ROOT/usr/local/share/ca-certificates"
    cp "${certs[@]}" "$FRESH_ROOT/usr/local/share/ca-certificates/"
    FRESH_ENV+=(NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt)
    echo "fresh: this machine's local CA certificates are trusted in the root (${#certs[@]})" >&2
}

fresh() {
    [ "$(id -u)" -eq 0 ] || { echo "fresh: run as root (mmdebstrap and chroot need it)" >&2; exit 2; }
    command -v mmdebstrap >/dev/null || env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap
    local sources aptopts logs
    mapfile -t sources < <(fresh_apt_sources)
    [ ${#sources[@]} -gt 0 ] || { echo "fresh: no Debian apt sources on this machine to build the root from" >&2; exit 1; }
    FRESH_ROOT=$(mktemp -d /var/tmp/tokenscope-fresh.XXXXXX)
    logs=$PWD/build/fresh
    rm -rf "$logs" && mkdir -p "$logs"
    aptopts=$logs/apt-acquire.conf
    apt-config dump | grep '^Acquire::' >"$aptopts" || true
    FRESH_TIMES=()
    FRESH_ENV=()
    trap 'fresh_unmount' EXIT
    echo "fresh: root $FRESH_ROOT, sources: ${sources[*]}, logs in $logs" >&2

    # mmdebstrap refuses a non-empty target; mktemp made an empty one.
    fresh_step "make a minimal Debian 12 root (mmdebstrap)" "$logs/mmdebstrap.log" \
        mmdebstrap --variant=apt --aptopt="$aptopts" bookworm "$FRESH_ROOT" "${sources[@]}"
    fresh_step "clone the repository into it" "$logs/clone.log" git clone -q "$PWD" "$FRESH_ROOT/root/tokenscope"
    fresh_mount proc "$FRESH_ROOT/proc" -t proc
    fresh_mount sysfs "$FRESH_ROOT/sys" -t sysfs
    fresh_mount /dev "$FRESH_ROOT/dev" --bind
    fresh_mount devpts "$FRESH_ROOT/dev/pts" -t devpts -o newinstance,ptmxmode=0666
    fresh_mount tmpfs "$FRESH_ROOT/dev/shm" -t tmpfs
    cp -L /etc/resolv.conf "$FRESH_ROOT/etc/resolv.conf"
    fresh_share_ccache
    fresh_share_local_cas

    # The README's run command, with no display: packages, release build, the default table on stdout.
    # Its stdout is the table alone; the step's log holds stderr (packages, build, progress).
    fresh_step "README run command: dev.sh demo (no display)" "$logs/demo.log" \
        fresh_in_root 'bash packaging/dev.sh demo >/root/demo.out'
    cp "$FRESH_ROOT/root/demo.out" "$logs/demo.out"
    cat "$logs/demo.out"
    fresh_step "its results table" "$logs/demo-table.log" check_demo_table "$(cat "$logs/demo.out")"
    fresh_step "the test suite's quick part: dev.sh quick" "$logs/quick.log" fresh_in_root 'bash packaging/dev.sh quick'
    tail -n 3 "$logs/quick.log" >&2

    fresh_unmount
    rm -rf --one-file-system "$FRESH_ROOT"
    echo "fresh: passed on a brand-new Debian 12 root. Times:" >&2
    printf '  %s\n' "${FRESH_TIMES[@]}" >&2
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
    if [ $# -eq 0 ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
        echo "Opening TokenScope on its built-in simulator: press Run (Ctrl+R)." >&2
        # Started with sudo: the window runs as the user who asked, with their settings and history.
        if [ -n "${SUDO_USER:-}" ] && [ "$(id -u)" -eq 0 ]; then
            exec sudo -u "$SUDO_USER" --preserve-env=DISPLAY,WAYLAND_DISPLAY,XAUTHORITY,XDG_RUNTIME_DIR \
                build/release/tokenscope
        fi
        exec build/release/tokenscope
    fi
    exec build/release/tokenscope-cli demo "$@"
    ;;
quick)
    quick_tests
    ;;
fresh)
    fresh
    ;;
test)
    quick_tests
    echo "== again under AddressSanitizer + UndefinedBehaviorSanitizer =="
    build dev-asan
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp \
        ctest --preset dev-asan --output-on-failure "${CTEST_RETRY[@]}" -j 2
    echo "== fuzzing the SSE parser, the chunk decoder, the Prometheus parser and the trace reader for 60 s =="
    fuzz -max_total_time=60
    echo "== engine, simulator and CLI tests under ThreadSanitizer =="
    build dev-tsan
    tsan_tests
    echo "== the Debian package: build, validate, install, run =="
    package
    echo "== token counts from usage against an independent server (mock-openai-api) =="
    independent_usage_check
    ;;
package)
    install_deps
    package
    ;;
fuzz)
    install_deps
    fuzz "-runs=${2:-100000}"
    ;;
*)
    sed -n '5,20p' "$0"
    exit 2
    ;;
esac
