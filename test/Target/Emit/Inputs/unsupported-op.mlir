kdsl.kernel @k(%x: !kdsl.array<f32, 1>, %a: f32, %b: f32) attributes {arg_names = ["x", "a", "b"]} {
  %i = kdsl.tid : i32
  %y = arith.maximumf %a, %b : f32
  kdsl.store %y, %x[%i] : !kdsl.array<f32, 1>
  kdsl.return
}
