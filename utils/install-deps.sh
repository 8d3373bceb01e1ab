#!/usr/bin/env bash
# Installs the Debian packages kdsl needs (only those that are missing) and the npm package of
# test/Synth/duckdb.test; silent when all are there.
set -euo pipefail
pkgs=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev lld-22
      ninja-build ccache cmake python3 libclang-rt-22-dev
      libnanovdb-dev  # NanoVDB headers: wp.Volume (lib/Runtime/Volume.cpp)
      clang-format-22  # utils/check_format.sh
      slurm-wlm munge)  # a one-node Slurm for test/Synth/slurm.test (utils/slurm/)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "kdsl: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# DuckDB for test/Synth/duckdb.test, from the npm registry with the machine's
# Node.js (the version pinned in utils/duckdb/package.json).
duckdb="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/duckdb"
if [ ! -d "$duckdb/node_modules/@duckdb/node-api" ]; then
  if command -v npm >/dev/null; then
    echo "kdsl: installing npm @duckdb/node-api into utils/duckdb" >&2
    npm ci --prefix "$duckdb" --no-audit --no-fund --silent >/dev/null ||
      echo "kdsl: npm install failed; test/Synth/duckdb.test will be unsupported" >&2
  else
    echo "kdsl: no npm; test/Synth/duckdb.test will be unsupported" >&2
  fi
fi
