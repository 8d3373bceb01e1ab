# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Every scalar type, as a kernel parameter, an array element type and in
# arithmetic. Unsigned types are signless integers of the same width; their
# unsignedness shows in the operations chosen (see operators-unsigned.py).

import warp as wp


# CHECK-LABEL: func.func private @arith(
# CHECK-SAME: -> (i8, i16, i32, i64, i8, i16, i32, i64, f16, f32, f64, i1)
# CHECK: arith.addi %{{.*}}, %{{.*}} : i8
# CHECK: arith.addi %{{.*}}, %{{.*}} : i16
# CHECK: arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: arith.addi %{{.*}}, %{{.*}} : i64
# CHECK: arith.addi %{{.*}}, %{{.*}} : i8
# CHECK: arith.addi %{{.*}}, %{{.*}} : i16
# CHECK: arith.addi %{{.*}}, %{{.*}} : i32
# CHECK: arith.addi %{{.*}}, %{{.*}} : i64
# CHECK: arith.addf %{{.*}}, %{{.*}} : f16
# CHECK: arith.addf %{{.*}}, %{{.*}} : f32
# CHECK: arith.addf %{{.*}}, %{{.*}} : f64
# CHECK: arith.xori %{{.*}}, %{{.*}} : i1
@wp.func
def arith(b: bool, i8: wp.int8, i16: wp.int16, i: int, i64: wp.int64,
          u8: wp.uint8, u16: wp.uint16, u32: wp.uint32, u64: wp.uint64,
          h: wp.float16, f: float, d: wp.float64):
    return i8 + i8, i16 + i16, i + i, i64 + i64, u8 + u8, u16 + u16, u32 + u32, u64 + u64, h + h, f + f, d + d, b ^ b


# CHECK-LABEL: kdsl.kernel @params(
# CHECK-SAME: %b: i1, %b2: i1,
# CHECK-SAME: %i8: i8, %i16: i16, %i32: i32, %i: i32, %i64: i64,
# CHECK-SAME: %u8: i8, %u16: i16, %u32: i32, %u64: i64,
# CHECK-SAME: %h: f16, %f32: f32, %f: f32, %d: f64
@wp.kernel
def params(b: wp.bool, b2: bool, i8: wp.int8, i16: wp.int16, i32: wp.int32, i: int, i64: wp.int64,
           u8: wp.uint8, u16: wp.uint16, u32: wp.uint32, u64: wp.uint64,
           h: wp.float16, f32: wp.float32, f: float, d: wp.float64):
    pass


# CHECK-LABEL: kdsl.kernel @arrays(
# CHECK-SAME: !kdsl.array<i1, 1>
# CHECK-SAME: !kdsl.array<i8, 1>
# CHECK-SAME: !kdsl.array<i16, 1>
# CHECK-SAME: !kdsl.array<i64, 1>
# CHECK-SAME: !kdsl.array<i32, 1>
# CHECK-SAME: !kdsl.array<f16, 1>
# CHECK-SAME: !kdsl.array<f64, 1>
@wp.kernel
def arrays(b: wp.array(dtype=wp.bool), u8: wp.array(dtype=wp.uint8), i16: wp.array(dtype=wp.int16),
           u64: wp.array(dtype=wp.uint64), u32: wp.array(dtype=wp.uint32), h: wp.array(dtype=wp.float16),
           d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    # CHECK: %[[B:.*]] = kdsl.load %b[%{{.*}}] : <i1, 1>
    # CHECK: scf.if %[[B]]
    if b[i]:
        # CHECK: %[[H:.*]] = kdsl.load %h
        # CHECK: %[[H2:.*]] = arith.mulf %[[H]], %{{.*}} : f16
        # CHECK: kdsl.store %[[H2]], %h
        h[i] = h[i] * h[i]
