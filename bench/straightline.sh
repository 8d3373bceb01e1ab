#!/usr/bin/env bash
# Compile time of a long straight-line kernel (issue 26, finding 19):
# bench/gen_straightline.py N, then kdsl-translate --emit=cpp (the front end,
# kdsl-autodiff, kdsl-prepare-emission, the emitter) and --emit=llvm (the CPU
# pipeline), wall seconds and peak memory for each N. Time should grow about
# linearly with N.
#
# Usage: bench/straightline.sh [BINDIR] [N...]
#   BINDIR: where kdsl-translate is (default build/bin; another build's for a
#   before/after comparison); N: default 1000 5000 10000 20000.
# Env: KDSL_BENCH_EMITS (default "cpp llvm"), KDSL_BENCH_TIMEOUT (default 600 s).
# Run by hand on an idle machine (bench/README.md).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$root/build/bin}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 5000 10000 20000)
emits="${KDSL_BENCH_EMITS:-cpp llvm}"
limit="${KDSL_BENCH_TIMEOUT:-600}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

printf '%-8s %-6s %10s %10s\n' statements emit seconds peak_MiB
for n in "${sizes[@]}"; do
  python3 "$root/bench/gen_straightline.py" "$n" > "$work/k$n.py"
  for emit in $emits; do
    /usr/bin/time -f '%e %M' -o "$work/time" \
      timeout "$limit" "$bin/kdsl-translate" --emit="$emit" "$work/k$n.py" -o "$work/out" 2>/dev/null
    rc=$?
    read -r secs kib < "$work/time" 2>/dev/null || { secs=?; kib=0; }
    [ $rc -eq 124 ] && secs=">$limit"
    [ $rc -ne 0 ] && [ $rc -ne 124 ] && secs="fail($rc)"
    printf '%-8s %-6s %10s %10s\n' "$n" "$emit" "$secs" "$((kib / 1024))"
  done
done
