//===- SemaSpatial.cpp - generic vectors/matrices, transforms, spatial ----===//
//
// Types and type rules of Warp's
//  - generic vectors and matrices: wp.types.vector(length=N, dtype=T) and
//    wp.types.matrix(shape=(R, C), dtype=T) as annotations, array dtypes and
//    module-level aliases (`vec5 = wp.types.vector(length=5, dtype=float)`),
//    and the wp.vector(...) / wp.matrix(...) constructors;
//  - transforms (transformf/d/h: p (vec3) then q (quat), Types.h) with their
//    constructors, .p / .q and the transform_* builtins;
//  - spatial vectors and matrices (vec6 and mat66, as in Warp) with the
//    spatial_* builtins.
// The lowerings are in BuiltinLoweringSpatial.cpp.
//
//===----------------------------------------------------------------------===//
#include "BuiltinRuleContext.h"
#include "BuiltinRuleFns.h"
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::StringRef;

const Type *kdsl::lookupSpatialType(StringRef name, TypeContext &types) {
  for (StringRef base : {"transform", "spatial_vector", "spatial_matrix"}) {
    StringRef rest = name;
    if (!rest.consume_front(base))
      continue;
    std::optional<Scalar> s = parseScalarSuffix(rest); // "" is float32
    if (!s || !isFloat(*s))
      return nullptr;
    if (base == "transform")
      return types.transform(*s);
    return base == "spatial_vector" ? types.vec(6, *s) : types.mat(6, 6, *s);
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Annotations and aliases
//===----------------------------------------------------------------------===//

namespace {
/// The keyword `name` of a call, or null.
Expr *keywordArg(CallExpr *c, StringRef name) {
  for (Keyword &k : c->kwargs)
    if (k.name == name)
      return k.value;
  return nullptr;
}
} // namespace

/// A type-valued module-level name: `vec5 = wp.types.vector(...)`,
/// `mat = wp.mat33`, or an alias of another alias.
const Type *Sema::aliasedType(const Symbol *s, unsigned depth) {
  if (!s || s->kind != Symbol::Const || depth > 8)
    return nullptr;
  Expr *v = s->constDef->value;
  Scope *scope = s->constDef->scope;
  if (auto name = warpNameOf(v, scope)) {
    if (const Type *t = lookupWarpType(*name, types))
      return t;
    // `LegacyQuery = wp.HashGridQueryH` (Warp's test_hash_grid.py)
    if (std::optional<const Type *> q = warpQueryType(*name, v->loc))
      return *q;
    return nullptr;
  }
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(v)) {
    const Symbol *target = scope->lookup(n->name);
    if (!target) // `dtype = int`, or a factory called with `float`
      return lookupPythonType(n->name, types);
    return aliasedType(target, depth + 1);
  }
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(v)) {
    auto name = warpNameOf(c->callee, scope);
    if (name && (*name == "vector" || *name == "matrix" || *name == "transformation" ||
                 *name == "quaternion"))
      if (std::optional<const Type *> t = resolveCompositeType(c, scope))
        return *t;
  }
  return nullptr;
}

/// wp.types.vector(length, dtype), wp.types.matrix(shape, dtype),
/// wp.types.transformation(dtype), wp.types.quaternion(dtype) (positional or
/// keywords; dtype float32 by default), and names of such aliases.
std::optional<const Type *> Sema::resolveCompositeType(Expr *ann, Scope *scope) {
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(ann)) {
    const Symbol *s = scope->lookup(n->name);
    if (const Type *t = aliasedType(s))
      return t;
    // An alias of a composite type that failed: reported there, once.
    auto *v = s && s->kind == Symbol::Const ? llvm::dyn_cast_or_null<CallExpr>(s->constDef->value)
                                            : nullptr;
    std::optional<StringRef> vname = v ? warpNameOf(v->callee, s->constDef->scope) : std::nullopt;
    if (vname && (*vname == "vector" || *vname == "matrix"))
      return nullptr;
  }
  auto *c = llvm::dyn_cast_or_null<CallExpr>(ann);
  std::optional<StringRef> name = c ? warpNameOf(c->callee, scope) : std::nullopt;
  if (!name || !(*name == "vector" || *name == "matrix" || *name == "transformation" ||
                 *name == "quaternion"))
    return std::nullopt;
  // Positional: vector(length, dtype), matrix(shape, dtype), transformation(dtype).
  bool hasExtent = *name == "vector" || *name == "matrix";
  Expr *extent = keywordArg(c, *name == "vector" ? "length" : "shape");
  Expr *dtypeExpr = keywordArg(c, "dtype");
  size_t pos = 0;
  if (hasExtent && !extent && pos < c->args.size())
    extent = c->args[pos++];
  if (!dtypeExpr && pos < c->args.size())
    dtypeExpr = c->args[pos++];
  // Warp's generic vector(Any, float) / matrix((Any, Any), float) /
  // vector(3, dtype=Any) parameter types: kdsl's generics are typing.Any
  // parameters only.
  auto genericPart = [&]() -> std::pair<Expr *, const char *> {
    if (dtypeExpr && isAnyAnnotation(dtypeExpr, scope))
      return {dtypeExpr, "dtype"};
    if (extent && isAnyAnnotation(extent, scope))
      return {extent, *name == "vector" ? "length" : "shape"};
    if (auto *t = llvm::dyn_cast_or_null<TupleExpr>(extent))
      for (Expr *x : t->elts)
        if (isAnyAnnotation(x, scope))
          return {x, "shape"};
    return {nullptr, nullptr};
  };
  if (auto [part, what] = genericPart(); part) {
    bool isDtype = StringRef(what) == "dtype";
    error(part->loc, "wp.types." + *name + "() with a generic " + what +
                         " (Any) is not supported: give a " +
                         (isDtype             ? "concrete dtype such as float32"
                          : *name == "vector" ? "constant length such as 3"
                                              : "constant shape such as (3, 3)") +
                         ", or annotate the parameter typing.Any");
    return nullptr;
  }
  Scalar s = Scalar::F32;
  if (dtypeExpr) {
    const Type *d = resolveType(dtypeExpr, scope);
    if (!d)
      return nullptr;
    if (!d->isScalar()) {
      error(dtypeExpr->loc,
            "the dtype of wp.types." + *name + "() must be a scalar type, got " + d->str());
      return nullptr;
    }
    s = d->scalar;
  }
  if ((*name == "transformation" || *name == "quaternion") && !isFloat(s)) {
    error(ann->loc, "wp.types." + *name + "() needs a float dtype (float16, float32 or float64)");
    return nullptr;
  }
  if (*name == "transformation")
    return types.transform(s);
  if (*name == "quaternion")
    return types.quat(s);
  if (!extent) {
    error(ann->loc,
          "wp.types." + *name + "() needs " + (*name == "vector" ? "a length" : "a shape"));
    return nullptr;
  }
  auto extentOf = [&](Expr *e, const char *what) -> std::optional<unsigned> {
    // The extent's names are the annotation's (a host loop's variable in a
    // wp.overload call, a factory's parameter).
    Scope *savedScope = constScope;
    constScope = scope;
    std::optional<ConstValue> v = evalConst(e);
    constScope = savedScope;
    if (!v || v->kind != ConstValue::Int || v->i < 1 || v->i > 255) {
      error(e->loc, llvm::Twine(what) + " must be an integer constant from 1 to 255");
      return std::nullopt;
    }
    return (unsigned)v->i;
  };
  if (*name == "vector") {
    auto n = extentOf(extent, "a vector length");
    return n ? types.vec(*n, s) : nullptr;
  }
  auto *shape = llvm::dyn_cast<TupleExpr>(extent);
  if (!shape || shape->elts.size() != 2) {
    error(extent->loc, "a matrix shape is a tuple of two integer constants, e.g. (2, 3)");
    return nullptr;
  }
  auto r = extentOf(shape->elts[0], "a matrix extent");
  auto k = extentOf(shape->elts[1], "a matrix extent");
  if (!r || !k)
    return nullptr;
  return types.mat(*r, *k, s);
}

//===----------------------------------------------------------------------===//
// Builtin rules
//===----------------------------------------------------------------------===//

namespace kdsl {
/// One call of a generic vector/matrix, transform or spatial builtin being
/// checked: the pieces its record's rule function (rules:: below) is made of.
class SpatialRules : public BuiltinRuleContext {
public:
  SpatialRules(Sema &s, CallExpr *e, Builtin b) : BuiltinRuleContext(s, e, builtinName(b)), b(b) {}

  /// A type alias called as a constructor (Sema::checkAliasCtor).
  const Type *checkAlias(const Type *t);
  /// A dtype= keyword that is not a type was reported (dtypeKeyword).
  bool dtypeFailed = false;

  Builtin b;

  const Type *countError(const llvm::Twine &counts) {
    return fail(e->loc,
                name + "() takes " + counts + " arguments, got " + llvm::Twine(args.size()));
  }
  /// Checks every argument; unlike BuiltinRuleContext::checkArgs, leaves the
  /// message for a value of the wrong kind to each rule.
  bool checkArgs() {
    for (Expr *a : args)
      if (!s.check(a))
        return false;
    return true;
  }
  bool coerceAll(const Type *t) {
    for (Expr *a : args)
      if (!s.coerce(a, t, name + "() argument"))
        return false;
    return true;
  }
  std::optional<Scalar> dtypeKeyword();
  std::optional<Scalar> inferScalar(std::optional<Scalar> dtype, bool floatOnly);
  bool bindParts(StringRef first, StringRef second);

  const Type *vectorCtor(const Type *fixed);
  const Type *matrixCtor(std::optional<Scalar> fixedScalar, const Type *fixed);
  const Type *spatialMatrixCtor(std::optional<Scalar> fixedScalar);
  const Type *transformCtor(std::optional<Scalar> fixed);
  const Type *spatialVectorCtor(std::optional<Scalar> fixed);
  const Type *transformIdentity();
  const Type *transformOp(bool pointLike, llvm::function_ref<const Type *(const Type *)> result);
  const Type *transformTwistOrWrench();
  const Type *transformToMatrix();
  const Type *transformCompose();
  const Type *spatialOp(llvm::function_ref<const Type *(const Type *)> result);
  const Type *spatialAdjoint();
  /// The record's arity and every argument checked.
  bool fixedArity();
  /// `result` once the second argument is coerced to `want`.
  const Type *secondArg(const Type *want, const Type *result, const char *what) {
    return s.coerce(args[1], want, name + what) ? result : nullptr;
  }
  std::optional<std::pair<unsigned, unsigned>> shapeKeyword();
};
} // namespace kdsl

/// dtype=T: the scalar T (nullopt without the keyword; an error sets failed).
std::optional<Scalar> SpatialRules::dtypeKeyword() {
  Expr *d = keywordArg(e, "dtype");
  if (!d)
    return std::nullopt;
  if (s.isAnyAnnotation(d, s.fn->scope)) {
    s.error(d->loc, name + "() needs a concrete dtype such as float32, not Any");
    dtypeFailed = true;
    return std::nullopt;
  }
  const Type *t = s.resolveType(d, s.fn->scope);
  if (t && !t->isScalar())
    s.error(d->loc, name + "() dtype must be a scalar type, got " + t->str());
  dtypeFailed |= !t || !t->isScalar();
  return t && t->isScalar() ? std::optional<Scalar>(t->scalar) : std::nullopt;
}

/// The element type of a constructor: `dtype`, else the arguments' common
/// scalar type (literals only: float32, or int32 for integer vectors).
std::optional<Scalar> SpatialRules::inferScalar(std::optional<Scalar> dtype, bool floatOnly) {
  std::optional<Scalar> found = dtype;
  bool anyFloatLit = false;
  for (Expr *a : args) {
    const Type *t = a->type;
    if (t->kind == Type::FloatLit)
      anyFloatLit = true;
    if (!found && !t->isLiteral())
      found = t->scalar;
  }
  if (!found)
    found = anyFloatLit || floatOnly ? Scalar::F32 : Scalar::I32;
  if (floatOnly && !isFloat(*found)) {
    s.error(e->loc, name + "() builds float values: expected float arguments or a float dtype");
    return std::nullopt;
  }
  return found;
}

/// Keyword parts (p=, q= / w=, v=) appended to the positional arguments.
bool SpatialRules::bindParts(StringRef first, StringRef second) {
  Expr *p = keywordArg(e, first), *q = keywordArg(e, second);
  if (!p && !q)
    return true;
  if (p) {
    if (!args.empty())
      return s.error(p->loc, "argument '" + first + "' given twice");
    args.push_back(p);
  }
  if (q) {
    if (args.size() != 1)
      return s.error(q->loc, name + "() takes '" + second + "' after '" + first + "'");
    args.push_back(q);
  }
  return true;
}

std::optional<std::pair<unsigned, unsigned>> SpatialRules::shapeKeyword() {
  Expr *shape = keywordArg(e, "shape");
  if (!shape)
    return std::nullopt;
  auto *tup = llvm::dyn_cast<TupleExpr>(shape);
  std::optional<Sema::ConstValue> r, c;
  if (tup && tup->elts.size() == 2) {
    r = s.evalConst(tup->elts[0]);
    c = s.evalConst(tup->elts[1]);
  }
  auto ok = [](std::optional<Sema::ConstValue> v) {
    return v && v->kind == Sema::ConstValue::Int && v->i >= 1 && v->i <= 255;
  };
  if (!ok(r) || !ok(c)) {
    s.error(shape->loc,
            "a matrix shape is a tuple of two integer constants from 1 to 255, e.g. (2, 3)");
    return std::pair<unsigned, unsigned>(0, 0);
  }
  return std::pair<unsigned, unsigned>(r->i, c->i);
}

/// wp.vector(*args, length=, dtype=): zero, copy, fill or element-wise;
/// `fixed`: the vector type an alias constructs.
const Type *SpatialRules::vectorCtor(const Type *fixed) {
  std::optional<Scalar> dtype = dtypeKeyword();
  std::optional<unsigned> length;
  if (Expr *l = keywordArg(e, "length")) {
    std::optional<Sema::ConstValue> v = s.evalConst(l);
    if (!v || v->kind != Sema::ConstValue::Int || v->i < 1 || v->i > 255)
      return fail(l->loc, "wp.vector() length must be an integer constant from 1 to 255");
    length = v->i;
  }
  if (fixed && ((length && *length != fixed->rows) || (dtype && *dtype != fixed->scalar)))
    return fail(e->loc, fixed->str() + "() cannot take another length or dtype");
  if (fixed) {
    length = fixed->rows;
    dtype = fixed->scalar;
  }
  size_t n = args.size();
  if (n == 1 && args[0]->type->kind == Type::Vec) {
    const Type *a = args[0]->type;
    if (length && *length != a->rows)
      return fail(e->loc, "wp.vector() copies a vector of length " +
                              llvm::Twine((unsigned)a->rows) + " into one of length " +
                              llvm::Twine(*length));
    return types.vec(a->rows, dtype.value_or(a->scalar));
  }
  if (n <= 1 && !length)
    return fail(e->loc, n ? "wp.vector() needs a length to fill a vector with a value"
                          : "wp.vector() needs a length to build a zero vector");
  if (n > 1 && length && *length != n)
    return fail(e->loc, "wp.vector() got " + llvm::Twine((unsigned)n) +
                            " values for a vector of length " + llvm::Twine(*length));
  std::optional<Scalar> sc = inferScalar(dtype, false);
  if (!sc || !coerceAll(types.scalar(*sc)))
    return nullptr;
  return types.vec(length.value_or(n), *sc);
}

/// wp.matrix(*args, shape=, dtype=), spatial_matrix[f|d] (`fixedScalar`,
/// `fixed` mat66) and matrix aliases (`fixed`).
const Type *SpatialRules::matrixCtor(std::optional<Scalar> fixedScalar, const Type *fixed) {
  std::optional<Scalar> dtype = fixedScalar ? fixedScalar : dtypeKeyword();
  std::optional<std::pair<unsigned, unsigned>> shape = shapeKeyword();
  if (shape && shape->first == 0)
    return nullptr;
  if (fixed) {
    if (shape && (shape->first != fixed->rows || shape->second != fixed->cols))
      return fail(e->loc, name + "() cannot take another shape");
    if (dtype && *dtype != fixed->scalar)
      return fail(e->loc, name + "() cannot take another dtype");
    shape = std::pair<unsigned, unsigned>(fixed->rows, fixed->cols);
    dtype = fixed->scalar;
  }
  size_t n = args.size();
  if (n == 1 && args[0]->type->kind == Type::Mat) {
    const Type *a = args[0]->type;
    if (shape && (shape->first != a->rows || shape->second != a->cols))
      return fail(e->loc, name + "() copies a " + a->str() + " into a matrix of another shape");
    return types.mat(a->rows, a->cols, dtype.value_or(a->scalar));
  }
  if (!shape)
    return fail(e->loc, "wp.matrix() needs a shape, e.g. shape=(2, 3)");
  bool vectors = n > 1;
  for (Expr *a : args)
    vectors &= a->type->kind == Type::Vec;
  if (vectors)
    return fail(e->loc, "passing vectors to " + name +
                            "() is not supported (Warp rejects it too): use "
                            "wp.matrix_from_rows() or wp.matrix_from_cols()");
  if (n > 1 && n != shape->first * shape->second)
    return countError("0, 1 or " + llvm::Twine(shape->first * shape->second));
  // Warp has integer and bool matrices too (they add, compare and store).
  std::optional<Scalar> sc = inferScalar(dtype, false);
  if (!sc || !coerceAll(types.scalar(*sc)))
    return nullptr;
  return types.mat(shape->first, shape->second, *sc);
}

/// wp.transform / transformation / transformf/d/h: (), (xform), (p), (p, q)
/// or 7 scalars. Warp: a missing q is the identity rotation.
const Type *SpatialRules::transformCtor(std::optional<Scalar> fixed) {
  std::optional<Scalar> dtype = fixed ? fixed : dtypeKeyword();
  if (!bindParts("p", "q") || !checkArgs())
    return nullptr;
  size_t n = args.size();
  if (n == 0)
    return types.transform(dtype.value_or(Scalar::F32));
  const Type *a0 = args[0]->type;
  if (n == 1 && a0->isTransform())
    return types.transform(dtype.value_or(a0->scalar));
  if (n == 7) {
    std::optional<Scalar> sc = inferScalar(dtype, true);
    return sc && coerceAll(types.scalar(*sc)) ? types.transform(*sc) : nullptr;
  }
  if (n > 2)
    return countError("0, 1 (p), 2 (p, q) or 7");
  Scalar sc =
      dtype.value_or(a0->kind == Type::Vec && isFloat(a0->scalar) ? a0->scalar : Scalar::F32);
  if (!s.coerce(args[0], types.vec(3, sc), name + "() translation p"))
    return nullptr;
  if (n == 2 && !s.coerce(args[1], types.quat(sc), name + "() rotation q"))
    return nullptr;
  return types.transform(sc);
}

/// wp.spatial_vector[f|d]: (), (w, v) or 6 scalars.
const Type *SpatialRules::spatialVectorCtor(std::optional<Scalar> fixed) {
  std::optional<Scalar> dtype = fixed ? fixed : dtypeKeyword();
  if (!bindParts("w", "v") || !checkArgs())
    return nullptr;
  size_t n = args.size();
  if (n == 0)
    return types.vec(6, dtype.value_or(Scalar::F32));
  if (n == 6) {
    std::optional<Scalar> sc = inferScalar(dtype, true);
    return sc && coerceAll(types.scalar(*sc)) ? types.vec(6, *sc) : nullptr;
  }
  if (n != 2)
    return countError("0, 2 (w, v) or 6");
  const Type *a0 = args[0]->type;
  Scalar sc =
      dtype.value_or(a0->kind == Type::Vec && isFloat(a0->scalar) ? a0->scalar : Scalar::F32);
  return coerceAll(types.vec(3, sc)) ? types.vec(6, sc) : nullptr;
}

/// spatial_matrix[f|d]: a 6x6 matrix (`fixedScalar`, or the dtype keyword).
const Type *SpatialRules::spatialMatrixCtor(std::optional<Scalar> fixedScalar) {
  std::optional<Scalar> sc = fixedScalar ? fixedScalar : dtypeKeyword();
  return checkArgs() ? matrixCtor(sc, types.mat(6, 6, sc.value_or(Scalar::F32))) : nullptr;
}

/// transform_identity(dtype=) or transform_identity(dtype) (Warp).
const Type *SpatialRules::transformIdentity() {
  std::optional<Scalar> dtype = dtypeKeyword();
  if (!dtype && args.size() == 1) { // transform_identity(wp.float64): dtype by position (Warp)
    const Type *t = s.resolveType(args[0], s.fn->scope);
    if (!t)
      return nullptr;
    if (!t->isScalar())
      return fail(args[0]->loc, name + "() needs a float dtype");
    dtype = t->scalar;
    args.clear();
  }
  if (dtype && !isFloat(*dtype))
    return fail(e->loc, name + "() needs a float dtype");
  return args.empty() ? types.transform(dtype.value_or(Scalar::F32)) : countError("0");
}

bool SpatialRules::fixedArity() {
  const BuiltinInfo &info = builtinInfo(b);
  if (args.size() != info.maxArgs) {
    countError(llvm::Twine(info.maxArgs));
    return false;
  }
  return checkArgs();
}

/// transform_get_*, transform_multiply/point/vector/inverse: a transform (or,
/// `pointLike`, a 4x4 matrix) first; `result` types the call from it.
const Type *SpatialRules::transformOp(bool pointLike,
                                      llvm::function_ref<const Type *(const Type *)> result) {
  if (!fixedArity())
    return nullptr;
  const Type *t = args[0]->type;
  bool mat44 = t->kind == Type::Mat && t->rows == 4 && t->cols == 4;
  if (!t->isTransform() && !(pointLike && mat44))
    return argError(args[0], pointLike ? "a transform or a 4x4 matrix" : "a transform");
  return result(t);
}

/// transform_twist / transform_wrench (transform, spatial vector).
const Type *SpatialRules::transformTwistOrWrench() {
  if (!fixedArity())
    return nullptr;
  const Type *t = args[0]->type;
  if (!t->isTransform())
    return argError(args[0], "a transform");
  return s.coerce(args[1], types.vec(6, t->scalar), name + "() spatial vector")
             ? types.vec(6, t->scalar)
             : nullptr;
}

const Type *SpatialRules::transformToMatrix() {
  if (!fixedArity())
    return nullptr;
  const Type *t = args[0]->type;
  if (!t->isTransform())
    return argError(args[0], "a transform");
  return types.mat(4, 4, t->scalar);
}

/// transform_compose (vec3, quat, vec3).
const Type *SpatialRules::transformCompose() {
  if (!fixedArity())
    return nullptr;
  const Type *t = args[0]->type;
  if (!(t->kind == Type::Vec && t->rows == 3 && !t->isTransform() && isFloat(t->scalar)))
    return argError(args[0], "a float vec3 position");
  if (!s.coerce(args[1], types.quat(t->scalar), name + "() rotation") ||
      !s.coerce(args[2], t, name + "() scale"))
    return nullptr;
  return types.mat(4, 4, t->scalar);
}

/// spatial_dot / cross / cross_dual / top / bottom on float vec6; `result`
/// types the call from the spatial vector's type.
const Type *SpatialRules::spatialOp(llvm::function_ref<const Type *(const Type *)> result) {
  if (!fixedArity())
    return nullptr;
  const Type *t = args[0]->type;
  if (!(t->kind == Type::Vec && t->rows == 6 && !t->isTransform() && isFloat(t->scalar)))
    return argError(args[0], "a spatial vector (a float vector of length 6)");
  if (args.size() == 2 && !s.coerce(args[1], t, name + "() argument b"))
    return nullptr;
  return result(t);
}

/// spatial_adjoint(r, s) of two 3x3 matrices.
const Type *SpatialRules::spatialAdjoint() {
  if (!fixedArity())
    return nullptr;
  const Type *t = args[0]->type;
  if (!(t->kind == Type::Mat && t->rows == 3 && t->cols == 3))
    return argError(args[0], "a 3x3 float matrix");
  return s.coerce(args[1], t, name + "() argument s") ? types.mat(6, 6, t->scalar) : nullptr;
}

/// The records' rule functions (BuiltinRuleFns.h): each builds the call's
/// SpatialRules and runs its rule.
namespace {
const Type *spatialRule(Sema &s, CallExpr *e, const BuiltinInfo &info,
                        llvm::function_ref<const Type *(SpatialRules &)> rule) {
  SpatialRules r(s, e, info.id);
  const Type *t = rule(r);
  return r.dtypeFailed ? nullptr : t;
}
} // namespace

#define KDSL_SPATIAL_RULE(fn, body)                                                                \
  const Type *kdsl::rules::fn(Sema &s, CallExpr *e, const BuiltinInfo &info) {                     \
    return spatialRule(s, e, info, [](SpatialRules &r) -> const Type * { return body; });          \
  }
KDSL_SPATIAL_RULE(vector, r.checkArgs() ? r.vectorCtor(nullptr) : nullptr)
KDSL_SPATIAL_RULE(matrix, r.checkArgs() ? r.matrixCtor(std::nullopt, nullptr) : nullptr)
KDSL_SPATIAL_RULE(spatialMatrix, r.spatialMatrixCtor(std::nullopt))
KDSL_SPATIAL_RULE(spatialMatrixF, r.spatialMatrixCtor(Scalar::F32))
KDSL_SPATIAL_RULE(spatialMatrixD, r.spatialMatrixCtor(Scalar::F64))
KDSL_SPATIAL_RULE(transformation, r.transformCtor(std::nullopt))
// wp.transform is Warp's transformf.
KDSL_SPATIAL_RULE(transformF, r.transformCtor(Scalar::F32))
KDSL_SPATIAL_RULE(transformD, r.transformCtor(Scalar::F64))
KDSL_SPATIAL_RULE(transformH, r.transformCtor(Scalar::F16))
KDSL_SPATIAL_RULE(spatialVector, r.spatialVectorCtor(std::nullopt))
KDSL_SPATIAL_RULE(spatialVectorF, r.spatialVectorCtor(Scalar::F32))
KDSL_SPATIAL_RULE(spatialVectorD, r.spatialVectorCtor(Scalar::F64))
KDSL_SPATIAL_RULE(transformIdentity, r.transformIdentity())
KDSL_SPATIAL_RULE(transformGetTranslation,
                  r.transformOp(false, [&](const Type *t) { return r.types.vec(3, t->scalar); }))
KDSL_SPATIAL_RULE(transformGetRotation,
                  r.transformOp(false, [&](const Type *t) { return r.types.quat(t->scalar); }))
KDSL_SPATIAL_RULE(transformInverse, r.transformOp(false, [](const Type *t) { return t; }))
KDSL_SPATIAL_RULE(transformMultiply, r.transformOp(false, [&](const Type *t) {
  return r.secondArg(t, t, "() argument b");
}))
KDSL_SPATIAL_RULE(transformPointOrVector, r.transformOp(true, [&](const Type *t) {
  const Type *vec3 = r.types.vec(3, t->scalar);
  return r.secondArg(vec3, vec3, "() argument");
}))
KDSL_SPATIAL_RULE(transformTwistOrWrench, r.transformTwistOrWrench())
KDSL_SPATIAL_RULE(transformToMatrix, r.transformToMatrix())
KDSL_SPATIAL_RULE(transformCompose, r.transformCompose())
KDSL_SPATIAL_RULE(spatialDot, r.spatialOp([&](const Type *t) { return r.types.scalar(t->scalar); }))
KDSL_SPATIAL_RULE(spatialCross, r.spatialOp([](const Type *t) { return t; }))
KDSL_SPATIAL_RULE(spatialHalf,
                  r.spatialOp([&](const Type *t) { return r.types.vec(3, t->scalar); }))
KDSL_SPATIAL_RULE(spatialAdjoint, r.spatialAdjoint())
#undef KDSL_SPATIAL_RULE

const Type *SpatialRules::checkAlias(const Type *t) {
  llvm::SmallVector<StringRef, 4> allowed;
  StringRef(builtinInfo(b).keywords).split(allowed, ' ', -1, /*KeepEmpty=*/false);
  for (Keyword &k : e->kwargs)
    if (!llvm::is_contained(allowed, k.name))
      return fail(k.loc, t->str() + "() got an unexpected keyword argument '" + k.name + "'");
  if (t->isTransform())
    return transformCtor(t->scalar);
  if (!checkArgs())
    return nullptr;
  return t->kind == Type::Vec ? vectorCtor(t) : matrixCtor(std::nullopt, t);
}

/// Vector, matrix and transform aliases take Warp's constructor keywords
/// (length=, shape=, dtype=) through the wp.vector / wp.matrix /
/// wp.transformation rules; other aliases are plain type constructors.
const Type *Sema::checkAliasCtor(CallExpr *e, const Type *t) {
  if (t->kind != Type::Vec && t->kind != Type::Mat)
    return checkTypeCtor(e, t);
  Builtin b = t->kind == Type::Mat       ? Builtin::Matrix
              : !t->isTransform()        ? Builtin::Vector
              : t->scalar == Scalar::F64 ? Builtin::TransformD
              : t->scalar == Scalar::F16 ? Builtin::TransformH
                                         : Builtin::TransformF;
  e->ckind = CallKind::Builtin;
  e->builtin = (int)b;
  e->boundArgs.assign(e->args.begin(), e->args.end());
  SpatialRules rules(*this, e, b);
  const Type *r = rules.checkAlias(t);
  return rules.dtypeFailed ? nullptr : r;
}

/// xform.p (vec3) and xform.q (quat); Warp has no x/y/z/w on transforms.
const Type *Sema::checkTransformAttribute(AttributeExpr *e, const Type *bt) {
  if (e->attr != "p" && e->attr != "q") {
    error(e->attrLoc, bt->str() + " has no attribute '" + e->attr + "' (it has p and q)");
    return nullptr;
  }
  e->akind = AttrKind::TransformPart;
  e->index = e->attr == "p" ? 0 : 1;
  return e->index == 0 ? types.vec(3, bt->scalar) : types.quat(bt->scalar);
}
