// RUN: kdsl-opt %s | kdsl-opt | FileCheck %s
// RUN: kdsl-opt %s --mlir-print-op-generic | kdsl-opt | FileCheck %s

// Round trip of the tile ops of issue 30's second front-end slice: views,
// sub-tile assignment, element updates, reshape, arg reductions, the
// Cholesky and triangular solvers, diag_add and the FFT.

// CHECK-LABEL: func.func @views
func.func @views(%t: !kdsl.tile<16x32xf32>, %u: !kdsl.tile<4x32xf32>, %i: i32, %v: f32)
    -> (!kdsl.tile<32xf32>, !kdsl.tile<16x32xf32>, !kdsl.tile<16x32xf32>, !kdsl.tile<512xf32>) {
  // CHECK: kdsl.tile_view %{{.*}}[%{{.*}}, %{{.*}}] {steps = array<i64: 0, 1>} : <16x32xf32> -> <32xf32>
  %row = kdsl.tile_view %t[%i, %i] {steps = array<i64: 0, 1>} : !kdsl.tile<16x32xf32> -> !kdsl.tile<32xf32>
  // CHECK: kdsl.tile_view %{{.*}} {steps = array<i64: -1, 2>} : <16x32xf32> -> <16x16xf32>
  %rev = kdsl.tile_view %t[%i, %i] {steps = array<i64: -1, 2>} : !kdsl.tile<16x32xf32> -> !kdsl.tile<16x16xf32>
  // CHECK: kdsl.tile_assign %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {steps = array<i64: 1, 1>} : <4x32xf32>, <16x32xf32>
  %a = kdsl.tile_assign %u, %t[%i, %i] {steps = array<i64: 1, 1>} : !kdsl.tile<4x32xf32>, !kdsl.tile<16x32xf32>
  // CHECK: kdsl.tile_scatter add %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : <16x32xf32>
  %s = kdsl.tile_scatter add %a[%i, %i], %v : !kdsl.tile<16x32xf32>
  // CHECK: kdsl.tile_reshape %{{.*}} : <16x32xf32> -> <512xf32>
  %r = kdsl.tile_reshape %s : !kdsl.tile<16x32xf32> -> !kdsl.tile<512xf32>
  return %row, %a, %s, %r : !kdsl.tile<32xf32>, !kdsl.tile<16x32xf32>, !kdsl.tile<16x32xf32>, !kdsl.tile<512xf32>
}

// CHECK-LABEL: func.func @linalg
func.func @linalg(%a: !kdsl.tile<8x8xf64>, %d: !kdsl.tile<8xf64>, %y: !kdsl.tile<8x2xf64>,
                  %c: !kdsl.tile<2x64xvector<2xf32>>, %m: !kdsl.tile<64xi32>)
    -> (!kdsl.tile<8x2xf64>, !kdsl.tile<8xf64>, !kdsl.tile<2x64xvector<2xf32>>, !kdsl.tile<1xi32>) {
  // CHECK: kdsl.tile_diag_add %{{.*}}, %{{.*}} : <8x8xf64>, <8xf64>
  %s = kdsl.tile_diag_add %a, %d : !kdsl.tile<8x8xf64>, !kdsl.tile<8xf64>
  // CHECK: kdsl.tile_cholesky %{{.*}} upper : <8x8xf64>
  %u = kdsl.tile_cholesky %s upper : !kdsl.tile<8x8xf64>
  // CHECK: kdsl.tile_cholesky_solve %{{.*}}, %{{.*}} upper : <8x8xf64>, <8x2xf64>
  %x = kdsl.tile_cholesky_solve %u, %y upper : !kdsl.tile<8x8xf64>, !kdsl.tile<8x2xf64>
  // CHECK: kdsl.tile_triangular_solve %{{.*}}, %{{.*}} : <8x8xf64>, <8xf64>
  %z = kdsl.tile_triangular_solve %u, %d : !kdsl.tile<8x8xf64>, !kdsl.tile<8xf64>
  // CHECK: kdsl.tile_fft %{{.*}} inverse : <2x64xvector<2xf32>>
  %f = kdsl.tile_fft %c inverse : !kdsl.tile<2x64xvector<2xf32>>
  // CHECK: kdsl.tile_arg_reduce %{{.*}} max : <64xi32> -> <1xi32>
  %i = kdsl.tile_arg_reduce %m max : !kdsl.tile<64xi32> -> !kdsl.tile<1xi32>
  return %x, %z, %f, %i : !kdsl.tile<8x2xf64>, !kdsl.tile<8xf64>, !kdsl.tile<2x64xvector<2xf32>>, !kdsl.tile<1xi32>
}

// CHECK-LABEL: func.func @lanes_stacks
func.func @lanes_stacks(%x: vector<3xf32>, %v: i32, %ok: i1) -> (vector<3xf32>, i32, i32) {
  // CHECK: kdsl.tile_from_lanes %{{.*}} : vector<3xf32> -> <3x?xf32>
  %t = kdsl.tile_from_lanes %x : vector<3xf32> -> !kdsl.tile<3x?xf32>
  // CHECK: kdsl.tile_scan add %{{.*}} exclusive : <3x?xf32>
  %s = kdsl.tile_scan add %t exclusive : !kdsl.tile<3x?xf32>
  // CHECK: kdsl.tile_to_lanes %{{.*}} : <3x?xf32> -> vector<3xf32>
  %y = kdsl.tile_to_lanes %s : !kdsl.tile<3x?xf32> -> vector<3xf32>
  // CHECK: %[[S:.*]] = kdsl.tile_stack_alloc : <8, i32>
  %st = kdsl.tile_stack_alloc : !kdsl.tile_stack<8, i32>
  // CHECK: kdsl.tile_stack_push %[[S]], %{{.*}}, %{{.*}} : <8, i32>
  %slot = kdsl.tile_stack_push %st, %v, %ok : !kdsl.tile_stack<8, i32>
  // CHECK: kdsl.tile_stack_pop %[[S]] : <8, i32>
  %val, %s2 = kdsl.tile_stack_pop %st : !kdsl.tile_stack<8, i32>
  // CHECK: kdsl.tile_stack_clear %[[S]] : <8, i32>
  kdsl.tile_stack_clear %st : !kdsl.tile_stack<8, i32>
  return %y, %slot, %val : vector<3xf32>, i32, i32
}
