//===- Sema.h - type checker of the Warp kernel language -------*- C++ -*-===//
//
// Resolves names, checks and annotates types (following Warp: statically
// typed from annotations, locals keep their first type, literals adapt to the
// other operand, no silent int/float mixing) and records what MLIRGen needs:
// builtin ids, struct/func targets, range bounds, literal types.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_SEMA_H
#define KDSL_FRONTEND_SEMA_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"
#include "kdsl/Frontend/Diagnostics.h"
#include "kdsl/Frontend/Types.h"
#include "llvm/ADT/StringSet.h"

namespace kdsl {

class BuiltinCall;

class Sema {
  friend class BuiltinCall; // the builtin type rules (BuiltinRules.cpp)

public:
  Sema(ModuleAST &module, DiagEngine &diags, TypeContext &types)
      : mod(module), diags(diags), types(types) {}

  /// Checks one kernel and everything it uses. Returns false on error.
  bool checkKernel(FuncDef *kernel);
  /// Checks every kernel, func and struct of the module.
  bool checkAll();

  /// Funcs that were checked successfully, callees before callers.
  const std::vector<FuncDef *> &getCheckedFuncs() const { return checkedFuncs; }
  /// Structs in the order they were checked (field types before users).
  const std::vector<StructDef *> &getCheckedStructs() const { return checkedStructs; }

  /// Fold a constant expression (module constants, range bounds).
  struct ConstValue {
    enum Kind { Int, Float, Bool } kind;
    int64_t i = 0;
    double f = 0;
    bool b = false;
  };
  std::optional<ConstValue> evalConst(Expr *e);

private:
  ModuleAST &mod;
  DiagEngine &diags;
  TypeContext &types;
  std::vector<FuncDef *> checkedFuncs;
  std::vector<StructDef *> checkedStructs;
  llvm::StringMap<unsigned> symbolNames;

  // Per-function state.
  FuncDef *fn = nullptr;
  unsigned loopDepth = 0;
  bool returnTypeFixed = false;

  bool error(llvm::SMLoc loc, const llvm::Twine &msg) {
    diags.error(loc, msg);
    return false;
  }

  // Definitions.
  bool checkFunc(FuncDef *f);
  bool checkStruct(StructDef *s);
  bool checkConst(ConstDef *c);
  std::string uniqueSymbol(llvm::StringRef name);
  const Type *resolveType(Expr *annotation, Scope *scope);
  bool isWarpModule(Expr *e, Scope *scope);
  SubscriptExpr *tupleAnnotation(Expr *e, Scope *scope);
  bool alwaysReturns(const Body &body);
  std::optional<llvm::StringRef> warpNameOf(Expr *e, Scope *scope);

  // Statements.
  bool checkBody(Body &body);
  bool checkStmt(Stmt *s);
  bool checkAssign(Expr *target, Expr *value, const Type *valueType, llvm::SMLoc loc);
  bool checkAssignTarget(Expr *target, const Type *valueType, Expr *value, llvm::SMLoc loc);
  bool bindLocal(NameExpr *name, const Type *type, Expr *value, llvm::SMLoc loc);
  bool checkFor(ForStmt *s);
  bool checkReturn(ReturnStmt *s);
  bool checkCondition(Expr *cond);

  // Expressions.
  const Type *check(Expr *e);
  const Type *checkName(NameExpr *e);
  const Type *checkAttribute(AttributeExpr *e);
  const Type *checkSubscript(SubscriptExpr *e);
  const Type *checkCall(CallExpr *e);
  const Type *checkBinary(BinaryExpr *e);
  const Type *checkUnary(UnaryExpr *e);
  const Type *checkCompare(CompareExpr *e);
  const Type *checkBuiltin(CallExpr *e, Builtin b);
  const Type *checkTypeCtor(CallExpr *e, const Type *t);
  const Type *checkStructCtor(CallExpr *e, StructDef *s);
  const Type *checkFuncCall(CallExpr *e, FuncDef *f);
  bool bindArguments(CallExpr *e, llvm::ArrayRef<llvm::StringRef> names,
                     const std::string &callee, llvm::StringRef what);
  const Type *checkTid(CallExpr *e, unsigned dims);
  const Type *binaryResult(BinOp op, Expr *lhs, Expr *rhs, llvm::SMLoc loc);

  /// Gives a literal-typed expression the type `t` (recursively through
  /// literal arithmetic), or checks that a typed expression has type `t`.
  bool coerce(Expr *e, const Type *t, const llvm::Twine &what);
  /// Literal expressions that nothing constrains become int32 / float32.
  const Type *finalize(Expr *e);
  void setLiteralType(Expr *e, const Type *t);
  /// Makes two operands agree (literal adaptation); returns the common type.
  const Type *unify(Expr *a, Expr *b, llvm::SMLoc loc, llvm::StringRef what);
  bool isLValue(Expr *e);
};

} // namespace kdsl

#endif
