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
kdsl.kernel @other_target() attributes {arg_names = [], kdsl.entry_point = {comment = "", params = [["kdsl_launch", "launch"]], specifiers = [], symbol = "other_target_cuda_kernel_forward", target = "cuda", unused = []}} {
  %0 = emitc.literal "launch.total" : i64
  // PASS: build-entry-points-errors.mlir:[[# @LINE + 1]]:8: error: 'emitc.literal' op is not a value of the entry point kdsl-build-entry-points built
  %1 = emitc.literal "warpSize" : i64
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' must be a dictionary}}
kdsl.kernel @not_dict() attributes {arg_names = [], kdsl.entry_point = 1} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' has target 'ptx'; expected 'cpp' or 'cuda'}}
kdsl.kernel @bad_target() attributes {arg_names = [], kdsl.entry_point = {comment = "", params = [], specifiers = [], symbol = "s", target = "ptx", unused = []}} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' needs the strings 'target', 'comment' and 'symbol'}}
kdsl.kernel @no_symbol() attributes {arg_names = [], kdsl.entry_point = {comment = "", params = [], specifiers = [], target = "cpp", unused = []}} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' needs 'params', a list of [C type, name] pairs}}
kdsl.kernel @bad_params() attributes {arg_names = [], kdsl.entry_point = {comment = "", params = [["int64_t"]], specifiers = [], symbol = "s", target = "cpp", unused = []}} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' reads the arguments from 'argv', which is no parameter}}
kdsl.kernel @bad_args_from() attributes {arg_names = [], kdsl.entry_point = {args_from = "argv", comment = "", params = [["void **", "args"]], specifiers = [], symbol = "s", target = "cpp", unused = []}} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' lists 'dims' as unused, which is no parameter}}
kdsl.kernel @bad_unused() attributes {arg_names = [], kdsl.entry_point = {comment = "", params = [["kdsl_launch", "launch"]], specifiers = [], symbol = "s", target = "cuda", unused = ["dims"]}} {
  kdsl.return
}

// -----

// expected-error @+1 {{'kdsl.entry_point' is only valid on a kdsl.kernel}}
func.func @on_func() attributes {kdsl.entry_point = {}} {
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
