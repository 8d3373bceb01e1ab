#!/usr/bin/env bash
# Writes every emitted text of the repository's Python inputs (examples/, bench/inputs/, test/) and of
# `kdsl-synth generate -n N --seed 11` into OUTDIR, so that a refactoring can show its output is
# byte-identical: run it before and after, then `diff -r BEFORE AFTER`.
#
#   utils/emit_snapshot.sh OUTDIR [N]      (N: synth records, default 1000; 0 skips kdsl-synth)
#
# Each input gets OUTDIR/<path>.<target> (mlir, llvm, cpp, cuda, ptx) holding stdout, or the tool's
# stderr and exit status when it fails (many test inputs are expected to fail). Honours KDSL_BIN
# (default build/bin) and JOBS (default: nproc).
set -euo pipefail
out=${1:?usage: utils/emit_snapshot.sh OUTDIR [N]}
n=${2:-1000}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${KDSL_BIN:-$root/build/bin}
jobs=${JOBS:-$(nproc)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

emit_one() { # FILE: every target of one input, relative to the repository root
  local f=$1 t dst
  for t in mlir llvm cpp cuda ptx; do
    dst="$out/inputs/$f.$t"
    mkdir -p "$(dirname "$dst")"
    if ! (cd "$root" && timeout 120 "$bin/kdsl-translate" --emit="$t" "$f" >"$dst" 2>"$dst.err"); then
      echo "exit $?" >>"$dst.err"
      : >"$dst"
    fi
    # Absolute paths differ between checkouts; keep only the relative ones.
    sed -i "s|$root/||g" "$dst.err"
    [ -s "$dst.err" ] || rm -f "$dst.err"
  done
}
export -f emit_one
export out root bin

(cd "$root" && find examples bench/inputs test -name '*.py' -not -path '*/__pycache__/*' | sort) |
  xargs -P "$jobs" -I{} bash -c 'emit_one "$1"' _ {}

if [ "$n" != 0 ]; then
  rm -rf "$out/synth"
  "$bin/kdsl-synth" generate -n "$n" --seed 11 -o "$out/synth" >"$out/synth.log" 2>&1 ||
    echo "kdsl-synth generate failed: see $out/synth.log" >&2
fi
echo "snapshot in $out: $(find "$out/inputs" -type f | wc -l) files"
