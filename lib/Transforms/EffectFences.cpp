//===- EffectFences.cpp - canonicalization linear in the length of a block ===//
//
// After every rewrite, MLIR's greedy driver revisits the ops that enclose
// the rewritten op and asks each whether it is trivially dead. For an op
// whose effects are those of its body (a loop, an `if`, an alloca scope)
// that is a scan of the body up to the first op that writes memory: in a
// straight-line kernel, where the stores come last, the whole body, after
// each of its rewrites, so canonicalization took time quadratic in the
// length of the kernel (10,000 statements: 38 s; issue 26, finding 19).
//
// While the patterns run, each block of kFenceMinOps ops or more of such an
// op starts with a kdsl.effect_fence, a write that ends those scans at once;
// the fences are taken out after. Every other decision of the driver and of
// the patterns is the same with and without them: a fence is no allocation
// (alloca scopes are inlined as before), it is no constant (constants are
// hoisted out of these blocks anyway), and a block that long is no trivial
// block for the patterns that look for one. The one difference: an op whose
// body lost all its writes would have been erased as dead, and a fenced block
// that shrank could have become trivial. Then the patterns run once more
// without fences and finish what they would have done.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace kdsl {
#define GEN_PASS_DEF_CANONICALIZE
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

/// Blocks shorter than this are left alone: their scans are short, and
/// they keep exactly the IR the patterns always saw.
static constexpr size_t kFenceMinOps = 256;

unsigned kdsl::insertEffectFences(Operation *root) {
  unsigned count = 0;
  root->walk([&](Operation *op) {
    if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (block.getOperations().size() >= kFenceMinOps) {
          OpBuilder b = OpBuilder::atBlockBegin(&block);
          EffectFenceOp::create(b, op->getLoc());
          ++count;
        }
  });
  return count;
}

bool kdsl::removeEffectFences(Operation *root) {
  SmallVector<Block *> blocks;
  root->walk([&](EffectFenceOp fence) {
    blocks.push_back(fence->getBlock());
    fence->erase();
  });
  return llvm::any_of(blocks, [](Block *block) {
    return block->getOperations().size() < kFenceMinOps || isOpTriviallyDead(block->getParentOp());
  });
}

std::shared_ptr<const FrozenRewritePatternSet> kdsl::canonicalizationPatterns(MLIRContext *ctx) {
  RewritePatternSet owning(ctx);
  for (Dialect *d : ctx->getLoadedDialects())
    d->getCanonicalizationPatterns(owning);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(owning, ctx);
  return std::make_shared<FrozenRewritePatternSet>(std::move(owning));
}

GreedyRewriteConfig kdsl::canonicalizerConfig() {
  GreedyRewriteConfig config;
  config.setUseTopDownTraversal(true)
      .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal)
      .setMaxIterations(10)
      .setMaxNumRewrites(GreedyRewriteConfig::kNoLimit);
  return config;
}

namespace {

struct Canonicalize : public kdsl::impl::CanonicalizeBase<Canonicalize> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *ctx) override {
    patterns = kdsl::canonicalizationPatterns(ctx);
    return success();
  }
  void runOnOperation() override {
    GreedyRewriteConfig config = kdsl::canonicalizerConfig();
    unsigned fences = insertEffectFences(getOperation());
    numFences += fences;
    // Best effort, as the canonicalizer: not converging is no failure.
    (void)applyPatternsGreedily(getOperation(), *patterns, config);
    if (keepFences)
      return;
    if (fences && removeEffectFences(getOperation())) {
      ++numReruns;
      (void)applyPatternsGreedily(getOperation(), *patterns, config);
    }
  }
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace
