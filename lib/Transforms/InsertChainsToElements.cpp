//===- InsertChainsToElements.cpp - insert chains -> from_elements --------===//
//
// kdsl-insert-chains-to-elements (Passes.td): a 1-D vector built element by
// element into a constant becomes one vector.from_elements, which the C++
// and CUDA C emitters print as a brace initializer.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"

namespace kdsl {
#define GEN_PASS_DEF_INSERTCHAINSTOELEMENTS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;

namespace {

/// Vectors up to this many elements are written out element by element.
constexpr int64_t kMaxElements = 16;

/// The lane an insert writes: a 1-D vector of at most kMaxElements, one
/// static position in range.
std::optional<int64_t> laneOf(vector::InsertOp op) {
  VectorType type = op.getDestVectorType();
  if (type.getRank() != 1 || type.isScalable() || type.getNumElements() > kMaxElements ||
      op.getNumIndices() != 1)
    return std::nullopt;
  std::optional<int64_t> lane = getConstantIntValue(op.getMixedPosition()[0]);
  if (!lane || *lane < 0 || *lane >= type.getNumElements())
    return std::nullopt;
  return lane;
}

/// An insert that is a link inside a chain: its only use is as the
/// destination of the next insert, and it names no source value (only the
/// chain's last insert keeps its name).
bool isInnerLink(vector::InsertOp op) {
  if (!laneOf(op) || !op->hasOneUse() || !kdsl::sourceNameOf(op->getLoc()).empty())
    return false;
  auto next = dyn_cast<vector::InsertOp>(*op->getUsers().begin());
  return next && next.getDest() == op.getResult() && laneOf(next);
}

struct InsertChainsToElements : kdsl::impl::InsertChainsToElementsBase<InsertChainsToElements> {
  void runOnOperation() override {
    SmallVector<vector::InsertOp> lasts;
    getOperation()->walk([&](vector::InsertOp op) {
      if (laneOf(op) && !isInnerLink(op))
        lasts.push_back(op);
    });
    for (vector::InsertOp last : lasts)
      rewrite(last);
  }

  /// Rewrites the chain ending at `last` if it starts from a constant.
  static void rewrite(vector::InsertOp last) {
    VectorType type = last.getDestVectorType();
    SmallVector<Value> elements(type.getNumElements());
    SmallVector<vector::InsertOp> chain;
    vector::InsertOp op = last;
    while (true) {
      chain.push_back(op);
      Value &slot = elements[*laneOf(op)];
      if (!slot)
        slot = op.getValueToStore(); // the later insert of a lane wins
      auto below = op.getDest().getDefiningOp<vector::InsertOp>();
      if (!below || !isInnerLink(below))
        break;
      op = below;
    }
    DenseElementsAttr base;
    if (!matchPattern(op.getDest(), m_Constant(&base)))
      return;
    OpBuilder b(last);
    llvm::DenseMap<Attribute, Value> constants;
    auto baseValues = base.getValues<Attribute>();
    for (auto [lane, slot] : llvm::enumerate(elements)) {
      if (slot)
        continue;
      Attribute value = baseValues[lane];
      Value &c = constants[value];
      if (!c)
        c = arith::ConstantOp::create(b, last.getLoc(), cast<TypedAttr>(value));
      slot = c;
    }
    auto built = vector::FromElementsOp::create(b, last.getLoc(), type, elements);
    last.getResult().replaceAllUsesWith(built.getResult());
    for (vector::InsertOp dead : chain)
      dead->erase();
  }
};

} // namespace
