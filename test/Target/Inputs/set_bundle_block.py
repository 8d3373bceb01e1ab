"""set_bundle_block.py SRC DST LAUNCH BLOCK: copies bundle directory SRC to DST
with launch LAUNCH's recorded block dimension (docs/gpu-suite.md) set to
BLOCK, for bundle-lanes.test: a runner that launches with the bundle's block
dimension then runs a lane kernel in other blocks than kdsl-run did."""
import os
import shutil
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils", "gpu"))
from read_bundle import Reader, read_type  # noqa: E402

src, dst, launch, block = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
shutil.rmtree(dst, ignore_errors=True)
shutil.copytree(src, dst)
data = bytearray(open(os.path.join(src, "bundle.bin"), "rb").read())
r = Reader(bytes(data))
r.take(8)
for _ in range(r.u32()):  # arrays
    a = read_type(r)
    n = 1
    for _ in range(r.u32()):
        n *= r.u64()
    r.take(n * a["size"])
for _ in range(r.u32()):  # objects
    r.u32()
    for _ in range(r.u32()):
        r.take(r.u64())
    r.take(28 * r.u32())
for k in range(r.u32()):
    r.string()
    r.u32()
    r.take(32)  # the 4 extents
    if k == launch:
        struct.pack_into("<I", data, r.pos, block)
        break
    r.take(8)  # block dimension, flags
    for _ in range(r.u32()):
        r.take(r.u32())
    r.take(16 * r.u32())
    r.take(16 * r.u32())
else:
    sys.exit("no launch %d" % launch)
open(os.path.join(dst, "bundle.bin"), "wb").write(bytes(data))
