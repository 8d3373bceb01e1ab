//===- SemaTypes.cpp - type annotations -----------------------------------===//
//
// Annotations as types: parameters, returns, struct fields, locals
// (resolveType), tuple returns, and wp.fixedarray returns.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

/// `array`, `array1d`..`array4d`, `indexedarray`, `indexedarray1d`..`indexedarray4d`:
/// whether the name is indexed and the ndim it implies (1 without a suffix).
bool Sema::arrayName(StringRef name, bool &indexed, unsigned &ndim) {
  indexed = name.consume_front("indexed");
  if (!name.consume_front("array"))
    return false;
  if (name.empty() || name == "1d")
    ndim = 1;
  else if (name == "2d")
    ndim = 2;
  else if (name == "3d")
    ndim = 3;
  else if (name == "4d")
    ndim = 4;
  else
    return false;
  return true;
}

/// The ndim argument of an array annotation: a constant or `Literal[N]`
/// (`wp.array[float, Literal[2]]`, Warp's subscript form).
std::optional<int64_t> Sema::evalNdim(Expr *e) {
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(e)) {
    StringRef base;
    if (auto *n = llvm::dyn_cast<NameExpr>(s->base))
      base = n->name;
    else if (auto *a = llvm::dyn_cast<AttributeExpr>(s->base))
      base = a->attr;
    if (base == "Literal" && s->indices.size() == 1)
      e = s->indices[0];
  }
  auto v = evalConst(e);
  if (!v || v->kind != ConstValue::Int)
    return std::nullopt;
  return v->i;
}

const Type *Sema::resolveType(Expr *ann, Scope *scope) {
  auto arrayType = [&](StringRef name, Expr *dtypeExpr, Expr *ndimExpr, SMLoc loc) -> const Type * {
    bool indexed = false;
    unsigned ndim = 1;
    arrayName(name, indexed, ndim);
    if (!dtypeExpr) {
      error(loc, "array annotations need a dtype, e.g. wp." + name + "(dtype=float)");
      return nullptr;
    }
    if (ndimExpr) {
      auto v = evalNdim(ndimExpr);
      if (!v || *v < 1 || *v > 4) {
        error(ndimExpr->loc, "array ndim must be a constant from 1 to 4");
        return nullptr;
      }
      ndim = *v;
    }
    const Type *dtype = resolveType(dtypeExpr, scope);
    if (!dtype)
      return nullptr;
    if (dtype->kind == Type::Array) {
      error(dtypeExpr->loc, "arrays of arrays are not supported");
      return nullptr;
    }
    return indexed ? types.indexedArray(dtype, ndim) : types.array(dtype, ndim);
  };
  auto isArrayName = [](StringRef n) {
    bool indexed;
    unsigned ndim;
    return arrayName(n, indexed, ndim);
  };
  // Warp's other array kinds: named, with what kdsl has instead.
  auto otherArrayKind = [&](std::optional<StringRef> name) {
    if (!name)
      return false;
    std::string why;
    if (*name == "fabricarray" || *name == "fabricarrayarray" || *name == "indexedfabricarray" ||
        *name == "indexedfabricarrayarray")
      why = " (Omniverse Fabric data) is not supported by kdsl; use wp.array or wp.indexedarray";
    else if (*name == "fixedarray")
      why = " is supported only as a func's return annotation (a fixed-size array on the "
            "thread's stack is made with wp.zeros(shape, dtype) in kernel code and passed to "
            "funcs as a wp.array)";
    else
      return false;
    error(ann->loc, "wp." + *name + why);
    return true;
  };

  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(ann)) {
    if (const Symbol *s = scope->lookup(n->name)) {
      if (s->kind == Symbol::Struct) {
        if (!checkStruct(s->structDef))
          return nullptr;
        return s->structDef->type;
      }
      if (s->kind == Symbol::WarpName) {
        if (const Type *t = lookupWarpType(s->warpName, types))
          return t;
      }
      if (reportHostName(n, s))
        return nullptr;
    } else if (const Type *t = lookupPythonType(n->name, types)) {
      return t;
    }
  }
  if (auto name = warpNameOf(ann, scope)) {
    if (const Type *t = lookupWarpType(*name, types))
      return t;
    if (std::optional<const Type *> q = warpQueryType(*name, ann->loc))
      return *q;
    if (otherArrayKind(name))
      return nullptr;
    if (*name == "float" || *name == "int") // wp.types.float? rare; treat like Python
      return lookupPythonType(*name, types);
  }
  if (auto *c = llvm::dyn_cast_or_null<CallExpr>(ann)) {
    auto name = warpNameOf(c->callee, scope);
    if (otherArrayKind(name))
      return nullptr;
    // wp.tile_stack(capacity=C, dtype=T) of a func parameter: the stack
    // (a handle: the func pushes to and pops from the caller's stack).
    if (name && *name == "tile_stack") {
      Expr *cap = c->args.size() > 0 ? c->args[0] : nullptr;
      Expr *dt = c->args.size() > 1 ? c->args[1] : nullptr;
      for (Keyword &kw : c->kwargs)
        (kw.name == "capacity" ? cap : kw.name == "dtype" ? dt : cap) = kw.value;
      Scope *saved = constScope;
      constScope = scope;
      std::optional<int64_t> n = cap ? evalNdim(cap) : std::nullopt;
      constScope = saved;
      if (!n || *n <= 0 || !dt || c->args.size() + c->kwargs.size() != 2) {
        error(ann->loc, "a wp.tile_stack annotation takes a positive constant capacity and a "
                        "dtype: wp.tile_stack(capacity=C, dtype=T)");
        return nullptr;
      }
      const Type *d = resolveType(dt, scope);
      return d ? types.tileStack(d, *n) : nullptr;
    }
    if (name && isArrayName(*name)) {
      Expr *dtype = c->args.empty() ? nullptr : c->args[0];
      Expr *ndim = nullptr;
      for (Keyword &kw : c->kwargs) {
        if (kw.name == "dtype")
          dtype = kw.value;
        else if (kw.name == "ndim")
          ndim = kw.value;
        else {
          error(kw.loc, "unsupported array annotation argument '" + kw.name + "'");
          return nullptr;
        }
      }
      return arrayType(*name, dtype, ndim, ann->loc);
    }
  }
  if (SubscriptExpr *tup = ann ? tupleAnnotation(ann, scope) : nullptr) {
    // tuple[A, B]: a tuple value (func parameters, locals); tuple[T, ...]
    // is generic (Generics.cpp) and only a func parameter can have it.
    std::vector<const Type *> elems;
    for (Expr *x : tup->indices) {
      if (auto *u = llvm::dyn_cast<UnsupportedExpr>(x); u && u->what == "Ellipsis (...)") {
        error(x->loc, "tuple[T, ...] (a tuple of any length) is only allowed as a @wp.func "
                      "parameter type, which makes the func generic");
        return nullptr;
      }
      const Type *et = resolveType(x, scope);
      if (!et)
        return nullptr;
      elems.push_back(et);
    }
    if (elems.empty()) {
      error(ann->loc, "empty tuples are not supported in kernel code");
      return nullptr;
    }
    return types.tuple(elems);
  }
  if (auto *s = llvm::dyn_cast_or_null<SubscriptExpr>(ann)) {
    auto name = warpNameOf(s->base, scope);
    if (otherArrayKind(name))
      return nullptr;
    if (name && isArrayName(*name))
      return arrayType(*name, s->indices[0], s->indices.size() > 1 ? s->indices[1] : nullptr,
                       ann->loc);
    // wp.HashGridQuery[dtype]: one query type for float16, float32 and float64.
    if (name && *name == "HashGridQuery") {
      const Type *dt = s->indices.size() == 1 ? resolveType(s->indices[0], scope) : nullptr;
      if (!dt || !dt->isScalar() || !isFloat(dt->scalar) || dt->scalar == Scalar::BF16) {
        if (s->indices.size() != 1 || dt)
          error(ann->loc, "wp.HashGridQuery[...] takes one dtype: float16, float32 or float64");
        return nullptr;
      }
      return *warpQueryType(*name, ann->loc);
    }
    // Warp's generic classes subscripted (warp._src.types): Vector[dtype,
    // Literal[n]], Matrix[dtype, Literal[r], Literal[c]], Quaternion[dtype],
    // Transformation[dtype] (the extents also as plain integers).
    if (name && (*name == "Vector" || *name == "Matrix" || *name == "Quaternion" ||
                 *name == "Transformation")) {
      size_t want = *name == "Vector" ? 2 : *name == "Matrix" ? 3 : 1;
      if (s->indices.size() != want) {
        error(ann->loc, *name + "[...] takes " + llvm::Twine(want) + " argument(s): " +
                            (*name == "Vector"   ? "a dtype and a length"
                             : *name == "Matrix" ? "a dtype and two extents"
                                                 : "a dtype"));
        return nullptr;
      }
      const Type *dt = resolveType(s->indices[0], scope);
      if (!dt)
        return nullptr;
      if (!dt->isScalar() ||
          ((*name == "Quaternion" || *name == "Transformation") && !isFloat(dt->scalar))) {
        error(s->indices[0]->loc, *name + "[...] needs a " + (want == 1 ? "float" : "scalar") +
                                      " dtype, got " + dt->str());
        return nullptr;
      }
      if (*name == "Quaternion")
        return types.quat(dt->scalar);
      if (*name == "Transformation")
        return types.transform(dt->scalar);
      llvm::SmallVector<unsigned, 2> ext;
      for (Expr *x : llvm::drop_begin(s->indices)) {
        Scope *saved = constScope;
        constScope = scope;
        std::optional<int64_t> v = evalNdim(x); // a constant or Literal[N]
        constScope = saved;
        if (!v || *v < 1 || *v > 255) {
          error(x->loc, *name + "[...] extents must be integer constants from 1 to 255");
          return nullptr;
        }
        ext.push_back((unsigned)*v);
      }
      return *name == "Vector" ? types.vec(ext[0], dt->scalar)
                               : types.mat(ext[0], ext[1], dt->scalar);
    }
  }
  if (std::optional<const Type *> t = resolveCompositeType(ann, scope))
    return *t;
  // `arr.dtype` of a host array the source makes with a dtype
  // (`inputs = wp.array(data, dtype=wp.float32)`, also wp.zeros, wp.empty,
  // wp.ones, wp.full): that dtype, as Python reads it when it runs the def.
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(ann); a && a->attr == "dtype")
    if (auto *n = llvm::dyn_cast<NameExpr>(a->base))
      if (const Symbol *s = scope->lookup(n->name); s && s->kind == Symbol::Const)
        if (auto *c = llvm::dyn_cast_or_null<CallExpr>(s->constDef->value)) {
          auto ctor = warpNameOf(c->callee, s->constDef->scope);
          if (ctor && (*ctor == "array" || *ctor == "zeros" || *ctor == "empty" ||
                       *ctor == "ones" || *ctor == "full"))
            for (Keyword &kw : c->kwargs)
              if (kw.name == "dtype")
                return resolveType(kw.value, s->constDef->scope);
        }
  if (fn) // type(x), a.dtype: types named through values (Generics.cpp)
    if (const Type *t = typeValue(ann))
      return t;
  std::string what = describeAnnotation(ann);
  error(ann->loc, "unsupported type annotation" + (what.empty() ? "" : " '" + what + "'") +
                      " (expected a Warp type such as float, wp.vec3, wp.array(dtype=float) or a "
                      "@wp.struct)");
  return nullptr;
}

/// `tuple[A, B]`, `Tuple[A, B]` or `typing.Tuple[A, B]` as a return annotation.
SubscriptExpr *Sema::tupleAnnotation(Expr *e, Scope *scope) {
  auto *s = llvm::dyn_cast<SubscriptExpr>(e);
  if (!s)
    return nullptr;
  llvm::StringRef name;
  if (auto *n = llvm::dyn_cast<NameExpr>(s->base))
    name = n->name;
  else if (auto *a = llvm::dyn_cast<AttributeExpr>(s->base))
    name = a->attr;
  return (name == "tuple" || name == "Tuple") ? s : nullptr;
}

/// Whether `ann` is a call `wp.fixedarray(...)`.
bool Sema::isFixedArrayAnnotation(Expr *ann, Scope *scope) {
  auto *c = llvm::dyn_cast_or_null<CallExpr>(ann);
  auto name = c ? warpNameOf(c->callee, scope) : std::nullopt;
  return name && *name == "fixedarray";
}

/// `wp.fixedarray(shape=(2, 3), dtype=T)` as a func's return annotation (Warp's
/// fixedarray type); null, after an error, for a malformed one, and null
/// without one for any other annotation.
const Type *Sema::fixedArrayAnnotation(Expr *ann, Scope *scope) {
  if (!isFixedArrayAnnotation(ann, scope))
    return nullptr;
  auto *c = llvm::cast<CallExpr>(ann);
  Expr *shape = nullptr, *dtype = nullptr;
  for (Keyword &kw : c->kwargs) {
    if (kw.name == "shape")
      shape = kw.value;
    else if (kw.name == "dtype")
      dtype = kw.value;
    else
      return error(kw.loc, "unsupported fixedarray annotation argument '" + kw.name + "'"), nullptr;
  }
  if (!shape || !dtype || !c->args.empty())
    return error(ann->loc, "a fixedarray return annotation takes shape= and dtype= "
                           "(wp.fixedarray(shape=(2, 3), dtype=float))"),
           nullptr;
  llvm::SmallVector<Expr *, 4> dims = shapeExtents(shape);
  llvm::SmallVector<int64_t, 4> extents;
  for (Expr *x : dims) {
    auto v = evalConst(x);
    if (!v || v->kind != ConstValue::Int || v->i < 0)
      return error(x->loc, "a fixedarray extent must be a non-negative integer constant"), nullptr;
    extents.push_back(v->i);
  }
  if (extents.empty() || extents.size() > 4)
    return error(shape->loc, "a fixedarray has 1 to 4 dimensions"), nullptr;
  const Type *dt = resolveType(dtype, scope);
  if (!dt)
    return nullptr;
  if (!(dt->isScalar() || dt->isVecLike() || dt->kind == Type::Struct))
    return error(dtype->loc, "a fixedarray's dtype must be a scalar, vector, matrix, quaternion, "
                             "transform or struct type, got " +
                                 dt->str()),
           nullptr;
  return types.fixedArray(dt, extents);
}
