"""Checks each record's "difficulty" against the formula of docs/synth.md
(Difficulty), computed here from the record's source on its own, and prints
the count per level."""
import glob, json, re, sys

OPS = re.compile(r"wp\.[a-z_0-9]+\(|[-+*/%]")


def score(src):
    stmts = depth = cf = ops = funcs = 0
    in_def = False
    for line in src.split("\n"):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        ind = (len(line) - len(line.lstrip(" "))) // 4
        if ind == 0:
            in_def = s.startswith("def ")
            funcs += s == "@wp.func"
            continue
        if not in_def:
            continue
        stmts += 1
        depth = max(depth, ind - 1)
        if s.split()[0].rstrip(":") in ("if", "elif", "else", "for", "while", "break", "continue"):
            cf += 1
        ops += len(OPS.findall(s.split("#")[0]))
    return stmts + 3 * depth + 2 * cf + ops // 4 + 2 * funcs


def level(sc):
    for lv, hi in enumerate((10, 15, 19, 24), start=1):
        if sc <= hi:
            return lv
    return 5


counts = {}
bad = 0
for f in sorted(glob.glob(sys.argv[1] + "/shard-*.jsonl")):
    for line in open(f):
        r = json.loads(line)
        want = level(score(r["source"]))
        if r["difficulty"] != want:
            bad += 1
            print("record %d: difficulty %d, formula %d" % (r["id"], r["difficulty"], want))
        counts[want] = counts.get(want, 0) + 1
total = sum(counts.values())
print("check_difficulty: %d records, %d differ from the formula" % (total, bad))
for lv in range(1, 6):
    print("level %d: %d%%" % (lv, round(100 * counts.get(lv, 0) / max(total, 1))))
