"""Independent reference for Inputs/tile_struct_lanes.py (tile-struct-lanes.test).

Restates each kernel with the GPU's semantics of a block (Warp 1.16's tile
model, docs/design/tiles.md "Lanes" and "Tiles of structs"): a tiled launch
of dim D and block_dim B runs, for each block i, B lanes j, each of which
applies its update to the block's shared tile. A struct += / -= (Warp's
generated operator+= and atomic_add) adds the float and 32-bit integer fields
(int32 wrapping) and nested structs, and leaves the bool and int8 fields of
the destination as they are. A stack's pushes and pops claim slots in an
order a GPU leaves unspecified; kdsl takes the lanes in order (lane 0
first), and so does this model. Plain Python; the values are multiples of
0.25, so the float32 results are exact.

usage: tile_struct_lanes_ref.py SPEC.json
"""
import copy
import json
import sys

T = 3
CAP = 4


def wrap32(n):
    return (n + 2**31) % 2**32 - 2**31


def combine(a, b, sign):
    """a += sign * b for two Rec (or Outer) values."""
    if "w" in a:  # Outer
        return {"r": combine(a["r"], b["r"], sign), "w": a["w"] + sign * b["w"]}
    return {"x": a["x"] + sign * b["x"],
            "v": [p + sign * q for p, q in zip(a["v"], b["v"])],
            "n": wrap32(a["n"] + sign * b["n"]),
            "k": a["k"], "on": a["on"]}


ZERO_REC = {"x": 0.0, "v": [0.0, 0.0, 0.0], "n": 0, "k": 0, "on": False}
ZERO_OUTER = {"r": ZERO_REC, "w": 0.0}


def run(name, arr, a, D, B):
    if name == "scatter_ops":
        src, init = arr[a["src"]], arr[a["init"]]
        for i in range(D):
            r = [src[i * B + j] for j in range(B)]
            add, sub, asg, msk, pln = (copy.deepcopy(init[:T]) for _ in range(5))
            asg = [copy.deepcopy(ZERO_REC) for _ in range(T)]
            one = copy.deepcopy(ZERO_REC)
            for j in range(B):
                add[j % T] = combine(add[j % T], r[j], 1)
                sub[(j + 1) % T] = combine(sub[(j + 1) % T], r[j], -1)
                if j < T:
                    asg[T - 1 - j] = copy.deepcopy(r[j])
                if j % 2 == 0:
                    msk[j % T] = combine(msk[j % T], r[j], 1)
                pln[(j * 2) % T] = combine(pln[(j * 2) % T], r[j], 1)
                one = combine(one, r[j], 1)
            for out, t in (("added", add), ("subbed", sub), ("assigned", asg), ("masked", msk),
                           ("plain", pln)):
                arr[a[out]][i * T:(i + 1) * T] = t
            arr[a["total"]][i] = one
    elif name == "nested_add":
        src, out = arr[a["src"]], arr[a["out"]]
        for i in range(D):
            t = [copy.deepcopy(ZERO_OUTER) for _ in range(2)]
            for j in range(B):
                t[j % 2] = combine(t[j % 2], src[i * B + j], 1)
            out[i * 2:(i + 1) * 2] = t
    elif name == "struct_stack":
        values, weights, slots, counts = (arr[a[k]] for k in ("values", "weights", "slots", "counts"))
        for i in range(D):
            s = []
            for j in range(B):
                if j % 2 == 0 and len(s) < CAP:
                    s.append((j * 10 + i, j * 0.25 + 1.0))
            counts[i] = len(s)
            for j in range(B):
                g = i * B + j
                if s:
                    values[g], weights[g] = s.pop()
                    slots[g] = len(s)
                else:
                    values[g], weights[g], slots[g] = 0, 0.0, -1
    elif name == "func_stack":
        popped, counts = arr[a["popped"]], arr[a["counts"]]
        for i in range(D):
            s = []
            for step in range(2):  # push_twice's two pushes, each by every lane
                for j in range(B):
                    v, has = (j, j % 2 == 0) if step == 0 else (j + 1, j == 0)
                    if has and len(s) < CAP:
                        s.append(v)
            counts[i] = len(s)
            for j in range(B):
                if s:
                    v = s.pop()
                    popped[i * B + j] = v * 100 + len(s)
                else:
                    popped[i * B + j] = -1
    else:
        raise SystemExit("tile_struct_lanes_ref.py: unknown kernel " + name)


def zeros(dtype, n):
    if dtype == "Rec":
        return [copy.deepcopy(ZERO_REC) for _ in range(n)]
    if dtype == "Outer":
        return [copy.deepcopy(ZERO_OUTER) for _ in range(n)]
    return [0 if dtype.startswith("int") else 0.0] * n


def expected(spec):
    arr = {k: copy.deepcopy(v["data"]) if "data" in v else zeros(v["dtype"], v["zeros"])
           for k, v in spec["arrays"].items()}
    for l in spec["launches"]:
        args = {k: v[1:] for k, v in l["args"].items()}
        run(l["kernel"], arr, args, l["dim"], l["block_dim"])
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
