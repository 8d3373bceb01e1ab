# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Literal adaptation (docs/language.md section 4, rules 4 and 5): an int
# literal takes the type of the operand it meets (any integer or float type),
# a float literal the type of a float operand; unconstrained literals are
# int32 / float32 / bool. wp.pi, wp.e, wp.tau, wp.half_pi, wp.inf and wp.nan
# are float literals. Python literal spellings (hex, underscores, exponents).

import warp as wp


# CHECK-LABEL: func.func private @adapt(
# CHECK-SAME: %[[D:[^:]*]]: f64, %[[H:[^:]*]]: f16, %[[U:[^:]*]]: i32, %[[L:[^:]*]]: i64, %[[B:[^:]*]]: i8
@wp.func
def adapt(d: wp.float64, h: wp.float16, u: wp.uint32, l: wp.int64, b: wp.int8):
    # CHECK: %[[C2:.*]] = arith.constant 2.000000e+00 : f64
    # CHECK: arith.mulf %[[D]], %[[C2]] : f64
    r0 = d * 2
    # CHECK: %[[CH:.*]] = arith.constant 1.000000e+00 : f16
    # CHECK: arith.addf %[[H]], %[[CH]] : f16
    r1 = h + 1
    # CHECK: %[[C9:.*]] = arith.constant 9 : i32
    # CHECK: arith.muli %[[U]], %[[C9]] {kdsl.unsigned} : i32
    r2 = u * 9
    # CHECK: %[[CL:.*]] = arith.constant 3000000000 : i64
    # CHECK: arith.addi %[[L]], %[[CL]] : i64
    r3 = l + 3_000_000_000
    # CHECK: %[[CB:.*]] = arith.constant 63 : i8
    # CHECK: arith.andi %[[B]], %[[CB]] : i8
    r4 = b & 0x3f
    # A float literal in a float64 context keeps double precision (0.1 is not
    # first rounded to float32, which would print as 0.10000000149011612), and
    # an int literal converts exactly.
    # CHECK: %[[TENTH:.*]] = arith.constant 1.000000e-01 : f64
    # CHECK: arith.addf %[[D]], %[[TENTH]] : f64
    r10 = d + 0.1
    # CHECK: %[[BIG:.*]] = arith.constant 0x4170000010000000 : f64
    # CHECK: arith.addf %[[D]], %[[BIG]] : f64
    r11 = d + 16777217
    # CHECK: %[[CD:.*]] = arith.constant 2.500000e-01 : f64
    # CHECK: arith.subf %[[D]], %[[CD]] : f64
    r5 = d - 0.25
    # Unconstrained literals: int32, float32, bool.
    # CHECK: arith.constant 7 : i32
    # CHECK: arith.constant 2.500000e+03 : f32
    # CHECK: arith.constant true
    r6 = 7
    r7 = 2.5e3
    r8 = True
    # Literal arguments of builtins adapt too (and .5 is a float literal).
    # CHECK: arith.constant 5.000000e-01 : f64
    r9 = wp.clamp(d, .5, 1.0)
    return r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11


# CHECK-LABEL: kdsl.kernel @wp_constants(
@wp.kernel
def wp_constants(a: wp.array(dtype=float), d: wp.array(dtype=wp.float64), h: wp.array(dtype=wp.float16)):
    i = wp.tid()
    # A local initialised from wp.inf is float32.
    # CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
    # CHECK-DAG: %[[PI:.*]] = arith.constant 3.14159274 : f32
    # CHECK: %[[X:.*]] = kdsl.load %a
    # CHECK: %[[P:.*]] = arith.mulf %[[PI]], %[[X]] : f32
    # CHECK: arith.addf %[[P]], %[[INF]] : f32
    # CHECK: arith.constant 2.71828175 : f32
    # CHECK: arith.constant 6.28318548 : f32
    # CHECK: arith.constant 1.57079637 : f32
    best = wp.inf
    a[i] = wp.pi * a[i] + best + wp.e + wp.tau + wp.half_pi
    # In a float64 context wp.pi is the double value.
    # CHECK: %[[PID:.*]] = arith.constant 3.1415926535897931 : f64
    # CHECK: arith.mulf %{{.*}}, %[[PID]] : f64
    d[i] = d[i] * wp.pi
    # CHECK: %[[NAN:.*]] = arith.constant 0x7E00 : f16
    # CHECK: arith.addf %{{.*}}, %[[NAN]] : f16
    h[i] = h[i] + wp.nan
    # -wp.inf
    # CHECK: %[[PINF:.*]] = arith.constant 0x7F800000 : f32
    # CHECK: %[[NINF:.*]] = arith.negf %[[PINF]] : f32
    # CHECK: kdsl.store %[[NINF]], %a
    a[i] = -wp.inf
