"""docs/synth.md's "Samples (two per category, as generated)" must be what
`kdsl-synth show --seed 11 --category C K` prints today (the `# spec:` line
left out). Usage: check_doc_samples.py KDSL_SYNTH DOCS_SYNTH_MD"""
import re
import subprocess
import sys

synth, doc = sys.argv[1], sys.argv[2]
text = open(doc, encoding="utf-8").read()
start = text.index("### Samples (two per category, as generated)")
section = text[start:text.index("\n## ", start)]
blocks = re.findall(r"```python\n(.*?)\n```", section, flags=re.S)
seen, bad = {}, 0
for block in blocks:
    category = re.match(r"# category: (\S+)", block).group(1)
    seen[category] = seen.get(category, 0) + 1
    shown = subprocess.run([synth, "show", "--seed", "11", "--category", category,
                            str(seen[category])], capture_output=True, text=True, check=True).stdout
    shown = "\n".join(l for l in shown.split("\n") if not l.startswith("# spec:")).rstrip("\n")
    if shown != block:
        bad += 1
        print(f"STALE: {category} sample {seen[category]}")
# The programs of several kernels: records of `generate -n 1000 --seed 11`
# (`show --seed 11 N` prints record N's program when its attempt 0 passed).
start = text.index("### Programs of several kernels, as generated")
section = text[start:text.index("\n## ", start)]
programs = 0
for block in re.findall(r"```python\n(.*?)\n```", section, flags=re.S):
    record = re.match(r"# record: (\d+)\n", block)
    shown = subprocess.run([synth, "show", "--seed", "11", record.group(1)], capture_output=True,
                           text=True, check=True).stdout
    shown = "\n".join(l for l in shown.split("\n") if not l.startswith("# spec:")).rstrip("\n")
    programs += shown.count("@wp.kernel") >= 2
    if shown != block[record.end():]:
        bad += 1
        print(f"STALE: record {record.group(1)}")
print(f"samples: {len(blocks)}, categories: {len(seen)}, programs of several kernels: {programs}, stale: {bad}")
sys.exit(1 if bad or programs != 2 or any(n != 2 for n in seen.values()) else 0)
