// RUN: kdsl-opt %s | kdsl-opt | FileCheck %s
// RUN: kdsl-opt %s --mlir-print-op-generic | kdsl-opt | FileCheck %s

// Round trip of the tile type and ops (issue 30, docs/design/tiles.md).

// CHECK-LABEL: func.func @gemm
// CHECK-SAME: !kdsl.tile<8x8xf64>
func.func @gemm(%A: !kdsl.array<f32, 2>, %B: !kdsl.array<f16, 2>, %C: !kdsl.array<f64, 2>,
                %i: i32, %k: i32, %acc: !kdsl.tile<8x8xf64>) -> !kdsl.tile<8x8xf64> {
  // CHECK: kdsl.tile_load %{{.*}}[%{{.*}}, %{{.*}}] : <f32, 2> -> <8x4xf32>
  %a = kdsl.tile_load %A[%i, %k] : !kdsl.array<f32, 2> -> !kdsl.tile<8x4xf32>
  %b = kdsl.tile_load %B[%k, %i] : !kdsl.array<f16, 2> -> !kdsl.tile<4x8xf16>
  // CHECK: kdsl.tile_matmul %{{.*}}, %{{.*}}, %{{.*}} : <8x4xf32>, <4x8xf16>, <8x8xf64>
  %c = kdsl.tile_matmul %a, %b, %acc : !kdsl.tile<8x4xf32>, !kdsl.tile<4x8xf16>, !kdsl.tile<8x8xf64>
  // CHECK: kdsl.tile_matmul {{.*}} {alpha = 2.000000e+00 : f64, beta = 0.000000e+00 : f64}
  %d = kdsl.tile_matmul %a, %b, %c {alpha = 2.0 : f64, beta = 0.0 : f64} : !kdsl.tile<8x4xf32>, !kdsl.tile<4x8xf16>, !kdsl.tile<8x8xf64>
  // CHECK: kdsl.tile_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : <8x8xf64>, <f64, 2>
  kdsl.tile_store %d, %C[%i, %i] : !kdsl.tile<8x8xf64>, !kdsl.array<f64, 2>
  return %d : !kdsl.tile<8x8xf64>
}

// CHECK-LABEL: func.func @creation
func.func @creation(%x: f32, %out: !kdsl.array<i32, 1>) -> (!kdsl.tile<4x4xf32>, !kdsl.tile<16xi32>) {
  // CHECK: kdsl.tile_splat %{{.*}} : <4x4xf32>
  %z = kdsl.tile_splat %x : !kdsl.tile<4x4xf32>
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  // CHECK: kdsl.tile_arange %{{.*}}, %{{.*}} : <16xi32>
  %r = kdsl.tile_arange %c0, %c2 : !kdsl.tile<16xi32>
  // CHECK: kdsl.tile_atomic_add %{{.*}}, %{{.*}}[%{{.*}}] : <16xi32>, <i32, 1>
  %old = kdsl.tile_atomic_add %r, %out[%c0] : !kdsl.tile<16xi32>, !kdsl.array<i32, 1>
  return %z, %old : !kdsl.tile<4x4xf32>, !kdsl.tile<16xi32>
}

// CHECK-LABEL: func.func @elementwise
func.func @elementwise(%a: !kdsl.tile<4x8xf32>, %b: !kdsl.tile<4x8xf32>, %s: f32) -> !kdsl.tile<4x8xf32> {
  // CHECK: kdsl.tile_map %{{.*}}, %{{.*}} : !kdsl.tile<4x8xf32>, !kdsl.tile<4x8xf32> -> <4x8xf32> {
  // CHECK: kdsl.tile_yield %{{.*}} : f32
  %c = kdsl.tile_map %a, %b : !kdsl.tile<4x8xf32>, !kdsl.tile<4x8xf32> -> !kdsl.tile<4x8xf32> {
  ^bb0(%x: f32, %y: f32):
    %p = arith.addf %x, %y : f32
    %q = arith.mulf %p, %s : f32
    kdsl.tile_yield %q : f32
  }
  // A map may change the element type.
  // CHECK: -> <4x8xi1>
  %m = kdsl.tile_map %c : !kdsl.tile<4x8xf32> -> !kdsl.tile<4x8xi1> {
  ^bb0(%x: f32):
    %p = arith.cmpf olt, %x, %s : f32
    kdsl.tile_yield %p : i1
  }
  return %c : !kdsl.tile<4x8xf32>
}

// CHECK-LABEL: func.func @layout
func.func @layout(%a: !kdsl.tile<4x8xf32>, %row: !kdsl.tile<8xf32>, %i: i32) -> f32 {
  // CHECK: kdsl.tile_reduce %{{.*}} : <4x8xf32> -> <1xf32> {
  %s = kdsl.tile_reduce %a : !kdsl.tile<4x8xf32> -> !kdsl.tile<1xf32> {
  ^bb0(%x: f32, %y: f32):
    %p = arith.addf %x, %y : f32
    kdsl.tile_yield %p : f32
  }
  // CHECK: kdsl.tile_reduce %{{.*}} axis 1 : <4x8xf32> -> <4xf32>
  %r = kdsl.tile_reduce %a axis 1 : !kdsl.tile<4x8xf32> -> !kdsl.tile<4xf32> {
  ^bb0(%x: f32, %y: f32):
    %p = arith.maximumf %x, %y : f32
    kdsl.tile_yield %p : f32
  }
  // CHECK: kdsl.tile_transpose %{{.*}} : <4x8xf32> -> <8x4xf32>
  %t = kdsl.tile_transpose %a : !kdsl.tile<4x8xf32> -> !kdsl.tile<8x4xf32>
  // CHECK: kdsl.tile_broadcast %{{.*}} : <8xf32> -> <4x8xf32>
  %b = kdsl.tile_broadcast %row : !kdsl.tile<8xf32> -> !kdsl.tile<4x8xf32>
  // CHECK: kdsl.tile_extract %{{.*}}[%{{.*}}, %{{.*}}] : <8x4xf32>
  %e = kdsl.tile_extract %t[%i, %i] : !kdsl.tile<8x4xf32>
  return %e : f32
}

// Element types: vectors, matrices, float16, float64, int32, structs; ranks 1 to 4.
// CHECK-LABEL: func.func @ranks
// CHECK: kdsl.tile_reduce %{{.*}} axis 1 : <2x3x4xf32> -> <2x4xf32>
func.func @ranks(%a: !kdsl.tile<2x3x4xf32>, %s: !kdsl.tile<4x!kdsl.struct<"P", {m: f32}>>) -> !kdsl.tile<2x4xf32> {
  %r = kdsl.tile_reduce %a axis 1 : !kdsl.tile<2x3x4xf32> -> !kdsl.tile<2x4xf32> {
  ^bb0(%x: f32, %y: f32):
    %p = arith.addf %x, %y : f32
    kdsl.tile_yield %p : f32
  }
  return %r : !kdsl.tile<2x4xf32>
}

// CHECK-LABEL: func.func @element_types
// CHECK-SAME: !kdsl.tile<64xvector<3xf32>>, %{{.*}}: !kdsl.tile<2x2xvector<3x3xf64>>, %{{.*}}: !kdsl.tile<1x1xf16>, %{{.*}}: !kdsl.tile<5xi64>
func.func @element_types(%a: !kdsl.tile<64xvector<3xf32>>, %b: !kdsl.tile<2x2xvector<3x3xf64>>,
                         %c: !kdsl.tile<1x1xf16>, %d: !kdsl.tile<5xi64>) {
  return
}
