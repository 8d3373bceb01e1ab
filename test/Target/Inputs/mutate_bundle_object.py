"""Writes a copy of bundle DIR with one object changed, to show that
read_bundle.py --objects catches it (bundle-objects.test):

    mutate_bundle_object.py DIR OUT MODE

MODE swap-ids: swaps the first two point_ids of the first hash grid;
bounds: lowers the first BVH's root node bound by 1 in x;
retarget: points the first mesh's `points` at another array;
host-pointer: leaves a nonzero value in a header's pointer field;
mesh-bvh: moves every node of the first mesh's BVH by +10 in x, so that its
box queries find nothing."""
import os
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils", "gpu"))
from read_bundle import Reader  # noqa: E402

src, dst, mode = sys.argv[1:4]
shutil.rmtree(dst, ignore_errors=True)
shutil.copytree(src, dst)
data = bytearray(open(os.path.join(src, "bundle.bin"), "rb").read())
r = Reader(bytes(data))
r.take(8)
from read_bundle import read_type  # noqa: E402
for _ in range(r.u32()):
    a = read_type(r)
    shape = [r.u64() for _ in range(r.u32())]
    n = 1
    for s in shape:
        n *= s
    r.take(n * a["size"])
KINDS = ["hash_grid", "bvh", "mesh", "volume"]
done = False
for _ in range(r.u32()):
    kind = KINDS[r.u32()]
    starts = []
    for _ in range(r.u32()):
        size = r.u64()
        starts.append((r.pos, size))
        r.take(size)
    relocs = []
    for _ in range(r.u32()):
        relocs.append(r.pos)
        r.take(28)
    if done:
        continue
    if mode == "swap-ids" and kind == "hash_grid":
        at = starts[1][0]
        data[at:at + 8] = data[at + 4:at + 8] + data[at:at + 4]
        done = True
    elif mode == "bounds" and kind == "bvh":
        at = starts[1][0]
        (x,) = struct.unpack_from("<f", data, at)
        struct.pack_into("<f", data, at, x - 1.0)
        done = True
    elif mode == "retarget" and kind == "mesh":
        for at in relocs:
            buf, off, tkind, target = struct.unpack_from("<IQII", data, at)
            if buf == 0 and off == 8:
                struct.pack_into("<I", data, at + 16, target + 1)
                done = True
    elif mode == "mesh-bvh" and kind == "mesh":
        for buf in (2, 3):  # node_lowers, node_uppers (after the two headers)
            at, size = starts[buf]
            for k in range(0, size, 12):
                (x,) = struct.unpack_from("<f", data, at + k)
                struct.pack_into("<f", data, at + k, x + 10.0)
        done = True
    elif mode == "host-pointer":
        struct.pack_into("<Q", data, starts[0][0], 0x7fff12345678)
        done = True
assert done, "nothing to change for " + mode
open(os.path.join(dst, "bundle.bin"), "wb").write(bytes(data))
