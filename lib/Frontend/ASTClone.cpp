//===- ASTClone.cpp - deep copies of funcs for generic instances ----------===//
//
// Each node is copy-constructed (so fields added to a node later are copied
// too) and then its children (forEachChild, AST.h) are replaced by clones.
// The template a clone is taken from is never type-checked itself, so the
// copies start as the parser left them; the types are cleared anyway.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Generics.h"

using namespace kdsl;

namespace {
class Cloner {
public:
  explicit Cloner(ModuleAST &mod) : mod(mod) {}

  Expr *expr(const Expr *e);
  Stmt *stmt(const Stmt *s);
  Body body(const Body &b) {
    Body out;
    out.reserve(b.size());
    for (const Stmt *s : b)
      out.push_back(stmt(s));
    return out;
  }

private:
  ModuleAST &mod;

  template <typename T> T *copy(const T *node) { return mod.make<T>(*node); }
};
} // namespace

Expr *Cloner::expr(const Expr *e) {
  if (!e)
    return nullptr;
  Expr *c = nullptr;
  switch (e->kind) {
  case ExprKind::Int:
    c = copy(llvm::cast<IntExpr>(e));
    break;
  case ExprKind::Float:
    c = copy(llvm::cast<FloatExpr>(e));
    break;
  case ExprKind::Bool:
    c = copy(llvm::cast<BoolExpr>(e));
    break;
  case ExprKind::Name:
    c = copy(llvm::cast<NameExpr>(e));
    break;
  case ExprKind::Unsupported:
    c = copy(llvm::cast<UnsupportedExpr>(e));
    break;
  case ExprKind::Attribute:
    c = copy(llvm::cast<AttributeExpr>(e));
    break;
  case ExprKind::Subscript:
    c = copy(llvm::cast<SubscriptExpr>(e));
    break;
  case ExprKind::Call:
    c = copy(llvm::cast<CallExpr>(e));
    break;
  case ExprKind::Binary:
    c = copy(llvm::cast<BinaryExpr>(e));
    break;
  case ExprKind::Unary:
    c = copy(llvm::cast<UnaryExpr>(e));
    break;
  case ExprKind::Compare:
    c = copy(llvm::cast<CompareExpr>(e));
    break;
  case ExprKind::BoolOp:
    c = copy(llvm::cast<BoolOpExpr>(e));
    break;
  case ExprKind::IfExp:
    c = copy(llvm::cast<IfExpExpr>(e));
    break;
  case ExprKind::Slice:
    c = copy(llvm::cast<SliceExpr>(e));
    break;
  case ExprKind::Tuple:
    c = copy(llvm::cast<TupleExpr>(e));
    break;
  }
  if (!c) // a kind added after this cloner: shared, not copied
    return const_cast<Expr *>(e);
  forEachChild(c, [&](Expr *&child) { child = expr(child); });
  // Decided by Sema, per clone.
  if (auto *call = llvm::dyn_cast<CallExpr>(c))
    call->boundArgs.clear();
  if (auto *b = llvm::dyn_cast<BinaryExpr>(c))
    b->userCall = nullptr;
  c->type = nullptr;
  c->evalType = nullptr;
  return c;
}

Stmt *Cloner::stmt(const Stmt *s) {
  Stmt *c = nullptr;
  switch (s->kind) {
  case StmtKind::Expr:
    c = copy(llvm::cast<ExprStmt>(s));
    break;
  case StmtKind::Assign:
    c = copy(llvm::cast<AssignStmt>(s));
    break;
  case StmtKind::AugAssign:
    c = copy(llvm::cast<AugAssignStmt>(s));
    break;
  case StmtKind::AnnAssign:
    c = copy(llvm::cast<AnnAssignStmt>(s));
    break;
  case StmtKind::If:
    c = copy(llvm::cast<IfStmt>(s));
    break;
  case StmtKind::For:
    c = copy(llvm::cast<ForStmt>(s));
    break;
  case StmtKind::While:
    c = copy(llvm::cast<WhileStmt>(s));
    break;
  case StmtKind::Return:
    c = copy(llvm::cast<ReturnStmt>(s));
    break;
  case StmtKind::Assert:
    c = copy(llvm::cast<AssertStmt>(s));
    break;
  case StmtKind::Unsupported:
    c = copy(llvm::cast<UnsupportedStmt>(s));
    break;
  case StmtKind::Break:
  case StmtKind::Continue:
  case StmtKind::Pass:
    c = copy(static_cast<const SimpleStmt *>(s));
    break;
  }
  if (!c) // a kind added after this cloner
    return const_cast<Stmt *>(s);
  forEachChild(c, [&](Expr *&child) { child = expr(child); }, [&](Body &b) { b = body(b); });
  if (auto *f = llvm::dyn_cast<ForStmt>(c))
    f->start = f->stop = f->step = nullptr; // Sema's results
  return c;
}

FuncDef *kdsl::cloneFuncDef(ModuleAST &mod, const FuncDef &f) {
  Cloner cl(mod);
  // Copied whole (fields added to FuncDef later come along), then the
  // syntax is deep-copied and Sema's results and the links reset.
  FuncDef *c = mod.make<FuncDef>(f);
  for (Keyword &kw : c->options)
    kw.value = cl.expr(kw.value);
  for (Param &p : c->params) {
    p.annotation = cl.expr(p.annotation);
    p.defaultValue = cl.expr(p.defaultValue);
    p.type = nullptr;
  }
  c->returns = cl.expr(f.returns);
  c->body = cl.body(f.body);
  c->attached.clear();
  c->previousDef = c->nextDef = nullptr;
  c->redefinitionReported = false;
  c->state = CheckState::Unchecked;
  c->resultTypes.clear();
  c->locals.clear();
  c->literalLocals.clear();
  c->tidDims = 0;
  c->symName.clear();
  c->genericTemplate = false;
  c->templateOf = nullptr;
  c->instances.clear();
  return c;
}
