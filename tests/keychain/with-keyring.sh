#!/bin/sh
# SPDX-FileCopyrightText: 2026 TokenScope contributors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# with-keyring.sh COMMAND [ARGS...]
# Runs COMMAND inside a D-Bus session of its own with an unlocked, throwaway gnome-keyring (the
# Secret Service QtKeychain talks to on Linux). The keyring files live in a temporary directory,
# never in the user's own. When the session or the daemon cannot start, COMMAND still runs, with
# TOKENSCOPE_KEYRING_UNAVAILABLE set to the reason, so that the round trip skips and says why.

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tokenscope-keyring.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/data" "$scratch/runtime" "$scratch/config"
chmod 700 "$scratch/runtime"
export XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/runtime" XDG_CONFIG_HOME="$scratch/config"

if ! command -v dbus-run-session >/dev/null 2>&1; then
    TOKENSCOPE_KEYRING_UNAVAILABLE="dbus-run-session not found (install the dbus package)" "$@"
    exit $?
fi
if ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
    TOKENSCOPE_KEYRING_UNAVAILABLE="gnome-keyring-daemon not found (install the gnome-keyring package)" "$@"
    exit $?
fi

if ! probe=$(dbus-run-session -- true 2>&1); then
    TOKENSCOPE_KEYRING_UNAVAILABLE="dbus-run-session could not start a session bus: $probe" "$@"
    exit $?
fi

# shellcheck disable=SC2016 # expanded by the inner shell
dbus-run-session -- sh -c '
    if ! out=$(printf %s pw | gnome-keyring-daemon --unlock --components=secrets 2>&1); then
        export TOKENSCOPE_KEYRING_UNAVAILABLE="gnome-keyring-daemon did not start: $out"
    fi
    exec "$@"' with-keyring "$@"
