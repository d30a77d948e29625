#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One entry point for a fresh Debian 12 machine (run as root, or with sudo):
#   packaging/dev.sh demo    install packages, build (release), run `tokenscope-cli demo`
#   packaging/dev.sh test    install packages, build (dev, warnings as errors), run the whole test suite,
#                            then again under ASan+UBSan
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
    ;;
*)
    sed -n '5,11p' "$0"
    exit 2
    ;;
esac
