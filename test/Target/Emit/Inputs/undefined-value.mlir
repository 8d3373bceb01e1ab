kdsl.kernel @k(%x: !kdsl.array<f32, 1>, %a: f32) attributes {arg_names = ["x", "a"]} {
  %i = kdsl.tid : i32
  %y = arith.addf %a, %b : f32
  kdsl.return
}
