# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt --kdsl-autodiff | FileCheck %s --check-prefix=ADJ
#
# wp.indexedarray is a struct of its data array and one index array per
# dimension (kdsl/Dialect/IndexedArray.h); a[i, j] loads data at the indices
# remapped where an index array is given (scf.if on kdsl.has_data), .shape[d]
# is the index count or the data's extent, a[i] is the same struct over the
# data's view. Every annotation spelling gives the same type.

from typing import Literal

import warp as wp


# CHECK: !indexedarray1d_float32 = !kdsl.struct<"indexedarray1d_float32", {data: !kdsl.array<f32, 1>, indices0: !kdsl.array<i32, 1>}>
# CHECK: !indexedarray2d_float32 = !kdsl.struct<"indexedarray2d_float32", {data: !kdsl.array<f32, 2>, indices0: !kdsl.array<i32, 1>, indices1: !kdsl.array<i32, 1>}>
# CHECK-LABEL: func.func private @total_indexedarray_float32(%arg0: !indexedarray1d_float32) -> f32
# CHECK-LABEL: kdsl.kernel @k(%a: !indexedarray2d_float32, %b: !indexedarray2d_float32, %c: !indexedarray2d_float32, %d: !indexedarray2d_float32, %out: !kdsl.array<f32, 1>)
# CHECK: %[[I0:.*]] = kdsl.struct_extract %a["indices0"]
# CHECK: %[[H0:.*]] = kdsl.has_data %[[I0]]
# CHECK: %[[R0:.*]] = scf.if %[[H0]] -> (i32) {
# CHECK-NEXT: %[[J:.*]] = kdsl.load %[[I0]][%tid] : <i32, 1>
# CHECK-NEXT: scf.yield %[[J]] : i32
# CHECK-NEXT: } else {
# CHECK-NEXT: scf.yield %tid : i32
# CHECK: %[[R1:.*]] = scf.if
# CHECK: %[[DATA:.*]] = kdsl.struct_extract %a["data"]
# CHECK: kdsl.load %[[DATA]][%[[R0]], %[[R1]]] : <f32, 2>
# a.shape[1]: the count of indices1 where it is given, else data.shape[1].
# CHECK: %[[I1:.*]] = kdsl.struct_extract %b["indices1"]
# CHECK: %[[H1:.*]] = kdsl.has_data %[[I1]]
# CHECK: %[[N:.*]] = kdsl.shape %[[I1]][0] : <i32, 1>
# CHECK: %[[BD:.*]] = kdsl.struct_extract %b["data"]
# CHECK: %[[E:.*]] = kdsl.shape %[[BD]][1] : <f32, 2>
# CHECK: arith.select %[[H1]], %[[N]], %[[E]] : i32
# row = c[i]: a 1-d indexed array over the data's row at the remapped index
# and c's indices1 (the struct itself folds away: row[0] reads its fields).
# CHECK: %[[ROW:.*]] = kdsl.subarray %{{.*}}[%{{.*}}] : <f32, 2> -> <f32, 1>
# CHECK: %[[C1:.*]] = kdsl.struct_extract %c["indices1"]
# CHECK: scf.if
# CHECK-NEXT: kdsl.load %[[C1]][%{{.*}}] : <i32, 1>
# CHECK: kdsl.load %[[ROW]][%{{.*}}] : <f32, 1>
# CHECK: kdsl.shape %[[ROW]][0] : <f32, 1>
# d[i, 0] += x: an atomic add into the data.
# CHECK: kdsl.atomic add %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : <f32, 2>
#
# The adjoint reads through the same indices into the adjoint data.
# ADJ-LABEL: kdsl.kernel @k_backward(
# ADJ: %[[AD:.*]] = kdsl.struct_extract %adj_a["data"]
# ADJ: kdsl.atomic add %[[AD]][
@wp.kernel
def k(a: wp.indexedarray[float, Literal[2]], b: wp.indexedarray(dtype=float, ndim=2),
      c: wp.indexedarray2d(dtype=wp.float32), d: wp.indexedarray[wp.float32, 2],
      out: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i, 1] * 2.0 + float(b.shape[1])
    row = c[i]
    out[i] = x + row[0] + float(len(row))
    d[i, 0] += x


# wp.array takes Literal[N] too.
# CHECK-LABEL: kdsl.kernel @literal_ndim(%a: !kdsl.array<f32, 3>, %b: !indexedarray3d_vec3f)
@wp.kernel
def literal_ndim(a: wp.array[float, Literal[3]], b: wp.indexedarray3d(dtype=wp.vec3)):
    a[0, 0, 0] = b[0, 0, 0][1]


# Generic kernels and funcs take indexed arrays as Any or by annotation
# (the func's instance is printed first, with the types).
# CHECK-LABEL: kdsl.kernel @inc_indexedarray_int32(%a: !indexedarray1d_int32)
@wp.func
def total(x: wp.indexedarray(dtype=wp.types.Any)):
    s = float(0.0)
    for i in range(len(x)):
        s += x[i]
    return s


@wp.kernel
def uses_total(x: wp.indexedarray(dtype=float), out: wp.array(dtype=float)):
    out[0] = total(x)


@wp.kernel
def inc(a: wp.types.Any):
    i = wp.tid()
    a[i] = a[i] + 1


wp.overload(inc, [wp.indexedarray[int]])
