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

// Structs of scalars and vectors are carried as their fields; one holding
// an array is not.
!S = !kdsl.struct<"S", {m: f32, data: !kdsl.array<f32, 1>}>
kdsl.kernel @struct_with_array_carried(%x: !kdsl.array<f32, 1>, %n: i32, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["x", "n", "y"]} {
  %i = kdsl.tid : i32
  %v = kdsl.load %x[%i] : <f32, 1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s0 = kdsl.struct_create(%v, %x) : !S
  // expected-error @+1 {{autodiff: a loop carrying a value of type '!kdsl.struct<"S", {m: f32, data: !kdsl.array<f32, 1>}>' is not differentiable yet}}
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %s0) -> (!S) : i32 {
    %m = kdsl.struct_extract %acc["m"] : !S
    %m2 = arith.mulf %m, %m : f32
    %next = kdsl.struct_insert %m2, %acc["m"] : f32, !S
    scf.yield %next : !S
  }
  %m = kdsl.struct_extract %s["m"] : !S
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
