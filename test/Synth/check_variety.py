#!/usr/bin/env python3
"""Counts, in a dataset's records, the kinds of variety issue 16 point 1 asks for, read from
each record's float32 `source` (not from the generator): index arrays of wp.uint32, float64
input arrays loaded into a float32 kernel, files with two or more @wp.func, structs with a
struct-typed field (nested), and arrays of 1 to 4 dimensions. Also checks each such record's
spec: such an array has that dtype, and a uint32 array's data are whole numbers >= 0."""
import glob
import json
import re
import sys
from collections import Counter


def records(d):
    for f in sorted(glob.glob(d + "/shard-*.jsonl")):
        for line in open(f, encoding="utf-8"):
            yield json.loads(line)


def main():
    counts, ndims = Counter(), Counter()
    total, seen = 0, set()
    for r in records(sys.argv[1]):
        total += 1
        src = r["source"]
        params = re.search(r"^def " + re.escape(r["kernel_name"]) + r"\((.*)\):$", src, re.M).group(1)
        args = {a["name"]: a for a in r["spec"]["args"]}
        for name, dtype, key in [(n, "uint32", "uint32 index arrays")
                                 for n in re.findall(r"(\w+): wp\.array\(dtype=wp\.uint32\)", params)] + \
                                [(n, "float64", "float64 input arrays")
                                 for n in re.findall(r"(\w+): wp\.array\(dtype=wp\.float64\)", params)]:
            arg = args[name]
            if arg["dtype"] != dtype or (dtype == "uint32" and not all(x >= 0 and x == int(x) for x in arg["data"])):
                print(f"error: record {r['id']}: {name} is {arg['dtype']} with {arg['data']}")
                sys.exit(1)
            seen.add(key)
        for key in seen:
            counts[key] += 1
        seen.clear()
        if src.count("@wp.func") >= 2:
            counts["two or more @wp.func"] += 1
        structs = set(re.findall(r"^class (\w+):", src, re.M))
        fields = re.findall(r"^    \w+: (\w+)$", src, re.M)
        if any(t in structs for t in fields):
            counts["nested structs"] += 1
        for m in re.finditer(r"wp\.array(\dd)?\(", params):
            ndims[int(m.group(1)[0]) if m.group(1) else 1] += 1
    print(f"check_variety: {total} records")
    for key in ("uint32 index arrays", "float64 input arrays", "two or more @wp.func", "nested structs"):
        print(f"{key}: {counts[key]}")
    print("array dims: " + " ".join(f"{d}-D" for d in sorted(ndims)))


if __name__ == "__main__":
    main()
