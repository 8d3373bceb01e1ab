"""multi_kernel_candidates.py DATASET OUT: for the first record of several
kernels whose last kernel's C++ and CUDA C forward have a float operation,
candidates as kdsl-synth score reads them: the record's own four texts
(correct), its forward with one operation of the last kernel's body broken
(`a + b` -> `a - b`, or `a * b` -> `a + b`) in C++ and in CUDA C, its C++
forward without the last kernel, and its C++ backward with the last
kernel's adjoint broken. Checks the record first: a spec with a `launches`
list of two or more, every kernel's entry points in every text. Prints the
record's id, motif and kernels."""
import glob, json, re, sys

recs = [json.loads(l) for f in sorted(glob.glob(sys.argv[1] + "/shard-*.jsonl")) for l in open(f)]
op = re.compile(r"^(\s*const float v\w* = [\w\[\]]+) ([+*]) ", re.M)


def kernels(r):
    out = []
    for l in r["spec"]["launches"]:
        if l["kernel"] not in out:
            out.append(l["kernel"])
    return out


def last_part(text, marker):
    """(head, tail): tail starts at the last kernel's `// kernel NAME` line."""
    at = text.rindex("// kernel " + marker)
    return text[:at], text[at:]


def broken(text, name):
    head, tail = last_part(text, name)
    m = op.search(tail)
    assert m, "no float operation in kernel " + name
    new = m.group(1) + (" - " if m.group(2) == "+" else " + ")
    return head + tail[:m.start()] + new + tail[m.end():]


def fits(r):
    ks = kernels(r)
    if len(ks) < 2:
        return False
    try:
        for t in ("cpp_forward", "cuda_forward", "cpp_backward"):
            name = ks[-1] + ("_backward" if t.endswith("backward") else "")
            broken(r[t], name + ":")
    except (AssertionError, ValueError):
        return False
    return True


r = next(r for r in recs if fits(r))
ks = kernels(r)
assert len(r["spec"]["launches"]) >= 2
for k in ks:
    for t, sym in (("cpp_forward", "_cpu_forward"), ("cpp_backward", "_cpu_backward"),
                   ("cuda_forward", "_cuda_kernel_forward"), ("cuda_backward", "_cuda_kernel_backward")):
        assert 'void %s%s(' % (k, sym) in r[t], (k, t)
last = ks[-1]
cands = [
    ("correct", "cpp_forward", r["cpp_forward"]),
    ("correct", "cpp_backward", r["cpp_backward"]),
    ("correct", "cuda_forward", r["cuda_forward"]),
    ("correct", "cuda_backward", r["cuda_backward"]),
    ("last-kernel-broken", "cpp_forward", broken(r["cpp_forward"], last + ":")),
    ("last-kernel-broken", "cuda_forward", broken(r["cuda_forward"], last + ":")),
    ("last-kernel-missing", "cpp_forward", last_part(r["cpp_forward"], last + ":")[0]),
    ("last-adjoint-broken", "cpp_backward", broken(r["cpp_backward"], last + "_backward:")),
]
with open(sys.argv[2], "w") as out:
    for kind, target, text in cands:
        out.write(json.dumps({"id": r["id"], "target": target, "text": text, "kind": kind}) + "\n")
print("record", r["id"], r["motif"], "kernels", len(ks), "launches", len(r["spec"]["launches"]))
