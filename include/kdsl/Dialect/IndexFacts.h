//===- IndexFacts.h - indices proven non-negative ---------------*- C++ -*-===//
//
// kdsl-index-facts marks the array accesses (kdsl.load, kdsl.store,
// kdsl.atomic, kdsl.subarray) whose indices integer range analysis proves
// non-negative: `kdsl.nonnegative_indices`, one bool per index. A negative
// index counts from the end of its dimension (Warp's index()); an index
// marked here cannot be negative, so the lowerings and the emitters leave
// out the adjustment (`i < 0 ? i + extent : i`), which keeps LLVM from
// vectorizing x[wp.tid()] and costs a compare and a select per access.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_DIALECT_INDEXFACTS_H
#define KDSL_DIALECT_INDEXFACTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

namespace kdsl {

inline constexpr char kNonNegativeIndicesAttr[] = "kdsl.nonnegative_indices";

/// Whether index `i` of an array access is marked non-negative.
inline bool knownNonNegativeIndex(mlir::Operation *access, unsigned i) {
  auto facts = access->getAttrOfType<mlir::DenseBoolArrayAttr>(kNonNegativeIndicesAttr);
  return facts && i < facts.size() && facts[i];
}

} // namespace kdsl

#endif // KDSL_DIALECT_INDEXFACTS_H
