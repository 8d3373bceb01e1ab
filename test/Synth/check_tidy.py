"""The free generator's programs with tidied parentheses (kdsl-synth show)
against the same programs as composed (--raw-expressions): where the texts
differ, kdsl-translate must give the same MLIR for both (the same parse, so
the same program), and the tidy text keeps no parentheses around a lone name
or number. Usage: check_tidy.py SYNTH TRANSLATE TMPDIR"""
import os, re, subprocess, sys

synth, translate, tmp = sys.argv[1:4]
os.makedirs(tmp, exist_ok=True)
# Most programs come from motifs, written as people write them; about one in
# ten is the free generator's.
categories = ["math", "vector", "quaternion", "combined", "random", "generic"]


def source(cat, i, raw):
    args = [synth, "show", "--seed", "29", "--category", cat, str(i)]
    out = subprocess.run(args + (["--raw-expressions"] if raw else []), check=True,
                         capture_output=True, text=True).stdout
    return "".join(l + "\n" for l in out.splitlines() if not l.startswith("# "))


def mlir(text, name):
    path = os.path.join(tmp, name + ".py")
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([translate, "--emit=mlir", path], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{name}: kdsl-translate failed: {r.stderr}")
    return r.stdout


lone = re.compile(r"(?<![\w.\])])\((?:[A-Za-z_]\w*|\d[\d.]*)\)")
changed = 0
for cat in categories:
    for i in range(30):
        tidy, raw = source(cat, i, False), source(cat, i, True)
        if lone.search(tidy):
            sys.exit(f"{cat} {i}: a lone name in parentheses: {lone.search(tidy).group(0)}")
        if tidy == raw:
            continue
        changed += 1
        if mlir(tidy, f"{cat}{i}") != mlir(raw, f"{cat}{i}-raw"):
            sys.exit(f"{cat} {i}: the tidy text is another program\n{tidy}\n{raw}")
print(f"changed: {changed}, every one the same program")
