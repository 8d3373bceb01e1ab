//===- VectorRules.cpp - derivative rules of vector ops, and registration ---===//
//
// The arith and math rules are generated from dialects/kdsl/KdslDerivatives.td;
// vector ops move adjoints between positions, which is easier said in C++.
//
//===----------------------------------------------------------------------===//
#include "RuleExpr.h"
#include "kdsl/Autodiff/Autodiff.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace kdsl;

namespace {
#include "kdsl/KdslDerivatives.inc"

/// Primal positions (static stay static, dynamic ones are recomputed).
SmallVector<OpFoldResult> mapPositions(AdjointBuilder &ab, ArrayRef<OpFoldResult> pos) {
  SmallVector<OpFoldResult> out;
  for (OpFoldResult p : pos)
    out.push_back(isa<Value>(p) ? OpFoldResult(ab.primal(cast<Value>(p))) : p);
  return out;
}

template <typename Model, typename Op>
struct VectorRule : public AutodiffOpInterface::ExternalModel<Model, Op> {
  LogicalResult buildAdjoint(Operation *op, AdjointBuilder &ab) const {
    Value adj = op->getNumResults() == 1 ? ab.adjoint(op->getResult(0)) : Value();
    if (!adj)
      return success();
    return Model::rule(cast<Op>(op), ab, ab.builder(), op->getLoc(), adj);
  }
};

struct ExtractRule : VectorRule<ExtractRule, vector::ExtractOp> {
  static LogicalResult rule(vector::ExtractOp op, AdjointBuilder &ab, OpBuilder &b, Location loc,
                            Value adj) {
    ab.accumulateAt(op.getSource(), mapPositions(ab, op.getMixedPosition()), adj);
    return success();
  }
};

struct InsertRule : VectorRule<InsertRule, vector::InsertOp> {
  static LogicalResult rule(vector::InsertOp op, AdjointBuilder &ab, OpBuilder &b, Location loc,
                            Value adj) {
    auto pos = mapPositions(ab, op.getMixedPosition());
    Value stored = op.getValueToStore();
    ab.accumulate(stored, vector::ExtractOp::create(b, loc, adj, pos));
    Value zero = buildZero(b, loc, stored.getType());
    ab.accumulate(op.getDest(), vector::InsertOp::create(b, loc, zero, adj, pos));
    return success();
  }
};

struct FromElementsRule : VectorRule<FromElementsRule, vector::FromElementsOp> {
  static LogicalResult rule(vector::FromElementsOp op, AdjointBuilder &ab, OpBuilder &b,
                            Location loc, Value adj) {
    ArrayRef<int64_t> shape = op.getType().getShape();
    for (auto [i, e] : llvm::enumerate(op.getElements())) {
      SmallVector<int64_t> pos(shape.size());
      int64_t rest = i;
      for (int64_t d = shape.size() - 1; d >= 0; --d) {
        pos[d] = rest % shape[d];
        rest /= shape[d];
      }
      // An element whose adjoint is known to be zero gets none (as if
      // nothing read it): a spatial vector's unread half or a transform's
      // unread rotation is not reversed through the ops that made it.
      if (isKnownZeroAt(adj, pos))
        continue;
      ab.accumulate(e, vector::ExtractOp::create(b, loc, adj, pos));
    }
    return success();
  }
};

/// adj as a 1-D vector (n-D adjoints are flattened for reductions).
Value flatten(OpBuilder &b, Location loc, Value v) {
  auto t = cast<VectorType>(v.getType());
  if (t.getRank() == 1)
    return v;
  auto flat = VectorType::get({t.getNumElements()}, t.getElementType());
  return vector::ShapeCastOp::create(b, loc, flat, v);
}

struct BroadcastRule : VectorRule<BroadcastRule, vector::BroadcastOp> {
  static LogicalResult rule(vector::BroadcastOp op, AdjointBuilder &ab, OpBuilder &b, Location loc,
                            Value adj) {
    if (isa<VectorType>(op.getSourceType()))
      return op.emitOpError("autodiff: only broadcasts of scalars are differentiable");
    ab.accumulate(op.getSource(), vector::ReductionOp::create(b, loc, vector::CombiningKind::ADD,
                                                              flatten(b, loc, adj)));
    return success();
  }
};

struct ShapeCastRule : VectorRule<ShapeCastRule, vector::ShapeCastOp> {
  static LogicalResult rule(vector::ShapeCastOp op, AdjointBuilder &ab, OpBuilder &b, Location loc,
                            Value adj) {
    ab.accumulate(op.getSource(),
                  vector::ShapeCastOp::create(b, loc, op.getSourceVectorType(), adj));
    return success();
  }
};

struct ReductionRule : VectorRule<ReductionRule, vector::ReductionOp> {
  static LogicalResult rule(vector::ReductionOp op, AdjointBuilder &ab, OpBuilder &b, Location loc,
                            Value adj) {
    Value v = op.getVector();
    auto t = cast<VectorType>(v.getType());
    Value spread = vector::BroadcastOp::create(b, loc, t, adj);
    switch (op.getKind()) {
    case vector::CombiningKind::ADD:
      ab.accumulate(v, spread);
      return success();
    case vector::CombiningKind::MAXNUMF:
    case vector::CombiningKind::MINNUMF:
    case vector::CombiningKind::MAXIMUMF:
    case vector::CombiningKind::MINIMUMF: {
      // To the component(s) equal to the result.
      Value r = vector::BroadcastOp::create(b, loc, t, ab.primal(op.getResult()));
      Value hit = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, ab.primal(v), r);
      ab.accumulate(v, arith::SelectOp::create(b, loc, hit, spread, buildZero(b, loc, t)));
      return success();
    }
    default:
      return op.emitOpError("autodiff: no derivative rule for this reduction kind");
    }
  }
};

} // namespace

void kdsl::registerAutodiffInterfaceModels(DialectRegistry &registry) {
  registerKdslOpRules(registry);
  registerTileOpRules(registry);
  registerGeneratedDerivatives(registry);
  registry.addExtension(+[](MLIRContext *ctx, vector::VectorDialect *) {
    vector::ExtractOp::attachInterface<ExtractRule>(*ctx);
    vector::InsertOp::attachInterface<InsertRule>(*ctx);
    vector::FromElementsOp::attachInterface<FromElementsRule>(*ctx);
    vector::BroadcastOp::attachInterface<BroadcastRule>(*ctx);
    vector::ShapeCastOp::attachInterface<ShapeCastRule>(*ctx);
    vector::ReductionOp::attachInterface<ReductionRule>(*ctx);
  });
}
