//===- CLayout.h - memory (C layout) types of kdsl values ------*- C++ -*-===//
#ifndef KDSL_TRANSFORMS_CLAYOUT_H
#define KDSL_TRANSFORMS_CLAYOUT_H

#include "mlir/IR/Types.h"

namespace kdsl {
/// The LLVM-dialect type of a kdsl value type in memory, in the C layout of
/// include/kdsl/Runtime/KernelABI.h: vectors as packed arrays, structs as C
/// structs, arrays as the kdsl_array descriptor.
mlir::Type cLayoutType(mlir::Type t);
} // namespace kdsl

#endif
