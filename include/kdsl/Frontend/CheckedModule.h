//===- CheckedModule.h - a Python source parsed and type-checked -*- C++ -*-===//
//
// translateSource in two steps: CheckedModule::check parses the main buffer
// and type-checks what the options select (Parser, Sema), lower() makes the
// verified kdsl IR of it (generic instances, MLIRGen). A caller that analyses
// the checked AST before lowering it (kdsl-synth's realism checks) parses
// the source once. translateSource is check() then lower().
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_CHECKEDMODULE_H
#define KDSL_FRONTEND_CHECKEDMODULE_H

#include "kdsl/Frontend/Frontend.h"

#include <memory>
#include <vector>

namespace kdsl {

struct FuncDef;
struct ModuleAST;

class CheckedModule {
public:
  ~CheckedModule();

  /// Parses the main buffer of `sm` and type-checks it as translateSource
  /// does; null on an error, reported through `ctx`'s diagnostic engine (to
  /// the handlers the caller registered). `sm` and `ctx` must outlive the
  /// result.
  static std::unique_ptr<CheckedModule> check(llvm::SourceMgr &sm, mlir::MLIRContext &ctx,
                                              const FrontendOptions &options);

  /// The AST, annotated by Sema (types, locals, builtin ids).
  ModuleAST &ast();
  /// The funcs checked, callees before callers (Sema::getCheckedFuncs).
  const std::vector<FuncDef *> &checkedFuncs() const;
  llvm::SourceMgr &sourceMgr();

  /// The verified module of what was checked, as translateSource returns
  /// it (null on an error, reported). Called at most once.
  mlir::OwningOpRef<mlir::ModuleOp> lower();

private:
  CheckedModule();
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace kdsl

#endif
