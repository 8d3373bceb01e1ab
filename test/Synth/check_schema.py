"""check_schema.py SCHEMA DIR [--cxx CXX] [--run KDSL_RUN]: the records of a
kdsl-synth dataset against docs/synth-record.schema.json (issue 16, point 5).

- every record validates against the schema (a validator for the subset the
  schema uses: type, properties, required, items, enum, additionalProperties,
  $ref to #/$defs; "number" must be written as a float: 1.0, not 1);
- every field (path, list items as []) has one JSON type across all records
  (int and float count as different types, as in Arrow's inference);
- spec: dims are lists, len(data) = prod(shape) * scalars of dtype, the
  reference's data have the spec's sizes, and some gradient is nonzero;
- validation.gradcheck: abs_error = |analytic - numeric| and it passes
  abs_error <= rtol * max(|analytic|, |numeric|) + atol with the stored
  tolerances;
- split = xxh3 content_hash mod 100 (< 90 train, < 95 validation, else test),
  and manifest.json's split counts add up; shard sizes equal the manifest's;
- with --cxx: prelude + cpp_types + cpp_forward + cpp_backward of every record
  compiles (each record in a namespace of its own; records whose kernels share a name, whose
  extern "C" entry points would clash, in different units);
- with --run: kdsl_run_spec runs on the source and gives the reference
  (flattened here) for a few records of each kind.
"""
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile


def jtype(v):
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "float"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    return "null"


def validate(v, s, root, path, errors):
    if "$ref" in s:
        name = s["$ref"].split("/")[-1]
        s = root["$defs"][name]
    t = s.get("type")
    actual = jtype(v)
    # "type" is one JSON type or a list of them (["string", "null"]).
    ok = any({"number": actual == "float", "integer": actual == "integer"}.get(x, actual == x)
             for x in (t if isinstance(t, list) else [t])) if t else True
    if not ok:
        errors.append(f"{path}: {actual}, the schema says {t}")
        return
    if "enum" in s and v not in s["enum"]:
        errors.append(f"{path}: {v!r} not in {s['enum']}")
    if actual == "object":
        props = s.get("properties", {})
        for k in s.get("required", []):
            if k not in v:
                errors.append(f"{path}: lacks {k}")
        for k, x in v.items():
            if k in props:
                validate(x, props[k], root, f"{path}.{k}", errors)
            elif s.get("additionalProperties", True) is False:
                errors.append(f"{path}: unexpected key {k}")
    if actual == "array" and len(v) < s.get("minItems", 0):
        errors.append(f"{path}: {len(v)} items, the schema says at least {s['minItems']}")
    if actual == "array" and "items" in s:
        for i, x in enumerate(v):
            validate(x, s["items"], root, f"{path}[{i}]", errors)


def types_of(v, path, out):
    out.setdefault(path, set()).add(jtype(v))
    if isinstance(v, dict):
        for k, x in v.items():
            types_of(x, f"{path}.{k}", out)
    elif isinstance(v, list):
        for x in v:
            types_of(x, f"{path}[]", out)


def struct_layouts(source):
    """The @wp.struct classes of a source: name -> [(field, annotation)]. A
    struct's field may be another struct, which the spec's "fields" name by
    dtype only (its own fields are in the source)."""
    layouts, cur = {}, None
    for line in source.splitlines():
        m = re.match(r"class (\w+):", line)
        if m:
            cur = layouts.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s+(\w+)\s*:\s*(\S+)\s*$", line)
        if cur is not None and m:
            cur.append((m.group(1), m.group(2)))
        elif line.strip():
            cur = None
    return layouts


def scalars(dtype, fields, layouts=None):
    layouts = layouts or {}
    if fields:
        return sum(scalars(f["dtype"], [], layouts) for f in fields)
    name = dtype.split(".")[-1]
    if name in layouts:
        return sum(scalars(t, [], layouts) for _, t in layouts[name])
    if name.startswith("vec"):
        return int(name[3:].rstrip("fdh"))
    if name.startswith("mat"):
        return int(name[3]) * int(name[4])
    if name.startswith("quat"):
        return 4
    # Warp's transform (p, q), spatial vector and spatial matrix.
    if name.startswith("transform"):
        return 7
    if name.startswith("spatial_vector"):
        return 6
    if name.startswith("spatial_matrix"):
        return 36
    return 1


def flat(v):
    if isinstance(v, list):
        return [y for x in v for y in flat(x)]
    if isinstance(v, dict):
        raise ValueError("struct values: flattened with the fields' order")
    return [float(v)]


def flat_struct(v, fields, layouts):
    if isinstance(v, list):
        return [y for x in v for y in flat_struct(x, fields, layouts)]
    out = []
    for f in fields:
        name = f["dtype"].split(".")[-1]
        if name in layouts:  # a nested struct: by its fields in the source
            nested = [{"name": n, "dtype": t} for n, t in layouts[name]]
            out += flat_struct(v[f["name"]], nested, layouts)
        else:
            out += flat(v[f["name"]])
    return out


def main():
    schema_path, d = sys.argv[1], sys.argv[2]
    args = sys.argv[3:]
    cxx = args[args.index("--cxx") + 1] if "--cxx" in args else None
    kdsl_run = args[args.index("--run") + 1] if "--run" in args else None
    schema = json.load(open(schema_path))
    manifest = json.load(open(os.path.join(d, "manifest.json")))
    records, errors, types = [], [], {}
    for entry in manifest["shards"]:
        path = os.path.join(d, entry["file"])
        assert os.path.getsize(path) == entry["bytes"], (path, entry)
        for line in open(path):
            r = json.loads(line)
            records.append(r)
            validate(r, schema, schema, f"record {r.get('id')}", errors)
            types_of(r, "", types)
    assert not errors, "\n".join(errors[:20])
    # null is a missing value to Arrow and pandas, in a column of any type;
    # where it may appear, the schema says (validate above).
    mixed = {p: sorted(t) for p, t in types.items() if len(t - {"null"}) > 1}
    assert not mixed, f"fields with several JSON types: {mixed}"

    splits = {"train": 0, "validation": 0, "test": 0}
    for r in records:
        spec = r["spec"]
        assert spec["kernel"] == r["kernel_name"] == spec["launches"][0]["kernel"], r["id"]
        assert spec["dim"] and all(isinstance(x, int) for x in spec["dim"]), r["id"]
        assert spec["dim"] == spec["launches"][0]["dim"], r["id"]
        names = {a["name"] for a in spec["args"]} | {o["name"] for o in spec.get("objects", [])}
        for l in spec["launches"]:
            assert all(a["value"] in names for a in l["args"]), (r["id"], l)
            assert all(f"void {l['kernel']}_cpu_forward(" in r["cpp_forward"] for l in spec["launches"]), r["id"]
        sizes = {}
        for a in spec["args"]:
            n = math.prod(a["shape"]) * scalars(a["dtype"], a["fields"], struct_layouts(r["source"]))
            assert len(a["data"]) == n, (r["id"], a["name"], len(a["data"]), n)
            assert (a["kind"] == "scalar") == (a["shape"] == []), (r["id"], a["name"])
            sizes[a["name"]] = n
        for part in ("outputs", "grads"):
            for v in r["reference"][part]:
                assert len(v["data"]) == sizes[v["name"]], (r["id"], part, v["name"])
        for v in spec["backward_seeds"]:
            assert len(v["data"]) == sizes[v["name"]], (r["id"], "seed", v["name"])
        assert any(x != 0 for g in r["reference"]["grads"] for x in g["data"]), \
            f"record {r['id']}: every gradient is zero"
        g = r["validation"]["gradcheck"]
        diff = abs(g["analytic"] - g["numeric"])
        assert math.isclose(g["abs_error"], diff, rel_tol=1e-12, abs_tol=1e-300), (r["id"], g)
        bound = g["rtol"] * max(abs(g["analytic"]), abs(g["numeric"])) + g["atol"]
        assert diff <= bound, (r["id"], g)
        bucket = int(r["content_hash"], 16) % 100
        split = "train" if bucket < 90 else "validation" if bucket < 95 else "test"
        assert r["split"] == split, (r["id"], r["split"], split)
        splits[split] += 1
    for k, n in splits.items():
        assert manifest["splits"][k] == n, (k, manifest["splits"][k], n)
    assert manifest["samples"] == len(records), (manifest["samples"], len(records))

    if cxx:
        # Records may name their kernels alike (two `integrate_particles`), and the extern "C"
        # entry points of one name cannot share a unit: each unit holds each name once.
        units = []
        for r in records:
            kernels = {l["kernel"] for l in r["spec"]["launches"]}
            unit = next((u for u in units if not (kernels & u[0])), None)
            if unit is None:
                unit = (set(), [])
                units.append(unit)
            unit[0].update(kernels)
            unit[1].append(r)
        for names, members in units:
            text = manifest["cpp_prelude"] + "\n"
            for r in members:
                text += f"namespace record_{r['id']} {{\n{r['cpp_types']}\n{r['cpp_forward']}\n{r['cpp_backward']}\n}}\n"
            with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
                f.write(text)
            res = subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-w", f.name],
                                 capture_output=True, text=True)
            os.unlink(f.name)
            assert res.returncode == 0, res.stderr[:3000]
        print(f"check_schema: {len(records)} records compile in {len(units)} units with {os.path.basename(cxx)} "
              f"({sum(1 for r in records if r['cpp_types'])} with struct types)")

    if kdsl_run:
        ran, seen = 0, set()
        for r in records:
            kind = (r["category"], bool(r["cpp_types"]), len(r["spec"]["launches"]) > 1)
            if kind in seen:
                continue
            seen.add(kind)
            with tempfile.TemporaryDirectory() as t:
                open(f"{t}/k.py", "w").write(r["source"])
                open(f"{t}/k.json", "w").write(r["kdsl_run_spec"])
                res = subprocess.run([kdsl_run, f"{t}/k.py", f"{t}/k.json", "--threads", "1"], capture_output=True,
                                     text=True)
            assert res.returncode == 0, (r["id"], res.stdout[:500], res.stderr[:500])
            out = json.loads(res.stdout)
            fields = {a["name"]: a["fields"] for a in r["spec"]["args"]}
            for part, key in (("outputs", "outputs"), ("grads", "grads")):
                for v in r["reference"][part]:
                    got = out[key][v["name"]]
                    got = (flat_struct(got, fields[v["name"]], struct_layouts(r["source"]))
                           if fields[v["name"]] else flat(got))
                    assert got == v["data"], (r["id"], part, v["name"], got[:4], v["data"][:4])
            ran += 1
        print(f"check_schema: kdsl_run_spec reproduces the reference of {ran} records")

    motifs = [r["motif"] for r in records if r["motif"] is not None]
    assert all(motifs), "an empty motif name"
    print(f"check_schema: {len(motifs)} records from {len(set(motifs))} motifs, "
          f"{len(records) - len(motifs)} from the free generator")
    print(f"check_schema: {len(records)} records, {len(types)} fields, one JSON type each; "
          f"splits {splits}")


main()
