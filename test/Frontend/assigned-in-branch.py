# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# As in Warp (warp/tests/test_conditional.py test_bool_param_conditional,
# warp/examples/core/example_raymarch.py), a local assigned in only one branch,
# or inside a loop, can be read afterwards. On a path that did not assign it,
# it holds the zero value of its type.
import warp as wp


# CHECK-LABEL: kdsl.kernel @one_branch(
# CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
# CHECK: %[[C:.*]] = scf.if %{{.*}} -> (i32) {
# CHECK:   scf.yield %{{.*}} : i32
# CHECK: } else {
# CHECK:   scf.yield %[[ZERO]] : i32
# CHECK: kdsl.store %[[C]], %b
@wp.kernel
def one_branch(b: wp.array(dtype=int), x: float):
    i = wp.tid()
    if x > 0.0:
        c = 123
    b[i] = c


# CHECK-LABEL: kdsl.kernel @after_loop(
# CHECK: %[[R:.*]]:2 = scf.for
# CHECK: kdsl.store %[[R]]#{{[01]}}, %a
@wp.kernel
def after_loop(a: wp.array(dtype=float), n: int):
    t = float(0.0)
    for _ in range(n):
        d = t + 1.0
        t = t + d
    a[0] = d


# Vectors compare with == / != (all components), and `@` is the matrix product.
# CHECK-LABEL: kdsl.kernel @compare_and_matmul(
# CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : vector<3xf32>
# CHECK: vector.reduction <and>
# CHECK: kdsl.matmul %{{.*}}, %{{.*}} : vector<3x3xf32>, vector<3x3xf32> -> vector<3x3xf32>
@wp.kernel
def compare_and_matmul(v: wp.vec3, w: wp.vec3, m: wp.mat33, out: wp.array(dtype=wp.mat33)):
    if v == w:
        out[0] = m @ m
