# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A decorator besides @wp.kernel / @wp.func / @wp.struct was ignored.

import functools

import warp as wp


# CHECK: .py:[[# @LINE + 2]]:1: error: kdsl does not support other decorators on a @wp.kernel definition
@wp.kernel
@functools.lru_cache
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
