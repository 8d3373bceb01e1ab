# RUN: not kdsl-translate %s --emit cpp 2>&1 | FileCheck %s
# Warp's generic volume builtins need their value type.
import warp as wp


@wp.kernel
def a(v: wp.uint64, out: wp.array(dtype=float)):
    # CHECK: volume.py:[[@LINE+1]]:14: error: wp.volume_lookup() needs the volume's value type as dtype=...
    out[0] = wp.volume_lookup(v, 0, 0, 0)


@wp.kernel
def b(v: wp.uint64, out: wp.array(dtype=float)):
    # CHECK: volume.py:[[@LINE+1]]:14: error: wp.volume_lookup() has no form for dtype=mat22f with these arguments; Warp's are:
    out[0] = wp.volume_lookup(v, 0, 0, 0, dtype=wp.mat22)[0, 0]


@wp.kernel
def c(v: wp.uint64, out: wp.array(dtype=float)):
    # CHECK: volume.py:[[@LINE+1]]:14: error: wp.volume_sample() has no form for dtype=float32 with these arguments
    out[0] = wp.volume_sample(v, wp.vec3(0.0), dtype=float)


@wp.kernel
def d(v: wp.uint64, out: wp.array(dtype=float)):
    # CHECK: volume.py:[[@LINE+1]]:60: error: 'wp.Volume.NEAREST' is not a sampling mode: kernels may use wp.Volume.CLOSEST and wp.Volume.LINEAR
    out[0] = wp.volume_sample_f(v, wp.vec3(0.0), wp.Volume.NEAREST)
