#!/usr/bin/env bash
# Where kdsl-synth's time goes, and the most samples/s each mandatory
# validation stage allows on this machine even if everything else were free.
#
#  1. `kdsl-synth generate --timing --jobs 1` on N indices, C++ + CUDA C + PTX:
#     milliseconds per verified sample for each stage, and the ceiling
#     cores * 1000 / ms of the stages no verified sample can skip (the Clang
#     checks and runs of the texts with the reference they are compared with;
#     PTX codegen + ptxas).
#  2. The Clang check alone in steady state (PCH built, nothing else running),
#     with kdsl-bench-clang-check on units of 64 of those samples' C++ and
#     CUDA C against empty units: the most samples/s the Clang checks allow.
#
# Usage: bench/synth_floors.sh [N]   (default 400; run by hand, see bench/README.md)
# SYNTH_ARGS: more `generate` options (e.g. SYNTH_ARGS="--categories tile").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The tools: build/bin, or KDSL_BIN (test/Bench runs this script with its build).
bin="${KDSL_BIN:-$root/build/bin}"
n="${1:-400}"
cores="$(nproc)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# shellcheck disable=SC2086 # SYNTH_ARGS is a list of options
"$bin/kdsl-synth" generate -n "$n" --jobs 1 --targets cpp,cuda,ptx --timing ${SYNTH_ARGS:-} \
  -o "$out/data" 2>"$out/timing.txt"
samples=$(cat "$out/data"/shard-*.jsonl | wc -l)
python3 - "$out/timing.txt" "$samples" "$cores" "$n" <<'EOF'
import re, sys
path, samples, cores, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
stages = {}
for line in open(path):
    m = re.match(r"\s+(\w+)\s+([0-9.]+) s", line)
    if m:
        stages[m.group(1)] = float(m.group(2))
if "total" not in stages:
    sys.exit("no --timing output in " + path)
ms = {k: v * 1000 / samples for k, v in stages.items()}
print(f"{n} indices, {samples} verified samples, 1 thread; ms per verified sample:")
for k, v in ms.items():
    print(f"  {k:12} {v:8.2f}")
def ceiling(label, keys):
    t = sum(ms[k] for k in keys)
    print(f"{label}: {t:.2f} ms/sample -> at most {cores * 1000 / t:.0f} samples/s on {cores} cores")
ceiling("Clang checks alone (clang_cpp + clang_cuda, with building the PCH once)", ["clang_cpp", "clang_cuda"])
# Since issue 13, clang_cpp and clang_cuda also compile the texts to machine
# code, run them and compare with the reference; with the reference itself
# (its JIT, its runs, the finite-difference check), this is the validation
# that every C++ + CUDA C record needs, whatever else gets faster.
ceiling("validation every C++ + CUDA C record needs (the two texts built, run and compared; "
        "the reference JIT, its runs, the gradient check)",
        ["clang_cpp", "clang_cuda", "jit_compile", "cpu_run", "gradcheck"])
ceiling("PTX alone (emit_ptx + ptxas)", ["emit_ptx", "ptxas"])
ceiling("everything (total)", ["total"])
EOF

# The Clang check alone, in steady state (the PCH built), with
# kdsl-bench-clang-check: one unit with the C++ (CUDA C) of 64 of those samples
# against an empty unit; kdsl-synth checks one unit per shard of 50 indices.
python3 - "$out" <<'PY'
import glob, json, sys
out = sys.argv[1]
records = [json.loads(l) for f in sorted(glob.glob(out + "/data/shard-*.jsonl")) for l in open(f)][:64]
for lang, ext in (("cpp", "cpp"), ("cuda", "cu")):
    # One namespace per record: its types (structs, helper result types)
    # are used by its forward and backward. Records name their kernels for
    # what they do (two may define row_energy_cpu_forward): their extern "C"
    # entry points are renamed apart by macros, as kdsl-synth's unit does.
    suffixes = ("_cpu_forward", "_cpu_backward", "_cuda_kernel_forward", "_cuda_kernel_backward")
    def unit(r):
        spec = r.get("spec") if isinstance(r.get("spec"), dict) else {}
        kernels = [l["kernel"] for l in spec.get("launches", [])] or [r["kernel_name"]]
        kernels = list(dict.fromkeys(kernels))
        names = [k + s for k in kernels for s in suffixes]
        text = "".join("#define %s %s__r%d\n" % (n, n, r["id"]) for n in names)
        text += "namespace s%d {\n%s\n}\n" % (r["id"], "\n".join(
            r.get(lang + part, "") for part in ("_types", "_forward", "_backward")))
        return text + "".join("#undef %s\n" % n for n in names)
    body = "".join(unit(r) for r in records)
    open(f"{out}/batch.{ext}", "w").write(body)
    open(f"{out}/empty.{ext}", "w").write("\n")
open(out + "/count", "w").write(str(len(records)))
PY
median() { "$bin/kdsl-bench-clang-check" --runs 9 "$@" | sed -E 's/.*median ([0-9.]+) ms.*/\1/'; }
python3 - "$(cat "$out/count")" "$cores" \
  "$(median "$out/empty.cpp")" "$(median "$out/batch.cpp")" \
  "$(median --cuda "$out/empty.cu")" "$(median --cuda "$out/batch.cu")" <<'PY'
import sys
k, cores = int(sys.argv[1]), int(sys.argv[2])
ec, bc, eu, bu = map(float, sys.argv[3:7])
per_sample = (bc - ec) / k + ec / 50 + (bu - eu) / k + eu / 50
print(f"in-process Clang check, steady state: C++ unit of {k} samples {bc:.1f} ms (empty unit {ec:.1f} ms), "
      f"CUDA C {bu:.1f} ms (empty {eu:.1f} ms)")
print(f"  -> {per_sample:.2f} ms/sample with 50 samples a unit: at most {cores * 1000 / per_sample:.0f} samples/s "
      f"on {cores} cores for the Clang checks alone")
PY
