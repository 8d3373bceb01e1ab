//===- AdjointValues.cpp - zeros, sums and known zeros of adjoints ---------===//
//
// The helpers of AdjointBuilder.h that derivative rules and the reverse sweep
// share, and the definitions of AutodiffOpInterface (AutodiffInterface.td).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Dialect/Kdsl.h"
#include "mlir/IR/Matchers.h"

#include "kdsl/Autodiff/AutodiffInterface.cpp.inc"

using namespace mlir;
using namespace kdsl;

bool kdsl::isDifferentiableType(Type t) {
  if (isa<FloatType>(t))
    return true;
  if (auto v = dyn_cast<VectorType>(t))
    return isa<FloatType>(v.getElementType());
  // A struct with a differentiable field. Its integer and array fields carry
  // nothing: the adjoints of arrays are arrays, found through the struct
  // argument that holds them, not values.
  if (auto s = dyn_cast<StructType>(t))
    return llvm::any_of(s.getFieldTypes(), [](Type f) { return isDifferentiableType(f); });
  // A tile's adjoint is a tile of its shape (docs/design/tiles.md, slice 3).
  if (auto tile = dyn_cast<TileType>(t))
    return isDifferentiableType(tile.getElementType());
  return false;
}

Value kdsl::buildZero(OpBuilder &b, Location loc, Type t) {
  if (auto s = dyn_cast<StructType>(t)) {
    SmallVector<Value> fields;
    for (Type f : s.getFieldTypes())
      fields.push_back(buildZero(b, loc, f));
    return StructCreateOp::create(b, loc, s, fields);
  }
  if (auto a = dyn_cast<ArrayType>(t)) // an array field of a struct adjoint
    return NullArrayOp::create(b, loc, a);
  if (auto tile = dyn_cast<TileType>(t))
    return TileSplatOp::create(b, loc, tile, buildZero(b, loc, tile.getElementType()));
  return arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
}

static Value extractField(OpBuilder &b, Location loc, Value s, StringRef name) {
  auto t = cast<StructType>(s.getType());
  return StructExtractOp::create(b, loc, t.getFieldTypes()[t.getFieldIndex(name)], s,
                                 b.getStringAttr(name));
}

// Known zeros are looked for a few ops deep only: they are the zeros the
// reverse sweep itself builds (buildZero, an adjoint inserted into one).
static constexpr int kKnownZeroDepth = 8;

static bool knownZero(Value v, int depth);

static bool knownZeroAt(Value v, ArrayRef<int64_t> pos, int depth) {
  if (depth > kKnownZeroDepth)
    return false;
  if (auto insert = v.getDefiningOp<vector::InsertOp>()) {
    if (insert.hasDynamicPosition())
      return false;
    ArrayRef<int64_t> at = insert.getStaticPosition();
    size_t n = std::min(at.size(), pos.size());
    // Another element or row: a chain of those (a 7-element spatial vector
    // built element by element) is walked whatever its length.
    if (at.take_front(n) != pos.take_front(n))
      return knownZeroAt(insert.getDest(), pos, depth);
    if (at.size() == pos.size()) // the element itself
      return knownZero(insert.getValueToStore(), depth + 1);
    if (at.size() > pos.size()) // inside the element: the rest of it too
      return knownZero(insert.getValueToStore(), depth + 1) &&
             knownZeroAt(insert.getDest(), pos, depth + 1);
    return knownZeroAt(insert.getValueToStore(), pos.drop_front(at.size()), depth + 1);
  }
  auto from = v.getDefiningOp<vector::FromElementsOp>();
  if (from && from.getType().getRank() == 1 && pos.size() == 1 && pos[0] >= 0 &&
      pos[0] < int64_t(from.getElements().size()))
    return knownZero(from.getElements()[pos[0]], depth + 1);
  return knownZero(v, depth + 1);
}

static bool knownZeroField(Value s, StringRef name, int depth) {
  for (; depth <= kKnownZeroDepth; ++depth) {
    auto insert = s.getDefiningOp<StructInsertOp>();
    if (!insert)
      break;
    if (insert.getField() == name)
      return knownZero(insert.getValue(), depth + 1);
    s = insert.getInput();
  }
  auto create = s.getDefiningOp<StructCreateOp>();
  if (!create || depth > kKnownZeroDepth)
    return false;
  auto t = cast<StructType>(s.getType());
  return knownZero(create.getFields()[t.getFieldIndex(name)], depth + 1);
}

static bool knownZero(Value v, int depth) {
  if (matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero()))
    return true;
  if (depth > kKnownZeroDepth)
    return false;
  if (auto e = v.getDefiningOp<vector::FromElementsOp>())
    return llvm::all_of(e.getElements(), [&](Value x) { return knownZero(x, depth + 1); });
  if (auto e = v.getDefiningOp<vector::BroadcastOp>())
    return knownZero(e.getSource(), depth + 1);
  if (auto e = v.getDefiningOp<TileSplatOp>())
    return knownZero(e.getValue(), depth + 1);
  if (auto e = v.getDefiningOp<vector::ExtractOp>())
    return !e.hasDynamicPosition() && knownZeroAt(e.getSource(), e.getStaticPosition(), depth + 1);
  if (auto i = v.getDefiningOp<vector::InsertOp>())
    return knownZero(i.getValueToStore(), depth + 1) && knownZero(i.getDest(), depth + 1);
  if (auto t = dyn_cast<StructType>(v.getType()))
    return llvm::all_of(llvm::zip(t.getFieldNames(), t.getFieldTypes()), [&](auto field) {
      auto [name, type] = field;
      return !isDifferentiableType(type) || knownZeroField(v, name, depth + 1);
    });
  return false;
}

bool kdsl::isKnownZero(Value v) { return knownZero(v, 0); }
bool kdsl::isKnownZeroAt(Value v, ArrayRef<int64_t> position) {
  return knownZeroAt(v, position, 0);
}
bool kdsl::isKnownZeroField(Value s, StringRef name) { return knownZeroField(s, name, 0); }

Value kdsl::buildAdd(OpBuilder &b, Location loc, Value a, Value c) {
  if (auto s = dyn_cast<StructType>(a.getType())) {
    // Field by field, leaving out the known zeros: the adjoint of one field
    // read (s.f) is a struct of zeros but f, and `adj + 0.0` is no identity
    // canonicalization may fold (-0.0 + 0.0 is +0.0), so it stayed in the
    // backward as `v25 = adj_xi + splat(0.0f)`.
    Value out = a;
    for (auto [name, f] : llvm::zip(s.getFieldNames(), s.getFieldTypes())) {
      if (!isDifferentiableType(f) || isKnownZeroField(c, name))
        continue;
      Value x = isKnownZeroField(a, name) ? Value() : extractField(b, loc, a, name);
      Value y = extractField(b, loc, c, name);
      out = StructInsertOp::create(b, loc, x ? buildAdd(b, loc, x, y) : y, out, name);
    }
    return out;
  }
  if (auto tile = dyn_cast<TileType>(a.getType())) {
    // Element by element: a tile_map whose region adds.
    auto map = TileMapOp::create(b, loc, tile, ValueRange{a, c});
    Type e = tile.getElementType();
    OpBuilder::InsertionGuard g(b);
    Block *body = b.createBlock(&map.getBody(), {}, {e, e}, {loc, loc});
    TileYieldOp::create(b, loc, buildAdd(b, loc, body->getArgument(0), body->getArgument(1)));
    return map;
  }
  return arith::AddFOp::create(b, loc, a, c);
}
