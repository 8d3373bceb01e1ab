//===- AutodiffPass.cpp - kdsl-autodiff ------------------------------------===//
//
// The one pass that builds adjoint kernels, for kdsl-opt and for the drivers
// (driver::prepareAdjoints): the default selection, or the kernels named by
// its `kernels` option.
//
//===----------------------------------------------------------------------===//
#include "Reverser.h"
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Autodiff/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/StringSet.h"

namespace kdsl {
#define GEN_PASS_DEF_AUTODIFF
#include "kdsl/Autodiff/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {
Operation *firstTileOp(KernelOp k) {
  Operation *first = nullptr;
  k.walk([&](Operation *op) {
    if (!op->getName().getStringRef().starts_with("kdsl.tile_"))
      return WalkResult::advance();
    first = op;
    return WalkResult::interrupt();
  });
  return first;
}

struct AutodiffPass : public kdsl::impl::AutodiffBase<AutodiffPass> {
  using Base::Base;
  AutodiffPass(AutodiffOptions options, std::string *failedKernel)
      : Base(std::move(options)), failedKernel(failedKernel) {}

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, arith::ArithDialect, math::MathDialect,
                    vector::VectorDialect, scf::SCFDialect, func::FuncDialect>();
    registerAutodiffInterfaceModels(registry);
  }

  /// Kernels with enable_backward that are no adjoint and have none yet.
  static SmallVector<KernelOp> defaultSelection(ModuleOp module) {
    llvm::StringSet<> hasAdjoint;
    for (auto k : module.getOps<KernelOp>())
      if (std::optional<StringRef> primal = adjointOf(k))
        hasAdjoint.insert(*primal);
    SmallVector<KernelOp> kernels;
    for (auto k : module.getOps<KernelOp>()) {
      if (!k.getEnableBackward() || adjointOf(k) || hasAdjoint.contains(k.getSymName()))
        continue;
      // Tile ops have no derivative rules yet (docs/design/tiles.md slice
      // 3): the forward kernel still compiles; naming it (kernels=, a
      // kdsl-run "backward") is the error of its first tile op.
      if (Operation *tile = firstTileOp(k)) {
        tile->emitWarning() << "kernel '" << k.getSymName()
                            << "' gets no adjoint: tile operations are not differentiated yet "
                               "(docs/design/tiles.md)";
        continue;
      }
      kernels.push_back(k);
    }
    return kernels;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<KernelOp> selected;
    if (kernels.empty()) {
      selected = defaultSelection(module);
    } else {
      for (const std::string &name : kernels) {
        auto k = module.lookupSymbol<KernelOp>(name);
        if (!k) {
          module.emitError() << "no kernel named '" << name << "'";
          return signalPassFailure();
        }
        selected.push_back(k);
      }
    }
    for (KernelOp k : selected) {
      if (failed(buildAdjointKernel(k))) {
        if (failedKernel)
          *failedKernel = k.getSymName().str();
        return signalPassFailure();
      }
    }
    dropCustomGradAttrs(module);
  }

  std::string *failedKernel = nullptr;
};
} // namespace

std::unique_ptr<Pass> kdsl::createAutodiff(AutodiffOptions options, std::string *failedKernel) {
  return std::make_unique<AutodiffPass>(std::move(options), failedKernel);
}
