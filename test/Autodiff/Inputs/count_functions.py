"""count_functions.py FILE.cpp: the adj_* functions the emitted C++ / CUDA C
defines (name and count, sorted), then per backward kernel the adj_* functions
it calls (name and count)."""
import collections, re, sys

text = open(sys.argv[1]).read()
defs = collections.Counter(re.findall(r"^(?:\[\[maybe_unused\]\] )?static KDSL_FN \S+(?: \S+)* (adj_\w+)\(", text, re.M))
for name in sorted(defs):
    print(name, defs[name])
for m in re.finditer(r'^extern "C" (?:__global__ )?void (\w+?)_(?:cpu|cuda_kernel)_backward\(.*?^}', text, re.M | re.S):
    calls = collections.Counter(re.findall(r"\b(adj_\w+)\(", m.group(0)))
    print("calls in %s_backward: %s" % (m.group(1), ", ".join("%s %d" % (n, c) for n, c in sorted(calls.items()))))
