//===- MLIRGenAnalysis.cpp - which locals a region assigns and reads ------===//
//
// Structured control flow needs, for each if/loop, the locals it must carry
// out (yield / iter_args). A local is carried when the region assigns it and
// it may be read afterwards (or, for loops, in a later iteration before being
// reassigned). Flags ($ret, $brk<d>, $cont<d>, $rv<k>) are locals too.
//
//===----------------------------------------------------------------------===//
#include "BuiltinsLinalg.h"
#include "MLIRGenImpl.h"

using namespace kdsl;
using llvm::StringRef;

void MLIRGen::unite(NameSet &a, const NameSet &b) { a.insert(b.begin(), b.end()); }
bool MLIRGen::contains(const NameSet &s, StringRef n) { return s.count(n) != 0; }

StringRef MLIRGen::flag(StringRef kind, unsigned depth) {
  // Flag names are asked for constantly: memoize them per (kind, depth).
  unsigned k = kind == "ret" ? 0 : kind == "rv" ? 1 : kind == "brk" ? 2 : 3;
  if (depth < 64) {
    StringRef &slot = flagCache[k][depth];
    if (slot.empty())
      slot = flagNames.insert(("$" + kind + llvm::Twine(depth)).str()).first->getKey();
    return slot;
  }
  return flagNames.insert(("$" + kind + llvm::Twine(depth)).str()).first->getKey();
}

StringRef MLIRGen::rootLocal(const Expr *target) {
  if (auto *n = llvm::dyn_cast<NameExpr>(target))
    return n->name;
  if (auto *s = llvm::dyn_cast<SubscriptExpr>(target))
    return s->skind == SubKind::ArrayElem || s->skind == SubKind::ArrayView ? StringRef()
                                                                            : rootLocal(s->base);
  if (auto *a = llvm::dyn_cast<AttributeExpr>(target))
    return rootLocal(a->base);
  return StringRef();
}

void MLIRGen::collectReads(const Expr *e, NameSet &out) {
  if (!e)
    return;
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    if (n->ref == RefKind::Local && !(n->type && n->type->kind == Type::Function))
      out.insert(n->name);
    return;
  }
  if (auto *c = llvm::dyn_cast<CallExpr>(e)) { // the callee is not a read
    for (Expr *a : c->args)
      collectReads(a, out);
    for (const Keyword &k : c->kwargs)
      collectReads(k.value, out);
    return;
  }
  // (an array slice's bounds may be locals; literals kdsl does not compile
  // read nothing)
  if (!llvm::isa<UnsupportedExpr>(e))
    forEachChild(e, [&](const Expr *c) { collectReads(c, out); });
}

/// Reads made by assigning to `target` (indices, and the old value of a
/// local whose component is replaced).
static void targetReads(MLIRGen &g, const Expr *target, NameSet &out) {
  if (llvm::isa<NameExpr>(target))
    return;
  if (auto *t = llvm::dyn_cast<TupleExpr>(target)) {
    for (Expr *e : t->elts)
      targetReads(g, e, out);
    return;
  }
  g.collectReads(target, out);
}

static void targetAssigns(const Expr *target, NameSet &out) {
  if (auto *t = llvm::dyn_cast<TupleExpr>(target)) {
    for (Expr *e : t->elts)
      targetAssigns(e, out);
    return;
  }
  StringRef r = MLIRGen::rootLocal(target);
  if (!r.empty())
    out.insert(r);
}

const MLIRGen::StmtInfo &MLIRGen::info(const Stmt *s, unsigned depth) {
  StmtInfo &cached = infos[s];
  if (cached.computed)
    return cached;
  StmtInfo r;
  auto addBody = [&](const Body &body, unsigned d, StmtInfo &into) {
    for (const Stmt *c : body) {
      const StmtInfo &ci = info(c, d);
      unite(into.assigned, ci.assigned);
      unite(into.reads, ci.reads);
      into.exits |= ci.exits;
    }
  };
  switch (s->kind) {
  case StmtKind::Expr:
    collectReads(llvm::cast<ExprStmt>(s)->value, r.reads);
    // wp.svd3(A, U, sigma, V) (and the like) assigns its output arguments.
    if (auto *call = llvm::dyn_cast<CallExpr>(llvm::cast<ExprStmt>(s)->value))
      for (Expr *out : linalgOutputArgs(call)) {
        targetReads(*this, out, r.reads);
        targetAssigns(out, r.assigned);
      }
    break;
  case StmtKind::Assign: {
    auto *a = llvm::cast<AssignStmt>(s);
    if (a->functionAlias) // `f = helper` generates nothing
      break;
    collectReads(a->value, r.reads);
    for (Expr *t : a->targets) {
      targetReads(*this, t, r.reads);
      targetAssigns(t, r.assigned);
    }
    break;
  }
  case StmtKind::AnnAssign: {
    auto *a = llvm::cast<AnnAssignStmt>(s);
    collectReads(a->value, r.reads);
    targetAssigns(a->target, r.assigned);
    break;
  }
  case StmtKind::AugAssign: {
    auto *a = llvm::cast<AugAssignStmt>(s);
    collectReads(a->value, r.reads);
    collectReads(a->target, r.reads);
    targetAssigns(a->target, r.assigned);
    break;
  }
  case StmtKind::If: {
    auto *i = llvm::cast<IfStmt>(s);
    collectReads(i->cond, r.reads);
    addBody(i->thenBody, depth, r);
    addBody(i->elseBody, depth, r);
    break;
  }
  case StmtKind::For:
  case StmtKind::While: {
    StmtInfo body;
    if (auto *f = llvm::dyn_cast<ForStmt>(s)) {
      collectReads(f->start, r.reads);
      collectReads(f->stop, r.reads);
      collectReads(f->step, r.reads);
      targetAssigns(f->target, r.assigned);
      addBody(f->body, depth + 1, body);
    } else {
      auto *w = llvm::cast<WhileStmt>(s);
      collectReads(w->cond, r.reads);
      addBody(w->body, depth + 1, body);
    }
    body.assigned.erase(flag("brk", depth + 1));
    body.assigned.erase(flag("cont", depth + 1));
    unite(r.assigned, body.assigned);
    unite(r.reads, body.reads);
    r.exits = body.exits & ExitRet;
    break;
  }
  case StmtKind::Break:
    r.assigned.insert(flag("brk", depth));
    r.exits = ExitBrk;
    break;
  case StmtKind::Continue:
    r.assigned.insert(flag("cont", depth));
    r.exits = ExitCont;
    break;
  case StmtKind::Return: {
    auto *ret = llvm::cast<ReturnStmt>(s);
    collectReads(ret->value, r.reads);
    r.assigned.insert(flag("ret", 0));
    if (fn)
      for (unsigned k = 0; k < fn->resultTypes.size(); ++k)
        r.assigned.insert(flag("rv", k));
    r.exits = ExitRet;
    break;
  }
  case StmtKind::Assert:
    collectReads(llvm::cast<AssertStmt>(s)->test, r.reads);
    break;
  default:
    break;
  }
  collectStateWrites(s, r.assigned);
  r.computed = true;
  StmtInfo &slot = infos[s]; // `cached` may have been invalidated by recursion
  slot = std::move(r);
  return slot;
}

NameSet MLIRGen::exposedReads(const Body &body, unsigned depth, const Expr *cond,
                              StringRef loopVar) {
  NameSet exposed;
  if (cond)
    collectReads(cond, exposed);
  std::function<void(const Body &, NameSet &, unsigned)> walk = [&](const Body &stmts,
                                                                    NameSet &defined, unsigned d) {
    auto expose = [&](const NameSet &reads) {
      for (StringRef n : reads)
        if (!defined.count(n))
          exposed.insert(n);
    };
    for (const Stmt *s : stmts) {
      switch (s->kind) {
      case StmtKind::If: {
        auto *i = llvm::cast<IfStmt>(s);
        NameSet condReads;
        collectReads(i->cond, condReads);
        expose(condReads);
        NameSet d1 = defined, d2 = defined;
        walk(i->thenBody, d1, d);
        walk(i->elseBody, d2, d);
        NameSet both;
        for (StringRef n : d1)
          if (d2.count(n))
            both.insert(n);
        defined = both;
        break;
      }
      case StmtKind::For:
      case StmtKind::While: {
        NameSet head;
        if (auto *f = llvm::dyn_cast<ForStmt>(s)) {
          collectReads(f->start, head);
          collectReads(f->stop, head);
          collectReads(f->step, head);
        } else {
          collectReads(llvm::cast<WhileStmt>(s)->cond, head);
        }
        expose(head);
        NameSet inner = defined;
        if (auto *f = llvm::dyn_cast<ForStmt>(s))
          targetAssigns(f->target, inner);
        walk(s->kind == StmtKind::For ? llvm::cast<ForStmt>(s)->body
                                      : llvm::cast<WhileStmt>(s)->body,
             inner, d + 1);
        break;
      }
      default: {
        const StmtInfo &si = info(s, d);
        expose(si.reads);
        unite(defined, si.assigned);
        break;
      }
      }
    }
  };
  NameSet defined;
  if (!loopVar.empty())
    defined.insert(loopVar);
  walk(body, defined, depth);
  return exposed;
}
