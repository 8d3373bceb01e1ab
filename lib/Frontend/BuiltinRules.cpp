//===- BuiltinRules.cpp - type rules of the Warp builtins ------------------===//
//
// Sema::checkBuiltin looks a builtin up in BuiltinTable.def and applies its
// rule: one small function per shared BuiltinRule below, parameterized by
// the record's arity, Accept bits, Result and "expects" text, or the
// record's own rule function (KDSL_RULE(fn), BuiltinRuleFns.h).
//
//===----------------------------------------------------------------------===//
#include "BuiltinRuleFns.h"
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::StringRef;

namespace kdsl {
enum class LiteralPolicy { Keep, Float32, Default };

/// One builtin call being checked: the helpers every rule shares.
class BuiltinCall {
public:
  BuiltinCall(Sema &s, CallExpr *e, const BuiltinInfo &info)
      : s(s), types(s.types), e(e), info(info), args(e->boundArgs),
        name(std::string("wp.") + info.name) {}

  Sema &s;
  TypeContext &types;
  CallExpr *e;
  const BuiltinInfo &info;
  llvm::SmallVector<Expr *, 4> &args;
  std::string name;

  bool error(llvm::SMLoc loc, const llvm::Twine &msg) { return s.error(loc, msg); }
  Expr *kwarg(StringRef kw) {
    for (Keyword &k : e->kwargs)
      if (k.name == kw)
        return k.value;
    return nullptr;
  }
  bool hasKeyword(StringRef kw) const {
    llvm::SmallVector<StringRef, 2> names;
    StringRef(info.keywords).split(names, ' ', -1, /*KeepEmpty=*/false);
    return llvm::is_contained(names, kw);
  }
  /// Keywords are accepted only where Warp documents them (the record's list).
  bool allowKwargs() {
    for (Keyword &k : e->kwargs)
      if (!hasKeyword(k.name))
        return error(k.loc, name + "() got an unexpected keyword argument '" + k.name + "'");
    return true;
  }
  bool nargs(size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi)
      return true;
    return error(e->loc,
                 name + "() takes " +
                     (lo == hi ? llvm::Twine(lo) : llvm::Twine(lo) + " to " + llvm::Twine(hi)) +
                     " argument(s), got " + llvm::Twine(args.size()));
  }
  /// The record's arity.
  bool nargs() { return nargs(info.minArgs, info.maxArgs); }
  bool checkArgs() {
    for (Expr *a : args)
      if (!(info.id == Builtin::Len && a->type) && !s.check(a)) // len(): checked by checkBuiltin
        return false;
    for (Expr *a : args)
      if (a->type->kind == Type::Tuple || a->type->kind == Type::Void ||
          a->type->kind == Type::Shape)
        return error(a->loc, name + "() cannot take a value of type " + a->type->str());
    return true;
  }
  const Type *argError(Expr *a, const llvm::Twine &want) {
    error(a->loc, name + "() expects " + want + ", got " + a->type->str());
    return nullptr;
  }
  /// The record's "expects" text.
  const Type *argError(Expr *a) { return argError(a, info.expects); }
  const Type *unify(Expr *a, Expr *b) { return s.unify(a, b, b->loc, name + "()"); }
  const Type *unifyAll();
  bool accepts(const Type *t, unsigned bits) const;
  const Type *result(const Type *t);

  // The rules, one per BuiltinRule (below).
  static const Type *unaryRule(BuiltinCall &c, LiteralPolicy lit);
  static const Type *floatUnary(BuiltinCall &c);
  static const Type *numberUnary(BuiltinCall &c);
  static const Type *plainUnary(BuiltinCall &c);
  static const Type *unifyRule(BuiltinCall &c, bool floatLiterals);
  static const Type *numberUnify(BuiltinCall &c);
  static const Type *floatUnify(BuiltinCall &c);
  static const Type *minMaxRule(BuiltinCall &c);
  static const Type *lerpRule(BuiltinCall &c);
  static const Type *whereRule(BuiltinCall &c);
  static const Type *removedRule(BuiltinCall &c);
  static const Type *sameOperandsRule(BuiltinCall &c);
  static const Type *outerRule(BuiltinCall &c);
  static const Type *diagRule(BuiltinCall &c);
  static const Type *quatRotateRule(BuiltinCall &c);
  static const Type *quatFromAxisAngleRule(BuiltinCall &c);
  static const Type *identityRule(BuiltinCall &c);
  static const Type *atomicRule(BuiltinCall &c);
  static const Type *expectRule(BuiltinCall &c);
  static const Type *tidRule(BuiltinCall &c);
};
} // namespace kdsl

/// All arguments to one type (literals adapt); returns it.
const Type *BuiltinCall::unifyAll() {
  const Type *t = args[0]->type;
  for (size_t i = 1; i < args.size(); ++i) {
    t = unify(args[0], args[i]);
    if (!t)
      return nullptr;
  }
  // Re-run so earlier literal args adopt a type found later.
  for (size_t i = 1; i < args.size(); ++i)
    if (!args[i]->type->isLiteral() && args[0]->type->isLiteral())
      if (!unify(args[0], args[i]))
        return nullptr;
  t = args[0]->type;
  for (Expr *a : args)
    if (a->type->isLiteral() && !t->isLiteral())
      if (!s.coerce(a, t, name + "() argument"))
        return nullptr;
  return t;
}

bool BuiltinCall::accepts(const Type *t, unsigned bits) const {
  bool fl = isFloat(t->scalar);
  switch (t->kind) {
  case Type::Scalar:
    if (t->isBool())
      return bits & acc::BoolScalar;
    return (bits & acc::IntScalar) || ((bits & acc::FloatScalar) && fl);
  case Type::Vec:
    if ((bits & acc::Vec3Only) && t->rows != 3)
      return false;
    return (bits & acc::AnyVec) || ((bits & acc::FloatVec) && fl);
  case Type::Mat:
    return (bits & acc::AnyMat) || ((bits & acc::FloatMat) && fl);
  case Type::Quat:
    return (bits & acc::AnyQuat) || ((bits & acc::FloatQuat) && fl);
  case Type::Array:
    return bits & acc::AnyArray;
  default:
    return false;
  }
}

const Type *BuiltinCall::result(const Type *t) {
  switch (info.result) {
  case BuiltinResult::Same:
    return t;
  case BuiltinResult::Elem:
    return types.scalar(t->scalar);
  case BuiltinResult::Bool:
    return types.boolTy();
  case BuiltinResult::I32:
    return types.i32();
  case BuiltinResult::Void:
    return types.voidTy();
  case BuiltinResult::Transposed:
    return types.mat(t->cols, t->rows, t->scalar);
  case BuiltinResult::Mat33:
    return types.mat(3, 3, t->scalar);
  case BuiltinResult::Custom:
    break;
  }
  llvm_unreachable("a Custom result is computed by its rule");
}

//===----------------------------------------------------------------------===//
// The rules
//===----------------------------------------------------------------------===//

/// One argument of an accepted kind; the result from the record.
const Type *BuiltinCall::unaryRule(BuiltinCall &c, LiteralPolicy lit) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  Expr *a = c.args[0];
  if (lit == LiteralPolicy::Float32 && a->type->isLiteral())
    c.s.setLiteralType(a, c.types.f32());
  const Type *t = lit == LiteralPolicy::Default ? c.s.finalize(a) : a->type;
  if (!c.accepts(t, c.info.accept))
    return c.argError(a);
  if ((c.info.accept & acc::SquareOnly) && t->kind == Type::Mat && t->rows != t->cols)
    return c.argError(a, "a square matrix");
  if ((c.info.accept & acc::UpTo4x4) && t->kind == Type::Mat && (t->rows < 2 || t->rows > 4))
    return c.argError(a, "a square 2x2, 3x3 or 4x4 matrix");
  return c.result(t);
}
const Type *BuiltinCall::floatUnary(BuiltinCall &c) { return unaryRule(c, LiteralPolicy::Float32); }
const Type *BuiltinCall::numberUnary(BuiltinCall &c) {
  return unaryRule(c, LiteralPolicy::Default);
}
const Type *BuiltinCall::plainUnary(BuiltinCall &c) { return unaryRule(c, LiteralPolicy::Keep); }

/// All arguments unified to one accepted scalar type; literals become the
/// default type (numbers) or float32 (floats).
const Type *BuiltinCall::unifyRule(BuiltinCall &c, bool floatLiterals) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *t = c.unifyAll();
  if (!t)
    return nullptr;
  if (t->isLiteral()) {
    const Type *ct = floatLiterals ? c.types.f32() : c.types.concrete(t);
    for (Expr *a : c.args)
      c.s.setLiteralType(a, ct);
    t = ct;
  }
  return c.accepts(t, c.info.accept) ? c.result(t) : c.argError(c.args[0]);
}
const Type *BuiltinCall::numberUnify(BuiltinCall &c) { return unifyRule(c, false); }
const Type *BuiltinCall::floatUnify(BuiltinCall &c) { return unifyRule(c, true); }

/// min(a, b), or the smallest element of one vector.
const Type *BuiltinCall::minMaxRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  if (c.args.size() == 1) {
    if (c.args[0]->type->kind != Type::Vec)
      return c.argError(c.args[0], "a vector (or two values)");
    return c.types.scalar(c.args[0]->type->scalar);
  }
  const Type *t = c.unifyAll();
  if (!t)
    return nullptr;
  if (t->isLiteral()) {
    for (Expr *a : c.args)
      c.s.setLiteralType(a, c.types.concrete(t));
    t = c.args[0]->type;
  }
  if ((t->isScalar() && !t->isBool()) || t->kind == Type::Vec)
    return t;
  return c.argError(c.args[0], "numbers or vectors");
}

const Type *BuiltinCall::lerpRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  Expr *a = c.args[0], *b = c.args[1];
  const Type *t = c.s.unify(a, b, c.e->loc, c.name + "()");
  if (!t)
    return nullptr;
  if (t->isLiteral()) {
    c.s.setLiteralType(a, c.types.f32());
    c.s.setLiteralType(b, c.types.f32());
    t = c.types.f32();
  }
  if (!c.accepts(t, acc::FloatScalar | acc::FloatVecLike))
    return c.argError(c.args[0], "floats, vectors, matrices or quaternions");
  if (!c.s.coerce(c.args[2], c.types.scalar(t->scalar), c.name + "() weight"))
    return nullptr;
  return t;
}

const Type *BuiltinCall::whereRule(BuiltinCall &c) {
  if (!c.nargs())
    return nullptr;
  auto &args = c.args;
  if (!c.s.checkCondition(args[0]) || !c.s.check(args[1]) || !c.s.check(args[2]))
    return nullptr;
  const Type *t = c.s.unify(args[1], args[2], c.e->loc, c.name + "()");
  if (!t)
    return nullptr;
  if (t->isLiteral()) {
    t = c.types.concrete(t);
    c.s.setLiteralType(args[1], t);
    c.s.setLiteralType(args[2], t);
  }
  if (t->kind == Type::Array || t->kind == Type::Tuple || t->kind == Type::Void)
    return c.argError(args[1]);
  return t;
}

/// Warp 1.16 removed wp.select (its arguments were in the other order).
const Type *BuiltinCall::removedRule(BuiltinCall &c) {
  llvm::SMLoc loc = c.e->callee->loc;
  c.error(loc, "wp.select() has been removed. Use wp.where(cond, value_if_true, "
               "value_if_false) instead.");
  c.s.diags.note(loc, "wp.select(cond, value_if_false, value_if_true) is "
                      "wp.where(cond, value_if_true, value_if_false)");
  return nullptr;
}

/// Two arguments of one accepted type.
const Type *BuiltinCall::sameOperandsRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *t = c.args[0]->type;
  if (!c.accepts(t, c.info.accept))
    return c.argError(c.args[0]);
  if (c.args[1]->type != t)
    return c.argError(c.args[1], t->str());
  return c.result(t);
}

const Type *BuiltinCall::outerRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *t = c.args[0]->type;
  if (!(t->kind == Type::Vec && isFloat(t->scalar)))
    return c.argError(c.args[0], "a float vector");
  const Type *u = c.args[1]->type;
  if (!(u->kind == Type::Vec && u->scalar == t->scalar))
    return c.argError(c.args[1], "a vector of " + std::string(warpName(t->scalar)));
  return c.types.mat(t->rows, u->rows, t->scalar);
}

const Type *BuiltinCall::diagRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *t = c.args[0]->type;
  if (!(t->kind == Type::Vec && isFloat(t->scalar) && t->rows >= 2))
    return c.argError(c.args[0], "a float vector");
  return c.types.mat(t->rows, t->rows, t->scalar);
}

const Type *BuiltinCall::quatRotateRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *q = c.args[0]->type;
  if (q->kind != Type::Quat)
    return c.argError(c.args[0], "a quaternion");
  if (c.args[1]->type != c.types.vec(3, q->scalar))
    return c.argError(c.args[1], c.types.vec(3, q->scalar)->str());
  return c.args[1]->type;
}

const Type *BuiltinCall::quatFromAxisAngleRule(BuiltinCall &c) {
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *v = c.args[0]->type;
  if (!(v->kind == Type::Vec && v->rows == 3 && isFloat(v->scalar)))
    return c.argError(c.args[0], "a float vec3 axis");
  if (!c.s.coerce(c.args[1], c.types.scalar(v->scalar), c.name + "() angle"))
    return nullptr;
  return c.types.quat(v->scalar);
}

/// wp.identity(n, dtype) and wp.quat_identity(dtype).
const Type *BuiltinCall::identityRule(BuiltinCall &c) {
  bool isQuat = !c.hasKeyword("n"); // quat_identity has no size
  auto &args = c.args;
  Expr *nExpr =
      isQuat ? nullptr : (c.kwarg("n") ? c.kwarg("n") : (args.size() > 0 ? args[0] : nullptr));
  unsigned dtPos = isQuat ? 0 : 1;
  Expr *dtExpr =
      c.kwarg("dtype") ? c.kwarg("dtype") : (args.size() > dtPos ? args[dtPos] : nullptr);
  if (args.size() > c.info.maxArgs) {
    c.error(c.e->loc, c.name + "() takes at most " + llvm::Twine(c.info.maxArgs) + " arguments");
    return nullptr;
  }
  const Type *dt = c.types.f32();
  if (dtExpr) {
    dt = c.s.resolveType(dtExpr, c.s.fn->scope);
    if (!dt)
      return nullptr;
    if (!dt->isFloatScalar()) {
      c.error(dtExpr->loc, c.name + "() dtype must be a float type");
      return nullptr;
    }
  }
  args.clear();
  if (isQuat)
    return c.types.quat(dt->scalar);
  std::optional<Sema::ConstValue> nv = nExpr ? c.s.evalConst(nExpr) : std::nullopt;
  // Warp: any n (matrix(shape=(n, n))); kdsl's matrix extents go to 255.
  if (!nv || nv->kind != Sema::ConstValue::Int || nv->i < 1 || nv->i > 255) {
    c.error(nExpr ? nExpr->loc : c.e->loc, "wp.identity() needs a constant n from 1 to 255");
    return nullptr;
  }
  return c.types.mat(nv->i, nv->i, dt->scalar);
}

/// wp.atomic_*(array, i, j, ..., value).
const Type *BuiltinCall::atomicRule(BuiltinCall &c) {
  auto &args = c.args;
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *at = args[0]->type;
  if (at->kind != Type::Array)
    return c.argError(args[0], "an array");
  // wp.atomic_cas(array, indices..., compare, value) takes two values.
  size_t numValues = c.info.id == Builtin::AtomicCas ? 2 : 1;
  if (args.size() != at->ndim + 1 + numValues) {
    c.error(c.e->loc, c.name + "() on a " + llvm::Twine((unsigned)at->ndim) +
                          "-d array takes the array, " + llvm::Twine((unsigned)at->ndim) +
                          (numValues == 2 ? " index(es), a compare value and a value"
                                          : " index(es) and a value"));
    return nullptr;
  }
  for (size_t i = 1; i + numValues < args.size(); ++i) {
    if (args[i]->type->kind == Type::IntLit)
      c.s.setLiteralType(args[i], c.types.i32());
    else if (!args[i]->type->isIntScalar())
      return c.argError(args[i], "an integer index");
  }
  const Type *d = at->dtype;
  // Warp: add/sub on 32/64-bit, float16 and bfloat16 elements; min/max on
  // 32/64-bit and bfloat16.
  bool wide = bitWidth(d->scalar) >= 32 ||
              ((c.info.accept & acc::F16Elements) && d->scalar == Scalar::F16) ||
              ((c.info.accept & acc::BF16Elements) && d->scalar == Scalar::BF16);
  bool ok = ((d->isScalar() && !d->isBool()) || d->kind == Type::Vec || d->kind == Type::Mat ||
             d->kind == Type::Quat) &&
            wide;
  // Accept IntScalar: the bitwise atomics, on [u]int32/[u]int64 scalars and
  // vectors and matrices of them (component-wise, as in Warp).
  if ((c.info.accept & acc::IntScalar) &&
      !(isInt(d->scalar) && (d->isScalar() || d->kind == Type::Vec || d->kind == Type::Mat)))
    ok = false;
  if (!ok) {
    c.error(args[0]->loc, c.name + "() is not supported on arrays of " + d->str());
    return nullptr;
  }
  if (numValues == 2 && !c.s.coerce(args[args.size() - 2], d, c.name + "() compare value"))
    return nullptr;
  if (!c.s.coerce(args.back(), d, c.name + "() value"))
    return nullptr;
  return d;
}

/// wp.expect_eq / expect_neq (exact) and wp.expect_near (tolerance).
const Type *BuiltinCall::expectRule(BuiltinCall &c) {
  bool near = c.info.rule == BuiltinRule::ExpectNear;
  auto &args = c.args;
  if (near && c.kwarg("tolerance"))
    args.push_back(c.kwarg("tolerance"));
  if (!c.nargs() || !c.checkArgs())
    return nullptr;
  const Type *t = c.s.unify(args[0], args[1], c.e->loc, c.name + "()");
  if (!t)
    return nullptr;
  if (t->isLiteral()) {
    t = near ? c.types.f32() : c.types.concrete(t);
    c.s.setLiteralType(args[0], t);
    c.s.setLiteralType(args[1], t);
  }
  if (near) {
    if (!c.accepts(t, acc::FloatScalar | acc::FloatVecLike))
      return c.argError(args[0], "floats or float vectors");
    if (args.size() == 3 &&
        !c.s.coerce(args[2], c.types.scalar(t->scalar), c.name + "() tolerance"))
      return nullptr;
  } else if (!(t->isScalar() || t->isVecLike())) {
    return c.argError(args[0], "scalars, vectors, matrices or quaternions");
  }
  return c.result(t);
}

const Type *BuiltinCall::tidRule(BuiltinCall &c) { return c.s.checkTid(c.e, 1); }

/// The shared rules, one function per BuiltinRule, as the records' rule
/// functions (rules::FloatUnary, ...).
namespace kdsl::rules {
namespace {
template <const Type *(*Rule)(BuiltinCall &)>
const Type *shared(Sema &s, CallExpr *e, const BuiltinInfo &info) {
  BuiltinCall c(s, e, info);
  return Rule(c);
}
using C = BuiltinCall;
constexpr BuiltinRuleFn Tid = shared<C::tidRule>;
constexpr BuiltinRuleFn FloatUnary = shared<C::floatUnary>;
constexpr BuiltinRuleFn NumberUnary = shared<C::numberUnary>;
constexpr BuiltinRuleFn Unary = shared<C::plainUnary>;
constexpr BuiltinRuleFn NumberUnify = shared<C::numberUnify>;
constexpr BuiltinRuleFn FloatUnify = shared<C::floatUnify>;
constexpr BuiltinRuleFn MinMax = shared<C::minMaxRule>;
constexpr BuiltinRuleFn Lerp = shared<C::lerpRule>;
constexpr BuiltinRuleFn Where = shared<C::whereRule>;
constexpr BuiltinRuleFn Removed = shared<C::removedRule>;
constexpr BuiltinRuleFn SameOperands = shared<C::sameOperandsRule>;
constexpr BuiltinRuleFn Outer = shared<C::outerRule>;
constexpr BuiltinRuleFn Diag = shared<C::diagRule>;
constexpr BuiltinRuleFn Identity = shared<C::identityRule>;
constexpr BuiltinRuleFn QuatRotate = shared<C::quatRotateRule>;
constexpr BuiltinRuleFn QuatFromAxisAngle = shared<C::quatFromAxisAngleRule>;
constexpr BuiltinRuleFn Atomic = shared<C::atomicRule>;
constexpr BuiltinRuleFn ExpectEqual = shared<C::expectRule>;
constexpr BuiltinRuleFn ExpectNear = shared<C::expectRule>;
} // namespace
} // namespace kdsl::rules

/// The rule column of BuiltinTable.def, indexed by Builtin: a shared rule's
/// function, or the record's own (KDSL_RULE(fn): rules::fn).
#define KDSL_RULE(fn) fn
#define KDSL_BUILTIN_RULE_FN(X, id, name, py, lo, hi, rule, ...) rules::rule,
static const BuiltinRuleFn kRuleFns[] = {KDSL_BUILTIN_TABLE(KDSL_BUILTIN_RULE_FN, _)};
#undef KDSL_BUILTIN_RULE_FN
#undef KDSL_RULE

/// Keyword arguments of a builtin with Warp parameter names (the record's
/// params) and no keywords of its own, moved to the positions of those
/// names; false after an error.
static bool bindWarpKeywords(BuiltinCall &s, CallExpr *e, const BuiltinInfo &info) {
  llvm::StringRef names = info.params;
  if (e->kwargs.empty() || *info.keywords || names.empty())
    return true;
  llvm::SmallVector<llvm::StringRef, 6> params;
  names.split(params, ' ');
  std::string name = "wp." + std::string(info.name);
  llvm::SmallVector<Expr *, 6> slots(e->args.begin(), e->args.end());
  for (const Keyword &k : e->kwargs) {
    auto it = llvm::find(params, k.name);
    if (it == params.end())
      return s.error(k.loc, name + "() got an unexpected keyword argument '" + k.name + "'");
    size_t i = it - params.begin();
    if (i < slots.size() && slots[i])
      return s.error(k.loc, name + "() got multiple values for argument '" + k.name + "'");
    if (slots.size() <= i)
      slots.resize(i + 1, nullptr);
    slots[i] = k.value;
  }
  for (size_t i = 0; i < slots.size(); ++i)
    if (!slots[i])
      return s.error(e->loc, name + "() missing argument '" + params[i] + "'");
  e->args.assign(slots.begin(), slots.end());
  e->kwargs.clear();
  return true;
}

const Type *Sema::checkBuiltin(CallExpr *e, Builtin b) {
  e->ckind = CallKind::Builtin;
  e->builtin = (int)b;
  const BuiltinInfo &info = builtinInfo(b);
  BuiltinCall c(*this, e, info);
  if (!bindWarpKeywords(c, e, info))
    return nullptr;
  // wp.tid() reports any argument itself ("takes no arguments").
  if (info.rule != BuiltinRule::Tid) {
    if (!c.allowKwargs())
      return nullptr;
    e->boundArgs.assign(e->args.begin(), e->args.end());
  }
  // len() of a tuple is its (compile-time) number of elements, as in Warp;
  // wp.static(len(x)) left to type checking (SemaStatic.cpp) needs a length
  // known at compile time.
  if (b == Builtin::Len && e->args.size() == 1 && e->kwargs.empty()) {
    const Type *at = check(e->args[0]);
    if (!at)
      return nullptr;
    if (at->kind == Type::Tuple)
      return types.i32();
    if (e->staticLen && at->isTile()) // Warp's len(tile): its first extent
      return types.i32();
    if (e->staticLen && !at->isVecLike()) {
      error(e->args[0]->loc,
            "len() in wp.static() needs a tuple, vector, matrix, quaternion or tile, "
            "got " +
                at->str());
      return nullptr;
    }
  }
  return kRuleFns[(int)b](*this, e, info);
}
