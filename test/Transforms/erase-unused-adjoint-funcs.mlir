// RUN: kdsl-opt --kdsl-erase-unused-adjoint-funcs %s | FileCheck %s
// Adjoint functions (kdsl.adjoint_func_of) nothing calls go, also one that
// only an erased one called; other funcs stay, called or not.

// CHECK-NOT: @adj_inner
// CHECK-NOT: @adj_outer
// CHECK-DAG: func.func private @inner(
// CHECK-DAG: func.func private @uncalled(
// CHECK-DAG: func.func private @adj_used(
func.func private @inner(%a: f32) -> f32 {
  return %a : f32
}
func.func private @uncalled(%a: f32) -> f32 {
  return %a : f32
}
func.func private @adj_inner(%a: f32, %g: f32) -> f32 attributes {kdsl.adjoint_func_of = "inner"} {
  return %g : f32
}
func.func private @adj_outer(%a: f32, %g: f32) -> f32 attributes {kdsl.adjoint_func_of = "outer"} {
  %r = func.call @adj_inner(%a, %g) : (f32, f32) -> f32
  return %r : f32
}
func.func private @adj_used(%a: f32, %g: f32) -> f32 attributes {kdsl.adjoint_func_of = "used"} {
  return %g : f32
}
kdsl.kernel @k(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %a = func.call @adj_used(%v, %v) : (f32, f32) -> f32
  kdsl.store %a, %x[%i] : <f32, 1>
  kdsl.return
}
