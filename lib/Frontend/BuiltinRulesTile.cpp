//===- BuiltinRulesTile.cpp - type rules of Warp's tile builtins ---------===//
//
// Sema's rules for the records of BuiltinsTile.h, with Warp 1.16's
// signatures (warp/_src/builtins.py): keywords by Warp's parameter names,
// shapes as compile-time constants, offsets as int32 values. The rules leave
// in boundArgs exactly the values BuiltinLoweringTile.cpp lowers.
//
//===----------------------------------------------------------------------===//
#include "BuiltinRuleContext.h"
#include "BuiltinRuleFns.h"
#include "BuiltinsTile.h"

using namespace kdsl;
using llvm::SmallVector;
using llvm::StringRef;
using llvm::Twine;

namespace kdsl {
class TileRules : public BuiltinRuleContext {
public:
  TileRules(Sema &s, CallExpr *e, const BuiltinInfo &info)
      : BuiltinRuleContext(s, e, info.name), info(info) {}
  const BuiltinInfo &info;

  /// Binds the positional arguments and keywords to Warp's parameter names
  /// `params`; the first `required` must be given. Slots of absent
  /// parameters are null.
  bool bind(llvm::ArrayRef<StringRef> params, size_t required, SmallVector<Expr *, 6> &out) {
    out.assign(params.size(), nullptr);
    if (args.size() > params.size())
      return s.error(e->loc, name + "() takes at most " + Twine(params.size()) +
                                 " arguments, got " + Twine(args.size()));
    for (size_t i = 0; i < args.size(); ++i)
      out[i] = args[i];
    for (Keyword &k : e->kwargs) {
      auto it = llvm::find(params, k.name);
      if (it == params.end())
        return s.error(k.loc, name + "() got an unexpected keyword argument '" + k.name + "'");
      size_t i = it - params.begin();
      if (out[i])
        return s.error(k.loc, name + "() got multiple values for argument '" + k.name + "'");
      out[i] = k.value;
    }
    for (size_t i = 0; i < required; ++i)
      if (!out[i])
        return s.error(e->loc, name + "() missing argument '" + params[i] + "'");
    return true;
  }

  /// A tile shape: an int or a tuple of 1 to 4 ints, compile-time constants.
  std::optional<SmallVector<int64_t, 2>> shapeOf(Expr *shape) {
    SmallVector<Expr *, 4> dims = shapeExtents(shape);
    if (dims.empty() || dims.size() > 4) {
      fail(shape->loc, name + "() tile shapes have 1 to 4 extents, got " + Twine(dims.size()));
      return std::nullopt;
    }
    SmallVector<int64_t, 2> extents;
    for (Expr *x : dims) {
      if (!s.check(x))
        return std::nullopt;
      std::optional<Sema::ConstValue> v = s.evalConst(x);
      if (!v || v->kind != Sema::ConstValue::Int) {
        fail(x->loc, name + "() tile shape must be compile-time integer constants (literals or "
                            "wp.constant module constants)");
        return std::nullopt;
      }
      if (v->i <= 0) {
        fail(x->loc, name + "() tile extents must be positive, got " + Twine(v->i));
        return std::nullopt;
      }
      s.finalize(x);
      extents.push_back(v->i);
    }
    return extents;
  }

  /// An int32 value (literals become int32; other integers are converted).
  bool index(Expr *x, StringRef what) {
    if (!s.check(x))
      return false;
    if (x->type->kind == Type::IntLit)
      return s.coerce(x, types.i32(), name + "() " + what);
    if (!x->type->isIntScalar())
      return fail(x->loc, name + "() " + what + " must be integers, got " + x->type->str()), false;
    return true;
  }

  /// Appends to `out` the `ndim` offsets of `offset` (an int or a tuple),
  /// or nothing when it is absent (all zero).
  bool offsets(Expr *offset, unsigned ndim, SmallVector<Expr *, 4> &out) {
    if (!offset)
      return true;
    SmallVector<Expr *, 4> offs = shapeExtents(offset);
    if (offs.size() != ndim)
      return fail(offset->loc, name + "() offset has " + Twine(offs.size()) + " entries for a " +
                                   Twine(ndim) + "-d array"),
             false;
    for (Expr *o : offs) {
      if (!index(o, "offsets"))
        return false;
      out.push_back(o);
    }
    return true;
  }

  /// A plain array (not indexed) whose elements a tile can hold.
  const Type *arrayArg(Expr *a) {
    if (!s.check(a))
      return nullptr;
    const Type *t = a->type;
    if (!t->isArray() || t->isIndexedArray())
      return argError(a, "an array");
    if (!(t->dtype->isScalar() || t->dtype->isVecLike() || t->dtype->kind == Type::Struct))
      return fail(a->loc,
                  name + "() array elements must be scalars, vectors, matrices or structs, got " +
                      t->dtype->str());
    return t;
  }

  const Type *tileArg(Expr *a, StringRef what = "a tile") {
    if (!s.check(a))
      return nullptr;
    if (!a->type->isTile())
      return argError(a, what);
    return a->type;
  }

  /// The element type of a dtype= argument (scalars, vectors, matrices), or
  /// `dflt` when absent.
  const Type *dtypeOf(Expr *d, const Type *dflt) {
    if (!d)
      return dflt;
    const Type *t = s.resolveType(d, s.fn->scope);
    if (!t)
      return nullptr;
    if (!(t->isScalar() || t->isVecLike() || t->kind == Type::Struct))
      return fail(d->loc, name + "() dtype must be a scalar, vector, matrix or struct type, got " +
                              t->str());
    return t;
  }

  /// storage="register"|"shared": accepted (kdsl decides where tiles live).
  bool storage(Expr *st) {
    if (!st)
      return true;
    auto *lit = llvm::dyn_cast<UnsupportedExpr>(st);
    StringRef raw = lit ? StringRef(lit->raw) : StringRef();
    if (raw.size() >= 2)
      raw = raw.drop_front().drop_back();
    if (raw != "register" && raw != "shared")
      return fail(st->loc, name + "() storage must be \"register\" or \"shared\""), false;
    return true;
  }

  /// bounds_check=True|False: out-of-range elements are always skipped.
  bool boundsCheck(Expr *bc) {
    if (!bc)
      return true;
    std::optional<Sema::ConstValue> v = s.check(bc) ? s.evalConst(bc) : std::nullopt;
    if (!v || v->kind != Sema::ConstValue::Bool)
      return fail(bc->loc, name + "() bounds_check must be True or False"), false;
    return true;
  }

  const Type *tileLoad();
  const Type *tileStoreOrAdd();
  const Type *tileSplat(double value);
  const Type *tileFull();
  const Type *tileArange();
  const Type *tileMatmul();
  const Type *tileSum();
  const Type *tileTranspose();
  const Type *tileBroadcast();
  const Type *tileExtract();
  const Type *tileMap();
};
} // namespace kdsl

/// tile_load(a, shape, offset=None, storage="register", bounds_check=True):
/// boundArgs become the array and its offsets.
const Type *TileRules::tileLoad() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "shape", "offset", "storage", "bounds_check"}, 2, p))
    return nullptr;
  const Type *at = arrayArg(p[0]);
  if (!at)
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = shapeOf(p[1]);
  if (!shape)
    return nullptr;
  if (shape->size() != at->ndim)
    return fail(p[1]->loc, name + "() shape has " + Twine(shape->size()) + " extents for a " +
                               Twine((unsigned)at->ndim) + "-d array");
  SmallVector<Expr *, 4> out{p[0]};
  if (!offsets(p[2], at->ndim, out) || !storage(p[3]) || !boundsCheck(p[4]))
    return nullptr;
  args.assign(out.begin(), out.end());
  return types.tile(at->dtype, *shape);
}

/// tile_store(a, t, offset=None, bounds_check=True) and
/// tile_atomic_add(a, t, offset=None, bounds_check=True): boundArgs become
/// the tile, the array and the offsets.
const Type *TileRules::tileStoreOrAdd() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "t", "offset", "bounds_check"}, 2, p))
    return nullptr;
  const Type *at = arrayArg(p[0]);
  const Type *tt = at ? tileArg(p[1]) : nullptr;
  if (!tt)
    return nullptr;
  if (tt->ndim != at->ndim)
    return fail(p[1]->loc, name + "() of a " + Twine((unsigned)tt->ndim) + "-d tile into a " +
                               Twine((unsigned)at->ndim) + "-d array");
  if (tt->dtype != at->dtype)
    return fail(p[1]->loc, name + "() tile dtype " + tt->dtype->str() +
                               " does not match the array's " + at->dtype->str());
  if (info.id == Builtin::TileAtomicAdd &&
      (tt->dtype->kind == Type::Struct || tt->dtype->isBool() || tt->dtype->scalar == Scalar::Bool))
    return fail(p[1]->loc, name + "() adds numbers, vectors or matrices, not " + tt->dtype->str());
  SmallVector<Expr *, 4> out{p[1], p[0]};
  if (!offsets(p[2], at->ndim, out) || !boundsCheck(p[3]))
    return nullptr;
  args.assign(out.begin(), out.end());
  return info.id == Builtin::TileAtomicAdd ? tt : types.voidTy();
}

/// tile_zeros / tile_ones(shape, dtype=float32, storage="register"): no
/// value arguments.
const Type *TileRules::tileSplat(double) {
  SmallVector<Expr *, 6> p;
  if (!bind({"shape", "dtype", "storage"}, 1, p))
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = shapeOf(p[0]);
  const Type *dtype = shape ? dtypeOf(p[1], types.f32()) : nullptr;
  if (!dtype || !storage(p[2]))
    return nullptr;
  // Warp: no canonical "one" of a struct.
  if (info.id == Builtin::TileOnes && dtype->kind == Type::Struct)
    return fail(p[1]->loc,
                name + "() dtype must be a scalar, vector or matrix type, got " + dtype->str());
  args.clear();
  return types.tile(dtype, *shape);
}

/// tile_full(shape, value, dtype=float32, storage="register"): boundArgs
/// become the value, of the dtype.
const Type *TileRules::tileFull() {
  SmallVector<Expr *, 6> p;
  if (!bind({"shape", "value", "dtype", "storage"}, 2, p))
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = shapeOf(p[0]);
  if (!shape || !s.check(p[1]))
    return nullptr;
  const Type *dflt = p[1]->type->isLiteral() ? types.f32() : p[1]->type;
  const Type *dtype = dtypeOf(p[2], dflt);
  if (!dtype || !storage(p[3]) || !s.coerce(p[1], dtype, name + "() value"))
    return nullptr;
  args.assign({p[1]});
  return types.tile(dtype, *shape);
}

/// tile_arange(stop), (start, stop), (start, stop, step), dtype=int32:
/// constants (the length is static). boundArgs keep them, of the dtype.
const Type *TileRules::tileArange() {
  Expr *dtypeKw = nullptr;
  for (Keyword &k : e->kwargs) {
    if (k.name == "dtype")
      dtypeKw = k.value;
    else if (k.name == "storage") {
      if (!storage(k.value))
        return nullptr;
    } else
      return fail(k.loc, name + "() got an unexpected keyword argument '" + k.name + "'");
  }
  if (args.empty() || args.size() > 3)
    return fail(e->loc,
                name + "() takes 1 to 3 arguments (stop; start, stop; start, stop, step), got " +
                    Twine(args.size()));
  double v[3] = {0, 0, 1};
  bool allInt = true;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!s.check(args[i]))
      return nullptr;
    std::optional<Sema::ConstValue> c = s.evalConst(args[i]);
    if (!c || c->kind == Sema::ConstValue::Bool)
      return fail(args[i]->loc,
                  name + "() arguments must be compile-time numbers (the tile's length is static)");
    allInt &= c->kind == Sema::ConstValue::Int;
    v[args.size() == 1 ? 1 : i] = c->kind == Sema::ConstValue::Int ? (double)c->i : c->f;
  }
  double start = v[0], stop = v[1], step = v[2];
  if (step == 0)
    return fail(e->loc, name + "() step must not be zero");
  int64_t n = (int64_t)std::ceil((stop - start) / step);
  if (n <= 0)
    return fail(e->loc, name + "() gives an empty tile (length " + Twine(n) + ")");
  const Type *dtype = dtypeOf(dtypeKw, allInt ? types.i32() : types.f32());
  if (!dtype)
    return nullptr;
  if (!dtype->isScalar() || dtype->isBool())
    return fail(dtypeKw->loc,
                name + "() dtype must be an integer or float scalar type, got " + dtype->str());
  for (Expr *a : args)
    if (!s.coerce(a, dtype, name + "() argument"))
      return nullptr;
  return types.tile(dtype, {n});
}

/// tile_matmul(a, b) -> a @ b, and the accumulate form tile_matmul(a, b,
/// out) (out += a @ b, assigned to the local `out`: Warp's output argument).
const Type *TileRules::tileMatmul() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "b", "out", "alpha", "beta"}, 2, p))
    return nullptr;
  for (size_t i = 3; i < 5; ++i)
    if (p[i])
      return fail(p[i]->loc,
                  name + "() " + (i == 3 ? "alpha" : "beta") + "= is not supported by kdsl yet");
  const Type *a = tileArg(p[0]), *b = a ? tileArg(p[1]) : nullptr;
  const Type *c = b && p[2] ? tileArg(p[2], "a tile as output argument 3") : nullptr;
  if (!b || (p[2] && !c))
    return nullptr;
  for (auto [x, t] : {std::pair{p[0], a}, {p[1], b}, {p[2], c}}) {
    if (!t)
      continue;
    if (t->ndim != 2)
      return fail(x->loc, name + "() operands are 2-d tiles, got " + t->str());
    if (!t->dtype->isScalar() || t->dtype->isBool())
      return fail(x->loc, name + "() operands have integer or float elements, got " + t->str());
  }
  if (a->fixedShape[1] != b->fixedShape[0])
    return fail(p[1]->loc, name + "() shapes do not match: " + a->str() + " @ " + b->str());
  if (c && (c->fixedShape[0] != a->fixedShape[0] || c->fixedShape[1] != b->fixedShape[1]))
    return fail(p[2]->loc, name + "() output " + c->str() + " does not have the shape (" +
                               Twine(a->fixedShape[0]) + ", " + Twine(b->fixedShape[1]) + ") of " +
                               a->str() + " @ " + b->str());
  if (!c) {
    args.assign({p[0], p[1]});
    return types.tile(a->dtype, {a->fixedShape[0], b->fixedShape[1]});
  }
  if (!s.isLValue(p[2]))
    return fail(p[2]->loc,
                name + "() output argument 3 must be a local variable (Warp accumulates into it)");
  args.assign({p[0], p[1], p[2]});
  e->outputArgsFrom = 2;
  return types.voidTy();
}

/// tile_sum(a, axis=None): a tile of shape (1,), or `a` without `axis`.
const Type *TileRules::tileSum() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "axis"}, 1, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  if (!(t->dtype->isScalar() || t->dtype->isVecLike()) || t->dtype->isBool())
    return fail(p[0]->loc, name + "() sums numbers, vectors or matrices, not " + t->dtype->str());
  args.assign({p[0]});
  if (!p[1])
    return types.tile(t->dtype, {1});
  std::optional<Sema::ConstValue> axis = s.check(p[1]) ? s.evalConst(p[1]) : std::nullopt;
  if (!axis || axis->kind != Sema::ConstValue::Int || axis->i < 0 || axis->i >= t->ndim)
    return fail(p[1]->loc, name + "() axis must be a constant from 0 to " + Twine(t->ndim - 1));
  e->axis = axis->i;
  if (t->ndim == 1)
    return types.tile(t->dtype, {1});
  SmallVector<int64_t, 4> shape(t->fixedShape.begin(), t->fixedShape.end());
  shape.erase(shape.begin() + axis->i);
  return types.tile(t->dtype, shape);
}

/// tile_transpose(a) of a 2-d tile.
const Type *TileRules::tileTranspose() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a"}, 1, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  if (t->ndim != 2)
    return argError(p[0], "a 2-d tile");
  args.assign({p[0]});
  return types.tile(t->dtype, {t->fixedShape[1], t->fixedShape[0]});
}

/// tile_broadcast(a, shape): NumPy's broadcasting to a static shape.
const Type *TileRules::tileBroadcast() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "shape", "storage"}, 2, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  std::optional<SmallVector<int64_t, 2>> shape = t ? shapeOf(p[1]) : std::nullopt;
  if (!shape || !storage(p[2]))
    return nullptr;
  llvm::ArrayRef<int64_t> in = t->fixedShape;
  bool ok = in.size() <= shape->size();
  for (size_t k = 0; ok && k < in.size(); ++k) {
    int64_t i = in[in.size() - 1 - k], o = (*shape)[shape->size() - 1 - k];
    ok = i == o || i == 1;
  }
  const Type *out = types.tile(t->dtype, *shape);
  if (!ok)
    return fail(p[1]->loc, name + "() cannot broadcast " + t->str() + " to " + out->str());
  args.assign({p[0]});
  return out;
}

/// tile_extract(a, i[, j]): one element.
const Type *TileRules::tileExtract() {
  if (!e->kwargs.empty())
    return fail(e->kwargs[0].loc, name + "() takes no keyword arguments");
  if (args.empty())
    return fail(e->loc, name + "() takes a tile and its indices");
  const Type *t = tileArg(args[0]);
  if (!t)
    return nullptr;
  if (args.size() - 1 != t->ndim)
    return fail(e->loc, name + "() takes " + Twine((unsigned)t->ndim) + " indices for " + t->str() +
                            ", got " + Twine(args.size() - 1));
  for (size_t i = 1; i < args.size(); ++i)
    if (!index(args[i], "indices"))
      return nullptr;
  return t->dtype;
}

/// tile_map(op, a[, b, ...]): `op` (a builtin such as wp.sin, or a
/// @wp.func) applied to the elements of tiles of one shape. Sema types the
/// call of `op` on placeholders of the elements (e->elementCall); boundArgs
/// become the tiles.
const Type *TileRules::tileMap() {
  if (!e->kwargs.empty())
    return fail(e->kwargs[0].loc, name + "() takes no keyword arguments");
  if (args.size() < 2)
    return fail(e->loc, name + "() takes a function and one or more tiles");
  const Type *f = s.functionValue(args[0], s.fn->scope, /*useLocals=*/true);
  if (!f || f->grad)
    return fail(args[0]->loc,
                name + "() expects a builtin (wp.sin) or a @wp.func as its first argument");
  const Type *first = nullptr;
  auto *call = s.mod.make<CallExpr>(e->loc, args[0]);
  for (size_t i = 1; i < args.size(); ++i) {
    const Type *t = tileArg(args[i]);
    if (!t)
      return nullptr;
    if (first && t->fixedShape != first->fixedShape)
      return fail(args[i]->loc,
                  name + "() takes tiles of one shape, got " + first->str() + " and " + t->str());
    first = first ? first : t;
    auto *elem = s.mod.make<SubscriptExpr>(args[i]->loc, args[i]);
    elem->skind = SubKind::TileElem;
    elem->type = t->dtype;
    call->args.push_back(elem);
  }
  const Type *r = s.check(call);
  if (!r)
    return nullptr;
  if (!(r->isScalar() || r->isVecLike()))
    return fail(args[0]->loc,
                name + "() function must return a scalar, vector or matrix, got " + r->str());
  e->elementCall = call;
  args.erase(args.begin());
  return types.tile(r, first->fixedShape);
}

// The records' rule functions (BuiltinRuleFns.h).
#define KDSL_TILE_RULE(fn, call)                                                                   \
  const Type *kdsl::rules::fn(Sema &s, CallExpr *e, const BuiltinInfo &info) {                     \
    return TileRules(s, e, info).call;                                                             \
  }
KDSL_TILE_RULE(tileLoad, tileLoad())
KDSL_TILE_RULE(tileStoreOrAdd, tileStoreOrAdd())
KDSL_TILE_RULE(tileSplat, tileSplat(0))
KDSL_TILE_RULE(tileFull, tileFull())
KDSL_TILE_RULE(tileArange, tileArange())
KDSL_TILE_RULE(tileMatmul, tileMatmul())
KDSL_TILE_RULE(tileSum, tileSum())
KDSL_TILE_RULE(tileTranspose, tileTranspose())
KDSL_TILE_RULE(tileBroadcast, tileBroadcast())
KDSL_TILE_RULE(tileExtract, tileExtract())
KDSL_TILE_RULE(tileMap, tileMap())
#undef KDSL_TILE_RULE
