#!/usr/bin/env python3
"""Reads a kdsl GPU bundle (docs/gpu-suite.md) written by `kdsl-run --write-bundle DIR`.

    read_bundle.py DIR                  # summary of DIR/bundle.bin as JSON
    read_bundle.py DIR --check RESULT   # also: DIR/expected.bin must hold the
                                        # outputs of kdsl-run's RESULT JSON
    read_bundle.py DIR --objects SPEC   # also: the bundle's objects are the
                                        # structures SPEC's "objects" describe
                                        # (bundle_objects.py)

The checks are independent of kdsl's C++: they decode the bytes with Python's
struct module and compare them with kdsl-run's printed JSON, and check every
array descriptor in the launch arguments (data field 0, shape and strides of
the array it names, inside its argument).
"""
import json
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bundle_objects import OBJECT_KINDS, check_object_uses, check_objects, describe_object  # noqa: E402

# ScalarKind in include/kdsl/Runtime/ValueLayout.h, in order: struct format.
SCALARS = ["?", "b", "h", "i", "q", "B", "H", "I", "Q", "e", "f", "d"]
# ElemType::Family.
FAMILIES = ["scalar", "vector", "matrix", "quat", "struct"]


class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def take(self, n):
        if self.pos + n > len(self.data):
            raise ValueError("truncated at byte %d" % self.pos)
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def u32(self):
        return struct.unpack("<I", self.take(4))[0]

    def u64(self):
        return struct.unpack("<Q", self.take(8))[0]

    def string(self):
        return self.take(self.u32()).decode()


def read_type(r, depth=0):
    """An element type; its scalars as [(byte offset, struct code)] in memory
    order (a struct's fields depth first) and its size in bytes."""
    kind, family, rows, cols = r.u32(), r.u32(), r.u32(), r.u32()
    if kind >= len(SCALARS) or family >= len(FAMILIES) or depth > 8:
        raise ValueError("bad element type")
    code = SCALARS[kind]
    size = rows * cols * struct.calcsize("<" + code)
    if FAMILIES[family] != "struct":
        return {"kind": kind, "family": FAMILIES[family], "components": rows * cols, "size": size,
                "slots": [(k * struct.calcsize("<" + code), code) for k in range(rows * cols)]}
    slots = []
    for _ in range(r.u32()):
        r.string()  # the field name: kdsl-run prints the fields in this order
        offset = r.u64()
        field = read_type(r, depth + 1)
        if offset + field["size"] > size:
            raise ValueError("struct field outside its struct")
        slots += [(offset + o, c) for o, c in field["slots"]]
    return {"kind": kind, "family": "struct", "components": rows * cols, "size": size,
            "slots": slots}


def read_bundle(path):
    r = Reader(open(path, "rb").read())
    if r.take(8) != b"KDSLBND5":
        raise ValueError("not a kdsl bundle")
    arrays = []
    for _ in range(r.u32()):
        a = read_type(r)
        ndim = r.u32()
        a["shape"] = [r.u64() for _ in range(ndim)]
        a["count"] = math.prod(a["shape"])
        a["data"] = r.take(a["count"] * a["size"])
        arrays.append(a)
    objects = []
    for _ in range(r.u32()):
        kind = r.u32()
        if kind >= len(OBJECT_KINDS):
            raise ValueError("bad object kind %d" % kind)
        buffers = [r.take(r.u64()) for _ in range(r.u32())]
        relocations = [(r.u32(), r.u64(), r.u32(), r.u32(), r.u64()) for _ in range(r.u32())]
        objects.append({"kind": OBJECT_KINDS[kind], "buffers": buffers,
                        "relocations": relocations})
    launches = []
    for _ in range(r.u32()):
        kernel = r.string()
        backward = r.u32()
        dims = [r.u64() for _ in range(4)]
        block_dim, flags = r.u32(), r.u32()
        if not 1 <= block_dim <= 1024 or flags > 3:
            raise ValueError("launch of '%s': bad block dimension %d, flags %d"
                             % (kernel, block_dim, flags))
        if flags & 2 and math.prod(dims) % block_dim:
            raise ValueError("launch of '%s': a lane kernel with partial blocks of %d threads"
                             % (kernel, block_dim))
        args = [r.take(r.u32()) for _ in range(r.u32())]
        uses = [(r.u32(), r.u64(), r.u32()) for _ in range(r.u32())]
        object_uses = [(r.u32(), r.u64(), r.u32()) for _ in range(r.u32())]
        launches.append({"kernel": kernel, "backward": bool(backward), "dims": dims,
                         "block_dim": block_dim, "block_dim_given": bool(flags & 1),
                         "lanes": bool(flags & 2), "args": args, "uses": uses, "object_uses": object_uses})
    outputs = [(r.string(), r.u32(), r.u32()) for _ in range(r.u32())]
    reset = [r.u32() for _ in range(r.u32())]
    if r.pos != len(r.data):
        raise ValueError("%d trailing bytes" % (len(r.data) - r.pos))
    return arrays, objects, launches, outputs, reset


def read_expected(path, count):
    r = Reader(open(path, "rb").read())
    if r.take(8) != b"KDSLEXP1":
        raise ValueError("not a kdsl expected-outputs file")
    n = r.u32()
    if n != count:
        raise ValueError("%d outputs, the bundle has %d" % (n, count))
    blobs = [r.take(r.u64()) for _ in range(n)]
    if r.pos != len(r.data):
        raise ValueError("trailing bytes")
    return blobs


def flatten(v):
    if isinstance(v, list):
        for x in v:
            yield from flatten(x)
    elif isinstance(v, dict):  # a struct: its fields in declaration order
        for x in v.values():
            yield from flatten(x)
    else:
        yield v


def same(a, b, code):
    """kdsl-run prints floats in the shortest form that reads back as the same
    float16/32/64, and NaN/inf as strings: round b to the element's type."""
    if isinstance(b, str):
        b = float(b)
    if isinstance(b, bool):
        b = int(b)
    if code in "efd":
        b = struct.unpack("<" + code, struct.pack("<" + code, b))[0]
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b


def decode(a, blob):
    """Every scalar of the array, element by element; with its struct code."""
    return [(struct.unpack_from("<" + code, blob, e * a["size"] + offset)[0], code)
            for e in range(a["count"]) for offset, code in a["slots"]]


def check_descriptors(arrays, launches):
    for li, launch in enumerate(launches):
        for arg, offset, index in launch["uses"]:
            blob = launch["args"][arg]
            if offset + 72 > len(blob):
                raise ValueError("launch %d: descriptor past argument %d" % (li, arg))
            data, *rest = struct.unpack_from("<Q4q4q", blob, offset)
            shape, strides = rest[:4], rest[4:]
            a = arrays[index]
            if data != 0:
                raise ValueError("launch %d: host pointer left in argument %d" % (li, arg))
            nd = len(a["shape"])
            if list(shape[:nd]) != a["shape"] or any(shape[nd:]):
                raise ValueError("launch %d: descriptor shape %s, array %d has %s"
                                 % (li, shape, index, a["shape"]))
            elem = a["size"]
            inner = strides[nd - 1]
            if a["count"] and inner != elem:
                raise ValueError("launch %d: innermost stride %d, element size %d"
                                 % (li, inner, elem))


def main():
    directory = sys.argv[1]
    arrays, objects, launches, outputs, reset = read_bundle(directory + "/bundle.bin")
    check_descriptors(arrays, launches)
    check_object_uses(objects, launches)
    summary = {
        "arrays": [{"dtype": SCALARS[a["kind"]], "family": a["family"],
                    "components": a["components"], "shape": a["shape"]} for a in arrays],
        "launches": [{"kernel": l["kernel"], "backward": l["backward"], "dims": l["dims"],
                      "block_dim": l["block_dim"], "block_dim_given": l["block_dim_given"],
                      "lanes": l["lanes"],
                      "arg_bytes": [len(b) for b in l["args"]],
                      "arrays": [[u[0], u[1], u[2]] for u in l["uses"]]} for l in launches],
        "outputs": [name for name, kind, _ in outputs if kind == 0],
        "grads": [name for name, kind, _ in outputs if kind == 1],
        # What the adjoint launches start from: zeros and the seeds.
        "grads_before": {name: [v for v, _ in decode(arrays[index], arrays[index]["data"])]
                         for name, kind, index in outputs if kind == 1},
        "reset_after": reset,
        "objects": [describe_object(o, arrays) for o in objects],
    }
    if len(sys.argv) == 4 and sys.argv[2] == "--objects":
        spec = json.load(open(sys.argv[3]))
        summary["objects_checked"] = check_objects(objects, arrays, spec)
    if len(sys.argv) == 4 and sys.argv[2] == "--check":
        result = json.load(open(sys.argv[3]))
        blobs = read_expected(directory + "/expected.bin", len(outputs))
        for (name, kind, index), blob in zip(outputs, blobs):
            a = arrays[index]
            got = decode(a, blob)
            want = list(flatten(result["grads" if kind else "outputs"][name]))
            if len(got) != len(want) or not all(same(g, w, code) for (g, code), w in zip(got, want)):
                raise ValueError("expected.bin output '%s' differs from kdsl-run's" % name)
        summary["checked"] = len(outputs)
    json.dump(summary, sys.stdout)
    print()


if __name__ == "__main__":
    try:
        main()
    except (ValueError, OSError, struct.error) as e:
        print("read_bundle.py: error: %s" % e, file=sys.stderr)
        sys.exit(1)
