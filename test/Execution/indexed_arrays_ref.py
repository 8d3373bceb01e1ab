"""Python reference for indexed_arrays.test: runs the kernels of
Inputs/indexed_arrays.py on the arrays of the spec with plain Python lists,
following Warp's definition of wp.indexedarray (warp/native/array.h:
element (i, j) is data[indices0[i], indices1[j]], a dimension without indices
maps directly, the shape is the indices' lengths, a view a[i] fixes the
remapped leading index). Prints the expected kdsl-run result.

usage: indexed_arrays_ref.py SPEC.json          forward outputs
       indexed_arrays_ref.py --grads SPEC.json  gradients of grad_loss
"""

import copy
import json
import math
import struct
import sys


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def shape_of(data):
    s = []
    while isinstance(data, list):
        s.append(len(data))
        data = data[0] if data else None
    return s


class Indexed:
    def __init__(self, data, indices, elem_depth=0):
        self.data = data
        nd = len(shape_of(data)) - elem_depth
        self.indices = list(indices) + [None] * (nd - len(indices))
        dshape = shape_of(data)
        self.shape = [len(ix) if ix is not None else dshape[d] for d, ix in enumerate(self.indices)]

    def _where(self, idx):
        real = [ix[i] if ix is not None else i for i, ix in zip(idx, self.indices)]
        cont = self.data
        for r in real[:-1]:
            cont = cont[r]
        return cont, real[-1]

    def get(self, *idx):
        cont, last = self._where(idx)
        return cont[last]

    def set(self, value, *idx):
        cont, last = self._where(idx)
        cont[last] = value

    def view(self, *idx):
        real = [ix[i] if ix is not None else i for i, ix in zip(idx, self.indices)]
        sub = self.data
        for r in real:
            sub = sub[r]
        return Indexed(sub, self.indices[len(idx):])


def forward(spec):
    arrays = {n: copy.deepcopy(d["data"]) if "data" in d else None for n, d in spec["arrays"].items()}
    zeros = {"out3": [[[0.0] * 2 for _ in range(3)] for _ in range(2)], "shp": [0] * 6, "out": [0.0] * 4,
             "hist": [0] * 3, "mins": [3.0, 3.0], "vecs": [[0.0] * 3 for _ in range(4)], "flags": [0, 0]}
    arrays.update(zeros)

    # gather3d over dim [2, 3, 2]; a = d3 through [i0, None, i2]
    a = Indexed(arrays["d3"], [arrays["i0"], None, arrays["i2"]])
    reads = {}
    for i in range(2):
        for j in range(3):
            for k in range(2):
                reads[i, j, k] = a.get(i, j, k)  # the distinct elements: no thread reads another's
    for (i, j, k), v in reads.items():
        same = [a.view(i).view(j).get(k), a.view(i, j).get(k), a.view(i).get(j, k)]
        assert all(s == v for s in same)
        arrays["out3"][i][j][k] = f32(v + v * 10.0 + v * 100.0 + v * 1000.0)
        a.set(2.0 * v + 1.0, i, j, k)
    plane = a.view(1)
    arrays["shp"] = [a.shape[0], a.shape[1], a.shape[2], a.shape[0],
                     plane.shape[0] * 10 + plane.shape[1], a.view(0, 1).shape[0]]

    # struct_and_func over dim 3
    vals = Indexed(arrays["vals"], [arrays["pick"]])
    out = Indexed(arrays["out"], [arrays["outidx"]])
    hist = Indexed(arrays["hist"], [arrays["histidx"]])
    mins = Indexed(arrays["mins"], [arrays["minidx"]])
    total = 0.0
    for i in range(vals.shape[0]):
        total = f32(total + vals.get(i))
    for i in range(3):
        out.set(f32(total * 0.5 + vals.get(i)), i)
        hist.set(hist.get(i) + 1, i)
        mins.set(min(mins.get(i), vals.get(i)), i)

    # components over dim 2: y[i].y = x[i]; y[i][2] += 1
    y = Indexed(arrays["vecs"], [arrays["vecidx"]], elem_depth=1)
    for i in range(2):
        v = y.get(i)
        v[1] = arrays["xs"][i]
        v[2] += 1.0

    # truth: a is None; b = d2 through [None, j1]
    b = Indexed(arrays["d2"], [None, arrays["j1"]])
    arrays["flags"] = [0, b.shape[0] * 10 + b.shape[1]]

    return {"ok": True, "outputs": {n: arrays[n] for n in spec["print"]}}


def grads(spec):
    """grad_loss: loss = sum_i 0.5 x[ix[i]]^2 + sin(y[iy[i], 1]) x[ix[i]] + y[iy[i], 0]^2."""
    arr = {n: d["data"] for n, d in spec["arrays"].items() if "data" in d}
    x, y, ix, iy = arr["x"], arr["y"], arr["ix"], arr["iy"]
    gx = [0.0] * len(x)
    gy = [[0.0] * len(r) for r in y]
    loss = 0.0
    for i in range(len(ix)):
        xi, r = x[ix[i]], y[iy[i]]
        loss += 0.5 * xi * xi + math.sin(r[1]) * xi + r[0] * r[0]
        gx[ix[i]] += xi + math.sin(r[1])
        gy[iy[i]][1] += math.cos(r[1]) * xi
        gy[iy[i]][0] += 2.0 * r[0]
    return {"ok": True, "outputs": {"loss": [loss], "grad_x": gx, "grad_y": gy}}


if __name__ == "__main__":
    if sys.argv[1] == "--grads":
        print(json.dumps(grads(json.load(open(sys.argv[2])))))
    elif sys.argv[1] == "--merge-grads":  # kdsl-run's grads of x and y as outputs
        r = json.load(open(sys.argv[2]))
        out = {"loss": r["outputs"]["loss"], "grad_x": r["grads"]["x"], "grad_y": r["grads"]["y"]}
        print(json.dumps({"ok": r["ok"], "outputs": out}))
    else:
        print(json.dumps(forward(json.load(open(sys.argv[1])))))
