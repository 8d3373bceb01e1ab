// RUN: kdsl-opt %s --split-input-file --kdsl-lower-tiles | FileCheck %s
//
// kdsl-lower-tiles (docs/design/tiles.md slice 2): tiles become buffers in
// an alloca_scope around the kernel's body, each tile op a loop nest.

// A partial-tile load: each index is checked against the array's extent
// (unsigned: a negative one is outside too), an element outside reads 0.
// CHECK-LABEL: kdsl.kernel @load_store
// CHECK: memref.alloca_scope {
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 16 : i64, kdsl.tile_buffer} : memref<8xf32>
// CHECK: %[[N:.*]] = kdsl.shape %x[0]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: %[[IX:.*]] = arith.addi %[[OFF:.*]], %[[I]] : i32
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[IX]], %[[N]] : i32
// CHECK: %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK: kdsl.load %x[%[[IX]]]
// CHECK: } else {
// CHECK: arith.constant 0.0
// CHECK: memref.store %[[V]], %[[BUF]]
// The store writes the elements inside the array only.
// CHECK: kdsl.shape %y[0]
// CHECK: scf.for
// CHECK: scf.if %{{.*}} {
// CHECK: memref.load %[[BUF]]
// CHECK: kdsl.store
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: kdsl.return
// CHECK-NOT: kdsl.tile
kdsl.kernel @load_store(%x: !kdsl.array<f32, 1>, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "y"]} {
  %i = kdsl.tid : i32
  %t = kdsl.tile_load %x[%i] : !kdsl.array<f32, 1> -> !kdsl.tile<8xf32>
  kdsl.tile_store %t, %y[%i] : !kdsl.tile<8xf32>, !kdsl.array<f32, 1>
  kdsl.return
}

// -----

// A map clones its region per element; a reduce folds in order from the
// first element; extract is one memref.load at the flat index.
// CHECK-LABEL: kdsl.kernel @map_reduce
// CHECK: %[[A:.*]] = memref.alloca() {{.*}} : memref<6xf32>
// CHECK: %[[M:.*]] = memref.alloca() {{.*}} : memref<6xf32>
// CHECK: %[[R:.*]] = memref.alloca() {{.*}} : memref<1xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[E:.*]] = memref.load %[[A]]
// CHECK: %[[S:.*]] = arith.mulf %[[E]], %{{.*}} : f32
// CHECK: memref.store %[[S]], %[[M]]
// CHECK: %[[F:.*]] = memref.load %[[M]]
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[F]]) -> (f32)
// CHECK: %[[X:.*]] = memref.load %[[M]]
// CHECK: %[[ADD:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK: scf.yield %[[ADD]]
// CHECK: memref.store %[[SUM]], %[[R]]
// CHECK: %[[OUT:.*]] = memref.load %[[R]]
// CHECK: kdsl.store %[[OUT]], %out
kdsl.kernel @map_reduce(%out: !kdsl.array<f32, 1>) attributes {arg_names = ["out"]} {
  %c0 = arith.constant 0 : i32
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %a = kdsl.tile_splat %one : !kdsl.tile<2x3xf32>
  %m = kdsl.tile_map %a : !kdsl.tile<2x3xf32> -> !kdsl.tile<2x3xf32> {
  ^bb0(%e: f32):
    %s = arith.mulf %e, %two : f32
    kdsl.tile_yield %s : f32
  }
  %r = kdsl.tile_reduce %m : !kdsl.tile<2x3xf32> -> !kdsl.tile<1xf32> {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    kdsl.tile_yield %s : f32
  }
  %v = kdsl.tile_extract %r[%c0] : !kdsl.tile<1xf32>
  kdsl.store %v, %out[%c0] : !kdsl.array<f32, 1>
  kdsl.return
}

// -----

// A tile carried by a loop lives in its own buffer: the initial value is
// copied in before the loop, the next one at the end of each iteration;
// the loop no longer carries it. Matmul products are formed in c's type,
// row by row: a row of products summed over k in a row buffer (the innermost
// loop along j, which LLVM vectorizes), then added to c.
// CHECK-LABEL: kdsl.kernel @gemm
// CHECK: %[[Z:.*]] = memref.alloca() {{.*}} : memref<4xf64>
// CHECK: %[[ACC:.*]] = memref.alloca() {{.*}} : memref<4xf64>
// CHECK: %[[ROW:.*]] = memref.alloca() {{.*}} : memref<2xf64>
// CHECK: %[[C:.*]] = memref.alloca() {{.*}} : memref<4xf64>
// CHECK: memref.store %{{.*}}, %[[Z]]
// CHECK: scf.for
// CHECK: memref.load %[[Z]]
// CHECK: memref.store %{{.*}}, %[[ACC]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: memref.store %{{.*}}, %[[ROW]]
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: scf.for
// CHECK: arith.extf %{{.*}} : f16 to f64
// CHECK: %[[R:.*]] = memref.load %[[ROW]]
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: %[[S:.*]] = arith.addf %[[R]], %[[P]] : f64
// CHECK: memref.store %[[S]], %[[ROW]]
// CHECK: memref.load %[[ROW]]
// CHECK: memref.load %[[ACC]]
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: memref.load %[[C]]
// CHECK: memref.store %{{.*}}, %[[ACC]]
// CHECK: kdsl.shape %out
// CHECK: memref.load %[[ACC]]
// CHECK: kdsl.store
kdsl.kernel @gemm(%a: !kdsl.array<f32, 2>, %b: !kdsl.array<f16, 2>, %out: !kdsl.array<f64, 2>) attributes {arg_names = ["a", "b", "out"]} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %z = arith.constant 0.0 : f64
  %zero = kdsl.tile_splat %z : !kdsl.tile<2x2xf64>
  %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (!kdsl.tile<2x2xf64>) : i32 {
    %ta = kdsl.tile_load %a[%c0, %k] : !kdsl.array<f32, 2> -> !kdsl.tile<2x1xf32>
    %tb = kdsl.tile_load %b[%k, %c0] : !kdsl.array<f16, 2> -> !kdsl.tile<1x2xf16>
    %c = kdsl.tile_matmul %ta, %tb, %acc : !kdsl.tile<2x1xf32>, !kdsl.tile<1x2xf16>, !kdsl.tile<2x2xf64>
    scf.yield %c : !kdsl.tile<2x2xf64>
  }
  kdsl.tile_store %sum, %out[%c0, %c0] : !kdsl.tile<2x2xf64>, !kdsl.array<f64, 2>
  kdsl.return
}

// -----

// Carried tiles swapped by the yield go through a temporary.
// CHECK-LABEL: kdsl.kernel @swap
// CHECK: %[[X:.*]] = memref.alloca() {{.*}} : memref<4xi32>
// CHECK: %[[CX:.*]] = memref.alloca() {{.*}} : memref<4xi32>
// CHECK: %[[CY:.*]] = memref.alloca() {{.*}} : memref<4xi32>
// CHECK: %[[T0:.*]] = memref.alloca() {{.*}} : memref<4xi32>
// CHECK: %[[T1:.*]] = memref.alloca() {{.*}} : memref<4xi32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK: memref.load %[[CY]]
// CHECK: memref.store %{{.*}}, %[[T0]]
// CHECK: memref.load %[[CX]]
// CHECK: memref.store %{{.*}}, %[[T1]]
// CHECK: memref.load %[[T0]]
// CHECK: memref.store %{{.*}}, %[[CX]]
// CHECK: memref.load %[[T1]]
// CHECK: memref.store %{{.*}}, %[[CY]]
kdsl.kernel @swap(%out: !kdsl.array<i32, 1>) attributes {arg_names = ["out"]} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %x = kdsl.tile_arange %c0, %c1 : !kdsl.tile<4xi32>
  %r:2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%p = %x, %q = %x) -> (!kdsl.tile<4xi32>, !kdsl.tile<4xi32>) : i32 {
    scf.yield %q, %p : !kdsl.tile<4xi32>, !kdsl.tile<4xi32>
  }
  kdsl.tile_store %r#0, %out[%c0] : !kdsl.tile<4xi32>, !kdsl.array<i32, 1>
  kdsl.return
}

// -----

// A tile yielded by an scf.if: both branches copy into the result's buffer;
// transpose and broadcast read the input at the mapped index.
// CHECK-LABEL: kdsl.kernel @branch
// CHECK: %[[T:.*]] = memref.alloca() {{.*}} : memref<6xf32>
// CHECK: %[[IF:.*]] = memref.alloca() {{.*}} : memref<6xf32>
// CHECK: %[[TR:.*]] = memref.alloca() {{.*}} : memref<6xf32>
// CHECK: scf.if %{{.*}} {
// CHECK: memref.store %{{.*}}, %[[IF]]
// CHECK: } else {
// CHECK: memref.store %{{.*}}, %[[TR]]
// CHECK: memref.store %{{.*}}, %[[IF]]
// CHECK: }
kdsl.kernel @branch(%c: i1, %x: !kdsl.array<f32, 2>) attributes {arg_names = ["c", "x"]} {
  %c0 = arith.constant 0 : i32
  %t = kdsl.tile_load %x[%c0, %c0] : !kdsl.array<f32, 2> -> !kdsl.tile<3x2xf32>
  %r = scf.if %c -> (!kdsl.tile<3x2xf32>) {
    scf.yield %t : !kdsl.tile<3x2xf32>
  } else {
    %tt = kdsl.tile_transpose %t : !kdsl.tile<3x2xf32> -> !kdsl.tile<2x3xf32>
    %b = kdsl.tile_reduce %tt axis 0 : !kdsl.tile<2x3xf32> -> !kdsl.tile<3xf32> {
    ^bb0(%p: f32, %q: f32):
      %s = arith.maximumf %p, %q : f32
      kdsl.tile_yield %s : f32
    }
    %bb = kdsl.tile_broadcast %t : !kdsl.tile<3x2xf32> -> !kdsl.tile<3x2xf32>
    scf.yield %bb : !kdsl.tile<3x2xf32>
  }
  kdsl.tile_store %r, %x[%c0, %c0] : !kdsl.tile<3x2xf32>, !kdsl.array<f32, 2>
  kdsl.return
}

// -----

// Functions without tiles are left alone (no scope).
// CHECK-LABEL: kdsl.kernel @plain
// CHECK-NOT: memref.alloca_scope
// CHECK: kdsl.return
kdsl.kernel @plain(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : !kdsl.array<f32, 1>
  kdsl.store %v, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
