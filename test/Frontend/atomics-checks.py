# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# wp.atomic_add / atomic_sub / atomic_min / atomic_max (1-d to 4-d arrays,
# scalar, vector and matrix elements; the old value is the result), and the
# run-time checks assert / wp.expect_eq / wp.expect_neq / wp.expect_near
# (kdsl.assert with a condition and a message).

import warp as wp


# CHECK-LABEL: kdsl.kernel @atomics(
@wp.kernel
def atomics(a: wp.array(dtype=float), b: wp.array2d(dtype=int), c: wp.array3d(dtype=wp.uint32),
            d: wp.array4d(dtype=wp.float64), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22),
            h: wp.array(dtype=wp.float16), x: float, out: wp.array(dtype=float)):
    # CHECK: %[[I:.*]], %[[J:.*]] = kdsl.tid : i32, i32
    i, j = wp.tid()
    # CHECK: %[[OLD:.*]] = kdsl.atomic add %a[%[[I]]], %x : <f32, 1>
    old = wp.atomic_add(a, i, x)
    # CHECK: kdsl.atomic sub %a[%[[I]]], %{{.*}} : <f32, 1>
    wp.atomic_sub(a, i, 1.0)
    # CHECK: kdsl.atomic min %b[%[[I]], %[[J]]], %{{.*}} : <i32, 2>
    wp.atomic_min(b, i, j, 3)
    # c holds uint32: the unsigned comparison.
    # CHECK: kdsl.atomic umax %c[%[[I]], %[[J]], %{{.*}}], %{{.*}} : <i32, 3>
    wp.atomic_max(c, i, j, 0, wp.uint32(7))
    # CHECK: kdsl.atomic add %d[%[[I]], %[[J]], %{{.*}}, %{{.*}}], %{{.*}} : <f64, 4>
    wp.atomic_add(d, i, j, 0, 1, 2.0)
    # CHECK: %[[ONES:.*]] = vector.broadcast %{{.*}} : f32 to vector<3xf32>
    # CHECK: kdsl.atomic max %v[%[[I]]], %[[ONES]] : <vector<3xf32>, 1>
    wp.atomic_max(v, i, wp.vec3(1.0))
    # CHECK: kdsl.atomic add %m[%[[I]]], %{{.*}} : <vector<2x2xf32>, 1>
    wp.atomic_add(m, i, wp.mat22(1.0, 0.0, 0.0, 1.0))
    # float16 supports add and sub.
    # CHECK: kdsl.atomic add %h[%[[I]]], %{{.*}} : <f16, 1>
    wp.atomic_add(h, i, wp.float16(1.0))
    # CHECK: kdsl.store %[[OLD]], %out[%[[I]]]
    out[i] = old


# CHECK-LABEL: kdsl.kernel @checks(
@wp.kernel
def checks(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), x: float, n: int):
    i = wp.tid()
    # CHECK: %[[POS:.*]] = arith.cmpf ogt, %x, %{{.*}} : f32
    # CHECK: kdsl.assert %[[POS]], "{{.*}}"
    assert x > 0.0
    # The message of `assert cond, "msg"` is accepted.
    # CHECK: %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %n : i32
    # CHECK: kdsl.assert %[[LT]], "{{.*}}"
    assert i < n, "i must be below n"
    # A number as the condition.
    # CHECK: %[[NZ:.*]] = arith.cmpi ne, %n, %{{.*}} : i32
    # CHECK: kdsl.assert %[[NZ]]
    assert n
    # CHECK: %[[EQ:.*]] = arith.cmpi eq, %{{.*}}, %n : i32
    # CHECK: kdsl.assert %[[EQ]], "wp.expect_eq(i, n)"
    wp.expect_eq(i, n)
    # On vectors: equal when every component is (NaN never equals).
    # CHECK: %[[VE:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : vector<3xf32>
    # CHECK: %[[ALL:.*]] = vector.reduction <and>, %[[VE]] : vector<3xi1> into i1
    # CHECK: kdsl.assert %[[ALL]], "wp.expect_eq(v[i], wp.vec3(1.0))"
    wp.expect_eq(v[i], wp.vec3(1.0))
    # expect_neq fails when every component is equal.
    # CHECK: %[[VE2:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : vector<3xf32>
    # CHECK: %[[ALL2:.*]] = vector.reduction <and>, %[[VE2]] : vector<3xi1> into i1
    # CHECK: %[[NE:.*]] = arith.xori %[[ALL2]], %{{.*}} : i1
    # CHECK: kdsl.assert %[[NE]], "wp.expect_neq(v[i], wp.vec3(0.0))"
    wp.expect_neq(v[i], wp.vec3(0.0))
    # expect_near: |a - b| against the tolerance.
    # CHECK: %[[DIFF:.*]] = arith.subf %{{.*}}, %{{.*}} : f32
    # CHECK: %[[ABS:.*]] = math.absf %[[DIFF]] : f32
    # CHECK: %[[NEAR:.*]] = arith.cmpf {{.*}}, %[[ABS]], %{{.*}} : f32
    # CHECK: kdsl.assert %[[NEAR]], "wp.expect_near(a[i], 1.0, 0.01)"
    wp.expect_near(a[i], 1.0, 0.01)
