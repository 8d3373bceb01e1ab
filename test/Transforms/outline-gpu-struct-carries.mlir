// RUN: kdsl-opt --kdsl-lower-launch --kdsl-outline-gpu-kernels %s | FileCheck %s
// Structs carried through loops and out of ifs cross the region boundaries
// as their fields (convert-gpu-to-nvvm converts no struct-typed block
// arguments); a matrix field then crosses as a 1-D vector.

!S = !kdsl.struct<"S", {m: f32, k: i32, v: vector<2x2xf32>}>
// CHECK-LABEL: gpu.func @walk_cuda_kernel_forward(
// CHECK:      %[[S0:.*]] = kdsl.struct_create(%{{.*}}, %{{.*}}, %{{.*}}) : !S
// CHECK:      %[[W:.*]]:3 = scf.while (%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}}) : (f32, i32, vector<4xf32>) -> (f32, i32, vector<4xf32>) {
// CHECK-NEXT:   %[[CV:.*]] = vector.shape_cast %[[C]] : vector<4xf32> to vector<2x2xf32>
// CHECK-NEXT:   kdsl.struct_create(%[[A]], %[[B]], %[[CV]]) : !S
// CHECK:        scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}} : f32, i32, vector<4xf32>
// CHECK:      } do {
// CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: i32, %{{.*}}: vector<4xf32>):
// CHECK:        scf.yield %{{.*}}, %{{.*}}, %{{.*}} : f32, i32, vector<4xf32>
// CHECK:      %[[R:.*]]:3 = scf.if %{{.*}} -> (f32, i32, vector<4xf32>) {
// CHECK:      kdsl.struct_create(%[[R]]#0, %[[R]]#1, %{{.*}}) : !S
kdsl.kernel @walk(%x: !kdsl.array<f32, 1>, %out: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "out"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %z = arith.constant dense<1.0> : vector<2x2xf32>
  %s0 = kdsl.struct_create(%v, %c0, %z) : !S
  %s = scf.while (%a = %s0) : (!S) -> !S {
    %k = kdsl.struct_extract %a["k"] : !S
    %c = arith.cmpi slt, %k, %c3 : i32
    scf.condition(%c) %a : !S
  } do {
  ^bb0(%b: !S):
    %k = kdsl.struct_extract %b["k"] : !S
    %k2 = arith.addi %k, %c1 : i32
    %n = kdsl.struct_insert %k2, %b["k"] : i32, !S
    scf.yield %n : !S
  }
  %m = kdsl.struct_extract %s["m"] : !S
  %pos = arith.cmpf ogt, %m, %v : f32
  %r = scf.if %pos -> (!S) {
    scf.yield %s : !S
  } else {
    scf.yield %s0 : !S
  }
  %rm = kdsl.struct_extract %r["m"] : !S
  kdsl.store %rm, %out[%i] : <f32, 1>
  kdsl.return
}
