//===- CpuBackend.h - compile kdsl modules to callable CPU code -*- C++ -*-===//
#ifndef KDSL_RUNTIME_CPUBACKEND_H
#define KDSL_RUNTIME_CPUBACKEND_H

#include "kdsl/Runtime/KernelABI.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>

namespace kdsl {

/// Where compileWithJit's time goes (milliseconds), for benchmarks.
struct JitPhaseTimes {
  double lowering = 0;   // kdsl-lower-to-cpu (MLIR passes down to the LLVM dialect)
  double target = 0;     // the host's TargetMachine (features detected, machine created)
  double translate = 0;  // LLVM dialect -> LLVM IR
  double optimize = 0;   // LLVM's O3 pipeline (or the FastISel preparation)
  double jitSetup = 0;   // the LLJIT instance and the module added to it
  bool cacheHit = false; // the object came from the object cache
};

struct CpuCompileOptions {
  /// Insert bounds checks on every array access (kdsl_report_oob).
  bool checkBounds = false;
  /// C++ backend: the compiler to run (default: $CXX, then c++).
  std::string cxx;
  /// JIT: optimize (LLVM O3, host vectorization). Off: no IR optimization
  /// and the fastest code generation, for code that runs once (validation).
  bool optimize = true;
  /// Called on the lowering's pass manager before it runs (the tools apply
  /// their --mlir-print-ir-*, --mlir-timing and --verify-each options here).
  /// Unset: no per-pass verification (the front end verified its output and
  /// every pass is tested).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
  /// Diagnostics at a source line (a kdsl op a pass or the emitter refuses)
  /// go to the context's handlers, which print them as file:line:col; when
  /// those were the failure's only errors, the returned error is "CPU
  /// lowering failed" (JIT) or "C++ emission failed" (C++) with nothing after.
  bool sourceDiagnosticsToCaller = false;
  /// JIT: the object cache's directory (ObjectCache.h); empty: none. On a
  /// hit, LLVM's optimizer and code generator do not run.
  std::string objectCacheDir;
  /// JIT: if set, receives the time of each phase. Code generation is not
  /// among them: ORC compiles the module at its first CpuModule::lookup.
  JitPhaseTimes *phaseTimes = nullptr;
};

/// Compiled kernels of one module, callable through the CPU ABI.
class CpuModule {
public:
  virtual ~CpuModule() = default;
  /// `kernel` is the kdsl.kernel symbol; returns null if it does not exist.
  /// With `backward`, the adjoint kernel kdsl-autodiff built for it.
  virtual kdsl_kernel_fn lookup(llvm::StringRef kernel, bool backward = false) = 0;
};

/// Runs the CPU lowering pipeline (kdsl-lower-to-cpu) on `module` in place.
llvm::Error lowerToLLVMDialect(mlir::ModuleOp module, const CpuCompileOptions &options);

/// Lowers `module` (kdsl IR from the front end; it is modified) through
/// MLIR's LLVM pipeline and JIT-compiles it in process.
llvm::Expected<std::unique_ptr<CpuModule>> compileWithJit(mlir::ModuleOp module,
                                                          const CpuCompileOptions &options);

/// Emits C++ for `module`, compiles it with the system C++ compiler into a
/// shared object and loads it: an independent second path.
llvm::Expected<std::unique_ptr<CpuModule>> compileWithCpp(mlir::ModuleOp module,
                                                          const CpuCompileOptions &options);

struct PtxCompileOptions {
  /// sm_70 ... sm_90a.
  std::string chip = "sm_80";
  /// The CUDA toolkit (libdevice); empty: $CUDA_HOME, $CUDA_PATH, /usr/local/cuda.
  std::string cudaPath;
  /// Called on the lowering's pass manager before it runs (as in
  /// CpuCompileOptions: the tools' --mlir-print-ir-*, timing, --verify-each).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
  /// Diagnostics at a source line go to the context's handlers (kdsl-translate
  /// prints them as file:line:col); when those were the failure's only ones,
  /// the returned error is "GPU lowering failed" with nothing after it.
  bool sourceDiagnosticsToCaller = false;
};

/// Registers what the GPU path needs (NVVM target, LLVM IR translations).
void registerGpuTargets(mlir::DialectRegistry &registry);

/// Lowers `module` through kdsl-lower-to-nvvm and returns the PTX text of its
/// kernels (entry points `<kernel>_cuda_kernel_forward`, docs/gpu-abi.md).
/// Fails if libdevice is needed and the toolkit cannot be found, or if the
/// PTX still has unresolved `__nv_*` externs.
llvm::Expected<std::string> compileToPtx(mlir::ModuleOp module, const PtxCompileOptions &options);

} // namespace kdsl

#endif
