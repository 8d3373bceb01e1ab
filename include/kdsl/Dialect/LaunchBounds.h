//===- LaunchBounds.h - @wp.kernel(launch_bounds=...) -----------*- C++ -*-===//
//
// The front end records Warp's launch_bounds option in a kernel's `options`
// dictionary as an integer (maxThreadsPerBlock) or an array of one or two
// integers (maxThreadsPerBlock, minBlocksPerMultiprocessor). The CUDA C
// emitter writes __launch_bounds__ and the PTX path .maxntid/.minnctapersm.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_LAUNCHBOUNDS_H
#define KDSL_DIALECT_LAUNCHBOUNDS_H

#include "kdsl/Dialect/Kdsl.h"
#include "llvm/ADT/SmallVector.h"

namespace kdsl {

/// {maxThreads} or {maxThreads, minBlocks}; empty when the kernel has none.
inline llvm::SmallVector<int64_t, 2> kernelLaunchBounds(KernelOp k) {
  llvm::SmallVector<int64_t, 2> out;
  mlir::DictionaryAttr opts = k.getOptionsAttr();
  mlir::Attribute a = opts ? opts.get("launch_bounds") : mlir::Attribute();
  if (auto i = llvm::dyn_cast_or_null<mlir::IntegerAttr>(a)) {
    out.push_back(i.getInt());
  } else if (auto arr = llvm::dyn_cast_or_null<mlir::ArrayAttr>(a)) {
    for (mlir::Attribute e : arr)
      if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(e); i && out.size() < 2)
        out.push_back(i.getInt());
  }
  return out;
}

} // namespace kdsl

#endif
