//===- Cpp.h - self-contained C++ from kdsl IR -----------------*- C++ -*-===//
#ifndef KDSL_TARGET_CPP_H
#define KDSL_TARGET_CPP_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

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
  /// Without the prelude (types, builtins, array access): the kernel code
  /// alone, to be compiled after cppPrelude() (kdsl-synth stores it once).
  bool prelude = true;
};
/// Emits `module` as it is; callers run kdsl-prepare-emission{target=...}
/// (kdsl::prepareForEmission, include/kdsl/Transforms/Passes.h) first: the
/// kernels must have the entry points kdsl-build-entry-points builds for
/// `options.target` (an error names the pipeline otherwise), and the text is
/// the folded, CSE'd one kdsl-translate prints.
mlir::LogicalResult emitCpp(mlir::ModuleOp module, llvm::raw_ostream &os,
                            const CppEmitOptions &options = {});

/// The prelude emitCpp writes before the kernel code (the same for C++ and
/// CUDA C: it adapts with __CUDACC__).
std::string cppPrelude();

/// The CUDA entry points of the kernels of `module`, in order: forward
/// kernels' `<k>_cuda_kernel_forward`, adjoints' `<k>_cuda_kernel_backward`.
std::vector<std::string> cudaEntryPoints(mlir::ModuleOp module);

/// Appends to CUDA C from emitCpp a host program that runs a kdsl bundle
/// (docs/gpu-suite.md) on the GPU with the CUDA runtime API and prints the
/// outputs as kdsl-run's JSON (kdsl-translate --standalone). `entries` are
/// the CUDA entry points (cudaEntryPoints) the bundle's launches may use.
void emitStandaloneHost(llvm::ArrayRef<std::string> entries, llvm::raw_ostream &os);
/// Build files for the standalone program STEM.cu, built with nvcc.
std::string standaloneMakefile(llvm::StringRef stem);
std::string standaloneCMakeLists(llvm::StringRef stem);

} // namespace kdsl

#endif
