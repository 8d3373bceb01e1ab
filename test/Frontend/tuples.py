# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt --kdsl-autodiff | FileCheck %s --check-prefix=ADJ
#
# First-class tuples: a tuple value is a kdsl struct named after its element
# types with fields f0, f1, ...; t[k] (k constant) is a struct_extract, a
# tuple parameter a struct argument, len(t) a constant, and a loop over
# range(len(t)) whose body indexes t is unrolled.

import warp as wp


# CHECK-LABEL: func.func private @sum3(%arg0: !tuple_float32_float32_float32) -> f32
# CHECK: kdsl.struct_extract %arg0["f0"]
# CHECK: kdsl.struct_extract %arg0["f1"]
# CHECK: kdsl.struct_extract %arg0["f2"]
# CHECK-NOT: scf.for
# CHECK: return
@wp.func
def sum3(values: tuple[float, float, float]):
    s = float(0.0)
    for i in range(len(values)):
        s += values[i]
    return s


@wp.func
def pair(x: float) -> tuple[float, int]:
    return x * 2.0, 3


# CHECK-LABEL: kdsl.kernel @k(
# CHECK: %[[T:.*]] = kdsl.struct_create(%{{.*}}, %{{.*}}, %{{.*}}) : !tuple_float32_float32_float32
# CHECK: func.call @sum3(%[[T]])
# p[k] of a tuple built here reads the call's result directly.
# CHECK: %[[P:.*]]:2 = func.call @pair(
# CHECK: arith.sitofp %[[P]]#1 : i32 to f32
# CHECK: arith.mulf %[[P]]#0,
# CHECK: %[[LEN:.*]] = arith.constant 2 : i32
# CHECK: kdsl.store %[[LEN]], %n
# sum3's adjoint function takes the tuple and returns its adjoint, a tuple
# (each element the result's adjoint); pair's takes both results' adjoints.
# The kernel's adjoint calls them.
# ADJ-LABEL: func.func private @adj_sum3(
# ADJ-SAME: %{{.*}}: !tuple_float32_float32_float32, %[[G:.*]]: f32) -> !tuple_float32_float32_float32
# ADJ-DAG: kdsl.struct_insert %[[G]], %{{.*}}["f0"]
# ADJ-DAG: kdsl.struct_insert %[[G]], %{{.*}}["f1"]
# ADJ-DAG: kdsl.struct_insert %[[G]], %{{.*}}["f2"]
# ADJ-LABEL: func.func private @adj_pair(
# ADJ-SAME: %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: i32) -> f32
# ADJ-LABEL: kdsl.kernel @k_backward(
# ADJ: %[[T:.*]] = kdsl.struct_create(%{{.*}}, %{{.*}}, %{{.*}}) : !tuple_float32_float32_float32
# ADJ: func.call @adj_pair(
# ADJ: %[[AT:.*]] = func.call @adj_sum3(%[[T]], %{{.*}})
# ADJ: kdsl.struct_extract %[[AT]]["f0"]
@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float), n: wp.array(dtype=int)):
    i = wp.tid()
    t = (a[i], a[i] * a[i], 1.0)
    out[i] = sum3(t)
    p = pair(a[i])
    out[i] += p[0] * float(p[-1])
    n[i] = len(p)
