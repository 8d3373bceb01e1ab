#!/usr/bin/env bash
# One command on a fresh machine: install what is missing, build, and run the main job on the
# bundled examples: translate saxpy to kdsl MLIR, compute its gradients against finite
# differences, and generate a small verified dataset with kdsl-synth (build/synth-demo).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/utils/install-deps.sh"
"$root/utils/build.sh" >/dev/null
echo "== kdsl-translate examples/saxpy.py --emit=mlir" >&2
"$root/build/bin/kdsl-translate" "$root/examples/saxpy.py" --emit=mlir
echo "== kdsl-run --check-grads (Warp's product loop: x.grad = [4, 4, 4])" >&2
"$root/build/bin/kdsl-run" --check-grads --grad-rtol 5e-2 "$root/test/Autodiff/Execution/warp_issues.py" \
  "$root/test/Autodiff/Execution/warp_issues.product.spec.json"
echo "== kdsl-synth generate -n 20 -o build/synth-demo" >&2
rm -rf "$root/build/synth-demo"
"$root/build/bin/kdsl-synth" generate -n 20 --shard-size 10 -o "$root/build/synth-demo"
"$root/build/bin/kdsl-synth" stats "$root/build/synth-demo"   # a table (--json for all of it)
