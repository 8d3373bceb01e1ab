//===- Passes.td - kdsl autodiff passes --------------------*- tablegen -*-===//
#ifndef KDSL_AUTODIFF_PASSES_TD
#define KDSL_AUTODIFF_PASSES_TD

include "mlir/Pass/PassBase.td"

def Autodiff : Pass<"kdsl-autodiff", "mlir::ModuleOp"> {
  let summary = "Give every kernel an adjoint kernel <kernel>_backward (reverse-mode autodiff)";
  let description = [{
    For each `kdsl.kernel @k` not marked `enable_backward = false`, adds
    `kdsl.kernel @k_backward` with Warp's calling convention: the arguments of
    `@k`, then one adjoint per argument (`adj_<name>`: an array of the same
    shape for an array, a value for a scalar). The adjoint recomputes the
    forward values, then runs the ops backwards through their
    `AutodiffOpInterface` rules; loops are reversed with a per-thread tape of
    the values carried into each iteration (docs/autodiff.md). `@wp.func`
    calls are inlined and builtins expanded in the adjoint first.

    Without `kernels`, the kernels differentiated are those with
    `enable_backward` that are no adjoint themselves and have none yet (kdsl
    IR input may carry them: `kdsl.adjoint_of`). With `kernels`, exactly the
    kernels named, in that order (an empty list: the default selection); a
    name no kernel has is an error. The pass
    stops at the first kernel it cannot differentiate (its errors are at the
    ops). The drivers (kdsl-translate, kdsl-run, kdsl-synth) run this pass:
    `driver::prepareAdjoints`.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
  let options = [
    ListOption<"kernels", "kernels", "std::string",
               "Differentiate these kernels (by symbol name) instead of the default selection">
  ];
}

def BuildGradFuncs : Pass<"kdsl-build-grad-funcs", "mlir::ModuleOp"> {
  let summary = "Give the <f>__grad declarations of wp.grad(f) calls their bodies";
  let description = [{
    The front end turns `wp.grad(f)(args)` into a call of a declaration
    `func.func private @<f>__grad` marked `kdsl.grad_of = @<f>`
    (lib/Frontend/SemaGrad.cpp). This pass gives each its body: the adjoints
    of f's parameters for adjoint returns of Warp's T(1), f inlined, recomputed
    and reversed as an adjoint kernel is (lib/Autodiff/GradFuncs.cpp); f and
    what it calls go when nothing else calls them. The driver runs it right
    after the front end (`driver::translatePython`), so that the front end
    does not depend on the autodiff library. A failure is a compiler bug.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect", "mlir::math::MathDialect"];
}

#endif
