# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# `pass` and docstrings (kernel, func and struct bodies) have no effect.
# Comments and blank lines inside bodies are ignored.

import warp as wp


@wp.struct
class S:
    """Struct docstring."""
    x: float


# CHECK-LABEL: func.func private @f(
# CHECK-NEXT: return %{{.*}} : f32
@wp.func
def f(x: float):
    '''Func docstring with 'quotes' and "double quotes".'''
    return x


# CHECK-LABEL: kdsl.kernel @k(
# CHECK-NEXT: %[[I:.*]] = kdsl.tid
# CHECK-NEXT: %[[C:.*]] = arith.cmpi
# CHECK-NEXT: scf.if %[[C]] {
# CHECK-NEXT:   kdsl.struct_extract
# CHECK-NEXT:   func.call @f
# CHECK-NEXT:   kdsl.store
# CHECK-NOT: kdsl.
# CHECK: kdsl.return
@wp.kernel
def k(a: wp.array(dtype=float), s: S, n: int):
    """Kernel docstring.

    Spanning several lines.
    """
    i = wp.tid()

    # a comment between statements
    if i < n:
        pass
        a[i] = f(s.x)
        pass
    else:
        pass
    for j in range(n):
        pass
    pass


# A body consisting only of a docstring.
# CHECK-LABEL: kdsl.kernel @only_docstring(
# CHECK-NEXT: kdsl.return
@wp.kernel
def only_docstring(a: wp.array(dtype=float)):
    """Nothing to do."""


# CHECK-LABEL: kdsl.kernel @only_pass(
# CHECK-NEXT: kdsl.return
@wp.kernel
def only_pass(a: wp.array(dtype=float)):
    pass
