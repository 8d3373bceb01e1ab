#!/usr/bin/env bash
# Builds the front-end fuzzer (ASan+UBSan, build-fuzz/) and runs it.
#   utils/fuzz.sh [SECONDS]   (default 300; crashes land in fuzz-artifacts/)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
secs="${1:-300}"
KDSL_BUILD_DIR="$root/build-fuzz" "$root/utils/configure.sh" -DKDSL_ENABLE_FUZZER=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
ninja -C "$root/build-fuzz" kdsl-fuzz >/dev/null
mkdir -p "$root/fuzz-corpus" "$root/fuzz-artifacts"
cp -n "$root"/examples/*.py "$root/fuzz-corpus/" 2>/dev/null || true
# allow_user_poisoning=0: libMLIR.so is not instrumented, but our instrumented code
# instantiates its header-only BumpPtrAllocator, whose slab poisoning then
# yields false use-after-poison reports on MLIR storage.
ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 "$root/build-fuzz/bin/kdsl-fuzz" -max_total_time="$secs" -timeout=10 \
  -rss_limit_mb=4096 -max_len=4096 -artifact_prefix="$root/fuzz-artifacts/" \
  -dict="$root/utils/fuzz.dict" "$root/fuzz-corpus"
