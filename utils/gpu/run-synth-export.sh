#!/usr/bin/env bash
# On a GPU host: builds and runs every sample of a kdsl-synth export
# (`kdsl-synth export DATASET OUT --layout=dirs`, copied here) with its own
# Makefile, and writes one line per sample to OUT/gpu-results.jsonl:
# {"id": FOLDER, "gpu": <the program's JSON: outputs and gradients>}.
# utils/gpu/compare-synth-export.py DATASET OUT/gpu-results.jsonl compares
# them with the records' references on the CPU machine.
# Usage: run-synth-export.sh OUT [ARCH]   (ARCH: default sm_90)
set -uo pipefail
out=${1:?usage: run-synth-export.sh OUT [ARCH]}
arch=${2:-sm_90}
cd "$out" || exit 2
for dir in */; do
  dir=${dir%/}
  [ -f "$dir/Makefile" ] || continue
  echo "$dir"
done | xargs -P "$(nproc)" -I{} sh -c \
  'cd {} && make -s ARCH='"$arch"' > build.log 2>&1 && ./$(basename *.py .py) bundle.bin > gpu.json 2> run.log'
: > gpu-results.jsonl
built=0 failed=0
for dir in */; do
  dir=${dir%/}
  [ -f "$dir/Makefile" ] || continue
  if [ -s "$dir/gpu.json" ]; then
    printf '{"id": "%s", "gpu": %s}\n' "$dir" "$(cat "$dir/gpu.json")" >> gpu-results.jsonl
    built=$((built + 1))
  else
    echo "FAIL $dir (build.log, run.log)"; failed=$((failed + 1))
  fi
done
echo "run-synth-export.sh: $built samples built and run, $failed failed"
[ "$failed" -eq 0 ]
