//===- SemaConstEval.cpp - host values: module constants, folding ---------===//
//
// Module constants are host code: Python evaluates them when it imports the
// module, with integers that have no width (PyNumber). evalHost computes a
// constant expression that way; checkConst reports where Python would raise.
// evalConst gives the same values to Sema's folding in kernel code (range
// bounds, indices, wp.static), as int64 where they fit and not at all where
// they do not: such a value is never wrapped.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include <cmath>

using namespace kdsl;

std::optional<PyNumber> Sema::evalHost(Expr *e, HostRaise *raised) {
  auto raise = [&](llvm::SMLoc loc, const std::string &msg) -> std::optional<PyNumber> {
    if (raised && raised->msg.empty() && !raised->reported) {
      raised->loc = loc;
      raised->msg = msg;
    }
    return std::nullopt;
  };
  auto result = [&](llvm::SMLoc loc, PyResult r) -> std::optional<PyNumber> {
    if (!r.value && !r.error.empty())
      return raise(loc, r.error);
    return r.value;
  };
  Scope *scope = constScope ? constScope : fn ? fn->scope : nullptr;
  switch (e->kind) {
  case ExprKind::Int: {
    auto *i = static_cast<IntExpr *>(e);
    if (!i->overflow)
      return PyNumber::ofInt(PyInt::fromUnsigned(i->value));
    if (auto v = PyInt::parseLiteral(i->spelling))
      return PyNumber::ofInt(std::move(*v));
    return raise(e->loc, "the integer literal is too large for kdsl (more than " +
                             std::to_string(PyInt::kMaxBits) + " bits)");
  }
  case ExprKind::Float:
    return PyNumber::ofFloat(static_cast<FloatExpr *>(e)->value);
  case ExprKind::Bool:
    return PyNumber::ofBool(static_cast<BoolExpr *>(e)->value);
  case ExprKind::Name: {
    auto *n = static_cast<NameExpr *>(e);
    if (!scope || (fn && fn->locals.count(n->name)))
      return std::nullopt;
    const Symbol *s = scope->lookup(n->name);
    if (s && s->kind == Symbol::WarpName)
      if (auto w = lookupWarpConstant(s->warpName))
        return PyNumber::ofFloat(*w);
    if (auto w = s ? std::nullopt : warpNameOf(n, scope)) // a bare Warp name, e.g. PI
      if (auto c = lookupWarpConstant(*w))
        return PyNumber::ofFloat(*c);
    if (!s || s->kind != Symbol::Const)
      return std::nullopt;
    ConstDef *c = s->constDef;
    if (!checkConst(c) || c->ckind == ConstDef::Kind::Expr) {
      if (c->raises && raised) // reported at the constant it uses
        raised->reported = true;
      return std::nullopt;
    }
    if (c->ckind == ConstDef::Kind::Int)
      return PyNumber::ofInt(c->exact);
    if (c->ckind == ConstDef::Kind::Bool)
      return PyNumber::ofBool(c->ival != 0);
    return PyNumber::ofFloat(c->fval);
  }
  case ExprKind::Attribute: {
    auto *a = static_cast<AttributeExpr *>(e);
    if (scope && isWarpModule(a->base, scope))
      if (auto w = lookupWarpConstant(a->attr))
        return PyNumber::ofFloat(*w);
    if (auto h = scope ? hostModuleConstant(a, scope) : std::nullopt)
      return PyNumber::ofFloat(*h);
    return std::nullopt;
  }
  case ExprKind::Unary: {
    auto *u = static_cast<UnaryExpr *>(e);
    auto v = evalHost(u->operand, raised);
    if (!v)
      return std::nullopt;
    return result(e->loc, pyUnary(u->op, *v));
  }
  case ExprKind::Binary: {
    auto *b = static_cast<BinaryExpr *>(e);
    auto l = evalHost(b->lhs, raised);
    if (!l)
      return std::nullopt;
    auto r = evalHost(b->rhs, raised);
    if (!r)
      return std::nullopt;
    return result(e->loc, pyBinary(b->op, *l, *r));
  }
  case ExprKind::Call: {
    auto *c = static_cast<CallExpr *>(e);
    if (c->args.size() != 1 || !c->kwargs.empty() || !scope)
      return std::nullopt;
    // len() of a checked tuple (or vector) value: its length.
    if (c->ckind == CallKind::Builtin && (Builtin)c->builtin == Builtin::Len && c->args[0]->type) {
      const Type *at = c->args[0]->type;
      if (at->kind == Type::Tuple)
        return PyNumber::ofInt(PyInt((int64_t)at->elems.size()));
      if (at->isTile() && c->staticLen && !at->fixedShape.empty())
        return PyNumber::ofInt(PyInt(at->fixedShape[0]));
      if (at->isVecLike())
        return PyNumber::ofInt(
            PyInt((int64_t)(at->kind == Type::Mat ? at->rows : at->numElements())));
    }
    std::optional<llvm::StringRef> wname = warpNameOf(c->callee, scope);
    llvm::StringRef name;
    const Type *aliased = nullptr; // wptype(1.5) with wptype = wp.float64
    if (wname)
      name = *wname;
    else if (auto *n = llvm::dyn_cast_or_null<NameExpr>(c->callee); n && !scope->lookup(n->name))
      name = n->name;
    else if (n && (aliased = aliasedType(scope->lookup(n->name))))
      name = n->name;
    else
      return std::nullopt;
    auto v = evalHost(c->args[0], raised);
    if (!v)
      return std::nullopt;
    if (name == "constant")
      return v;
    const Type *t = aliased ? aliased
                    : wname ? lookupWarpType(name, types)
                            : lookupPythonType(name, types);
    if (!t || !t->isScalar())
      return std::nullopt;
    if (t->isBool())
      return PyNumber::ofBool(v->truthy());
    if (isFloat(t->scalar)) {
      if (auto d = v->toDouble())
        return PyNumber::ofFloat(*d);
      return raise(e->loc, "OverflowError: int too large to convert to float");
    }
    if (!v->isFloat())
      return PyNumber::ofInt(v->i);
    if (auto i = PyInt::fromDouble(v->f))
      return PyNumber::ofInt(std::move(*i));
    return raise(e->loc, std::isnan(v->f)
                             ? "ValueError: cannot convert float NaN to integer"
                             : "OverflowError: cannot convert float infinity to integer");
  }
  default:
    return std::nullopt;
  }
}

std::optional<Sema::ConstValue> Sema::evalConst(Expr *e) {
  std::optional<PyNumber> v = evalHost(e);
  if (!v)
    return std::nullopt;
  ConstValue c{ConstValue::Int};
  switch (v->kind) {
  case PyNumber::Int:
    if (auto i = v->i.toInt64()) {
      c.i = *i;
      return c;
    }
    return std::nullopt; // wider than any kernel integer: never wrapped
  case PyNumber::Float:
    c.kind = ConstValue::Float;
    c.f = v->f;
    return c;
  case PyNumber::Bool:
    c.kind = ConstValue::Bool;
    c.b = v->truthy();
    return c;
  }
  return std::nullopt;
}
