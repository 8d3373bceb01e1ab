//===- BuiltinRulesMisc.cpp - type rules of the rest of Warp's builtins ---===//
//
// Sema's rule for the builtins of BuiltinsMisc.h, with Warp 1.16's
// signatures (warp/_src/builtins.py) and messages for the Warp builtins kdsl
// knows and does not implement.
//
//===----------------------------------------------------------------------===//
#include "BuiltinRuleContext.h"
#include "BuiltinRuleFns.h"
#include "BuiltinsMisc.h"

#include "llvm/ADT/StringSwitch.h"

#include <optional>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

namespace {
/// Size and alignment in bytes of a value of type `t` in memory (the C
/// layout of KernelABI.h: scalars aligned to their size, bool one byte,
/// vectors and matrices packed, structs padded); nullopt for types without
/// a bit pattern to reinterpret (arrays, tuples, literals).
struct SizeAlign {
  uint64_t size, align;
};
std::optional<SizeAlign> layoutOf(const Type *t) {
  switch (t->kind) {
  case Type::Scalar: {
    uint64_t bytes = t->scalar == Scalar::Bool ? 1 : bitWidth(t->scalar) / 8;
    return SizeAlign{bytes, bytes};
  }
  case Type::Vec:
  case Type::Mat:
  case Type::Quat: {
    uint64_t bytes = t->scalar == Scalar::Bool ? 1 : bitWidth(t->scalar) / 8;
    return SizeAlign{bytes * t->numElements(), bytes};
  }
  case Type::Struct: {
    SizeAlign s{0, 1};
    for (const FieldDef &f : t->structDef->fields) {
      std::optional<SizeAlign> m = f.type ? layoutOf(f.type) : std::nullopt;
      if (!m)
        return std::nullopt;
      s.size = (s.size + m->align - 1) / m->align * m->align + m->size;
      s.align = std::max(s.align, m->align);
    }
    s.size = (s.size + s.align - 1) / s.align * s.align;
    return s;
  }
  default:
    return std::nullopt;
  }
}
} // namespace

namespace kdsl {
/// The rules; a friend of Sema like BuiltinCall.
class MiscRules : public BuiltinRuleContext {
public:
  MiscRules(Sema &s, CallExpr *e, const BuiltinInfo &info)
      : BuiltinRuleContext(s, e, info.name), info(info) {}

  const BuiltinInfo &info;
  Expr *kwarg(StringRef kw) {
    for (Keyword &k : e->kwargs)
      if (k.name == kw)
        return k.value;
    return nullptr;
  }
  /// Binds keywords to the positions of Warp's parameter names `params`.
  bool bind(llvm::ArrayRef<StringRef> params) {
    if (args.size() > params.size())
      return s.error(e->loc, name + "() takes " + Twine(params.size()) + " argument(s), got " +
                                 Twine(args.size()));
    for (Keyword &k : e->kwargs) {
      auto it = llvm::find(params, k.name);
      if (it == params.end())
        return s.error(k.loc, name + "() got an unexpected keyword argument '" + k.name + "'");
      size_t i = it - params.begin();
      if (i < args.size() && args[i])
        return s.error(k.loc, "argument '" + k.name + "' given twice");
      if (args.size() <= i)
        args.resize(i + 1, nullptr);
      args[i] = k.value;
    }
    for (size_t i = 0; i < params.size(); ++i)
      if (i >= args.size() || !args[i])
        return s.error(e->loc, name + "() missing argument '" + params[i] + "'");
    return true;
  }
  /// The type named by a dtype argument, or null after an error.
  const Type *dtypeOf(Expr *d) { return s.resolveType(d, s.fn->scope); }
  /// The element type of an array made in kernel code (wp.zeros, wp.array),
  /// or null after an error.
  const Type *elementDtypeOf(Expr *d) {
    const Type *dtype = dtypeOf(d);
    if (!dtype)
      return nullptr;
    if (!(dtype->isScalar() || dtype->isVecLike() || dtype->kind == Type::Struct))
      return fail(d->loc, name +
                              "() dtype must be a scalar, vector, matrix, quaternion, transform or "
                              "struct type, got " +
                              dtype->str());
    return dtype;
  }
  /// The 1 to 4 extents of a shape argument, or none after an error.
  std::optional<llvm::SmallVector<Expr *, 4>> arrayExtentsOf(Expr *shape) {
    llvm::SmallVector<Expr *, 4> dims = shapeExtents(shape);
    if (dims.empty() || dims.size() > 4) {
      fail(shape->loc, name + "() shape has 1 to 4 extents, got " + Twine(dims.size()));
      return std::nullopt;
    }
    return dims;
  }

  const Type *quaternion();
  const Type *transformSet();
  const Type *transformSetCopy();
  const Type *divApprox();
  const Type *cast();
  const Type *copy();
  const Type *zeros();
  const Type *arrayFromPtr();
  const Type *noArguments();

  static bool desugarTransformSet(Sema &s, Stmt *&stmt);
};
} // namespace kdsl

/// Warp's quaternion(): () and (dtype=) zero; (q, dtype=) a conversion;
/// (ijk, real) and (x, y, z, w), the scalar type from dtype= or the
/// arguments. Then an ordinary constructor of that type.
const Type *MiscRules::quaternion() {
  std::optional<Scalar> dtype;
  if (Expr *d = kwarg("dtype")) {
    const Type *t = dtypeOf(d);
    if (!t)
      return nullptr;
    if (!t->isFloatScalar())
      return fail(d->loc,
                  "wp.quaternion() dtype must be a float type (float16, float32 or float64), got " +
                      t->str());
    dtype = t->scalar;
  }
  if (!checkArgs())
    return nullptr;
  size_t n = args.size();
  Scalar sc = dtype.value_or(Scalar::F32);
  if (n == 1) {
    if (args[0]->type->kind != Type::Quat)
      return argError(args[0], "a quaternion to convert (or 0, 2 or 4 arguments)");
    sc = dtype.value_or(args[0]->type->scalar);
  } else if (n == 2 && !dtype) {
    const Type *v = args[0]->type, *r = args[1]->type;
    if (v->kind == Type::Vec && isFloat(v->scalar))
      sc = v->scalar;
    else if (r->isFloatScalar())
      sc = r->scalar;
  } else if (n == 4 && !dtype) {
    std::optional<Scalar> found;
    for (Expr *a : args) {
      if (a->type->isLiteral())
        continue;
      if (!a->type->isFloatScalar())
        return argError(a, "float scalars");
      if (found && *found != a->type->scalar)
        return fail(e->loc,
                    "all values given when constructing a quaternion must have the same type");
      found = a->type->scalar;
    }
    sc = found.value_or(Scalar::F32);
  } else if (n == 3 || n > 4) {
    return fail(e->loc,
                name + "() takes 0, 1 (quat), 2 (ijk, real) or 4 arguments, got " + Twine(n));
  }
  // The dtype keyword is consumed: the call is the constructor of quat<sc>.
  auto it = llvm::find_if(e->kwargs, [](const Keyword &k) { return k.name == "dtype"; });
  if (it != e->kwargs.end())
    e->kwargs.erase(it);
  return s.checkTypeCtor(e, types.quat(sc));
}

/// A call of transform_set_translation/rotation that is not a statement of
/// its own (those become assignments, desugarTransformSet).
const Type *MiscRules::transformSet() {
  bool rot = info.id == Builtin::TransformSetRotation;
  return fail(e->loc, name + "() returns nothing: call it as a statement of its own (it sets the " +
                          (rot ? "rotation" : "translation") +
                          " of its first argument in place, as `xform." + (rot ? "q" : "p") +
                          " = value` does); " + name + "_copy() returns a new transform");
}

/// transform_set_translation_copy(xform, p) / transform_set_rotation_copy(xform, q).
const Type *MiscRules::transformSetCopy() {
  bool rot = info.id == Builtin::TransformSetRotationCopy;
  if (!bind({"xform", rot ? "q" : "p"}) || !checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (!t->isTransform())
    return argError(args[0], "a transform");
  const Type *part = rot ? types.quat(t->scalar) : types.vec(3, t->scalar);
  return s.coerce(args[1], part, name + "() argument '" + (rot ? "q" : "p") + "'") ? t : nullptr;
}

/// div_approx(a, b): Warp's overloads (float, float), (vector | matrix |
/// quaternion, float) and (float, vector | matrix | quaternion), one float
/// type throughout.
const Type *MiscRules::divApprox() {
  if (!bind({"a", "b"}) || !checkArgs())
    return nullptr;
  Expr *a = args[0], *b = args[1];
  auto composite = [](const Type *t) { return t->isVecLike() && isFloat(t->scalar); };
  for (Expr *x : {a, b})
    if (!(x->type->isFloatScalar() || x->type->isLiteral() || composite(x->type)))
      return argError(x, "floats, or a float vector, matrix or quaternion and a float");
  if (composite(a->type) && composite(b->type))
    return fail(
        e->loc,
        name + "() divides a vector, matrix or quaternion by a scalar or a scalar by one, got " +
            a->type->str() + " and " + b->type->str());
  // The element type: the first typed operand's (literals adapt; two
  // literals are float32, as Warp types wp.div_approx(1.0, 2.0)).
  std::optional<Scalar> sc;
  for (Expr *x : {a, b})
    if (!x->type->isLiteral() && !sc)
      sc = x->type->scalar;
  const Type *elem = types.scalar(sc.value_or(Scalar::F32));
  for (Expr *x : {a, b}) {
    const Type *want = composite(x->type) ? x->type : elem;
    if (composite(x->type) && x->type->scalar != elem->scalar)
      return fail(e->loc, name + "() needs operands of one float type, got " + a->type->str() +
                              " and " + b->type->str());
    if (!s.coerce(x, want, name + "() operand"))
      return nullptr;
  }
  return composite(a->type) ? a->type : composite(b->type) ? b->type : elem;
}

/// cast(a, dtype): a's bit pattern read as dtype, which must have a's size
/// (Warp's static_assert). Scalars, vectors, matrices, quaternions and
/// structs of them.
const Type *MiscRules::cast() {
  if (!bind({"a", "dtype"}))
    return nullptr;
  Expr *d = args[1];
  args.pop_back(); // the type is the call's; only `a` is a value
  if (!checkArgs())
    return nullptr;
  const Type *to = dtypeOf(d);
  if (!to)
    return nullptr;
  Expr *a = args[0];
  if (a->type->isLiteral())
    s.setLiteralType(a, types.concrete(a->type)); // 1.0 is a float32, 1 an int32
  std::optional<SizeAlign> from = layoutOf(a->type), into = layoutOf(to);
  if (!from)
    return argError(a, "a scalar, vector, matrix, quaternion or struct of them");
  if (!into)
    return fail(d->loc, name + "() cannot reinterpret a value as " + to->str() +
                            ": dtype must be a scalar, vector, matrix, quaternion or struct type");
  if (from->size != into->size)
    return fail(e->loc, name + "() reinterprets the bits of a value as a type of the same size: " +
                            a->type->str() + " has " + Twine(from->size) + " bytes, " + to->str() +
                            " " + Twine(into->size));
  return to;
}

/// copy(a): a copy of the value (arrays: of the array, not of its data).
const Type *MiscRules::copy() {
  if (kwarg("dest") || kwarg("src") || args.size() == 2)
    return fail(e->loc,
                "wp.copy(dest, src) copies arrays on the host, not in kernel code; in a kernel, "
                "wp.copy(a) is a copy of the value a");
  if (!bind({"a"}) || !checkArgs())
    return nullptr;
  if (args[0]->type->isLiteral())
    s.setLiteralType(args[0], types.concrete(args[0]->type));
  return args[0]->type;
}

/// zeros(shape, dtype) in kernel code: Warp's fixedarray, a zeroed array of
/// `shape` (an int or a tuple of up to 4 ints, compile-time constants) in the
/// thread's frame. The call has no value arguments: MLIRGen makes a
/// kdsl.local_array of the type's static shape.
const Type *MiscRules::zeros() {
  if (!bind({"shape", "dtype"}))
    return nullptr;
  Expr *shape = args[0], *d = args[1];
  std::optional<llvm::SmallVector<Expr *, 4>> extentsOrNone = arrayExtentsOf(shape);
  if (!extentsOrNone)
    return nullptr;
  llvm::SmallVector<Expr *, 4> &dims = *extentsOrNone;
  llvm::SmallVector<int64_t, 4> extents;
  for (Expr *x : dims) {
    if (!s.check(x))
      return nullptr;
    std::optional<Sema::ConstValue> v = s.evalConst(x);
    // Warp's message (builtins.py, zeros_value_func).
    if (!v || v->kind != Sema::ConstValue::Int)
      return fail(x->loc,
                  "the `shape` argument must be specified as a constant when zero-initializing an "
                  "array (wp.zeros in kernel code makes a fixed-size local array)");
    if (v->i < 0)
      return fail(x->loc, name + "() extents must not be negative, got " + Twine(v->i));
    s.finalize(x);
    extents.push_back(v->i);
  }
  const Type *dtype = elementDtypeOf(d);
  if (!dtype)
    return nullptr;
  args.clear(); // the shape and the type are the call's type; no value arguments
  return types.fixedArray(dtype, extents);
}

/// array(ptr, shape, dtype) in kernel code: Warp's array_t(ptr, dim0, ...),
/// an array over the memory at the uint64 address `ptr` (arr.ptr, or a
/// kernel argument), with the run-time extents of `shape` (an int or a tuple
/// of 1 to 4 ints) and dense strides. Not differentiable, as in Warp. The
/// value arguments become ptr then the extents.
const Type *MiscRules::arrayFromPtr() {
  if (!bind({"ptr", "shape", "dtype"}))
    return nullptr;
  Expr *ptr = args[0], *shape = args[1], *d = args[2];
  if (!s.check(ptr))
    return nullptr;
  const Type *u64 = types.scalar(Scalar::U64);
  if (ptr->type->kind == Type::IntLit) {
    if (!s.coerce(ptr, u64, name + "() argument 'ptr'"))
      return nullptr;
  } else if (ptr->type != u64) {
    return fail(ptr->loc, name + "() ptr must be a uint64 address (such as arr.ptr), got " +
                              ptr->type->str());
  }
  std::optional<llvm::SmallVector<Expr *, 4>> extentsOrNone = arrayExtentsOf(shape);
  if (!extentsOrNone)
    return nullptr;
  llvm::SmallVector<Expr *, 4> &dims = *extentsOrNone;
  for (Expr *x : dims) {
    if (!s.check(x))
      return nullptr;
    if (x->type->kind == Type::IntLit) {
      if (!s.coerce(x, types.i32(), name + "() shape extent"))
        return nullptr;
    } else if (x->type != types.i32()) {
      return fail(x->loc, name + "() shape extents must be int32, got " + x->type->str());
    }
  }
  const Type *dtype = elementDtypeOf(d);
  if (!dtype)
    return nullptr;
  args.clear();
  args.push_back(ptr);
  args.append(dims.begin(), dims.end());
  return types.array(dtype, dims.size());
}

/// wp.breakpoint() and wp.block_dim(): no arguments; the record's Result.
const Type *MiscRules::noArguments() {
  if (!args.empty())
    return fail(e->loc, name + "() takes no arguments");
  return info.result == BuiltinResult::I32 ? types.i32() : types.voidTy();
}

// The records' rule functions (BuiltinRuleFns.h).
#define KDSL_MISC_RULE(fn)                                                                         \
  const Type *kdsl::rules::fn(Sema &s, CallExpr *e, const BuiltinInfo &info) {                     \
    return MiscRules(s, e, info).fn();                                                             \
  }
KDSL_MISC_RULE(quaternion)
KDSL_MISC_RULE(transformSet)
KDSL_MISC_RULE(transformSetCopy)
KDSL_MISC_RULE(divApprox)
KDSL_MISC_RULE(cast)
KDSL_MISC_RULE(copy)
KDSL_MISC_RULE(noArguments)
KDSL_MISC_RULE(zeros)
KDSL_MISC_RULE(arrayFromPtr)
#undef KDSL_MISC_RULE

/// `wp.transform_set_translation(t, p)` as a statement is Warp's `t.p = p`
/// (Warp's code generator emits that very builtin for the assignment);
/// likewise transform_set_rotation and `t.q = q`. Replaces `stmt` by the
/// assignment; leaves any other statement (or a call whose arguments do not
/// bind: the rule reports it) as it is. False after an error.
bool MiscRules::desugarTransformSet(Sema &s, Stmt *&stmt) {
  auto *es = llvm::dyn_cast<ExprStmt>(stmt);
  auto *c = es ? llvm::dyn_cast_or_null<CallExpr>(es->value) : nullptr;
  if (!c || !c->starred.empty())
    return true;
  std::optional<StringRef> callee = s.warpNameOf(c->callee, s.fn->scope);
  if (!callee || (*callee != "transform_set_translation" && *callee != "transform_set_rotation"))
    return true;
  bool rot = *callee == "transform_set_rotation";
  Expr *xform = c->args.size() > 0 ? c->args[0] : nullptr;
  Expr *value = c->args.size() > 1 ? c->args[1] : nullptr;
  for (const Keyword &k : c->kwargs) {
    if (k.name == "xform" && !xform)
      xform = k.value;
    else if (k.name == (rot ? "q" : "p") && !value)
      value = k.value;
    else
      return true;
  }
  if (!xform || !value || c->args.size() + c->kwargs.size() != 2)
    return true;
  // Warp sets the part of the variable passed; kdsl takes a local variable or
  // a struct field of one (what `x.p = v` assigns).
  Expr *root = xform;
  while (auto *at = llvm::dyn_cast<AttributeExpr>(root))
    root = at->base;
  if (!llvm::isa<NameExpr>(root)) {
    s.error(xform->loc,
            "wp." + *callee + "() sets the " + (rot ? "rotation" : "translation") +
                " of a transform variable in place: pass a local variable (or a struct field of "
                "one), or assign `expr." +
                (rot ? "q" : "p") + " = value`");
    return false;
  }
  auto *assign = s.mod.make<AssignStmt>(stmt->loc);
  assign->targets.push_back(
      s.mod.make<AttributeExpr>(xform->loc, xform, rot ? "q" : "p", xform->loc));
  assign->value = value;
  stmt = assign;
  return true;
}

bool kdsl::desugarBuiltinStatement(Sema &s, Stmt *&stmt) {
  return MiscRules::desugarTransformSet(s, stmt);
}

std::optional<std::string> kdsl::unimplementedBuiltinMessage(StringRef name) {
  if (name == "dense_gemm_batched" || name == "dense_chol_batched" || name == "dense_solve_batched")
    return ("wp." + name +
            "() is registered by Warp 1.16 but has no implementation there (its native "
            "code is gone: a Warp kernel calling it does not compile); kdsl does not support it")
        .str();
  return std::nullopt;
}
