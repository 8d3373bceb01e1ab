#!/usr/bin/env bash
# kdsl-synth throughput with the full validation on (Clang checks, CPU run,
# finite-difference gradients), C++ and CUDA C forward + backward, and then
# with PTX + ptxas as well. Usage: bench/synth_throughput.sh [N] [JOBS]
# SYNTH_ARGS: more `generate` options (e.g. SYNTH_ARGS="--categories math,vector").
# Run by hand (bench/README.md has measured numbers).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The tools: build/bin, or KDSL_BIN (test/Bench runs this script with its build).
bin="${KDSL_BIN:-$root/build/bin}"
n="${1:-2000}"
jobs="${2:-0}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for targets in cpp,cuda cpp,cuda,ptx; do
  # Other processes skew the rate several-fold on 2 cores: say how busy the
  # machine was (1-minute load average) next to each number.
  load="$(cut -d' ' -f1 /proc/loadavg)"
  start=$EPOCHREALTIME
  # shellcheck disable=SC2086 # SYNTH_ARGS is a list of options
  "$bin/kdsl-synth" generate -n "$n" --jobs "$jobs" --targets "$targets" ${SYNTH_ARGS:-} \
    -o "$out/$targets" 2>/dev/null
  end=$EPOCHREALTIME
  samples=$(cat "$out/$targets"/shard-*.jsonl | wc -l)
  python3 -c "import sys; n, s, t = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]); print(f'targets {sys.argv[4]}: {n} indices, {s} verified samples in {t:.1f} s: {s / t:.1f} samples/s (load average {sys.argv[5]} before)')" \
    "$n" "$samples" "$(python3 -c "print($end - $start)")" "$targets" "$load"
done
