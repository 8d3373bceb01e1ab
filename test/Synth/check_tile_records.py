"""check_tile_records.py DIR: every record of a `--categories tile` dataset is a
tile kernel as Warp's tile code is written, read from the record itself (not
from the generator): the source calls wp.tile_load and writes its result with
wp.tile_store or wp.tile_atomic_add; the spec launches it tiled (kdsl-run's
"tiled": true and a "block_dim", also in the record's typed spec); every
emitted text was compiled, run and matched; ptxas accepted the PTX. Prints
the records per motif and the tile builtins used."""
import collections
import glob
import json
import re
import sys

d = sys.argv[1]
motifs, builtins, n = collections.Counter(), collections.Counter(), 0
for path in sorted(glob.glob(f"{d}/shard-*.jsonl")):
    for line in open(path):
        r = json.loads(line)
        n += 1
        src, rid = r["source"], r["id"]
        assert r["category"] == "tile", rid
        assert "wp.tile_load(" in src, rid
        assert "wp.tile_store(" in src or "wp.tile_atomic_add(" in src, rid
        run = json.loads(r["kdsl_run_spec"])
        assert run.get("tiled") is True and run.get("block_dim") in (32, 64, 128), rid
        launch = r["spec"]["launches"][0]
        assert launch.get("tiled") is True and launch.get("block_dim") == run["block_dim"], rid
        v = r["validation"]
        for text, flags in v["execution"].items():
            assert all(flags.values()), f"record {rid}: {text} {flags}"
        assert v["ptxas"] is True, rid
        motifs[r["motif"]] += 1
        builtins.update(set(re.findall(r"wp\.(tile_\w+)\(", src)))
print(f"tile records: {n}")
print("motifs:", ", ".join(f"{m} {c}" for m, c in sorted(motifs.items())))
print("builtins:", ", ".join(sorted(builtins)))
