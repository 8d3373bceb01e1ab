//===- SemaStmt.cpp - statements ------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include "BuiltinsMisc.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

/// True if every path through `body` ends in a return (or loops forever).
bool Sema::alwaysReturns(const Body &body) {
  for (const Stmt *s : body) {
    if (s->kind == StmtKind::Return)
      return true;
    if (auto *i = llvm::dyn_cast<IfStmt>(s))
      if (!i->elseBody.empty() && alwaysReturns(i->thenBody) && alwaysReturns(i->elseBody))
        return true;
    if (auto *w = llvm::dyn_cast<WhileStmt>(s)) {
      auto *b = llvm::dyn_cast<BoolExpr>(w->cond);
      std::function<bool(const Body &)> breaks = [&](const Body &stmts) {
        for (const Stmt *c : stmts) {
          if (c->kind == StmtKind::Break)
            return true;
          if (auto *i = llvm::dyn_cast<IfStmt>(c))
            if (breaks(i->thenBody) || breaks(i->elseBody))
              return true;
        }
        return false;
      };
      if (b && b->value && !breaks(w->body))
        return true;
    }
  }
  return false;
}

bool Sema::checkBody(Body &body) {
  for (size_t i = 0; i < body.size(); ++i)
    if (!desugarQueryLoop(body, i) || !desugarBuiltinStatement(*this, body[i]) ||
        !checkStmt(body[i]))
      return false;
  return true;
}

bool Sema::checkCondition(Expr *cond) {
  const Type *t = check(cond);
  if (!t)
    return false;
  t = finalize(cond);
  // An array is true unless it was passed as None (Warp's optional arrays).
  if (t->isScalar() || t->isArray())
    return true;
  return error(cond->loc, "condition must be a bool, a number or an array, got " + t->str());
}

std::optional<StringRef> Sema::reboundName(StringRef name) {
  auto f = arrayRebinds.find(fn);
  if (f == arrayRebinds.end())
    return std::nullopt;
  auto it = f->second.find(name);
  if (it == f->second.end())
    return std::nullopt;
  return it->second;
}

bool Sema::bindLocal(NameExpr *name, const Type *vt, Expr *value, SMLoc loc) {
  name->ref = RefKind::Local;
  if (auto r = reboundName(name->name))
    name->name = *r;
  if (auto *sub = llvm::dyn_cast_or_null<SubscriptExpr>(value);
      sub && sub->skind == SubKind::TileView)
    fn->tileViewLocals.insert(name->name);
  if (auto *call = llvm::dyn_cast_or_null<CallExpr>(value);
      call && call->view && !call->firstOutputs)
    fn->tileViewLocals.insert(name->name);
  // `x = 0` makes x a compile-time constant in Warp until it is reassigned.
  if (value && vt->isLiteral())
    fn->literalLocals[name->name] = value;
  else
    fn->literalLocals.erase(name->name);
  auto it = fn->locals.find(name->name);
  if (it != fn->locals.end()) {
    const Type *t = it->second;
    name->type = t;
    if (vt == t)
      return true;
    if (vt->isLiteral() && value)
      return coerce(value, t, "assignment to '" + name->name + "'");
    // An array local rebound with another ndim at the top of the body: a
    // fresh local from here on (Warp compares arrays by kind and dtype).
    if (assignAtTopLevel && t->kind == Type::Array && vt->kind == Type::Array &&
        t->dtype == vt->dtype && t->indexed == vt->indexed) {
      StringRef base = name->name.split('.').first;
      unsigned k = 1;
      while (fn->locals.count((base + "." + llvm::Twine(k)).str()))
        ++k;
      rebindNames.push_back((base + "." + llvm::Twine(k)).str());
      StringRef fresh = rebindNames.back();
      arrayRebinds[fn][base] = fresh;
      name->name = fresh;
      fn->locals[fresh] = vt;
      name->type = vt;
      return true;
    }
    return error(loc, "local variable '" + name->name + "' changes type from " + t->str() + " to " +
                          types.concrete(vt)->str() +
                          " (locals keep the type of their first assignment)");
  }
  const Type *t = value ? finalize(value) : types.concrete(vt);
  if (t->kind == Type::Void || t->kind == Type::Shape)
    return error(loc, "cannot assign a value of type " + t->str() + " to '" + name->name + "'");
  fn->locals[name->name] = t;
  name->type = t;
  return true;
}

bool Sema::isLValue(Expr *e) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e))
    return n->ref == RefKind::Local;
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(e))
    return s->skind == SubKind::ArrayElem ||
           ((s->skind == SubKind::VecElem || s->skind == SubKind::MatElem ||
             s->skind == SubKind::MatRow || s->skind == SubKind::CompSlice ||
             s->skind == SubKind::TileElem || s->skind == SubKind::TileView) &&
            isLValue(s->base));
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(e))
    return (a->akind == AttrKind::Component || a->akind == AttrKind::StructField ||
            a->akind == AttrKind::TransformPart) &&
           isLValue(a->base);
  return false;
}

bool Sema::checkAssignTarget(Expr *target, const Type *vt, Expr *value, SMLoc loc) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(target))
    return bindLocal(n, vt, value, loc);
  if (target->kind == ExprKind::Subscript || target->kind == ExprKind::Attribute) {
    const Type *tt = check(target);
    if (!tt)
      return false;
    if (!isLValue(target))
      return error(target->loc, "cannot assign to this expression");
    if (!refuseTileViewWrite(target))
      return false;
    if (auto *sub = llvm::dyn_cast<SubscriptExpr>(target);
        sub && sub->skind == SubKind::TileView && value && value->type && value->type != tt) {
      if (!value->type->isTile())
        return error(value->loc, "assigning to a tile view needs a tile of its shape " + tt->str() +
                                     ", got " + value->type->str());
      return error(value->loc, "cannot assign " + value->type->str() + " to a tile view of " +
                                   tt->str() + " (the shape and dtype must match)");
    }
    if (value)
      return coerce(value, tt, "assignment");
    if (vt != tt)
      return error(loc, "cannot assign " + vt->str() + " to a target of type " + tt->str());
    return true;
  }
  if (target->kind == ExprKind::Tuple)
    return error(target->loc, "nested tuple unpacking is not supported");
  return error(target->loc, "cannot assign to this expression");
}

static bool isTidCall(Expr *e, Sema &) { return e && e->kind == ExprKind::Call; }

bool Sema::checkAssign(Expr *target, Expr *value, const Type *, SMLoc loc) {
  if (auto *tup = llvm::dyn_cast_or_null<TupleExpr>(target)) {
    size_t n = tup->elts.size();
    // i, j = wp.tid()
    if (auto *call = llvm::dyn_cast_or_null<CallExpr>(value); call && isTidCall(call, *this)) {
      auto name = warpNameOf(call->callee, fn->scope);
      if (name && *name == "tid") {
        if (!checkTid(call, n))
          return false;
        for (Expr *t : tup->elts)
          if (!checkAssignTarget(t, types.i32(), nullptr, loc))
            return false;
        return true;
      }
    }
    if (auto *vt = llvm::dyn_cast_or_null<TupleExpr>(value)) {
      if (vt->elts.size() != n)
        return error(loc, "cannot unpack " + llvm::Twine(vt->elts.size()) + " values into " +
                              llvm::Twine(n) + " targets");
      for (Expr *e : vt->elts)
        if (!check(e))
          return false;
      value->type = types.voidTy();
      for (size_t i = 0; i < n; ++i)
        if (!checkAssignTarget(tup->elts[i], vt->elts[i]->type, vt->elts[i], loc))
          return false;
      return true;
    }
    const Type *t = check(value);
    if (!t)
      return false;
    if (t->kind != Type::Tuple)
      return error(value->loc, "cannot unpack a value of type " + t->str() + " into " +
                                   llvm::Twine(n) + " targets");
    if (t->elems.size() != n)
      return error(loc, "cannot unpack " + llvm::Twine(t->elems.size()) + " values into " +
                            llvm::Twine(n) + " targets");
    for (size_t i = 0; i < n; ++i)
      if (!checkAssignTarget(tup->elts[i], t->elems[i], nullptr, loc))
        return false;
    return true;
  }
  const Type *t = check(value);
  if (!t)
    return false;
  // A tuple (a tuple expression, or a call giving several values) assigned
  // to one name is a tuple value, as in Warp; elements are not assignable.
  if (t->kind == Type::Tuple && !llvm::isa<NameExpr>(target))
    return error(target->loc, "a tuple can only be assigned to a name (its elements are "
                              "read-only)");
  if (t->kind == Type::Void)
    return error(value->loc, "this call returns no value");
  if (t->kind == Type::Shape)
    return error(value->loc, "array shapes can only be indexed (x.shape[0])");
  return checkAssignTarget(target, t, value, loc);
}

bool Sema::checkFor(ForStmt *s) {
  if (s->hasElse)
    return error(s->loc, "for-else is not supported");
  auto *target = llvm::dyn_cast_or_null<NameExpr>(s->target);
  if (!target)
    return error(s->target->loc, "the for-loop target must be a single name");
  Expr *iter = s->iter;
  auto calleeName = [&](Expr *e) -> StringRef {
    auto *c = llvm::dyn_cast_or_null<CallExpr>(e);
    if (!c)
      return "";
    auto *n = llvm::dyn_cast_or_null<NameExpr>(c->callee);
    if (!n || fn->locals.count(n->name) || fn->scope->lookup(n->name))
      return "";
    return n->name;
  };
  if (calleeName(iter) == "reversed") {
    auto *c = static_cast<CallExpr *>(iter);
    if (c->args.size() != 1 || !c->kwargs.empty())
      return error(iter->loc, "reversed() takes exactly one range(...) argument");
    s->reversed = true;
    iter = c->args[0];
  }
  if (calleeName(iter) != "range")
    return error(iter->loc, "only 'for ... in range(...)' loops (optionally reversed) are "
                            "supported in kernels");
  auto *range = static_cast<CallExpr *>(iter);
  if (!range->kwargs.empty() || range->args.empty() || range->args.size() > 3)
    return error(iter->loc, "range() takes 1 to 3 positional arguments");
  const Type *it = nullptr;
  for (Expr *a : range->args) {
    const Type *t = check(a);
    if (!t)
      return false;
    if (!t->isLiteral() && !t->isIntScalar())
      return error(a->loc, "range() arguments must be integers, got " + t->str());
    if (!t->isLiteral()) {
      if (it && it != t)
        return error(a->loc, "range() arguments have different integer types " + it->str() +
                                 " and " + t->str());
      it = t;
    }
  }
  if (!it)
    it = types.i32();
  for (Expr *a : range->args)
    if (!coerce(a, it, "range() argument"))
      return false;
  if (range->args.size() == 1) {
    s->stop = range->args[0];
  } else {
    s->start = range->args[0];
    s->stop = range->args[1];
    if (range->args.size() == 3) {
      s->step = range->args[2];
      if (auto v = evalConst(s->step); v && v->kind == ConstValue::Int && v->i == 0)
        return error(s->step->loc, "range() step must not be zero");
    }
  }
  if (!bindLocal(target, it, nullptr, s->target->loc))
    return false;
  ++loopDepth;
  bool ok = checkBody(s->body);
  --loopDepth;
  return ok;
}

bool Sema::checkReturn(ReturnStmt *s) {
  if (fn->isKernel) {
    if (s->value)
      return error(s->value->loc, "kernels cannot return a value");
    return true;
  }
  std::vector<Expr *> values;
  if (s->value) {
    if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(s->value))
      values.assign(t->elts.begin(), t->elts.end());
    else
      values.push_back(s->value);
  }
  for (Expr *v : values) {
    const Type *t = check(v);
    if (!t)
      return false;
    if (t->kind == Type::Tuple || t->kind == Type::Void || t->kind == Type::Shape)
      return error(v->loc, "cannot return a value of type " + t->str());
  }
  if (s->value && s->value->kind == ExprKind::Tuple)
    s->value->type = types.voidTy();
  if (!returnTypeFixed) {
    for (Expr *v : values)
      fn->resultTypes.push_back(finalize(v));
    returnTypeFixed = true;
    return true;
  }
  if (values.size() != fn->resultTypes.size()) {
    if (fn->resultTypes.empty())
      return error(s->loc,
                   fn->returns
                       ? "this 'return' has a value but the function is annotated '-> None'"
                       : "this 'return' has a value but the function returned nothing before");
    return error(s->loc, "this 'return' gives " + llvm::Twine(values.size()) +
                             " value(s) but the function returns " +
                             llvm::Twine(fn->resultTypes.size()));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    // A fixed-size array is returned by value (copied into the caller's frame,
    // MLIRGen): its type must be the func's result type exactly, as in Warp.
    const Type *vt = values[i]->type;
    if (vt->isFixedArray() && vt != fn->resultTypes[i])
      return error(values[i]->loc,
                   "the function '" + fn->name + "' returns a fixed-size array (" + vt->str() +
                       ") whereas its return type is " + (fn->returns ? "annotated as " : "") +
                       fn->resultTypes[i]->str() +
                       " (as in Warp, annotate it -> wp.fixedarray(shape=..., dtype=...) or "
                       "leave it unannotated)");
    if (!coerce(values[i], fn->resultTypes[i], "return value"))
      return false;
  }
  return true;
}

bool Sema::checkStmt(Stmt *s) {
  switch (s->kind) {
  case StmtKind::Pass:
    return true;
  case StmtKind::Break:
  case StmtKind::Continue:
    if (!loopDepth)
      return error(s->loc, llvm::Twine("'") + (s->kind == StmtKind::Break ? "break" : "continue") +
                               "' outside a loop");
    return true;
  case StmtKind::Unsupported:
    return error(s->loc,
                 static_cast<UnsupportedStmt *>(s)->what + " are not supported in kernel code");
  case StmtKind::Expr: {
    auto *e = static_cast<ExprStmt *>(s);
    if (e->isDocstring)
      return true;
    if (!check(e->value))
      return false;
    finalize(e->value);
    return true;
  }
  case StmtKind::Assign: {
    auto *a = static_cast<AssignStmt *>(s);
    if (a->targets.size() != 1)
      return error(a->loc, "chained assignment (a = b = c) is not supported");
    // `f = helper`, `f = wp.sin`, `f = g` (a wp.Function): a name for a function.
    if (auto *n = llvm::dyn_cast<NameExpr>(a->targets[0]))
      if (const Type *ft = functionValue(a->value, fn->scope, true)) {
        a->functionAlias = true;
        return bindLocal(n, ft, nullptr, a->loc);
      }
    // `f, g = ref.magic, other.func`: names for functions, one each.
    if (auto *tt = llvm::dyn_cast<TupleExpr>(a->targets[0]))
      if (auto *tv = llvm::dyn_cast<TupleExpr>(a->value);
          tv && tv->elts.size() == tt->elts.size() &&
          llvm::all_of(tt->elts, [](Expr *t) { return llvm::isa<NameExpr>(t); })) {
        llvm::SmallVector<const Type *, 4> fts;
        for (Expr *v : tv->elts)
          if (const Type *ft = functionValue(v, fn->scope, true))
            fts.push_back(ft);
        if (fts.size() == tv->elts.size()) {
          a->functionAlias = true;
          for (auto [t, ft] : llvm::zip(tt->elts, fts))
            if (!bindLocal(llvm::cast<NameExpr>(t), ft, nullptr, a->loc))
              return false;
          return true;
        }
      }
    bool outer = assignAtTopLevel; // a func checked from the value has its own statements
    assignAtTopLevel = llvm::is_contained(fn->body, s);
    bool ok = checkAssign(a->targets[0], a->value, nullptr, a->loc);
    assignAtTopLevel = outer;
    return ok;
  }
  case StmtKind::AnnAssign: {
    auto *a = static_cast<AnnAssignStmt *>(s);
    auto *n = llvm::dyn_cast_or_null<NameExpr>(a->target);
    if (!n)
      return error(a->target->loc, "annotated assignment needs a simple name");
    const Type *t = resolveType(a->annotation, fn->scope);
    if (!t)
      return false;
    if (!a->value)
      return error(a->loc, "annotated declarations need a value");
    if (!check(a->value))
      return false;
    auto it = fn->locals.find(n->name);
    if (it != fn->locals.end() && it->second != t)
      return error(a->loc, "local variable '" + n->name + "' changes type from " +
                               it->second->str() + " to " + t->str());
    if (!coerce(a->value, t, "assignment to '" + n->name + "'"))
      return false;
    return bindLocal(n, t, a->value, a->loc);
  }
  case StmtKind::AugAssign: {
    auto *a = static_cast<AugAssignStmt *>(s);
    if (a->target->kind == ExprKind::Tuple)
      return error(a->target->loc, "augmented assignment to a tuple is not supported");
    const Type *tt = check(a->target);
    if (!tt)
      return false;
    if (!isLValue(a->target)) {
      if (auto *n = llvm::dyn_cast_or_null<NameExpr>(a->target); n && n->ref != RefKind::Local)
        return error(a->target->loc, "cannot assign to '" + n->name + "'");
      return error(a->target->loc, "cannot assign to this expression");
    }
    if (!check(a->value))
      return false;
    if (!refuseTileViewWrite(a->target))
      return false;
    if (auto *sub = llvm::dyn_cast<SubscriptExpr>(a->target);
        sub && sub->skind == SubKind::TileView)
      return error(a->target->loc,
                   "augmented assignment to a tile view (t[a:b] += u, t[i] += u) is "
                   "not supported (as in Warp): read the view, update it, assign it");
    if (tt->isTile()) { // a += b of tiles: the element-wise operator
      auto *bin = mod.make<BinaryExpr>(a->loc, a->op, a->target, a->value, a->loc);
      const Type *rt = tileBinaryResult(bin);
      if (!rt)
        return false;
      if (rt != tt)
        return error(a->loc, "augmented assignment would change the type of the target from " +
                                 tt->str() + " to " + rt->str());
      return true;
    }
    // t[i] += v, t[i] -= v of a struct tile (Warp 1.16): every lane's value
    // added field by field (kdsl.tile_scatter add / sub).
    if (auto *sub = llvm::dyn_cast<SubscriptExpr>(a->target);
        sub && sub->skind == SubKind::TileElem && tt->kind == Type::Struct &&
        (a->op == BinOp::Add || a->op == BinOp::Sub)) {
      if (a->value->type != tt)
        return error(
            a->value->loc,
            std::string("operator '") + spell(a->op) + "=' on an element of a tile of " +
                tt->str() + " needs a " + tt->str() + ", got " +
                (a->value->type->isLiteral() ? std::string("a number") : a->value->type->str()));
      return true;
    }
    const Type *rt = binaryResult(a->op, a->target, a->value, a->loc);
    if (!rt)
      return false;
    if (auto *n = llvm::dyn_cast<NameExpr>(a->target))
      fn->literalLocals.erase(n->name);
    if (rt != tt)
      return error(a->loc, "augmented assignment would change the type of the target from " +
                               tt->str() + " to " + rt->str());
    if (auto *sub = llvm::dyn_cast_or_null<SubscriptExpr>(a->target);
        sub && sub->skind == SubKind::ArrayElem && (a->op == BinOp::Add || a->op == BinOp::Sub)) {
      // Warp turns `a[i] += v` into an atomic add so that threads can share elements.
      const Type *d = tt;
      bool wide =
          bitWidth(d->scalar) >= 32 || d->scalar == Scalar::F16 || d->scalar == Scalar::BF16;
      bool ok = (d->isScalar() && !d->isBool() && wide) ||
                ((d->kind == Type::Vec || d->kind == Type::Mat || d->kind == Type::Quat) && wide);
      a->atomic = ok;
    }
    if (auto *sub = llvm::dyn_cast_or_null<SubscriptExpr>(a->target);
        sub && sub->skind == SubKind::ArrayElem &&
        (a->op == BinOp::BitAnd || a->op == BinOp::BitOr || a->op == BinOp::BitXor)) {
      // Warp: `a[i] &= v` (|=, ^=) is wp.atomic_and (or, xor) on arrays of
      // [u]int32 / [u]int64 scalars, vectors and matrices.
      const Type *d = tt;
      a->atomic = isInt(d->scalar) && bitWidth(d->scalar) >= 32 &&
                  (d->isScalar() || d->kind == Type::Vec || d->kind == Type::Mat);
    }
    return true;
  }
  case StmtKind::If: {
    auto *i = static_cast<IfStmt *>(s);
    if (!checkCondition(i->cond))
      return false;
    return checkBody(i->thenBody) && checkBody(i->elseBody);
  }
  case StmtKind::While: {
    auto *w = static_cast<WhileStmt *>(s);
    if (w->hasElse)
      return error(w->loc, "while-else is not supported");
    if (!checkCondition(w->cond))
      return false;
    ++loopDepth;
    bool ok = checkBody(w->body);
    --loopDepth;
    return ok;
  }
  case StmtKind::For:
    return checkFor(static_cast<ForStmt *>(s));
  case StmtKind::Return:
    return checkReturn(static_cast<ReturnStmt *>(s));
  case StmtKind::Assert: {
    auto *a = static_cast<AssertStmt *>(s);
    if (a->msg && !llvm::dyn_cast_or_null<UnsupportedExpr>(a->msg))
      if (!check(a->msg))
        return false;
    return checkCondition(a->test);
  }
  }
  return true;
}
