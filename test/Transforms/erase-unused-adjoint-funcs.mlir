// RUN: kdsl-opt --kdsl-erase-unused-adjoint-funcs %s | FileCheck %s
// RUN: kdsl-opt --kdsl-erase-unused-adjoint-funcs %s | FileCheck %s --check-prefix=GONE
// Adjoint functions (kdsl.adjoint_func_of) nothing calls go, also one that
// only an erased one called, or one only named by a kept forward call's
// kdsl.grad (the attribute goes with it); other funcs stay, called or not.

// GONE-NOT: @adj_{{inner|outer|named}}
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
func.func private @named(%a: f32) -> f32 {
  return %a : f32
}
func.func private @adj_named(%a: f32, %g: f32) -> f32 attributes {kdsl.adjoint_func_of = "named"} {
  return %g : f32
}
kdsl.kernel @k(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %a = func.call @adj_used(%v, %v) : (f32, f32) -> f32
  // CHECK: call @named(%{{.*}}) {kdsl.pure} :
  %n = func.call @named(%a) {kdsl.grad = @adj_named, kdsl.pure} : (f32) -> f32
  kdsl.store %n, %x[%i] : <f32, 1>
  kdsl.return
}
