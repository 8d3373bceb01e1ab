"""check_dedup.py FULL DEDUP MERGE_JSON: DEDUP is `kdsl-synth merge --dedup`
of FULL's parts. Every record of DEDUP is FULL's record of the same id,
byte for byte, in the same shard; each shard's stats file moves the records
it lost from "written" to "unfilled" and "duplicates" (and "merge_dropped"),
its per_category and per_split lose them, and manifest.json's
"merge_dropped" is the merge's "dropped"."""
import glob
import json
import os
import sys

full, dedup, merge = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
total = 0
for path in sorted(glob.glob(f"{full}/shard-*.jsonl")):
    name = os.path.basename(path)
    before = open(path).read().splitlines()
    after = open(f"{dedup}/{name}").read().splitlines()
    assert set(after) <= set(before), name
    assert after == [l for l in before if l in set(after)], f"{name}: order changed"
    lost = [json.loads(l) for l in before if l not in set(after)]
    s0 = json.load(open(path.replace(".jsonl", ".stats.json")))
    s1 = json.load(open(f"{dedup}/{name}".replace(".jsonl", ".stats.json")))
    n = len(lost)
    assert s1["written"] == s0["written"] - n == len(after), name
    assert s1["unfilled"] == s0["unfilled"] + n and s1["duplicates"] == s0["duplicates"] + n, name
    assert s1.get("merge_dropped", 0) == n, name
    for key, field in (("per_category", "category"), ("per_split", "split")):
        want = dict(s0[key])
        for r in lost:
            want[r[field]] -= 1
        assert s1[key] == {k: v for k, v in want.items() if v}, (name, key)
    total += n
manifest = json.load(open(f"{dedup}/manifest.json"))
assert total == merge["dropped"] == manifest["merge_dropped"], (total, merge, manifest.get("merge_dropped"))
assert manifest["samples"] == merge["records"]
print(f"check_dedup: {total} dropped")
