#!/usr/bin/env bash
# Configures (once) and builds kdsl into build/ with Ninja.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${KDSL_BUILD_DIR:-$root/build}"
if [ ! -f "$build/build.ninja" ]; then
  "$root/utils/configure.sh" >"${TMPDIR:-/tmp}/kdsl-configure.log" 2>&1 || {
    cat "${TMPDIR:-/tmp}/kdsl-configure.log" >&2
    exit 1
  }
fi
ninja -C "$build" "$@"
