# RUN: kdsl-translate %s --split-input-file --verify-diagnostics > /dev/null
# RUN: not kdsl-translate %s --split-input-file 2>&1 | FileCheck %s
#
# kdsl-translate --verify-diagnostics on Python: the front end reports
# through the context's diagnostic engine, so its errors are checked against
# the expected-error comments of each chunk.

import warp as wp


@wp.kernel
def bad(a: wp.array(dtype=float), x: float):
    # expected-error @+1 {{indices must be integers, got float32}}
    a[x] = 1.0

# -----

import warp as wp


@wp.kernel
def fine(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0

# -----

import warp as wp


@wp.kernel
def bad2(n: int):
    # expected-error @+1 {{name 'q' is not defined}}
    m = q + n

# CHECK: error: indices must be integers, got float32
# CHECK: error: name 'q' is not defined
# A wrong expectation fails the check.
# RUN: not kdsl-translate %S/Inputs/verify-diagnostics-mismatch.py --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=MISMATCH
# MISMATCH: unexpected error: indices must be integers, got float32
# MISMATCH: expected error "some other message" was not produced
