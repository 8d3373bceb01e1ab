# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Augmented assignment on locals, array elements, vector components, matrix
# elements and struct fields. On an array element, += and -= are atomic
# (kdsl.atomic add / sub, old value discarded) for 32- and 64-bit element
# types; every other operator, and 8/16-bit integer element types, give a
# plain load, compute and store.

import warp as wp


@wp.struct
class Body:
    vel: wp.vec3
    mass: float


# CHECK-LABEL: func.func private @locals(
# CHECK-SAME: %[[N:.*]]: i32, %[[X:.*]]: f32
@wp.func
def locals(n: int, x: float):
    i = n
    # CHECK: %[[I1:.*]] = arith.addi %[[N]], %{{.*}} : i32
    i += 1
    # CHECK: %[[I2:.*]] = arith.subi %[[I1]], %{{.*}} : i32
    i -= 2
    # CHECK: %[[I3:.*]] = arith.muli %[[I2]], %{{.*}} : i32
    i *= 3
    # CHECK: %[[I4:.*]] = arith.divsi %[[I3]], %{{.*}} : i32
    i /= 4
    # CHECK: %[[I5:.*]] = arith.divsi %[[I4]], %{{.*}} : i32
    i //= 5
    # CHECK: %[[I6:.*]] = arith.remsi %[[I5]], %{{.*}} : i32
    i %= 6
    # CHECK: %[[I7:.*]] = arith.andi %[[I6]], %{{.*}} : i32
    i &= 7
    # CHECK: %[[I8:.*]] = arith.ori %[[I7]], %{{.*}} : i32
    i |= 8
    # CHECK: %[[I9:.*]] = arith.xori %[[I8]], %{{.*}} : i32
    i ^= 9
    # CHECK: %[[I10:.*]] = arith.shli %[[I9]], %{{.*}} : i32
    i <<= 1
    # CHECK: %[[I11:.*]] = arith.shrsi %[[I10]], %{{.*}} : i32
    i >>= 2
    y = x
    # CHECK: %[[Y1:.*]] = arith.addf %[[X]], %{{.*}} : f32
    y += 1.0
    # CHECK: %[[Y2:.*]] = arith.divf %[[Y1]], %{{.*}} : f32
    # CHECK: %[[Y3:.*]] = math.floor %[[Y2]] : f32
    y //= 2.0
    # CHECK: %[[Y4:.*]] = math.powf %[[Y3]], %{{.*}} : f32
    y **= 2.0
    # CHECK: %[[Y5:.*]] = arith.remf %[[Y4]], %{{.*}} : f32
    y %= 3.0
    # CHECK: return %[[I11]], %[[Y5]] : i32, f32
    return i, y


# CHECK-LABEL: kdsl.kernel @array_elements(
@wp.kernel
def array_elements(a: wp.array(dtype=float), b: wp.array2d(dtype=int), d: wp.array(dtype=wp.float64),
                   u: wp.array(dtype=wp.uint32), l: wp.array(dtype=wp.int64), v: wp.array(dtype=wp.vec3),
                   vi: wp.array(dtype=wp.vec2i), u8: wp.array(dtype=wp.uint8), i16: wp.array(dtype=wp.int16),
                   m: wp.array(dtype=wp.mat22), q: wp.array(dtype=wp.quat), x: float):
    i, j = wp.tid()
    # CHECK: kdsl.atomic add %a[%{{.*}}], %x : <f32, 1>
    a[i] += x
    # CHECK: kdsl.atomic sub %a[%{{.*}}], %{{.*}} : <f32, 1>
    a[i] -= 2.0
    # CHECK: kdsl.atomic add %b[%{{.*}}, %{{.*}}], %{{.*}} : <i32, 2>
    b[i, j] += 1
    # CHECK: kdsl.atomic add %d[%{{.*}}], %{{.*}} : <f64, 1>
    d[i] += 1.0
    # CHECK: kdsl.atomic add %u[%{{.*}}], %{{.*}} : <i32, 1>
    u[i] += wp.uint32(1)
    # CHECK: kdsl.atomic sub %l[%{{.*}}], %{{.*}} : <i64, 1>
    l[i] -= wp.int64(1)
    # Vector arrays: component-wise atomics.
    # CHECK: kdsl.atomic add %v[%{{.*}}], %{{.*}} : <vector<3xf32>, 1>
    v[i] += wp.vec3(1.0)
    # CHECK: kdsl.atomic add %vi[%{{.*}}], %{{.*}} : <vector<2xi32>, 1>
    vi[i] += wp.vec2i(1, 1)
    # Matrix and quaternion arrays: component-wise atomics.
    # CHECK: kdsl.atomic add %m[%{{.*}}], %{{.*}} : <vector<2x2xf32>, 1>
    m[i] += wp.mat22(1.0, 2.0, 3.0, 4.0)
    # CHECK: kdsl.atomic sub %q[%{{.*}}], %{{.*}} : <vector<4xf32>, 1>
    q[i] -= wp.quat(0.0, 0.0, 0.0, 1.0)
    # Other operators are a plain read-modify-write.
    # CHECK: %[[A:.*]] = kdsl.load %a[%[[I:.*]]] : <f32, 1>
    # CHECK: %[[A2:.*]] = arith.mulf %[[A]], %{{.*}} : f32
    # CHECK: kdsl.store %[[A2]], %a[%[[I]]] : <f32, 1>
    a[i] *= 2.0
    # &=, |=, ^= on [u]int32/[u]int64 elements are atomics too (as in Warp).
    # CHECK: kdsl.atomic bit_and %b[%{{.*}}, %{{.*}}], %{{.*}} : <i32, 2>
    b[i, j] &= 3
    # 8- and 16-bit integer element types are never atomic.
    # CHECK: %[[U8:.*]] = kdsl.load %u8
    # CHECK: %[[U82:.*]] = arith.addi %[[U8]], %{{.*}} : i8
    # CHECK: kdsl.store %[[U82]], %u8
    u8[i] += wp.uint8(1)
    # CHECK: %[[S16:.*]] = kdsl.load %i16
    # CHECK: %[[S162:.*]] = arith.subi %[[S16]], %{{.*}} : i16
    # CHECK: kdsl.store %[[S162]], %i16
    i16[i] -= wp.int16(1)


# CHECK-LABEL: kdsl.kernel @components(
@wp.kernel
def components(out: wp.array(dtype=wp.vec3), m: wp.mat33, body: Body, vs: wp.array(dtype=wp.vec3), k: int):
    i = wp.tid()
    v = wp.vec3(0.0)
    # CHECK: %[[VX:.*]] = vector.extract %[[V:.*]][0] : f32 from vector<3xf32>
    # CHECK: %[[VX2:.*]] = arith.addf %[[VX]], %{{.*}} : f32
    # CHECK: %[[V2:.*]] = vector.insert %[[VX2]], %[[V]] [0] : f32 into vector<3xf32>
    v.x += 1.0
    # CHECK: vector.extract %[[V2]][2] : f32 from vector<3xf32>
    # CHECK: arith.mulf
    # CHECK: %[[V3:.*]] = vector.insert %{{.*}}, %[[V2]] [2] : f32 into vector<3xf32>
    v[2] *= 3.0
    # CHECK: %[[E:.*]] = vector.extract %m[1, 2] : f32 from vector<3x3xf32>
    # CHECK: %[[E2:.*]] = arith.subf %[[E]], %{{.*}} : f32
    # CHECK: vector.insert %[[E2]], %m [1, 2] : f32 into vector<3x3xf32>
    m[1, 2] -= 1.0
    # CHECK: %[[BV:.*]] = kdsl.struct_extract %body["vel"] : !Body
    # CHECK: %[[BV2:.*]] = arith.addf %[[BV]], %[[V3]] : vector<3xf32>
    # CHECK: kdsl.struct_insert %[[BV2]], %body["vel"] : vector<3xf32>, !Body
    body.vel += v
    # CHECK: %[[BM:.*]] = kdsl.struct_extract %{{.*}}["mass"] : !Body
    # CHECK: arith.mulf %[[BM]], %{{.*}} : f32
    body.mass *= 2.0
    out[i] = body.vel * body.mass + m[1]
    # A component of an array element: load, update, store back.
    # CHECK: %[[EL:.*]] = kdsl.load %vs
    # CHECK: vector.extract %[[EL]][1]
    # CHECK: arith.addf
    # CHECK: %[[EL2:.*]] = vector.insert %{{.*}}, %{{.*}} [1] : f32 into vector<3xf32>
    # CHECK: kdsl.store %[[EL2]], %vs
    vs[i][1] += 1.0
