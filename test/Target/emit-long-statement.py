# RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s
# A statement longer than 160 characters: its comment is cut and ends in
# " ...", and every line of a statement spread over several lines (even past
# the cut) maps to that one comment.

import warp as wp


@wp.kernel
def long_sum(vol: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    # CHECK: // s = vol[wp.max(i - 1, 0)] + vol[wp.min(i + 1, vol.shape[0] - 1)] + vol[wp.max(i - 2, 0)] + vol[wp.min(i + 2, vol.shape[0] - 1)] + vol[wp.max(i - 3, 0)] + vol[wp ...   (emit-long-statement.py:[[@LINE+1]])
    s = vol[wp.max(i - 1, 0)] + vol[wp.min(i + 1, vol.shape[0] - 1)] + vol[wp.max(i - 2, 0)] + vol[wp.min(i + 2, vol.shape[0] - 1)] + vol[wp.max(i - 3, 0)] + vol[wp.min(i + 3, vol.shape[0] - 1)]
    # CHECK: // t = (vol[wp.max(i - 1, 0)] + vol[wp.min(i + 1, vol.shape[0] - 1)] + vol[wp.max(i - 2, 0)] + vol[wp.min(i + 2, vol.shape[0] - 1)] + vol[wp.max(i - 3, 0)] + vol[w ...   (emit-long-statement.py:[[@LINE+1]])
    t = (vol[wp.max(i - 1, 0)] + vol[wp.min(i + 1, vol.shape[0] - 1)] + vol[wp.max(i - 2, 0)] + vol[wp.min(i + 2, vol.shape[0] - 1)] + vol[wp.max(i - 3, 0)] +
         vol[wp.min(i + 3, vol.shape[0] - 1)] * s)
    # CHECK-NOT: (emit-long-statement.py:[[@LINE-1]])
    # CHECK: // out[i] = t   (emit-long-statement.py:[[@LINE+1]])
    out[i] = t
