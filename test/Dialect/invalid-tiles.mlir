// RUN: kdsl-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{tile rank must be 1 to 4, got 5}}
func.func @rank5(%t: !kdsl.tile<2x2x2x2x2xf32>) { return }

// -----

// expected-error @+1 {{tile extents must be positive or ? (the block dimension), got 0}}
func.func @empty(%t: !kdsl.tile<0xf32>) { return }

// -----

// expected-error @+1 {{invalid tile element type}}
func.func @array_elements(%t: !kdsl.tile<4x!kdsl.array<f32, 1>>) { return }

// -----

func.func @load_rank(%A: !kdsl.array<f32, 2>, %i: i32) {
  // expected-error @+1 {{'kdsl.tile_load' op tile '!kdsl.tile<8xf32>' must have the rank of '!kdsl.array<f32, 2>'}}
  %a = kdsl.tile_load %A[%i, %i] : !kdsl.array<f32, 2> -> !kdsl.tile<8xf32>
  return
}

// -----

func.func @load_offsets(%A: !kdsl.array<f32, 2>, %i: i32) {
  // expected-error @+1 {{expects 2 offsets for '!kdsl.array<f32, 2>', got 1}}
  %a = kdsl.tile_load %A[%i] : !kdsl.array<f32, 2> -> !kdsl.tile<8x8xf32>
  return
}

// -----

func.func @store_dtype(%t: !kdsl.tile<8xf64>, %A: !kdsl.array<f32, 1>, %i: i32) {
  // expected-error @+1 {{must have the element type of '!kdsl.array<f32, 1>'}}
  kdsl.tile_store %t, %A[%i] : !kdsl.tile<8xf64>, !kdsl.array<f32, 1>
  return
}

// -----

func.func @atomic_bool(%t: !kdsl.tile<8xi1>, %A: !kdsl.array<i1, 1>, %i: i32) {
  // expected-error @+1 {{cannot add bool elements}}
  %o = kdsl.tile_atomic_add %t, %A[%i] : !kdsl.tile<8xi1>, !kdsl.array<i1, 1>
  return
}

// -----

func.func @splat_type(%x: f64) {
  // expected-error @+1 {{value is the tile's element type}}
  %t = "kdsl.tile_splat"(%x) : (f64) -> !kdsl.tile<4xf32>
  return
}

// -----

func.func @arange_rank(%x: i32) {
  // expected-error @+1 {{result must be a 1-d tile}}
  %t = kdsl.tile_arange %x, %x : !kdsl.tile<4x4xi32>
  return
}

// -----

func.func @map_shape(%a: !kdsl.tile<4x8xf32>, %b: !kdsl.tile<8x4xf32>) {
  // expected-error @+1 {{input '!kdsl.tile<8x4xf32>' must have the result's shape '!kdsl.tile<4x8xf32>'}}
  %c = kdsl.tile_map %a, %b : !kdsl.tile<4x8xf32>, !kdsl.tile<8x4xf32> -> !kdsl.tile<4x8xf32> {
  ^bb0(%x: f32, %y: f32):
    kdsl.tile_yield %x : f32
  }
  return
}

// -----

func.func @map_args(%a: !kdsl.tile<4xf32>) {
  // expected-error @+1 {{region arguments must be the element types ('f32')}}
  %c = kdsl.tile_map %a : !kdsl.tile<4xf32> -> !kdsl.tile<4xf32> {
  ^bb0(%x: f64):
    %y = arith.truncf %x : f64 to f32
    kdsl.tile_yield %y : f32
  }
  return
}

// -----

func.func @map_yield(%a: !kdsl.tile<4xf32>) {
  // expected-error @+1 {{region yields 'f32', expected 'i32'}}
  %c = kdsl.tile_map %a : !kdsl.tile<4xf32> -> !kdsl.tile<4xi32> {
  ^bb0(%x: f32):
    kdsl.tile_yield %x : f32
  }
  return
}

// -----

func.func @reduce_shape(%a: !kdsl.tile<4x8xf32>) {
  // expected-error @+1 {{result must be '!kdsl.tile<8xf32>'}}
  %s = kdsl.tile_reduce %a axis 0 : !kdsl.tile<4x8xf32> -> !kdsl.tile<4xf32> {
  ^bb0(%x: f32, %y: f32):
    kdsl.tile_yield %x : f32
  }
  return
}

// -----

func.func @reduce_axis(%a: !kdsl.tile<4x8xf32>) {
  // expected-error @+1 {{axis 2 out of range}}
  %s = kdsl.tile_reduce %a axis 2 : !kdsl.tile<4x8xf32> -> !kdsl.tile<1xf32> {
  ^bb0(%x: f32, %y: f32):
    kdsl.tile_yield %x : f32
  }
  return
}

// -----

func.func @matmul_shapes(%a: !kdsl.tile<8x4xf32>, %b: !kdsl.tile<8x8xf32>, %c: !kdsl.tile<8x8xf32>) {
  // expected-error @+1 {{shapes do not match}}
  %d = kdsl.tile_matmul %a, %b, %c : !kdsl.tile<8x4xf32>, !kdsl.tile<8x8xf32>, !kdsl.tile<8x8xf32>
  return
}

// -----

func.func @matmul_vectors(%a: !kdsl.tile<2x2xvector<3xf32>>) {
  // expected-error @+1 {{operands must have integer or float scalar elements}}
  %d = kdsl.tile_matmul %a, %a, %a : !kdsl.tile<2x2xvector<3xf32>>, !kdsl.tile<2x2xvector<3xf32>>, !kdsl.tile<2x2xvector<3xf32>>
  return
}

// -----

func.func @transpose_shape(%a: !kdsl.tile<4x8xf32>) {
  // expected-error @+1 {{result must be the transposed shape}}
  %t = kdsl.tile_transpose %a : !kdsl.tile<4x8xf32> -> !kdsl.tile<4x8xf32>
  return
}

// -----

func.func @broadcast_shape(%a: !kdsl.tile<3xf32>) {
  // expected-error @+1 {{cannot broadcast '!kdsl.tile<3xf32>' to '!kdsl.tile<4x8xf32>'}}
  %t = kdsl.tile_broadcast %a : !kdsl.tile<3xf32> -> !kdsl.tile<4x8xf32>
  return
}

// -----

func.func @extract_indices(%a: !kdsl.tile<4x8xf32>, %i: i32) {
  // expected-error @+1 {{expects 2 indices, got 1}}
  %e = kdsl.tile_extract %a[%i] : !kdsl.tile<4x8xf32>
  return
}

// -----

func.func @yield_parent(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of}}
  kdsl.tile_yield %x : f32
}

// -----

func.func @view_steps(%t: !kdsl.tile<16x32xf32>, %i: i32) {
  // expected-error @+1 {{the non-zero steps must be one per dimension of '!kdsl.tile<32xf32>'}}
  %r = kdsl.tile_view %t[%i, %i] {steps = array<i64: 1, 1>} : !kdsl.tile<16x32xf32> -> !kdsl.tile<32xf32>
  return
}

// -----

func.func @scatter_bits(%t: !kdsl.tile<4xf32>, %i: i32, %v: f32) {
  // expected-error @+1 {{bitwise updates need integer elements, got 'f32'}}
  %r = kdsl.tile_scatter bit_or %t[%i], %v : !kdsl.tile<4xf32>
  return
}

// -----

func.func @reshape_count(%t: !kdsl.tile<4x8xf32>) {
  // expected-error @+1 {{cannot reshape '!kdsl.tile<4x8xf32>' to '!kdsl.tile<30xf32>': element counts differ}}
  %r = kdsl.tile_reshape %t : !kdsl.tile<4x8xf32> -> !kdsl.tile<30xf32>
  return
}

// -----

func.func @cholesky_square(%t: !kdsl.tile<4x8xf32>) {
  // expected-error @+1 {{input must be a square 2-d tile, got '!kdsl.tile<4x8xf32>'}}
  %r = kdsl.tile_cholesky %t : !kdsl.tile<4x8xf32>
  return
}

// -----

func.func @solve_rows(%l: !kdsl.tile<8x8xf32>, %y: !kdsl.tile<4xf32>) {
  // expected-error @+1 {{right-hand side '!kdsl.tile<4xf32>' must have 8 rows (1-d or 2-d)}}
  %r = kdsl.tile_triangular_solve %l, %y upper : !kdsl.tile<8x8xf32>, !kdsl.tile<4xf32>
  return
}

// -----

func.func @fft_complex(%t: !kdsl.tile<2x8xf32>) {
  // expected-error @+1 {{elements must be complex numbers (vector<2xf32> or vector<2xf64>), got 'f32'}}
  %r = kdsl.tile_fft %t : !kdsl.tile<2x8xf32>
  return
}

// -----

func.func @argmax_result(%t: !kdsl.tile<8xf32>) {
  // expected-error @+1 {{result must be !kdsl.tile<1xi32>, got '!kdsl.tile<1xf32>'}}
  %r = kdsl.tile_arg_reduce %t max : !kdsl.tile<8xf32> -> !kdsl.tile<1xf32>
  return
}

// -----

func.func @diag_len(%a: !kdsl.tile<8x8xf32>, %d: !kdsl.tile<4xf32>) {
  // expected-error @+1 {{diagonal must be a 1-d tile of 8 elements of 'f32', got '!kdsl.tile<4xf32>'}}
  %r = kdsl.tile_diag_add %a, %d : !kdsl.tile<8x8xf32>, !kdsl.tile<4xf32>
  return
}

// -----

func.func @untile_static(%t: !kdsl.tile<3x4xf32>) {
  // expected-error @+1 {{tile '!kdsl.tile<3x4xf32>' does not give each lane a value of 'vector<3xf32>' (its last extent must be ?)}}
  %x = kdsl.tile_to_lanes %t : !kdsl.tile<3x4xf32> -> vector<3xf32>
  return
}

// -----

func.func @scan_exclusive_max(%t: !kdsl.tile<8xf32>) {
  // expected-error @+1 {{an exclusive scan only adds}}
  %s = kdsl.tile_scan max %t exclusive : !kdsl.tile<8xf32>
  return
}

// -----

func.func @sort_lengths(%k: !kdsl.tile<8xf32>, %v: !kdsl.tile<4xi32>) {
  // expected-error @+1 {{keys and values must be 1-d tiles of one length}}
  %a, %b = kdsl.tile_sort %k, %v : !kdsl.tile<8xf32>, !kdsl.tile<4xi32>
  return
}

// -----

func.func @indexed_axis(%A: !kdsl.array<f32, 2>, %r: !kdsl.tile<2xi32>, %i: i32) {
  // expected-error @+1 {{'kdsl.tile_load_indexed' op axis 2 is not a dimension of '!kdsl.tile<2x3xf32>'}}
  %g = kdsl.tile_load_indexed %A[%i, %i] indices %r axis 2 : !kdsl.array<f32, 2>, !kdsl.tile<2xi32> -> !kdsl.tile<2x3xf32>
  return
}

// -----

func.func @indexed_type(%A: !kdsl.array<f32, 2>, %r: !kdsl.tile<2xi64>, %i: i32) {
  // expected-error @+1 {{indices must be a 1-d tile of i32, got '!kdsl.tile<2xi64>'}}
  %g = kdsl.tile_load_indexed %A[%i, %i] indices %r axis 0 : !kdsl.array<f32, 2>, !kdsl.tile<2xi64> -> !kdsl.tile<2x3xf32>
  return
}

// -----

func.func @indexed_extent(%A: !kdsl.array<f32, 2>, %t: !kdsl.tile<2x3xf32>, %r: !kdsl.tile<2xi32>, %i: i32) {
  // expected-error @+1 {{indices '!kdsl.tile<2xi32>' must have one element per index of '!kdsl.tile<2x3xf32>' along axis 1}}
  kdsl.tile_store_indexed %t, %A[%i, %i] indices %r axis 1 : !kdsl.tile<2x3xf32>, !kdsl.array<f32, 2>, !kdsl.tile<2xi32>
  return
}

// -----

func.func @indexed_offsets(%A: !kdsl.array<f32, 2>, %t: !kdsl.tile<2x3xf32>, %r: !kdsl.tile<2xi32>, %i: i32) {
  // expected-error @+1 {{expects 2 offsets for '!kdsl.array<f32, 2>', got 1}}
  %old = kdsl.tile_atomic_add_indexed %t, %A[%i] indices %r axis 0 : !kdsl.tile<2x3xf32>, !kdsl.array<f32, 2>, !kdsl.tile<2xi32>
  return
}

// -----

func.func @gather_shape(%t: !kdsl.tile<16x4xf32>, %idx: !kdsl.tile<8xi32>) {
  // expected-error @+1 {{'kdsl.tile_gather' op result '!kdsl.tile<8x8xf32>' must be '!kdsl.tile<16x4xf32>' with 8 elements along axis 0}}
  %g = kdsl.tile_gather %t indices %idx axis 0 : !kdsl.tile<16x4xf32>, !kdsl.tile<8xi32> -> !kdsl.tile<8x8xf32>
  return
}

// -----

func.func @gather_axis(%t: !kdsl.tile<16x4xf32>, %idx: !kdsl.tile<8xi32>) {
  // expected-error @+1 {{'kdsl.tile_gather' op axis 2 is not a dimension of '!kdsl.tile<16x4xf32>'}}
  %g = kdsl.tile_gather %t indices %idx axis 2 : !kdsl.tile<16x4xf32>, !kdsl.tile<8xi32> -> !kdsl.tile<8x4xf32>
  return
}
