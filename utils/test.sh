#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, checks the format of
# the C++ lines changed since the base commit (utils/check_format.sh; it skips
# itself on a checkout without the history to compare), runs the lit suite
# (FileCheck, verifier and front-end diagnostics tests, example round trips),
# then the sanitizer job (utils/sanitize.sh: ASan + UBSan build, front-end and
# execution tests, fuzz corpus replay; KDSL_SKIP_SANITIZERS=1 leaves it out).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${KDSL_BUILD_DIR:-$root/build}"
"$root/utils/install-deps.sh"
"$root/utils/build.sh" >/dev/null
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
start=$(date +%s)
"$root/utils/check_format.sh" 2>&1 | tee "$log" || status=$?
/usr/lib/llvm-22/bin/lit -sv "$build/test" 2>&1 | tee -a "$log" || status=$?
if [ "${KDSL_SKIP_SANITIZERS:-0}" != 1 ]; then
  "$root/utils/sanitize.sh" 2>&1 | tee -a "$log" || status=$?
fi
echo "kdsl: tests took $(($(date +%s) - start)) s"
count() { grep -E "^ *($1) *: *[0-9]+" "$log" | awk -F: '{s += $NF} END {print s + 0}'; }
echo "kdsl: $(count 'Passed') passed, $(count 'Failed|Unresolved|Timed Out|Unexpectedly Passed') failed"
exit $status
