//===- EraseUnusedAdjointFuncs.cpp - drop uncalled adj_<f> ------------------===//
#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace kdsl {
#define GEN_PASS_DEF_ERASEUNUSEDADJOINTFUNCS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;

namespace {
struct EraseUnusedAdjointFuncsPass
    : public kdsl::impl::EraseUnusedAdjointFuncsBase<EraseUnusedAdjointFuncsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // One walk of the calls per round; an erased adj_<f> can leave the
    // adj_<g> it called unused.
    for (bool erased = true; erased;) {
      erased = false;
      llvm::DenseSet<StringAttr> called;
      module.walk([&](func::CallOp call) { called.insert(call.getCalleeAttr().getAttr()); });
      // Also those inside a gpu.module (after kdsl-outline-gpu-kernels).
      SmallVector<func::FuncOp> adjoints;
      module.walk([&](func::FuncOp f) {
        if (f->hasAttr(kdsl::kAdjointFuncOfAttr))
          adjoints.push_back(f);
      });
      for (func::FuncOp f : adjoints)
        if (!called.contains(f.getSymNameAttr()) &&
            SymbolTable::symbolKnownUseEmpty(f, f->getParentOp())) {
          f.erase();
          erased = true;
        }
    }
  }
};
} // namespace
