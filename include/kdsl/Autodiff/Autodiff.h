//===- Autodiff.h - reverse-mode autodiff of kdsl kernels ------*- C++ -*-===//
#ifndef KDSL_AUTODIFF_AUTODIFF_H
#define KDSL_AUTODIFF_AUTODIFF_H

#include "kdsl/Dialect/Kdsl.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/Error.h"

namespace kdsl {

/// Attaches AutodiffOpInterface to the kdsl, arith, math and vector ops it
/// covers (external models: the dialect does not depend on autodiff).
void registerAutodiffInterfaceModels(mlir::DialectRegistry &registry);

/// The kdsl ops' part of registerAutodiffInterfaceModels (KdslRules.cpp).
void registerKdslOpRules(mlir::DialectRegistry &registry);
/// The tile ops' part (TileRules.cpp).
void registerTileOpRules(mlir::DialectRegistry &registry);

/// Builds `<k>_backward` next to kernel `k` (Warp's calling convention: the
/// arguments, then `adj_<name>` for each). Errors go to the op's location.
mlir::FailureOr<KernelOp> buildAdjointKernel(KernelOp k);

/// Gives each `<f>__grad` declaration of wp.grad(f) (kdsl.grad_of) its body:
/// the adjoints of f's parameters for adjoint returns of Warp's T(1)
/// (lib/Autodiff/GradFuncs.cpp). Errors go to the declarations' locations.
mlir::LogicalResult buildGradFuncs(mlir::ModuleOp module);

} // namespace kdsl

#endif
