"""in_place_record.py KDSL_SYNTH SRC DST: SRC a one-record dataset; DST the same
record, its kernel replaced by one that updates x in place with a
nonlinear use of the old x (x[i] = x[i] * x[i] * f[i]): its adjoint needs x
as it was before the forward launch, which a bundle cannot restore.

The shard's xxh3 (llvm::xxh3_64bits, not in Python's standard library) is
the one kdsl-synth export reports for the changed shard."""
import json
import os
import re
import shutil
import subprocess
import sys

synth, src, dst = sys.argv[1:]
os.makedirs(dst, exist_ok=True)
shutil.copy(os.path.join(src, "run.json"), dst)
r = json.loads(open(os.path.join(src, "shard-00000.jsonl")).readline())
r["source"] = ("import warp as wp\n\n\n@wp.kernel\n"
               f"def {r['kernel_name']}(x: wp.array(dtype=float), f: wp.array(dtype=float)):\n"
               "    i = wp.tid()\n    x[i] = x[i] * x[i] * f[i]\n")
r["kdsl_run_spec"] = json.dumps({
    "kernel": r["kernel_name"], "dim": 2,
    "inputs": {"x": {"data": [0.3, 2.0]}, "f": {"data": [0.2, 1.5], "requires_grad": True}},
    "backward": {"seed": {"x": [1.0, 1.0]}}})
line = json.dumps(r) + "\n"
open(os.path.join(dst, "shard-00000.jsonl"), "w").write(line)


def write_hash(xxh3):
    for name in ("shard-00000.stats.json", "manifest.json"):
        m = json.load(open(os.path.join(src, name)))
        entry = m["shards"][0] if name == "manifest.json" else m
        entry.update(bytes=len(line.encode()), xxh3=xxh3)
        json.dump(m, open(os.path.join(dst, name), "w"))


write_hash("0" * 16)
p = subprocess.run([synth, "export", dst, dst + ".probe", "--layout=dirs"],
                   capture_output=True, text=True)
found = re.search(r"bytes with xxh3 ([0-9a-f]{16}), its stats file", p.stderr)
assert found, p.stderr
write_hash(found.group(1))
