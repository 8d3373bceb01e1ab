#!/usr/bin/env bash
# Issue 12's acceptance run for kdsl-run's fault handling, by hand:
#   utils/fault_soak.sh [RUNS=20]
# runs the integer-division-by-zero and the out-of-range-write kernels RUNS
# times at --threads 1, 2 and 4 (and the runaway loop with --timeout 3 once),
# and checks every run: exit 1, a JSON error naming the cause, no stack dump,
# under 5 s (10 s for the timeout). Prints one line per case and exits 1 if
# any run broke a rule.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run="${KDSL_RUN:-$root/build/bin/kdsl-run}"
py="$root/test/Execution/Inputs/kernel_faults.py"
runs="${1:-20}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo '{"kernel":"divide","dim":3,"inputs":{"x":[1,2,3],"d":0,"out":{"zeros":[3],"dtype":"int32"}}}' >"$tmp/div.json"
echo '{"kernel":"write_past","dim":64,"inputs":{"a":{"zeros":[4]}}}' >"$tmp/oob.json"
echo '{"kernel":"runaway","dim":1,"inputs":{"n":1,"out":{"zeros":[1],"dtype":"int32"}}}' >"$tmp/loop.json"
bad=0
check() { # name spec expected-text limit-seconds extra-args...
  local name="$1" spec="$2" want="$3" limit="$4"
  shift 4
  local worst=0 fails=0
  for _ in $(seq "$runs"); do
    local t0 t1 code
    t0=$(date +%s.%N)
    timeout 60 "$run" "$py" "$spec" "$@" >"$tmp/out" 2>"$tmp/err"
    code=$?
    t1=$(date +%s.%N)
    local dt
    dt=$(echo "$t1 - $t0" | bc)
    if [ "$code" -ne 1 ] || ! grep -q "\"ok\":false" "$tmp/out" || ! grep -qF "$want" "$tmp/out" ||
       grep -qE "Stack dump|PLEASE|^ *#[0-9]+ 0x" "$tmp/err" || [ "$(echo "$dt > $limit" | bc)" = 1 ]; then
      fails=$((fails + 1))
      echo "  failed run ($name): exit $code, ${dt}s: $(head -c 300 "$tmp/out")" >&2
    fi
    [ "$(echo "$dt > $worst" | bc)" = 1 ] && worst=$dt
  done
  printf '%-34s %3d runs, %d failed, slowest %.2f s\n' "$name" "$runs" "$fails" "$worst"
  [ "$fails" -eq 0 ] || bad=1
}
for t in 1 2 4; do
  check "division by zero, --threads $t" "$tmp/div.json" "integer division by zero" 5 --threads "$t"
  check "out-of-range write, --threads $t" "$tmp/oob.json" "out of range [0, 4) for dimension 0 of array 'a'" 5 --threads "$t"
done
runs=1 check "runaway loop, --timeout 3" "$tmp/loop.json" '"type":"timeout"' 10 --timeout 3
exit $bad
