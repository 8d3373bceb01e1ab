//===- CustomGrad.h - @wp.func_grad / @wp.func_replay helpers ---*- C++ -*-===//
#ifndef KDSL_LIB_FRONTEND_CUSTOMGRAD_H
#define KDSL_LIB_FRONTEND_CUSTOMGRAD_H

#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Frontend/AST.h"

#include "llvm/ADT/SmallVector.h"
#include <string>

namespace kdsl {

/// The parameters of `grad->gradOf` that a custom gradient returns the
/// adjoint of (`values`: float scalars, vectors, matrices, structs) and
/// those that get an adjoint array parameter (`arrays`), as indices.
void customAdjointParams(const FuncDef *grad, llvm::SmallVectorImpl<unsigned> &values,
                         llvm::SmallVectorImpl<unsigned> &arrays);

/// The local that `wp.adjoint[param]` stands for.
std::string adjointLocalName(llvm::StringRef param);

} // namespace kdsl

#endif
