//===- SemaExpr.cpp - expression typing -----------------------------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

const Type *Sema::check(Expr *e) {
  const Type *t = nullptr;
  switch (e->kind) {
  case ExprKind::Int: {
    auto *i = static_cast<IntExpr *>(e);
    if (i->overflow)
      return error(e->loc, "integer literal is too large"), nullptr;
    t = types.intLit();
    break;
  }
  case ExprKind::Float:
    t = types.floatLit();
    break;
  case ExprKind::Bool:
    t = types.boolTy();
    break;
  case ExprKind::Name:
    t = checkName(static_cast<NameExpr *>(e));
    break;
  case ExprKind::Attribute:
    t = checkAttribute(static_cast<AttributeExpr *>(e));
    break;
  case ExprKind::Subscript:
    t = checkSubscript(static_cast<SubscriptExpr *>(e));
    break;
  case ExprKind::Call:
    t = checkCall(static_cast<CallExpr *>(e));
    break;
  case ExprKind::Binary:
    t = checkBinary(static_cast<BinaryExpr *>(e));
    break;
  case ExprKind::Unary:
    t = checkUnary(static_cast<UnaryExpr *>(e));
    break;
  case ExprKind::Compare:
    t = checkCompare(static_cast<CompareExpr *>(e));
    break;
  case ExprKind::BoolOp: {
    auto *b = static_cast<BoolOpExpr *>(e);
    for (Expr *o : b->operands)
      if (!checkCondition(o))
        return nullptr;
    t = types.boolTy();
    break;
  }
  case ExprKind::IfExp: {
    auto *i = static_cast<IfExpExpr *>(e);
    if (!checkCondition(i->cond) || !check(i->thenExpr) || !check(i->elseExpr))
      return nullptr;
    t = unify(i->thenExpr, i->elseExpr, e->loc, "conditional expression");
    if (t && (t->kind == Type::Tuple || t->kind == Type::Void || t->kind == Type::Shape)) {
      error(e->loc, "conditional expression cannot produce " + t->str());
      return nullptr;
    }
    break;
  }
  case ExprKind::Tuple: { // a tuple value (Warp's tuple_t): its elements' concrete types
    std::vector<const Type *> elems;
    for (Expr *x : static_cast<TupleExpr *>(e)->elts) {
      const Type *xt = check(x);
      if (!xt)
        return nullptr;
      if (xt->kind == Type::Void || xt->kind == Type::Shape || xt->kind == Type::Function) {
        error(x->loc, "a tuple cannot hold " +
                          llvm::Twine(xt->kind == Type::Void    ? "a call that returns no value"
                                      : xt->kind == Type::Shape ? "an array shape"
                                                                : "a function"));
        return nullptr;
      }
      elems.push_back(finalize(x));
    }
    if (elems.empty()) {
      error(e->loc, "empty tuples are not supported in kernel code");
      return nullptr;
    }
    t = types.tuple(elems);
    break;
  }
  case ExprKind::Unsupported:
    error(e->loc, static_cast<UnsupportedExpr *>(e)->what + " are not supported in kernel code");
    return nullptr;
  case ExprKind::Slice: // slices of vectors, matrices and arrays are resolved by checkSubscript
    error(e->loc, "a slice can only index a vector, quaternion, matrix or array");
    return nullptr;
  }
  e->type = t;
  return t;
}

const Type *Sema::checkName(NameExpr *e) {
  if (auto r = reboundName(e->name)) // an array local rebound with another ndim (bindLocal)
    e->name = *r;
  auto it = fn->locals.find(e->name);
  if (it != fn->locals.end()) {
    e->ref = RefKind::Local;
    if (it->second->kind == Type::Function) {
      error(e->loc,
            "'" + e->name + "' is a function (" + it->second->str() +
                "): it can be called or passed to a wp.Function parameter, not used as a value");
      return nullptr;
    }
    return it->second;
  }
  const Symbol *s = fn->scope->lookup(e->name);
  if (auto w = s ? std::nullopt : warpNameOf(e, fn->scope)) // a bare Warp name, e.g. PI
    if (auto v = lookupWarpConstant(*w)) {
      e->ref = RefKind::WarpConst;
      e->constValue = *v;
      return types.floatLit();
    }
  if (!s) {
    if (lookupPythonType(e->name, types) || lookupPythonBuiltin(e->name))
      error(e->loc, "'" + e->name + "' must be called");
    else
      error(e->loc, "name '" + e->name + "' is not defined");
    return nullptr;
  }
  switch (s->kind) {
  case Symbol::Const: {
    ConstDef *c = s->constDef;
    if (!checkConst(c)) {
      if (c->hostValue)
        error(e->loc, "name '" + e->name +
                          "' is not defined in kernel code (its module-level "
                          "value is host code, not a constant)");
      else
        diags.note(e->loc, "constant '" + e->name + "' used here");
      return nullptr;
    }
    // Kernel integers are at most 64-bit: a wider Python int has no value
    // there (MLIRGen checks the type each use gives it).
    if (c->ckind == ConstDef::Kind::Int && !fitsIntLiteral(c->exact, 64, true)) {
      error(e->loc, "constant '" + e->name + "' is " + c->exact.brief() +
                        ", which does not fit in a 64-bit integer");
      return nullptr;
    }
    e->ref = RefKind::Constant;
    e->constDef = c;
    if (c->ckind == ConstDef::Kind::Expr || c->type)
      return c->type;
    return c->ckind == ConstDef::Kind::Int ? types.intLit() : types.floatLit();
  }
  case Symbol::Func:
    error(e->loc, "'" + e->name + "' is a function and must be called");
    return nullptr;
  case Symbol::Struct:
    error(e->loc, "'" + e->name + "' is a struct type, not a value");
    return nullptr;
  case Symbol::WarpModule:
    error(e->loc, "module '" + e->name + "' is not a value");
    return nullptr;
  case Symbol::WarpName:
    if (auto v = lookupWarpConstant(s->warpName)) {
      e->ref = RefKind::WarpConst;
      e->constValue = *v;
      return types.floatLit();
    }
    error(e->loc, "'" + e->name + "' (warp." + s->warpName + ") is not a value");
    return nullptr;
  case Symbol::Other:
    if (reportHostName(e, s))
      return nullptr;
    error(e->loc, "name '" + e->name +
                      "' is not a constant, @wp.func or @wp.struct visible to kernel code");
    return nullptr;
  }
  return nullptr;
}

const Type *Sema::checkAttribute(AttributeExpr *e) {
  // wp.Volume.CLOSEST and wp.Volume.LINEAR: the sampling modes, as ints.
  if (auto *v = llvm::dyn_cast<AttributeExpr>(e->base);
      v && v->attr == "Volume" && isWarpModule(v->base, fn->scope)) {
    if (e->attr != "CLOSEST" && e->attr != "LINEAR") {
      error(e->attrLoc, "'wp.Volume." + e->attr +
                            "' is not a sampling mode: kernels may use wp.Volume.CLOSEST and "
                            "wp.Volume.LINEAR");
      return nullptr;
    }
    e->akind = AttrKind::WarpConst;
    e->constValue = e->attr == "LINEAR" ? 1 : 0;
    return types.intLit();
  }
  if (isWarpModule(e->base, fn->scope)) {
    if (auto v = lookupWarpConstant(e->attr)) {
      e->akind = AttrKind::WarpConst;
      e->constValue = *v;
      return types.floatLit();
    }
    if (lookupWarpBuiltin(e->attr) || lookupWarpType(e->attr, types))
      error(e->attrLoc, "'wp." + e->attr + "' must be called");
    else
      error(e->attrLoc, "unknown or unsupported Warp name 'wp." + e->attr + "'");
    return nullptr;
  }
  const Type *bt = check(e->base);
  if (!bt)
    return nullptr;
  if (bt->isTransform())
    return checkTransformAttribute(e, bt);
  switch (bt->kind) {
  case Type::Vec:
  case Type::Quat: {
    int idx = e->attr == "x"   ? 0
              : e->attr == "y" ? 1
              : e->attr == "z" ? 2
              : e->attr == "w" ? 3
                               : -1;
    unsigned n = bt->kind == Type::Quat ? 4 : bt->rows;
    if (idx < 0 || (unsigned)idx >= n) {
      error(e->attrLoc, bt->str() + " has no component '" + e->attr + "'");
      return nullptr;
    }
    e->akind = AttrKind::Component;
    e->index = idx;
    return types.scalar(bt->scalar);
  }
  case Type::Struct: {
    const StructDef *s = bt->structDef;
    for (size_t i = 0; i < s->fields.size(); ++i)
      if (s->fields[i].name == e->attr) {
        e->akind = AttrKind::StructField;
        e->index = i;
        return s->fields[i].type;
      }
    error(e->attrLoc, "struct '" + s->name + "' has no field '" + e->attr + "'");
    return nullptr;
  }
  case Type::Array:
    if (e->attr == "shape") {
      e->akind = AttrKind::Shape;
      return types.shape(bt->ndim);
    }
    if (e->attr == "ndim") { // a constant: a view's ndim is its type's (Warp reads array_t::ndim)
      e->akind = AttrKind::WarpConst;
      e->constValue = bt->ndim;
      return types.i32();
    }
    if (e->attr == "ptr" && !bt->indexed) { // the data address (Warp's pointer_t; kdsl: uint64)
      e->akind = AttrKind::ArrayPtr;
      return types.scalar(Scalar::U64);
    }
    error(e->attrLoc,
          "arrays have no attribute '" + e->attr + "' in kernels (only .shape, .ndim and .ptr)");
    return nullptr;
  default:
    error(e->attrLoc, "a value of type " + bt->str() + " has no attribute '" + e->attr + "'");
    return nullptr;
  }
}

/// An index of an array, vector or matrix: an integer (a literal becomes int32,
/// Warp's index type).
bool Sema::checkIndex(Expr *idx) {
  const Type *t = check(idx);
  if (!t)
    return false;
  if (t->kind == Type::IntLit)
    return coerce(idx, types.i32(), "index");
  if (!t->isIntScalar())
    return error(idx->loc, "indices must be integers, got " + t->str());
  return true;
}

const Type *Sema::checkSubscript(SubscriptExpr *e) {
  if (e->skind == SubKind::TileElem && e->indices.empty() && e->type)
    return e->type; // a wp.tile_map element (BuiltinRulesTile.cpp)
  const Type *bt = check(e->base);
  if (!bt)
    return nullptr;
  unsigned n = e->indices.size();
  switch (bt->kind) {
  case Type::Array:
    if (llvm::any_of(e->indices, [](Expr *i) { return llvm::isa<SliceExpr>(i); }))
      return checkArraySlice(e, bt); // SemaSlices.cpp
    if (n < bt->ndim) {              // a view: the array of the remaining dimensions
      for (Expr *i : e->indices)
        if (!checkIndex(i))
          return nullptr;
      e->skind = SubKind::ArrayView;
      return bt->indexed ? types.indexedArray(bt->dtype, bt->ndim - n)
                         : types.array(bt->dtype, bt->ndim - n);
    }
    if (n > bt->ndim) {
      error(e->loc, "too many indices (" + llvm::Twine(n) + ") for a " +
                        llvm::Twine((unsigned)bt->ndim) + "-d array");
      return nullptr;
    }
    for (Expr *i : e->indices)
      if (!checkIndex(i))
        return nullptr;
    e->skind = SubKind::ArrayElem;
    return bt->dtype;
  case Type::Tile: // t[i, j]: wp.tile_extract; t[i] of a 2-d tile, t[a:b, :]: a view
    if (n > bt->ndim) {
      error(e->loc, bt->str() + " takes at most " + llvm::Twine((unsigned)bt->ndim) +
                        " indices, got " + llvm::Twine(n));
      return nullptr;
    }
    if (n < bt->ndim || llvm::any_of(e->indices, [](Expr *i) { return llvm::isa<SliceExpr>(i); }))
      return checkTileView(e, bt); // SemaSlices.cpp
    for (Expr *i : e->indices) {
      if (!check(i))
        return nullptr;
      if (i->type->isTile())
        return checkTileGather(e, bt,
                               llvm::find(e->indices, i) - e->indices.begin()); // SemaSlices.cpp
      if (!checkIndex(i))
        return nullptr;
    }
    for (size_t k = 0; k < n; ++k) // constant negative indices count from the end
      if (auto v = evalConst(e->indices[k]); v && v->kind == ConstValue::Int) {
        int64_t ext = bt->fixedShape[k];
        if (v->i < -ext || v->i >= ext) {
          error(e->indices[k]->loc,
                "index " + llvm::Twine(v->i) + " is out of range for " + bt->str());
          return nullptr;
        }
        if (v->i < 0) {
          e->indices[k] = mod.make<IntExpr>(e->indices[k]->loc, (uint64_t)(v->i + ext), false);
          check(e->indices[k]);
          coerce(e->indices[k], types.i32(), "index");
        }
      }
    e->skind = SubKind::TileElem;
    return bt->dtype;
  case Type::Vec:
  case Type::Quat:
    // Slices and negative constant indices: SemaSlices.cpp.
    if (llvm::any_of(e->indices, [](Expr *i) { return llvm::isa<SliceExpr>(i); }))
      return checkCompositeSlice(e, bt);
    wrapNegativeIndices(e, bt);
    if (n != 1) {
      error(e->loc, bt->str() + " takes one index");
      return nullptr;
    }
    if (!checkIndex(e->indices[0]))
      return nullptr;
    if (auto v = evalConst(e->indices[0]);
        v && v->kind == ConstValue::Int && (v->i < 0 || v->i >= (int64_t)bt->numElements())) {
      error(e->indices[0]->loc, "index " + llvm::Twine(v->i) + " is out of range for " + bt->str());
      return nullptr;
    }
    e->skind = SubKind::VecElem;
    return types.scalar(bt->scalar);
  case Type::Mat:
    if (llvm::any_of(e->indices, [](Expr *i) { return llvm::isa<SliceExpr>(i); }))
      return checkCompositeSlice(e, bt);
    wrapNegativeIndices(e, bt);
    if (n < 1 || n > 2) {
      error(e->loc, bt->str() + " takes one (row) or two indices");
      return nullptr;
    }
    for (unsigned k = 0; k < n; ++k) {
      if (!checkIndex(e->indices[k]))
        return nullptr;
      unsigned extent = k == 0 ? bt->rows : bt->cols;
      if (auto v = evalConst(e->indices[k]);
          v && v->kind == ConstValue::Int && (v->i < 0 || v->i >= (int64_t)extent)) {
        error(e->indices[k]->loc,
              "index " + llvm::Twine(v->i) + " is out of range for " + bt->str());
        return nullptr;
      }
    }
    e->skind = n == 1 ? SubKind::MatRow : SubKind::MatElem;
    return n == 1 ? types.vec(bt->cols, bt->scalar) : types.scalar(bt->scalar);
  case Type::Tuple: { // Warp's extract(): the index must be a compile-time constant
    if (n != 1 || llvm::isa<SliceExpr>(e->indices[0])) {
      error(e->loc, "a tuple takes one constant index");
      return nullptr;
    }
    if (!check(e->indices[0]))
      return nullptr;
    auto v = evalConst(e->indices[0]);
    if (!v || v->kind != ConstValue::Int) {
      error(e->indices[0]->loc,
            "a tuple index must be a compile-time constant (as in Warp); a loop over "
            "range(len(t)) with constant bounds is unrolled so that its variable is one");
      return nullptr;
    }
    int64_t k = v->i < 0 ? v->i + (int64_t)bt->elems.size() : v->i;
    if (k < 0 || k >= (int64_t)bt->elems.size()) {
      error(e->indices[0]->loc,
            "index " + llvm::Twine(v->i) + " is out of range for the tuple " + bt->str());
      return nullptr;
    }
    finalize(e->indices[0]);
    e->skind = SubKind::TupleElem;
    e->constIndex = k;
    return bt->elems[k];
  }
  case Type::Shape: {
    if (n != 1) {
      error(e->loc, "shape takes one index");
      return nullptr;
    }
    if (!check(e->indices[0]))
      return nullptr;
    // Warp's shape has 4 entries: those past ndim are 0 (a.shape[1] of a 1-d array).
    auto v = evalConst(e->indices[0]);
    if (!v || v->kind != ConstValue::Int || v->i < 0 || v->i >= 4) {
      error(e->indices[0]->loc, "shape index must be a constant from 0 to 3 (" +
                                    llvm::Twine((unsigned)bt->ndim) + "-d array: entries from " +
                                    llvm::Twine((unsigned)bt->ndim) + " on are 0)");
      return nullptr;
    }
    finalize(e->indices[0]);
    e->skind = SubKind::ShapeDim;
    e->constIndex = v->i;
    return types.i32();
  }
  default:
    error(e->loc, "a value of type " + bt->str() + " cannot be indexed");
    return nullptr;
  }
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

const Type *Sema::binaryResult(BinOp op, Expr *lhs, Expr *rhs, SMLoc loc) {
  const Type *ta = lhs->type, *tb = rhs->type;
  std::string what = std::string("operator '") + spell(op) + "'";
  bool bitwise = op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor ||
                 op == BinOp::Shl || op == BinOp::Shr;
  auto bad = [&]() -> const Type * {
    error(loc, what + " is not defined for " + ta->str() + " and " + tb->str());
    return nullptr;
  };
  bool aScalarish = ta->isScalar() || ta->isLiteral(),
       bScalarish = tb->isScalar() || tb->isLiteral();
  // bool operands: only `& | ^` with another bool.
  if ((ta->isBool() || tb->isBool()) && aScalarish && bScalarish &&
      (!(ta->isBool() && tb->isBool()) || !bitwise || op == BinOp::Shl || op == BinOp::Shr)) {
    error(loc, what + " is not defined for " + ta->str() + " and " +
                   (tb->isLiteral() ? std::string("a number") : tb->str()));
    return nullptr;
  }
  if (aScalarish && bScalarish) {
    const Type *t = unify(lhs, rhs, loc, what);
    if (!t)
      return nullptr;
    ta = lhs->type;
    tb = rhs->type;
    if (op == BinOp::MatMul)
      return bad();
    if (bitwise) {
      if (t->kind == Type::FloatLit || t->isFloatScalar())
        return bad();
      if (t->isBool() && (op == BinOp::Shl || op == BinOp::Shr))
        return bad();
      return t;
    }
    if (t->isBool())
      return bad();
    return t;
  }
  // Vector, matrix and quaternion operands: literals become the element type.
  if (ta->isLiteral() && tb->isVecLike() && !coerce(lhs, types.scalar(tb->scalar), what))
    return nullptr;
  if (tb->isLiteral() && ta->isVecLike() && !coerce(rhs, types.scalar(ta->scalar), what))
    return nullptr;
  ta = lhs->type;
  tb = rhs->type;
  if (!ta->isVecLike() && !tb->isVecLike())
    return bad();
  if (ta->scalar != tb->scalar && !(ta->kind == Type::Array || tb->kind == Type::Array))
    return error(loc, what + ": element types differ (" + ta->str() + " and " + tb->str() + ")"),
           nullptr;
  switch (op) {
  case BinOp::Add:
  case BinOp::Sub:
    return ta == tb ? ta : bad();
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor:
  case BinOp::Shl:
  case BinOp::Shr:
    // Warp's bit_and .. rshift on vectors and matrices of integers:
    // element-wise, both operands of one type.
    return ta == tb && (ta->kind == Type::Vec || ta->kind == Type::Mat) && isInt(ta->scalar)
               ? ta
               : bad();
  case BinOp::Mul:
  case BinOp::MatMul:
    if (ta->isScalar() && tb->isVecLike() && op == BinOp::Mul)
      return tb;
    if (tb->isScalar() && ta->isVecLike() && op == BinOp::Mul)
      return ta;
    if (ta->kind == Type::Mat && tb->kind == Type::Mat)
      return ta->cols == tb->rows ? types.mat(ta->rows, tb->cols, ta->scalar) : bad();
    if (ta->kind == Type::Mat && tb->kind == Type::Vec)
      return ta->cols == tb->rows ? types.vec(ta->rows, ta->scalar) : bad();
    if (ta->kind == Type::Vec && tb->kind == Type::Mat)
      return ta->rows == tb->rows ? types.vec(tb->cols, ta->scalar) : bad();
    if (ta->kind == Type::Quat && tb->kind == Type::Quat && op == BinOp::Mul)
      return ta;
    if (ta->isTransform() && tb->isTransform() && op == BinOp::Mul)
      return ta; // transform_multiply
    if (ta->kind == Type::Vec && tb->kind == Type::Vec) {
      error(loc,
            std::string("'") + spell(op) +
                "' between two vectors is ambiguous: use wp.cw_mul (component-wise) or wp.dot");
      return nullptr;
    }
    return bad();
  case BinOp::Div:
    if (tb->isScalar() && ta->isVecLike())
      return ta;
    if (ta->isScalar() && tb->isVecLike())
      return tb; // component-wise s / v, as in Warp
    if (ta->kind == Type::Vec && tb->kind == Type::Vec) {
      error(loc, "'/' between two vectors: use wp.cw_div");
      return nullptr;
    }
    return bad();
  default:
    return bad();
  }
}

/// Warp's name of the builtin an operator calls (codegen.py builtin_operators).
static StringRef operatorFuncName(BinOp op) {
  switch (op) {
  case BinOp::Add:
    return "add";
  case BinOp::Sub:
    return "sub";
  case BinOp::Mul:
  case BinOp::MatMul:
    return "mul";
  case BinOp::Div:
    return "div";
  case BinOp::FloorDiv:
    return "floordiv";
  case BinOp::Mod:
    return "mod";
  case BinOp::Pow:
    return "pow";
  case BinOp::BitAnd:
    return "bit_and";
  case BinOp::BitOr:
    return "bit_or";
  case BinOp::BitXor:
    return "bit_xor";
  case BinOp::Shl:
    return "lshift";
  case BinOp::Shr:
    return "rshift";
  }
  return "";
}

const Type *Sema::checkBinary(BinaryExpr *e) {
  if (!check(e->lhs) || !check(e->rhs))
    return nullptr;
  // Struct operands: a @wp.func named after the operator (`def add(a:
  // Complex, b: Complex)`), as Warp's emit_BinOp tries the user's function
  // of that name first; when its signature does not take the operands,
  // the operator's own error follows.
  if (e->lhs->type->kind == Type::Struct || e->rhs->type->kind == Type::Struct)
    if (const Symbol *s = fn->scope->lookup(operatorFuncName(e->op));
        s && s->kind == Symbol::Func && !s->func->isKernel) {
      auto *call = mod.make<CallExpr>(e->loc, mod.make<NameExpr>(e->opLoc, s->func->name));
      call->args.push_back(e->lhs);
      call->args.push_back(e->rhs);
      const Type *t;
      {
        SuppressDiags quiet(diags);
        t = checkFuncCall(call, s->func);
        if (quiet.hadErrors())
          t = nullptr;
      }
      if (t && t->kind != Type::Void && t->kind != Type::Tuple) {
        e->userCall = call;
        return call->type = t;
      }
      check(e->lhs); // retyped by the attempt
      check(e->rhs);
    }
  if (e->lhs->type->isTile() || e->rhs->type->isTile())
    return tileBinaryResult(e);
  for (Expr *o : {e->lhs, e->rhs})
    if (o->type->kind == Type::Tuple || o->type->kind == Type::Void ||
        o->type->kind == Type::Shape || o->type->kind == Type::Array ||
        o->type->kind == Type::Struct) {
      error(o->loc,
            std::string("operator '") + spell(e->op) + "' cannot be applied to " + o->type->str());
      return nullptr;
    }
  return binaryResult(e->op, e->lhs, e->rhs, e->opLoc);
}

/// Warp's tile operators: `a + b`, `a - b`, `a * b`, `a / b` of two tiles of
/// one shape and dtype, element-wise; `t * s`, `s * t` and `t / s` with a
/// scalar of the tile's (element) scalar type. The result is the tile's type;
/// MLIRGen makes a kdsl.tile_map.
const Type *Sema::tileBinaryResult(BinaryExpr *e) {
  const Type *ta = e->lhs->type, *tb = e->rhs->type;
  auto bad = [&]() -> const Type * {
    error(e->opLoc, std::string("operator '") + spell(e->op) + "' is not defined for " + ta->str() +
                        " and " + (tb->isLiteral() ? std::string("a number") : tb->str()));
    return nullptr;
  };
  bool arith =
      e->op == BinOp::Add || e->op == BinOp::Sub || e->op == BinOp::Mul || e->op == BinOp::Div;
  bool bitwise = e->op == BinOp::BitAnd || e->op == BinOp::BitOr || e->op == BinOp::BitXor;
  // Tiles of one struct: + and - field by field (Warp 1.16's struct tiles;
  // MLIRGen::structArith).
  if ((e->op == BinOp::Add || e->op == BinOp::Sub) && ta->isTile() && tb->isTile() &&
      ta->dtype == tb->dtype && ta->dtype->kind == Type::Struct) {
    if (ta->fixedShape != tb->fixedShape) {
      error(e->opLoc, std::string("operator '") + spell(e->op) +
                          "' needs tiles of one shape, got " + ta->str() + " and " + tb->str());
      return nullptr;
    }
    return ta;
  }
  for (const Type *t : {ta, tb})
    if (t->isTile() && !(t->dtype->isScalar() || t->dtype->isVecLike()))
      return bad(); // tiles of structs
  if (!arith && !(bitwise && ta->isTile() && tb->isTile()))
    return bad();
  if (ta->isTile() && tb->isTile()) {
    if (ta->fixedShape != tb->fixedShape) {
      error(e->opLoc, std::string("operator '") + spell(e->op) +
                          "' needs tiles of one shape, got " + ta->str() + " and " + tb->str());
      return nullptr;
    }
    // Warp's tile bit_and / bit_or / bit_xor: two tiles of one integer
    // scalar, vector or matrix dtype, element-wise.
    if (bitwise)
      return ta->dtype == tb->dtype && isInt(ta->dtype->scalar) &&
                     (ta->dtype->isScalar() || ta->dtype->kind == Type::Vec ||
                      ta->dtype->kind == Type::Mat)
                 ? ta
                 : bad();
    // A tile of scalars times (or over) a tile of vectors or matrices of
    // that scalar, and back: the element operator's result, element-wise.
    if ((e->op == BinOp::Mul || e->op == BinOp::Div) && ta->dtype != tb->dtype &&
        (ta->dtype->isScalar() != tb->dtype->isScalar()) && !ta->dtype->isBool() &&
        !tb->dtype->isBool()) {
      auto elemOf = [&](Expr *x) {
        auto *el = mod.make<SubscriptExpr>(x->loc, x);
        el->skind = SubKind::TileElem;
        el->type = x->type->dtype;
        return el;
      };
      const Type *r = binaryResult(e->op, elemOf(e->lhs), elemOf(e->rhs), e->opLoc);
      if (!r)
        return nullptr;
      if (!(r->isScalar() || r->isVecLike()))
        return bad();
      return types.tile(r, ta->fixedShape);
    }
    if (ta->dtype != tb->dtype) {
      error(e->opLoc, std::string("operator '") + spell(e->op) +
                          "' needs tiles of one dtype, got " + ta->str() + " and " + tb->str());
      return nullptr;
    }
    if (ta->dtype->isBool() ||
        ((e->op == BinOp::Mul || e->op == BinOp::Div) && !ta->dtype->isScalar()))
      return bad();
    return ta;
  }
  // A tile and a scalar: `t * s`, `s * t`, `t / s`.
  bool tileLeft = ta->isTile();
  const Type *tile = tileLeft ? ta : tb;
  Expr *scalar = tileLeft ? e->rhs : e->lhs;
  // Warp's other tile-value products and quotients (`t * wp.vec3(...)` of a
  // float tile, `m * t`, `s / t`): the element operator's result, element-wise.
  if ((e->op == BinOp::Mul || e->op == BinOp::Div) &&
      (scalar->type->isVecLike() || (e->op == BinOp::Div && !tileLeft)) && !tile->dtype->isBool()) {
    Expr *tileExpr = tileLeft ? e->lhs : e->rhs;
    auto *elem = mod.make<SubscriptExpr>(tileExpr->loc, tileExpr);
    elem->skind = SubKind::TileElem;
    elem->type = tile->dtype;
    if (scalar->type->isLiteral() && tile->dtype->isVecLike() &&
        !coerce(scalar, types.scalar(tile->dtype->scalar),
                std::string("operator '") + spell(e->op) + "'"))
      return nullptr;
    if (scalar->type->isLiteral() && tile->dtype->isScalar() &&
        !coerce(scalar, tile->dtype, std::string("operator '") + spell(e->op) + "'"))
      return nullptr;
    const Type *r = tileLeft ? binaryResult(e->op, elem, scalar, e->opLoc)
                             : binaryResult(e->op, scalar, elem, e->opLoc);
    if (!r)
      return nullptr;
    if (!(r->isScalar() || r->isVecLike()))
      return bad();
    return types.tile(r, tile->fixedShape);
  }
  if (!(e->op == BinOp::Mul || (e->op == BinOp::Div && tileLeft)) || tile->dtype->isBool())
    return bad();
  const Type *elem = types.scalar(tile->dtype->scalar);
  if (!(scalar->type->isScalar() || scalar->type->isLiteral()))
    return bad();
  if (!coerce(scalar, elem, std::string("operator '") + spell(e->op) + "' scalar operand"))
    return nullptr;
  return tile;
}

const Type *Sema::checkUnary(UnaryExpr *e) {
  if (e->op == UnOp::Not) {
    if (!checkCondition(e->operand))
      return nullptr;
    return types.boolTy();
  }
  const Type *t = check(e->operand);
  if (!t)
    return nullptr;
  if (e->op == UnOp::Invert) {
    if (t->kind == Type::IntLit || t->isIntScalar())
      return t;
    if ((t->kind == Type::Vec || t->kind == Type::Mat) && isInt(t->scalar))
      return t; // Warp's invert on integer vectors and matrices: element-wise
    error(e->loc, "operator '~' needs an integer, got " + t->str());
    return nullptr;
  }
  if (t->isLiteral() || (t->isScalar() && !t->isBool()) || t->isVecLike())
    return t;
  if (t->isTile() && (e->op == UnOp::Neg || e->op == UnOp::Pos) && !t->dtype->isBool() &&
      (t->dtype->isScalar() || t->dtype->isVecLike()))
    return t; // element-wise (a kdsl.tile_map)
  error(e->loc, std::string("unary '") + spell(e->op) + "' cannot be applied to " + t->str());
  return nullptr;
}

const Type *Sema::checkCompare(CompareExpr *e) {
  for (Expr *o : e->operands)
    if (!check(o))
      return nullptr;
  for (size_t i = 0; i < e->ops.size(); ++i) {
    CmpOp op = e->ops[i];
    Expr *a = e->operands[i], *b = e->operands[i + 1];
    if (op == CmpOp::Is || op == CmpOp::IsNot || op == CmpOp::In || op == CmpOp::NotIn) {
      error(e->opLocs[i],
            std::string("operator '") + spell(op) + "' is not supported in kernel code");
      return nullptr;
    }
    // Warp compares an int with a float by converting the int: record the
    // conversion on the int operand.
    if (a->type->isScalar() && b->type->isScalar() && a->type != b->type &&
        (isFloat(a->type->scalar) != isFloat(b->type->scalar)) && !a->type->isBool() &&
        !b->type->isBool()) {
      Expr *intSide = isFloat(a->type->scalar) ? b : a;
      const Type *ft = isFloat(a->type->scalar) ? a->type : b->type;
      intSide->evalType = intSide->type;
      intSide->type = ft;
    }
    const Type *t = unify(a, b, e->opLocs[i], std::string("comparison '") + spell(op) + "'");
    if (!t)
      return nullptr;
    if (t->isLiteral()) {
      // Two literals: compare as int32/float32.
      t = types.concrete(t);
      setLiteralType(a, t);
      setLiteralType(b, t);
    }
    bool ordering = op != CmpOp::Eq && op != CmpOp::Ne;
    // Bools order as in Python (False < True): unsigned i1 comparisons.
    if (ordering && !t->isScalar()) {
      error(e->opLocs[i],
            std::string("comparison '") + spell(op) + "' needs numbers, got " + t->str());
      return nullptr;
    }
    if (!ordering && !(t->isScalar() || t->isVecLike())) {
      error(e->opLocs[i], "cannot compare values of type " + t->str());
      return nullptr;
    }
  }
  return types.boolTy();
}
