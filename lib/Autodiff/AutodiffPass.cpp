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
bool holdsTileOps(KernelOp k) {
  return k
      .walk([&](Operation *op) {
        return isa<KdslDialect>(op->getDialect()) &&
                       op->getName().getStringRef().starts_with("kdsl.tile_")
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `k` reads an array held in a struct that is itself an element of
/// an array (`p = payloads[i]; p.data[0]`). Warp accumulates the gradient of
/// such a read into the inner array's own `.grad`, which kdsl's arrays do
/// not carry (the adjoint arrays are the kernel's adj_ arguments): where a
/// gradient flows through one, the kernel keeps its forward only.
bool readsArrayHeldInElement(KernelOp k) {
  return k
      .walk([&](StructExtractOp x) {
        if (!isa<ArrayType>(x.getType()))
          return WalkResult::advance();
        Value holder = x.getInput();
        while (auto outer = holder.getDefiningOp<StructExtractOp>())
          holder = outer.getInput();
        return holder.getDefiningOp<LoadOp>() ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The adjoint of a tile kernel (or one of readsArrayHeldInElement) of the
/// default selection: where it cannot be built yet (a tile op without a
/// derivative rule, docs/design/tiles.md), a warning at the first error's
/// place, and the forward kernel still compiles; naming the kernel
/// (kernels=, a kdsl-run "backward") makes it the error.
void buildOrWarn(KernelOp k) {
  std::string first;
  std::optional<Location> at;
  LogicalResult built = success();
  {
    ScopedDiagnosticHandler capture(k->getContext(), [&](Diagnostic &d) {
      if (d.getSeverity() != DiagnosticSeverity::Error)
        return failure(); // warnings and notes go on as they are
      if (!at) {
        first = d.str();
        at = d.getLocation();
      }
      return success();
    });
    built = buildAdjointKernel(k);
  }
  if (failed(built))
    emitWarning(at.value_or(k.getLoc()))
        << "kernel '" << k.getSymName() << "' gets no adjoint: " << first;
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
      kernels.push_back(k);
    }
    return kernels;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<KernelOp> selected;
    if (kernels.empty()) {
      for (KernelOp k : defaultSelection(module)) {
        if (holdsTileOps(k) || readsArrayHeldInElement(k))
          buildOrWarn(k);
        else
          selected.push_back(k);
      }
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
