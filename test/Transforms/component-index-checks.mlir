// kdsl.component_index with bounds checks: kdsl-outline-cpu-kernels reports
// an index outside [-extent, extent) through kdsl_report_oob (dimension -1,
// the description as the "array"), then uses position 0; an index in range
// wraps as without checks (component-index.mlir).
// RUN: kdsl-opt %s --kdsl-lower-launch --kdsl-outline-cpu-kernels=check-bounds=true | FileCheck %s --check-prefix=BOUNDS
// RUN: kdsl-opt %s --kdsl-lower-launch --kdsl-outline-cpu-kernels | FileCheck %s --check-prefix=NOCHECK

// Without checks the op stays for kdsl-convert-to-llvm.
// NOCHECK-NOT: kdsl_report_oob
// NOCHECK: kdsl.component_index %{{.*}}, 3, "a row of mat33f 'm'"

// BOUNDS-DAG: llvm.mlir.global internal constant @[[WHAT:kdsl_str_[0-9]+]]("a row of mat33f 'm'\00")
// BOUNDS-DAG: func.func private @kdsl_report_oob(!llvm.ptr, !llvm.ptr, i32, i64, i64, i64)
// BOUNDS-LABEL: func.func @rows_cpu_forward(
// BOUNDS: scf.for %[[FLAT:.*]] = %{{.*}} to %{{.*}} step
// BOUNDS: %[[J:.*]] = scf.if %{{.*}} -> (i32)
// BOUNDS: %[[N:.*]] = arith.constant 3 : i32
// BOUNDS: %[[LT:.*]] = arith.cmpi slt, %[[J]], %[[N]] : i32
// BOUNDS: %[[MN:.*]] = arith.constant -3 : i32
// BOUNDS: %[[GE:.*]] = arith.cmpi sge, %[[J]], %[[MN]] : i32
// BOUNDS: %[[IN:.*]] = arith.andi %[[LT]], %[[GE]] : i1
// BOUNDS: %[[OUT:.*]] = arith.xori %[[IN]], %{{.*}} : i1
// BOUNDS: scf.if %[[OUT]] {
// BOUNDS-DAG:   %[[N64:.*]] = arith.constant 3 : i64
// BOUNDS-DAG:   %[[W:.*]] = llvm.mlir.addressof @[[WHAT]]
// BOUNDS-DAG:   %[[DIM:.*]] = arith.constant -1 : i32
// BOUNDS-DAG:   %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// BOUNDS:   func.call @kdsl_report_oob(%{{.*}}, %[[W]], %[[DIM]], %[[J64]], %[[N64]], %[[FLAT]])
// BOUNDS: }
// BOUNDS: %[[NEG:.*]] = arith.cmpi slt, %[[J]], %{{.*}} : i32
// BOUNDS: %[[ADD:.*]] = arith.addi %[[J]], %[[N]] : i32
// BOUNDS: %[[WRAP:.*]] = arith.select %[[NEG]], %[[ADD]], %[[J]] : i32
// BOUNDS: %[[POS:.*]] = arith.select %[[IN]], %[[WRAP]], %{{.*}} : i32
// BOUNDS: %[[IDX:.*]] = arith.index_cast %[[POS]] : i32 to index
// BOUNDS: vector.extract %{{.*}}[%[[IDX]]] : vector<3xf32> from vector<3x3xf32>
// BOUNDS-NOT: kdsl.component_index
kdsl.kernel @rows(%m: !kdsl.array<vector<3x3xf32>, 1>, %k: !kdsl.array<i32, 1>, %out: !kdsl.array<vector<3xf32>, 1>) attributes {arg_names = ["m", "k", "out"]} {
  %tid = kdsl.tid : i32
  %v = kdsl.load %m[%tid] : <vector<3x3xf32>, 1>
  %j = kdsl.load %k[%tid] : <i32, 1>
  %p = kdsl.component_index %j, 3, "a row of mat33f 'm'"
  %r = vector.extract %v[%p] : vector<3xf32> from vector<3x3xf32>
  kdsl.store %r, %out[%tid] : <vector<3xf32>, 1>
  kdsl.return
}
