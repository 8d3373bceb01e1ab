"""Shared helpers of the brute-force references of test/WarpCorpus.

Standard library only. Scalars are Python floats; f32() rounds one to float32
(the kernels' float type), so a reference can round where the kernel's result
is stored or where a float32 operation decides something (a cell index, a
threshold). Nothing here comes from kdsl or from Warp's code.
"""
import json
import math
import struct
import sys

_F = struct.Struct("<f")


def f32(x):
    return _F.unpack(_F.pack(x))[0]


def v32(v):
    return [f32(c) for c in v]


def load_spec(path):
    spec = json.load(open(path))
    arrays = {}
    for name, desc in spec["arrays"].items():
        if "data" in desc:
            arrays[name] = [v32(p) if isinstance(p, list) else f32(p) for p in desc["data"]]
        elif "zeros" in desc:
            n = desc["zeros"][0]
            arrays[name] = [[0.0, 0.0, 0.0] for _ in range(n)] if desc["dtype"].startswith("vec3") else [0.0] * n
        elif "full" in desc:
            arrays[name] = [v32(desc["value"]) for _ in range(desc["full"][0])]
        else:
            raise SystemExit("refcommon: unsupported descriptor for " + name)
    return spec, arrays


def arg(arrays, value):
    """A launch argument: "@name" is the named array, else the value."""
    if isinstance(value, str) and value.startswith("@"):
        return arrays.get(value[1:], value)  # an object ("@grid") stays its name
    return value


def emit(spec, arrays):
    print(json.dumps({"ok": True, "outputs": {n: arrays[n] for n in spec["print"]}, "grads": {}}))


def fail(msg):
    sys.stderr.write("reference: " + msg + "\n")
    sys.exit(1)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def norm(a):
    return math.sqrt(dot(a, a))
