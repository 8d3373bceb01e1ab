"""check_records.py DIR: every record of a kdsl-synth dataset has the fields
of docs/synth.md, passed every validation step it lists, and is loadable as
plain JSON lines (what datasets.load_dataset("json") reads)."""
import glob
import json
import math
import sys

REQUIRED = ["id", "category", "seed", "kernel_name", "source", "signature", "spec", "reference",
            "validation", "content_hash", "toolchain", "cpp_forward", "cpp_backward",
            "cuda_forward", "cuda_backward"]

def main():
    d = sys.argv[1]
    manifest = json.load(open(f"{d}/manifest.json"))
    n = 0
    for path in sorted(glob.glob(f"{d}/shard-*.jsonl")):
        for line in open(path):
            r = json.loads(line)
            missing = [k for k in REQUIRED if k not in r]
            assert not missing, f"{path}: record {r.get('id')} lacks {missing}"
            v = r["validation"]
            for step in ["frontend", "clang_cpp", "clang_cuda", "cpu_run"]:
                assert v[step] is True, f"record {r['id']}: {step} = {v[step]}"
            assert math.isfinite(v["gradcheck"]["rel_error"]), r["id"]  # kdsl-synth passed it: within rtol, or atol for tiny gradients
            assert f"def {r['kernel_name']}(" in r["source"]
            assert f"{r['kernel_name']}_cpu_forward" in r["cpp_forward"]
            assert f"{r['kernel_name']}_cpu_backward" in r["cpp_backward"]
            assert f"{r['kernel_name']}_cuda_kernel_backward" in r["cuda_backward"]
            assert r["reference"]["outputs"], r["id"]
            n += 1
    assert n == manifest["samples"], (n, manifest["samples"])
    print(f"check_records: {n} records")

main()
