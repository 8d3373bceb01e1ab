//===- AutodiffPass.cpp - kdsl-autodiff ------------------------------------===//
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Autodiff/Passes.h"
#include "Reverser.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kdsl {
#define GEN_PASS_DEF_AUTODIFF
#include "kdsl/Autodiff/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {
struct AutodiffPass : public kdsl::impl::AutodiffBase<AutodiffPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect, arith::ArithDialect, math::MathDialect,
                    vector::VectorDialect, scf::SCFDialect, func::FuncDialect>();
    registerAutodiffInterfaceModels(registry);
  }

  void runOnOperation() override {
    SmallVector<KernelOp> kernels;
    for (auto k : getOperation().getOps<KernelOp>())
      if (k.getEnableBackward() && !adjointOf(k))
        kernels.push_back(k);
    bool failed = false;
    for (KernelOp k : kernels)
      failed |= mlir::failed(buildAdjointKernel(k));
    if (failed)
      signalPassFailure();
    else
      dropCustomGradAttrs(getOperation());
  }
};
} // namespace
