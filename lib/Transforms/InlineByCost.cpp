//===- InlineByCost.cpp - inline small or single-use funcs -----------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/SetVector.h"

namespace kdsl {
#define GEN_PASS_DEF_INLINEBYCOST
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;

namespace {
/// What the GPU lowering cannot have in a device function: a kdsl type in
/// the signature, an assert or a print in the body.
bool needsKernelContext(func::FuncOp f) {
  auto isKdsl = [](Type t) { return isa<kdsl::KdslDialect>(t.getDialect()); };
  if (llvm::any_of(f.getArgumentTypes(), isKdsl) || llvm::any_of(f.getResultTypes(), isKdsl))
    return true;
  return f
      .walk([](Operation *op) {
        return isa<kdsl::AssertOp, kdsl::PrintOp>(op) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
      })
      .wasInterrupted();
}

struct InlineByCostPass : public kdsl::impl::InlineByCostBase<InlineByCostPass> {
  using InlineByCostBase::InlineByCostBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Callees before callers: a post-order of the call graph from every
    // top-level op (funcs are never recursive: Sema rejects it).
    llvm::SetVector<Operation *> order;
    llvm::DenseSet<Operation *> visiting;
    std::function<void(Operation *)> visit = [&](Operation *op) {
      if (order.contains(op) || !visiting.insert(op).second)
        return;
      op->walk([&](func::CallOp call) {
        if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
          visit(callee);
      });
      order.insert(op);
    };
    for (Operation &op : module.getBody()->getOperations())
      visit(&op);

    // Call sites per callee, kept up to date as bodies are copied in.
    llvm::DenseMap<Operation *, unsigned> sites;
    module.walk([&](func::CallOp call) {
      if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
        ++sites[callee];
    });
    // A callee's size, taken once its own calls are decided (post-order).
    llvm::DenseMap<Operation *, unsigned> sizes;
    auto sizeOf = [&](func::FuncOp f) {
      auto inserted = sizes.try_emplace(f, 0);
      unsigned &size = inserted.first->second;
      if (inserted.second)
        f.walk([&](Operation *) { ++size; });
      return size;
    };

    InlinerInterface interface(&getContext());
    InlinerConfig config;
    for (Operation *caller : order) {
      SmallVector<func::CallOp> calls;
      caller->walk([&](func::CallOp c) { calls.push_back(c); });
      for (func::CallOp call : calls) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
          continue;
        // Small (the func itself counted), or called from one place, or
        // (gpu) what a device function cannot be.
        if (sizeOf(callee) > maxOps + 1 && sites[callee] != 1 &&
            !(gpu && needsKernelContext(callee)))
          continue;
        if (failed(
                inlineCall(interface, config.getCloneCallback(), call, callee, &callee.getBody())))
          continue; // stays a call
        call.erase();
        --sites[callee];
        callee.walk([&](func::CallOp inner) {
          if (auto target = symbols.lookup<func::FuncOp>(inner.getCallee()))
            ++sites[target];
        });
      }
      sizes.erase(caller); // it grew
    }
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (f.isPrivate() && sites[f] == 0)
        f.erase();
  }
};
} // namespace
