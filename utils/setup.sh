#!/usr/bin/env bash
# One command on a fresh machine: install what is missing, build, and run the main job
# (translate the bundled saxpy example to kdsl MLIR).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/utils/install-deps.sh"
"$root/utils/build.sh" >/dev/null
echo "== kdsl-translate examples/saxpy.py --emit=mlir" >&2
"$root/build/bin/kdsl-translate" "$root/examples/saxpy.py" --emit=mlir
