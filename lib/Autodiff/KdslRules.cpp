//===- KdslAdjoints.cpp - derivative rules of the kdsl memory and struct ops ===//
//
// Warp's semantics: reading x[i] accumulates into adj_x[i] (atomically:
// threads may read the same element); writing y[i] = v reads adj_y[i] into
// the adjoint of v; atomic_add/sub pass the adjoint through; atomic_min/max
// pass it to the value only where that value won (the element holds it).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Autodiff/AdjointBuilder.h"
#include "mlir/IR/Matchers.h"

#include "kdsl/KdslAutodiffInterface.cpp.inc"

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
  if (auto e = v.getDefiningOp<vector::ExtractOp>())
    return !e.hasDynamicPosition() &&
           knownZeroAt(e.getSource(), e.getStaticPosition(), depth + 1);
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
  return arith::AddFOp::create(b, loc, a, c);
}

static SmallVector<Value> primals(AdjointBuilder &ab, ValueRange vs) {
  SmallVector<Value> out;
  for (Value v : vs)
    out.push_back(ab.primal(v));
  return out;
}

/// Atomically adds the struct `adj` into `array[idx]`: kdsl.atomic combines
/// scalars and vectors, so one atomic per differentiable field, through
/// views of the fields (nested structs field by field too).
static void atomicAddStruct(OpBuilder &b, Location loc, Value array, ValueRange idx, Value adj) {
  auto st = cast<StructType>(adj.getType());
  for (auto [name, f] : llvm::zip(st.getFieldNames(), st.getFieldTypes())) {
    if (!isDifferentiableType(f))
      continue;
    Value view = FieldViewOp::create(b, loc, array, name);
    Value field = extractField(b, loc, adj, name);
    if (isa<StructType>(f))
      atomicAddStruct(b, loc, view, idx, field);
    else
      AtomicOp::create(b, loc, AtomicKind::add, view, idx, field);
  }
}

/// Whether `array` is (a view of) an array made from a pointer
/// (kdsl.array_from_ptr): as in Warp, whose array_t(ptr, ...) has no grad,
/// accesses through it give autodiff nothing.
static bool fromPointer(Value array) {
  while (Operation *d = array.getDefiningOp()) {
    if (isa<ArrayFromPtrOp>(d))
      return true;
    if (auto v = dyn_cast<SubArrayOp>(d))
      array = v.getArray();
    else if (auto v = dyn_cast<ArraySliceOp>(d))
      array = v.getArray();
    else if (auto v = dyn_cast<FieldViewOp>(d))
      array = v.getArray();
    else if (auto v = dyn_cast<AssumeDenseOp>(d))
      array = v.getArray();
    else
      return false;
  }
  return false;
}

LogicalResult LoadOp::buildAdjoint(AdjointBuilder &ab) {
  Value adj = ab.adjoint(getResult());
  if (!adj || fromPointer(getArray()))
    return success();
  bool own = ab.readsOwnElementOnly(getArray());
  FailureOr<Value> adjArray = ab.adjointArray(*this, getArray());
  if (failed(adjArray))
    return failure();
  OpBuilder &b = ab.builder();
  SmallVector<Value> idx = primals(ab, getIndices());
  if (own) {
    // No other thread touches this element: a plain read-modify-write.
    Value old = LoadOp::create(b, getLoc(), *adjArray, idx);
    StoreOp::create(b, getLoc(), buildAdd(b, getLoc(), old, adj), *adjArray, idx);
    return success();
  }
  if (isa<StructType>(adj.getType()))
    atomicAddStruct(b, getLoc(), *adjArray, idx, adj);
  else
    AtomicOp::create(b, getLoc(), AtomicKind::add, *adjArray, idx, adj);
  return success();
}

/// The adjoint array element that a write to `array[indices]` reads back.
static FailureOr<Value> readAdjoint(AdjointBuilder &ab, Operation *op, Value array,
                                    ValueRange indices) {
  FailureOr<Value> adjArray = ab.adjointArray(op, array);
  if (failed(adjArray))
    return failure();
  return (Value)LoadOp::create(ab.builder(), op->getLoc(), *adjArray, primals(ab, indices));
}

LogicalResult StoreOp::buildAdjoint(AdjointBuilder &ab) {
  if (!isDifferentiableType(getValue().getType()) || fromPointer(getArray()))
    return success();
  FailureOr<Value> adj = readAdjoint(ab, *this, getArray(), getIndices());
  if (failed(adj))
    return failure();
  ab.accumulate(getValue(), *adj);
  return success();
}

LogicalResult AtomicOp::buildAdjoint(AdjointBuilder &ab) {
  // The old value it returns is not differentiated (Warp does the same);
  // Warp's atomic_exch and atomic_cas are not differentiable at all.
  if (!isDifferentiableType(getValue().getType()) || getKind() == AtomicKind::exch ||
      getKind() == AtomicKind::cas || fromPointer(getArray()))
    return success();
  FailureOr<Value> adj = readAdjoint(ab, *this, getArray(), getIndices());
  if (failed(adj))
    return failure();
  OpBuilder &b = ab.builder();
  Location loc = getLoc();
  switch (getKind()) {
  case AtomicKind::add:
    ab.accumulate(getValue(), *adj);
    break;
  case AtomicKind::sub:
    ab.accumulate(getValue(), arith::NegFOp::create(b, loc, *adj));
    break;
  case AtomicKind::min:
  case AtomicKind::max: {
    // The element now holds the winning value (the forward pass has run).
    Value now = LoadOp::create(b, loc, ab.primal(getArray()), primals(ab, getIndices()));
    Value won = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, now, ab.primal(getValue()));
    ab.accumulate(getValue(), arith::SelectOp::create(b, loc, won, *adj,
                                                      buildZero(b, loc, adj->getType())));
    break;
  }
  case AtomicKind::umin:
  case AtomicKind::umax:
  case AtomicKind::bit_and:
  case AtomicKind::bit_or:
  case AtomicKind::bit_xor:
    break; // integers only
  case AtomicKind::exch:
  case AtomicKind::cas:
    break; // not differentiable in Warp either
  }
  return success();
}

/// wp.cast is not differentiable in Warp: the input's adjoint gets nothing.
LogicalResult BitcastOp::buildAdjoint(AdjointBuilder &) { return success(); }

LogicalResult StructCreateOp::buildAdjoint(AdjointBuilder &ab) {
  Value adj = ab.adjoint(getResult());
  if (!adj)
    return success();
  auto s = cast<StructType>(getType());
  for (auto [name, field] : llvm::zip(s.getFieldNames(), getFields()))
    if (isDifferentiableType(field.getType()))
      ab.accumulate(field, extractField(ab.builder(), getLoc(), adj, name));
  return success();
}

LogicalResult StructExtractOp::buildAdjoint(AdjointBuilder &ab) {
  Value adj = ab.adjoint(getResult());
  if (!adj || !isDifferentiableType(getInput().getType()))
    return success();
  OpBuilder &b = ab.builder();
  Value zero = buildZero(b, getLoc(), getInput().getType());
  ab.accumulate(getInput(), StructInsertOp::create(b, getLoc(), adj, zero, getField()));
  return success();
}

LogicalResult StructInsertOp::buildAdjoint(AdjointBuilder &ab) {
  Value adj = ab.adjoint(getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = getLoc();
  if (isDifferentiableType(getValue().getType()))
    ab.accumulate(getValue(), extractField(b, loc, adj, getField()));
  Value zero = buildZero(b, loc, getValue().getType());
  ab.accumulate(getInput(), StructInsertOp::create(b, loc, zero, adj, getField()));
  return success();
}
