//===- SemaFuncParams.cpp - wp.ref[T] and wp.Function parameters ----------===//
//
// Two kinds of @wp.func parameters of Warp 1.16 that are not plain values:
//
//  * `x: wp.ref[T]` passes an addressable argument (a local variable, an
//    array element, a struct field, a vector/matrix component, or a path of
//    these) by reference. kdsl passes it in and out: the func returns the
//    parameter's final value as an extra result and the caller stores it
//    back into the argument (MLIRGen::genFuncCall). The adjoint sees plain
//    values. What Warp rejects (a literal, a call result or a field of one,
//    a local holding a compile-time constant, `x = 0`) kdsl rejects too;
//    two reference arguments of one call that may overlap are rejected as
//    well (copy-out cannot make them alias).
//  * `g: wp.Function` takes a function: a @wp.func (or an overload set), a
//    Warp builtin (`wp.sin`) or a name bound to one. The def is a template
//    (Generics.cpp) instantiated per function; the function is the
//    parameter's type (Type::Function), so a call `g(x)` inside an instance
//    is a call of that function.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include <cmath>
#include <cstdio>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

/// `wp.ref[T]` -> T's annotation, else null.
Expr *Sema::refInner(Expr *ann, Scope *scope) {
  auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(ann);
  if (!s || s->indices.size() != 1)
    return nullptr;
  auto name = warpNameOf(s->base, scope);
  return name && *name == "ref" ? s->indices[0] : nullptr;
}

bool Sema::isFunctionAnnotation(Expr *ann, Scope *scope) {
  if (!llvm::isa_and_nonnull<AttributeExpr, NameExpr>(ann))
    return false;
  auto name = warpNameOf(ann, scope);
  return name && *name == "Function";
}

bool Sema::classifyParam(FuncDef *f, Param &p) {
  p.isRef = refInner(p.annotation, f->scope) != nullptr;
  p.isFunction = isFunctionAnnotation(p.annotation, f->scope);
  if (!p.isRef && !p.isFunction)
    return true;
  const char *what = p.isRef ? "wp.ref[T]" : "wp.Function";
  if (f->isKernel)
    return error(p.annotation->loc, llvm::Twine(what) + " parameters are only allowed in a "
                                                        "@wp.func, not in a kernel");
  if (p.isRef && p.defaultValue)
    return error(p.defaultValue->loc,
                 "the wp.ref[T] parameter '" + p.name + "' cannot have a default value");
  if (f->customGrad || f->customReplay)
    return error(p.annotation->loc,
                 "functions with " + llvm::Twine(what) +
                     " parameters cannot have custom gradients or replay functions (as in Warp)");
  return true;
}

/// Builtins a wp.Function parameter cannot stand for: they need special
/// dispatch (Warp: "unsupported built-in function").
static bool specialBuiltin(StringRef name) {
  return name == "tid" || name == "printf" || name == "print" || name == "static" ||
         name == "grad" || name == "address_of" || name == "overload";
}

const Type *Sema::functionValue(Expr *e, Scope *scope, bool useLocals) {
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(e)) { // wp.grad(f)
    auto name = warpNameOf(c->callee, scope);
    return name && *name == "grad" ? gradValue(c, scope, useLocals, false) : nullptr;
  }
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e)) {
    if (useLocals && fn) {
      auto it = fn->locals.find(n->name);
      if (it != fn->locals.end()) {
        if (it->second->kind != Type::Function)
          return nullptr;
        n->ref = RefKind::Local;
        return e->type = it->second;
      }
    }
    if (n->staticFunc)
      return e->type = types.function(n->staticFunc, "");
    if (const Symbol *s = scope->lookup(n->name)) {
      FuncDef *f = s->kind == Symbol::Func    ? s->func
                   : s->kind == Symbol::Const ? aliasedFunc(s)
                                              : nullptr;
      if (f && !f->isKernel)
        return e->type = types.function(f, "");
      // FN = wp.sin: a module constant naming a builtin (one level).
      if (s->kind == Symbol::Const && s->constDef && s->constDef->scope &&
          llvm::isa_and_nonnull<AttributeExpr>(s->constDef->value))
        if (auto name = warpNameOf(s->constDef->value, s->constDef->scope))
          if (lookupWarpBuiltin(*name) || !preludeOverloads(*name).empty())
            return e->type = types.function(nullptr, *name);
      if (s->kind != Symbol::WarpName)
        return nullptr;
    }
  } else if (!llvm::isa_and_nonnull<AttributeExpr>(e)) {
    return nullptr;
  }
  auto name = warpNameOf(e, scope);
  if (!name || !(lookupWarpBuiltin(*name) || !preludeOverloads(*name).empty()))
    return nullptr;
  return e->type = types.function(nullptr, *name);
}

const Type *Sema::checkCallThrough(CallExpr *e, const Type *ft) {
  if (ft->grad) // g = wp.grad(f); g(x)
    return checkGradCall(e, ft);
  if (ft->funcDef)
    return checkFuncCall(e, const_cast<FuncDef *>(ft->funcDef));
  if (specialBuiltin(ft->builtinName)) {
    error(e->callee->loc, "wp." + ft->builtinName +
                              " cannot be called through a wp.Function parameter (it needs "
                              "special dispatch; Warp rejects it too)");
    return nullptr;
  }
  return checkWarpNameCall(e, ft->builtinName);
}

/// The type of a default value bound to an argument of a template's call.
const Type *Sema::defaultArgType(FuncDef *d, Param &p) {
  Expr *v = p.defaultValue;
  if (v->type)
    return v->type;
  if (p.isFunction) {
    if (const Type *t = functionValue(v, d->scope, false))
      return t;
    error(v->loc, "the default of wp.Function parameter '" + p.name +
                      "' must be a @wp.func or a Warp builtin");
    return nullptr;
  }
  if (!evalConst(v)) {
    error(v->loc, "kdsl needs a constant default value for the parameter '" + p.name +
                      "' of the generic function '" + d->name + "'");
    return nullptr;
  }
  if (!check(v))
    return nullptr;
  if (p.annotation && !isGenericAnnotation(p.annotation, d->scope))
    if (const Type *t = resolveType(p.annotation, d->scope))
      if (!coerce(v, t, "default of '" + p.name + "'"))
        return nullptr;
  return finalize(v);
}

//===----------------------------------------------------------------------===//
// Reference arguments
//===----------------------------------------------------------------------===//

/// Whether `e` names storage a reference can point at.
static bool addressable(const Expr *e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e))
    return n->ref == RefKind::Local && n->type && n->type->kind != Type::Function;
  if (auto *s = llvm::dyn_cast<SubscriptExpr>(e))
    return s->skind == SubKind::ArrayElem ||
           ((s->skind == SubKind::VecElem || s->skind == SubKind::MatElem ||
             s->skind == SubKind::MatRow) &&
            addressable(s->base));
  if (auto *a = llvm::dyn_cast<AttributeExpr>(e))
    return (a->akind == AttrKind::Component || a->akind == AttrKind::StructField ||
            a->akind == AttrKind::TransformPart) &&
           addressable(a->base);
  return false;
}

namespace {
/// Where a reference argument points: a root (a local or an array) and the
/// steps into it, each a constant position or unknown (a run-time index).
struct RefPath {
  std::string root;
  std::vector<std::optional<std::string>> steps;
};
} // namespace

static std::optional<std::string> stepKey(Sema &s, llvm::ArrayRef<Expr *> indices) {
  std::string key;
  for (Expr *i : indices) {
    auto v = s.evalConst(i);
    if (!v || v->kind != Sema::ConstValue::Int)
      return std::nullopt;
    key += std::to_string(v->i) + ",";
  }
  return key;
}

static void refPath(Sema &s, const Expr *e, RefPath &p) {
  if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
    p.root = "local " + n->name.str();
    return;
  }
  if (auto *sub = llvm::dyn_cast<SubscriptExpr>(e)) {
    if (sub->skind == SubKind::ArrayElem) {
      std::string base = dottedName(sub->base);
      p.root = "array " + (base.empty() ? std::string("?") : base);
    } else {
      refPath(s, sub->base, p);
    }
    p.steps.push_back(stepKey(s, sub->indices));
    return;
  }
  auto *a = llvm::cast<AttributeExpr>(e);
  refPath(s, a->base, p);
  // A vector component and the same subscript are one step (v.y is v[1]).
  p.steps.push_back(a->akind == AttrKind::Component ? std::to_string(a->index) + ","
                                                    : "." + a->attr.str());
}

/// Two paths may overlap unless some step of both differs for certain.
static bool mayOverlap(const RefPath &a, const RefPath &b) {
  if (a.root != b.root)
    return false;
  for (size_t i = 0; i < std::min(a.steps.size(), b.steps.size()); ++i)
    if (a.steps[i] && b.steps[i] && *a.steps[i] != *b.steps[i])
      return false;
  return true;
}

static std::string constantText(const Type *t, const Sema::ConstValue &v) {
  char buf[64];
  if (v.kind == Sema::ConstValue::Float) {
    if (v.f == std::floor(v.f) && std::fabs(v.f) < 1e15)
      std::snprintf(buf, sizeof buf, "%.1f", v.f);
    else
      std::snprintf(buf, sizeof buf, "%.17g", v.f);
  } else if (v.kind == Sema::ConstValue::Int) {
    std::snprintf(buf, sizeof buf, "%lld", (long long)v.i);
  } else {
    return v.b ? "True" : "False";
  }
  return "wp." + t->str() + "(" + buf + ")";
}

bool Sema::checkRefArgument(Expr *a, const Param &p, FuncDef *f, StringRef purpose) {
  if (auto *n = llvm::dyn_cast<NameExpr>(a); n && n->ref == RefKind::Local) {
    auto it = fn->literalLocals.find(n->name);
    if (it != fn->literalLocals.end()) {
      std::string ctor = "wp." + n->type->str() + "(...)";
      if (auto v = evalConst(it->second))
        ctor = constantText(n->type, *v);
      return error(a->loc, "cannot pass the constant local '" + n->name + "' to " + purpose +
                               " (it holds a compile-time constant): declare it as " + n->name +
                               " = " + ctor + " to make it a variable, as Warp asks");
    }
  }
  if (!addressable(a))
    return error(a->loc, purpose + " needs an addressable expression (a local variable, an "
                                   "array element, a struct field or a vector/matrix "
                                   "component), not a temporary value");
  if (f && a->type != p.type)
    return error(a->loc, purpose + " expects " + p.type->str() + ", got " + a->type->str());
  return true;
}

bool Sema::checkRefArguments(CallExpr *e, FuncDef *f, StringRef shownName) {
  StringRef callee = shownName.empty() ? f->name : shownName;
  std::vector<std::pair<size_t, RefPath>> refs;
  for (size_t i = 0; i < f->params.size(); ++i) {
    const Param &p = f->params[i];
    if (!p.isRef)
      continue;
    Expr *a = e->boundArgs[i];
    std::string purpose = "the wp.ref[" + p.type->str() + "] parameter '" + p.name.str() +
                          "' of '" + callee.str() + "'";
    if (!checkRefArgument(a, p, f, purpose))
      return false;
    RefPath path;
    refPath(*this, a, path);
    for (auto &[j, other] : refs)
      if (mayOverlap(path, other))
        return error(a->loc, "arguments '" + f->params[j].name + "' and '" + p.name + "' of '" +
                                 callee +
                                 "' may refer to the same storage: kdsl passes wp.ref[T] "
                                 "arguments in and out by value and cannot make them alias");
    refs.push_back({i, std::move(path)});
  }
  return true;
}
