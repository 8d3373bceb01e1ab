// Input of tiles-targets.test.
kdsl.kernel @k(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %c = arith.constant 0 : i32
  %t = kdsl.tile_load %x[%c] : !kdsl.array<f32, 1> -> !kdsl.tile<4xf32>
  kdsl.return
}
