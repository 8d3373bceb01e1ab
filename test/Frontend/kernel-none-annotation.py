# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: not kdsl-translate %S/Inputs/none_type_return.py --emit=mlir 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: none_type_return.py:11:12: error: kernels cannot return a value
#
# A kernel may be annotated as returning nothing: `-> None`, or Python's
# spelling of None's type, `-> types.NoneType` (test_codegen.py's
# f0_none_type); returning a value from it is an error (the ERR run). Like
# Python, kdsl takes `types` for the standard library module even next to a
# file named types.py (test/Frontend/errors/types.py;
# import-stdlib-local-file.py). Any other return annotation is an error
# (test/Frontend/errors/statements.py).
import types

import warp as wp


@wp.kernel
def k_none(a: wp.array(dtype=float)) -> None:
    a[0] = 1.0
    return


@wp.kernel
def k_none_type(a: wp.array(dtype=float)) -> types.NoneType:
    a[0] = 2.0
    return


# CHECK-LABEL: kdsl.kernel @k_none(
# CHECK: arith.constant 1.000000e+00 : f32
# CHECK-LABEL: kdsl.kernel @k_none_type(
# CHECK: arith.constant 2.000000e+00 : f32
