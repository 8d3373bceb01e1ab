//===- Driver.h - one compile path for kdsl's tools -------------*- C++ -*-===//
//
// Every tool compiles a kernel file the same way:
//
//   front end (Python, then kdsl-build-grad-funcs) or parser (kdsl IR)
//     ->  kdsl IR
//   -> adjoint preparation (a pass pipeline: kdsl-autodiff)
//   -> the target: kdsl IR, LLVM IR, PTX, C++, CUDA C, or kernels compiled
//      for the CPU (JIT in process, or emitted C++ built and loaded)
//
// The pass managers of these stages take MLIR's pass-manager options
// (--mlir-print-ir-after-all, --mlir-timing, ...) when a tool registered
// them with registerToolCLOptions().
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DRIVER_DRIVER_H
#define KDSL_DRIVER_DRIVER_H

#include "kdsl/Frontend/CheckedModule.h"
#include "kdsl/Frontend/Frontend.h"
#include "kdsl/Runtime/CpuBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kdsl::driver {

enum class Target {
  Mlir,      // kdsl IR, printed
  LLVM,      // LLVM IR of the CPU module (kdsl-lower-to-cpu)
  Cpp,       // self-contained C++17
  Cuda,      // self-contained CUDA C
  Ptx,       // PTX through gpu/nvvm
  Jit,       // kernels JIT-compiled in process (CpuModule)
  CppLoaded, // emitted C++ built with the system compiler and loaded (CpuModule)
};

/// Registers the options every kdsl tool takes from MLIR: the pass manager's
/// (--mlir-print-ir-after-all, --mlir-pass-statistics, ...), the default
/// timing manager's (--mlir-timing), the MLIRContext's and the asm printer's,
/// and --verify-each (verify the IR after every pass; off by default: the
/// front end verifies its output and every pass is tested).
void registerToolCLOptions();

/// Applies the registered options to `pm` (and --verify-each); with
/// `timing`, the passes are timed under it.
mlir::LogicalResult configurePassManager(mlir::PassManager &pm,
                                         mlir::TimingScope *timing = nullptr);

/// Which kernels get an adjoint (<kernel>_backward).
struct AdjointOptions {
  /// These kernels (by symbol; an unknown one is an error; none when
  /// empty). Unset: kdsl-autodiff's default selection, every kernel without
  /// enable_backward=False that has no adjoint yet (kdsl IR input may carry
  /// them: kdsl.adjoint_of).
  std::optional<std::vector<std::string>> kernels;
};

/// Runs kdsl-autodiff on `module` for the kernels `options` selects (the
/// pass's default selection, or its `kernels` option). On failure the error
/// is "cannot differentiate kernel 'k':\n<file:line:col: error: ...>\n" (the
/// pass's errors are not reported to the context's handlers; its warnings
/// are), or "no kernel named 'x'". kdsl-synth's and the tools' call.
llvm::Error prepareAdjoints(mlir::ModuleOp module, const AdjointOptions &options = {},
                            mlir::TimingScope *timing = nullptr);

struct CompileOptions {
  Target target = Target::Mlir;
  /// The input is kdsl IR (parsed and verified) rather than Python.
  bool mlirInput = false;
  FrontendOptions frontend;
  /// Where the front end writes its diagnostics (null: stderr), unless
  /// `frontendToContext`: then they go to the handlers of the context (a
  /// mlir::SourceMgrDiagnosticVerifierHandler for --verify-diagnostics).
  llvm::raw_ostream *frontendDiagnostics = nullptr;
  bool frontendToContext = false;
  /// Build adjoints (never for Target::Mlir).
  bool adjoints = true;
  AdjointOptions adjointOptions;
  /// Appended to the message of an adjoint preparation error.
  std::string adjointHint;
  /// llvm, cpp, cuda, jit, cpp-loaded: guard every array access.
  bool checkBounds = false;
  /// llvm: the LLVM module's name (kdsl-translate: the input file).
  std::string llvmModuleName = "LLVMDialectModule";
  /// ptx: the GPU (validated: sm_70 ... sm_90a) and the toolkit.
  std::string arch = "sm_80";
  std::string cudaPath;
  /// cuda: append a host program that runs a kdsl bundle.
  bool standaloneHost = false;
  /// jit, cpp-loaded: optimize; cpp-loaded: the compiler.
  bool optimize = true;
  std::string cxx;
  /// jit: the object cache's directory (Runtime/ObjectCache.h); empty: none.
  std::string objectCacheDir;
  /// Where the stages' times go (null: not timed).
  mlir::TimingScope *timing = nullptr;
};

struct CompileResult {
  /// The module after the last stage that works on it in place.
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// mlir, llvm, cpp, cuda, ptx: the text.
  std::string text;
  /// The CUDA C entry points (docs/gpu-abi.md), taken before emission.
  std::vector<std::string> cudaEntryPoints;
  /// jit, cpp-loaded: the compiled kernels.
  std::unique_ptr<CpuModule> cpu;
  /// With adjoints: per kernel whose adjoint reads arrays as they were before
  /// the forward launch, KernelInfo::argPreLaunch (LaunchPlan::setPreLaunchArgs).
  std::map<std::string, std::vector<bool>> preLaunchArgs;
};

/// While it lives, prints the context's warnings (the autodiff's) to `os` as
/// "file:line:col: warning: message"; other diagnostics go on to the other
/// handlers.
class WarningPrinter {
public:
  WarningPrinter(mlir::MLIRContext &ctx, llvm::raw_ostream &os);

private:
  mlir::ScopedDiagnosticHandler handler;
};

/// An error whose diagnostics were already reported (through the context's
/// handlers or the front end's stream): the tools print nothing more.
class ReportedError : public llvm::ErrorInfo<ReportedError> {
public:
  static char ID;
  void log(llvm::raw_ostream &) const override {}
  std::error_code convertToErrorCode() const override;
};
llvm::Error reported();
/// True (and consumes it) if `e` is a ReportedError.
bool isReported(llvm::Error &e);

/// The front end (kdsl::translateSource) and the pass that completes its
/// output, kdsl-build-grad-funcs (the bodies of wp.grad(f)'s `<f>__grad`
/// funcs; the front end does not depend on the autodiff library). Null on an
/// error, reported to `errs` (file:line:col, source line and caret) or, with
/// `errs` null, to the context's handlers; a failure of the pass is a
/// compiler bug (options.internalError).
mlir::OwningOpRef<mlir::ModuleOp> translatePython(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                                  const FrontendOptions &options,
                                                  llvm::raw_ostream *errs,
                                                  mlir::TimingScope *timing = nullptr);

/// A Python source the front end has parsed and type-checked, not lowered
/// yet (CheckedModule), with the buffer it holds: kdsl-synth analyses the AST
/// of each program it generates and lowers the one it keeps, so a program is
/// parsed once.
struct ParsedPython {
  llvm::SourceMgr sm;
  /// The context it was checked in (and is lowered in).
  mlir::MLIRContext *ctx = nullptr;
  /// Null when the source has an error, and once translateParsed lowered it.
  std::unique_ptr<CheckedModule> checked;
  /// The front end's diagnostics (file:line:col, source line and caret), of
  /// parsePython and then of translateParsed.
  std::string errors;
};

/// Parses and type-checks `source` (its buffer named `bufferName`) for a
/// whole-file translation in `ctx`.
std::unique_ptr<ParsedPython> parsePython(llvm::StringRef source, llvm::StringRef bufferName,
                                          mlir::MLIRContext &ctx);

/// translatePython's result for a parsed source: its module lowered
/// (CheckedModule::lower; `parsed.checked` is released) and completed by
/// kdsl-build-grad-funcs. Null on an error (appended to parsed.errors) or
/// when there is no checked module.
mlir::OwningOpRef<mlir::ModuleOp> translateParsed(ParsedPython &parsed);

/// Stage 1: the main buffer of `sm` as kdsl IR (null on error; reported).
mlir::OwningOpRef<mlir::ModuleOp> loadModule(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                             const CompileOptions &options);

/// Stages 2 and 3 on `module` (modified in place).
llvm::Error lowerModule(mlir::ModuleOp module, const CompileOptions &options,
                        CompileResult &result);

/// The whole path.
llvm::Expected<CompileResult> compile(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                      const CompileOptions &options);

/// A context with kdsl's dialects (and with `gpu` what PTX needs) loaded.
std::unique_ptr<mlir::MLIRContext> createContext(bool gpu = true);

} // namespace kdsl::driver

#endif
