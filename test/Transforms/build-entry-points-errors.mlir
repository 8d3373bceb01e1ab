// RUN: kdsl-opt %s -split-input-file -verify-diagnostics
// RUN: not kdsl-opt %s --split-input-file --kdsl-build-entry-points=target=cpp 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not kdsl-opt %s --split-input-file --kdsl-build-entry-points=target=fortran 2>&1 | FileCheck %s --check-prefix=TARGET

// The attributes kdsl-build-entry-points writes, as the kdsl dialect verifies
// them (KdslDialect::verifyOperationAttribute, EntryPoints.cpp), and the
// pass's own errors.

// TARGET: error: kdsl-build-entry-points: target must be cpp or cuda; got 'fortran'
// PASS: build-entry-points-errors.mlir:[[# @LINE + 1]]:1: error: 'kdsl.kernel' op the C++/CUDA C entry points take the lowered launch: run kdsl-lower-launch (kdsl-prepare-emission runs it) first
kdsl.kernel @not_lowered(%a: !kdsl.array<i32, 1>) attributes {arg_names = ["a"]} {
  %i = kdsl.tid : i32
  kdsl.store %i, %a[%i] : !kdsl.array<i32, 1>
  kdsl.return
}

// -----

// Built for the other target: rebuilt, each value of its entry point in
// place; a literal that is none is an error.
kdsl.kernel @other_target() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cuda "other_target_cuda_kernel_forward">} {
  %0 = emitc.literal "launch.total" : i64
  // PASS: build-entry-points-errors.mlir:[[# @LINE + 1]]:8: error: 'emitc.literal' op is not a value of the entry point kdsl-build-entry-points built
  %1 = emitc.literal "warpSize" : i64
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' is a #kdsl.entry_point on a kdsl.kernel}}
kdsl.kernel @not_entry_point() attributes {arg_names = [], kdsl.entry_point = 1} {
  kdsl.return
}

// -----

// expected-error @+1 {{expected the target 'cpp' or 'cuda', got 'ptx'}}
kdsl.kernel @bad_target() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<ptx "s">} {
  kdsl.return
}

// -----

// expected-error @+1 {{an entry point needs a symbol}}
kdsl.kernel @no_symbol() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cpp "">} {
  kdsl.return
}

// -----

// expected-error @+1 {{launch bounds are 1 or 2 positive numbers, on a CUDA C entry point}}
kdsl.kernel @cpu_bounds() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cpp "s", launch_bounds = [128]>} {
  kdsl.return
}

// -----

// expected-error @+1 {{launch bounds are 1 or 2 positive numbers, on a CUDA C entry point}}
kdsl.kernel @zero_bounds() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cuda "s", launch_bounds = [0]>} {
  kdsl.return
}

// -----

// expected-error @+1 {{'dims' is no parameter of the cuda entry points}}
kdsl.kernel @bad_unused() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cuda "s", unused = [dims]>} {
  kdsl.return
}

// -----

// expected-error @+1 {{an unused parameter is listed twice or is no parameter}}
kdsl.kernel @unused_twice() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cpp "s", unused = [args, args]>} {
  kdsl.return
}

// -----

// expected-error @+1 {{expected 'launch_bounds' or 'unused', got 'params'}}
kdsl.kernel @bad_key() attributes {arg_names = [], kdsl.entry_point = #kdsl.entry_point<cpp "s", params = []>} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' is a #kdsl.entry_point on a kdsl.kernel}}
func.func @on_func() attributes {kdsl.entry_point = #kdsl.entry_point<cpp "s">} {
  return
}

// -----

kdsl.kernel @grid_loop_results() attributes {arg_names = []} {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  // expected-error @+1 {{'kdsl.grid_loop' is a unit attribute on an scf.for in a kdsl.kernel's body, carrying no values}}
  %r = scf.for %t = %c0 to %c1 step %c1 iter_args(%x = %c0) -> (i64) : i64 {
    scf.yield %x : i64
  } {kdsl.grid_loop}
  kdsl.return
}

// -----

func.func @split_on_addi(%a: i64) -> i64 {
  // expected-error @+1 {{'kdsl.thread_split' is a unit attribute on an arith.remsi or arith.divsi}}
  %0 = arith.addi %a, %a {kdsl.thread_split} : i64
  return %0 : i64
}

// -----

func.func @coord_empty(%a: i64) -> i32 {
  // expected-error @+1 {{'kdsl.thread_coord' is a name (a non-empty string) on an arith.trunci}}
  %0 = arith.trunci %a {kdsl.thread_coord = ""} : i64 to i32
  return %0 : i32
}
