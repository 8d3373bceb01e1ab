"""check_break.py CLEAN BROKEN LANG: the execution check catches a broken
operator (KDSL_SYNTH_TEST_BREAK=LANG: every float `+` of attempt 0's forward
text becomes `-`) in every sample that has one.

CLEAN is the same generate run without the switch. A sample "uses" the
operator when its clean record is attempt 0 and its LANG forward text has a
float addition (`const float vN = a + b;`) in the program's own code: the
kernel and its @wp.funcs, not the functions of builtins written in the Warp
language (kdsl's prelude, symbols `wp_<name>`), whose additions a spec may
not reach or may leave without effect (wp.randf(state, 0.0, h)'s `+ low`).
Each of those must have a failed attempt 0 in BROKEN whose detail says the
run differs from the JIT reference, and no record written in BROKEN may hold
a broken line in the program's own code.
"""
import glob
import json
import re
import sys

clean, broken, lang = sys.argv[1:4]
add = re.compile(r"^\s*const float v\w* = [\w\[\]]+ \+ ")
marker = re.compile(r"^\s*const float v\w* = [\w\[\]]+ -  ")


def records(d, pattern):
    for f in sorted(glob.glob(f"{d}/{pattern}")):
        for line in open(f):
            yield json.loads(line)


header = re.compile(r"^\S.*?\b(\w+)\(.*\{$")


def own_lines(text):
    """The lines of `text` outside the prelude's functions (wp_<name>)."""
    prelude = False
    for l in text.split("\n"):
        m = header.match(l)
        if m:
            prelude = m.group(1).startswith("wp_")
        if not prelude:
            yield l


def has(text, pat):
    return any(pat.match(l) for l in own_lines(text))


uses = {r["id"] for r in records(clean, "shard-*.jsonl")
        if r["attempt"] == 0 and has(r[f"{lang}_forward"], add)}
want = "the C++ run differs" if lang == "cpp" else "the CUDA C (host emulation) run differs"
caught = {r["id"] for r in records(broken, "failed-*.jsonl")
          if r["attempt"] == 0 and r["failure"] == f"clang_{lang}" and r["detail"].startswith(want)}
escaped = [r["id"] for r in records(broken, "shard-*.jsonl")
           if any(has(r.get(k, ""), marker) for k in (f"{lang}_forward", f"{lang}_backward"))]
missed = sorted(uses - caught)
if missed or escaped:
    print(f"check_break: {lang}: missed {missed}, written with a broken line {escaped}")
    sys.exit(1)
print(f"check_break: {lang}: {len(uses)} samples use a float +, {len(uses & caught)} caught, "
      f"0 written broken")
