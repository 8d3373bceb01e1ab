"""bad_record.py KIND SRC DST: DST is a one-record dataset made from the first
suitable record of SRC, damaged as KIND says, for check_schema.py to reject:
  int-atol      validation.gradcheck.atol written as the integer 1;
  struct-twice  a record with struct types whose cpp_forward repeats them
                (what records were before cpp_types: not one unit)."""
import glob
import json
import os
import shutil
import sys

kind, src, dst = sys.argv[1:]
os.makedirs(dst, exist_ok=True)
for name in ("run.json", "shard-00000.stats.json"):
    shutil.copy(os.path.join(src, name), dst)
line = None
for path in sorted(glob.glob(f"{src}/shard-*.jsonl")):
    for l in open(path):
        r = json.loads(l)
        if kind == "int-atol":
            line = l.replace('"atol":1e-08', '"atol":1', 1)
        elif r["cpp_types"]:
            r["cpp_forward"] = r["cpp_types"] + r["cpp_forward"]
            line = json.dumps(r) + "\n"
        if line:
            break
    if line:
        break
assert line and line != l if kind == "int-atol" else line, kind
with open(f"{dst}/shard-00000.jsonl", "w") as f:
    f.write(line)
m = json.load(open(f"{src}/manifest.json"))
m["shards"] = [dict(m["shards"][0], bytes=len(line.encode()))]
m["samples"] = 1
r = json.loads(line)
m["splits"] = {k: int(r["split"] == k) for k in ("train", "validation", "test")}
json.dump(m, open(f"{dst}/manifest.json", "w"))
