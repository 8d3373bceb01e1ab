# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.degrees / wp.radians take one float or float vector (Warp's Float and
# elementwise over float vectors): integers, matrices and a second argument
# are rejected with the usual builtin messages.

import warp as wp


@wp.kernel
def int_arg(a: wp.array(dtype=float), n: int):
    # CHECK: .py:[[# @LINE + 1]]:23: error: wp.degrees() expects a float or a float vector, got int32
    a[0] = wp.degrees(n)


@wp.kernel
def int_vector(a: wp.array(dtype=float), v: wp.vec3i):
    # CHECK: .py:[[# @LINE + 1]]:23: error: wp.radians() expects a float or a float vector, got vec3i
    a[0] = wp.radians(v)[0]


@wp.kernel
def matrix_arg(a: wp.array(dtype=float), m: wp.mat22):
    # CHECK: .py:[[# @LINE + 1]]:23: error: wp.degrees() expects a float or a float vector, got mat22f
    a[0] = wp.degrees(m)[0, 0]


@wp.kernel
def two_args(a: wp.array(dtype=float), x: float):
    # CHECK: .py:[[# @LINE + 1]]:12: error: wp.radians() takes 1 argument(s), got 2
    a[0] = wp.radians(x, x)


@wp.kernel
def keyword_arg(a: wp.array(dtype=float), x: float):
    # CHECK: .py:[[# @LINE + 1]]:26: error: wp.degrees() got an unexpected keyword argument 'y'
    a[0] = wp.degrees(x, y=x)
