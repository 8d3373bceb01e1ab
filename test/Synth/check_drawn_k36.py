"""check_drawn_k36.py DUMP: the input sets kdsl-synth score drew for record 36
(test/Synth/Inputs/score-drawn-k36.jsonl, a ray_sphere kernel: t = 65.8 for
a miss, else -b - sqrt(det)), computed here independently: every ray of the
record's spec (set 0) hits its sphere, ray 0 of drawn set 1 misses (so its
gradient with respect to ro is 0, the mutant's `v7 = 1.0f` in the miss
branch changes it), and set 1 keeps the inputs' domains (unit directions,
radii and the other components within the stored ranges, integers kept)."""
import json
import math
import sys

d = sys.argv[1]
sets = [json.load(open("%s/36-%d.json" % (d, k))) for k in range(4)]


def dets(spec):
    inp = spec["inputs"]
    out = []
    for p0, u, c, r in zip(inp["ro"]["data"], inp["dirs"]["data"], inp["center"]["data"],
                           inp["radius"]["data"]):
        oc = [a - b for a, b in zip(p0, c)]
        b = sum(x * y for x, y in zip(oc, u))
        out.append(b * b - (sum(x * x for x in oc) - r * r))
    return out


assert all(x > 0 for x in dets(sets[0])), dets(sets[0])
print("set 0: every ray hits")
assert dets(sets[1])[0] <= 0, dets(sets[1])
print("set 1: ray 0 misses")
# Set 1 draws exact zeros, set 2 in widened ranges, set 3 plainly
# (ScoreInputs.cpp, DrawKind).
for k, s in enumerate(sets[1:], 1):
    assert s["inputs"]["num_items"] == sets[0]["inputs"]["num_items"]
    assert all(abs(math.sqrt(sum(x * x for x in u)) - 1) < 2e-3 for u in s["inputs"]["dirs"]["data"])
    for name in ["ro", "center", "radius"]:
        old, new = sets[0]["inputs"][name]["data"], s["inputs"][name]["data"]
        comps = len(old[0]) if isinstance(old[0], list) else 1
        for c in range(comps):
            col = lambda v: [(e[c] if isinstance(e, list) else e) for e in v]
            lo, hi = min(col(old)), max(col(old))
            if k == 2:  # widened by half the width, a sign kept
                w = (hi - lo) / 2
                lo, hi = (max(0, lo - w) if lo >= 0 else lo - w), (min(0, hi + w) if hi <= 0 else hi + w)
            assert all(lo - 1e-3 <= x <= hi + 1e-3 for x in col(new)), (name, c, k)
            if k == 1 and lo <= 0 <= hi:
                assert 0 in col(new), (name, c)
        assert new != old
    if k == 2:
        assert any(not (min(col0) <= x <= max(col0)) for col0, x in
                   ((sets[0]["inputs"]["radius"]["data"], x) for x in s["inputs"]["radius"]["data"])) or \
            any(x < min(e[0] for e in sets[0]["inputs"]["ro"]["data"]) or
                x > max(e[0] for e in sets[0]["inputs"]["ro"]["data"])
                for x in (e[0] for e in s["inputs"]["ro"]["data"])), "set 2 stays in the stored ranges"
print("set 1: an exact 0 in every component whose stored range holds 0, values within the stored ranges")
print("set 2: values within the ranges widened by half their width, some outside the stored ones")
print("set 3: values within the stored ranges")
print("sets 1-3: unit directions")
