//===- SemaCall.cpp - calls: builtins, constructors, funcs ----------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

/// Warp's error for a matrix built from vectors, with kdsl's way out.
static std::string matrixFromVectorsError(llvm::StringRef ctor, unsigned elements) {
  std::string msg = ("passing vectors to " + ctor +
                     " is not supported (Warp rejects it too): Warp asks for "
                     "wp.matrix_from_rows() or wp.matrix_from_cols(), which kdsl does not have yet; ")
                        .str();
  if (elements)
    msg += "pass the " + std::to_string(elements) + " elements in row-major order";
  else
    msg += "use a matrix type such as wp.mat33 with its elements in row-major order";
  return msg;
}

const Type *Sema::checkCall(CallExpr *e) {
  Scope *scope = fn->scope;
  // Syntax that is not in the language (a generator argument, *args) is the
  // clearer error, whatever the callee.
  for (Expr *a : e->args)
    if (llvm::isa<UnsupportedExpr>(a) && !llvm::cast<UnsupportedExpr>(a)->raw.size())
      return check(a);
  if (auto name = warpNameOf(e->callee, scope)) {
    if (auto b = lookupWarpBuiltin(*name))
      return checkBuiltin(e, *b);
    if (const Type *t = lookupWarpType(*name, types))
      return checkTypeCtor(e, t);
    if (*name == "matrix" && !e->args.empty()) {
      bool vectors = true;
      for (Expr *a : e->args) {
        const Type *at = check(a);
        if (!at)
          return nullptr;
        vectors &= at->kind == Type::Vec;
      }
      if (vectors) {
        error(e->loc, matrixFromVectorsError("wp.matrix()", 0));
        return nullptr;
      }
    }
    if (*name == "constant")
      error(e->loc, "wp.constant() is only allowed at module level");
    else
      error(e->callee->loc, "unknown or unsupported builtin 'wp." + *name + "'");
    return nullptr;
  }
  auto *n = llvm::dyn_cast_or_null<NameExpr>(e->callee);
  if (!n) {
    if (llvm::dyn_cast_or_null<AttributeExpr>(e->callee))
      error(e->callee->loc, "method calls are not supported in kernel code");
    else
      error(e->callee->loc, "this expression cannot be called");
    return nullptr;
  }
  if (fn->locals.count(n->name)) {
    error(n->loc, "'" + n->name + "' is a local variable, not a function");
    return nullptr;
  }
  if (const Symbol *s = scope->lookup(n->name)) {
    if (s->kind == Symbol::Func)
      return checkFuncCall(e, s->func);
    if (s->kind == Symbol::Struct)
      return checkStructCtor(e, s->structDef);
    error(n->loc, "'" + n->name + "' is not a @wp.func or @wp.struct");
    return nullptr;
  }
  if (const Type *t = lookupPythonType(n->name, types))
    return checkTypeCtor(e, t);
  if (auto b = lookupPythonBuiltin(n->name))
    return checkBuiltin(e, *b);
  if (n->name == "range" || n->name == "reversed")
    error(n->loc, n->name + "() can only be the iterable of a for loop");
  else if (n->name == "print")
    error(n->loc, "print() is not supported in kdsl kernels");
  else
    error(n->loc, "name '" + n->name + "' is not defined");
  return nullptr;
}

const Type *Sema::checkTid(CallExpr *e, unsigned dims) {
  e->ckind = CallKind::Builtin;
  e->builtin = (int)Builtin::Tid;
  if (!e->args.empty() || !e->kwargs.empty()) {
    error(e->loc, "wp.tid() takes no arguments");
    return nullptr;
  }
  if (!fn->isKernel) {
    error(e->loc, "wp.tid() can only be called in a kernel");
    return nullptr;
  }
  if (dims > 4) {
    error(e->loc, "wp.tid() supports at most 4 launch dimensions, got " + llvm::Twine(dims));
    return nullptr;
  }
  if (fn->tidDims && fn->tidDims != dims) {
    error(e->loc, "wp.tid() gives " + llvm::Twine(dims) + " dimension(s) here but " +
                      llvm::Twine(fn->tidDims) + " earlier in this kernel");
    return nullptr;
  }
  fn->tidDims = dims;
  const Type *t = dims == 1 ? types.i32()
                            : types.tuple(std::vector<const Type *>(dims, types.i32()));
  e->type = t;
  return t;
}

/// Binds positional and keyword arguments of `e` to `names` in order into
/// e->boundArgs (null where nothing was given).
bool Sema::bindArguments(CallExpr *e, llvm::ArrayRef<StringRef> names, const std::string &callee,
                         StringRef what) {
  size_t n = names.size();
  e->boundArgs.assign(n, nullptr);
  if (e->args.size() > n)
    return error(e->loc, callee + " takes " + llvm::Twine(n) + " argument(s), got " +
                             llvm::Twine(e->args.size()));
  for (size_t i = 0; i < e->args.size(); ++i)
    e->boundArgs[i] = e->args[i];
  for (Keyword &kw : e->kwargs) {
    size_t i = llvm::find(names, kw.name) - names.begin();
    if (i == n)
      return error(kw.loc, callee + " has no " + what + " '" + kw.name + "'");
    if (e->boundArgs[i])
      return error(kw.loc, "argument '" + kw.name + "' given twice");
    e->boundArgs[i] = kw.value;
  }
  return true;
}

const Type *Sema::checkFuncCall(CallExpr *e, FuncDef *f) {
  e->ckind = CallKind::Func;
  e->func = f;
  if (f->isKernel) {
    error(e->callee->loc, "kernels cannot be called from kernel code; '" + f->name + "' is a kernel");
    return nullptr;
  }
  if (!checkFunc(f)) {
    diags.note(e->loc, "in the call to '" + f->name + "'");
    return nullptr;
  }
  size_t np = f->params.size();
  std::vector<StringRef> names;
  for (const Param &p : f->params)
    names.push_back(p.name);
  if (!bindArguments(e, names, "'" + f->name.str() + "'", "parameter"))
    return nullptr;
  for (size_t i = 0; i < np; ++i) {
    Expr *a = e->boundArgs[i];
    if (!a) {
      error(e->loc, "missing argument '" + f->params[i].name + "' in the call to '" + f->name + "'");
      return nullptr;
    }
    if (!check(a) || !coerce(a, f->params[i].type, "argument '" + f->params[i].name + "'"))
      return nullptr;
  }
  if (f->resultTypes.empty())
    return types.voidTy();
  if (f->resultTypes.size() == 1)
    return f->resultTypes[0];
  return types.tuple(f->resultTypes);
}

const Type *Sema::checkStructCtor(CallExpr *e, StructDef *s) {
  e->ckind = CallKind::StructCtor;
  if (!checkStruct(s))
    return nullptr;
  size_t nf = s->fields.size();
  std::vector<StringRef> names;
  for (const FieldDef &f : s->fields)
    names.push_back(f.name);
  if (!bindArguments(e, names, "struct '" + s->name.str() + "'", "field"))
    return nullptr;
  for (size_t i = 0; i < nf; ++i)
    if (Expr *a = e->boundArgs[i])
      if (!check(a) || !coerce(a, s->fields[i].type, "field '" + s->fields[i].name + "'"))
        return nullptr;
  return s->type;
}

const Type *Sema::checkTypeCtor(CallExpr *e, const Type *t) {
  e->ckind = CallKind::TypeCtor;
  std::string name = t->str();
  if (!e->kwargs.empty()) {
    error(e->kwargs[0].loc, "keyword arguments are not supported by " + name + "()");
    return nullptr;
  }
  for (Expr *a : e->args)
    if (!check(a))
      return nullptr;
  e->boundArgs.assign(e->args.begin(), e->args.end());
  size_t n = e->args.size();
  const Type *elem = types.scalar(t->scalar);
  auto argsAre = [&](const Type *want) {
    for (Expr *a : e->args)
      if (!coerce(a, want, name + "() argument"))
        return false;
    return true;
  };
  auto countError = [&](const llvm::Twine &counts) -> const Type * {
    error(e->loc, name + "() takes " + counts + " arguments, got " + llvm::Twine(n));
    return nullptr;
  };
  if (t->isScalar()) {
    if (n != 1)
      return countError("1");
    Expr *a = e->args[0];
    const Type *at = a->type;
    if (at->isLiteral()) {
      if (t->isBool() || (at->kind == Type::FloatLit && !isFloat(t->scalar)))
        finalize(a); // converted at run time
      else
        setLiteralType(a, t); // an exact constant of type t
      return t;
    }
    if (!at->isScalar()) {
      error(a->loc, "cannot convert " + at->str() + " to " + name);
      return nullptr;
    }
    return t;
  }
  if (t->kind == Type::Vec) {
    if (n == 0)
      return t;
    if (n == 1) {
      const Type *at = e->args[0]->type;
      if (at->kind == Type::Vec && at->rows == t->rows)
        return t; // conversion between element types
      return argsAre(elem) ? t : nullptr;
    }
    if (n == t->rows)
      return argsAre(elem) ? t : nullptr;
    return countError("0, 1 or " + llvm::Twine((unsigned)t->rows));
  }
  if (t->kind == Type::Mat) {
    if (n == 0)
      return t;
    if (n == 1) {
      const Type *at = e->args[0]->type;
      if (at->kind == Type::Mat && at->rows == t->rows && at->cols == t->cols)
        return t;
      return argsAre(elem) ? t : nullptr;
    }
    if (n == (size_t)t->rows * t->cols)
      return argsAre(elem) ? t : nullptr;
    for (Expr *a : e->args)
      if (a->type->kind == Type::Vec) {
        // Warp 1.16 rejects row vectors here (it used to build rows from them).
        error(e->loc, matrixFromVectorsError(name + "()", t->rows * t->cols));
        return nullptr;
      }
    return countError("0, 1 or " + llvm::Twine(t->rows * t->cols));
  }
  if (t->kind == Type::Quat) {
    if (n == 0)
      return t;
    if (n == 1 && e->args[0]->type->kind == Type::Quat)
      return t;
    if (n == 2) {
      if (!coerce(e->args[0], types.vec(3, t->scalar), name + "() vector part") ||
          !coerce(e->args[1], elem, name + "() scalar part"))
        return nullptr;
      return t;
    }
    if (n == 4)
      return argsAre(elem) ? t : nullptr;
    return countError("0, 1, 2 (vector, scalar) or 4");
  }
  error(e->loc, "cannot construct " + name);
  return nullptr;
}

const Type *Sema::checkBuiltin(CallExpr *e, Builtin b) {
  e->ckind = CallKind::Builtin;
  e->builtin = (int)b;
  std::string name = std::string("wp.") + builtinName(b);
  if (b == Builtin::Tid)
    return checkTid(e, 1);

  // Keywords are accepted only where Warp documents them.
  auto kwarg = [&](StringRef kw) -> Expr * {
    for (Keyword &k : e->kwargs)
      if (k.name == kw)
        return k.value;
    return nullptr;
  };
  auto allowKwargs = [&](std::initializer_list<StringRef> names) {
    for (Keyword &k : e->kwargs)
      if (!llvm::is_contained(names, k.name)) {
        error(k.loc, name + "() got an unexpected keyword argument '" + k.name + "'");
        return false;
      }
    return true;
  };
  if (b != Builtin::Identity && b != Builtin::QuatIdentity && b != Builtin::ExpectNear &&
      !allowKwargs({}))
    return nullptr;

  llvm::SmallVector<Expr *, 4> &args = e->boundArgs;
  args.assign(e->args.begin(), e->args.end());
  auto nargs = [&](size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi)
      return true;
    error(e->loc, name + "() takes " +
                      (lo == hi ? llvm::Twine(lo) : llvm::Twine(lo) + " to " + llvm::Twine(hi)) +
                      " argument(s), got " + llvm::Twine(args.size()));
    return false;
  };
  auto checkArgs = [&]() {
    for (Expr *a : args)
      if (!check(a))
        return false;
    for (Expr *a : args)
      if (a->type->kind == Type::Tuple || a->type->kind == Type::Void || a->type->kind == Type::Shape) {
        error(a->loc, name + "() cannot take a value of type " + a->type->str());
        return false;
      }
    return true;
  };
  auto argError = [&](Expr *a, const llvm::Twine &want) -> const Type * {
    error(a->loc, name + "() expects " + want + ", got " + a->type->str());
    return nullptr;
  };
  // All arguments to one type (literals adapt); returns it.
  auto unifyAll = [&]() -> const Type * {
    const Type *t = args[0]->type;
    for (size_t i = 1; i < args.size(); ++i) {
      t = unify(args[0], args[i], args[i]->loc, name + "()");
      if (!t)
        return nullptr;
    }
    // Re-run so earlier literal args adopt a type found later.
    for (size_t i = 1; i < args.size(); ++i)
      if (!args[i]->type->isLiteral() && args[0]->type->isLiteral())
        if (!unify(args[0], args[i], args[i]->loc, name + "()"))
          return nullptr;
    t = args[0]->type;
    for (Expr *a : args)
      if (a->type->isLiteral() && !t->isLiteral())
        if (!coerce(a, t, name + "() argument"))
          return nullptr;
    return t;
  };
  auto floatScalarOr = [&](const Type *t, bool allowVec) {
    return t->isFloatScalar() || (allowVec && t->isVecLike() && isFloat(t->scalar));
  };

  switch (b) {
  case Builtin::Sqrt: case Builtin::Cbrt: case Builtin::Exp: case Builtin::Log:
  case Builtin::Log2: case Builtin::Log10: case Builtin::Sin: case Builtin::Cos:
  case Builtin::Tan: case Builtin::Asin: case Builtin::Acos: case Builtin::Atan:
  case Builtin::Sinh: case Builtin::Cosh: case Builtin::Tanh: case Builtin::Floor:
  case Builtin::Ceil: case Builtin::Round: case Builtin::Trunc: case Builtin::Frac: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    Expr *a = args[0];
    if (a->type->isLiteral())
      setLiteralType(a, types.f32());
    if (!floatScalarOr(a->type, false))
      return argError(a, "a float");
    return a->type;
  }
  case Builtin::Step:
  case Builtin::Abs:
  case Builtin::Sign: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    Expr *a = args[0];
    const Type *t = finalize(a);
    if (b == Builtin::Step)
      return t->isScalar() && !t->isBool() ? t : argError(a, "a number");
    if ((t->isScalar() && !t->isBool()) || t->kind == Type::Vec)
      return t;
    return argError(a, "a number or a vector");
  }
  case Builtin::Min:
  case Builtin::Max: {
    if (!nargs(1, 2) || !checkArgs())
      return nullptr;
    if (args.size() == 1) {
      if (args[0]->type->kind != Type::Vec)
        return argError(args[0], "a vector (or two values)");
      return types.scalar(args[0]->type->scalar);
    }
    const Type *t = unifyAll();
    if (!t)
      return nullptr;
    if (t->isLiteral()) {
      for (Expr *a : args)
        setLiteralType(a, types.concrete(t));
      t = args[0]->type;
    }
    if ((t->isScalar() && !t->isBool()) || t->kind == Type::Vec)
      return t;
    return argError(args[0], "numbers or vectors");
  }
  case Builtin::Clamp:
  case Builtin::Smoothstep:
  case Builtin::Pow:
  case Builtin::Atan2: {
    size_t n = (b == Builtin::Clamp || b == Builtin::Smoothstep) ? 3 : 2;
    if (!nargs(n, n) || !checkArgs())
      return nullptr;
    const Type *t = unifyAll();
    if (!t)
      return nullptr;
    if (t->isLiteral()) {
      const Type *c = (b == Builtin::Clamp) ? types.concrete(t) : types.f32();
      for (Expr *a : args)
        setLiteralType(a, c);
      t = c;
    }
    if (b == Builtin::Clamp)
      return t->isScalar() && !t->isBool() ? t : argError(args[0], "numbers");
    return t->isFloatScalar() ? t : argError(args[0], "floats");
  }
  case Builtin::Lerp: {
    if (!nargs(3, 3) || !checkArgs())
      return nullptr;
    Expr *ab[2] = {args[0], args[1]};
    const Type *t = unify(ab[0], ab[1], e->loc, name + "()");
    if (!t)
      return nullptr;
    if (t->isLiteral()) {
      setLiteralType(ab[0], types.f32());
      setLiteralType(ab[1], types.f32());
      t = types.f32();
    }
    if (!floatScalarOr(t, true))
      return argError(args[0], "floats, vectors, matrices or quaternions");
    if (!coerce(args[2], types.scalar(t->scalar), name + "() weight"))
      return nullptr;
    return t;
  }
  case Builtin::IsNan:
  case Builtin::IsFinite:
  case Builtin::IsInf: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    if (args[0]->type->isLiteral())
      setLiteralType(args[0], types.f32());
    if (!floatScalarOr(args[0]->type, true))
      return argError(args[0], "a float, vector or matrix");
    return types.boolTy();
  }
  case Builtin::Select:
    // Warp 1.16 removed wp.select (its arguments were in the other order).
    error(e->callee->loc, "wp.select() has been removed. Use wp.where(cond, value_if_true, "
                          "value_if_false) instead.");
    diags.note(e->callee->loc, "wp.select(cond, value_if_false, value_if_true) is "
                               "wp.where(cond, value_if_true, value_if_false)");
    return nullptr;
  case Builtin::Where: {
    if (!nargs(3, 3))
      return nullptr;
    if (!checkCondition(args[0]) || !check(args[1]) || !check(args[2]))
      return nullptr;
    const Type *t = unify(args[1], args[2], e->loc, name + "()");
    if (!t)
      return nullptr;
    if (t->isLiteral()) {
      t = types.concrete(t);
      setLiteralType(args[1], t);
      setLiteralType(args[2], t);
    }
    if (t->kind == Type::Array || t->kind == Type::Tuple || t->kind == Type::Void)
      return argError(args[1], "values");
    return t;
  }
  case Builtin::Dot: {
    if (!nargs(2, 2) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    if (!(t->kind == Type::Vec || t->kind == Type::Quat))
      return argError(args[0], "a vector or quaternion");
    if (args[1]->type != t)
      return argError(args[1], t->str());
    return types.scalar(t->scalar);
  }
  case Builtin::Cross:
  case Builtin::CwMul:
  case Builtin::CwDiv: {
    if (!nargs(2, 2) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    bool ok = b == Builtin::Cross ? (t->kind == Type::Vec && t->rows == 3 && isFloat(t->scalar))
                                  : (t->kind == Type::Vec || t->kind == Type::Mat);
    if (!ok)
      return argError(args[0], b == Builtin::Cross ? "a float vec3" : "a vector or matrix");
    if (args[1]->type != t)
      return argError(args[1], t->str());
    return t;
  }
  case Builtin::Length:
  case Builtin::LengthSq:
  case Builtin::Normalize: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    if (!((t->kind == Type::Vec || t->kind == Type::Quat) && isFloat(t->scalar)))
      return argError(args[0], "a float vector or quaternion");
    return b == Builtin::Normalize ? t : types.scalar(t->scalar);
  }
  case Builtin::Outer: {
    if (!nargs(2, 2) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    if (!(t->kind == Type::Vec && isFloat(t->scalar)))
      return argError(args[0], "a float vector");
    const Type *u = args[1]->type;
    if (!(u->kind == Type::Vec && u->scalar == t->scalar))
      return argError(args[1], "a vector of " + std::string(warpName(t->scalar)));
    return types.mat(t->rows, u->rows, t->scalar);
  }
  case Builtin::Transpose:
  case Builtin::Determinant:
  case Builtin::Inverse:
  case Builtin::Trace: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    if (!(t->kind == Type::Mat && isFloat(t->scalar)))
      return argError(args[0], "a float matrix");
    if (b == Builtin::Transpose)
      return types.mat(t->cols, t->rows, t->scalar);
    if (t->rows != t->cols)
      return argError(args[0], "a square matrix");
    return b == Builtin::Inverse ? t : types.scalar(t->scalar);
  }
  case Builtin::Diag: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    if (!(t->kind == Type::Vec && isFloat(t->scalar) && t->rows >= 2))
      return argError(args[0], "a float vector");
    return types.mat(t->rows, t->rows, t->scalar);
  }
  case Builtin::Identity:
  case Builtin::QuatIdentity: {
    bool isQuat = b == Builtin::QuatIdentity;
    if (!allowKwargs(isQuat ? std::initializer_list<StringRef>{"dtype"}
                            : std::initializer_list<StringRef>{"n", "dtype"}))
      return nullptr;
    Expr *nExpr = isQuat ? nullptr : (kwarg("n") ? kwarg("n") : (args.size() > 0 ? args[0] : nullptr));
    Expr *dtExpr = kwarg("dtype") ? kwarg("dtype")
                                  : (args.size() > (isQuat ? 0u : 1u) ? args[isQuat ? 0 : 1] : nullptr);
    if (args.size() > (isQuat ? 1u : 2u)) {
      error(e->loc, name + "() takes at most " + llvm::Twine(isQuat ? 1 : 2) + " arguments");
      return nullptr;
    }
    const Type *dt = types.f32();
    if (dtExpr) {
      dt = resolveType(dtExpr, fn->scope);
      if (!dt)
        return nullptr;
      if (!dt->isFloatScalar()) {
        error(dtExpr->loc, name + "() dtype must be a float type");
        return nullptr;
      }
    }
    args.clear();
    if (isQuat)
      return types.quat(dt->scalar);
    std::optional<ConstValue> nv = nExpr ? evalConst(nExpr) : std::nullopt;
    if (!nv || nv->kind != ConstValue::Int || nv->i < 2 || nv->i > 4) {
      error(nExpr ? nExpr->loc : e->loc, "wp.identity() needs a constant n from 2 to 4");
      return nullptr;
    }
    return types.mat(nv->i, nv->i, dt->scalar);
  }
  case Builtin::QuatRotate:
  case Builtin::QuatRotateInv: {
    if (!nargs(2, 2) || !checkArgs())
      return nullptr;
    const Type *q = args[0]->type;
    if (q->kind != Type::Quat)
      return argError(args[0], "a quaternion");
    if (args[1]->type != types.vec(3, q->scalar))
      return argError(args[1], types.vec(3, q->scalar)->str());
    return args[1]->type;
  }
  case Builtin::QuatFromAxisAngle: {
    if (!nargs(2, 2) || !checkArgs())
      return nullptr;
    const Type *v = args[0]->type;
    if (!(v->kind == Type::Vec && v->rows == 3 && isFloat(v->scalar)))
      return argError(args[0], "a float vec3 axis");
    if (!coerce(args[1], types.scalar(v->scalar), name + "() angle"))
      return nullptr;
    return types.quat(v->scalar);
  }
  case Builtin::QuatInverse:
  case Builtin::QuatToMatrix: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    const Type *q = args[0]->type;
    if (q->kind != Type::Quat)
      return argError(args[0], "a quaternion");
    return b == Builtin::QuatInverse ? q : types.mat(3, 3, q->scalar);
  }
  case Builtin::AtomicAdd:
  case Builtin::AtomicSub:
  case Builtin::AtomicMin:
  case Builtin::AtomicMax: {
    if (args.size() < 3 || args.size() > 6) {
      if (!nargs(3, 6))
        return nullptr;
    }
    if (!checkArgs())
      return nullptr;
    const Type *at = args[0]->type;
    if (at->kind != Type::Array)
      return argError(args[0], "an array");
    if (args.size() != at->ndim + 2) {
      error(e->loc, name + "() on a " + llvm::Twine((unsigned)at->ndim) + "-d array takes the array, " +
                        llvm::Twine((unsigned)at->ndim) + " index(es) and a value");
      return nullptr;
    }
    for (size_t i = 1; i + 1 < args.size(); ++i) {
      if (args[i]->type->kind == Type::IntLit)
        setLiteralType(args[i], types.i32());
      else if (!args[i]->type->isIntScalar())
        return argError(args[i], "an integer index");
    }
    const Type *d = at->dtype;
    // Warp: add/sub on 32/64-bit and float16 elements; min/max on 32/64-bit.
    bool addSub = b == Builtin::AtomicAdd || b == Builtin::AtomicSub;
    bool wide = bitWidth(d->scalar) >= 32 || (addSub && d->scalar == Scalar::F16);
    bool ok = ((d->isScalar() && !d->isBool()) || d->kind == Type::Vec || d->kind == Type::Mat ||
               d->kind == Type::Quat) && wide;
    if (!ok) {
      error(args[0]->loc, name + "() is not supported on arrays of " + d->str());
      return nullptr;
    }
    if (!coerce(args.back(), d, name + "() value"))
      return nullptr;
    return d;
  }
  case Builtin::ExpectEq:
  case Builtin::ExpectNeq:
  case Builtin::ExpectNear: {
    bool near = b == Builtin::ExpectNear;
    if (near && !allowKwargs({"tolerance"}))
      return nullptr;
    if (near && kwarg("tolerance"))
      args.push_back(kwarg("tolerance"));
    if (!nargs(2, near ? 3 : 2) || !checkArgs())
      return nullptr;
    Expr *ab0 = args[0], *ab1 = args[1];
    const Type *t = unify(ab0, ab1, e->loc, name + "()");
    if (!t)
      return nullptr;
    if (t->isLiteral()) {
      t = near ? types.f32() : types.concrete(t);
      setLiteralType(ab0, t);
      setLiteralType(ab1, t);
    }
    if (near) {
      if (!floatScalarOr(t, true))
        return argError(args[0], "floats or float vectors");
      if (args.size() == 3 && !coerce(args[2], types.scalar(t->scalar), name + "() tolerance"))
        return nullptr;
    } else if (!(t->isScalar() || t->isVecLike())) {
      return argError(args[0], "scalars, vectors, matrices or quaternions");
    }
    return types.voidTy();
  }
  case Builtin::Len: {
    if (!nargs(1, 1) || !checkArgs())
      return nullptr;
    const Type *t = args[0]->type;
    if (t->kind == Type::Array || t->isVecLike())
      return types.i32();
    return argError(args[0], "an array, vector, matrix or quaternion");
  }
  case Builtin::Tid:
    break;
  }
  return nullptr;
}
