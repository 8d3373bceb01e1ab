#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs the lit suite
# (FileCheck, verifier and front-end diagnostics tests, example round trips).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${KDSL_BUILD_DIR:-$root/build}"
"$root/utils/install-deps.sh"
"$root/utils/build.sh" >/dev/null
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee "$log" || status=$?
count() { grep -E "^ *($1) *: *[0-9]+" "$log" | awk -F: '{s += $NF} END {print s + 0}'; }
echo "kdsl: $(count 'Passed') passed, $(count 'Failed|Unresolved|Timed Out|Unexpectedly Passed') failed"
exit $status
