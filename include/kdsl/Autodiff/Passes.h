//===- Passes.h - kdsl autodiff passes -------------------------*- C++ -*-===//
#ifndef KDSL_AUTODIFF_PASSES_H
#define KDSL_AUTODIFF_PASSES_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace kdsl {
#define GEN_PASS_DECL
#include "kdsl/Autodiff/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kdsl/Autodiff/Passes.h.inc"

/// kdsl-autodiff for a driver that reports its failure itself: when the pass
/// stops at a kernel it cannot differentiate, `*failedKernel` is that
/// kernel's name (it stays empty when the pass fails before any kernel: an
/// unknown name in `options.kernels`).
std::unique_ptr<mlir::Pass> createAutodiff(AutodiffOptions options, std::string *failedKernel);
} // namespace kdsl

#endif
