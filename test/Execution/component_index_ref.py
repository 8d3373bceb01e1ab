"""Independent reference for Inputs/component_index.py (component_index.test).

Warp 1.16 indexes a vector, quaternion or matrix at run time as Python does:
an index in [-n, 0) counts from the end (index + n), for reads, stores and
in-place updates alike; a matrix's row and column indices each wrap by their
own extent. Plain Python lists; every value of the spec is exact in float32.
Nothing here comes from kdsl.

For the gradient spec (kernel `grads`, float64), the loss is evaluated here
and its gradient with respect to every component of x and m taken by central
differences of that Python loss.

usage: component_index_ref.py SPEC.json            expected outputs
       component_index_ref.py --merge-grads OUT.json  kdsl-run's OUT.json with
                                                    "grads" as "grad.NAME" outputs
"""
import copy
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from refcli import merge_grads  # noqa: E402


def at(i, n):
    assert -n <= i < n, "the spec keeps every index in range"
    return i + n if i < 0 else i


def vectors(arr):
    x = copy.deepcopy(arr["x"])
    read, stored, added = [], [], []
    for i, j in enumerate(arr["k"]):
        a = list(x[i])
        read.append(a[at(j, 3)] + 10.0 * a[at(i % 3 - 3, 3)])
        b = list(a)
        b[at(j, 3)] = 100.0 + i
        stored.append(b)
        c = list(a)
        c[at(j, 3)] += 1000.0
        c[at(j - 1, 3)] *= 2.0
        added.append(c)
        x[i][at(j, 3)] = -x[i][at(j, 3)]
    return {"x": x, "read": read, "stored": stored, "added": added}


def matrices(arr):
    row, elem, tail, out = [], [], [], []
    for i, (jr, jc) in enumerate(zip(arr["r"], arr["c"])):
        a = [list(r) for r in arr["m"][i]]
        r, c = at(jr, 2), at(jc, 3)
        row.append(a[r])
        elem.append(a[r][c] + 10.0 * a[r][c])
        tail.append(a[r][1:])
        b = [list(rr) for rr in a]
        b[r][c] = -1.0
        b[at(jr - 1, 2)] = [7.0 + b[at(jr - 1, 2)][0], 8.0 + b[at(jr - 1, 2)][1], 9.0 + b[at(jr - 1, 2)][2]]
        b[r][at(jc - 1, 3)] += 0.5
        out.append(b)
    return {"row": row, "elem": elem, "tail": tail, "mout": out}


def quaternions(arr):
    bodies = copy.deepcopy(arr["bodies"])
    read = []
    for i, j in enumerate(arr["qk"]):
        b = bodies[i]
        q, p = at(j, 4), at((j + 4) % 3 - 3, 3)  # j + 4 >= 0: C's % is Python's here
        read.append(b["rot"][q] + 10.0 * b["pos"][p])
        b["rot"][q] = 5.0
        b["pos"][p] -= 1.0
    return {"bodies": bodies, "qread": read}


def grads_loss(x, m, ks):
    loss = 0.0
    for i, j in enumerate(ks):
        a = list(x[i])
        s = a[at(j, 3)] * a[at(j - 1, 3)]
        a[at(j, 3)] = a[at(j, 3)] * 3.0
        b = [list(r) for r in m[i]]
        jr = (j + 2) % 2 - 1  # j + 2 >= 0: C's % is Python's here
        b[at(jr, 2)][at(j, 3)] = b[at(jr, 2)][at(j, 3)] * b[at(jr - 1, 2)][at(j - 1, 3)]
        t = b[at(jr, 2)]
        loss += (s + sum(c * c for c in a) + sum(p * q for p, q in zip(t, a)) +
                 b[at(jr - 1, 2)][at(j, 3)])
    return loss


def grads(spec):
    inputs = spec["inputs"]
    x, m, ks = inputs["x"]["data"], inputs["m"]["data"], inputs["k"]["data"]
    h = 1e-6

    def fd(bump):
        plus, minus = copy.deepcopy((x, m)), copy.deepcopy((x, m))
        bump(plus, h)
        bump(minus, -h)
        return (grads_loss(*plus, ks) - grads_loss(*minus, ks)) / (2 * h)

    def setter(which, path):
        def bump(xm, d):
            target = xm[which]
            for p in path[:-1]:
                target = target[p]
            target[path[-1]] += d
        return bump

    gx = [[fd(setter(0, (i, c))) for c in range(3)] for i in range(len(x))]
    gm = [[[fd(setter(1, (i, r, c))) for c in range(3)] for r in range(2)] for i in range(len(m))]
    return {"ok": True, "outputs": {"x": x, "m": m, "k": ks, "loss": [grads_loss(x, m, ks)],
                                    "grad.x": gx, "grad.m": gm, "grad.loss": [0.0]}}


def main():
    if sys.argv[1] == "--merge-grads":
        print(json.dumps(merge_grads(json.load(open(sys.argv[2])))))
        return
    spec = json.load(open(sys.argv[1]))
    if spec.get("kernel") == "grads":
        print(json.dumps(grads(spec)))
        return
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    out = dict(arr)
    out.update(vectors(arr))
    out.update(matrices(arr))
    out.update(quaternions(arr))
    print(json.dumps({"ok": True, "outputs": out}))


main()
