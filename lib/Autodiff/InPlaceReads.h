//===- InPlaceReads.h - arrays read before the kernel writes them -*- C++ -*-===//
#ifndef KDSL_LIB_AUTODIFF_INPLACEREADS_H
#define KDSL_LIB_AUTODIFF_INPLACEREADS_H

#include "kdsl/Dialect/Kdsl.h"

namespace kdsl {

/// Tags the loads of `primal` (the inlined copy the adjoint is built from)
/// of arrays it also writes; false if there are none (nothing to check).
bool tagInPlaceReads(KernelOp primal);

/// After the adjoint of the tagged `primal` is built: warns at a write of
/// each array whose earlier read the adjoint needs, sets
/// kPreLaunchArgsAttrName on `adjoint` and removes the tags from it.
void checkInPlaceReads(KernelOp primal, KernelOp adjoint, llvm::ArrayRef<mlir::Attribute> argNames);

} // namespace kdsl

#endif
