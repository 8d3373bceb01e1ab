"""Independent reference for Inputs/cpu/tile_lanes.py (tile-lanes.test).

Restates each kernel with the GPU's semantics of a block (Warp's tile
model, docs/design/tiles.md "Lanes"): a tiled launch of dim D and block_dim
B runs, for each block i in range(D), B lanes j; a regular launch of N
threads with block_dim B makes blocks of B consecutive threads. wp.tile(x)
holds lane j's value at index j, wp.untile gives lane j index j,
tile_from_thread the value of one lane, t[k] op= v applies every lane's
update, scalar atomics run once per lane. A stack's pushes and pops claim
slots in an order a GPU leaves unspecified; kdsl takes the lanes in order
(lane 0 first), and so does this model. Plain Python lists; the values are
small integers and halves, so float32 results are exact.

usage: tile_lanes_ref.py SPEC.json
"""
import json
import sys

TILE = 8
CAP = 4


def run(name, arr, a, D, B):
    if name == "gather":
        x, out, total, count = (arr[a[k]] for k in ("x", "out", "total", "count"))
        for i in range(D):
            t = [2.0 * x[i * B + j] for j in range(B)]
            s = sum(t)
            scan = [sum(t[:j + 1]) for j in range(B)]
            for j in range(B):
                out[i * B + j] = scan[j] + s
            total[i] = s
            count[0] += B
    elif name == "simt":
        x, out = arr[a["x"]], arr[a["out"]]
        for blk in range(D // B):
            t = x[blk * B:(blk + 1) * B]
            for j in range(B):
                out[blk * B + j] = 3.0 * t[j] + max(t)
    elif name == "vectors":
        x, out, sums = arr[a["x"]], arr[a["out"]], arr[a["sums"]]
        for i in range(D):
            for c in range(3):
                sums[i * 3 + c] = sum(x[i * B + j][c] for j in range(B))
            for j in range(B):
                out[i * B + j] = [2.0 * v for v in x[i * B + j]]
    elif name == "broadcast":
        x, out = arr[a["x"]], arr[a["out"]]
        for i in range(D):
            v = x[i * B + B - 1]
            for e in range(TILE):
                src = x[i * TILE + e] if i * TILE + e < len(x) else 0.0
                if i * TILE + e < len(out):
                    out[i * TILE + e] = src + v
    elif name == "scatter":
        out, ints = arr[a["out"]], arr[a["ints"]]
        for i in range(D):
            t, u = [0.0] * TILE, [0] * TILE
            for j in range(B):
                t[j % TILE] += 1.0 + i
                u[(j * 3) % TILE] |= 1 << (j % 5)
            out[i * TILE:(i + 1) * TILE] = t
            ints[i * TILE:(i + 1) * TILE] = u
    elif name == "stack":
        slots, counts, popped = (arr[a[k]] for k in ("slots", "counts", "popped"))
        for i in range(D):
            s = []
            for j in range(B):
                if j % 2 == 0 and len(s) < CAP:
                    slots[i * B + j] = len(s)
                    s.append(j * 10 + i)
                else:
                    slots[i * B + j] = -1
            counts[i] = len(s)
            for j in range(B):
                if s:
                    v = s.pop()
                    popped[i * B + j] = v * 100 + len(s)
                else:
                    popped[i * B + j] = -1
    elif name == "looped":
        x, out = arr[a["x"]], arr[a["out"]]
        for i in range(D):
            acc = 0.0
            for k in range(3):
                acc += sum(x[i * B + j] * (k + 1) for j in range(B))
            for j in range(B):
                out[i * B + j] = acc + j
    else:
        raise SystemExit("tile_lanes_ref.py: unknown kernel " + name)


def expected(spec):
    arr = {}
    for k, v in spec["arrays"].items():
        if "data" in v:
            arr[k] = v["data"]
        else:
            zero = 0 if v["dtype"].startswith("int") else 0.0
            arr[k] = [[zero] * 3 for _ in range(v["zeros"])] if v["dtype"] == "vec3f" else [zero] * v["zeros"]
    for l in spec["launches"]:
        args = {k: v[1:] for k, v in l["args"].items()}
        run(l["kernel"], arr, args, l["dim"], l["block_dim"])
    return {"ok": True, "outputs": arr}


if __name__ == "__main__":
    print(json.dumps(expected(json.load(open(sys.argv[1])))))
