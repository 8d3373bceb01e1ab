#!/usr/bin/env bash
# Compile time of one matrix product of N x N matrices (issue 26, finding
# 18): `c[i] = a[i] @ b[i]` with wp.types.matrix(shape=(N, N), dtype=float),
# forward and adjoint, through kdsl-translate --emit=llvm, --emit=ptx and
# --emit=cpp, and kdsl-run (JIT and the cpp backend, one thread, forward
# and backward on one element of ones: compile time, the run is negligible).
# Wall seconds for each N, and the PTX's lines.
#
# Usage: bench/large_matrices.sh [BINDIR] [N...]
#   BINDIR: where the tools are (default build/bin); N: default 16 32 64 128.
# Env: KDSL_BENCH_TIMEOUT (default 600 s per command).
# Run by hand on an idle machine (bench/README.md).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$root/build/bin}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(16 32 64 128)
limit="${KDSL_BENCH_TIMEOUT:-600}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# time_it LABEL CMD...: prints the wall seconds (">limit" on a timeout).
time_it() {
  /usr/bin/time -f '%e' -o "$work/time" timeout "$limit" "$@" > "$work/out" 2>/dev/null
  local rc=$? secs
  secs="$(cat "$work/time" 2>/dev/null | tail -1)"
  [ $rc -eq 124 ] && secs=">$limit"
  [ $rc -ne 0 ] && [ $rc -ne 124 ] && secs="fail($rc)"
  printf ' %10s' "$secs"
}

printf '%-6s %10s %10s %10s %10s %10s %10s\n' N llvm ptx cpp jit cpp-run ptx-lines
for n in "${sizes[@]}"; do
  cat > "$work/mm$n.py" <<PY
import warp as wp

M = wp.types.matrix(shape=($n, $n), dtype=float)


@wp.kernel
def matmul(a: wp.array(dtype=M), b: wp.array(dtype=M), c: wp.array(dtype=M)):
    i = wp.tid()
    c[i] = a[i] @ b[i]
PY
  python3 - "$n" > "$work/mm$n.json" <<'PY'
import json, sys
n = int(sys.argv[1])
ones = [[[1.0] * n for _ in range(n)]]
print(json.dumps({"kernel": "matmul", "dim": 1, "print": [],
                  "inputs": {"a": {"ones": [1], "requires_grad": True},
                             "b": {"ones": [1], "requires_grad": True}, "c": {"zeros": [1]}},
                  "backward": {"seed": {"c": ones}}}))
PY
  printf '%-6s' "$n"
  for emit in llvm ptx cpp; do
    time_it "$bin/kdsl-translate" --emit="$emit" "$work/mm$n.py"
    [ "$emit" = ptx ] && cp "$work/out" "$work/ptx"
  done
  time_it "$bin/kdsl-run" --threads 1 "$work/mm$n.py" "$work/mm$n.json"
  time_it "$bin/kdsl-run" --threads 1 --backend cpp "$work/mm$n.py" "$work/mm$n.json"
  printf ' %10s\n' "$(wc -l < "$work/ptx")"
done
