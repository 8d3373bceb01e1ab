//===- UnsignedValues.h - the source's unsigned integers in the IR -*- C++ -*-===//
//
// MLIR integers are signless; Warp's are signed or unsigned. The front end
// marks each op whose one result is a value of an unsigned source type
// (wp.uint8..uint64 scalars) with the unit attribute kdsl.unsigned, and the
// C++/CUDA C emitters declare that value uintN_t (a loop-carried value or an
// `if`'s result: after what it carries). Nothing else reads the mark: an op
// that loses it (folded, rewritten by a pattern) is printed intN_t, with the
// same bits, and the emitters cast at every use whose meaning depends on the
// signedness (compares, division, shifts right, conversions).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_UNSIGNEDVALUES_H
#define KDSL_DIALECT_UNSIGNEDVALUES_H

#include "llvm/ADT/StringRef.h"

namespace kdsl {
constexpr llvm::StringLiteral kUnsignedAttrName = "kdsl.unsigned";
} // namespace kdsl

#endif
