# --verify-emitted accepts a valid file with a @wp.func that no kernel calls
# (it is emitted, marked [[maybe_unused]]), and wp.isfinite / wp.isnan /
# wp.isinf of a matrix or vector (vabs of a matrix, unordered comparisons and
# `not` of bool vectors in the prelude).
#
# RUN: kdsl-translate %s --emit=cpp --verify-emitted | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda --verify-emitted | FileCheck %s
# CHECK: {{\[\[maybe_unused\]\]}} static KDSL_FN float unused_helper(
# CHECK: {{^}}static KDSL_FN float used_helper(
#
# Both CPU backends run it: m0 is finite, m1 holds an inf, m2 a nan; flags =
# isfinite(m) + 2 * isnan(m) + 4 * isinf(m) + 8 * isnan(v) with v the first
# row; out = used_helper(1) = 3 for each thread.
# RUN: printf '{"kernel": "k", "dim": 3, "inputs": {"m": {"data": [[[1.0, 2.0], [3.0, 4.0]], [[1.0, "inf"], [3.0, 4.0]], [[1.0, 2.0], ["nan", 4.0]]]}, "flags": {"zeros": [3]}, "out": {"zeros": [3]}}}' > %t.spec.json
# RUN: kdsl-run %s %t.spec.json | FileCheck %s --check-prefix=RUN1
# RUN: kdsl-run %s %t.spec.json --backend cpp | FileCheck %s --check-prefix=RUN1
# RUN1: "flags":[1,4,2]
# RUN1-SAME: "out":[3.0,3.0,3.0]

import warp as wp


@wp.func
def unused_helper(x: float) -> float:
    return x * 2.0


@wp.func
def used_helper(x: float) -> float:
    return x * 3.0


@wp.kernel
def k(m: wp.array(dtype=wp.mat22), flags: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    a = m[i]
    f = 0
    if wp.isfinite(a):
        f += 1
    if wp.isnan(a):
        f += 2
    if wp.isinf(a):
        f += 4
    if wp.isnan(a[0]):
        f += 8
    flags[i] = f
    out[i] = used_helper(1.0)
