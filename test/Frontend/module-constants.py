# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Module constants: plain literals, wp.constant(...), constant expressions
# evaluated with Python semantics, typed (wp.float64) constants and vector
# constants. Untyped constants behave like the literal they stand for.

import warp as wp

N = 16
CELLS = N * N
NEG_FLOOR = -7 // 2
NEG_MOD = -7 % 2
MASK = 0xFF & ~0x0F
EPS = wp.constant(1e-6)
GRAVITY = wp.constant(-9.81)
HALF = 0.5
UP = wp.constant(wp.vec3(0.0, 1.0, 0.0))
DT = wp.float64(1.0 / 240.0)
ENABLED = True
RATIO = 7 / 2
KILO = 2 ** 10
INV = 2 ** -1
FMOD = -7.5 % 2
SHIFTED = 1 << 4


# CHECK-LABEL: kdsl.kernel @int_constants(
@wp.kernel
def int_constants(b: wp.array(dtype=int)):
    i = wp.tid()
    # CHECK: %[[I:.*]] = kdsl.tid : i32
    # CHECK: %[[C256:.*]] = arith.constant 256 : i32
    b[i] = CELLS
    # CHECK: kdsl.store %[[C256]], %b[%[[I]]]
    # Module-level // and % follow Python: -7 // 2 == -4 and -7 % 2 == 1.
    # CHECK: arith.constant -4 : i32
    # CHECK: arith.constant 1 : i32
    b[i] = NEG_FLOOR + NEG_MOD
    # CHECK: arith.constant 240 : i32
    b[i] = MASK
    # CHECK: %[[T:.*]] = arith.constant true
    # CHECK: scf.if %[[T]]
    if ENABLED:
        b[i] = N


# An untyped float constant adapts to the other operand's type.
# CHECK-LABEL: kdsl.kernel @float_constants(
@wp.kernel
def float_constants(a: wp.array(dtype=float), d: wp.array(dtype=wp.float64), h: wp.array(dtype=wp.float16)):
    i = wp.tid()
    # CHECK: %[[A:.*]] = kdsl.load %a
    # CHECK: %[[G:.*]] = arith.constant -9.81{{0*}}e+00 : f32
    # CHECK: arith.mulf %[[A]], %[[G]] : f32
    a[i] = a[i] * GRAVITY + EPS
    # CHECK: %[[D:.*]] = kdsl.load %d
    # CHECK: %[[E:.*]] = arith.constant 9.9999999999999995E-7 : f64
    # CHECK: arith.addf %[[D]], %[[E]] : f64
    d[i] = d[i] + EPS
    # CHECK: %[[H:.*]] = kdsl.load %h
    # CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f16
    # CHECK: arith.mulf %[[H]], %[[HALF]] : f16
    h[i] = h[i] * HALF


# Module-level arithmetic is Python's: 7 / 2 == 3.5 (a float), 2 ** -1 == 0.5
# and -7.5 % 2 == 0.5 (the sign of the divisor).
# CHECK-LABEL: kdsl.kernel @python_semantics(
@wp.kernel
def python_semantics(a: wp.array(dtype=float), b: wp.array(dtype=int)):
    # CHECK: arith.constant 3.500000e+00 : f32
    a[0] = RATIO
    # CHECK: arith.constant 1024 : i32
    b[0] = KILO
    # CHECK: arith.constant 5.000000e-01 : f32
    a[1] = INV
    # CHECK: arith.constant 5.000000e-01 : f32
    a[2] = FMOD
    # CHECK: arith.constant 16 : i32
    b[1] = SHIFTED


# A constant built with a constructor has the constructor's type.
# CHECK-LABEL: kdsl.kernel @typed_constants(
@wp.kernel
def typed_constants(d: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    # CHECK: %[[D:.*]] = kdsl.load %d
    # CHECK: %[[DT:.*]] = arith.constant 0.0041666666666666666 : f64
    # CHECK: %[[P:.*]] = arith.mulf %[[D]], %[[DT]] : f64
    # CHECK: kdsl.store %[[P]], %d
    d[i] = d[i] * DT
    # CHECK: %[[UP:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xf32>
    # CHECK: kdsl.store %[[UP]], %v
    v[i] = UP
    # CHECK: %[[Y:.*]] = vector.extract %{{.*}}[1] : f32 from vector<3xf32>
    # CHECK: vector.broadcast %[[Y]] : f32 to vector<3xf32>
    v[i] = v[i] * UP.y
