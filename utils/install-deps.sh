#!/usr/bin/env bash
# Installs the Debian packages kdsl needs, only those that are missing; silent when all are there.
set -euo pipefail
pkgs=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev lld-22
      ninja-build ccache cmake python3 libclang-rt-22-dev
      clang-format-22  # utils/check_format.sh
      slurm-wlm munge)  # a one-node Slurm for test/Synth/slurm.test (utils/slurm/)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "kdsl: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
