//===- KeepNames.cpp - canonicalize and CSE keeping adjoint names ---------===//
//
// MLIR's canonicalizer and CSE, for kdsl-prepare-emission: when either
// replaces an op by an equal value (CSE: an equal op; canonicalization: a
// fold such as -(-x) = x, or a new op), the adjoint names of the op it erases
// (adj_<name>, include/kdsl/Dialect/SourceNames.h) are given to the op that
// defines the value it keeps, as its name or as aliases (the emitter
// declares those as copies). Without this, a backward loses `adj_dy` in `dy
// = -(a - b); bias = -(h + dy)`: adj_dy = -adj_bias = -(-adj) folds to adj, named
// otherwise (when -adj_bias has no name to keep; see below). A multi-result op with result names
// (the reversed `if` of a backward, SourceNames.h's setResultNames) folded into selects hands each
// result's name to its replacement (adj_hit, adj_t_near). The patterns, their
// order and the driver's settings are those of createCanonicalizerPass() and
// createCSEPass(); the one change to the IR is that a named adjoint negated
// again is not folded away with its name (runOnOperation): -(-x) stays
// -adj_bias, as in Warp's backward.
//
// Long blocks get kdsl.effect_fence markers while the patterns run, as in
// kdsl-canonicalize (EffectFences.cpp): the same result, in time linear in
// the length of a block.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallBitVector.h"

namespace kdsl {
#define GEN_PASS_DEF_NAMEDCANONICALIZE
#define GEN_PASS_DEF_NAMEDCSE
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;

namespace {

struct KeepNames : RewriterBase::Listener {
  void notifyOperationReplaced(Operation *op, ValueRange replacement) override {
    if (replacement.size() == 1) {
      if (Operation *def = replacement[0].getDefiningOp())
        kdsl::keepAdjointNames(op, def);
      return;
    }
    // A multi-result op with result names (a reversed `if` folded into
    // selects, or made anew with fewer results): each replacement value
    // takes its result's name.
    ArrayAttr names = kdsl::resultNamesOf(op->getLoc());
    if (!names || names.size() != replacement.size())
      return;
    for (auto [v, n] : llvm::zip(replacement, names))
      if (v)
        kdsl::addAdjointName(v, cast<StringAttr>(n).getValue());
  }
};

struct NamedCanonicalize : kdsl::impl::NamedCanonicalizeBase<NamedCanonicalize> {
  LogicalResult initialize(MLIRContext *ctx) override {
    patterns = kdsl::canonicalizationPatterns(ctx);
    return success();
  }
  void runOnOperation() override {
    KeepNames listener;
    GreedyRewriteConfig config = kdsl::canonicalizerConfig();
    config.setListener(&listener);
    // A named adjoint that is only negated again (adj_grad = -adj_res, then
    // -adj_grad for grad = -wp.tan(u)): -(-x) folds to x, and the named op
    // dies with its name. Its negations read it through a kdsl.bitcast to
    // the same type while canonicalizing, an op no fold or pattern sees
    // through, taken out after: the backward reads -adj_grad, as Warp's
    // does.
    //
    // A vector adjoint read only by component (adj_X of a transform X =
    // wp.transform(p, q), whose reversed constructor reads the translation
    // and the rotation apart) dies the same way: each extract folds to the
    // element it reads. Its extracts read it through a barrier too. Keeping
    // it would also keep the adjoints of the elements nothing reads (that of
    // a constant translation; Target/emit-adjoint-unread-half.py), so once
    // canonicalized, the unread elements of such a vector are made zeros
    // and what computed them is cleaned away (zeroUnreadLanes).
    SmallVector<std::pair<Operation *, bool>> named;
    getOperation()->walk([&](Operation *op) {
      if (op->getNumResults() != 1 || op->hasTrait<OpTrait::ConstantLike>() ||
          !kdsl::sourceNameOf(op->getLoc()).starts_with("adj_") || op->use_empty())
        return;
      if (isa<arith::NegFOp>(op) &&
          llvm::any_of(op->getUsers(), [](Operation *u) { return isa<arith::NegFOp>(u); }))
        named.push_back({op, false});
      else if (isLaneVector(op->getResult(0).getType()) &&
               llvm::all_of(op->getUsers(), [](Operation *u) { return isa<vector::ExtractOp>(u); }))
        named.push_back({op, true});
    });
    for (auto &entry : named) {
      Operation *op = entry.first;
      bool lanes = entry.second;
      Value v = op->getResult(0);
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      auto barrier =
          kdsl::BitcastOp::create(b, kdsl::withoutSourceNames(op->getLoc()), v.getType(), v);
      barrier->setAttr(lanes ? kLaneBarrier : kBarrier, b.getUnitAttr());
      v.replaceUsesWithIf(barrier.getResult(), [&](OpOperand &use) {
        return use.getOwner() != barrier && (lanes || isa<arith::NegFOp>(use.getOwner()));
      });
    }
    bool fenced = kdsl::insertEffectFences(getOperation()) > 0;
    // Best effort, as the canonicalizer: not converging is no failure.
    (void)applyPatternsGreedily(getOperation(), *patterns, config);
    if (zeroUnreadLanes())
      (void)applyPatternsGreedily(getOperation(), *patterns, config);
    if (fenced && kdsl::removeEffectFences(getOperation()))
      (void)applyPatternsGreedily(getOperation(), *patterns, config);
    // The barriers left (those whose users folded away went with them).
    getOperation()->walk([&](kdsl::BitcastOp barrier) {
      if (!barrier->hasAttr(kBarrier) && !barrier->hasAttr(kLaneBarrier))
        return;
      barrier.getResult().replaceAllUsesWith(barrier.getInput());
      barrier->erase();
    });
  }

  /// A 1-D vector of floats: a vector, a transform, a spatial vector.
  static bool isLaneVector(Type t) {
    auto v = dyn_cast<VectorType>(t);
    return v && v.getRank() == 1 && !v.isScalable() && isa<FloatType>(v.getElementType());
  }

  /// For each lane barrier whose input is built from elements: the elements
  /// no extract reads become zeros, so that what computed them dies in the
  /// next canonicalization. Whether anything changed.
  bool zeroUnreadLanes() {
    bool changed = false;
    getOperation()->walk([&](kdsl::BitcastOp barrier) {
      if (!barrier->hasAttr(kLaneBarrier))
        return;
      auto build = barrier.getInput().getDefiningOp<vector::FromElementsOp>();
      if (!build)
        return;
      llvm::SmallBitVector read(build.getElements().size());
      for (Operation *user : barrier->getUsers()) {
        auto extract = dyn_cast<vector::ExtractOp>(user);
        std::optional<int64_t> lane;
        if (extract && extract.getNumIndices() == 1)
          lane = getConstantIntValue(extract.getMixedPosition()[0]);
        if (!lane || *lane < 0 || *lane >= int64_t(read.size()))
          return; // a read of a lane not known: keep every element
        read.set(*lane);
      }
      if (read.all())
        return;
      OpBuilder b(build);
      Type elementType = build.getType().getElementType();
      Value zero = arith::ConstantOp::create(b, build.getLoc(), elementType,
                                             b.getFloatAttr(elementType, 0.0));
      for (unsigned lane = 0; lane < read.size(); ++lane)
        if (!read.test(lane))
          build->setOperand(lane, zero);
      changed = true;
    });
    return changed;
  }

  static constexpr const char kBarrier[] = "kdsl.name_barrier";
  static constexpr const char kLaneBarrier[] = "kdsl.lane_barrier";
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

struct NamedCSE : kdsl::impl::NamedCSEBase<NamedCSE> {
  void runOnOperation() override {
    KeepNames listener;
    IRRewriter rewriter(&getContext(), &listener);
    DominanceInfo &dom = getAnalysis<DominanceInfo>();
    bool changed = false;
    eliminateCommonSubExpressions(rewriter, dom, getOperation(), &changed);
    if (!changed)
      markAllAnalysesPreserved();
    else
      markAnalysesPreserved<DominanceInfo, PostDominanceInfo>();
  }
};

} // namespace
