"""Expected outputs of tile-strided.spec.json (tile-strided-loop.test), from
the kernels' definitions in plain Python: strided_max is the maximum of the
array; strided_rounds' block i takes 2 rounds of B lanes over its 2B
elements arr[2Bi + j] weighted by j + 1, every lane adding both rounds' sums.

usage: tile_strided_ref.py SPEC.json
"""
import json
import sys

spec = json.load(open(sys.argv[1]))
arrays = spec["arrays"]
out = {name: list(a["data"]) if "data" in a else [0] * a["zeros"] for name, a in arrays.items()}
for launch in spec["launches"]:
    args = {k: v[1:] for k, v in launch["args"].items()}
    if launch["kernel"] == "strided_max":
        out[args["max_val"]][0] = max(out[args["arr"]])
    elif launch["kernel"] == "strided_rounds":
        b = launch["block_dim"]
        arr = out[args["arr"]]
        for i in range(launch["dim"]):
            total = sum(arr[i * 2 * b + j] * (j + 1) for j in range(2 * b))
            for lane in range(b):
                out[args["sums"]][i * b + lane] = total
            out[args["rounds"]][i] = 2
print(json.dumps({"ok": True, "outputs": out}))
