//===- PureCalls.cpp - func.call of a func known to have no effect -------===//
//
// kdsl-autodiff keeps calls of @wp.funcs that write no array, assert and
// print nothing (AdjointFuncs.cpp), and marks them `kdsl.pure`; so are the
// calls of the adjoint functions it builds that are given no adjoint array.
// func.call knows nothing of its callee's effects, so such a call would keep
// whatever feeds it and every loop around it alive. This external model
// gives func.call the MemoryEffectOpInterface: no effect with `kdsl.pure`,
// every effect on every resource otherwise (what an op without the interface
// is assumed to have). Canonicalization and CSE then remove and merge the
// pure calls like any other pure op.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {
struct CallEffects : public MemoryEffectOpInterface::ExternalModel<CallEffects, func::CallOp> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) const {
    if (op->hasAttr(kdsl::kPureCallAttr))
      return;
    for (MemoryEffects::Effect *e :
         {static_cast<MemoryEffects::Effect *>(MemoryEffects::Read::get()),
          static_cast<MemoryEffects::Effect *>(MemoryEffects::Write::get()),
          static_cast<MemoryEffects::Effect *>(MemoryEffects::Allocate::get()),
          static_cast<MemoryEffects::Effect *>(MemoryEffects::Free::get())})
      effects.emplace_back(e, SideEffects::DefaultResource::get());
  }
};
} // namespace

void kdsl::registerPureCallModel(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    func::CallOp::attachInterface<CallEffects>(*ctx);
  });
}
