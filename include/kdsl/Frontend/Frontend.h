//===- Frontend.h - Python source to verified kdsl IR ----------*- C++ -*-===//
#ifndef KDSL_FRONTEND_FRONTEND_H
#define KDSL_FRONTEND_FRONTEND_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

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
  /// Set to true when translation failed because of a compiler bug (IR that
  /// does not verify, an internal error) rather than an error in the source.
  bool *internalError = nullptr;
};

/// Parses, type-checks and lowers the main buffer of `sm` to a verified
/// module; returns null on any error. Errors and notes are reported through
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
