# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Comparisons (also chained), and / or / not, and the conditional expression.
#  * A chain a < b < c is (a < b) and (b < c) with b evaluated once.
#  * and / or give bool. When the right operand reads memory it is evaluated
#    only if needed (short-circuit scf.if); otherwise both sides are computed
#    and combined with andi / ori.
#  * a if c else b is arith.select when both arms are cheap and pure, scf.if
#    when an arm reads memory.
#  * Float == is oeq, != is une (true for NaN), ordered < <= > >=.

import warp as wp


# CHECK-LABEL: func.func private @compare(
# CHECK-SAME: %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32, %[[N:[^:]*]]: i32, %[[M:[^:]*]]: i32)
# CHECK: arith.cmpf olt, %[[X]], %[[Y]] : f32
# CHECK: arith.cmpf ole, %[[X]], %[[Y]] : f32
# CHECK: arith.cmpf ogt, %[[X]], %[[Y]] : f32
# CHECK: arith.cmpf oge, %[[X]], %[[Y]] : f32
# CHECK: arith.cmpf oeq, %[[X]], %[[Y]] : f32
# CHECK: arith.cmpf une, %[[X]], %[[Y]] : f32
# CHECK: arith.cmpi slt, %[[N]], %[[M]] : i32
# CHECK: arith.cmpi sle, %[[N]], %[[M]] : i32
# CHECK: arith.cmpi sgt, %[[N]], %[[M]] : i32
# CHECK: arith.cmpi sge, %[[N]], %[[M]] : i32
# CHECK: arith.cmpi eq, %[[N]], %[[M]] : i32
# CHECK: arith.cmpi ne, %[[N]], %[[M]] : i32
# bool == bool
# CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i1
@wp.func
def compare(x: float, y: float, n: int, m: int):
    return x < y, x <= y, x > y, x >= y, x == y, x != y, n < m, n <= m, n > m, n >= m, n == m, n != m, (x < y) == (n < m)


# CHECK-LABEL: kdsl.kernel @chains(
@wp.kernel
def chains(x: wp.array(dtype=float), n: int, out: wp.array(dtype=int)):
    i = wp.tid()
    # CHECK: %[[LO:.*]] = arith.cmpi sle, %{{.*}}, %[[I:.*]] : i32
    # CHECK: %[[HI:.*]] = arith.cmpi slt, %[[I]], %n : i32
    # CHECK: %[[BOTH:.*]] = arith.andi %[[LO]], %[[HI]] : i1
    # CHECK: scf.if %[[BOTH]]
    if 0 <= i < n:
        out[i] = 1
    # The middle operand (a load) is evaluated once.
    # CHECK: %[[V:.*]] = kdsl.load %x
    # CHECK-NOT: kdsl.load
    # CHECK: arith.cmpf olt, %{{.*}}, %[[V]] : f32
    # CHECK: arith.cmpf olt, %[[V]], %{{.*}} : f32
    # CHECK: arith.andi
    if 0.0 < x[i] < 1.0:
        out[i] = 2


# CHECK-LABEL: kdsl.kernel @logic(
@wp.kernel
def logic(x: wp.array(dtype=float), n: int, m: int, out: wp.array(dtype=int)):
    i = wp.tid()
    # Short-circuit `and` when the right operand loads from an array.
    # CHECK: %[[IN:.*]] = arith.cmpi slt, %{{.*}}, %n : i32
    # CHECK: %[[AND:.*]] = scf.if %[[IN]] -> (i1) {
    # CHECK:   %[[L:.*]] = kdsl.load %x
    # CHECK:   %[[P:.*]] = arith.cmpf ogt, %[[L]], %{{.*}} : f32
    # CHECK:   scf.yield %[[P]] : i1
    # CHECK: } else {
    # CHECK:   %[[F:.*]] = arith.constant false
    # CHECK:   scf.yield %[[F]] : i1
    # CHECK: }
    # CHECK: scf.if %[[AND]]
    if i < n and x[i] > 0.0:
        out[i] = 1
    # Short-circuit `or`.
    # CHECK: %[[OUT:.*]] = arith.cmpi sge, %{{.*}}, %n : i32
    # CHECK: %[[OR:.*]] = scf.if %[[OUT]] -> (i1) {
    # CHECK:   %[[T:.*]] = arith.constant true
    # CHECK:   scf.yield %[[T]] : i1
    # CHECK: } else {
    # CHECK:   kdsl.load %x
    # CHECK: }
    # CHECK: scf.if %[[OR]]
    if i >= n or x[i] < 0.0:
        out[i] = 2
    # Cheap operands: both sides are computed.
    # CHECK: %[[A:.*]] = arith.cmpi slt, %{{.*}}, %n : i32
    # CHECK: %[[B:.*]] = arith.cmpi sgt, %m, %{{.*}} : i32
    # CHECK: %[[AB:.*]] = arith.andi %[[A]], %[[B]] : i1
    # `not n` on an int is n == 0:
    # CHECK: %[[NZ:.*]] = arith.cmpi ne, %n, %{{.*}} : i32
    # CHECK: %[[NOT:.*]] = arith.xori %[[NZ]], %{{.*}} : i1
    # CHECK: %[[ORV:.*]] = arith.ori %[[AB]], %[[NOT]] : i1
    # CHECK: scf.if %[[ORV]]
    b = i < n and m > 0
    c = not n
    if b or c:
        out[i] = 3
    # CHECK: %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %m : i32
    # CHECK: %[[NLT:.*]] = arith.xori %[[LT]], %{{.*}} : i1
    # CHECK: scf.if %[[NLT]]
    if not (i < m):
        out[i] = 4


# CHECK-LABEL: kdsl.kernel @ternary(
@wp.kernel
def ternary(x: wp.array(dtype=float), n: int, v: wp.vec3, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    # CHECK: %[[C:.*]] = arith.cmpi slt, %{{.*}}, %n : i32
    # CHECK: %[[A:.*]] = arith.select %[[C]], %{{.*}}, %{{.*}} : f32
    a = 1.0 if i < n else 2.0
    # An arm that reads memory: scf.if.
    # CHECK: %[[C2:.*]] = arith.cmpi slt, %{{.*}}, %n : i32
    # CHECK: %[[B:.*]] = scf.if %[[C2]] -> (f32) {
    # CHECK:   %[[L:.*]] = kdsl.load %x
    # CHECK:   scf.yield %[[L]] : f32
    # CHECK: } else {
    # CHECK:   scf.yield %{{.*}} : f32
    # CHECK: }
    b = x[i] if i < n else 0.0
    # The int literal in the else arm adapts to float.
    # CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
    c = 0.5 if n else 1
    # CHECK: arith.addf %[[A]], %[[B]] : f32
    x[i] = a + b + c
    # Vector-valued conditional expression.
    # CHECK: arith.select %{{.*}}, %v, %{{.*}} : vector<3xf32>
    out[i] = v if n > 0 else -v
