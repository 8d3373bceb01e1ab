//===- GridLoop.h - move a kernel body into a loop over threads -*- C++ -*-===//
//
// Shared by the CPU and GPU outlining passes: both run the kernel body once
// per flat thread index in an scf.for they build themselves (a [begin, end)
// range on the CPU, a grid-stride loop on the GPU).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_TRANSFORMS_GRIDLOOP_H
#define KDSL_LIB_TRANSFORMS_GRIDLOOP_H

#include "kdsl/Dialect/Kdsl.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kdsl {

/// Moves the body of `kernel` (without its terminator) into `loop`, whose
/// induction variable is the row-major flat thread index over `extents` (one
/// i64 per launch dimension); the body's block arguments become `args`, and
/// every kdsl.tid becomes the i32 thread coordinates decomposed from the flat
/// index. The kernel op itself is left in place, with an empty body.
void moveKernelBodyIntoGridLoop(KernelOp kernel, mlir::scf::ForOp loop,
                                mlir::ArrayRef<mlir::Value> extents,
                                mlir::ArrayRef<mlir::Value> args);

} // namespace kdsl

#endif
