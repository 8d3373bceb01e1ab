//===- MLIRGen.h - AST to kdsl/upstream MLIR -------------------*- C++ -*-===//
//
// Emits verified MLIR from a Sema-checked AST: kernels become kdsl.kernel,
// @wp.func become private func.func, control flow becomes scf (early return,
// break and continue are expressed with i1 flags carried through scf.if /
// scf.for / scf.while), and every op carries the FileLineColLoc of the source
// construct it comes from.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_MLIRGEN_H
#define KDSL_FRONTEND_MLIRGEN_H

#include "kdsl/Frontend/Sema.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace kdsl {

/// Generates a module with `funcs` (callees first) and `kernels`.
mlir::OwningOpRef<mlir::ModuleOp> generateMLIR(mlir::MLIRContext &ctx, ModuleAST &module,
                                               Sema &sema, DiagEngine &diags,
                                               llvm::ArrayRef<FuncDef *> funcs,
                                               llvm::ArrayRef<FuncDef *> kernels);

} // namespace kdsl

#endif
