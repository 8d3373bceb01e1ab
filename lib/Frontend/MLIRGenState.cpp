//===- MLIRGenState.cpp - locals that prelude calls advance ----------------===//
//
// `x = wp.randf(state)` also assigns `state` (Warp passes it by reference;
// the prelude func returns the new state, SemaPrelude.cpp). The structured
// control flow analysis (MLIRGenAnalysis.cpp) counts such locals as assigned
// by the statement, so that loops and branches carry them.
//
//===----------------------------------------------------------------------===//
#include "MLIRGenImpl.h"

using namespace kdsl;
using llvm::StringRef;

static void stateWrites(const Expr *e, NameSet &out) {
  if (!e)
    return;
  auto *c = llvm::dyn_cast<CallExpr>(e);
  if (!c) { // (not into slices, nor literals kdsl does not compile)
    if (!llvm::isa<SliceExpr, UnsupportedExpr>(e))
      forEachChild(e, [&](const Expr *x) { stateWrites(x, out); });
    return;
  }
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(c->stateTarget))
    out.insert(n->name);
  // wp.ref[T] arguments are stored back after the call (genFuncCall).
  if (c->ckind == CallKind::Func && c->func)
    for (auto [p, a] : llvm::zip(c->func->params, c->boundArgs))
      if (p.isRef)
        if (StringRef r = MLIRGen::rootLocal(a); !r.empty())
          out.insert(r);
  // The arguments, not the callee.
  for (const Expr *a : c->args)
    stateWrites(a, out);
  for (const Keyword &k : c->kwargs)
    stateWrites(k.value, out);
}

void MLIRGen::collectStateWrites(const Stmt *s, NameSet &out) {
  switch (s->kind) {
  case StmtKind::Expr:
    return stateWrites(llvm::cast<ExprStmt>(s)->value, out);
  case StmtKind::Assign:
    return stateWrites(llvm::cast<AssignStmt>(s)->value, out);
  case StmtKind::AnnAssign:
    return stateWrites(llvm::cast<AnnAssignStmt>(s)->value, out);
  case StmtKind::AugAssign:
    return stateWrites(llvm::cast<AugAssignStmt>(s)->value, out);
  case StmtKind::If:
    return stateWrites(llvm::cast<IfStmt>(s)->cond, out);
  case StmtKind::For:
    return stateWrites(llvm::cast<ForStmt>(s)->iter, out);
  case StmtKind::While:
    return stateWrites(llvm::cast<WhileStmt>(s)->cond, out);
  case StmtKind::Return:
    return stateWrites(llvm::cast<ReturnStmt>(s)->value, out);
  case StmtKind::Assert:
    return stateWrites(llvm::cast<AssertStmt>(s)->test, out);
  default:
    return;
  }
}

void MLIRGen::assignAdvancedState(const CallExpr *e, llvm::SmallVectorImpl<mlir::Value> &results) {
  if (!e->advancesState)
    return;
  mlir::Value state = results.pop_back_val();
  if (!e->stateTarget)
    return;
  // The new state must reach the statement's level: inside `a if c else b`
  // or a short-circuit operand it would stay in a region. (A while
  // condition is a statement's level: genWhile forwards what it assigns.)
  if (b.getInsertionBlock() != stmtBlock) {
    error(e->loc, "kdsl cannot advance a random state inside a conditional expression or an "
                  "'and'/'or' operand yet; call it in a statement of its own");
    return;
  }
  assignTo(e->stateTarget, state);
}
