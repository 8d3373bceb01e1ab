//===- KeepNames.cpp - canonicalize and CSE keeping adjoint names ---------===//
//
// MLIR's canonicalizer and CSE, for kdsl-prepare-emission: when either
// replaces an op by an equal value (CSE: an equal op; canonicalization: a
// fold such as -(-x) = x, or a new op), the adjoint names of the op it erases
// (adj_<name>, include/kdsl/Target/SourceNames.h) are given to the op that
// defines the value it keeps, as its name or as aliases (the emitter
// declares those as copies). Without this, a backward loses `adj_dy` in `dy
// = -(a - b); bias = -(h + dy)`: adj_dy = -adj_bias = -(-adj) folds to adj, named
// otherwise. Only locations change: the patterns, their order and the
// driver's settings are those of createCanonicalizerPass() and
// createCSEPass().
//
//===----------------------------------------------------------------------===//
#include "kdsl/Target/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {

struct KeepNames : RewriterBase::Listener {
  void notifyOperationReplaced(Operation *op, ValueRange replacement) override {
    if (replacement.size() == 1)
      if (Operation *def = replacement[0].getDefiningOp())
        kdsl::keepAdjointNames(op, def);
  }
};

struct NamedCanonicalize : PassWrapper<NamedCanonicalize, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NamedCanonicalize)
  StringRef getArgument() const override { return "kdsl-named-canonicalize"; }
  StringRef getDescription() const override {
    return "canonicalize, keeping the adjoint source names of the ops it replaces";
  }
  LogicalResult initialize(MLIRContext *ctx) override {
    // As mlir's Canonicalizer: every loaded dialect's and registered op's
    // patterns, frozen once.
    RewritePatternSet owning(ctx);
    for (Dialect *d : ctx->getLoadedDialects())
      d->getCanonicalizationPatterns(owning);
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      op.getCanonicalizationPatterns(owning, ctx);
    patterns = std::make_shared<FrozenRewritePatternSet>(std::move(owning));
    return success();
  }
  void runOnOperation() override {
    KeepNames listener;
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal)
        .setMaxIterations(10)
        .setMaxNumRewrites(GreedyRewriteConfig::kNoLimit)
        .setListener(&listener);
    // Best effort, as the canonicalizer: not converging is no failure.
    (void)applyPatternsGreedily(getOperation(), *patterns, config);
  }
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

struct NamedCSE : PassWrapper<NamedCSE, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NamedCSE)
  StringRef getArgument() const override { return "kdsl-named-cse"; }
  StringRef getDescription() const override {
    return "CSE, keeping the adjoint source names of the ops it erases";
  }
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

std::unique_ptr<Pass> kdsl::createNamedCanonicalize() { return std::make_unique<NamedCanonicalize>(); }
std::unique_ptr<Pass> kdsl::createNamedCSE() { return std::make_unique<NamedCSE>(); }
