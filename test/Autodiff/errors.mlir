// RUN: kdsl-opt --kdsl-autodiff --split-input-file --verify-diagnostics %s -o /dev/null
// What kdsl-autodiff cannot differentiate yet is an error at the op, never
// a wrong gradient.

kdsl.kernel @array_chosen_at_run_time(%a: !kdsl.array<f32, 1>, %b: !kdsl.array<f32, 1>, %c: i1, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "b", "c", "y"]} {
  %i = kdsl.tid : i32
  %arr = arith.select %c, %a, %b : !kdsl.array<f32, 1>
  // expected-error @+1 {{autodiff: the adjoint of this array is not known (an array that is neither a kernel argument nor a field of one)}}
  %v = kdsl.load %arr[%i] : <f32, 1>
  kdsl.store %v, %y[%i] : <f32, 1>
  kdsl.return
}

// -----

!P = !kdsl.struct<"P", {m: f32, id: i32}>
kdsl.kernel @struct_carried(%x: !kdsl.array<f32, 1>, %n: i32, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "n", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s0 = kdsl.struct_create(%v, %c0) : !P
  // expected-error @+1 {{autodiff: a loop carrying a value of type '!kdsl.struct<"P", {m: f32, id: i32}>' is not differentiable yet}}
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %s0) -> (!P) : i32 {
    scf.yield %acc : !P
  }
  %m = kdsl.struct_extract %s["m"] : !P
  kdsl.store %m, %y[%i] : <f32, 1>
  kdsl.return
}

// -----

// expected-error @+1 {{autodiff: a symbol named 'taken_backward' exists already}}
kdsl.kernel @taken(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  kdsl.return
}
kdsl.kernel @taken_backward(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"], enable_backward = false} {
  kdsl.return
}

// -----

func.func private @external(f32) -> f32
kdsl.kernel @calls_external(%x: !kdsl.array<f32, 1>) attributes {arg_names = ["x"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  // expected-error @+1 {{autodiff: cannot inline the call of @external}}
  %r = func.call @external(%v) : (f32) -> f32
  kdsl.store %r, %x[%i] : <f32, 1>
  kdsl.return
}
