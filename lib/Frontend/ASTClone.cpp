//===- ASTClone.cpp - deep copies of funcs for generic instances ----------===//
//
// Each node is copy-constructed (so fields added to a node later are copied
// too) and then its child pointers are replaced by clones. The template a
// clone is taken from is never type-checked itself, so the copies start as
// the parser left them; the types are cleared anyway.
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
  template <typename Vec> void exprs(Vec &v) {
    for (Expr *&e : v)
      e = expr(e);
  }
  Expr *call(const CallExpr *e);
};
} // namespace

Expr *Cloner::call(const CallExpr *e) {
  CallExpr *c = copy(e);
  c->callee = expr(e->callee);
  exprs(c->args);
  for (Keyword &kw : c->kwargs)
    kw.value = expr(kw.value);
  c->boundArgs.clear();
  return c;
}

Expr *Cloner::expr(const Expr *e) {
  if (!e)
    return nullptr;
  Expr *c = nullptr;
  switch (e->kind) {
  case ExprKind::Int: c = copy(llvm::cast<IntExpr>(e)); break;
  case ExprKind::Float: c = copy(llvm::cast<FloatExpr>(e)); break;
  case ExprKind::Bool: c = copy(llvm::cast<BoolExpr>(e)); break;
  case ExprKind::Name: c = copy(llvm::cast<NameExpr>(e)); break;
  case ExprKind::Unsupported: {
    auto *u = copy(llvm::cast<UnsupportedExpr>(e));
    for (auto &[k, v] : u->dictItems)
      k = expr(k), v = expr(v);
    exprs(u->listItems);
    c = u;
    break;
  }
  case ExprKind::Attribute: {
    auto *a = copy(llvm::cast<AttributeExpr>(e));
    a->base = expr(a->base);
    c = a;
    break;
  }
  case ExprKind::Subscript: {
    auto *s = copy(llvm::cast<SubscriptExpr>(e));
    s->base = expr(s->base);
    exprs(s->indices);
    c = s;
    break;
  }
  case ExprKind::Call: c = call(llvm::cast<CallExpr>(e)); break;
  case ExprKind::Binary: {
    auto *b = copy(llvm::cast<BinaryExpr>(e));
    b->lhs = expr(b->lhs);
    b->rhs = expr(b->rhs);
    b->userCall = nullptr; // decided by Sema, per clone
    c = b;
    break;
  }
  case ExprKind::Unary: {
    auto *u = copy(llvm::cast<UnaryExpr>(e));
    u->operand = expr(u->operand);
    c = u;
    break;
  }
  case ExprKind::Compare: {
    auto *m = copy(llvm::cast<CompareExpr>(e));
    exprs(m->operands);
    c = m;
    break;
  }
  case ExprKind::BoolOp: {
    auto *b = copy(llvm::cast<BoolOpExpr>(e));
    exprs(b->operands);
    c = b;
    break;
  }
  case ExprKind::IfExp: {
    auto *i = copy(llvm::cast<IfExpExpr>(e));
    i->cond = expr(i->cond);
    i->thenExpr = expr(i->thenExpr);
    i->elseExpr = expr(i->elseExpr);
    c = i;
    break;
  }
  case ExprKind::Slice: {
    auto *l = copy(llvm::cast<SliceExpr>(e));
    l->lower = expr(l->lower);
    l->upper = expr(l->upper);
    l->step = expr(l->step);
    c = l;
    break;
  }
  case ExprKind::Tuple: {
    auto *t = copy(llvm::cast<TupleExpr>(e));
    exprs(t->elts);
    c = t;
    break;
  }
  }
  if (!c) // a kind added after this cloner: shared, not copied
    return const_cast<Expr *>(e);
  c->type = nullptr;
  c->evalType = nullptr;
  return c;
}

Stmt *Cloner::stmt(const Stmt *s) {
  switch (s->kind) {
  case StmtKind::Expr: {
    auto *c = copy(llvm::cast<ExprStmt>(s));
    c->value = expr(c->value);
    return c;
  }
  case StmtKind::Assign: {
    auto *c = copy(llvm::cast<AssignStmt>(s));
    exprs(c->targets);
    c->value = expr(c->value);
    return c;
  }
  case StmtKind::AugAssign: {
    auto *c = copy(llvm::cast<AugAssignStmt>(s));
    c->target = expr(c->target);
    c->value = expr(c->value);
    return c;
  }
  case StmtKind::AnnAssign: {
    auto *c = copy(llvm::cast<AnnAssignStmt>(s));
    c->target = expr(c->target);
    c->annotation = expr(c->annotation);
    c->value = expr(c->value);
    return c;
  }
  case StmtKind::If: {
    auto *c = copy(llvm::cast<IfStmt>(s));
    c->cond = expr(c->cond);
    c->thenBody = body(c->thenBody);
    c->elseBody = body(c->elseBody);
    return c;
  }
  case StmtKind::For: {
    auto *c = copy(llvm::cast<ForStmt>(s));
    c->target = expr(c->target);
    c->iter = expr(c->iter);
    c->body = body(c->body);
    c->start = c->stop = c->step = nullptr; // Sema's results
    return c;
  }
  case StmtKind::While: {
    auto *c = copy(llvm::cast<WhileStmt>(s));
    c->cond = expr(c->cond);
    c->body = body(c->body);
    return c;
  }
  case StmtKind::Return: {
    auto *c = copy(llvm::cast<ReturnStmt>(s));
    c->value = expr(c->value);
    return c;
  }
  case StmtKind::Assert: {
    auto *c = copy(llvm::cast<AssertStmt>(s));
    c->test = expr(c->test);
    c->msg = expr(c->msg);
    return c;
  }
  case StmtKind::Unsupported: return copy(llvm::cast<UnsupportedStmt>(s));
  case StmtKind::Break:
  case StmtKind::Continue:
  case StmtKind::Pass: return copy(static_cast<const SimpleStmt *>(s));
  }
  return const_cast<Stmt *>(s); // a kind added after this cloner
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
