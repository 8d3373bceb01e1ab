// RUN: not kdsl-opt %s --split-input-file --kdsl-outline-cpu-kernels 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not kdsl-opt %s --split-input-file --kdsl-outline-gpu-kernels 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not kdsl-opt %s --split-input-file --kdsl-lower-launch 2>&1 | FileCheck %s --check-prefix=OPS

// The outline passes take the launch kdsl-lower-launch built.
// CPU: lower-launch-errors.mlir:[[# @LINE + 2]]:1: error: kdsl-outline-cpu-kernels: the launch of kernel 'k' is not lowered: run kdsl-lower-launch first
// GPU: lower-launch-errors.mlir:[[# @LINE + 1]]:1: error: kdsl-outline-gpu-kernels: the launch of kernel 'k' is not lowered: run kdsl-lower-launch first
kdsl.kernel @k(%a: !kdsl.array<i32, 1>) attributes {arg_names = ["a"]} {
  %i = kdsl.tid : i32
  kdsl.store %i, %a[%i] : !kdsl.array<i32, 1>
  kdsl.return
}

// -----

// The launch ops live at the top of a kernel body.
// OPS: lower-launch-errors.mlir:[[# @LINE + 2]]:8: error: 'kdsl.launch_dim' op must be at the top of a kdsl.kernel body
func.func @g() -> i64 {
  %0 = kdsl.launch_dim 1 : i64
  return %0 : i64
}

// -----

// OPS: lower-launch-errors.mlir:[[# @LINE + 2]]:8: error: 'kdsl.launch_dim' op launch grids have dimensions 0 to 3 (4, 5: the block), got 6
kdsl.kernel @k4() attributes {arg_names = []} {
  %0 = kdsl.launch_dim 6 : i64
  kdsl.return
}

// -----

// OPS: lower-launch-errors.mlir:[[# @LINE + 3]]:18: error: 'kdsl.thread_range' op must be at the top of a kdsl.kernel body
kdsl.kernel @nested() attributes {arg_names = []} {
  scf.execute_region {
    %0, %1, %2 = kdsl.thread_range : i64, i64, i64
    scf.yield
  }
  kdsl.return
}
