"""check_count.py KDSL_SYNTH DIR N: `generate -n N` wrote N records, one per
index 0..N-1 (issue 16, point 9); the stats count every attempt (written +
rejected), and a record from a later attempt (its index's first sample failed
validation or duplicated another) is the program `kdsl-synth show --attempt A
ID` prints (the program of (seed, index, attempt))."""
import glob
import json
import subprocess
import sys

synth, d, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
manifest = json.load(open(f"{d}/manifest.json"))
records = [json.loads(l) for p in sorted(glob.glob(f"{d}/shard-*.jsonl")) for l in open(p)]
assert [r["id"] for r in records] == list(range(n)), [r["id"] for r in records]
assert manifest["samples"] == n and manifest["unfilled"] == 0, manifest["samples"]
stats = [json.load(open(p)) for p in sorted(glob.glob(f"{d}/shard-*.stats.json"))]
attempts = sum(s["attempts"] for s in stats)
rejected = sum(s["duplicates"] + sum(s["failures"].values()) for s in stats)
assert attempts == n + rejected, (attempts, rejected)
retried = [r for r in records if r["attempt"] > 0]
assert len(retried) <= rejected, (len(retried), rejected)
for r in retried:
    shown = subprocess.run([synth, "show", "--seed", str(r["seed"]), "--category", r["category"],
                            "--attempt", str(r["attempt"]), str(r["id"])],
                           capture_output=True, text=True, check=True).stdout
    assert r["source"] in shown, r["id"]
print(f"check_count: {n} records, {rejected} rejected attempts, {len(retried)} records from a "
      f"later attempt")
