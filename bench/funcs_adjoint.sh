#!/usr/bin/env bash
# Issue 27's measurements: the compile time and size of kernels whose funcs
# the adjoint used to inline (run by hand):
#   - bench/inputs/noise_kernel.py: noise, pnoise and curlnoise in 1-4 D;
#   - bench/inputs/swish_mlp.py: two layers of swish(x * w + b);
#   - a chain of N funcs, each calling the previous twice (generated, N = 16, 64).
# For each translator given (alternating, so machine load hits all alike) and
# each target (cpp, cuda, llvm, ptx; forward + backward), the wall time of
# kdsl-translate and the size of its output (lines; the C++ also without the
# prelude). A run over LIMIT seconds (default 120) is reported as a timeout.
# Usage: bench/funcs_adjoint.sh [NAME=path/to/kdsl-translate ...]   (default: build/bin)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${LIMIT:-120}
[ $# -gt 0 ] || set -- "build=${KDSL_BIN:-$root/build/bin}/kdsl-translate"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# chain N: f0 = sin-based, f_k(x) = f_{k-1}(x) / 2 + f_{k-1}(0.9 x) / 2.
chain() {
  {
    echo "import warp as wp"
    echo
    echo "@wp.func"
    echo "def f0(x: float):"
    echo "    return wp.sin(x) * 1.01 + 0.1"
    for ((k = 1; k < $1; ++k)); do
      echo
      echo "@wp.func"
      echo "def f$k(x: float):"
      echo "    return f$((k - 1))(x) * 0.5 + f$((k - 1))(x * 0.9) * 0.5"
    done
    echo
    echo "@wp.kernel"
    echo "def chain(x: wp.array(dtype=float), y: wp.array(dtype=float)):"
    echo "    i = wp.tid()"
    echo "    y[i] = f$(($1 - 1))(x[i])"
  } > "$work/chain$1.py"
}
chain 16
chain 64
printf '%-10s %-14s %-5s %9s %9s %12s\n' build input target seconds lines "no-prelude"
for input in "$root/bench/inputs/noise_kernel.py" "$root/bench/inputs/swish_mlp.py" "$work/chain16.py" "$work/chain64.py"; do
  for target in cpp cuda llvm ptx; do
    for spec in "$@"; do
      name=${spec%%=*} tool=${spec#*=}
      out="$work/out.$target"
      start=$(date +%s.%N)
      if timeout "$limit" "$tool" "$input" --emit=$target -o "$out" 2>/dev/null; then
        secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
        lines=$(wc -l < "$out")
        body=$(awk 'seen { n++ } /---- end of prelude ----/ { seen = 1 } END { print seen ? n : "-" }' "$out")
        printf '%-10s %-14s %-5s %9.2f %9d %12s\n' "$name" "$(basename "$input" .py)" $target "$secs" "$lines" "$body"
      else
        printf '%-10s %-14s %-5s %9s %9s %12s\n' "$name" "$(basename "$input" .py)" $target "fail/timeout" - -
      fi
    done
  done
done
