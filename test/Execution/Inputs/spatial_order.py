"""Query results must not depend on the order of a structure's items
(test/Execution/spatial-order.test, issue 31).

usage: spatial_order.py permute KIND SPEC SEED > PERMUTED.json
       spatial_order.py check KIND SPEC SEED ORIGINAL_OUT.json PERMUTED_OUT.json

KIND is the spec's structure:
  hash_grid  the points of examples/hash_grid.py's spec (x, v, groups) are
             shuffled: the grids sort them in another order, so every query
             visits its candidates in another order;
  bvh        the boxes of bvh_ref.py's spec (lo, hi, g) are shuffled within
             their residue class mod 3 (its `shift` kernel moves the boxes of
             index 0 mod 3): another tree;
  mesh       mesh_ref.py's spec: the faces are shuffled, each face's corners
             rotated cyclically (same orientation) and the points renumbered
             (P and V shuffled, I remapped): another tree, other barycentric
             coordinates for the same closest points.
`check` maps the permuted run's outputs back (per-item rows to the original
order, item indices through the permutation) and compares every output that
is a function of the query alone: counts, sums, closest distances and points,
signs, first hits; not outputs that name items by the spec's own numbering
(bvh xors/sums of box indices, mesh_get_point(mesh, k) of a face slot),
which the brute-force references check on the permuted spec instead. Floats
within rtol 1e-5, atol 1e-6 (a hash grid's sums add in another order);
integers exactly. Exits 1 on any difference.
"""
import json
import random
import sys


def perm_for(kind, n, seed):
    rnd = random.Random(seed)
    if kind == "bvh":
        p = list(range(n))
        for r in range(3):
            cls = list(range(r, n, 3))
            shuffled = cls[:]
            rnd.shuffle(shuffled)
            for a, b in zip(cls, shuffled):
                p[a] = b
        return p
    p = list(range(n))
    rnd.shuffle(p)
    return p


def permute(kind, spec, seed):
    arrays = spec["arrays"]

    def take(name, p):
        arrays[name]["data"] = [arrays[name]["data"][k] for k in p]

    if kind == "hash_grid":
        p = perm_for(kind, len(arrays["x"]["data"]), seed)
        for name in ("x", "v", "groups"):
            take(name, p)
    elif kind == "bvh":
        p = perm_for(kind, len(arrays["lo"]["data"]), seed)
        for name in ("lo", "hi", "g"):
            take(name, p)
    elif kind == "mesh":
        I = arrays["I"]["data"]
        faces = [I[3 * f:3 * f + 3] for f in range(len(I) // 3)]
        pf = perm_for(kind, len(faces), seed)
        pp = perm_for(kind, len(arrays["P"]["data"]), seed + 1)
        new_of = {old: new for new, old in enumerate(pp)}
        rot = random.Random(seed + 2)
        out = []
        for k in pf:
            a, b, c = (new_of[v] for v in faces[k])
            s = rot.randrange(3)
            out.extend([(a, b, c), (b, c, a), (c, a, b)][s])
        arrays["I"]["data"] = out
        take("P", pp)
        take("V", pp)
    else:
        raise SystemExit("unknown kind " + kind)
    return spec


# Per kind: outputs indexed by item (rows to restore), outputs holding item
# indices (values to map), outputs left out.
PER_ITEM = {"hash_grid": None}  # every hash_grid output is per point
INDEX_VALUED = {"hash_grid": {"best"}, "mesh": {"faces"}, "bvh": set()}
LEFT_OUT = {"hash_grid": set(), "bvh": {"x0", "s0", "rs", "x1", "s1"}, "mesh": {"corner", "cvel"}}


def close(a, b, path, errors):
    if isinstance(a, list):
        if not isinstance(b, list) or len(a) != len(b):
            errors.append("%s: shapes differ" % path)
            return
        for k, (x, y) in enumerate(zip(a, b)):
            close(x, y, "%s[%d]" % (path, k), errors)
    elif isinstance(a, int) and isinstance(b, int):
        if a != b:
            errors.append("%s: %r after the permutation, %r before" % (path, b, a))
    elif isinstance(a, float) or isinstance(b, float):
        if isinstance(a, str) or isinstance(b, str) or abs(a - b) > max(1e-6, 1e-5 * abs(a)):
            errors.append("%s: %r after the permutation, %r before" % (path, b, a))
    elif a != b:
        errors.append("%s: %r after the permutation, %r before" % (path, b, a))


def check(kind, spec, seed, original, permuted):
    if not original.get("ok") or not permuted.get("ok"):
        raise SystemExit("spatial_order: a run failed:\n%s\n%s" % (json.dumps(original)[:500], json.dumps(permuted)[:500]))
    arrays = spec["arrays"]
    if kind == "hash_grid":
        p = perm_for(kind, len(arrays["x"]["data"]), seed)
    elif kind == "bvh":
        p = perm_for(kind, len(arrays["lo"]["data"]), seed)
    else:
        p = perm_for(kind, len(arrays["I"]["data"]) // 3, seed)
    errors, checked = [], 0
    for name, before in original["outputs"].items():
        if name in LEFT_OUT[kind]:
            continue
        after = permuted["outputs"][name]
        if kind == "hash_grid":  # rows are points: row k of the permuted run is point p[k]
            restored = [None] * len(after)
            for k, row in enumerate(after):
                restored[p[k]] = row
            after = restored
        if name in INDEX_VALUED[kind]:
            after = [p[v] if v >= 0 else v for v in after]
        close(before, after, name, errors)
        checked += 1
    for e in errors[:20]:
        print(e)
    print("spatial_order %s: %d outputs compared, %d differences" % (kind, checked, len(errors)))
    return 1 if errors else 0


def main():
    mode, kind, spec_path, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    spec = json.load(open(spec_path))
    if mode == "permute":
        json.dump(permute(kind, spec, seed), sys.stdout)
        sys.stdout.write("\n")
        return 0
    if mode == "check":
        return check(kind, spec, seed, json.load(open(sys.argv[5])), json.load(open(sys.argv[6])))
    raise SystemExit("unknown mode " + mode)


if __name__ == "__main__":
    sys.exit(main())
