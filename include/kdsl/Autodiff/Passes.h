//===- Passes.h - kdsl autodiff passes -------------------------*- C++ -*-===//
#ifndef KDSL_AUTODIFF_PASSES_H
#define KDSL_AUTODIFF_PASSES_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"

namespace kdsl {
#define GEN_PASS_DECL
#include "kdsl/Autodiff/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kdsl/Autodiff/Passes.h.inc"
} // namespace kdsl

#endif
