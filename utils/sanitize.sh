#!/usr/bin/env bash
# The sanitizer job (part of utils/test.sh, so of .ci/run): builds kdsl-translate, kdsl-synth,
# kdsl-opt, kdsl-run, the fuzz target, kdsl-test-ast-walk and kdsl-test-nvdb-write (volume.test's
# .nvdb writer) with AddressSanitizer + UBSan into
# build-asan/, runs the front-end and execution lit tests with those tools, and
# replays the fuzz corpus kept in test/fuzz-corpus through the front end.
# Any sanitizer report fails the job.
#   utils/sanitize.sh            (KDSL_ASAN_BUILD_DIR overrides build-asan/)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${KDSL_ASAN_BUILD_DIR:-$root/build-asan}"
start=$(date +%s)
if [ ! -f "$build/build.ninja" ]; then
  KDSL_BUILD_DIR="$build" "$root/utils/configure.sh" -DKDSL_SANITIZE=ON \
    >"${TMPDIR:-/tmp}/kdsl-asan-configure.log" 2>&1 || {
    cat "${TMPDIR:-/tmp}/kdsl-asan-configure.log" >&2
    exit 1
  }
fi
ninja -C "$build" kdsl-translate kdsl-opt kdsl-run kdsl-synth kdsl-fuzz kdsl-test-ast-walk \
  kdsl-test-nvdb-write >/dev/null
built=$(date +%s)

# detect_leaks=0: the tools exit without tearing down every MLIR and LLVM
# singleton. allow_user_poisoning=0: libMLIR.so is not instrumented, but our
# instrumented code instantiates its header-only BumpPtrAllocator, whose slab
# poisoning then gives false use-after-poison reports on MLIR storage.
export ASAN_OPTIONS="detect_leaks=0:allow_user_poisoning=0:abort_on_error=1:handle_abort=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# The fuzz corpus: each file once through tokenizer, parser, Sema, MLIRGen and
# the verifier (libFuzzer runs the files given to it, then exits).
"$build/bin/kdsl-fuzz" -runs=1 "$root"/test/fuzz-corpus/* "$root"/test/Frontend/fuzz-regressions/* \
  2>"$build/fuzz-replay.log" || {
  tail -40 "$build/fuzz-replay.log" >&2
  echo "kdsl: the fuzz corpus replay failed under the sanitizers" >&2
  exit 1
}
replayed=$(ls "$root"/test/fuzz-corpus "$root"/test/Frontend/fuzz-regressions | wc -l)

# The front-end and execution tests with the instrumented tools.
/usr/lib/llvm-22/bin/lit -s "$build/test/Frontend" "$build/test/Execution"
end=$(date +%s)
echo "kdsl: sanitizer job: build $((built - start)) s, $replayed fuzz inputs replayed, tests $((end - built)) s"
