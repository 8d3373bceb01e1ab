//===- SemaPrelude.cpp - calls of builtins implemented by the prelude -----===//
//
// `wp.randf(state, 0.0, 1.0)` becomes a call of the prelude func that
// implements the overload its arguments select (include/kdsl/Frontend/
// Prelude.h). Overloads are chosen the way Warp chooses them: by the number
// of arguments, their keywords and their types (a literal fits any parameter
// of its kind).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include "llvm/ADT/StringExtras.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

/// Whether an argument of type `arg` can be passed for a parameter of type
/// `param` (Sema::coerce then gives literals their type).
static bool fits(const Type *arg, const Type *param) {
  if (arg == param)
    return true;
  if (arg->kind == Type::IntLit)
    return param->isIntScalar() || param->isFloatScalar();
  if (arg->kind == Type::FloatLit)
    return param->isFloatScalar();
  return false;
}

/// The value of Warp's default for `param` of overload `o`, or empty.
static StringRef defaultOf(const PreludeOverload &o, StringRef param) {
  llvm::SmallVector<StringRef> items;
  o.defaults.split(items, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    auto [name, value] = item.split('=');
    if (name == param)
      return value;
  }
  return StringRef();
}

/// Binds the arguments of `e` to the parameters of `f`; null entries are
/// parameters not given. False when they do not bind (too many arguments, an
/// unknown or repeated keyword, a missing parameter without default).
static bool bindToOverload(const CallExpr *e, const FuncDef *f, const PreludeOverload &o,
                           llvm::SmallVectorImpl<Expr *> &bound) {
  size_t n = f->params.size();
  if (e->args.size() > n)
    return false;
  bound.assign(n, nullptr);
  llvm::copy(e->args, bound.begin());
  for (const Keyword &kw : e->kwargs) {
    auto it = llvm::find_if(f->params, [&](const Param &p) { return p.name == kw.name; });
    if (it == f->params.end() || bound[it - f->params.begin()])
      return false;
    bound[it - f->params.begin()] = kw.value;
  }
  for (size_t i = 0; i < n; ++i)
    if (!bound[i] && defaultOf(o, f->params[i].name).empty())
      return false;
  return true;
}

/// "rand_init(seed: int32, offset: int32)" for the overload list of errors.
static std::string signatureOf(StringRef builtin, const FuncDef *f) {
  std::string s = "wp." + builtin.str() + "(";
  for (const Param &p : f->params)
    s += (&p == &f->params.front() ? "" : ", ") + p.name.str() + ": " + p.type->str();
  return s + ")";
}

FuncDef *Sema::preludeFunc(StringRef name, SMLoc loc) {
  if (!prelude && !(prelude = Prelude::load(diags)))
    return nullptr;
  FuncDef *f = prelude->lookup(name);
  if (!f) {
    if (!prelude->broken())
      diags.internalError(loc, "the prelude has no func '" + name + "'");
    return nullptr;
  }
  if (!checkFunc(f)) {
    diags.internalError(loc, "the prelude func '" + name + "' does not check");
    return nullptr;
  }
  return f;
}

const Type *Sema::preludeStructType(StringRef name, SMLoc loc) {
  if (!prelude && !(prelude = Prelude::load(diags)))
    return nullptr;
  StructDef *s = prelude->lookupStruct(name);
  if (!s) {
    if (!prelude->broken())
      diags.internalError(loc, "the prelude has no struct '" + name + "'");
    return nullptr;
  }
  if (!checkStruct(s)) {
    diags.internalError(loc, "the prelude struct '" + name + "' does not check");
    return nullptr;
  }
  return s->type;
}

std::optional<const Type *> Sema::warpQueryType(StringRef name, SMLoc loc) {
  // Warp 1.16 (warp/_src/types.py): HashGridQuery (also HashGridQuery[T]),
  // its float16/float64 forms and the older hash_grid_query_t. kdsl has one
  // query type for every coordinate precision (Prelude/hashgrid.py).
  if (name == "HashGridQuery" || name == "HashGridQueryH" || name == "HashGridQueryD" ||
      name == "hash_grid_query_t")
    return preludeStructType("hash_grid_query_t", loc);
  // BvhQuery and MeshQueryAABB: one query type (Prelude/bvh.py).
  if (name == "BvhQuery" || name == "bvh_query_t" || name == "MeshQueryAABB" ||
      name == "mesh_query_aabb_t")
    return preludeStructType("bvh_query_t", loc);
  // Thread-block BVH and mesh AABB queries: one type (Prelude/bvh.py).
  if (name == "BvhQueryTiled" || name == "MeshQueryAABBTiled" ||
      name == "bvh_query_thread_block_t" || name == "mesh_query_aabb_thread_block_t")
    return preludeStructType("bvh_query_tiled_t", loc);
  // Results of mesh queries (Prelude/mesh.py).
  if (name == "MeshQueryPoint" || name == "mesh_query_point_t")
    return preludeStructType("mesh_query_point_t", loc);
  if (name == "MeshQueryRay" || name == "mesh_query_ray_t")
    return preludeStructType("mesh_query_ray_t", loc);
  return std::nullopt;
}

const Type *Sema::checkPreludeCall(CallExpr *e, StringRef name) {
  // Warp's generic volume builtins take the value type as `dtype=`: it
  // selects the prelude func that returns that type (Prelude/volume.py).
  const Type *dtype = nullptr;
  if (name == "volume_sample" || name == "volume_lookup" || name == "volume_sample_grad") {
    auto it = llvm::find_if(e->kwargs, [](const Keyword &k) { return k.name == "dtype"; });
    if (it == e->kwargs.end()) {
      error(e->loc, "wp." + name +
                        "() needs the volume's value type as dtype=... (Warp's "
                        "generic form; or call its _f, _v or _i form)");
      return nullptr;
    }
    if (!(dtype = resolveType(it->value, fn->scope)))
      return nullptr;
    e->kwargs.erase(it);
  }
  for (Expr *a : e->args)
    if (!check(a))
      return nullptr;
  for (Keyword &kw : e->kwargs)
    if (!check(kw.value))
      return nullptr;
  std::string candidates;
  for (const PreludeOverload &o : preludeOverloads(name)) {
    FuncDef *f = preludeFunc(o.func, e->loc);
    if (!f)
      return nullptr;
    // A generic func (typing.Any parameters, Warp's own helpers such as
    // smooth_normalize) is the builtin's only overload: an ordinary call,
    // instantiated per argument types, with the func's default values.
    if (f->genericTemplate)
      return checkFuncCall(e, f);
    candidates += "\n  " + signatureOf(name, f);
    if (dtype && (f->resultTypes.size() != 1 || f->resultTypes[0] != dtype))
      continue;
    llvm::SmallVector<Expr *, 6> bound;
    if (!bindToOverload(e, f, o, bound))
      continue;
    bool ok = true;
    for (auto [a, p] : llvm::zip(bound, f->params))
      ok &= !a || fits(a->type, p.type);
    if (ok)
      return bindPreludeCall(e, f, o, bound);
  }
  if (dtype) {
    error(e->loc, "wp." + name + "() has no form for dtype=" + dtype->str() +
                      " with these arguments; Warp's are:" + candidates);
    return nullptr;
  }
  std::string got;
  for (Expr *a : e->args)
    got += (got.empty() ? "" : ", ") + a->type->str();
  for (Keyword &kw : e->kwargs)
    got += (got.empty() ? "" : ", ") + kw.name.str() + "=" + kw.value->type->str();
  error(e->loc,
        "no overload of wp." + name + "() takes (" + got + "); Warp's overloads are:" + candidates);
  return nullptr;
}

const Type *Sema::bindPreludeCall(CallExpr *e, FuncDef *f, const PreludeOverload &o,
                                  llvm::ArrayRef<Expr *> bound) {
  e->ckind = CallKind::Func;
  e->func = f;
  e->boundArgs.assign(bound.begin(), bound.end());
  for (auto [a, p] : llvm::zip(e->boundArgs, f->params)) {
    if (!a) {
      // Warp's default: a literal made here, typed by the parameter.
      StringRef text = defaultOf(o, p.name);
      double f = 0;
      uint64_t i = 0;
      if (text.contains('.') ? text.getAsDouble(f) : text.getAsInteger(10, i)) {
        diags.internalError(e->loc, "bad default '" + text + "' in the prelude table");
        return nullptr;
      }
      a = text.contains('.') ? static_cast<Expr *>(mod.make<FloatExpr>(e->loc, f))
                             : mod.make<IntExpr>(e->loc, i, false);
      check(a);
    }
    if (p.isRef)
      continue; // checked below, as a user func's (no conversion)
    if (!coerce(a, p.type, "argument '" + p.name + "' of wp." + o.builtin + "()"))
      return nullptr;
  }
  if (llvm::any_of(f->params, [](const Param &p) { return p.isRef; }) &&
      !checkRefArguments(e, f, ("wp." + o.builtin).str()))
    return nullptr;
  const Type *result = f->resultTypes.empty()       ? types.voidTy()
                       : f->resultTypes.size() == 1 ? f->resultTypes[0]
                                                    : types.tuple(f->resultTypes);
  if (!o.advancesState)
    return result;
  // (value, new state): the call's value is the first; the new state goes
  // back into the caller's local, as Warp's `uint32& state` does.
  e->advancesState = true;
  if (auto *n = llvm::dyn_cast<NameExpr>(e->boundArgs[0]); n && n->ref == RefKind::Local)
    e->stateTarget = n;
  return f->resultTypes[0];
}
