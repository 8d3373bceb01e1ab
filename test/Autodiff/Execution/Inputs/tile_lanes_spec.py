# The launch specs of tile-lanes.test: `tile_lanes_spec.py KERNEL B` prints
# a spec launching KERNEL of tile_lanes.py on 2 blocks of B lanes (a regular
# launch of 2B threads with block_dim B for `extremes`) with a backward
# pass: float64 inputs drawn from a seeded generator, the loss or seeds on
# the outputs.
import json
import random
import sys

k, B = sys.argv[1], int(sys.argv[2])
r = random.Random(B * 7919 + len(k))


def vals(n, lo=-1.0, hi=1.0):
    return [round(r.uniform(lo, hi), 3) for _ in range(n)]


nblocks = 2
n = nblocks * B


def f64(d):
    return {"data": d, "dtype": "float64", "requires_grad": True}


if k == "gather":
    arrays = {"x": f64(vals(n)), "w": f64(vals(n)), "loss": {"zeros": 1, "dtype": "float64", "requires_grad": True}}
    back = {"loss": "loss"}
elif k == "roundtrip":
    arrays = {"x": f64(vals(n)), "y": {"zeros": n, "dtype": "float64", "requires_grad": True}}
    back = {"seed": {"y": vals(n)}}
elif k == "block_sum":
    arrays = {"x": f64(vals(n)), "w": f64(vals(n)), "loss": {"zeros": 1, "dtype": "float64", "requires_grad": True}}
    back = {"loss": "loss"}
elif k == "block_scalars":
    arrays = {"x": f64(vals(n)), "w": f64(vals(2)), "y": {"zeros": n, "dtype": "float64", "requires_grad": True},
              "z": {"zeros": nblocks, "dtype": "float64", "requires_grad": True}}
    back = {"seed": {"y": vals(n), "z": vals(nblocks)}}
elif k == "vectors":
    arrays = {"x": {"data": [vals(3) for _ in range(n)], "dtype": "vec3d", "requires_grad": True},
              "c": {"data": [vals(3) for _ in range(B)], "dtype": "vec3d", "requires_grad": True},
              "loss": {"zeros": 1, "dtype": "float64", "requires_grad": True}}
    back = {"loss": "loss"}
elif k == "extremes":
    arrays = {"x": f64(vals(n, 0.1, 1.0)), "m": {"zeros": 1, "dtype": "float64", "requires_grad": True},
              "out": {"zeros": n, "dtype": "float64", "requires_grad": True}}
    back = {"seed": {"m": [0.75], "out": vals(n)}}
elif k == "loaded":
    arrays = {"x": f64(vals(nblocks * 8)), "w": f64(vals(n)), "y": {"zeros": nblocks * 8, "dtype": "float64", "requires_grad": True},
              "z": {"zeros": n, "dtype": "float64", "requires_grad": True}}
    back = {"seed": {"y": vals(nblocks * 8), "z": vals(n)}}
elif k == "carried":
    arrays = {"x": f64(vals(n)), "y": {"zeros": n, "dtype": "float64", "requires_grad": True}}
    back = {"seed": {"y": vals(n)}}
else:
    sys.exit("unknown kernel " + k)
launch = {"kernel": k, "dim": nblocks, "tiled": True, "block_dim": B, "args": {a: "@" + a for a in arrays}}
if k == "extremes":
    launch["dim"] = n
    del launch["tiled"]
print(json.dumps({"arrays": arrays, "launches": [launch], "backward": back}))
