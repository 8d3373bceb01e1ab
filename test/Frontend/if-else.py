# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# if / elif / else become scf.if; locals assigned in a branch are yielded.
# Numeric conditions test against zero.

import warp as wp


# CHECK-LABEL: kdsl.kernel @branches(
@wp.kernel
def branches(x: wp.array(dtype=float), n: int):
    i = wp.tid()
    # CHECK: %[[V:.*]] = kdsl.load %x
    v = x[i]
    # CHECK: %[[C1:.*]] = arith.cmpf ogt, %[[V]], %{{.*}} : f32
    # CHECK: %[[R:.*]] = scf.if %[[C1]] -> (f32) {
    # CHECK:   scf.yield %{{.*}} : f32
    # CHECK: } else {
    # elif is an scf.if nested in the else region.
    # CHECK:   %[[C2:.*]] = arith.cmpf olt, %[[V]], %{{.*}} : f32
    # CHECK:   %[[R2:.*]] = scf.if %[[C2]] -> (f32) {
    # CHECK:   } else {
    # CHECK:     %[[D:.*]] = arith.mulf %[[V]], %{{.*}} : f32
    # CHECK:     scf.yield %[[D]] : f32
    # CHECK:   }
    # CHECK:   scf.yield %[[R2]] : f32
    # CHECK: }
    if v > 1.0:
        v = 1.0
    elif v < -1.0:
        v = -1.0
    else:
        v = v * 2.0
    # An if without else: the else branch yields the old value.
    # CHECK: %[[Y0:.*]] = arith.constant 0 : i32
    # CHECK: %[[C3:.*]] = arith.cmpi sgt, %n, %{{.*}} : i32
    # CHECK: %[[Y:.*]] = scf.if %[[C3]] -> (i32) {
    # CHECK:   scf.yield %{{.*}} : i32
    # CHECK: } else {
    # CHECK:   scf.yield %[[Y0]] : i32
    # CHECK: }
    y = 0
    if n > 0:
        y = 1
    # CHECK: %[[YF:.*]] = arith.sitofp %[[Y]] : i32 to f32
    # CHECK: %[[S:.*]] = arith.addf %[[R]], %[[YF]] : f32
    # CHECK: kdsl.store %[[S]], %x
    x[i] = v + float(y)


# A branch without results, and numbers as conditions.
# CHECK-LABEL: kdsl.kernel @numeric_conditions(
@wp.kernel
def numeric_conditions(x: wp.array(dtype=float), n: int, f: float):
    i = wp.tid()
    # CHECK: %[[NZ:.*]] = arith.cmpi ne, %n, %{{.*}} : i32
    # CHECK: scf.if %[[NZ]] {
    # CHECK:   kdsl.store
    # CHECK: }
    if n:
        x[i] = 1.0
    # A float is true when it is nonzero (NaN counts as true: une).
    # CHECK: %[[FNZ:.*]] = arith.cmpf une, %f, %{{.*}} : f32
    # CHECK: scf.if %[[FNZ]] {
    if f:
        x[i] = 2.0
    # CHECK: %[[B:.*]] = arith.cmpi slt
    # CHECK: scf.if %[[B]] {
    # CHECK: } else {
    # CHECK: }
    if i < n:
        x[i] = 3.0
    else:
        x[i] = 4.0
