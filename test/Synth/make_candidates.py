"""make_candidates.py DATASET OUT: one candidate of each kind for the first
record with a float addition in its cpp_forward (and its CUDA C), written as
kdsl-synth score reads them; prints the record id."""
import glob, json, re, sys

recs = [json.loads(l) for f in sorted(glob.glob(sys.argv[1] + "/shard-*.jsonl")) for l in open(f)]
add = re.compile(r"^(\s*const float v\w* = [\w\[\]]+) \+ ", re.M)
r = next(r for r in recs if add.search(r["cpp_forward"]) and add.search(r["cuda_forward"]))
fwd, cfwd, bwd = r["cpp_forward"], r["cuda_forward"], r["cpp_backward"]
loop = "for (int64_t thread = begin; thread < end; ++thread) {"
assert loop in fwd


def inject(code):  # runs in every thread, before the kernel's own code
    return fwd.replace(loop, loop + "\n    " + code, 1)


cands = [
    ("correct", "cpp_forward", fwd),
    ("correct", "cpp_backward", bwd),
    ("correct", "cuda_forward", cfwd),
    ("correct", "cuda_backward", r["cuda_backward"]),
    ("wrong", "cpp_forward", add.sub(r"\1 - ", fwd, count=1)),
    ("wrong", "cuda_forward", add.sub(r"\1 - ", cfwd, count=1)),
    ("non-compiling", "cpp_forward", fwd.replace("{", "{ undeclared_thing();", 1)),
    ("crashing", "cpp_forward", inject("*(volatile int *)16 = 1;")),
    ("hanging", "cpp_forward", inject("for (volatile int spin = 0;; spin = spin + 1) {}")),
    ("memory-hungry", "cpp_forward",
     inject("{ char *big = new char[(size_t)1 << 36]; for (size_t k = 0; k < ((size_t)1 << 36); k += 4096) big[k] = 1; }")),
    ("file-writing", "cpp_forward", inject("{ FILE *f = fopen(\"/tmp/kdsl-score-escape\", \"w\"); if (f) { fputs(\"x\", f); fclose(f); } }")),
    ("process-spawning", "cpp_forward",
     "extern \"C\" int fork();\n" + inject("for (int n = 0; n < 3; ++n) (void)fork();")),
    ("system", "cpp_forward",
     "extern \"C\" int system(const char *);\n" + inject("(void)system(\"touch /tmp/kdsl-score-escape\");")),
]
with open(sys.argv[2], "w") as out:
    for kind, target, text in cands:
        out.write(json.dumps({"id": r["id"], "target": target, "text": text, "kind": kind}) + "\n")
print(r["id"])
