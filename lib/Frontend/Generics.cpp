//===- Generics.cpp - generic funcs and kernels, overloads ----------------===//
//
// Warp's rules (warp/_src/context.py, Function.get_overload and
// Kernel.add_overload):
//  * a parameter annotated `typing.Any` (or an array whose dtype is Any) makes
//    the def a template; each call instantiates it with the argument types
//    (Python literals are int32 / float32 there, as in Warp);
//  * several @wp.func defs of one name are overloads: a call takes the def
//    whose parameter types equal the argument types (the latest such def),
//    else the first template the arguments match;
//  * a generic kernel is instantiated from typed signatures: @wp.overload
//    stubs and wp.overload(k, [types]) / wp.overload(k, {"a": type}) calls
//    of the file, or the types a tool gives (instantiateKernel).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Generics.h"
#include "kdsl/Frontend/Sema.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Debug.h"
#include <functional>

#define DEBUG_TYPE "kdsl-generics"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

static std::string mangleType(const Type *t) {
  if (t->kind == Type::Array)
    return (t->indexed ? "indexedarray" : "array") +
           (t->ndim > 1 ? std::to_string(t->ndim) + "d" : std::string()) + "_" +
           mangleType(t->dtype);
  std::string out;
  for (char c : t->str()) {
    bool word = llvm::isAlnum(c);
    if (word)
      out += c;
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_')
    out.pop_back();
  return out;
}

std::string kdsl::mangleTypes(StringRef name, llvm::ArrayRef<const Type *> types) {
  std::string s = name.str();
  for (const Type *t : types)
    s += "_" + mangleType(t);
  return s;
}

//===----------------------------------------------------------------------===//
// Templates
//===----------------------------------------------------------------------===//

/// `Any`, `typing.Any`, `wp.types.Any` (any `X.Any`).
bool Sema::isAnyAnnotation(Expr *ann, Scope *scope) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(ann)) {
    const Symbol *s = scope->lookup(n->name);
    return n->name == "Any" && (!s || s->kind == Symbol::Other || s->kind == Symbol::WarpName);
  }
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(ann))
    return a->attr == "Any" && llvm::isa<NameExpr, AttributeExpr>(a->base);
  return false;
}

/// The dtype and ndim expressions of an array annotation
/// (`wp.array(dtype=T, ndim=N)`, `wp.array2d(dtype=T)`, `wp.array[T]`).
static bool arrayAnnotation(Sema &, Expr *ann, std::optional<StringRef> name, Expr *&dtype,
                            Expr *&ndim) {
  bool indexed;
  unsigned n;
  if (!name || !Sema::arrayName(*name, indexed, n))
    return false;
  dtype = ndim = nullptr;
  if (auto *c = llvm::dyn_cast<CallExpr>(ann)) {
    dtype = c->args.empty() ? nullptr : c->args[0];
    for (Keyword &kw : c->kwargs)
      (kw.name == "dtype" ? dtype : kw.name == "ndim" ? ndim : dtype) = kw.value;
  } else if (auto *s = llvm::dyn_cast<SubscriptExpr>(ann)) {
    dtype = s->indices[0];
    ndim = s->indices.size() > 1 ? s->indices[1] : nullptr;
  }
  return dtype != nullptr;
}

std::optional<StringRef> Sema::arrayAnnotationName(Expr *ann, Scope *scope) {
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(ann))
    return warpNameOf(c->callee, scope);
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(ann))
    return warpNameOf(s->base, scope);
  return std::nullopt;
}

static bool isEllipsis(Expr *e) {
  auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(e);
  return u && u->what == "Ellipsis (...)";
}

/// Warp's tile annotations of func parameters and returns,
/// `wp.tile[float]`, `wp.tile[float, M, N]` (extents as constants or
/// Literal[N]): the func is a template that a tile of that dtype (and
/// shape, when given) instantiates, as tiles are passed to funcs in Warp.
SubscriptExpr *Sema::tileAnnotation(Expr *ann, Scope *scope) {
  auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(ann);
  if (!s || s->indices.empty())
    return nullptr;
  std::optional<StringRef> name = warpNameOf(s->base, scope);
  return name && *name == "tile" ? s : nullptr;
}

bool Sema::isGenericAnnotation(Expr *ann, Scope *scope) {
  if (isAnyAnnotation(ann, scope) || tileAnnotation(ann, scope))
    return true;
  // tuple[T, ...] (any length) and tuples with a generic element.
  if (SubscriptExpr *tup = ann ? tupleAnnotation(ann, scope) : nullptr)
    return llvm::any_of(tup->indices,
                        [&](Expr *x) { return isEllipsis(x) || isGenericAnnotation(x, scope); });
  Expr *dtype, *ndim;
  return arrayAnnotation(*this, ann, arrayAnnotationName(ann, scope), dtype, ndim) &&
         isGenericAnnotation(dtype, scope);
}

/// Whether a value of type `t` may be passed where `ann` is written
/// (Warp's type_matches_template).
bool Sema::matchesTemplate(Expr *ann, const Type *t, Scope *scope) {
  if (isFunctionAnnotation(ann, scope))
    return t->kind == Type::Function;
  if (Expr *inner = refInner(ann, scope)) // wp.ref[T] takes a T
    ann = inner;
  if (isAnyAnnotation(ann, scope))
    return t->kind != Type::Void && t->kind != Type::Function && t->kind != Type::Shape;
  if (SubscriptExpr *tile = tileAnnotation(ann, scope)) {
    if (!t->isTile() || !matchesTemplate(tile->indices[0], t->dtype, scope))
      return false;
    if (tile->indices.size() == 1) // wp.tile[dtype]: any shape
      return true;
    if (tile->indices.size() - 1 != t->fixedShape.size())
      return false;
    Scope *saved = constScope;
    constScope = scope;
    bool same = true;
    for (auto [x, extent] : llvm::zip(llvm::drop_begin(tile->indices), t->fixedShape)) {
      SuppressDiags quiet(diags);
      std::optional<int64_t> v = evalNdim(x); // a constant or Literal[N]
      same &= v && *v == extent;
    }
    constScope = saved;
    return same;
  }
  if (SubscriptExpr *tup = tupleAnnotation(ann, scope); tup && isGenericAnnotation(ann, scope)) {
    if (t->kind != Type::Tuple)
      return false;
    auto &idx = tup->indices;
    if (idx.size() == 2 && isEllipsis(idx[1])) // tuple[T, ...]: every element a T
      return llvm::all_of(t->elems,
                          [&](const Type *e) { return matchesTemplate(idx[0], e, scope); });
    if (idx.size() != t->elems.size())
      return false;
    for (size_t i = 0; i < idx.size(); ++i)
      if (isEllipsis(idx[i]) || !matchesTemplate(idx[i], t->elems[i], scope))
        return false;
    return true;
  }
  Expr *dtype, *ndim;
  std::optional<StringRef> name = arrayAnnotationName(ann, scope);
  if (isGenericAnnotation(ann, scope) && arrayAnnotation(*this, ann, name, dtype, ndim)) {
    if (t->kind != Type::Array || t->indexed != name->starts_with("indexed"))
      return false;
    return t->ndim == annotationNdim(*name, ndim) && matchesTemplate(dtype, t->dtype, scope);
  }
  SuppressDiags quiet(diags);
  return resolveType(ann, scope) == t;
}

/// The ndim of an array annotation: `ndim=` if given, else from the name.
unsigned Sema::annotationNdim(StringRef name, Expr *ndim) {
  bool indexed;
  unsigned n = 1;
  arrayName(name, indexed, n); // array2d -> 2
  if (ndim)
    if (auto v = evalNdim(ndim))
      n = *v;
  return n;
}

/// `ann` with every Any replaced by `any` (kdsl-translate --kernel-types
/// 'Any=T'), resolved; null after an error.
const Type *Sema::substituteAny(Expr *ann, const Type *any, Scope *scope) {
  if (isAnyAnnotation(ann, scope))
    return any;
  Expr *dtype, *ndim;
  std::optional<StringRef> name = arrayAnnotationName(ann, scope);
  if (isGenericAnnotation(ann, scope) && arrayAnnotation(*this, ann, name, dtype, ndim)) {
    const Type *elem = substituteAny(dtype, any, scope);
    if (elem && elem->kind == Type::Array)
      return error(dtype->loc, "arrays of arrays are not supported"), nullptr;
    if (!elem)
      return nullptr;
    unsigned n = annotationNdim(*name, ndim);
    return name->starts_with("indexed") ? types.indexedArray(elem, n) : types.array(elem, n);
  }
  return resolveType(ann, scope);
}

/// Called for each parameter of `f` by checkFunc: an instance's parameters
/// have their types already; a generic one makes `f` a template. Returns
/// true when the parameter is handled.
bool Sema::genericParam(FuncDef *f, Param &p) {
  if (f->templateOf) {
    f->locals[p.name] = p.type;
    return true;
  }
  if (p.isFunction) { // instantiated per function argument (SemaFuncParams.cpp)
    f->genericTemplate = true;
    return true;
  }
  if (!p.annotation || !isGenericAnnotation(p.annotation, f->scope))
    return false;
  f->genericTemplate = true;
  return true;
}

FuncDef *Sema::instantiate(FuncDef *tmpl, llvm::ArrayRef<const Type *> argTypes) {
  for (FuncDef *inst : tmpl->instances) {
    bool same = true;
    for (size_t i = 0; i < argTypes.size(); ++i)
      same &= inst->params[i].type == argTypes[i];
    if (same)
      return inst;
  }
  FuncDef *inst = cloneFuncDef(mod, *tmpl);
  inst->templateOf = tmpl;
  for (size_t i = 0; i < argTypes.size(); ++i)
    inst->params[i].type = argTypes[i];
  tmpl->instances.push_back(inst);
  LLVM_DEBUG(llvm::dbgs() << "instantiate " << mangleTypes(tmpl->name, argTypes) << "\n");
  return inst;
}

std::string Sema::instanceSymbol(FuncDef *f) {
  if (!f->templateOf)
    return f->name.str();
  std::vector<const Type *> ts;
  for (const Param &p : f->params)
    ts.push_back(p.type);
  return mangleTypes(f->name, ts);
}

//===----------------------------------------------------------------------===//
// Calls of overloaded and generic funcs
//===----------------------------------------------------------------------===//

/// Binds the call's arguments to `d`'s parameters without reporting
/// anything; false if they do not fit (count, names).
/// A parameter left out takes its default value (typed by checkParamDefault,
/// or defaultArgType for a template's).
static bool bindQuietly(CallExpr *e, FuncDef *d, std::vector<Expr *> &bound) {
  bound.assign(d->params.size(), nullptr);
  if (e->args.size() > d->params.size())
    return false;
  std::copy(e->args.begin(), e->args.end(), bound.begin());
  for (Keyword &kw : e->kwargs) {
    auto it = llvm::find_if(d->params, [&](const Param &p) { return p.name == kw.name; });
    if (it == d->params.end() || bound[it - d->params.begin()])
      return false;
    bound[it - d->params.begin()] = kw.value;
  }
  for (size_t i = 0; i < bound.size(); ++i) {
    if (!bound[i] && d->params[i].defaultValue && d->params[i].defaultValue->type)
      bound[i] = d->params[i].defaultValue;
    if (!bound[i])
      return false;
  }
  return true;
}

/// Whether the call's arguments could bind to `d`'s parameters by count and
/// names alone (before `d` is checked; defaults count as present).
static bool mayBind(CallExpr *e, FuncDef *d) {
  if (e->args.size() > d->params.size())
    return false;
  std::vector<bool> given(d->params.size(), false);
  std::fill(given.begin(), given.begin() + e->args.size(), true);
  for (Keyword &kw : e->kwargs) {
    auto it = llvm::find_if(d->params, [&](const Param &p) { return p.name == kw.name; });
    if (it == d->params.end() || given[it - d->params.begin()])
      return false;
    given[it - d->params.begin()] = true;
  }
  for (size_t i = 0; i < given.size(); ++i)
    if (!given[i] && !d->params[i].defaultValue)
      return false;
  return true;
}

static std::string typeList(const std::vector<Expr *> &args) {
  std::string s;
  for (Expr *a : args)
    s += (s.empty() ? "" : ", ") + a->type->str();
  return "(" + s + ")";
}

/// A call of a func that has overloads or is generic: picks the def (or
/// instantiates the template) the argument types select.
const Type *Sema::checkOverloadedCall(CallExpr *e, FuncDef *f) {
  std::vector<FuncDef *> defs;
  FuncDef *first = f;
  while (first->previousDef)
    first = first->previousDef;
  for (FuncDef *d = first; d; d = d->nextDef)
    defs.push_back(d);
  // Arguments are checked once; literals take Warp's types (int32, float32).
  std::vector<Expr *> all(e->args.begin(), e->args.end());
  for (Keyword &kw : e->kwargs)
    all.push_back(kw.value);
  for (Expr *a : all) {
    if (functionValue(a, fn->scope, true)) // a function for a wp.Function parameter
      continue;
    if (!check(a))
      return nullptr;
    finalize(a);
  }
  FuncDef *chosen = nullptr, *inProgress = nullptr;
  std::vector<Expr *> bound, chosenArgs;
  for (FuncDef *d : defs) { // exact matches first; the latest one wins
    // An overload being checked (the caller, or one calling it) is not a
    // candidate: another overload may call it (`def f(x): return f() * x`);
    // calling it would be recursion, reported below if nothing else matches.
    // Overloads the arguments cannot bind to are not checked here (Warp
    // picks an overload by its signature; checking them could recurse).
    if (!mayBind(e, d))
      continue;
    if (d->state == CheckState::InProgress) {
      inProgress = d;
      continue;
    }
    if (!checkFunc(d)) {
      diags.note(e->loc, "in the call to '" + f->name + "'");
      return nullptr;
    }
    if (d->genericTemplate) // the defaults a call may bind (SemaFuncParams.cpp)
      for (Param &p : d->params)
        if (p.defaultValue && !defaultArgType(d, p))
          return nullptr;
    if (d->genericTemplate || !bindQuietly(e, d, bound))
      continue;
    bool exact = true;
    for (size_t i = 0; i < bound.size(); ++i)
      exact &= bound[i]->type == d->params[i].type;
    if (exact) {
      chosen = d;
      chosenArgs = bound;
    }
  }
  for (FuncDef *d : defs) {
    if (chosen)
      break;
    if (d == inProgress || !d->genericTemplate || !bindQuietly(e, d, bound))
      continue;
    bool matches = true;
    std::vector<const Type *> argTypes;
    for (size_t i = 0; i < bound.size() && matches; ++i) {
      matches = matchesTemplate(d->params[i].annotation, bound[i]->type, d->scope);
      argTypes.push_back(bound[i]->type);
    }
    if (matches) {
      chosen = instantiate(d, argTypes);
      chosenArgs = bound;
    }
  }
  if (!chosen && inProgress && bindQuietly(e, inProgress, bound))
    return checkFunc(inProgress), nullptr; // recursion (its error)
  if (!chosen) {
    error(e->loc, "no overload of '" + f->name + "' takes the arguments " + typeList(all));
    for (FuncDef *d : defs)
      diags.note(d->loc, "candidate: " + d->name + signatureText(d));
    return nullptr;
  }
  e->func = chosen;
  e->ckind = CallKind::Func;
  if (!checkFunc(chosen)) {
    diags.note(e->loc, "in the call to '" + f->name + "' with arguments " + typeList(all));
    return nullptr;
  }
  e->boundArgs.assign(chosenArgs.begin(), chosenArgs.end());
  if (!checkRefArguments(e, chosen))
    return nullptr;
  if (chosen->resultTypes.empty())
    return types.voidTy();
  return chosen->resultTypes.size() == 1 ? chosen->resultTypes[0]
                                         : types.tuple(chosen->resultTypes);
}

/// `wp.tile[float32, 8, 4]` for a tile annotation (its dtype resolved, `?`
/// for what does not resolve), else `Any`.
std::string Sema::tileAnnotationText(Expr *ann, Scope *scope) {
  SubscriptExpr *tile = tileAnnotation(ann, scope);
  if (!tile)
    return "Any";
  SuppressDiags quiet(diags);
  Scope *saved = constScope;
  constScope = scope;
  std::string s = "wp.tile[";
  for (auto [i, x] : llvm::enumerate(tile->indices)) {
    if (i == 0) {
      const Type *dt = isAnyAnnotation(x, scope) ? nullptr : resolveType(x, scope);
      s += dt ? dt->str() : isAnyAnnotation(x, scope) ? "Any" : "?";
      continue;
    }
    std::optional<int64_t> v = evalNdim(x);
    s += ", " + (v ? std::to_string(*v) : std::string("?"));
  }
  constScope = saved;
  return s + "]";
}

/// `(a: float32, b: Any)`: the parameter types as checked, or as written
/// for generic ones.
std::string Sema::signatureText(FuncDef *d) {
  std::string s;
  for (const Param &p : d->params) {
    s += (s.empty() ? "" : ", ") + p.name.str() + ": ";
    s += p.isFunction   ? "wp.Function"
         : p.type       ? (p.isRef ? "wp.ref[" + p.type->str() + "]" : p.type->str())
         : p.annotation ? tileAnnotationText(p.annotation, d->scope)
                        : "?";
  }
  return "(" + s + ")";
}

/// `x.dtype`, `type(x)`, `type(a).dtype`: types named by values in
/// generic code, used as constructors (`arr.dtype(0)`, `type(x)(1.0)`), or
/// null. `.dtype` of an array is its element type, of a vector, matrix or
/// quaternion its scalar type.
const Type *Sema::typeValue(Expr *e) {
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(e)) {
    if (a->attr != "dtype")
      return nullptr;
    const Type *t = typeValue(a->base);
    if (auto *n = llvm::dyn_cast<NameExpr>(a->base); !t && n && fn->locals.count(n->name))
      t = fn->locals[n->name];
    if (!t)
      return nullptr;
    if (t->kind == Type::Array)
      return t->dtype;
    return t->isVecLike() || t->isScalar() ? types.scalar(t->scalar) : nullptr;
  }
  auto *c = llvm::dyn_cast_or_null<CallExpr>(e);
  auto *callee = c ? llvm::dyn_cast<NameExpr>(c->callee) : nullptr;
  if (!callee || callee->name != "type" || c->args.size() != 1 || !c->kwargs.empty() ||
      fn->locals.count("type") || fn->scope->lookup("type"))
    return nullptr;
  const Type *t = check(c->args[0]);
  return t ? types.concrete(t) : nullptr;
}

//===----------------------------------------------------------------------===//
// Generic kernels
//===----------------------------------------------------------------------===//

/// The parameter types one typed signature gives `k`: `args` positional,
/// `named` by parameter name (parameters left out keep their annotation,
/// which must then be concrete). False after reporting an error.
bool Sema::signatureTypes(FuncDef *k, llvm::ArrayRef<Expr *> args,
                          llvm::ArrayRef<std::pair<StringRef, Expr *>> named, SMLoc loc,
                          std::vector<const Type *> &out, Scope *typeScope) {
  // The given types' names resolve where the overload call stands.
  if (!typeScope)
    typeScope = mod.globals;
  size_t n = k->params.size();
  std::vector<Expr *> given(n, nullptr);
  if (args.size() > n)
    return error(loc, "kernel '" + k->name + "' takes " + llvm::Twine(n) + " argument(s), " +
                          llvm::Twine(args.size()) + " types given");
  std::copy(args.begin(), args.end(), given.begin());
  const Type *any = nullptr; // `Any=T`: T for every Any not given otherwise
  for (const auto &item : named) {
    StringRef name = item.first;
    Expr *e = item.second;
    if (name == "Any") {
      if (!(any = resolveType(e, typeScope)))
        return false;
      continue;
    }
    auto it = llvm::find_if(k->params, [&](const Param &p) { return p.name == name; });
    if (it == k->params.end())
      return error(e->loc, "kernel '" + k->name + "' has no parameter '" + name + "'");
    given[it - k->params.begin()] = e;
  }
  out.clear();
  for (size_t i = 0; i < n; ++i) {
    const Param &p = k->params[i];
    Expr *e = given[i] ? given[i] : p.annotation;
    if (!given[i] && any && isGenericAnnotation(e, k->scope)) {
      const Type *t = substituteAny(e, any, k->scope);
      if (!t)
        return false;
      out.push_back(t);
      continue;
    }
    if (!given[i] && isGenericAnnotation(e, k->scope))
      return error(loc, "no type given for the generic parameter '" + p.name + "' of kernel '" +
                            k->name + "'");
    const Type *t = resolveType(e, given[i] ? typeScope : k->scope);
    if (!t)
      return false;
    if (given[i] && !matchesTemplate(p.annotation, t, k->scope))
      return error(e->loc, "type " + t->str() + " does not fit parameter '" + p.name +
                               "' of kernel '" + k->name + "'");
    out.push_back(t);
  }
  return true;
}

/// The typed signatures of a wp.overload(k, ...) call or a `given` call
/// (the types of kdsl-translate --kernel-types): false after an error.
bool Sema::overloadCallTypes(FuncDef *k, CallExpr *c, bool given, std::vector<const Type *> &out,
                             Scope *typeScope) {
  std::vector<Expr *> args;
  std::vector<std::pair<StringRef, Expr *>> named;
  if (given) {
    args.assign(c->args.begin(), c->args.end());
    for (Keyword &kw : c->kwargs)
      named.push_back({kw.name, kw.value});
    return signatureTypes(k, args, named, c->loc, out, typeScope);
  }
  Expr *list = c->args.size() > 1 ? c->args[1] : nullptr;
  for (Keyword &kw : c->kwargs)
    if (kw.name == "arg_types")
      list = kw.value;
  // [T] * n, n * [T], [A] + [B]: Python list arithmetic on the literal.
  std::function<bool(Expr *, std::vector<Expr *> &)> listOf = [&](Expr *e,
                                                                  std::vector<Expr *> &items) {
    if (auto *l = llvm::dyn_cast_or_null<UnsupportedExpr>(e)) {
      if (l->isSet || !l->dictItems.empty() || l->listItems.empty())
        return false;
      items.insert(items.end(), l->listItems.begin(), l->listItems.end());
      return true;
    }
    auto *b = llvm::dyn_cast_or_null<BinaryExpr>(e);
    if (!b)
      return false;
    if (b->op == BinOp::Add)
      return listOf(b->lhs, items) && listOf(b->rhs, items);
    if (b->op != BinOp::Mul)
      return false;
    bool listLeft = llvm::isa<UnsupportedExpr, BinaryExpr>(b->lhs);
    auto n = evalConst(listLeft ? b->rhs : b->lhs);
    if (!n || n->kind != ConstValue::Int || n->i < 0 || n->i > 64)
      return false;
    std::vector<Expr *> once;
    if (!listOf(listLeft ? b->lhs : b->rhs, once))
      return false;
    for (int64_t r = 0; r < n->i; ++r)
      items.insert(items.end(), once.begin(), once.end());
    return true;
  };
  auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(list);
  std::vector<Expr *> arith;
  if (!u && listOf(list, arith)) {
    args = arith;
    return signatureTypes(k, args, named, c->loc, out, typeScope);
  }
  if (!u || u->isSet || (u->listItems.empty() && u->dictItems.empty()))
    return error(c->loc, "wp.overload() of kernel '" + k->name +
                             "' needs its types as a list or a dict of parameter names");
  args = u->listItems;
  for (auto [key, value] : u->dictItems) {
    auto *s = llvm::dyn_cast<UnsupportedExpr>(key);
    if (!s || s->raw.size() < 2)
      return error(key->loc, "wp.overload() dict keys must be parameter names (strings)");
    named.push_back({StringRef(s->raw).drop_front().drop_back(), value});
  }
  return signatureTypes(k, args, named, c->loc, out, typeScope);
}

bool Sema::instantiateKernel(FuncDef *k, CallExpr *given, std::vector<FuncDef *> &out) {
  std::vector<std::vector<const Type *>> sigs;
  std::vector<const Type *> sig;
  bool ok = true;
  if (given) {
    ok = overloadCallTypes(k, given, true, sig);
    sigs.push_back(sig);
  } else {
    for (FuncDef *stub : k->overloadStubs) {
      std::vector<Expr *> anns;
      for (Param &p : stub->params)
        anns.push_back(p.annotation);
      if (stub->params.size() != k->params.size()) {
        ok = error(stub->loc, "this @wp.overload of kernel '" + k->name + "' has " +
                                  llvm::Twine(stub->params.size()) + " parameter(s), the kernel " +
                                  llvm::Twine(k->params.size()));
        break;
      }
      bool isNone = false;
      if (auto *u = llvm::dyn_cast_or_null<UnsupportedExpr>(stub->returns))
        isNone = u->what == "None";
      if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(stub->returns))
        isNone = a->attr == "NoneType";
      if (stub->returns && !isNone) {
        ok = error(stub->returns->loc, "return annotations are not allowed on @wp.overload stubs");
        break;
      }
      if (!(ok = signatureTypes(k, anns, {}, stub->loc, sig)))
        break;
      sigs.push_back(sig);
    }
    for (auto [i, e] : llvm::enumerate(k->overloadCalls)) {
      Scope *where = i < k->overloadCallScopes.size() ? k->overloadCallScopes[i] : nullptr;
      if (!ok || !(ok = overloadCallTypes(k, llvm::cast<CallExpr>(e), false, sig, where)))
        break;
      sigs.push_back(sig);
    }
  }
  if (ok && sigs.empty())
    ok = error(k->loc, "kernel '" + k->name +
                           "' is generic (typing.Any parameters) and this "
                           "file gives it no types: add wp.overload(" +
                           k->name +
                           ", [types...]) or an @wp.overload stub, or pass "
                           "--kernel-types 'param=type,...' to kdsl-translate");
  for (auto &s : sigs) {
    if (!ok)
      break;
    FuncDef *inst = instantiate(k, s);
    if (!(ok = checkFunc(inst))) {
      diags.note(k->loc,
                 "in the instance " + mangleTypes(k->name, s) + " of kernel '" + k->name + "'");
      break;
    }
    if (!llvm::is_contained(out, inst))
      out.push_back(inst);
  }
  return ok;
}
