# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Explicit conversions with the scalar type names (section 7.8): C-cast
# semantics. Signed sources use sitofp / extsi, unsigned ones uitofp / extui,
# float to int truncates (fptosi / fptoui), narrowing keeps the low bits,
# bool(x) is x != 0 and a bool converts to 0 or 1.

import warp as wp


# CHECK-LABEL: func.func private @casts(
# CHECK-SAME: %[[I:[^:]*]]: i32, %[[X:[^:]*]]: f32, %[[D:[^:]*]]: f64, %[[U8:[^:]*]]: i8, %[[U32:[^:]*]]: i32, %[[H:[^:]*]]: f16, %[[I64:[^:]*]]: i64, %[[B:[^:]*]]: i1, %[[I8:[^:]*]]: i8)
@wp.func
def casts(i: int, x: float, d: wp.float64, u8: wp.uint8, u32: wp.uint32, h: wp.float16, i64: wp.int64, b: bool, i8: wp.int8):
    # CHECK: arith.sitofp %[[I]] : i32 to f32
    r0 = float(i)
    # CHECK: arith.fptosi %[[X]] : f32 to i32
    r1 = int(x)
    # CHECK: arith.extf %[[X]] : f32 to f64
    r2 = wp.float64(x)
    # CHECK: arith.truncf %[[D]] : f64 to f32
    r3 = wp.float32(d)
    # CHECK: arith.extui %[[U32]] : i32 to i64
    r4 = wp.int64(u32)
    # CHECK: arith.trunci %[[I]] {kdsl.unsigned} : i32 to i8
    r5 = wp.uint8(i)
    # CHECK: arith.uitofp %[[U32]] : i32 to f32
    r6 = float(u32)
    # CHECK: arith.fptoui %[[X]] {kdsl.unsigned} : f32 to i32
    r7 = wp.uint32(x)
    # CHECK: arith.truncf %[[X]] : f32 to f16
    r8 = wp.float16(x)
    # CHECK: arith.extf %[[H]] : f16 to f32
    r9 = float(h)
    # CHECK: arith.cmpf une, %[[X]], %{{.*}} : f32
    r10 = bool(x)
    # CHECK: arith.cmpi ne, %[[I]], %{{.*}} : i32
    r11 = bool(i)
    # CHECK: arith.extui %[[B]] : i1 to i32
    r12 = int(b)
    # CHECK: arith.uitofp %[[B]] : i1 to f32
    r13 = float(b)
    # CHECK: arith.trunci %[[I64]] : i64 to i32
    r14 = wp.int32(i64)
    # CHECK: arith.extui %[[U8]] {kdsl.unsigned} : i8 to i64
    r15 = wp.uint64(u8)
    # CHECK: arith.extsi %[[I8]] : i8 to i64
    r16 = wp.int64(i8)
    # CHECK: arith.sitofp %[[I]] : i32 to f64
    r17 = wp.float64(i)
    # CHECK: arith.sitofp %[[I8]] : i8 to f16
    r18 = wp.float16(i8)
    # CHECK: arith.fptosi %[[D]] : f64 to i64
    r19 = wp.int64(d)
    # Same-width signed <-> unsigned is a reinterpretation: no op.
    # CHECK: return
    # CHECK-SAME: %[[I]]
    r20 = wp.uint32(i)
    return r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17, r18, r19, r20
