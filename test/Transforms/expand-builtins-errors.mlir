// RUN: not kdsl-opt %s --kdsl-expand-builtins 2>&1 | FileCheck %s
// An op that needs an expansion no pattern gives (the front end only
// broadcasts scalars to matrices) fails the pass at the op, rather than
// reaching convert-vector-to-llvm.

// CHECK: expand-builtins-errors.mlir:[[# @LINE + 2]]:8: error: failed to legalize operation 'vector.broadcast'
func.func @vector_broadcast(%v: vector<3xf32>) -> vector<2x3xf32> {
  %0 = vector.broadcast %v : vector<3xf32> to vector<2x3xf32>
  return %0 : vector<2x3xf32>
}
