//===- Frontend.h - Python source to verified kdsl IR ----------*- C++ -*-===//
#ifndef KDSL_FRONTEND_FRONTEND_H
#define KDSL_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <string>
#include <vector>

namespace kdsl {

struct FrontendOptions {
  /// Translate only this kernel (and what it uses); empty: the whole file.
  std::string kernel;
  /// Translate only the kernels with these symbols (and what they use), named
  /// as a whole-file translation names them (the second kernel `k` of a file
  /// is `k_1`); names that match no kernel are ignored. Used when `kernel` is
  /// empty; both empty: the whole file.
  std::vector<std::string> kernels;
  /// If set, receives the symbols of every kernel of the file as a
  /// whole-file translation names them (also those not translated).
  std::vector<std::string> *kernelSymbols = nullptr;
  /// Types for generic kernels (typing.Any parameters), by kernel name: the
  /// text of Python call arguments, `a=wp.array(dtype=float), b=float` or
  /// positional `wp.array(dtype=float), float`. A kernel given types here is
  /// translated as that one instance, under the kernel's own symbol; other
  /// generic kernels get one instance per @wp.overload stub or
  /// wp.overload() call of the file (symbols such as k_array_float32).
  std::map<std::string, std::string> kernelTypes;
  /// Set to true when translation failed because of a compiler bug (IR that
  /// does not verify, an internal error) rather than an error in the source.
  bool *internalError = nullptr;
  /// Directories searched for the source of imported Python modules after
  /// the importing file's directory and its ancestors (-I; Imports.cpp).
  std::vector<std::string> includeDirs;
};

/// Parses, type-checks and lowers the main buffer of `sm` to a verified
/// module; returns null on any error. Calls of wp.grad(f) are calls of
/// bodiless `@<f>__grad` funcs, which the pass kdsl-build-grad-funcs
/// completes (driver::translatePython runs both). Errors and notes are reported through
/// `ctx`'s diagnostic engine at FileLineColLocs of `sm`'s buffer, to the
/// handlers the caller registered (mlir::SourceMgrDiagnosticHandler to print
/// them, mlir::SourceMgrDiagnosticVerifierHandler to check them).
mlir::OwningOpRef<mlir::ModuleOp> translateSource(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                                  const FrontendOptions &options);

/// As above, with the diagnostics printed to `errs` as
/// `file:line:col: error: ...`, the source line and a caret (a
/// mlir::SourceMgrDiagnosticHandler registered for the call).
mlir::OwningOpRef<mlir::ModuleOp> translateSource(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                                  const FrontendOptions &options,
                                                  llvm::raw_ostream &errs);

} // namespace kdsl

#endif
