//===- Cpp.h - self-contained C++ from kdsl IR -----------------*- C++ -*-===//
#ifndef KDSL_TARGET_CPP_H
#define KDSL_TARGET_CPP_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace kdsl {

/// Writes one C++17 file for the kdsl module as the front end produces it
/// (kdsl.kernel, func.func, scf, arith, math, vector, kdsl ops): the prelude
/// of types and builtins, the @wp.func as static functions, and for every
/// kernel `extern "C" void <kernel>_cpu_forward(dims, begin, end, args)`
/// with the CPU ABI of include/kdsl/Runtime/KernelABI.h. Argument names are
/// kept, one statement per line. The module is canonicalized in place first.
/// Fails (with a diagnostic) on an op it does not know.
struct CppEmitOptions {
  /// Guard every array access; out-of-range indices call kdsl_report_oob.
  bool checkBounds = false;
  /// C++ for the CPU ABI, or CUDA C with `__global__` grid-stride entry points
  /// `<kernel>_cuda_kernel_forward(kdsl_launch, arguments by value)`.
  enum class Target { Cpp, Cuda } target = Target::Cpp;
};
mlir::LogicalResult emitCpp(mlir::ModuleOp module, llvm::raw_ostream &os,
                            const CppEmitOptions &options = {});

} // namespace kdsl

#endif
