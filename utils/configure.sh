#!/usr/bin/env bash
# Configure the build tree (build/) with clang-22, lld, ccache and Ninja against LLVM/MLIR 22.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${KDSL_BUILD_DIR:-$root/build}"
llvm=/usr/lib/llvm-22
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -G Ninja -S "$root" -B "$build" \
  -DCMAKE_BUILD_TYPE="${KDSL_BUILD_TYPE:-Release}" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld \
  "${launcher[@]}" \
  -DMLIR_DIR="$llvm/lib/cmake/mlir" -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" "$@"
