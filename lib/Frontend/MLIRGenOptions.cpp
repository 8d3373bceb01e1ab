//===- MLIRGenOptions.cpp - decorator options, vector/matrix slices -------===//
#include "MLIRGenImpl.h"

using namespace kdsl;
using namespace mlir;

/// Bools, ints, strings, tuples and dicts keep their value (Sema folds
/// constant options to literals); anything else is recorded as its source
/// text.
Attribute MLIRGen::optionAttr(const Expr *e) {
  if (auto *bl = llvm::dyn_cast<BoolExpr>(e))
    return b.getBoolAttr(bl->value);
  if (auto *in = llvm::dyn_cast<IntExpr>(e))
    return b.getI64IntegerAttr((int64_t)in->value);
  if (auto *u = llvm::dyn_cast<UnaryExpr>(e); u && u->op == UnOp::Neg)
    if (auto *in = llvm::dyn_cast<IntExpr>(u->operand))
      return b.getI64IntegerAttr(-(int64_t)in->value);
  if (auto *t = llvm::dyn_cast<TupleExpr>(e)) {
    SmallVector<Attribute> elts;
    for (const Expr *x : t->elts)
      elts.push_back(optionAttr(x));
    return b.getArrayAttr(elts);
  }
  if (auto *str = llvm::dyn_cast<UnsupportedExpr>(e)) {
    if (!str->raw.empty()) {
      StringRef raw = str->raw;
      // A plain one-part string literal: keep its contents.
      if (raw.size() >= 2 && (raw.front() == '"' || raw.front() == '\'') &&
          raw.back() == raw.front() &&
          raw.drop_front().drop_back().find_first_of("\"'\\") == StringRef::npos)
        raw = raw.drop_front().drop_back();
      return b.getStringAttr(raw);
    }
    if (str->what == "dict and set literals") {
      SmallVector<NamedAttribute> items;
      for (auto &[k, v] : str->dictItems) {
        Attribute key = optionAttr(k);
        auto name = dyn_cast<StringAttr>(key);
        items.push_back(
            b.getNamedAttr(name ? name : b.getStringAttr(sourceText(k->loc)), optionAttr(v)));
      }
      return b.getDictionaryAttr(items);
    }
  }
  if (std::string dotted = dottedName(e); !dotted.empty())
    return b.getStringAttr(dotted); // a name such as wp.DeterministicMode.RUN_TO_RUN
  return b.getStringAttr(sourceText(e->loc));
}

//===----------------------------------------------------------------------===//
// Slices (Sema: SemaSlices.cpp)
//===----------------------------------------------------------------------===//

SmallVector<mlir::Value> MLIRGen::genSliceIndices(const SubscriptExpr *s) {
  SmallVector<mlir::Value> out(s->sliceSel.size());
  for (auto [k, idx] : llvm::enumerate(s->indices)) {
    if (llvm::isa<SliceExpr>(idx))
      continue;
    mlir::Value v = genExpr(idx);
    if (failed)
      return {};
    out[k] = toI32(v, idx->type, loc(idx->loc));
  }
  return out;
}

/// Warp's view(array_t, slice_t...): per index one int32 operand (a plain
/// index) or three (start, stop, step; open bounds as Warp's SLICE_BEGIN and
/// SLICE_END, the largest and the smallest int32).
mlir::Value MLIRGen::genArraySlice(const SubscriptExpr *s, mlir::Value array, mlir::Type result) {
  SmallVector<mlir::Value> bounds;
  SmallVector<bool> indexed;
  Location l = loc(s->loc);
  auto gen = [&](Expr *c, int32_t dflt) -> mlir::Value {
    if (!c)
      return arith::ConstantIntOp::create(b, l, dflt, 32);
    mlir::Value v = genExpr(c);
    return failed ? mlir::Value() : toI32(v, c->type, loc(c->loc));
  };
  for (Expr *idx : s->indices) {
    auto *sl = llvm::dyn_cast<SliceExpr>(idx);
    indexed.push_back(!sl);
    if (!sl) {
      bounds.push_back(gen(idx, 0));
    } else {
      bounds.push_back(gen(sl->lower, INT32_MAX));
      bounds.push_back(gen(sl->upper, INT32_MIN));
      bounds.push_back(gen(sl->step, 1));
    }
    if (failed)
      return {};
  }
  return ArraySliceOp::create(b, l, result, array, bounds, b.getDenseBoolArrayAttr(indexed));
}

/// The source positions a slice reads, in the row-major order of its result.
SmallVector<SmallVector<OpFoldResult>>
MLIRGen::slicedPositions(const SubscriptExpr *s, ArrayRef<mlir::Value> idx, Location l) {
  SmallVector<SmallVector<OpFoldResult>> choices;
  for (auto [k, sel] : llvm::enumerate(s->sliceSel)) {
    SmallVector<OpFoldResult> c;
    if (!sel.empty()) {
      for (int64_t p : sel)
        c.push_back(b.getIndexAttr(p));
    } else { // a plain index next to a slice: m[i, 1:]
      c.push_back(componentPosition(s, k, idx[k], l));
    }
    choices.push_back(std::move(c));
  }
  SmallVector<SmallVector<OpFoldResult>> out{{}};
  for (const auto &c : choices) {
    SmallVector<SmallVector<OpFoldResult>> next;
    for (const auto &prefix : out)
      for (OpFoldResult p : c) {
        next.push_back(prefix);
        next.back().push_back(p);
      }
    out = std::move(next);
  }
  return out;
}

/// Position `k` of a slice's (row-major) result value.
static SmallVector<int64_t> resultPosition(mlir::Type resultTy, int64_t k) {
  auto vt = cast<VectorType>(resultTy);
  if (vt.getRank() == 1)
    return {k};
  int64_t cols = vt.getDimSize(1);
  return {k / cols, k % cols};
}

mlir::Value MLIRGen::sliceRead(const SubscriptExpr *s, mlir::Value base, ArrayRef<mlir::Value> idx,
                               Location l) {
  SmallVector<mlir::Value> elems;
  for (const auto &pos : slicedPositions(s, idx, l))
    elems.push_back(vector::ExtractOp::create(b, l, base, pos));
  return vector::FromElementsOp::create(b, l, cast<VectorType>(convertType(s->type)), elems);
}

mlir::Value MLIRGen::sliceWrite(const SubscriptExpr *s, mlir::Value base, ArrayRef<mlir::Value> idx,
                                mlir::Value v, Location l) {
  for (auto [k, pos] : llvm::enumerate(slicedPositions(s, idx, l))) {
    mlir::Value x = vector::ExtractOp::create(b, l, v, resultPosition(v.getType(), k));
    base = vector::InsertOp::create(b, l, x, base, pos);
  }
  return base;
}
