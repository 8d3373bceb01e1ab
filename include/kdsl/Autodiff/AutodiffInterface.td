//===- AutodiffInterface.td - reverse-mode derivative rules -*- tablegen -*-===//
//
// The op interface through which kdsl-autodiff asks an op for its adjoint.
// Every op gets it as an external model registered by the autodiff library
// (registerAutodiffInterfaceModels), in the manner of Enzyme-MLIR: the kdsl
// ops' rules in lib/Autodiff/KdslRules.cpp, arith and math ones generated
// from dialects/kdsl/KdslDerivatives.td, vector ones in VectorRules.cpp. The
// dialect knows nothing of it (docs/architecture.md, "Layers").
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_AUTODIFF_INTERFACE_TD
#define KDSL_AUTODIFF_INTERFACE_TD

include "mlir/IR/OpBase.td"

def Kdsl_AutodiffOpInterface : OpInterface<"AutodiffOpInterface"> {
  let cppNamespace = "::kdsl";
  let description = [{
    An op's reverse-mode derivative rule. Given the adjoints of the op's
    results (`AdjointBuilder::adjoint`, null for zero), the rule adds the
    adjoint contributions of its operands (`AdjointBuilder::accumulate`) or,
    for memory ops, reads and writes the adjoint arrays. Operand values are
    read through `AdjointBuilder::primal`: the reverse sweep runs after a
    recomputation of the forward values.
  }];
  let methods = [
    InterfaceMethod<[{Emits the adjoint of this op at the builder's insertion point.}],
      "::llvm::LogicalResult", "buildAdjoint", (ins "::kdsl::AdjointBuilder &":$ab)>,
  ];
}

#endif
