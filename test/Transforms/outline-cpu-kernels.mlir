// RUN: kdsl-opt %s --kdsl-lower-launch --kdsl-outline-cpu-kernels | FileCheck %s
// RUN: kdsl-opt %s --kdsl-lower-launch --kdsl-outline-cpu-kernels=check-bounds=true | FileCheck %s --check-prefix=BOUNDS

// A 2-d kernel becomes the CPU entry point of KernelABI.h: arguments are read
// through args[i], the body runs once per flat thread index in [begin, end),
// and tid is the row-major decomposition of the flat index.
// CHECK-DAG: llvm.mlir.global internal constant @[[KNAME:kdsl_str_[0-9]+]]("k2\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[MSG:kdsl_str_[0-9]+]]("assert v > s\00")
// CHECK-DAG: func.func private @kdsl_report_assert(!llvm.ptr, !llvm.ptr, i32, i64)
// CHECK-LABEL: func.func @k2_cpu_forward(
// CHECK-SAME: %[[DIMS:.*]]: !llvm.ptr, %[[BEGIN:.*]]: i64, %[[END:.*]]: i64, %[[ARGS:.*]]: !llvm.ptr)
// CHECK-SAME: kdsl.kernel = "k2"
// CHECK: %[[SLOT0:.*]] = llvm.getelementptr %[[ARGS]][0]
// CHECK: %[[P0:.*]] = llvm.load %[[SLOT0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A:.*]] = kdsl.read %[[P0]] : !llvm.ptr -> !kdsl.array<f32, 2>
// CHECK: %[[S:.*]] = kdsl.read %{{.*}} : !llvm.ptr -> f32
// CHECK: %[[D1SLOT:.*]] = llvm.getelementptr %[[DIMS]][1]
// CHECK: %[[D1:.*]] = llvm.load %[[D1SLOT]] : !llvm.ptr -> i64
// When every array is dense in its innermost dimension, a copy of the loop
// runs on views whose innermost stride is known (so LLVM vectorizes it).
// CHECK: %[[DENSE:.*]] = kdsl.is_dense %[[A]]
// CHECK: %[[ALL:.*]] = arith.andi %{{.*}}, %[[DENSE]] : i1
// CHECK: scf.if %[[ALL]] {
// CHECK:   %[[AD:.*]] = kdsl.assume_dense %[[A]]
// CHECK:   scf.for %{{.*}} = %[[BEGIN]] to %[[END]]
// CHECK:     kdsl.load %[[AD]]
// CHECK: } else {
// CHECK: scf.for %[[FLAT:.*]] = %[[BEGIN]] to %[[END]] step %{{.*}} : i64 {
// CHECK:   %[[J64:.*]] = arith.remsi %[[FLAT]], %[[D1]] : i64
// CHECK:   %[[I64:.*]] = arith.divsi %[[FLAT]], %[[D1]] : i64
// CHECK:   %[[I:.*]] = arith.trunci %[[I64]] overflow<nsw, nuw> : i64 to i32
// CHECK:   %[[J:.*]] = arith.trunci %[[J64]] overflow<nsw, nuw> : i64 to i32
// CHECK:   %[[V:.*]] = kdsl.load %[[A]][%[[I]], %[[J]]]
// CHECK:   %[[OK:.*]] = arith.cmpf ogt, %[[V]], %[[S]]
// CHECK:   %[[FAILED:.*]] = arith.xori %[[OK]], %{{.*}} : i1
// CHECK:   scf.if %[[FAILED]] {
// CHECK:     %[[LINE:.*]] = arith.constant [[# @LINE + 32]] : i32
// CHECK:     %[[K:.*]] = llvm.mlir.addressof @[[KNAME]]
// CHECK:     %[[M:.*]] = llvm.mlir.addressof @[[MSG]]
// CHECK:     func.call @kdsl_report_assert(%[[K]], %[[M]], %[[LINE]], %[[FLAT]])
// CHECK-NOT: kdsl.kernel
// CHECK-NOT: kdsl.tid

// BOUNDS: func.func private @kdsl_report_oob(!llvm.ptr, !llvm.ptr, i32, i64, i64, i64)
// BOUNDS-LABEL: func.func @k2_cpu_forward(
// BOUNDS: scf.if
// BOUNDS: %[[EXT0:.*]] = kdsl.shape %{{.*}}[0]
// BOUNDS: %[[NEG0:.*]] = arith.subi %{{.*}}, %[[EXT0]] : i32
// BOUNDS: %[[LT0:.*]] = arith.cmpi slt, %[[IDX0:.*]], %[[EXT0]] : i32
// BOUNDS: %[[GE0:.*]] = arith.cmpi sge, %[[IDX0]], %[[NEG0]] : i32
// BOUNDS: %[[IN0:.*]] = arith.andi %[[LT0]], %[[GE0]] : i1
// BOUNDS: func.call @kdsl_report_oob(
// BOUNDS: %[[EXT1:.*]] = kdsl.shape %{{.*}}[1]
// BOUNDS: %[[NEG1:.*]] = arith.subi %{{.*}}, %[[EXT1]] : i32
// BOUNDS: %[[LT1:.*]] = arith.cmpi slt, %[[IDX1:.*]], %[[EXT1]] : i32
// BOUNDS: %[[GE1:.*]] = arith.cmpi sge, %[[IDX1]], %[[NEG1]] : i32
// BOUNDS: %[[IN1:.*]] = arith.andi %[[LT1]], %[[GE1]] : i1
// BOUNDS: func.call @kdsl_report_oob(
// BOUNDS: %[[OK:.*]] = arith.andi %{{.*}}, %[[IN1]] : i1
// BOUNDS: %{{.*}} = scf.if %[[OK]] -> (f32) {
// BOUNDS:   kdsl.load
// BOUNDS: } else {
// BOUNDS:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// BOUNDS:   scf.yield %[[ZERO]] : f32
kdsl.kernel @k2(%a: !kdsl.array<f32, 2>, %s: f32) attributes {arg_names = ["a", "s"]} {
  %i, %j = kdsl.tid : i32, i32
  %v = kdsl.load %a[%i, %j] : !kdsl.array<f32, 2>
  %ok = arith.cmpf ogt, %v, %s : f32
  kdsl.assert %ok, "assert v > s"
  kdsl.return
}
