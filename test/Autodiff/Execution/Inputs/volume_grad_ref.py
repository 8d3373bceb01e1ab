"""Spec and float64 reference for volume_grad.test.

`volume_grad_ref.py spec` prints the spec: a dense 6x5x9 float32 volume
(voxel size 0.5, min_world (1, -1, 0.5)) and points whose index-space
coordinates stay 0.2 to 0.8 of a voxel away from every voxel plane (the
trilinear sum has kinks there). `volume_grad_ref.py expect SPEC` prints the
loss's gradient with respect to the points: central differences (step 1e-6)
in float64 of the loss computed in Python from the dense array (trilinear
interpolation, its gradient in index space), no kdsl.
"""
import json
import math
import random
import struct
import sys

SHAPE, VS, T = (6, 5, 9), 0.5, [1.0, -1.0, 0.5]


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def spec():
    rng = random.Random(5)
    data = [[[f32(rng.uniform(-2, 2)) for _ in range(SHAPE[2])] for _ in range(SHAPE[1])] for _ in range(SHAPE[0])]
    pts = []
    for _ in range(8):
        u = [rng.randint(0, SHAPE[d] - 2) + rng.uniform(0.2, 0.8) for d in range(3)]
        pts.append([f32(T[d] + VS * u[d]) for d in range(3)])
    return {
        "arrays": {"a": {"data": data}, "pts": {"data": pts, "dtype": "vec3f", "requires_grad": True},
                   "loss": {"zeros": [1], "requires_grad": True}},
        "objects": {"v": {"volume": {"data": "@a", "voxel_size": VS, "min_world": T, "background": 0.25}}},
        "launches": [{"kernel": "field", "dim": len(pts), "args": {"v": "@v", "pts": "@pts", "loss": "@loss"}}],
        "backward": {"loss": "loss"},
    }


def loss(data, p):
    u = [(p[d] - T[d]) / VS for d in range(3)]
    f = [math.floor(c) for c in u]
    t = [u[d] - f[d] for d in range(3)]
    s, g = 0.0, [0.0] * 3
    for n in range(8):
        o = (n >> 2, (n >> 1) & 1, n & 1)
        w = [t[d] if o[d] else 1 - t[d] for d in range(3)]
        sg = [2 * o[d] - 1 for d in range(3)]
        v = data[f[0] + o[0]][f[1] + o[1]][f[2] + o[2]]
        s += w[0] * w[1] * w[2] * v
        g = [g[0] + v * sg[0] * w[1] * w[2], g[1] + v * sg[1] * w[0] * w[2], g[2] + v * sg[2] * w[0] * w[1]]
    return s * s + 0.5 * s + 0.3 * g[0] - 0.2 * g[1] + 0.1 * g[2]


def expect(sp):
    data, h = sp["arrays"]["a"]["data"], 1e-6
    grads = []
    for p in sp["arrays"]["pts"]["data"]:
        gr = []
        for d in range(3):
            a, b = list(p), list(p)
            a[d] += h
            b[d] -= h
            gr.append((loss(data, a) - loss(data, b)) / (2 * h))
        grads.append(gr)
    return grads


if __name__ == "__main__":
    if sys.argv[1] == "spec":
        print(json.dumps(spec()))
    else:
        with open(sys.argv[2]) as f:
            print(json.dumps(expect(json.load(f))))
