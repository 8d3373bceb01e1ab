// Input of tiles-lanes-targets.test: one new tile op per kernel, each
// the kernel's first tile op.
kdsl.kernel @chol(%x: f32) attributes {arg_names = ["x"]} {
  %c = arith.constant 0 : i32
  %t = kdsl.tile_from_thread %x, %c : f32 -> !kdsl.tile<4x4xf32>
  %l = kdsl.tile_cholesky %t : !kdsl.tile<4x4xf32>
  kdsl.return
}
