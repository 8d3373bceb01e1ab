//===- BuiltinLoweringMisc.cpp - the rest of Warp's core builtins ---------===//
//
// The KDSL_EXPAND functions of BuiltinsMisc.h's builtins (quaternion and
// transform_set_translation/rotation need none: they become a constructor
// and an assignment in Sema). Derivatives come from the ops created.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinLoweringSpatial.h"
#include "BuiltinsMisc.h"

using namespace kdsl;
using namespace mlir;

/// div_approx: arith.divf with the `afn` fast-math flag, which the NVPTX
/// backend turns into div.approx.f32 (Warp's approx_div on the GPU); the CPU
/// keeps IEEE division (Warp's CPU fallback). A scalar operand of a vector,
/// matrix or quaternion division is splatted (Warp divides each element).
Value kdsl::lowerDivApprox(LowerCtx &c) {
  Value a = c.a[0], b = c.a[1];
  if (isa<VectorType>(c.rty)) {
    if (!isa<VectorType>(a.getType()))
      a = c.g.splat(a, c.rty, c.l);
    if (!isa<VectorType>(b.getType()))
      b = c.g.splat(b, c.rty, c.l);
  }
  auto div = arith::DivFOp::create(c.b, c.l, a, b);
  div.setFastmath(arith::FastMathFlags::afn);
  return div;
}

Value kdsl::lowerTransformSetTranslationCopy(LowerCtx &c) {
  return genTransformWithPart(c.b, c.l, c.a[0], 0, c.a[1]);
}
Value kdsl::lowerTransformSetRotationCopy(LowerCtx &c) {
  return genTransformWithPart(c.b, c.l, c.a[0], 1, c.a[1]);
}

Value kdsl::lowerCast(LowerCtx &c) {
  // Types that lower to one MLIR type (int32 and uint32) need no op.
  if (c.a[0].getType() == c.rty)
    return c.a[0];
  return BitcastOp::create(c.b, c.l, c.rty, c.a[0]);
}

Value kdsl::lowerCopy(LowerCtx &c) { return c.a[0]; } // values are copied: SSA values are immutable
Value kdsl::lowerBreakpoint(LowerCtx &c) {
  return {};
} // Warp's __debugbreak(): no debugger trap in kdsl
Value kdsl::lowerBlockDim(LowerCtx &c) { return BlockDimOp::create(c.b, c.l); }

/// Warp's fixedarray: zeroed storage in the thread's frame.
Value kdsl::lowerZeros(LowerCtx &c) {
  return LocalArrayOp::create(c.b, c.l, cast<ArrayType>(c.rty), c.e->type->fixedShape);
}

/// Warp's array_t(ptr, dim0, ...).
Value kdsl::lowerArrayFromPtr(LowerCtx &c) {
  return ArrayFromPtrOp::create(c.b, c.l, cast<ArrayType>(c.rty), c.a[0],
                                ArrayRef<Value>(c.a).drop_front());
}
