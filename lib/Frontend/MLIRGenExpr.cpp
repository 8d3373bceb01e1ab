//===- MLIRGenExpr.cpp - expressions, operators and builtins --------------===//
#include "BuiltinLoweringSpatial.h"
#include "BuiltinsLinalg.h"
#include "MLIRGenImpl.h"
#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Dialect/IndexedArray.h"
#include "kdsl/Dialect/UnsignedValues.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include <limits>

using namespace kdsl;
using namespace mlir;
using llvm::SMLoc;

/// double -> int64 without undefined behaviour (non-finite and out-of-range give 0 / saturate).
static int64_t toInt(double d) {
  if (!(d == d) || d == std::numeric_limits<double>::infinity() ||
      d == -std::numeric_limits<double>::infinity())
    return 0;
  if (d >= 9.2e18)
    return INT64_MAX;
  if (d <= -9.2e18)
    return INT64_MIN;
  return (int64_t)d;
}

static bool isFloatTy(const kdsl::Type *t) {
  return isFloat(t->scalar) && t->kind != kdsl::Type::IntLit;
}

mlir::Value MLIRGen::splat(mlir::Value scalar, mlir::Type vecType, Location l) {
  return vector::BroadcastOp::create(b, l, vecType, scalar);
}

SmallVector<mlir::Value> MLIRGen::genIndices(ArrayRef<Expr *> indices) {
  SmallVector<mlir::Value> out;
  for (Expr *i : indices) {
    mlir::Value v = genExpr(i);
    if (failed)
      return {};
    out.push_back(toI32(v, i->type, loc(i->loc)));
  }
  return out;
}

//===----------------------------------------------------------------------===//
// wp.indexedarray
//===----------------------------------------------------------------------===//

/// Field `name` of the struct `s`; of a view built here (arrayView), the
/// array it was built from: the view of a view reads its data directly (and
/// kdsl-autodiff finds the adjoint of views of views of kernel arguments).
static mlir::Value field(OpBuilder &b, Location l, mlir::Value s, StringRef name) {
  auto st = cast<StructType>(s.getType());
  if (auto create = s.getDefiningOp<StructCreateOp>())
    return create.getFields()[st.getFieldIndex(name)];
  return StructExtractOp::create(b, l, st.getFieldTypes()[st.getFieldIndex(name)], s,
                                 b.getStringAttr(name));
}

mlir::Value MLIRGen::indexedElement(mlir::Value array, SmallVectorImpl<mlir::Value> &idx,
                                    Location l) {
  if (!indexedArrayDataType(array.getType()))
    return array;
  // Dimension k: indices_k[i_k] where there is an index array, else i_k
  // (Warp's index(indexedarray_t, ...)). The read of indices_k is guarded:
  // a direct dimension's index array is null.
  for (auto [k, i] : llvm::enumerate(idx)) {
    mlir::Value indices = field(b, l, array, indexedArrayIndicesField(k));
    mlir::Value has = HasDataOp::create(b, l, indices);
    mlir::Value direct = i;
    auto ifOp = scf::IfOp::create(
        b, l, has,
        [&](OpBuilder &bb, Location ll) {
          mlir::Value j = LoadOp::create(bb, ll, bb.getI32Type(), indices, ValueRange{direct});
          scf::YieldOp::create(bb, ll, j);
        },
        [&](OpBuilder &bb, Location ll) { scf::YieldOp::create(bb, ll, direct); });
    i = ifOp.getResult(0);
  }
  return field(b, l, array, "data");
}

mlir::Value MLIRGen::arrayShape(mlir::Value array, unsigned d, Location l) {
  if (!indexedArrayDataType(array.getType()))
    return ShapeOp::create(b, l, array, d);
  // The length of the dimension's indices, or the data's extent without them.
  mlir::Value indices = field(b, l, array, indexedArrayIndicesField(d));
  mlir::Value has = HasDataOp::create(b, l, indices);
  mlir::Value count = ShapeOp::create(b, l, indices, 0);
  mlir::Value extent = ShapeOp::create(b, l, field(b, l, array, "data"), d);
  return arith::SelectOp::create(b, l, has, count, extent);
}

mlir::Value MLIRGen::arrayView(mlir::Value array, ArrayRef<mlir::Value> idx, mlir::Type result,
                               Location l) {
  if (!indexedArrayDataType(array.getType()))
    return SubArrayOp::create(b, l, result, array, idx);
  // Warp's view(indexedarray_t, i, ...): the data's view at the remapped
  // leading indices, with the remaining dimensions' index arrays.
  SmallVector<mlir::Value> remapped(idx.begin(), idx.end());
  mlir::Value data = indexedElement(array, remapped, l);
  auto rt = cast<StructType>(result);
  SmallVector<mlir::Value> fields{SubArrayOp::create(b, l, rt.getFieldTypes()[0], data, remapped)};
  for (unsigned d = idx.size(), n = cast<ArrayType>(data.getType()).getNdim(); d < n; ++d)
    fields.push_back(field(b, l, array, indexedArrayIndicesField(d)));
  return StructCreateOp::create(b, l, result, fields);
}

/// The dimension index `k` of `s` selects in: "a component of vec3f 'a'",
/// "a row of mat33f 'm'", "a column of a mat22f" (kdsl.component_index's
/// report text).
static std::string componentWhat(const SubscriptExpr *s, unsigned k) {
  const kdsl::Type *t = s->base->type;
  std::string what = t->kind != kdsl::Type::Mat ? "a component of "
                     : k == 0                   ? "a row of "
                                                : "a column of ";
  std::string name;
  for (const Expr *e = s->base; e;) {
    if (auto *n = llvm::dyn_cast<NameExpr>(e)) {
      name = n->name.str() + name;
      break;
    }
    auto *a = llvm::dyn_cast<AttributeExpr>(e);
    if (!a || a->akind != AttrKind::StructField) {
      name.clear();
      break;
    }
    name = "." + a->attr.str() + name;
    e = a->base;
  }
  return what + (name.empty() ? "a " + t->str() : t->str() + " '" + name + "'");
}

OpFoldResult MLIRGen::componentPosition(const SubscriptExpr *s, unsigned k, mlir::Value idx,
                                        Location l) {
  const kdsl::Type *t = s->base->type;
  int64_t extent = t->kind == kdsl::Type::Mat ? (k == 0 ? t->rows : t->cols) : t->numElements();
  // Constant indices stay static positions (Sema wrapped the literal ones).
  if (auto c = getConstantIntValue(idx); c && *c >= -extent && *c < extent)
    return b.getIndexAttr(*c < 0 ? *c + extent : *c);
  return ComponentIndexOp::create(b, l, idx, b.getI64IntegerAttr(extent),
                                  b.getStringAttr(componentWhat(s, k)))
      .getResult();
}

SmallVector<OpFoldResult> MLIRGen::componentPositions(const SubscriptExpr *s,
                                                      ArrayRef<mlir::Value> idx, Location l) {
  SmallVector<OpFoldResult> pos;
  for (auto [k, i] : llvm::enumerate(idx))
    pos.push_back(componentPosition(s, k, i, l));
  return pos;
}

mlir::Value MLIRGen::allTrue(mlir::Value v, Location l) {
  auto vt = dyn_cast<VectorType>(v.getType());
  if (!vt)
    return v;
  if (vt.getRank() != 1)
    v = vector::ShapeCastOp::create(b, l, VectorType::get({vt.getNumElements()}, b.getI1Type()), v);
  return vector::ReductionOp::create(b, l, vector::CombiningKind::AND, v);
}

mlir::Value MLIRGen::minMax(bool isMax, mlir::Value a, mlir::Value c, const kdsl::Type *t,
                            Location l) {
  if (isFloatTy(t))
    return isMax ? (mlir::Value)arith::MaxNumFOp::create(b, l, a, c)
                 : (mlir::Value)arith::MinNumFOp::create(b, l, a, c);
  if (isSigned(t->scalar))
    return isMax ? (mlir::Value)arith::MaxSIOp::create(b, l, a, c)
                 : (mlir::Value)arith::MinSIOp::create(b, l, a, c);
  return isMax ? (mlir::Value)arith::MaxUIOp::create(b, l, a, c)
               : (mlir::Value)arith::MinUIOp::create(b, l, a, c);
}

bool MLIRGen::isCheap(const Expr *e) {
  switch (e->kind) {
  case ExprKind::Subscript: {
    auto *s = llvm::cast<SubscriptExpr>(e);
    if (s->skind == SubKind::ArrayElem)
      return false;
    for (Expr *i : s->indices)
      if (!isCheap(i))
        return false;
    return isCheap(s->base);
  }
  case ExprKind::Call: {
    auto *c = llvm::cast<CallExpr>(e);
    if (c->ckind == CallKind::Func)
      return false;
    if (c->ckind == CallKind::Builtin &&
        ((Builtin)c->builtin >= Builtin::AtomicAdd && (Builtin)c->builtin <= Builtin::ExpectNear))
      return false;
    for (Expr *a : c->args)
      if (!isCheap(a))
        return false;
    return true;
  }
  case ExprKind::Binary: {
    auto *bin = llvm::cast<BinaryExpr>(e);
    if (bin->userCall)
      return false;
    // Integer division by zero is undefined behaviour: never speculate it.
    if ((bin->op == BinOp::Div || bin->op == BinOp::FloorDiv || bin->op == BinOp::Mod) &&
        !isFloatTy(bin->type))
      return false;
    return isCheap(bin->lhs) && isCheap(bin->rhs);
  }
  case ExprKind::Unary:
    return isCheap(llvm::cast<UnaryExpr>(e)->operand);
  case ExprKind::Attribute:
    return isCheap(llvm::cast<AttributeExpr>(e)->base);
  case ExprKind::Compare:
    return llvm::all_of(llvm::cast<CompareExpr>(e)->operands, [&](Expr *o) { return isCheap(o); });
  case ExprKind::BoolOp:
    return llvm::all_of(llvm::cast<BoolOpExpr>(e)->operands, [&](Expr *o) { return isCheap(o); });
  case ExprKind::IfExp: {
    auto *i = llvm::cast<IfExpExpr>(e);
    return isCheap(i->cond) && isCheap(i->thenExpr) && isCheap(i->elseExpr);
  }
  default:
    return true;
  }
}

mlir::Value MLIRGen::genCond(const Expr *e) {
  mlir::Value v = genExpr(e);
  if (failed)
    return {};
  const kdsl::Type *t = e->type;
  if (t->isBool())
    return v;
  Location l = loc(e->loc);
  if (t->isIndexedArray()) // true when its data array has storage (indexedarray_t::empty)
    return HasDataOp::create(b, l, field(b, l, v, "data"));
  if (t->isArray())
    return HasDataOp::create(b, l, v);
  mlir::Value zero = zeroValue(t, l);
  if (isFloatTy(t))
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNE, v, zero);
  return arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, v, zero);
}

mlir::Value MLIRGen::genExpr(const Expr *e) {
  // An op this expression creates whose value is an unsigned integer scalar
  // (wp.uint8..uint64) is marked kdsl.unsigned: MLIR integers are signless,
  // and the C++/CUDA C emitters declare the value as uintN_t after it. A
  // value the expression only passes on (a local, wp.uint32(i) of an int32
  // i: no op) keeps its own type; constants are printed where they are used.
  mlir::Block *block = b.getInsertionBlock();
  mlir::Operation *before = block && b.getInsertionPoint() != block->begin()
                                ? &*std::prev(b.getInsertionPoint())
                                : nullptr;
  mlir::Value v = genExprUnmarked(e);
  mlir::Operation *def = v ? v.getDefiningOp() : nullptr;
  if (!def || failed || !e->type || !e->type->isIntScalar() || isSigned(e->type->scalar) ||
      def->getNumResults() != 1 || def->getNumRegions() || mlir::isa<arith::ConstantOp>(def) ||
      def->getBlock() != block || b.getInsertionBlock() != block)
    return v;
  // Created here: between `before` and the insertion point.
  for (auto it = b.getInsertionPoint(); it != block->begin();) {
    mlir::Operation *op = &*--it;
    if (op == before)
      break;
    if (op == def) {
      def->setAttr(kUnsignedAttrName, b.getUnitAttr());
      break;
    }
  }
  return v;
}

mlir::Value MLIRGen::genExprUnmarked(const Expr *e) {
  if (failed)
    return {};
  if (e->evalType && e->evalType != e->type) {
    // Computed in evalType, then converted (see Sema::setLiteralType).
    auto *mut = const_cast<Expr *>(e);
    const kdsl::Type *final = e->type;
    mut->type = e->evalType;
    mut->evalType = nullptr;
    mlir::Value v = genExpr(e);
    mut->evalType = mut->type;
    mut->type = final;
    return failed ? v : convert(v, e->evalType, final, loc(e->loc));
  }
  // Locals create no op: skip the location lookup for them.
  if (auto *n = llvm::dyn_cast<NameExpr>(e); n && n->ref == RefKind::Local) {
    mlir::Value v = env.lookup(n->name);
    if (!v)
      error(e->loc, "variable '" + n->name + "' may be used before it is assigned");
    return v;
  }
  Location l = loc(e->loc);
  const kdsl::Type *t = e->type;
  switch (e->kind) {
  case ExprKind::Int: {
    auto *i = llvm::cast<IntExpr>(e);
    return constScalar(t, (double)i->value, (int64_t)i->value, l);
  }
  case ExprKind::Float: {
    double v = llvm::cast<FloatExpr>(e)->value;
    return constScalar(t, v, toInt(v), l);
  }
  case ExprKind::Bool:
    return boolConst(llvm::cast<BoolExpr>(e)->value, l);
  case ExprKind::Name: {
    auto *n = llvm::cast<NameExpr>(e);
    if (n->ref == RefKind::Local) {
      mlir::Value v = env.lookup(n->name);
      if (!v)
        error(e->loc, "variable '" + n->name + "' may be used before it is assigned");
      return v;
    }
    if (n->ref == RefKind::WarpConst)
      return constScalar(t, n->constValue, toInt(n->constValue), l);
    ConstDef *c = n->constDef;
    switch (c->ckind) {
    case ConstDef::Kind::Int:
      // A Python int where the kernel gives it an integer type: it must fit
      // (as a literal must), never wrap.
      if (t->isIntScalar() && !fitsIntLiteral(c->exact, bitWidth(t->scalar), isSigned(t->scalar))) {
        error(e->loc, "constant '" + n->name + "' is " + c->exact.brief() +
                          ", which does not fit in " + t->str() + (c->type ? "" : " here"));
        return {};
      }
      return constScalar(t, c->fval, c->ival, l);
    case ConstDef::Kind::Float:
      return constScalar(t, c->fval, toInt(c->fval), l);
    case ConstDef::Kind::Bool:
      return t->isBool() ? boolConst(c->ival != 0, l) : constScalar(t, (double)c->ival, c->ival, l);
    case ConstDef::Kind::Expr:
      return genExpr(c->value);
    }
    return {};
  }
  case ExprKind::Attribute: {
    auto *a = llvm::cast<AttributeExpr>(e);
    if (a->akind == AttrKind::WarpConst)
      return constScalar(t, a->constValue, toInt(a->constValue), l);
    mlir::Value base = genExpr(a->base);
    if (failed)
      return {};
    if (a->akind == AttrKind::Component)
      return vector::ExtractOp::create(b, l, base, ArrayRef<int64_t>{a->index});
    if (a->akind == AttrKind::TransformPart)
      return genTransformPart(b, l, base, a->index);
    if (a->akind == AttrKind::StructField)
      return StructExtractOp::create(b, l, convertType(t), base, b.getStringAttr(a->attr));
    if (a->akind == AttrKind::ArrayPtr)
      return ArrayPtrOp::create(b, l, base);
    error(e->loc, "this attribute cannot be used as a value");
    return {};
  }
  case ExprKind::Subscript: {
    auto *s = llvm::cast<SubscriptExpr>(e);
    if (s->skind == SubKind::TileElem && s->indices.empty()) // wp.tile_map's element (lowerTileMap)
      return tileElements.lookup(s);
    if (s->skind == SubKind::ShapeDim) {
      auto *attr = llvm::cast<AttributeExpr>(s->base);
      if (s->constIndex >= s->base->type->ndim) // Warp's shape entries past ndim
        return arith::ConstantIntOp::create(b, l, 0, 32);
      mlir::Value arr = genExpr(attr->base);
      if (failed)
        return {};
      return arrayShape(arr, s->constIndex, l);
    }
    mlir::Value base = genExpr(s->base);
    if (s->skind == SubKind::TileView) {
      SmallVector<int64_t> steps;
      SmallVector<mlir::Value> starts = genTileViewStarts(s, steps, l);
      return failed ? mlir::Value()
                    : (mlir::Value)TileViewOp::create(b, l, convertType(t), base, starts,
                                                      b.getDenseI64ArrayAttr(steps));
    }
    if (s->skind == SubKind::TileGather) {
      mlir::Value idx = genExpr(s->indices[s->constIndex]);
      return failed ? mlir::Value()
                    : (mlir::Value)TileGatherOp::create(b, l, convertType(t), base, idx,
                                                        s->constIndex);
    }
    if (s->skind == SubKind::TupleElem)
      return failed ? mlir::Value() : field(b, l, base, tupleField(s->constIndex));
    if (s->skind == SubKind::CompSlice) {
      SmallVector<mlir::Value> sidx = genSliceIndices(s);
      return failed ? mlir::Value() : sliceRead(s, base, sidx, l);
    }
    if (s->skind == SubKind::ArrayView &&
        llvm::any_of(s->indices, [](Expr *i) { return llvm::isa<SliceExpr>(i); }))
      return failed ? mlir::Value() : genArraySlice(s, base, convertType(t));
    SmallVector<mlir::Value> idx = genIndices(s->indices);
    if (failed)
      return {};
    if (s->skind == SubKind::ArrayElem) {
      mlir::Value array = indexedElement(base, idx, l);
      return LoadOp::create(b, l, convertType(t), array, idx);
    }
    if (s->skind == SubKind::TileElem)
      return TileExtractOp::create(b, l, convertType(t), base, idx);
    if (s->skind == SubKind::ArrayView)
      return arrayView(base, idx, convertType(t), l);
    return vector::ExtractOp::create(b, l, base, componentPositions(s, idx, l));
  }
  case ExprKind::Call:
    if (t && t->kind == kdsl::Type::Tuple) { // several results held as one tuple value
      SmallVector<mlir::Value> vals = genMulti(e);
      if (failed)
        return {};
      return StructCreateOp::create(b, l, convertType(t), vals);
    }
    return genCall(llvm::cast<CallExpr>(e));
  case ExprKind::Tuple: {
    SmallVector<mlir::Value> vals;
    for (Expr *x : llvm::cast<TupleExpr>(e)->elts)
      vals.push_back(genExpr(x));
    if (failed)
      return {};
    return StructCreateOp::create(b, l, convertType(t), vals);
  }
  case ExprKind::Binary: {
    auto *bin = llvm::cast<BinaryExpr>(e);
    if (bin->userCall) // a @wp.func named after the operator (Sema::checkBinary)
      return genCall(bin->userCall);
    mlir::Value x = genExpr(bin->lhs), y = genExpr(bin->rhs);
    if (failed)
      return {};
    if (t->isTile())
      return genTileBinary(bin->op, x, bin->lhs->type, y, bin->rhs->type, t, loc(bin->opLoc));
    return genBinaryOp(bin->op, x, bin->lhs->type, y, bin->rhs->type, t, loc(bin->opLoc));
  }
  case ExprKind::Unary: {
    auto *u = llvm::cast<UnaryExpr>(e);
    if (u->op == UnOp::Not) {
      mlir::Value c = genCond(u->operand);
      return failed ? mlir::Value() : notValue(c, l);
    }
    mlir::Value x = genExpr(u->operand);
    if (failed)
      return {};
    if (t->isTile() && u->op == UnOp::Neg)
      return genTileMap({x}, t, l, [&](ValueRange e) -> mlir::Value {
        if (isFloatTy(t->dtype))
          return arith::NegFOp::create(b, l, e[0]);
        return arith::SubIOp::create(b, l, zeroValue(t->dtype, l), e[0]);
      });
    switch (u->op) {
    case UnOp::Pos:
      return x;
    case UnOp::Neg:
      if (isFloatTy(t))
        return arith::NegFOp::create(b, l, x);
      return arith::SubIOp::create(b, l, zeroValue(t, l), x);
    case UnOp::Invert: {
      mlir::Type mt = convertType(t);
      mlir::Value ones;
      if (auto vt = dyn_cast<VectorType>(mt)) // an integer vector or matrix: element-wise
        ones = arith::ConstantOp::create(
            b, l, vt, DenseElementsAttr::get(vt, b.getIntegerAttr(vt.getElementType(), -1)));
      else
        ones = constant(b.getIntegerAttr(mt, -1), l);
      return arith::XOrIOp::create(b, l, x, ones);
    }
    default:
      return {};
    }
  }
  case ExprKind::Compare:
    return genCompare(llvm::cast<CompareExpr>(e));
  case ExprKind::BoolOp:
    return genBoolOp(llvm::cast<BoolOpExpr>(e));
  case ExprKind::IfExp:
    return genIfExp(llvm::cast<IfExpExpr>(e));
  default:
    error(e->loc, "unsupported expression");
    return {};
  }
}

SmallVector<mlir::Value> MLIRGen::genMulti(const Expr *e) {
  if (auto *c = llvm::dyn_cast<CallExpr>(e)) {
    if (c->ckind == CallKind::Func)
      return genFuncCall(c);
    if (c->ckind == CallKind::Builtin && (Builtin)c->builtin == Builtin::Tid) {
      SmallVector<mlir::Type> ids(e->type->kind == kdsl::Type::Tuple ? e->type->elems.size() : 1,
                                  b.getI32Type());
      auto tid = TidOp::create(b, loc(e->loc), ids);
      return SmallVector<mlir::Value>(tid.getResults());
    }
    if (c->ckind == CallKind::Builtin && e->type->kind == kdsl::Type::Tuple)
      if (SmallVector<mlir::Value> rs = genBuiltinMulti(*this, c); !rs.empty() || failed)
        return rs;
  }
  // A tuple value (a local, a tuple element, a tuple expression): its elements.
  if (e->type && e->type->kind == kdsl::Type::Tuple && !llvm::isa<CallExpr>(e)) {
    mlir::Value tv = genExpr(e);
    if (failed)
      return {};
    SmallVector<mlir::Value> out;
    for (size_t k = 0; k < e->type->elems.size(); ++k)
      out.push_back(field(b, loc(e->loc), tv, tupleField(k)));
    return out;
  }
  return {genExpr(e)};
}

mlir::Value MLIRGen::genBinaryOp(BinOp op, mlir::Value x, const kdsl::Type *tx, mlir::Value y,
                                 const kdsl::Type *ty, const kdsl::Type *rt, Location l) {
  bool scalarX = tx->isScalar() || tx->isLiteral(), scalarY = ty->isScalar() || ty->isLiteral();
  if (scalarX && scalarY) {
    bool f = isFloatTy(tx) && tx->kind != kdsl::Type::IntLit;
    bool sgn = isSigned(tx->scalar) || tx->isBool();
    switch (op) {
    case BinOp::Add:
      return f ? (mlir::Value)arith::AddFOp::create(b, l, x, y) : arith::AddIOp::create(b, l, x, y);
    case BinOp::Sub:
      return f ? (mlir::Value)arith::SubFOp::create(b, l, x, y) : arith::SubIOp::create(b, l, x, y);
    case BinOp::Mul:
      return f ? (mlir::Value)arith::MulFOp::create(b, l, x, y) : arith::MulIOp::create(b, l, x, y);
    case BinOp::Div:
      if (f)
        return arith::DivFOp::create(b, l, x, y);
      return genIntDivRem(b, l, /*rem=*/false, sgn, x, y);
    case BinOp::FloorDiv:
      if (f)
        return math::FloorOp::create(b, l, arith::DivFOp::create(b, l, x, y));
      // Warp: integer // truncates toward zero, like C.
      return genIntDivRem(b, l, /*rem=*/false, sgn, x, y);
    case BinOp::Mod:
      if (f)
        return arith::RemFOp::create(b, l, x, y); // C fmod
      return genIntDivRem(b, l, /*rem=*/true, sgn, x, y);
    case BinOp::Pow:
      if (f)
        return math::PowFOp::create(b, l, x, y);
      return genIntPow(b, l, sgn, x, y);
    case BinOp::BitAnd:
      return arith::AndIOp::create(b, l, x, y);
    case BinOp::BitOr:
      return arith::OrIOp::create(b, l, x, y);
    case BinOp::BitXor:
      return arith::XOrIOp::create(b, l, x, y);
    case BinOp::Shl:
      return arith::ShLIOp::create(b, l, x, y);
    case BinOp::Shr:
      return sgn ? (mlir::Value)arith::ShRSIOp::create(b, l, x, y)
                 : arith::ShRUIOp::create(b, l, x, y);
    case BinOp::MatMul:
      break;
    }
    internalError(SMLoc(), "bad scalar operator");
    return {};
  }
  mlir::Type rty = convertType(rt);
  bool f = isFloat(rt->scalar);
  auto elementwise = [&](BinOp o, mlir::Value p, mlir::Value q) -> mlir::Value {
    switch (o) {
    case BinOp::Add:
      return f ? (mlir::Value)arith::AddFOp::create(b, l, p, q) : arith::AddIOp::create(b, l, p, q);
    case BinOp::Sub:
      return f ? (mlir::Value)arith::SubFOp::create(b, l, p, q) : arith::SubIOp::create(b, l, p, q);
    case BinOp::Mul:
      return f ? (mlir::Value)arith::MulFOp::create(b, l, p, q) : arith::MulIOp::create(b, l, p, q);
    case BinOp::Div:
      if (f)
        return arith::DivFOp::create(b, l, p, q);
      return genIntDivRem(b, l, /*rem=*/false, isSigned(rt->scalar), p, q);
    default:
      return {};
    }
  };
  switch (op) {
  case BinOp::Add:
  case BinOp::Sub:
    return elementwise(op, x, y);
  // Integer vectors and matrices of one type (Sema::binaryResult).
  case BinOp::BitAnd:
    return arith::AndIOp::create(b, l, x, y);
  case BinOp::BitOr:
    return arith::OrIOp::create(b, l, x, y);
  case BinOp::BitXor:
    return arith::XOrIOp::create(b, l, x, y);
  case BinOp::Shl:
  case BinOp::Shr: {
    // Shifts component by component (the scalar shifts' semantics on every
    // target: the C++ emitter spells integer shifts per scalar).
    auto vt = cast<VectorType>(rty);
    mlir::Value out = x;
    SmallVector<int64_t> pos(vt.getRank(), 0);
    for (int64_t k = 0; k < vt.getNumElements(); ++k) {
      for (int64_t d = vt.getRank() - 1, r = k; d >= 0; --d) {
        pos[d] = r % vt.getDimSize(d);
        r /= vt.getDimSize(d);
      }
      mlir::Value p = vector::ExtractOp::create(b, l, x, pos);
      mlir::Value q = vector::ExtractOp::create(b, l, y, pos);
      mlir::Value s = op == BinOp::Shl       ? (mlir::Value)arith::ShLIOp::create(b, l, p, q)
                      : isSigned(rt->scalar) ? (mlir::Value)arith::ShRSIOp::create(b, l, p, q)
                                             : arith::ShRUIOp::create(b, l, p, q);
      out = vector::InsertOp::create(b, l, s, out, pos);
    }
    return out;
  }
  case BinOp::Mul:
  case BinOp::MatMul:
    if (scalarX)
      return elementwise(BinOp::Mul, splat(x, rty, l), y);
    if (scalarY)
      return elementwise(BinOp::Mul, x, splat(y, rty, l));
    if (tx->kind == kdsl::Type::Quat && ty->kind == kdsl::Type::Quat)
      return QuatMulOp::create(b, l, x, y);
    if (tx->isTransform() && ty->isTransform())
      return genTransformMultiply(b, l, x, y);
    return MatMulOp::create(b, l, rty, x, y);
  case BinOp::Div:
    if (scalarX)
      return elementwise(BinOp::Div, splat(x, rty, l), y);
    return elementwise(BinOp::Div, x, splat(y, rty, l));
  default:
    internalError(SMLoc(), "bad vector operator");
    return {};
  }
}

static arith::CmpFPredicate floatPred(CmpOp op) {
  switch (op) {
  case CmpOp::Lt:
    return arith::CmpFPredicate::OLT;
  case CmpOp::Le:
    return arith::CmpFPredicate::OLE;
  case CmpOp::Gt:
    return arith::CmpFPredicate::OGT;
  case CmpOp::Ge:
    return arith::CmpFPredicate::OGE;
  case CmpOp::Eq:
    return arith::CmpFPredicate::OEQ;
  default:
    return arith::CmpFPredicate::UNE;
  }
}

static arith::CmpIPredicate intPred(CmpOp op, bool sgn) {
  switch (op) {
  case CmpOp::Lt:
    return sgn ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  case CmpOp::Le:
    return sgn ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
  case CmpOp::Gt:
    return sgn ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  case CmpOp::Ge:
    return sgn ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
  case CmpOp::Eq:
    return arith::CmpIPredicate::eq;
  default:
    return arith::CmpIPredicate::ne;
  }
}

mlir::Value MLIRGen::genCompare(const CompareExpr *e) {
  SmallVector<mlir::Value> vals;
  for (Expr *o : e->operands)
    vals.push_back(genExpr(o));
  if (failed)
    return {};
  mlir::Value result;
  for (size_t i = 0; i < e->ops.size(); ++i) {
    Location l = loc(e->opLocs[i]);
    const kdsl::Type *t = e->operands[i]->type;
    CmpOp op = e->ops[i];
    mlir::Value c;
    bool ne = op == CmpOp::Ne && t->isVecLike();
    CmpOp eff = ne ? CmpOp::Eq : op;
    if (isFloatTy(t))
      c = arith::CmpFOp::create(b, l, floatPred(eff), vals[i], vals[i + 1]);
    else
      c = arith::CmpIOp::create(b, l, intPred(eff, isSigned(t->scalar)), vals[i], vals[i + 1]);
    if (t->isVecLike()) {
      c = allTrue(c, l);
      if (ne)
        c = notValue(c, l);
    }
    result = result ? (mlir::Value)arith::AndIOp::create(b, l, result, c) : c;
  }
  return result;
}

mlir::Value MLIRGen::genBoolOp(const BoolOpExpr *e) {
  Location l = loc(e->loc);
  mlir::Value r = genCond(e->operands[0]);
  for (size_t i = 1; i < e->operands.size() && !failed; ++i) {
    const Expr *next = e->operands[i];
    if (isCheap(next)) {
      mlir::Value c = genCond(next);
      if (failed)
        return {};
      r = e->isAnd ? (mlir::Value)arith::AndIOp::create(b, l, r, c)
                   : arith::OrIOp::create(b, l, r, c);
      continue;
    }
    // Short-circuit: evaluate `next` only when it decides the result.
    auto ifOp = scf::IfOp::create(b, l, TypeRange{b.getI1Type()}, r, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    mlir::Value thenV = e->isAnd ? genCond(next) : boolConst(true, l);
    if (failed)
      return {};
    scf::YieldOp::create(b, l, thenV);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    mlir::Value elseV = e->isAnd ? boolConst(false, l) : genCond(next);
    if (failed)
      return {};
    scf::YieldOp::create(b, l, elseV);
    r = ifOp.getResult(0);
  }
  return r;
}

mlir::Value MLIRGen::genIfExp(const IfExpExpr *e) {
  Location l = loc(e->loc);
  mlir::Value c = genCond(e->cond);
  if (failed)
    return {};
  if (isCheap(e->thenExpr) && isCheap(e->elseExpr)) {
    mlir::Value x = genExpr(e->thenExpr), y = genExpr(e->elseExpr);
    return failed ? mlir::Value() : arith::SelectOp::create(b, l, c, x, y);
  }
  auto ifOp = scf::IfOp::create(b, l, TypeRange{convertType(e->type)}, c, /*withElse=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  mlir::Value x = genExpr(e->thenExpr);
  if (failed)
    return {};
  scf::YieldOp::create(b, l, x);
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  mlir::Value y = genExpr(e->elseExpr);
  if (failed)
    return {};
  scf::YieldOp::create(b, l, y);
  return ifOp.getResult(0);
}

mlir::Value MLIRGen::genCall(const CallExpr *e) {
  switch (e->ckind) {
  case CallKind::Builtin:
    return genBuiltin(e);
  case CallKind::Func: {
    SmallVector<mlir::Value> r = genFuncCall(e);
    return r.empty() ? mlir::Value() : r[0];
  }
  case CallKind::TypeCtor:
    return genTypeCtor(e);
  case CallKind::StructCtor: {
    Location l = loc(e->loc);
    const StructDef *s = e->type->structDef;
    SmallVector<mlir::Value> fields;
    for (size_t i = 0; i < s->fields.size(); ++i) {
      Expr *a = e->boundArgs[i];
      // A field not given is zero; an array field a null array, as in Warp.
      mlir::Value v = a ? genExpr(a) : zeroValue(s->fields[i].type, l);
      if (failed)
        return {};
      fields.push_back(v);
    }
    if (s->fields.empty()) // Warp's `char _dummy_;` (MLIRGen::convertType)
      fields.push_back(constant(b.getI8IntegerAttr(0), l));
    return StructCreateOp::create(b, l, convertType(e->type), fields);
  }
  case CallKind::Unresolved:
    break;
  }
  internalError(e->loc, "unresolved call");
  return {};
}

SmallVector<mlir::Value> MLIRGen::genFuncCall(const CallExpr *e) {
  // wp.ref[T] arguments go in and out (SemaFuncParams.cpp): each is resolved
  // once, read for the call and written with the func's extra result.
  SmallVector<mlir::Value> args;
  SmallVector<LValue, 1> refs;
  SmallVector<const Expr *> refArgs;
  for (auto [p, a] : llvm::zip(e->func->params, e->boundArgs)) {
    if (p.type->kind == kdsl::Type::Function)
      continue; // the instance calls it; no value
    if (p.isRef) {
      LValue lv;
      if (!resolveLValue(a, lv))
        return {};
      args.push_back(readLValue(lv, loc(a->loc)));
      refs.push_back(std::move(lv));
      refArgs.push_back(a);
      continue;
    }
    args.push_back(genExpr(a));
  }
  if (failed)
    return {};
  if (e->gradCall)
    return genGradCall(e, args);
  // Storage in this frame for each fixed-size array result (genFunc).
  for (const kdsl::Type *t : e->func->resultTypes)
    if (t->isFixedArray())
      args.push_back(
          LocalArrayOp::create(b, loc(e->loc), cast<ArrayType>(convertType(t)), t->fixedShape));
  SmallVector<mlir::Type> results;
  for (const kdsl::Type *t : e->func->resultTypes)
    results.push_back(convertType(t));
  for (const Param &p : e->func->params)
    if (p.isRef)
      results.push_back(convertType(p.type));
  auto call = func::CallOp::create(b, loc(e->loc), e->func->symName, results, args);
  SmallVector<mlir::Value> values(call.getResults());
  if (!refs.empty()) {
    // The stores must reach the statement's level (as a random state's).
    if (b.getInsertionBlock() != stmtBlock) {
      error(e->loc, "kdsl cannot call a function with wp.ref[T] parameters inside a conditional "
                    "expression or an 'and'/'or' operand yet; call it in a statement of its own "
                    "(or as the whole condition of a while loop)");
      return {};
    }
    size_t first = values.size() - refs.size();
    for (size_t i = 0; i < refs.size(); ++i)
      writeLValue(refs[i], values[first + i], loc(refArgs[i]->loc));
    values.resize(first);
  }
  assignAdvancedState(e, values);
  return values;
}

/// wp.grad(f)(args) (Sema::checkGradCall): a call of `@<f>__grad`, declared
/// here with `kdsl.grad_of = @<f>`; kdsl-build-grad-funcs gives it its body
/// (f's adjoint for adjoint returns of one), returning the adjoints of f's
/// value parameters. A func (not a custom gradient) that makes such a call
/// is marked `kdsl.forward_only`: as in Warp, it has no adjoint of its own.
SmallVector<mlir::Value> MLIRGen::genGradCall(const CallExpr *e, ArrayRef<mlir::Value> args) {
  Location l = loc(e->loc);
  std::string sym = e->func->symName + "__grad";
  SmallVector<mlir::Type> argTypes, results;
  SmallVector<Attribute> names;
  for (const Param &p : e->func->params)
    if (p.type->kind != kdsl::Type::Function) {
      argTypes.push_back(convertType(p.type));
      results.push_back(convertType(p.type));
      names.push_back(b.getStringAttr(p.name));
    }
  if (!module.lookupSymbol(sym)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(module.getBody());
    auto decl = func::FuncOp::create(b, l, sym, b.getFunctionType(argTypes, results));
    decl.setPrivate();
    decl->setAttr(kGradOfAttr, FlatSymbolRefAttr::get(b.getContext(), e->func->symName));
    decl->setAttr("kdsl.arg_names", b.getArrayAttr(names));
    // The adjoint of each result, Warp's T(1): a vector or matrix of ones,
    // the quaternion (1, 0, 0, 0), a zero transform (transform_t(Type) is
    // empty), a scalar 1.
    SmallVector<Attribute> seeds;
    for (const kdsl::Type *t : e->func->resultTypes)
      seeds.push_back(b.getStringAttr(t->isTransform()              ? "zero"
                                      : t->kind == kdsl::Type::Quat ? "first"
                                                                    : "ones"));
    decl->setAttr(kGradSeedsAttr, b.getArrayAttr(seeds));
  }
  if (fn && !fn->isKernel && !fn->gradOf)
    if (auto caller = b.getInsertionBlock()->getParentOp()->getParentOfType<func::FuncOp>();
        caller || (caller = dyn_cast<func::FuncOp>(b.getInsertionBlock()->getParentOp())))
      caller->setAttr(kForwardOnlyAttr, b.getUnitAttr());
  auto call = func::CallOp::create(b, l, sym, results, args);
  return SmallVector<mlir::Value>(call.getResults());
}

mlir::Value MLIRGen::genTypeCtor(const CallExpr *e) {
  Location l = loc(e->loc);
  const kdsl::Type *t = e->type;
  mlir::Type mt = convertType(t);
  SmallVector<mlir::Value> args;
  for (Expr *a : e->boundArgs)
    args.push_back(genExpr(a));
  if (failed)
    return {};
  size_t n = args.size();
  if (t->isScalar())
    return convert(args[0], e->boundArgs[0]->type, t, l);
  if (n == 0)
    return zeroValue(t, l);
  const kdsl::Type *a0 = e->boundArgs[0]->type;
  if (n == 1) {
    if (a0->isVecLike())
      return convert(args[0], a0, t, l); // element type conversion
    return splat(args[0], mt, l);
  }
  if (t->kind == kdsl::Type::Mat && n == t->rows &&
      e->boundArgs[0]->type->kind == kdsl::Type::Vec) {
    mlir::Value m = zeroValue(t, l);
    for (size_t i = 0; i < n; ++i)
      m = vector::InsertOp::create(b, l, args[i], m, ArrayRef<int64_t>{(int64_t)i});
    return m;
  }
  if (t->kind == kdsl::Type::Quat && n == 2) {
    SmallVector<mlir::Value> comps;
    for (int64_t i = 0; i < 3; ++i)
      comps.push_back(vector::ExtractOp::create(b, l, args[0], ArrayRef<int64_t>{i}));
    comps.push_back(args[1]);
    return vector::FromElementsOp::create(b, l, mt, comps);
  }
  return vector::FromElementsOp::create(b, l, mt, args);
}

mlir::Value MLIRGen::genAtomic(AtomicKind kind, mlir::Value array, ArrayRef<mlir::Value> idx,
                               mlir::Value v, Location l) {
  SmallVector<mlir::Value> at(idx.begin(), idx.end());
  array = indexedElement(array, at, l);
  return AtomicOp::create(b, l, v.getType(), kind, array, at, v);
}

// MLIRGen::genBuiltin is in BuiltinLowering.cpp, with the lowerings of BuiltinTable.def.

//===----------------------------------------------------------------------===//
// Tiles: element-wise operators as kdsl.tile_map (docs/design/tiles.md)
//===----------------------------------------------------------------------===//

mlir::Value MLIRGen::genTileMap(ValueRange tiles, const Type *result, mlir::Location l,
                                llvm::function_ref<mlir::Value(ValueRange)> element) {
  auto resultType = cast<TileType>(convertType(result));
  auto map = TileMapOp::create(b, l, resultType, tiles);
  SmallVector<mlir::Type> elems;
  SmallVector<mlir::Location> locs;
  for (mlir::Value v : tiles) {
    elems.push_back(cast<TileType>(v.getType()).getElementType());
    locs.push_back(l);
  }
  OpBuilder::InsertionGuard guard(b);
  Block *body = b.createBlock(&map.getBody(), {}, elems, locs);
  b.setInsertionPointToStart(body);
  mlir::Value v = element(body->getArguments());
  TileYieldOp::create(b, l, v);
  return map;
}

SmallVector<mlir::Value> MLIRGen::genTileViewStarts(const SubscriptExpr *view,
                                                    SmallVectorImpl<int64_t> &steps, Location l) {
  SmallVector<mlir::Value> starts;
  llvm::ArrayRef<int64_t> shape = view->base->type->fixedShape;
  for (size_t d = 0; d < view->viewStep.size(); ++d) {
    steps.push_back(view->viewStep[d]);
    if (!view->viewStart[d]) {
      starts.push_back(arith::ConstantIntOp::create(b, l, view->viewConstStart[d], 32));
      continue;
    }
    mlir::Value i = genExpr(view->viewStart[d]);
    if (failed)
      return {};
    i = toI32(i, view->viewStart[d]->type, l);
    if (!view->viewWrapNegative) {
      starts.push_back(i);
      continue;
    }
    mlir::Value zero = arith::ConstantIntOp::create(b, l, 0, 32);
    mlir::Value n = arith::ConstantIntOp::create(b, l, shape[d], 32);
    mlir::Value neg = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, i, zero);
    starts.push_back(arith::SelectOp::create(b, l, neg, arith::AddIOp::create(b, l, i, n), i));
  }
  return starts;
}

/// `a op b` of two tiles, or of a tile and a scalar (Sema::tileBinaryResult):
/// the scalar operator on their elements, the scalar used from above.
mlir::Value MLIRGen::genTileBinary(BinOp op, mlir::Value x, const Type *tx, mlir::Value y,
                                   const Type *ty, const Type *result, mlir::Location l) {
  SmallVector<mlir::Value> tiles;
  for (mlir::Value v : {x, y})
    if (isa<TileType>(v.getType()))
      tiles.push_back(v);
  return genTileMap(tiles, result, l, [&](ValueRange e) {
    mlir::Value ex = tx->isTile() ? e[0] : x;
    mlir::Value ey = ty->isTile() ? e[tx->isTile() ? 1 : 0] : y;
    if (result->dtype->kind == kdsl::Type::Struct)
      return structArith(op, ex, ey, result->dtype, l);
    return genBinaryOp(op, ex, tx->isTile() ? tx->dtype : tx, ey, ty->isTile() ? ty->dtype : ty,
                       result->dtype, l);
  });
}

mlir::Value MLIRGen::structArith(BinOp op, mlir::Value x, mlir::Value y, const Type *st,
                                 mlir::Location l) {
  SmallVector<mlir::Value> fields;
  for (const FieldDef &f : st->structDef->fields) {
    mlir::Type ft = convertType(f.type);
    StringAttr name = b.getStringAttr(f.name);
    mlir::Value a = StructExtractOp::create(b, l, ft, x, name);
    const Type *t = f.type;
    bool number = (t->isScalar() || t->isVecLike()) && !t->isBool() && t->scalar != Scalar::Bool &&
                  (isFloat(t->scalar) || bitWidth(t->scalar) >= 32);
    if (t->kind != kdsl::Type::Struct && !number) {
      fields.push_back(a); // carried
      continue;
    }
    mlir::Value c = StructExtractOp::create(b, l, ft, y, name);
    fields.push_back(t->kind == kdsl::Type::Struct ? structArith(op, a, c, t, l)
                                                   : genBinaryOp(op, a, t, c, t, t, l));
  }
  if (fields.empty()) // a struct without fields holds one byte (convertType)
    return x;
  return StructCreateOp::create(b, l, convertType(st), fields);
}
