// RUN: kdsl-opt '--kdsl-autodiff=kernels=bad,also_bad' --split-input-file --verify-diagnostics %s -o /dev/null

// kdsl-autodiff with `kernels`: the pass stops at the first kernel it cannot
// differentiate (its errors are at the ops; also_bad's are not reported).
kdsl.kernel @bad(%a: !kdsl.array<f32, 1>, %b: !kdsl.array<f32, 1>, %c: i1, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "b", "c", "y"]} {
  %i = kdsl.tid : i32
  %arr = arith.select %c, %a, %b : !kdsl.array<f32, 1>
  // expected-error @+1 {{autodiff: the adjoint of this array is not known}}
  %v = kdsl.load %arr[%i] : <f32, 1>
  kdsl.store %v, %y[%i] : <f32, 1>
  kdsl.return
}

kdsl.kernel @also_bad(%a: !kdsl.array<f32, 1>, %b: !kdsl.array<f32, 1>, %c: i1, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "b", "c", "y"]} {
  %i = kdsl.tid : i32
  %arr = arith.select %c, %a, %b : !kdsl.array<f32, 1>
  %v = kdsl.load %arr[%i] : <f32, 1>
  kdsl.store %v, %y[%i] : <f32, 1>
  kdsl.return
}

// -----

// A name no kernel has is an error at the module, before any kernel is
// differentiated (bad's errors are not reported).
// expected-error @+1 {{no kernel named 'also_bad'}}
module {
  kdsl.kernel @bad(%a: !kdsl.array<f32, 1>, %b: !kdsl.array<f32, 1>, %c: i1, %y: !kdsl.array<f32, 1>) attributes {arg_names = ["a", "b", "c", "y"]} {
    %i = kdsl.tid : i32
    %arr = arith.select %c, %a, %b : !kdsl.array<f32, 1>
    %v = kdsl.load %arr[%i] : <f32, 1>
    kdsl.store %v, %y[%i] : <f32, 1>
    kdsl.return
  }
}
