//===- Generics.h - generic funcs and kernels, overloads -------*- C++ -*-===//
//
// Sema annotates the syntax tree in place, so every instance of a generic
// (`typing.Any`) func or kernel is checked on its own deep copy of the
// template's tree (cloneFuncDef). Instances get readable symbols built from
// their argument types (mangleTypes: f_float32_vec3f).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_GENERICS_H
#define KDSL_FRONTEND_GENERICS_H

#include "kdsl/Frontend/AST.h"

namespace kdsl {

class Type;

/// A copy of `f`'s signature and body with fresh (unchecked) nodes: every
/// expression and statement is copy-constructed and its children cloned, so
/// the Sema results of one instance never leak into another. The copy is
/// not registered in any scope or in the module's lists.
FuncDef *cloneFuncDef(ModuleAST &mod, const FuncDef &f);

/// `name` followed by one identifier-safe word per type:
/// f_float32_vec3f, fill_array_float32_float32, k_array2d_mat33d.
std::string mangleTypes(llvm::StringRef name, llvm::ArrayRef<const Type *> types);

} // namespace kdsl

#endif
