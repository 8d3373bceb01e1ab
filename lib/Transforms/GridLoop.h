//===- GridLoop.h - the launch as kdsl-lower-launch builds it -*- C++ -*-===//
//
// kdsl-lower-launch (LowerLaunch.cpp) turns a kdsl.kernel's body into the loop
// over its threads; the outline passes take that loop over (takeLaunch) and
// only map the launch ops to their entry point's parameters.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_TRANSFORMS_GRIDLOOP_H
#define KDSL_LIB_TRANSFORMS_GRIDLOOP_H

#include "kdsl/Dialect/Kdsl.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kdsl {

/// Lowers the launch of `kernel` in place (kdsl-lower-launch): the body runs
/// in an scf.for over the kdsl.thread_range of the entry point, kdsl.tid
/// becomes the row-major split of the flat index over kdsl.launch_dim
/// extents, and every kdsl.assert gets the flat index as its thread. A
/// kernel lowered already is left alone.
void lowerKernelLaunch(KernelOp kernel);

/// The lowered launch of a kernel: its kdsl.thread_range and its grid loop.
struct LoweredLaunch {
  ThreadRangeOp range;
  mlir::scf::ForOp loop;
};

/// The lowered launch of `kernel`, or an error naming the pass to run when
/// it is not lowered. `outliner` names the caller.
mlir::FailureOr<LoweredLaunch> getLoweredLaunch(KernelOp kernel, llvm::StringRef outliner);

/// Moves the ops of the lowered `kernel`'s body (without its kdsl.return)
/// before `before`, with the kernel's arguments replaced by `args`, the
/// range op's results by `range` and each kdsl.launch_dim d by
/// `extent(builder, d)` (begin, end, step: `range`). The kernel is left with an empty body.
void inlineLoweredKernel(KernelOp kernel, const LoweredLaunch &launch, mlir::Operation *before,
                         mlir::ValueRange args, mlir::ValueRange range,
                         llvm::function_ref<mlir::Value(mlir::OpBuilder &, unsigned)> extent);

/// memref.alloca_scope as an explicit llvm stacksave/stackrestore pair (for
/// the LLVM paths; GridLoop.cpp says why).
void lowerAllocaScopes(mlir::Operation *root);

} // namespace kdsl

#endif
