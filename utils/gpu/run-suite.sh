#!/usr/bin/env bash
# Step 2 of the GPU suite (docs/gpu-suite.md), on a GPU host with the CUDA
# toolkit and driver (no LLVM/MLIR): in the directory make-bundle.sh wrote,
#   - builds kdsl-gpu-run (CUDA driver API) with nvcc,
#   - compiles each bundle's CUDA C to a cubin for this GPU with nvcc,
#   - runs every bundle twice, from the PTX (JIT by the driver) and from the
#     cubin, comparing with the CPU's outputs and timing each launch,
#   - runs the streaming benchmark: saxpy at N = 2^26 next to a device-to-device
#     copy in the same process.
# Results go to results.jsonl next to this script; exit 0 iff everything matched.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d '. ')
[ -n "$cc" ] || { echo "run-suite.sh: no GPU found by nvidia-smi" >&2; exit 2; }
ptxarch=sm_80
[ "$cc" -ge 90 ] && ptxarch=sm_90
"$nvcc" -O2 -std=c++17 -o "$here/kdsl-gpu-run" "$here/kdsl-gpu-run.cpp" -lcuda ||
  { echo "run-suite.sh: cannot build kdsl-gpu-run" >&2; exit 2; }
results="$here/results.jsonl"
: > "$results"
passed=0 failed=0
for dir in "$here"/bundles/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  read -r -a flags < "$dir/flags"
  # -fmad=false: no FMA contraction, like kdsl's PTX and CPU backends.
  if ! "$nvcc" -std=c++17 -fmad=false -arch="sm_$cc" -cubin "$dir/kernels.cu" -o "$dir/kernels.cubin"; then
    echo "FAIL $name: nvcc" ; failed=$((failed + 1)); continue
  fi
  for module in "$dir/kernels.$ptxarch.ptx" "$dir/kernels.cubin"; do
    if "$here/kdsl-gpu-run" "$module" "$dir" "${flags[@]}" >> "$results"; then
      echo "PASS $name $(basename "$module")"; passed=$((passed + 1))
    else
      echo "FAIL $name $(basename "$module")"; failed=$((failed + 1))
    fi
  done
done
if [ -d "$here/bundles/saxpy" ]; then
  for module in "$here/bundles/saxpy/kernels.$ptxarch.ptx" "$here/bundles/saxpy/kernels.cubin"; do
    "$here/kdsl-gpu-run" "$module" "$here/bundles/saxpy" --stream-bench 67108864 \
      | grep stream_bench | tee -a "$results"
  done
fi
grep -h '"median_ms"' "$results" | sort | uniq > "$here/timings.jsonl"
echo "run-suite.sh: $passed passed, $failed failed (details: $results, kernel times: $here/timings.jsonl)"
[ "$failed" -eq 0 ]
