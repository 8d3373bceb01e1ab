#!/usr/bin/env python3
"""check_language_categories.py DIR: every record of the random, spatial and
generic categories uses its category's feature the way Warp code does, read
from the record's float32 `source` (not from the generator):

- random: a per-thread or per-launch stream `wp.rand_init(...)` and a draw from
  it (randf, randn, randi, randu, sample_*, noise, pnoise, curlnoise);
- spatial: transforms or spatial vectors (wp.transform*, wp.spatial_*, or a
  wp.transform / wp.spatial_vector / wp.spatial_matrix array);
- generic: a @wp.func with a typing.Any parameter (and `from typing import
  Any`), or one name defined by two or more @wp.funcs (overloads).

Counts, per category, the records, the motifs, and the builtins and idioms
used (wp.static, wp.array(dtype=Any)). Exits 1 on a record without its
feature."""
import collections
import glob
import json
import re
import sys

RANDOM_DRAWS = re.compile(r"wp\.(randf|randn|randi|randu|sample_\w+|noise|pnoise|curlnoise|poisson)\(")
SPATIAL = re.compile(r"wp\.(transform\w*|spatial_\w+)\b")


def feature(category, src):
    if category == "random":
        return "wp.rand_init(" in src and RANDOM_DRAWS.search(src) is not None
    if category == "spatial":
        return SPATIAL.search(src) is not None
    if category == "generic":
        funcs = re.findall(r"@wp\.func\ndef (\w+)\(([^)]*)\)", src)
        generic = any(re.search(r":\s*Any\b|dtype=Any", params) for _, params in funcs)
        if generic and "from typing import Any" not in src:
            return False
        names = collections.Counter(name for name, _ in funcs)
        return generic or any(n > 1 for n in names.values())
    return True


def main():
    per = collections.Counter()
    motifs = collections.defaultdict(collections.Counter)
    uses = collections.defaultdict(collections.Counter)
    bad = 0
    for path in sorted(glob.glob(sys.argv[1] + "/shard-*.jsonl")):
        for line in open(path, encoding="utf-8"):
            r = json.loads(line)
            c, src = r["category"], r["source"]
            if c not in ("random", "spatial", "generic"):
                continue
            per[c] += 1
            motifs[c][r.get("motif") or "free"] += 1
            if not feature(c, src):
                bad += 1
                print(f"error: record {r['id']} ({c}) does not use its feature")
            for m in RANDOM_DRAWS.finditer(src):
                uses[c][m.group(1)] += 1
            for m in SPATIAL.finditer(src):
                uses[c][m.group(1)] += 1
            if "wp.static(" in src:
                uses[c]["wp.static"] += 1
            if re.search(r"\bAny\b", src):
                uses[c]["Any"] += 1
    for c in ("random", "spatial", "generic"):
        if per[c]:
            print(f"{c}: {per[c]} records, motifs: " +
                  ", ".join(f"{m} {n}" for m, n in sorted(motifs[c].items())))
            print(f"  uses: " + ", ".join(f"{u} {n}" for u, n in sorted(uses[c].items())))
    print(f"without their feature: {bad}")
    sys.exit(1 if bad else 0)


main()
