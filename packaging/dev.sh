#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One entry point for a fresh Debian 12 machine (run as root, or with sudo):
#   packaging/dev.sh demo    install packages, build (release), open the window on the built-in simulator
#                            (without a display, or with run options: `tokenscope-cli demo` in the terminal)
#   packaging/dev.sh test    install packages, build (dev, warnings as errors), run the whole test suite,
#                            then again under ASan+UBSan, fuzz the SSE parser for 60 s, and run the
#                            engine, simulator and CLI tests under ThreadSanitizer, then `package`,
#                            then token counts against an independent server (tests/independent, USAGE_ONLY)
#   packaging/dev.sh package install packages, build (release), make the .deb with CPack, validate it
#                            (desktop-file-validate, appstreamcli, lintian), install it with dpkg and
#                            run the installed tokenscope-cli; the package stays installed
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
    # ccache (when installed) makes rebuilds of unchanged files instant across the presets' trees.
    if command -v ccache >/dev/null; then export CMAKE_CXX_COMPILER_LAUNCHER=ccache; fi
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
    # The suites whose code owns a worker thread or talks to the simulator's threads: the engine,
    # the connection check, proxies, TLS, the simulator and the CLI.
    # die_after_fork=0: the CLI tests start tokenscope-cli through QProcess from a threaded process.
    # PreconnectedLevelsReuseConnections asserts timing (connections ready before the level) that
    # TSan's slowdown on two loaded cores breaks now and then; it runs in the other passes.
    TSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/tsan.supp:ignore_noninstrumented_modules=1:halt_on_error=1:die_after_fork=0" \
        ctest --preset dev-tsan --output-on-failure -j 2 -R '^(Engine|Faults|Sim|Cli|ConnectionCheck|Proxy|Tls)' \
        -E '^Engine\.PreconnectedLevelsReuseConnections$'
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
    # The results table: its header, then one row per default level with every request ok.
    grep -q '^conc  *req  *ok  *fail  *TTFT p50 ms' <<<"$out" || { echo "demo: no results table" >&2; return 1; }
    local level
    for level in 1 4 8 16; do
        awk -v c="$level" '$1 == c && $2 == 4 * c && $3 == $2 && $4 == 0 { found = 1 } END { exit !found }' <<<"$out" ||
            { echo "demo: no clean row for concurrency $level" >&2; return 1; }
    done
    echo "== package installed and working: $(dpkg-query -W -f='${Package} ${Version} ${Status}' tokenscope)"
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
    sed -n '5,17p' "$0"
    exit 2
    ;;
esac
