// RUN: kdsl-opt %s | kdsl-opt | FileCheck %s
// RUN: kdsl-opt %s --mlir-print-op-generic | kdsl-opt | FileCheck %s

// Round trip of the indexed tile memory ops (wp.tile_load_indexed,
// tile_store_indexed, tile_atomic_add_indexed).

// CHECK-LABEL: func.func @indexed
// CHECK-SAME: (%[[A:.*]]: !kdsl.array<f32, 2>, %[[T:.*]]: !kdsl.tile<2x3xf32>, %[[R:.*]]: !kdsl.tile<2xi32>, %[[C:.*]]: !kdsl.tile<3xi32>, %[[I:.*]]: i32)
func.func @indexed(%A: !kdsl.array<f32, 2>, %t: !kdsl.tile<2x3xf32>, %rows: !kdsl.tile<2xi32>,
                   %cols: !kdsl.tile<3xi32>, %i: i32) -> (!kdsl.tile<2x3xf32>, !kdsl.tile<2x3xf32>) {
  // CHECK: %[[G:.*]] = kdsl.tile_load_indexed %[[A]][%[[I]], %[[I]]] indices %[[R]] axis 0 : <f32, 2>, <2xi32> -> <2x3xf32>
  %g = kdsl.tile_load_indexed %A[%i, %i] indices %rows axis 0
      : !kdsl.array<f32, 2>, !kdsl.tile<2xi32> -> !kdsl.tile<2x3xf32>
  // CHECK: kdsl.tile_store_indexed %[[T]], %[[A]][%[[I]], %[[I]]] indices %[[C]] axis 1 : <2x3xf32>, <f32, 2>, <3xi32>
  kdsl.tile_store_indexed %t, %A[%i, %i] indices %cols axis 1
      : !kdsl.tile<2x3xf32>, !kdsl.array<f32, 2>, !kdsl.tile<3xi32>
  // CHECK: kdsl.tile_atomic_add_indexed %[[G]], %[[A]][%[[I]], %[[I]]] indices %[[R]] axis 0 : <2x3xf32>, <f32, 2>, <2xi32>
  %old = kdsl.tile_atomic_add_indexed %g, %A[%i, %i] indices %rows axis 0
      : !kdsl.tile<2x3xf32>, !kdsl.array<f32, 2>, !kdsl.tile<2xi32>
  return %g, %old : !kdsl.tile<2x3xf32>, !kdsl.tile<2x3xf32>
}

// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[T:.*]]: !kdsl.tile<16x4xf32>, %[[I:.*]]: !kdsl.tile<8xi32>)
func.func @gather(%t: !kdsl.tile<16x4xf32>, %idx: !kdsl.tile<8xi32>) -> !kdsl.tile<8x4xf32> {
  // CHECK: kdsl.tile_gather %[[T]] indices %[[I]] axis 0 : <16x4xf32>, <8xi32> -> <8x4xf32>
  %g = kdsl.tile_gather %t indices %idx axis 0 : !kdsl.tile<16x4xf32>, !kdsl.tile<8xi32> -> !kdsl.tile<8x4xf32>
  return %g : !kdsl.tile<8x4xf32>
}
