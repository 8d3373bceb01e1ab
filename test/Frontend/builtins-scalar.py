# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Scalar math builtins (docs/language.md section 8.2) and the Python builtins
# abs / min / max / pow / round. Each result is returned so that it is kept.

import warp as wp


# CHECK-LABEL: func.func private @float_math(
# CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32
@wp.func
def float_math(x: float, y: float):
    # CHECK: math.absf %[[X]] : f32
    r0 = wp.abs(x)
    # sign(x) = x < 0 ? -1 : 1
    # CHECK: %[[LT:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
    # CHECK: %[[M1:.*]] = arith.constant -1.000000e+00 : f32
    # CHECK: %[[P1:.*]] = arith.constant 1.000000e+00 : f32
    # CHECK: arith.select %[[LT]], %[[M1]], %[[P1]] : f32
    r1 = wp.sign(x)
    # min / max on floats ignore a NaN operand (fmin / fmax).
    # CHECK: arith.minnumf %[[X]], %[[Y]] : f32
    r2 = wp.min(x, y)
    # CHECK: arith.maxnumf %[[X]], %[[Y]] : f32
    r3 = wp.max(x, y)
    # clamp(x, lo, hi) = min(max(lo, x), hi)
    # CHECK: %[[MX:.*]] = arith.maxnumf %[[X]], %{{.*}} : f32
    # CHECK: arith.minnumf %[[MX]], %{{.*}} : f32
    r4 = wp.clamp(x, 0.0, 1.0)
    # step(x) = x < 0 ? 1 : 0
    # CHECK: %[[SLT:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : f32
    # CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
    # CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
    # CHECK: arith.select %[[SLT]], %[[ONE]], %[[ZERO]] : f32
    r5 = wp.step(x)
    # CHECK: math.sqrt %[[X]] : f32
    r6 = wp.sqrt(x)
    # CHECK: math.cbrt %[[X]] : f32
    r7 = wp.cbrt(x)
    # CHECK: math.exp %[[X]] : f32
    r8 = wp.exp(x)
    # CHECK: math.log %[[X]] : f32
    r9 = wp.log(x)
    # CHECK: math.log2 %[[X]] : f32
    r10 = wp.log2(x)
    # CHECK: math.log10 %[[X]] : f32
    r11 = wp.log10(x)
    # CHECK: math.powf %[[X]], %[[Y]] : f32
    r12 = wp.pow(x, y)
    # CHECK: math.sin %[[X]] : f32
    r13 = wp.sin(x)
    # CHECK: math.cos %[[X]] : f32
    r14 = wp.cos(x)
    # CHECK: math.tan %[[X]] : f32
    r15 = wp.tan(x)
    # asin / acos clamp their argument to [-1, 1] first.
    # CHECK: %[[A0:.*]] = arith.maxnumf %[[X]], %{{.*}} : f32
    # CHECK: %[[A1:.*]] = arith.minnumf %[[A0]], %{{.*}} : f32
    # CHECK: math.asin %[[A1]] : f32
    r16 = wp.asin(x)
    # CHECK: %[[C0:.*]] = arith.maxnumf %[[X]], %{{.*}} : f32
    # CHECK: %[[C1:.*]] = arith.minnumf %[[C0]], %{{.*}} : f32
    # CHECK: math.acos %[[C1]] : f32
    r17 = wp.acos(x)
    # CHECK: math.atan %[[X]] : f32
    r18 = wp.atan(x)
    # atan2(y, x): y first.
    # CHECK: math.atan2 %[[Y]], %[[X]] : f32
    r19 = wp.atan2(y, x)
    # CHECK: math.sinh %[[X]] : f32
    r20 = wp.sinh(x)
    # CHECK: math.cosh %[[X]] : f32
    r21 = wp.cosh(x)
    # CHECK: math.tanh %[[X]] : f32
    r22 = wp.tanh(x)
    # CHECK: math.floor %[[X]] : f32
    r23 = wp.floor(x)
    # CHECK: math.ceil %[[X]] : f32
    r24 = wp.ceil(x)
    # round: halfway cases away from zero (math.round).
    # CHECK: math.round %[[X]] : f32
    r25 = wp.round(x)
    # CHECK: math.trunc %[[X]] : f32
    r26 = wp.trunc(x)
    # frac(x) = x - trunc(x)
    # CHECK: %[[T:.*]] = math.trunc %[[X]] : f32
    # CHECK: arith.subf %[[X]], %[[T]] : f32
    r27 = wp.frac(x)
    # lerp(a, b, t) = a * (1 - t) + b * t
    # CHECK: %[[OMT:.*]] = arith.subf %{{.*}}, %[[T2:.*]] : f32
    # CHECK: %[[L0:.*]] = arith.mulf %[[X]], %[[OMT]] : f32
    # CHECK: %[[L1:.*]] = arith.mulf %[[Y]], %[[T2]] : f32
    # CHECK: arith.addf %[[L0]], %[[L1]] : f32
    r28 = wp.lerp(x, y, 0.25)
    # smoothstep: t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 * t)
    # CHECK: %[[NUM:.*]] = arith.subf %[[X]], %{{.*}} : f32
    # CHECK: %[[DEN:.*]] = arith.subf %{{.*}}, %{{.*}} : f32
    # CHECK: %[[Q:.*]] = arith.divf %[[NUM]], %[[DEN]] : f32
    # CHECK: %[[Q0:.*]] = arith.maxnumf %[[Q]], %{{.*}} : f32
    # CHECK: %[[TT:.*]] = arith.minnumf %[[Q0]], %{{.*}} : f32
    # CHECK: %[[TWO_T:.*]] = arith.mulf %{{.*}}, %[[TT]] : f32
    # CHECK: %[[K:.*]] = arith.subf %{{.*}}, %[[TWO_T]] : f32
    # CHECK: %[[SQ:.*]] = arith.mulf %[[TT]], %[[TT]] : f32
    # CHECK: arith.mulf %[[SQ]], %[[K]] : f32
    r29 = wp.smoothstep(0.0, 1.0, x)
    # CHECK: arith.cmpf uno, %[[X]], %[[X]] : f32
    r30 = wp.isnan(x)
    # CHECK: %[[AX:.*]] = math.absf %[[X]] : f32
    # CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
    # CHECK: arith.cmpf olt, %[[AX]], %[[INF]] : f32
    r31 = wp.isfinite(x)
    # CHECK: %[[AX2:.*]] = math.absf %[[X]] : f32
    # CHECK: %[[INF2:.*]] = arith.constant 0x7F800000 : f32
    # CHECK: arith.cmpf oeq, %[[AX2]], %[[INF2]] : f32
    r32 = wp.isinf(x)
    # where(c, a, b) = a if c else b
    # CHECK: %[[W:.*]] = arith.cmpf ogt, %[[X]], %{{.*}} : f32
    # CHECK: arith.select %[[W]], %[[X]], %[[Y]] : f32
    r33 = wp.where(x > 0.0, x, y)
    # The operands the other way round (wp.select, which took the false value
    # first, is gone from Warp 1.16: test/Frontend/errors/select-removed.py).
    # CHECK: %[[S:.*]] = arith.cmpf ogt, %[[X]], %{{.*}} : f32
    # CHECK: arith.select %[[S]], %[[Y]], %[[X]] : f32
    r34 = wp.where(x > 0.0, y, x)
    return (r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17,
            r18, r19, r20, r21, r22, r23, r24, r25, r26, r27, r28, r29, r30, r31, r32, r33, r34)


# CHECK-LABEL: func.func private @int_math(
# CHECK-SAME: %[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32, %[[U:[^:]*]]: i32
@wp.func
def int_math(i: int, j: int, u: wp.uint32):
    # CHECK: math.absi %[[I]] : i32
    r0 = wp.abs(i)
    # CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i32
    # CHECK: arith.select %[[NEG]], %{{.*}}, %{{.*}} : i32
    r1 = wp.sign(i)
    # CHECK: arith.minsi %[[I]], %[[J]] : i32
    r2 = wp.min(i, j)
    # CHECK: arith.maxsi %[[I]], %[[J]] : i32
    r3 = wp.max(i, j)
    # CHECK: %[[LO:.*]] = arith.maxsi %[[I]], %{{.*}} : i32
    # CHECK: arith.minsi %[[LO]], %{{.*}} : i32
    r4 = wp.clamp(i, 0, 5)
    # Unsigned abs is the identity: no op, the result is %u itself.
    r5 = wp.abs(u)
    # CHECK: return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[U]] :
    return r0, r1, r2, r3, r4, r5


# The Python builtins are the wp. ones.
# CHECK-LABEL: func.func private @python_builtins(
# CHECK-SAME: %[[X:[^:]*]]: f32, %[[I:[^:]*]]: i32
@wp.func
def python_builtins(x: float, i: int):
    # CHECK: math.absf %[[X]] : f32
    # CHECK: math.absi %[[I]] : i32
    # CHECK: arith.minsi %[[I]], %{{.*}} : i32
    # CHECK: arith.maxnumf %[[X]], %{{.*}} : f32
    # CHECK: math.powf %[[X]], %{{.*}} : f32
    # round() returns a float.
    # CHECK: math.round %[[X]] : f32
    return abs(x), abs(i), min(i, 3), max(x, 0.5), pow(x, 2.0), round(x)


# float64 / float16 variants use the same ops at their width.
# CHECK-LABEL: func.func private @other_widths(
# CHECK: math.sqrt %{{.*}} : f64
# CHECK: math.sin %{{.*}} : f16
# CHECK: arith.minnumf %{{.*}}, %{{.*}} : f64
@wp.func
def other_widths(d: wp.float64, h: wp.float16):
    return wp.sqrt(d), wp.sin(h), wp.min(d, 0.5)
