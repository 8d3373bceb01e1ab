"""check_multi_kernel.py DATASET OUTDIR: the first record of several kernels
of DATASET: prints what its spec launches and what validation says of it,
and writes its source and kdsl_run_spec to OUTDIR (program.py, spec.json)
for kdsl-run. With a third argument (kdsl-run's output on them), compares
that run's outputs, flattened, with the record's reference as float32."""
import glob, json, struct, sys

recs = [json.loads(l) for f in sorted(glob.glob(sys.argv[1] + "/shard-*.jsonl")) for l in open(f)]
r = next(r for r in recs if len({l["kernel"] for l in r["spec"]["launches"]}) >= 2)
kernels = []
for l in r["spec"]["launches"]:
    if l["kernel"] not in kernels:
        kernels.append(l["kernel"])


def flat(v):
    if isinstance(v, list):
        return [x for e in v for x in flat(e)]
    return [v]


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


if len(sys.argv) > 3:
    run = json.load(open(sys.argv[3]))
    bad = 0
    for o in r["reference"]["outputs"]:
        got = flat(run["outputs"][o["name"]])
        bad += len(got) != len(o["data"]) or any(f32(a) != f32(b) for a, b in zip(got, o["data"]))
    print("kdsl-run outputs equal the reference:", bad == 0, len(r["reference"]["outputs"]), "arrays")
    sys.exit(0)
print("kernel_name is the first kernel:", r["kernel_name"] == kernels[0] == r["spec"]["kernel"])
print("kernels", len(kernels), "launches", len(r["spec"]["launches"]))
for k in kernels:
    assert ("def %s(" % k) in r["source"], k
    for t, sym in (("cpp_forward", "_cpu_forward"), ("cpp_backward", "_cpu_backward"),
                   ("cuda_forward", "_cuda_kernel_forward"), ("cuda_backward", "_cuda_kernel_backward")):
        assert ("void %s%s(" % (k, sym)) in r[t], (k, t)
print("every kernel in source and in the four texts")
names = {a["name"] for a in r["spec"]["args"]}
print("every launch argument a spec value:",
      all(a["value"] in names for l in r["spec"]["launches"] for a in l["args"]))
v = r["validation"]
print("execution:", sorted({(t, k, b) for t, e in v["execution"].items() for k, b in e.items()} ) ==
      sorted({(t, k, True) for t in v["execution"] for k in ("compiled", "executed", "matched")}))
print("gradcheck ratio <= 1:", v["gradcheck"]["ratio"] <= 1, "clang:", v["clang_cpp"], v["clang_cuda"])
open(sys.argv[2] + "/program.py", "w").write(r["source"])
open(sys.argv[2] + "/spec.json", "w").write(r["kdsl_run_spec"])
