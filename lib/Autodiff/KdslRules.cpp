//===- KdslRules.cpp - derivative rules of the kdsl memory and struct ops --===//
//
// External models of AutodiffOpInterface on kdsl ops, registered with the
// arith, math and vector ones by registerAutodiffInterfaceModels: the dialect
// does not know of autodiff (docs/architecture.md, "Layers").
//
// Warp's semantics: reading x[i] accumulates into adj_x[i] (atomically:
// threads may read the same element); writing y[i] = v reads adj_y[i] into
// the adjoint of v; atomic_add/sub pass the adjoint through; atomic_min/max
// pass it to the value only where that value won (the element holds it).
//
//===----------------------------------------------------------------------===//
#include "OpRule.h"
#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace kdsl;

static Value extractField(OpBuilder &b, Location loc, Value s, StringRef name) {
  auto t = cast<StructType>(s.getType());
  return StructExtractOp::create(b, loc, t.getFieldTypes()[t.getFieldIndex(name)], s,
                                 b.getStringAttr(name));
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

static LogicalResult loadRule(LoadOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj || fromPointer(op.getArray()))
    return success();
  bool own = ab.readsOwnElementOnly(op.getArray());
  FailureOr<Value> adjArray = ab.adjointArray(op, op.getArray());
  if (failed(adjArray))
    return failure();
  OpBuilder &b = ab.builder();
  SmallVector<Value> idx = primals(ab, op.getIndices());
  if (own) {
    // No other thread touches this element: a plain read-modify-write.
    Value old = LoadOp::create(b, op.getLoc(), *adjArray, idx);
    StoreOp::create(b, op.getLoc(), buildAdd(b, op.getLoc(), old, adj), *adjArray, idx);
    return success();
  }
  if (isa<StructType>(adj.getType()))
    atomicAddStruct(b, op.getLoc(), *adjArray, idx, adj);
  else
    AtomicOp::create(b, op.getLoc(), AtomicKind::add, *adjArray, idx, adj);
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

/// In a kernel that depends on its block's lanes, the adjoint element a
/// write reads is taken by one lane only, and consumed: every lane of a
/// block may store the same value to one element (a value of the block), so
/// reading it in every lane would give the block B times the gradient. An
/// atomic exchange with zero gives it to the first lane to get there (on
/// the CPU, the lanes run in order: lane 0), and the others zero; the value
/// the write overwrote gets no gradient through the element, which is the
/// derivative (docs/design/tiles.md, "Adjoints of lane-dependent kernels").
static FailureOr<Value> takeAdjoint(AdjointBuilder &ab, Operation *op, Value array,
                                    ValueRange indices) {
  FailureOr<Value> adjArray = ab.adjointArray(op, array);
  if (failed(adjArray))
    return failure();
  Type t = cast<ArrayType>(adjArray->getType()).getElementType();
  if (isa<StructType>(t))
    return op->emitOpError("autodiff: a write of a struct in a kernel that depends on its "
                           "block's lanes is not differentiated yet (docs/design/tiles.md)");
  OpBuilder &b = ab.builder();
  Value zero = buildZero(b, op->getLoc(), t);
  return (Value)AtomicOp::create(b, op->getLoc(), AtomicKind::exch, *adjArray, primals(ab, indices),
                                 zero)
      .getResult();
}

static LogicalResult storeRule(StoreOp op, AdjointBuilder &ab) {
  if (!isDifferentiableType(op.getValue().getType()) || fromPointer(op.getArray()))
    return success();
  FailureOr<Value> adj = ab.laneKernel() ? takeAdjoint(ab, op, op.getArray(), op.getIndices())
                                         : readAdjoint(ab, op, op.getArray(), op.getIndices());
  if (failed(adj))
    return failure();
  ab.accumulate(op.getValue(), *adj);
  return success();
}

static LogicalResult atomicRule(AtomicOp op, AdjointBuilder &ab) {
  // The old value it returns is not differentiated (Warp does the same);
  // Warp's atomic_exch and atomic_cas are not differentiable at all.
  if (!isDifferentiableType(op.getValue().getType()) || op.getKind() == AtomicKind::exch ||
      op.getKind() == AtomicKind::cas || fromPointer(op.getArray()))
    return success();
  FailureOr<Value> adj = readAdjoint(ab, op, op.getArray(), op.getIndices());
  if (failed(adj))
    return failure();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  switch (op.getKind()) {
  case AtomicKind::add:
    ab.accumulate(op.getValue(), *adj);
    break;
  case AtomicKind::sub:
    ab.accumulate(op.getValue(), arith::NegFOp::create(b, loc, *adj));
    break;
  case AtomicKind::min:
  case AtomicKind::max: {
    // The element now holds the winning value (the forward pass has run).
    Value now = LoadOp::create(b, loc, ab.primal(op.getArray()), primals(ab, op.getIndices()));
    Value won =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, now, ab.primal(op.getValue()));
    Value zero = buildZero(b, loc, adj->getType());
    if (ab.laneKernel()) {
      // Lanes passing one value (the block's) all win: the first winner
      // takes the element's adjoint (takeAdjoint).
      auto take = scf::IfOp::create(b, loc, TypeRange{adj->getType()}, won, /*withElse=*/true);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&take.getThenRegion().front());
      FailureOr<Value> taken = takeAdjoint(ab, op, op.getArray(), op.getIndices());
      if (failed(taken))
        return failure();
      scf::YieldOp::create(b, loc, *taken);
      b.setInsertionPointToStart(&take.getElseRegion().front());
      scf::YieldOp::create(b, loc, zero);
      b.setInsertionPointAfter(take);
      ab.accumulate(op.getValue(), take.getResult(0));
      break;
    }
    ab.accumulate(op.getValue(), arith::SelectOp::create(b, loc, won, *adj, zero));
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
static LogicalResult bitcastRule(BitcastOp, AdjointBuilder &) { return success(); }

static LogicalResult structCreateRule(StructCreateOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  auto s = cast<StructType>(op.getType());
  for (auto [name, field] : llvm::zip(s.getFieldNames(), op.getFields()))
    if (isDifferentiableType(field.getType()))
      ab.accumulate(field, extractField(ab.builder(), op.getLoc(), adj, name));
  return success();
}

static LogicalResult structExtractRule(StructExtractOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj || !isDifferentiableType(op.getInput().getType()))
    return success();
  OpBuilder &b = ab.builder();
  Value zero = buildZero(b, op.getLoc(), op.getInput().getType());
  ab.accumulate(op.getInput(), StructInsertOp::create(b, op.getLoc(), adj, zero, op.getField()));
  return success();
}

static LogicalResult structInsertRule(StructInsertOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  if (isDifferentiableType(op.getValue().getType()))
    ab.accumulate(op.getValue(), extractField(b, loc, adj, op.getField()));
  Value zero = buildZero(b, loc, op.getValue().getType());
  ab.accumulate(op.getInput(), StructInsertOp::create(b, loc, zero, adj, op.getField()));
  return success();
}

void kdsl::registerKdslOpRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, KdslDialect *) {
    LoadOp::attachInterface<OpRule<LoadOp, loadRule>>(*ctx);
    StoreOp::attachInterface<OpRule<StoreOp, storeRule>>(*ctx);
    AtomicOp::attachInterface<OpRule<AtomicOp, atomicRule>>(*ctx);
    BitcastOp::attachInterface<OpRule<BitcastOp, bitcastRule>>(*ctx);
    StructCreateOp::attachInterface<OpRule<StructCreateOp, structCreateRule>>(*ctx);
    StructExtractOp::attachInterface<OpRule<StructExtractOp, structExtractRule>>(*ctx);
    StructInsertOp::attachInterface<OpRule<StructInsertOp, structInsertRule>>(*ctx);
  });
}
