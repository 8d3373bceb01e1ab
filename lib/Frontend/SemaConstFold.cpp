//===- SemaConstFold.cpp - module constants and literal typing ------------===//
//
// Module constants folded to Python numbers (checkConst, with evalHost of
// SemaConstEval.cpp), and literals (and folded constants) taking the type
// their context gives: setLiteralType, coerce, finalize, unify.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

#include <cmath>

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

/// Module constants: Python numbers are folded (and adapt like literals);
/// other values (wp.vec3(...), wp.float64(...)) keep their expression.
bool Sema::checkConst(ConstDef *c) {
  if (c->state == CheckState::Done)
    return true;
  if (c->state == CheckState::Failed)
    return false;
  if (c->state == CheckState::InProgress)
    return error(c->loc, "constant '" + c->name + "' refers to itself");
  c->state = CheckState::InProgress;
  // Strip wp.constant(...).
  if (auto *call = llvm::dyn_cast_or_null<CallExpr>(c->value)) {
    auto name = warpNameOf(call->callee, c->scope);
    if (name && *name == "constant" && call->args.size() == 1 && call->kwargs.empty())
      c->value = call->args[0];
  }
  FuncDef *savedFn = fn;
  FuncDef ctx; // constants see only the names of the scope they stand in
  ctx.scope = c->scope;
  ctx.name = c->name;
  fn = &ctx;
  Scope *savedConstScope = constScope;
  constScope = nullptr;
  bool ok = true;
  const Type *typed = nullptr;
  if (auto *call = llvm::dyn_cast_or_null<CallExpr>(c->value)) {
    auto name = warpNameOf(call->callee, c->scope);
    if (name)
      if (const Type *t = lookupWarpType(*name, types); t && t->isScalar())
        typed = t;
    if (auto *n = llvm::dyn_cast<NameExpr>(call->callee)) // pi = wptype(math.pi)
      if (const Type *t = aliasedType(c->scope->lookup(n->name)); t && t->isScalar())
        typed = t;
  }
  HostRaise raised;
  std::optional<PyNumber> v = evalHost(c->value, &raised);
  if (!v && (!raised.msg.empty() || raised.reported)) {
    // Python raises importing the module: Warp never gets to the kernel.
    if (!raised.msg.empty())
      error(raised.loc, "constant '" + c->name + "': " +
                            (StringRef(raised.msg).contains("Error: ") ? "Python raises " : "") +
                            raised.msg);
    c->raises = true;
    ok = false;
  } else if (v) {
    c->ckind = v->kind == PyNumber::Int     ? ConstDef::Kind::Int
               : v->kind == PyNumber::Float ? ConstDef::Kind::Float
                                            : ConstDef::Kind::Bool;
    c->exact = v->i;
    // [2^63, 2^64 - 1] as the bit pattern (a uint64, or an int64's bits).
    c->ival = v->isFloat() || !fitsIntLiteral(v->i, 64, true)
                  ? 0
                  : (int64_t)v->i.apint().sextOrTrunc(64).getZExtValue();
    c->fval = v->toDouble().value_or(v->i.isNegative() ? -HUGE_VAL : HUGE_VAL);
    c->type = typed ? typed : v->kind == PyNumber::Bool ? types.boolTy() : nullptr;
    // wp.int32(x): x must fit, as a literal must (a bit pattern of a signed
    // type is fine).
    if (typed && typed->isIntScalar() && !v->isFloat() &&
        !fitsIntLiteral(c->exact, bitWidth(typed->scalar), isSigned(typed->scalar)))
      ok = error(c->value->loc, "constant '" + c->name + "': " + c->exact.brief() +
                                    " does not fit in " + typed->str());
  } else {
    // wp.vec3([1.0, 2.0, 3.0]), mat22([a, b, c, d]), mat22([[a, b], [c, d]]):
    // Python's vector and matrix types take one sequence for their
    // components (warp/_src/types.py: __init__(*seq)); a list or tuple
    // literal of the source becomes the arguments (row lists flattened).
    auto vecLikeCtor = [&](CallExpr *call) {
      const Type *t = nullptr;
      if (auto name = warpNameOf(call->callee, c->scope))
        t = lookupWarpType(*name, types);
      if (auto *n = llvm::dyn_cast<NameExpr>(call->callee); n && !t)
        t = aliasedType(c->scope->lookup(n->name)); // vec3bool = wp.types.vector(3, wp.bool)
      return t && t->isVecLike();
    };
    if (auto *call = llvm::dyn_cast_or_null<CallExpr>(c->value);
        call && call->args.size() == 1 && call->kwargs.empty() && vecLikeCtor(call))
      if (auto *u = llvm::dyn_cast<UnsupportedExpr>(call->args[0]);
          u && !u->isSet && !u->listItems.empty()) {
        llvm::SmallVector<Expr *, 4> items;
        bool rows = llvm::all_of(u->listItems, [](Expr *x) {
          auto *r = llvm::dyn_cast<UnsupportedExpr>(x);
          return r && !r->isSet && !r->listItems.empty();
        });
        for (Expr *x : u->listItems)
          if (rows)
            llvm::append_range(items, llvm::cast<UnsupportedExpr>(x)->listItems);
          else
            items.push_back(x);
        call->args.assign(items.begin(), items.end());
      } else if (auto *tup = llvm::dyn_cast<TupleExpr>(call->args[0])) {
        llvm::SmallVector<Expr *, 4> items(tup->elts.begin(), tup->elts.end());
        call->args.assign(items.begin(), items.end());
      }
    // A module-level value that is not a kernel-language expression is host
    // code: the use site reports it (see checkName), not the host line.
    const Type *t;
    {
      SuppressDiags quiet(diags);
      t = check(c->value);
    }
    if (!t) {
      ok = false;
      c->hostValue = true;
    } else {
      t = finalize(c->value);
      if (t->kind == Type::Tuple || t->kind == Type::Void || t->kind == Type::Shape ||
          t->kind == Type::Array)
        ok = error(c->loc, "constant '" + c->name + "' has no value usable in kernels");
      c->type = t;
    }
  }
  fn = savedFn;
  constScope = savedConstScope;
  c->state = ok ? CheckState::Done : CheckState::Failed;
  return ok;
}

//===----------------------------------------------------------------------===//
// Literal typing
//===----------------------------------------------------------------------===//

/// Integer literal arithmetic whose value changes if done in floating point.
static bool needsIntEval(const Expr *e) {
  if (auto *b = llvm::dyn_cast<BinaryExpr>(e))
    return b->op == BinOp::Div || b->op == BinOp::FloorDiv || b->op == BinOp::Mod ||
           b->op == BinOp::BitAnd || b->op == BinOp::BitOr || b->op == BinOp::BitXor ||
           b->op == BinOp::Shl || b->op == BinOp::Shr || b->op == BinOp::Pow ||
           needsIntEval(b->lhs) || needsIntEval(b->rhs);
  if (auto *u = llvm::dyn_cast<UnaryExpr>(e))
    return u->op == UnOp::Invert || needsIntEval(u->operand);
  return false;
}

void Sema::setLiteralType(Expr *e, const Type *t) {
  if (e->type && e->type->kind == Type::IntLit && t->isFloatScalar() && needsIntEval(e)) {
    // Compute in int32 with C semantics, then convert.
    setLiteralType(e, types.i32());
    e->evalType = types.i32();
    e->type = t;
    return;
  }
  e->type = t;
  switch (e->kind) {
  case ExprKind::Unary: {
    auto *u = static_cast<UnaryExpr *>(e);
    if (u->operand->type && u->operand->type->isLiteral())
      setLiteralType(u->operand, t);
    break;
  }
  case ExprKind::Binary: {
    auto *b = static_cast<BinaryExpr *>(e);
    if (b->lhs->type && b->lhs->type->isLiteral())
      setLiteralType(b->lhs, t);
    if (b->rhs->type && b->rhs->type->isLiteral())
      setLiteralType(b->rhs, t);
    break;
  }
  case ExprKind::IfExp: {
    auto *i = static_cast<IfExpExpr *>(e);
    if (i->thenExpr->type->isLiteral())
      setLiteralType(i->thenExpr, t);
    if (i->elseExpr->type->isLiteral())
      setLiteralType(i->elseExpr, t);
    break;
  }
  default:
    break;
  }
}

/// The value of an integer literal, possibly negated.
static std::optional<std::pair<bool, uint64_t>> intLiteral(const Expr *e) {
  bool neg = false;
  while (auto *u = llvm::dyn_cast<UnaryExpr>(e)) {
    if (u->op == UnOp::Neg)
      neg = !neg;
    else if (u->op != UnOp::Pos)
      return std::nullopt;
    e = u->operand;
  }
  if (auto *i = llvm::dyn_cast<IntExpr>(e))
    return std::make_pair(neg, i->value);
  return std::nullopt;
}

bool Sema::coerce(Expr *e, const Type *t, const llvm::Twine &what) {
  const Type *from = e->type;
  if (from == t)
    return true;
  // A fixed-size local array (wp.zeros) is an array: it binds to a parameter
  // of its dtype and dimension count (by reference, as in Warp).
  if (from->isFixedArray() && t->isPlainArray() && !t->isFixedArray() && from->dtype == t->dtype &&
      from->ndim == t->ndim)
    return true;
  if (from->kind == Type::IntLit && t->isIntScalar()) {
    // A literal must fit its type: [-2^(w-1), 2^w - 1] for signed types (bit
    // patterns such as 0xFFFFFFFF are fine), [0, 2^w - 1] for unsigned ones.
    if (auto lit = intLiteral(e)) {
      unsigned w = bitWidth(t->scalar);
      uint64_t umax = w == 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
      uint64_t negMax = isSigned(t->scalar) ? (uint64_t)1 << (w - 1) : 0;
      if (lit->first ? lit->second > negMax : lit->second > umax)
        return error(e->loc, what + ": the literal does not fit in " + t->str());
    }
  }
  if (from->kind == Type::IntLit && t->isNumeric() && !t->isLiteral()) {
    setLiteralType(e, t);
    return true;
  }
  if (from->kind == Type::FloatLit && t->isFloatScalar()) {
    setLiteralType(e, t);
    return true;
  }
  if (from->isLiteral() && t->isBool()) {
    setLiteralType(e, types.concrete(from));
    return error(e->loc, what + ": expected bool, got " + types.concrete(from)->str());
  }
  if (from->kind == Type::FloatLit && t->isIntScalar())
    return error(e->loc, what + ": a float literal cannot be used as " + t->str());
  if (from->isLiteral())
    return error(e->loc, what + ": expected " + t->str() + ", got a number");
  return error(e->loc,
               what + ": expected " + t->str() + ", got " + from->str() +
                   (t->isScalar() && from->isScalar()
                        ? " (convert explicitly, e.g. " + std::string(warpName(t->scalar)) + "(x))"
                        : ""));
}

const Type *Sema::finalize(Expr *e) {
  if (e->type && e->type->isLiteral())
    setLiteralType(e, types.concrete(e->type));
  return e->type;
}

const Type *Sema::unify(Expr *a, Expr *b, SMLoc loc, StringRef what) {
  const Type *ta = a->type, *tb = b->type;
  if (ta->isLiteral() && tb->isLiteral())
    return ta->kind == Type::FloatLit || tb->kind == Type::FloatLit ? types.floatLit()
                                                                    : types.intLit();
  if (ta->isLiteral())
    return coerce(a, tb, what) ? tb : nullptr;
  if (tb->isLiteral())
    return coerce(b, ta, what) ? ta : nullptr;
  if (ta != tb) {
    error(loc, what + ": operands have different types " + ta->str() + " and " + tb->str() +
                   (ta->isScalar() && tb->isScalar() ? " (convert one explicitly)" : ""));
    return nullptr;
  }
  return ta;
}
