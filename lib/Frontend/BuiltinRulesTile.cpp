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
  /// `inferOne`: one extent may be -1 (tile_reshape's "the rest"), kept as -1.
  std::optional<SmallVector<int64_t, 2>> shapeOf(Expr *shape, bool inferOne = false) {
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
      if (v->i == -1 && inferOne && !llvm::is_contained(extents, -1)) {
        s.finalize(x);
        extents.push_back(-1);
        continue;
      }
      if (v->i <= 0) {
        fail(x->loc, name + "() tile extents must be positive" + (inferOne ? " (or one -1)" : "") +
                         ", got " + Twine(v->i));
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
  bool boundsCheck(Expr *bc, StringRef kw = "bounds_check") {
    if (!bc)
      return true;
    std::optional<Sema::ConstValue> v = s.check(bc) ? s.evalConst(bc) : std::nullopt;
    if (!v || v->kind != Sema::ConstValue::Bool)
      return fail(bc->loc, name + "() " + kw + " must be True or False"), false;
    return true;
  }

  const Type *tileLoad();
  const Type *tileStoreOrAdd();
  const Type *tileLoadIndexed();
  const Type *tileStoreOrAddIndexed();
  std::optional<SmallVector<int64_t, 2>> loadShape(Expr *shape, const Type *array);
  const Type *storedTile(Expr *t, const Type *array, bool atomicAdd);
  bool indexedAxis(Expr *axis, const Type *array);
  bool indexTile(Expr *indices, int64_t extent);
  const Type *tileSplat(double value);
  const Type *tileFull();
  const Type *tileArange();
  const Type *tileMatmul();
  const Type *tileSum();
  const Type *tileTranspose();
  const Type *tileBroadcast();
  const Type *tileExtract();
  const Type *tileMap();
  const Type *tileMinMax();
  const Type *tileReduce();
  const Type *tileView();
  const Type *tileAssign();
  const Type *tileReshape();
  const Type *tileAstype();
  const Type *tileCholesky();
  const Type *tileSolve();
  const Type *tileDiagAdd();
  const Type *tileFft();
  const Type *tileFromLanes();
  const Type *untile();
  const Type *tileScan();
  const Type *tileSort();
  const Type *tileFromThread();
  const Type *tileDot();
  const Type *tileAxpy();
  const Type *tileStack();
  const Type *tileStackOp();
  const Type *tileScatter();
  const Type *tileRand();

  /// A string-literal argument's text (without quotes), or "" when `x` is
  /// no string literal.
  static StringRef stringLiteral(Expr *x) {
    auto *lit = llvm::dyn_cast_or_null<UnsupportedExpr>(x);
    StringRef raw = lit ? StringRef(lit->raw) : StringRef();
    if (raw.size() < 2 || !(raw.front() == '"' || raw.front() == '\''))
      return "";
    return raw.drop_front().drop_back();
  }
  /// fill_mode="lower"|"upper" (a compile-time string).
  bool fillMode(Expr *x) {
    if (!x)
      return true;
    StringRef m = stringLiteral(x);
    if (m != "lower" && m != "upper")
      return fail(x->loc, name + "() fill_mode must be \"lower\" or \"upper\""), false;
    e->upperFill = m == "upper";
    return true;
  }
  /// A 2-d square tile of float32 or float64 (Warp's MathDx solvers).
  const Type *squareFloat(Expr *x, StringRef what) {
    const Type *t = tileArg(x);
    if (!t)
      return nullptr;
    if (t->ndim != 2 || t->fixedShape[0] != t->fixedShape[1])
      return fail(x->loc, name + "() " + what + " must be a square 2-d tile, got " + t->str());
    if (t->dtype != types.f32() && t->dtype != types.scalar(Scalar::F64))
      return fail(x->loc,
                  name + "() " + what + " must have float32 or float64 elements, got " + t->str());
    return t;
  }
  /// The local a builtin updates in place (Warp's in/out tile argument).
  bool inPlaceTarget(Expr *x, StringRef what) {
    if (!s.isLValue(x))
      return fail(x->loc,
                  name + "() " + what + " must be a local variable (Warp updates it in place)"),
             false;
    return s.refuseTileViewWrite(x);
  }
};
} // namespace kdsl

/// The shape of a tile loaded from `array`: one extent per dimension.
std::optional<SmallVector<int64_t, 2>> TileRules::loadShape(Expr *shape, const Type *array) {
  std::optional<SmallVector<int64_t, 2>> extents = shapeOf(shape);
  if (extents && extents->size() != array->ndim) {
    fail(shape->loc, name + "() shape has " + Twine(extents->size()) + " extents for a " +
                         Twine((unsigned)array->ndim) + "-d array");
    return std::nullopt;
  }
  return extents;
}

/// The tile `t` stored or (`atomicAdd`) added into `array`: the array's rank
/// and dtype; added tiles hold numbers, vectors or matrices.
const Type *TileRules::storedTile(Expr *t, const Type *array, bool atomicAdd) {
  const Type *tt = tileArg(t);
  if (!tt)
    return nullptr;
  if (tt->ndim != array->ndim)
    return fail(t->loc, name + "() of a " + Twine((unsigned)tt->ndim) + "-d tile into a " +
                            Twine((unsigned)array->ndim) + "-d array");
  if (tt->dtype != array->dtype)
    return fail(t->loc, name + "() tile dtype " + tt->dtype->str() +
                            " does not match the array's " + array->dtype->str());
  // Structs: field by field, as Warp 1.16 (its bool and 8/16-bit fields
  // are not added).
  if (atomicAdd && (tt->dtype->isBool() || tt->dtype->scalar == Scalar::Bool))
    return fail(t->loc,
                name + "() adds numbers, vectors, matrices or structs, not " + tt->dtype->str());
  // Warp's test_tile_atomic_add_unsupported_types: no atomic add of 8- and
  // 16-bit integers.
  if (atomicAdd && tt->dtype->kind != Type::Struct && isInt(tt->dtype->scalar) &&
      bitWidth(tt->dtype->scalar) < 32)
    return fail(t->loc, name +
                            "() only supports integers of 32 or 64 bits, floats, and vectors, "
                            "matrices or structs of them, not " +
                            tt->dtype->str());
  return tt;
}

/// tile_load(a, shape, offset=None, storage="register", bounds_check=True):
/// boundArgs become the array and its offsets.
const Type *TileRules::tileLoad() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "shape", "offset", "storage", "bounds_check", "aligned"}, 2, p))
    return nullptr;
  const Type *at = arrayArg(p[0]);
  if (!at)
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = loadShape(p[1], at);
  if (!shape)
    return nullptr;
  SmallVector<Expr *, 4> out{p[0]};
  if (!offsets(p[2], at->ndim, out) || !storage(p[3]) || !boundsCheck(p[4]) ||
      !boundsCheck(p[5], "aligned")) // a hint
    return nullptr;
  args.assign(out.begin(), out.end());
  return types.tile(at->dtype, *shape);
}

/// tile_store(a, t, offset=None, bounds_check=True) and
/// tile_atomic_add(a, t, offset=None, bounds_check=True): boundArgs become
/// the tile, the array and the offsets.
const Type *TileRules::tileStoreOrAdd() {
  SmallVector<Expr *, 6> p;
  bool store = info.id == Builtin::TileStore;
  if (!bind(store ? llvm::ArrayRef<StringRef>{"a", "t", "offset", "bounds_check", "aligned"}
                  : llvm::ArrayRef<StringRef>{"a", "t", "offset", "bounds_check"},
            2, p))
    return nullptr;
  if (store && !boundsCheck(p[4], "aligned")) // a hint
    return nullptr;
  const Type *at = arrayArg(p[0]);
  const Type *tt = at ? storedTile(p[1], at, info.id == Builtin::TileAtomicAdd) : nullptr;
  if (!tt)
    return nullptr;
  SmallVector<Expr *, 4> out{p[1], p[0]};
  if (!offsets(p[2], at->ndim, out) || !boundsCheck(p[3]))
    return nullptr;
  args.assign(out.begin(), out.end());
  return info.id == Builtin::TileAtomicAdd ? tt : types.voidTy();
}

/// The _indexed forms' `axis`: a constant dimension of `array`, 0 when
/// absent; into e->axis.
bool TileRules::indexedAxis(Expr *axis, const Type *array) {
  e->axis = 0;
  if (!axis)
    return true;
  std::optional<Sema::ConstValue> v = s.check(axis) ? s.evalConst(axis) : std::nullopt;
  if (!v || v->kind != Sema::ConstValue::Int || v->i < 0 || v->i >= array->ndim)
    return fail(axis->loc, name + "() axis must be a constant from 0 to " + Twine(array->ndim - 1)),
           false;
  s.finalize(axis);
  e->axis = v->i;
  return true;
}

/// The _indexed forms' `indices`: a 1-d int32 tile of `extent` elements (the
/// tile's extent along the axis).
bool TileRules::indexTile(Expr *indices, int64_t extent) {
  const Type *it = tileArg(indices, "a 1-d tile of int32 indices");
  if (!it)
    return false;
  if (it->fixedShape.size() != 1 || it->dtype != types.i32())
    return fail(indices->loc, name + "() indices must be a 1-d tile of int32, got " + it->str()),
           false;
  if (it->fixedShape[0] != extent)
    return fail(indices->loc, name + "() indices has " + Twine(it->fixedShape[0]) +
                                  " elements for a tile of extent " + Twine(extent) +
                                  " along axis " + Twine(e->axis)),
           false;
  return true;
}

/// tile_load_indexed(a, indices, shape, offset=None, axis=0,
/// storage="register"): boundArgs become the array, the indices and the
/// offsets.
const Type *TileRules::tileLoadIndexed() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "indices", "shape", "offset", "axis", "storage"}, 3, p))
    return nullptr;
  const Type *at = arrayArg(p[0]);
  if (!at)
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = loadShape(p[2], at);
  if (!shape)
    return nullptr;
  if (!indexedAxis(p[4], at) || !indexTile(p[1], (*shape)[e->axis]))
    return nullptr;
  SmallVector<Expr *, 4> out{p[0], p[1]};
  if (!offsets(p[3], at->ndim, out) || !storage(p[5]))
    return nullptr;
  args.assign(out.begin(), out.end());
  return types.tile(at->dtype, *shape);
}

/// tile_store_indexed(a, indices, t, offset=None, axis=0) and
/// tile_atomic_add_indexed(...): boundArgs become the tile, the array, the
/// indices and the offsets.
const Type *TileRules::tileStoreOrAddIndexed() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "indices", "t", "offset", "axis"}, 3, p))
    return nullptr;
  bool add = info.id == Builtin::TileAtomicAddIndexed;
  const Type *at = arrayArg(p[0]);
  const Type *tt = at ? storedTile(p[2], at, add) : nullptr;
  if (!tt)
    return nullptr;
  if (!indexedAxis(p[4], at) || !indexTile(p[1], tt->fixedShape[e->axis]))
    return nullptr;
  SmallVector<Expr *, 4> out{p[2], p[0], p[1]};
  if (!offsets(p[3], at->ndim, out))
    return nullptr;
  args.assign(out.begin(), out.end());
  return add ? tt : types.voidTy();
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
  if (e->laneIndices) { // the block's lane indices (SemaTileQueries.cpp)
    args.clear();
    return types.tile(types.i32(), {-1});
  }
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
  for (size_t i = 3; i < 5; ++i) {
    if (!p[i])
      continue;
    std::optional<Sema::ConstValue> v = s.check(p[i]) ? s.evalConst(p[i]) : std::nullopt;
    if (!v || !(v->kind == Sema::ConstValue::Int || v->kind == Sema::ConstValue::Float))
      return fail(p[i]->loc, name + "() " + (i == 3 ? "alpha" : "beta") +
                                 " must be a compile-time number in kdsl");
    double x = v->kind == Sema::ConstValue::Int ? (double)v->i : v->f;
    (i == 3 ? e->alpha : e->beta) = x;
  }
  if (p[4] && !p[2])
    return fail(p[4]->loc, name + "() beta= needs the output argument out");
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
  // Warp 1.16's tile_matmul: the accumulator (out, or the result of the
  // returning form, of a's dtype) is float16, float32 or float64; bfloat16
  // operands only in a kernel without a backward pass.
  const Type *bf16 = types.scalar(Scalar::BF16);
  if ((c ? c->dtype : a->dtype) == bf16)
    return fail(c ? p[2]->loc : e->loc,
                name + "() does not support a bfloat16 'out' tile: the accumulator is float16, "
                       "float32 or float64, as in Warp");
  if ((a->dtype == bf16 || b->dtype == bf16) && (!s.fn || s.fn->enableBackward))
    return fail(a->dtype == bf16 ? p[0]->loc : p[1]->loc,
                name + "() does not support bfloat16 'a' or 'b' tiles when the backward pass is "
                       "enabled (as in Warp: @wp.kernel(enable_backward=False) takes them)");
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
  // Structs: field by field (MLIRGen::structArith), as Warp 1.16.
  if (!(t->dtype->isScalar() || t->dtype->isVecLike() || t->dtype->kind == Type::Struct) ||
      t->dtype->isBool())
    return fail(p[0]->loc,
                name + "() sums numbers, vectors, matrices or structs, not " + t->dtype->str());
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
    // Warp's tile_map(op, a, *args): values that are no tile are passed to
    // every element's call as they are.
    if (i > 1 && s.check(args[i]) && !args[i]->type->isTile()) {
      const Type *vt = s.finalize(args[i]);
      if (vt->kind == Type::Tuple || vt->kind == Type::Void || vt->kind == Type::Shape)
        return fail(args[i]->loc, name + "() cannot take a value of type " + vt->str());
      auto *val = s.mod.make<SubscriptExpr>(args[i]->loc, args[i]);
      val->skind = SubKind::TileElem;
      val->type = vt;
      call->args.push_back(val);
      continue;
    }
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
  if (!(r->isScalar() || r->isVecLike() || r->kind == Type::Struct))
    return fail(args[0]->loc, name +
                                  "() function must return a scalar, vector, matrix or "
                                  "struct, got " +
                                  r->str());
  e->elementCall = call;
  args.erase(args.begin());
  return types.tile(r, first->fixedShape);
}

/// tile_min / tile_max / tile_argmin / tile_argmax(a): a tile of shape (1,)
/// (the index, int32, for the arg forms).
const Type *TileRules::tileMinMax() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a"}, 1, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  if (!t->dtype->isScalar() || t->dtype->isBool())
    return fail(p[0]->loc, name + "() compares numbers, not " + t->dtype->str());
  args.assign({p[0]});
  bool arg = info.id == Builtin::TileArgmin || info.id == Builtin::TileArgmax;
  return types.tile(arg ? types.i32() : t->dtype, {1});
}

/// tile_reduce(op, a, axis=None): `op` (a builtin such as wp.mul, or a
/// @wp.func of two elements) combines the elements; Sema types the call of
/// `op` on two placeholders of the element type (e->elementCall).
const Type *TileRules::tileReduce() {
  SmallVector<Expr *, 6> p;
  if (!bind({"op", "a", "axis"}, 2, p))
    return nullptr;
  const Type *f = s.functionValue(p[0], s.fn->scope, /*useLocals=*/true);
  if (!f || f->grad)
    return fail(p[0]->loc,
                name + "() expects a builtin (wp.add) or a @wp.func as its first argument");
  const Type *t = tileArg(p[1]);
  if (!t)
    return nullptr;
  auto *call = s.mod.make<CallExpr>(e->loc, p[0]);
  for (int k = 0; k < 2; ++k) {
    auto *elem = s.mod.make<SubscriptExpr>(p[1]->loc, p[1]);
    elem->skind = SubKind::TileElem;
    elem->type = t->dtype;
    call->args.push_back(elem);
  }
  const Type *r = s.check(call);
  if (!r)
    return nullptr;
  if (r != t->dtype)
    return fail(p[0]->loc, name + "() operator must return the tile's dtype " + t->dtype->str() +
                               ", got " + r->str());
  e->elementCall = call;
  args.assign({p[1]});
  if (!p[2])
    return types.tile(t->dtype, {1});
  std::optional<Sema::ConstValue> axis = s.check(p[2]) ? s.evalConst(p[2]) : std::nullopt;
  if (!axis || axis->kind != Sema::ConstValue::Int || axis->i < 0 || axis->i >= t->ndim)
    return fail(p[2]->loc, name + "() axis must be a constant from 0 to " + Twine(t->ndim - 1));
  e->axis = axis->i;
  if (t->ndim == 1)
    return types.tile(t->dtype, {1});
  SmallVector<int64_t, 4> shape(t->fixedShape.begin(), t->fixedShape.end());
  shape.erase(shape.begin() + axis->i);
  return types.tile(t->dtype, shape);
}

/// tile_view(t, offset, shape=None): with `shape`, the trailing len(shape)
/// dimensions from `offset` with those extents (the leading ones collapsed
/// at their offsets); without it, the first len(offset) dimensions collapsed
/// and the rest whole. The view is a copy (kdsl tiles are values): locals
/// bound to it cannot be written (Sema::refuseTileViewWrite).
const Type *TileRules::tileView() {
  SmallVector<Expr *, 6> p;
  if (!bind({"t", "offset", "shape"}, 2, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  SmallVector<Expr *, 4> offs = shapeExtents(p[1]);
  if (offs.size() > t->ndim)
    return fail(p[1]->loc,
                name + "() offset has " + Twine(offs.size()) + " entries for " + t->str());
  auto sliceCall = [](Expr *o) {
    auto *c = llvm::dyn_cast<CallExpr>(o);
    return c && llvm::isa<NameExpr>(c->callee) && llvm::cast<NameExpr>(c->callee)->name == "slice"
               ? c
               : nullptr;
  };
  // slice(start, stop, step) offsets (Warp's explicit form of t[a:b:c]):
  // the subscript view, each slice() a slice and each integer an index.
  if (llvm::any_of(offs, sliceCall)) {
    if (p[2])
      return fail(p[2]->loc, name + "() takes no shape= with slice() offsets");
    auto *view = s.mod.make<SubscriptExpr>(e->loc, p[0]);
    for (Expr *o : offs) {
      CallExpr *c = sliceCall(o);
      if (!c) {
        view->indices.push_back(o);
        continue;
      }
      if (c->args.empty() || c->args.size() > 3 || !c->kwargs.empty())
        return fail(o->loc, "slice() takes 1 to 3 positional arguments");
      auto arg = [&](size_t i) -> Expr * {
        auto *u = i < c->args.size() ? llvm::dyn_cast<UnsupportedExpr>(c->args[i]) : nullptr;
        return i >= c->args.size() || (u && u->what == "None") ? nullptr : c->args[i];
      };
      auto *sl = s.mod.make<SliceExpr>(o->loc);
      if (c->args.size() == 1) {
        sl->upper = arg(0);
      } else {
        sl->lower = arg(0);
        sl->upper = arg(1);
        sl->step = arg(2);
      }
      view->indices.push_back(sl);
    }
    const Type *r = s.checkTileView(view, t);
    if (!r)
      return nullptr;
    view->type = r;
    e->view = view;
    args.clear();
    return r;
  }
  for (Expr *o : offs)
    if (!index(o, "offsets"))
      return nullptr;
  std::optional<SmallVector<int64_t, 2>> extents;
  size_t keepFrom = offs.size();
  if (p[2]) {
    extents = shapeOf(p[2]);
    if (!extents)
      return nullptr;
    if (extents->size() > t->ndim)
      return fail(p[2]->loc, name + "() shape has more extents than " + t->str());
    keepFrom = t->ndim - extents->size();
  } else if (keepFrom == t->ndim) {
    return fail(p[1]->loc, name + "() without shape= takes fewer offsets than the tile's rank " +
                               Twine((unsigned)t->ndim) + " (t[i, j] reads one element)");
  }
  auto *view = s.mod.make<SubscriptExpr>(e->loc, p[0]);
  const Type *r =
      s.fillTileView(view, t, offs, keepFrom, extents ? &*extents : nullptr, name + "() view");
  if (!r)
    return nullptr;
  view->type = r;
  e->view = view;
  args.clear();
  return r;
}

/// tile_assign(dst, src, offset=None): `dst` (a local) with the sub-tile at
/// `offset` (one per dimension) replaced by `src`, of `dst`'s rank and dtype.
const Type *TileRules::tileAssign() {
  SmallVector<Expr *, 6> p;
  if (!bind({"dst", "src", "offset"}, 2, p))
    return nullptr;
  const Type *dt = tileArg(p[0]);
  const Type *st = dt ? tileArg(p[1]) : nullptr;
  if (!st)
    return nullptr;
  if (st->dtype != dt->dtype)
    return fail(p[1]->loc,
                name + "() src dtype " + st->dtype->str() + " is not dst's " + dt->dtype->str());
  if (st->ndim != dt->ndim)
    return fail(p[1]->loc,
                name + "() src " + st->str() + " must have the rank of dst " + dt->str());
  SmallVector<Expr *, 4> offs;
  if (!offsets(p[2], dt->ndim, offs) || !inPlaceTarget(p[0], "dst"))
    return nullptr;
  auto *view = s.mod.make<SubscriptExpr>(p[1]->loc, p[0]);
  SmallVector<int64_t, 2> ext(st->fixedShape.begin(), st->fixedShape.end());
  if (!s.fillTileView(view, dt, offs, 0, &ext, name + "() src " + st->str()))
    return nullptr;
  view->type = st;
  e->view = view;
  e->firstOutputs = 1;
  args.assign({p[0], p[1]});
  return types.voidTy();
}

/// tile_reshape(t, shape) and tile_squeeze(t, axis=None): the elements in
/// row-major order.
const Type *TileRules::tileReshape() {
  SmallVector<Expr *, 6> p;
  bool squeeze = info.id == Builtin::TileSqueeze;
  if (!bind(squeeze ? llvm::ArrayRef<StringRef>{"t", "axis"}
                    : llvm::ArrayRef<StringRef>{"t", "shape"},
            squeeze ? 1 : 2, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  SmallVector<int64_t, 2> shape;
  if (!squeeze) {
    std::optional<SmallVector<int64_t, 2>> sh = shapeOf(p[1], /*inferOne=*/true);
    if (!sh)
      return nullptr;
    shape = *sh;
    int64_t n = 1, m = 1;
    for (int64_t x : shape)
      n *= x == -1 ? 1 : x;
    for (int64_t x : t->fixedShape)
      m *= x;
    // A -1 extent is what the others leave (numpy's rule), when they divide.
    if (int64_t *rest = llvm::find(shape, -1); rest != shape.end() && m % n == 0) {
      *rest = m / n;
      n = m;
    }
    if (llvm::is_contained(shape, -1))
      return fail(p[1]->loc, name + "() cannot reshape " + t->str() + " (" + Twine(m) +
                                 " elements) with -1: the other extents multiply to " + Twine(n) +
                                 ", which does not divide it");
    if (n != m)
      return fail(p[1]->loc, name + "() cannot reshape " + t->str() + " (" + Twine(m) +
                                 " elements) to " + types.tile(t->dtype, shape)->str());
  } else {
    SmallVector<bool, 4> drop(t->ndim, false);
    if (!p[1]) {
      for (unsigned d = 0; d < t->ndim; ++d)
        drop[d] = t->fixedShape[d] == 1;
    } else {
      for (Expr *a : shapeExtents(p[1])) {
        std::optional<Sema::ConstValue> v = s.check(a) ? s.evalConst(a) : std::nullopt;
        if (!v || v->kind != Sema::ConstValue::Int || v->i < -(int64_t)t->ndim || v->i >= t->ndim)
          return fail(a->loc, name + "() axis must be constants from " + Twine(-(int)t->ndim) +
                                  " to " + Twine(t->ndim - 1));
        int64_t d = v->i < 0 ? v->i + t->ndim : v->i;
        if (t->fixedShape[d] != 1)
          return fail(a->loc, name + "() cannot squeeze dimension " + Twine(d) + " of " + t->str() +
                                  ": its extent is not 1");
        drop[d] = true;
      }
    }
    for (unsigned d = 0; d < t->ndim; ++d)
      if (!drop[d])
        shape.push_back(t->fixedShape[d]);
    if (shape.empty())
      shape.push_back(1); // kdsl tiles have rank >= 1
  }
  args.assign({p[0]});
  return types.tile(t->dtype, shape);
}

/// tile_astype(t, dtype): each element converted as wp.<dtype>(x).
const Type *TileRules::tileAstype() {
  SmallVector<Expr *, 6> p;
  if (!bind({"t", "dtype"}, 2, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  const Type *d = t ? dtypeOf(p[1], nullptr) : nullptr;
  if (!d)
    return nullptr;
  if (!t->dtype->isScalar() || !d->isScalar())
    return fail(p[1]->loc, name + "() converts scalar tiles to scalar dtypes, got " + t->str() +
                               " to " + d->str());
  args.assign({p[0]});
  return types.tile(d, t->fixedShape);
}

/// tile_cholesky(A, fill_mode="lower") and tile_cholesky_inplace(A,
/// fill_mode) (A, a local, becomes the factor).
const Type *TileRules::tileCholesky() {
  SmallVector<Expr *, 6> p;
  if (!bind({"A", "fill_mode"}, 1, p))
    return nullptr;
  const Type *t = squareFloat(p[0], "A");
  if (!t || !fillMode(p[1]))
    return nullptr;
  args.assign({p[0]});
  if (info.id != Builtin::TileCholeskyInplace)
    return t;
  if (!inPlaceTarget(p[0], "A"))
    return nullptr;
  e->firstOutputs = 1;
  return types.voidTy();
}

/// tile_lower_solve(L, y), tile_upper_solve(U, z), tile_cholesky_solve(L,
/// y, fill_mode) and their _inplace forms (y, a local, becomes x): y has M
/// or M x N elements of L's dtype.
const Type *TileRules::tileSolve() {
  Builtin id = (Builtin)info.id;
  bool chol = id == Builtin::TileCholeskySolve || id == Builtin::TileCholeskySolveInplace;
  bool upper = id == Builtin::TileUpperSolve || id == Builtin::TileUpperSolveInplace;
  bool inplace = id == Builtin::TileLowerSolveInplace || id == Builtin::TileUpperSolveInplace ||
                 id == Builtin::TileCholeskySolveInplace;
  SmallVector<Expr *, 6> p;
  llvm::SmallVector<StringRef, 3> params{upper ? "U" : "L", upper ? "z" : "y"};
  if (chol)
    params.push_back("fill_mode");
  if (!bind(params, 2, p))
    return nullptr;
  const Type *l = squareFloat(p[0], params[0]);
  const Type *y = l ? tileArg(p[1]) : nullptr;
  if (!y || (chol && !fillMode(p[2])))
    return nullptr;
  if (y->ndim > 2 || y->fixedShape[0] != l->fixedShape[0])
    return fail(p[1]->loc, name + "() " + params[1] + " must be a 1-d or 2-d tile of " +
                               Twine(l->fixedShape[0]) + " rows, got " + y->str());
  if (y->dtype != l->dtype)
    return fail(p[1]->loc, name + "() " + params[1] + " dtype " + y->dtype->str() + " is not " +
                               params[0] + "'s " + l->dtype->str());
  e->upperFill = chol ? e->upperFill : upper;
  args.assign({p[0], p[1]});
  if (!inplace)
    return y;
  if (!inPlaceTarget(p[1], params[1]))
    return nullptr;
  e->outputArgsFrom = 1;
  return types.voidTy();
}

/// tile_diag_add(a, d): a + diag(d).
const Type *TileRules::tileDiagAdd() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "d"}, 2, p))
    return nullptr;
  const Type *a = tileArg(p[0]);
  const Type *d = a ? tileArg(p[1]) : nullptr;
  if (!d)
    return nullptr;
  if (a->ndim != 2 || a->fixedShape[0] != a->fixedShape[1])
    return fail(p[0]->loc, name + "() a must be a square 2-d tile, got " + a->str());
  if (!(a->dtype->isScalar() || a->dtype->isVecLike()) || a->dtype->isBool())
    return fail(p[0]->loc, name + "() adds numbers, vectors or matrices, not " + a->dtype->str());
  if (d->ndim != 1 || d->fixedShape[0] != a->fixedShape[0] || d->dtype != a->dtype)
    return fail(p[1]->loc, name + "() d must be a 1-d tile of " + Twine(a->fixedShape[0]) + " " +
                               a->dtype->str() + ", got " + d->str());
  args.assign({p[0], p[1]});
  return a;
}

/// tile_fft(inout) / tile_ifft(inout): in place on a local tile of rank 2
/// or more of vec2f / vec2d complex numbers.
const Type *TileRules::tileFft() {
  SmallVector<Expr *, 6> p;
  if (!bind({"inout"}, 1, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  const Type *d = t->dtype;
  if (!(d->kind == Type::Vec && d->rows == 2 &&
        (d->scalar == Scalar::F32 || d->scalar == Scalar::F64)))
    return fail(p[0]->loc,
                name + "() takes a tile of complex numbers (vec2f or vec2d), got " + t->str());
  if (t->ndim < 2)
    return fail(p[0]->loc,
                name + "() takes a tile of rank 2 or more (batches of rows), got " + t->str());
  if (!inPlaceTarget(p[0], "inout"))
    return nullptr;
  args.assign({p[0]});
  e->firstOutputs = 1;
  return types.voidTy();
}

/// wp.tile(x, preserve_type=False): a tile of every lane's x; its last
/// extent is the block dimension (-1 in kdsl's tile types, `?` in MLIR).
const Type *TileRules::tileFromLanes() {
  SmallVector<Expr *, 6> p;
  if (!bind({"x", "preserve_type"}, 1, p))
    return nullptr;
  if (!s.check(p[0]))
    return nullptr;
  const Type *x = s.finalize(p[0]);
  bool preserve = false;
  if (p[1]) {
    std::optional<Sema::ConstValue> v = s.check(p[1]) ? s.evalConst(p[1]) : std::nullopt;
    if (!v || v->kind != Sema::ConstValue::Bool)
      return fail(p[1]->loc, name + "() preserve_type must be True or False");
    preserve = v->b;
  }
  args.assign({p[0]});
  if (x->isScalar())
    return types.tile(x, {-1});
  if (preserve && (x->isVecLike() || x->kind == Type::Struct))
    return types.tile(x, {-1});
  if (x->kind == Type::Vec)
    return types.tile(types.scalar(x->scalar), {(int64_t)x->rows, -1});
  if (x->kind == Type::Mat)
    return types.tile(types.scalar(x->scalar), {(int64_t)x->rows, (int64_t)x->cols, -1});
  return fail(p[0]->loc, name +
                             "() takes a scalar, vector or matrix (others with "
                             "preserve_type=True), got " +
                             x->str());
}

/// wp.untile(a): lane k's entries at index k of the last dimension, which
/// must be the block dimension (a tile of wp.tile(x)).
const Type *TileRules::untile() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a"}, 1, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  llvm::ArrayRef<int64_t> sh = t->fixedShape;
  args.assign({p[0]});
  if (sh.back() != -1)
    return fail(p[0]->loc, name +
                               "() takes a tile whose last extent is the block dimension (of "
                               "wp.tile(x)), got " +
                               t->str());
  if (sh.size() == 1)
    return t->dtype;
  if (t->dtype->isScalar() && !t->dtype->isBool() && sh.size() == 2 && sh[0] <= 255)
    return types.vec(sh[0], t->dtype->scalar);
  if (t->dtype->isScalar() && !t->dtype->isBool() && sh.size() == 3 && sh[0] <= 255 && sh[1] <= 255)
    return types.mat(sh[0], sh[1], t->dtype->scalar);
  return fail(p[0]->loc, name + "() cannot give each lane a value of " + t->str());
}

/// tile_scan_inclusive / exclusive / max_inclusive / min_inclusive(a).
const Type *TileRules::tileScan() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a"}, 1, p))
    return nullptr;
  const Type *t = tileArg(p[0]);
  if (!t)
    return nullptr;
  if (!t->dtype->isScalar() || t->dtype->isBool())
    return fail(p[0]->loc, name + "() scans numbers, not " + t->dtype->str());
  args.assign({p[0]});
  return t;
}

/// tile_sort(keys, values): both 1-d of one length, sorted in place.
const Type *TileRules::tileSort() {
  SmallVector<Expr *, 6> p;
  if (!bind({"keys", "values"}, 2, p))
    return nullptr;
  const Type *k = tileArg(p[0]);
  const Type *v = k ? tileArg(p[1]) : nullptr;
  if (!v)
    return nullptr;
  if (k->ndim != 1 || v->ndim != 1 || k->fixedShape != v->fixedShape)
    return fail(p[1]->loc,
                name + "() takes 1-d tiles of one length, got " + k->str() + " and " + v->str());
  if (!k->dtype->isScalar() || k->dtype->isBool())
    return fail(p[0]->loc, name + "() keys must be integers or floats, got " + k->dtype->str());
  if (!inPlaceTarget(p[0], "keys") || !inPlaceTarget(p[1], "values"))
    return nullptr;
  args.assign({p[0], p[1]});
  e->firstOutputs = 2;
  return types.voidTy();
}

/// tile_from_thread(shape, value, thread_idx, storage=): a tile of lane
/// thread_idx's value.
const Type *TileRules::tileFromThread() {
  SmallVector<Expr *, 6> p;
  if (!bind({"shape", "value", "thread_idx", "storage"}, 3, p))
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = shapeOf(p[0]);
  if (!shape || !s.check(p[1]) || !index(p[2], "thread_idx") || !storage(p[3]))
    return nullptr;
  const Type *v = s.finalize(p[1]);
  if (!(v->isScalar() || v->isVecLike() || v->kind == Type::Struct))
    return fail(p[1]->loc,
                name + "() value must be a scalar, vector, matrix or struct, got " + v->str());
  args.assign({p[1], p[2]});
  return types.tile(v, *shape);
}

/// tile_dot(a, b): the sum of the products of two float tiles of one shape
/// and dtype, a tile of shape (1,).
const Type *TileRules::tileDot() {
  SmallVector<Expr *, 6> p;
  if (!bind({"a", "b"}, 2, p))
    return nullptr;
  const Type *a = tileArg(p[0]);
  const Type *b = a ? tileArg(p[1]) : nullptr;
  if (!b)
    return nullptr;
  if (a != b)
    return fail(p[1]->loc, name + "() takes tiles of one shape and dtype, got " + a->str() +
                               " and " + b->str());
  if (!a->dtype->isScalar() || a->dtype->isBool())
    return fail(p[0]->loc, name + "() multiplies numbers, not " + a->dtype->str());
  args.assign({p[0], p[1]});
  return types.tile(a->dtype, {1});
}

/// tile_axpy(alpha, src, dest): dest += alpha * src, in place.
const Type *TileRules::tileAxpy() {
  SmallVector<Expr *, 6> p;
  if (!bind({"alpha", "src", "dest"}, 3, p))
    return nullptr;
  const Type *src = tileArg(p[1]);
  const Type *dst = src ? tileArg(p[2]) : nullptr;
  if (!dst)
    return nullptr;
  if (src != dst)
    return fail(p[2]->loc, name + "() src and dest must have one shape and dtype, got " +
                               src->str() + " and " + dst->str());
  if (!(dst->dtype->isScalar() || dst->dtype->isVecLike()) || dst->dtype->isBool())
    return fail(p[2]->loc, name + "() adds numbers, vectors or matrices, not " + dst->dtype->str());
  if (!s.check(p[0]) || !s.coerce(p[0], types.scalar(dst->dtype->scalar), name + "() alpha"))
    return nullptr;
  if (!inPlaceTarget(p[2], "dest"))
    return nullptr;
  args.assign({p[0], p[1], p[2]});
  e->outputArgsFrom = 2;
  return types.voidTy();
}

/// tile_stack(capacity, dtype): capacity a positive compile-time integer.
const Type *TileRules::tileStack() {
  SmallVector<Expr *, 6> p;
  if (!bind({"capacity", "dtype"}, 2, p))
    return nullptr;
  std::optional<Sema::ConstValue> cap = s.check(p[0]) ? s.evalConst(p[0]) : std::nullopt;
  if (!cap || cap->kind != Sema::ConstValue::Int || cap->i <= 0)
    return fail(p[0]->loc, name + "() capacity must be a positive compile-time integer");
  const Type *d = dtypeOf(p[1], nullptr);
  if (!d)
    return nullptr;
  args.clear();
  return types.tileStack(d, cap->i);
}

/// tile_stack_push(s, value, has_value) -> int32 slot, tile_stack_pop(s) ->
/// (value, slot), tile_stack_count(s) -> int32, tile_stack_clear(s).
const Type *TileRules::tileStackOp() {
  Builtin id = (Builtin)info.id;
  SmallVector<Expr *, 6> p;
  if (!bind(id == Builtin::TileStackPush ? llvm::ArrayRef<StringRef>{"s", "value", "has_value"}
                                         : llvm::ArrayRef<StringRef>{"s"},
            id == Builtin::TileStackPush ? 3 : 1, p))
    return nullptr;
  if (!s.check(p[0]))
    return nullptr;
  const Type *st = p[0]->type;
  if (st->kind != Type::TileStack)
    return argError(p[0], "a wp.tile_stack");
  args.assign({p[0]});
  switch (id) {
  case Builtin::TileStackPush:
    if (!s.check(p[1]) || !s.coerce(p[1], st->dtype, name + "() value") || !s.check(p[2]) ||
        !s.coerce(p[2], types.boolTy(), name + "() has_value"))
      return nullptr;
    args.assign({p[0], p[1], p[2]});
    return types.i32();
  case Builtin::TileStackPop:
    return types.tuple({st->dtype, types.i32()});
  case Builtin::TileStackCount:
    return types.i32();
  default:
    return types.voidTy();
  }
}

/// tile_scatter_add(a, i[, j, k], value, has_value, atomic=True) and
/// tile_scatter_masked(a, i[, j, k], value, has_value): every lane with
/// has_value adds (writes) its value at its index of `a`, a local updated
/// in place; one index per dimension of `a`. boundArgs become the tile, the
/// indices, the value and has_value. `atomic` is a hint (kdsl's lanes
/// combine their adds either way).
const Type *TileRules::tileScatter() {
  bool add = info.id == Builtin::TileScatterAdd;
  Expr *a = !args.empty() ? args[0] : nullptr;
  for (Keyword &k : e->kwargs)
    if (k.name == "a")
      a = k.value;
  if (!a)
    return fail(e->loc, name + "() missing argument 'a'");
  const Type *t = tileArg(a);
  if (!t)
    return nullptr;
  SmallVector<StringRef, 8> names{"a", "i", "j", "k", "l"};
  names.resize(1 + t->ndim);
  names.append({"value", "has_value"});
  if (add)
    names.push_back("atomic");
  SmallVector<Expr *, 6> p;
  if (!bind(names, 3 + t->ndim, p))
    return nullptr;
  if (!inPlaceTarget(p[0], "a"))
    return nullptr;
  for (unsigned d = 0; d < t->ndim; ++d)
    if (!index(p[1 + d], "index"))
      return nullptr;
  Expr *value = p[1 + t->ndim], *has = p[2 + t->ndim];
  if (add && (t->dtype->isBool() || t->dtype->scalar == Scalar::Bool))
    return fail(a->loc,
                name + "() adds numbers, vectors, matrices or structs, not " + t->dtype->str());
  if (!s.check(value) || !s.coerce(value, t->dtype, name + "() value") || !s.check(has) ||
      !s.coerce(has, types.boolTy(), name + "() has_value"))
    return nullptr;
  if (add && p[3 + t->ndim]) {
    std::optional<Sema::ConstValue> v =
        s.check(p[3 + t->ndim]) ? s.evalConst(p[3 + t->ndim]) : std::nullopt;
    if (!v || !(v->kind == Sema::ConstValue::Bool || v->kind == Sema::ConstValue::Int))
      return fail(p[3 + t->ndim]->loc, name + "() atomic must be a constant True or False");
    s.finalize(p[3 + t->ndim]);
  }
  args.assign(p.begin(), p.begin() + 3 + t->ndim);
  e->firstOutputs = 1;
  return types.voidTy();
}

/// tile_randi / tile_randf(shape, rng, [min, max,] storage=): an int32
/// (float32) tile of Warp's random numbers from the uint32 state `rng`,
/// left unchanged; boundArgs become rng and, in the range form, min and max.
const Type *TileRules::tileRand() {
  bool ints = info.id == Builtin::TileRandi;
  SmallVector<Expr *, 6> p;
  if (!bind({"shape", "rng", "min", "max", "storage"}, 2, p))
    return nullptr;
  std::optional<SmallVector<int64_t, 2>> shape = shapeOf(p[0]);
  if (!shape || !storage(p[4]))
    return nullptr;
  if (!s.check(p[1]) || !s.coerce(p[1], types.scalar(Scalar::U32), name + "() rng"))
    return nullptr;
  if (!p[2] != !p[3])
    return fail(e->loc, name + "() takes both min and max, or neither"), nullptr;
  const Type *elem = ints ? types.i32() : types.f32();
  args.assign({p[1]});
  for (Expr *bound : {p[2], p[3]}) {
    if (!bound)
      continue;
    if (!s.check(bound) || !s.coerce(bound, elem, name + "() " + (bound == p[2] ? "min" : "max")))
      return nullptr;
    args.push_back(bound);
  }
  return types.tile(elem, *shape);
}

// The records' rule functions (BuiltinRuleFns.h).
#define KDSL_TILE_RULE(fn, call)                                                                   \
  const Type *kdsl::rules::fn(Sema &s, CallExpr *e, const BuiltinInfo &info) {                     \
    return TileRules(s, e, info).call;                                                             \
  }
KDSL_TILE_RULE(tileLoad, tileLoad())
KDSL_TILE_RULE(tileStoreOrAdd, tileStoreOrAdd())
KDSL_TILE_RULE(tileLoadIndexed, tileLoadIndexed())
KDSL_TILE_RULE(tileStoreOrAddIndexed, tileStoreOrAddIndexed())
KDSL_TILE_RULE(tileSplat, tileSplat(0))
KDSL_TILE_RULE(tileFull, tileFull())
KDSL_TILE_RULE(tileArange, tileArange())
KDSL_TILE_RULE(tileMatmul, tileMatmul())
KDSL_TILE_RULE(tileSum, tileSum())
KDSL_TILE_RULE(tileTranspose, tileTranspose())
KDSL_TILE_RULE(tileBroadcast, tileBroadcast())
KDSL_TILE_RULE(tileExtract, tileExtract())
KDSL_TILE_RULE(tileMap, tileMap())
KDSL_TILE_RULE(tileMinMax, tileMinMax())
KDSL_TILE_RULE(tileReduce, tileReduce())
KDSL_TILE_RULE(tileView, tileView())
KDSL_TILE_RULE(tileAssign, tileAssign())
KDSL_TILE_RULE(tileReshape, tileReshape())
KDSL_TILE_RULE(tileAstype, tileAstype())
KDSL_TILE_RULE(tileCholesky, tileCholesky())
KDSL_TILE_RULE(tileSolve, tileSolve())
KDSL_TILE_RULE(tileDiagAdd, tileDiagAdd())
KDSL_TILE_RULE(tileFft, tileFft())
KDSL_TILE_RULE(tileFromLanes, tileFromLanes())
KDSL_TILE_RULE(untile, untile())
KDSL_TILE_RULE(tileScan, tileScan())
KDSL_TILE_RULE(tileSort, tileSort())
KDSL_TILE_RULE(tileFromThread, tileFromThread())
KDSL_TILE_RULE(tileDot, tileDot())
KDSL_TILE_RULE(tileAxpy, tileAxpy())
KDSL_TILE_RULE(tileStack, tileStack())
KDSL_TILE_RULE(tileStackOp, tileStackOp())
KDSL_TILE_RULE(tileScatter, tileScatter())
KDSL_TILE_RULE(tileRand, tileRand())
#undef KDSL_TILE_RULE
