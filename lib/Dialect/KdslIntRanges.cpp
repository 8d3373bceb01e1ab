//===- KdslIntRanges.cpp - integer ranges of kdsl's launch values --------===//
//
// What integer range analysis (InferIntRangeInterface) may assume of the
// values a launch gives a kernel: a thread index is below its launch
// extent, an int32; an array extent is an int32 and never negative; a GPU
// block has at most 1024 threads (1 on the CPU). kdsl-index-facts uses them
// to prove array and component indices non-negative.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"

#include <limits>

using namespace mlir;
using namespace kdsl;

static ConstantIntRanges i32Range(int64_t lo, int64_t hi) {
  return ConstantIntRanges::fromSigned(APInt(32, lo, /*isSigned=*/true),
                                       APInt(32, hi, /*isSigned=*/true));
}

static constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

void TidOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  for (Value id : getIds())
    setResultRange(id, i32Range(0, kInt32Max - 1));
}

void ShapeOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  setResultRange(getResult(), i32Range(0, kInt32Max));
}

void BlockDimOp::inferResultRanges(ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  setResultRange(getResult(), i32Range(1, 1024));
}
