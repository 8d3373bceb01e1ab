"""Independent reference for Inputs/bitwise_vectors.py (bitwise_vectors.test).

Python integers masked to the element's width: uint32 (vec3ui, mat22ui),
uint64 (vec2ul), int32 (vec3i, arithmetic right shift). Every operator
applies per component; the atomics' final values do not depend on the order
the threads ran in. Nothing here comes from kdsl's output.

usage: bitwise_vectors_ref.py bitwise_vectors.spec.json
"""
import json
import sys

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1


def s32(v):
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def main():
    spec = json.load(open(sys.argv[1]))
    arr = {k: v.get("data") for k, v in spec["arrays"].items()}
    a, b, s = arr["a"], arr["b"], arr["s"]
    out, sout, mout = [], [], []
    for i in range(4):
        x, y = a[i], b[i]
        out.append([p & q for p, q in zip(x, y)])
        out.append([p | q for p, q in zip(x, y)])
        out.append([p ^ q for p, q in zip(x, y)])
        out.append([~p & M32 for p in x])
        out.append([(p << (i + 1)) & M32 for p in x])
        out.append([p >> 2 for p in x])
        sout.append([c >> 1 for c in s[i]])  # Python's >> is arithmetic
        sout.append([s32(~c) for c in s[i]])
        m = [x[0], x[1], y[0], y[1]]
        n = [1, 2, 3, 4]
        mout += [((p & ~q) ^ (p << q)) & M32 for p, q in zip(m, n)]
    acc = [list(r) for r in arr["acc"]]
    wide = [list(r) for r in arr["wide"]]
    macc = [[list(r) for r in mm] for mm in arr["macc"]]
    for i in range(4):
        bit = 1 << i
        acc[0] = [c | bit for c in acc[0]]
        acc[1] = [c & ~bit & M32 for c in acc[1]]
        acc[2] = [c ^ bit for c in acc[2]]
        acc[3] = [c | (bit << 4) for c in acc[3]]
        acc[4] = [c ^ bit for c in acc[4]]
        acc[5] = [c & ~bit & M32 for c in acc[5]]
        wide[0] = [(c | (1 << (40 + i))) & M64 for c in wide[0]]
        mbit = 1 << (2 * i)
        macc[0] = [[c | mbit for c in r] for r in macc[0]]
        macc[1] = [[c ^ mbit for c in r] for r in macc[1]]
    outputs = dict(arr)
    outputs.update(out=out, sout=sout, mout=mout, acc=acc, wide=wide, macc=macc)
    print(json.dumps({"ok": True, "outputs": outputs}))


main()
