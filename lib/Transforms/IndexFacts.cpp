//===- IndexFacts.cpp - array indices proven non-negative -----------------===//
//
// Upstream integer range analysis over the kernels and funcs, seeded by the
// ranges kdsl's launch values have (KdslIntRanges.cpp): wp.tid() values,
// array extents, loop induction variables over them, and what arith
// computes from those without wrapping. An access index proven non-negative
// is marked (IndexFacts.h); a run-time vector or matrix index proven in
// [0, extent) is its own position (the kdsl.component_index goes).
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/IndexFacts.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace kdsl {
#define GEN_PASS_DEF_INDEXFACTS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {
struct IndexFactsPass : public kdsl::impl::IndexFactsBase<IndexFactsPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    DataFlowSolver solver;
    // As upstream's int-range-optimizations: the range analysis feeds the
    // dead-code analysis its constants. (Not SparseConstantPropagation: its
    // trial folds of ops given an optimistic constant can rewrite an op's
    // properties in place, e.g. a vector.extract's dynamic position into a
    // static one, and it restores only operands and attributes.)
    solver.load<dataflow::DeadCodeAnalysis>();
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(root)))
      return signalPassFailure();

    // The signed range of v, if the analysis reached it.
    auto range = [&](Value v) -> std::optional<ConstantIntRanges> {
      auto *state = solver.lookupState<dataflow::IntegerValueRangeLattice>(v);
      if (!state || state->getValue().isUninitialized())
        return std::nullopt;
      return state->getValue().getValue();
    };
    auto nonNegative = [&](Value v) {
      std::optional<ConstantIntRanges> r = range(v);
      return r && r->smin().isNonNegative();
    };
    auto mark = [&](Operation *access, ValueRange indices) {
      SmallVector<bool> facts;
      for (Value i : indices)
        facts.push_back(nonNegative(i));
      if (llvm::is_contained(facts, true))
        access->setAttr(kNonNegativeIndicesAttr,
                        DenseBoolArrayAttr::get(access->getContext(), facts));
      else
        access->removeAttr(kNonNegativeIndicesAttr);
    };
    SmallVector<ComponentIndexOp> inRange;
    root->walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadOp>(op))
        mark(op, load.getIndices());
      else if (auto store = dyn_cast<StoreOp>(op))
        mark(op, store.getIndices());
      else if (auto atomic = dyn_cast<AtomicOp>(op))
        mark(op, atomic.getIndices());
      else if (auto sub = dyn_cast<SubArrayOp>(op))
        mark(op, sub.getIndices());
      else if (auto component = dyn_cast<ComponentIndexOp>(op)) {
        std::optional<ConstantIntRanges> r = range(component.getIndex());
        if (r && r->smin().isNonNegative() && r->smax().slt(component.getExtent()))
          inRange.push_back(component);
      }
    });
    for (ComponentIndexOp op : inRange) {
      OpBuilder b(op);
      op.replaceAllUsesWith(
          arith::IndexCastOp::create(b, op.getLoc(), b.getIndexType(), op.getIndex()).getResult());
      op.erase();
    }
  }
};
} // namespace
