//===- BuiltinRuleContext.h - what every builtin rule family works with ---===//
//
// The call, its bound arguments, the name messages use, and the error helpers
// the rule classes of BuiltinRulesLinalg.cpp, BuiltinRulesMisc.cpp and
// SemaSpatial.cpp share (a friend of Sema, as they are).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINRULECONTEXT_H
#define KDSL_LIB_FRONTEND_BUILTINRULECONTEXT_H

#include "kdsl/Frontend/Sema.h"

namespace kdsl {

class BuiltinRuleContext {
public:
  BuiltinRuleContext(Sema &s, CallExpr *e, llvm::StringRef builtinName)
      : s(s), types(s.types), e(e), args(e->boundArgs), name(("wp." + builtinName).str()) {}

  Sema &s;
  TypeContext &types;
  CallExpr *e;
  llvm::SmallVector<Expr *, 4> &args;
  /// "wp.<builtin>", as messages name the call.
  std::string name;

  const Type *fail(llvm::SMLoc loc, const llvm::Twine &msg) {
    s.error(loc, msg);
    return nullptr;
  }
  const Type *argError(Expr *a, const llvm::Twine &want) {
    return fail(a->loc, name + "() expects " + want + ", got " + a->type->str());
  }
  /// Checks the first `n` arguments (all by default) and rejects values no
  /// builtin takes (tuples, nothing, shapes); literals keep their literal
  /// type until a rule gives them one.
  bool checkArgs(size_t n = ~size_t(0)) {
    for (size_t i = 0; i < args.size() && i < n; ++i)
      if (!s.check(args[i]))
        return false;
    for (size_t i = 0; i < args.size() && i < n; ++i) {
      const Type *t = args[i]->type;
      if (t->kind == Type::Tuple || t->kind == Type::Void || t->kind == Type::Shape)
        return fail(args[i]->loc, name + "() cannot take a value of type " + t->str());
    }
    return true;
  }
};

} // namespace kdsl

#endif
