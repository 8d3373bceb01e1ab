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
    // adj_<g> it called unused. Only calls count: a kept forward call still
    // names its adjoint in kdsl.grad after autodiff, which nothing reads any
    // more, and an emitted adj_<f> nothing calls is an unused function.
    llvm::DenseSet<StringAttr> erasedNames;
    for (bool erased = true; erased;) {
      erased = false;
      llvm::DenseSet<StringAttr> called;
      // Also those inside a gpu.module (after kdsl-outline-gpu-kernels).
      module.walk([&](func::CallOp call) { called.insert(call.getCalleeAttr().getAttr()); });
      SmallVector<func::FuncOp> adjoints;
      module.walk([&](func::FuncOp f) {
        if (f->hasAttr(kdsl::kAdjointFuncOfAttr) && !called.contains(f.getSymNameAttr()))
          adjoints.push_back(f);
      });
      for (func::FuncOp f : adjoints) {
        erasedNames.insert(f.getSymNameAttr());
        f.erase();
        erased = true;
      }
    }
    if (erasedNames.empty())
      return;
    module.walk([&](func::CallOp call) {
      auto grad = call->getAttrOfType<FlatSymbolRefAttr>(kdsl::kCustomGradAttr);
      if (grad && erasedNames.contains(grad.getAttr()))
        call->removeAttr(kdsl::kCustomGradAttr);
    });
  }
};
} // namespace
