"""check_geometry_records.py DIR: every record of a `--categories geometry`
dataset queries a structure the host builds, read from the record itself (not
from the generator):

- the record's spec has objects (hash_grid, bvh, mesh, volume), each built from
  arrays that are values of the spec (kdsl_run_spec has the same objects, its
  arrays passed as "@name");
- the source calls a query builtin of each object's kind, whose first argument
  is a wp.uint64 parameter of the kernel that the launch binds to that object
  (an "@name" in kdsl_run_spec);
- every emitted text was compiled, run and matched; ptxas accepted the PTX;
  the gradient check passed and some gradient is nonzero;
- an SPH density record's outputs equal an all-pairs sum computed here (poly6,
  no grid), so the grid's query found every neighbour and no other: the
  reference is checked against brute force, not against kdsl.

Prints the records per motif, the query builtins used and the number of
densities checked by brute force."""
import collections
import glob
import json
import math
import re
import sys

QUERIES = {
    "hash_grid": ("hash_grid_query",),
    "mesh": ("mesh_query_ray", "mesh_query_point_no_sign"),
    "bvh": ("bvh_query_aabb",),
    "volume": ("volume_sample_f", "volume_world_to_index"),
}


def by_name(spec):
    return {a["name"]: a for a in spec["args"]}


def check_density(r, run, args, bound):
    """Brute force: rho_i = norm * sum_j m_j (h^2 - |x_i - x_j|^2)^3 over
    |x_i - x_j| < h, with the record's values (the kernel's own names read
    from its signature and the launch)."""
    grid = next(o for o in r["spec"]["objects"] if o["kind"] == "hash_grid")
    points = args[grid["build"]["points"]]
    x = [points["data"][k:k + 3] for k in range(0, len(points["data"]), 3)]
    n = len(x)
    h = grid["build"]["radius"]
    scalars = {p: args[v]["data"][0] for p, v in bound.items() if v in args and args[v]["kind"] == "scalar"}
    (out,) = [s["name"] for s in r["spec"]["backward_seeds"]]
    # The smoothing length equals the grid's cell width; the normalization is
    # the large constant; the mass a scalar or the other float array.
    hs = [p for p, v in scalars.items() if v == h]
    norm = max(v for v in scalars.values())
    arrays = [v for p, v in bound.items()
              if v in args and args[v]["kind"] == "array" and v not in (out, points["name"])]
    if arrays:
        mass = args[arrays[0]]["data"]
    else:
        rest = [v for p, v in scalars.items() if v not in (h, norm) and not float(v).is_integer()]
        mass = [rest[0]] * n
    assert hs, r["id"]
    ref = next(o["data"] for o in r["reference"]["outputs"] if o["name"] == out)
    for i in range(n):
        acc = 0.0
        for j in range(n):
            d2 = sum((x[i][k] - x[j][k]) ** 2 for k in range(3))
            if d2 < h * h:
                acc += mass[j] * (h * h - d2) ** 3
        want = norm * acc
        assert math.isclose(ref[i], want, rel_tol=1e-4, abs_tol=1e-3), (r["id"], i, ref[i], want)
    return n


def main():
    d = sys.argv[1]
    motifs, used, n, densities = collections.Counter(), collections.Counter(), 0, 0
    for path in sorted(glob.glob(f"{d}/shard-*.jsonl")):
        for line in open(path):
            r = json.loads(line)
            n += 1
            rid, src, spec = r["id"], r["source"], r["spec"]
            assert r["category"] == "geometry", rid
            objects = spec.get("objects")
            assert objects, f"record {rid}: no objects in the spec"
            run = json.loads(r["kdsl_run_spec"])
            assert sorted(run["objects"]) == [o["name"] for o in objects], rid
            args = by_name(spec)
            launch = spec["launches"][0]
            bound = {a["param"]: a["value"] for a in launch["args"]}
            run_args = run["launches"][0]["args"]
            sig = {a["name"]: a["type"] for a in r["signature"]}
            for o in objects:
                (kind_run,) = run["objects"][o["name"]].keys()
                assert kind_run == o["kind"], rid
                for field, v in o["build"].items():
                    if isinstance(v, str):
                        assert v in args and args[v]["kind"] == "array", (rid, o["name"], field)
                        assert run["objects"][o["name"]][o["kind"]][field] == "@" + v, rid
                # The kernel's parameter bound to the object, and a query on it.
                params = [p for p, v in bound.items() if v == o["name"]]
                assert len(params) == 1, (rid, o["name"], params)
                (param,) = params
                assert run_args[param] == "@" + o["name"], rid
                assert sig[param] == "i64", (rid, param, sig[param])
                assert re.search(rf"[(,] ?{param}: wp\.uint64[,)]", src), (rid, param)
                calls = [q for q in QUERIES[o["kind"]]
                         if re.search(rf"wp\.{q}\(\s*{param}\s*,", src)]
                assert calls, f"record {rid}: no {QUERIES[o['kind']]} on {param}"
                used.update(calls)
            v = r["validation"]
            for text, flags in v["execution"].items():
                assert all(flags.values()), f"record {rid}: {text} {flags}"
            assert v["ptxas"] is True, rid
            assert math.isfinite(v["gradcheck"]["rel_error"]), rid
            assert any(x != 0 for g in r["reference"]["grads"] for x in g["data"]), rid
            if r["motif"] == "sph_density":
                densities += check_density(r, run, args, bound)
            motifs[r["motif"]] += 1
    print(f"geometry records: {n}")
    print("motifs:", ", ".join(f"{m} {c}" for m, c in sorted(motifs.items())))
    print("queries:", ", ".join(sorted(used)))
    print(f"densities checked by brute force: {densities}")


main()
